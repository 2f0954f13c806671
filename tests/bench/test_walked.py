"""A level match counts a turn that lets the opponent win at once only when another turn would not have."""

from __future__ import annotations

import pytest

from hwgame.bench.ai import walked_into_a_loss
from hwgame.bench.survive import survives, surviving_turn, threat_positions
from hwgame.rules import iter_turns

pytestmark = pytest.mark.slow


def test_a_walk_into_a_win_at_once_is_counted_and_the_way_out_is_not(sdg_games):
    _name, _played, position = next(threat_positions(sdg_games, 1, skip=40, seconds=10.0))
    way_out = surviving_turn(position)
    assert way_out is not None and not walked_into_a_loss(position, way_out)
    losing = next(s.turn for s in iter_turns(position) if not survives(position, s.turn))
    assert walked_into_a_loss(position, losing)
