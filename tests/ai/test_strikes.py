"""Strikes at the enemy homeworld: the turns the root's beam drops, built whole."""

from __future__ import annotations

import pytest

from hwgame.ai.bots import LEVELS, choose_turn
from hwgame.ai.strikes import catastrophe_strikes
from hwgame.ai.wintwo import wins_whatever_reply
from hwgame.rules import apply_turn_unchecked, format_turn

from .helpers import make_position

# South is far ahead. North's home (a red 1 and a blue 3) holds a red 3 and a yellow 3; South's two red
# 2 ships stand one move away, at Delos and Kotok (size 2 stars), and a yellow 2 at Alpha can be
# sacrificed for the two moves. Red at North then counts four: the catastrophe takes the red star and
# the red 3 that defends it.
SIEGE = """
North: r1 b3 | r3 y3 |
South: r3 g2 | | y3 b1 g3
Alpha: r2 | | y2 y2 g3 b1
Delos: g2 | | r2 y3 b3
Kotok: b2 | | r2 r3 y1 g3
Gamma: g2 | y1 b2 |
"""


def _north_home_stars(position) -> int:
    return next(len(s.stars) for s in position.systems if s.home == 0)


def test_a_strike_that_takes_a_star_is_built_whole_and_is_legal():
    position = make_position(SIEGE, to_move=1)
    strikes = catastrophe_strikes(position)
    assert [format_turn(t) for t in strikes] == [
        "Sacrifice Y2 Alpha; Move R2 Delos North; Move R2 Kotok North; Catastrophe North R"
    ]
    after = apply_turn_unchecked(position, strikes[0])
    assert _north_home_stars(after) == 1
    # North has nothing of the kind: its ships are far from South's home.
    assert catastrophe_strikes(position._replace(to_move=0)) == []


def test_no_strike_without_the_yellow_to_move_the_ships_in():
    # The same board without South's yellow ships: the two moves cannot be paid for.
    position = make_position(SIEGE.replace("y2 y2 g3", "g3").replace("r2 y3 b3", "r2 b3")
                             .replace("r3 y1 g3", "r3 g3").replace("y3 b1 g3", "b1 g3"), to_move=1)  # fmt: skip
    assert catastrophe_strikes(position) == []


def test_no_strike_for_a_catastrophe_that_takes_nothing():
    # Yellow at North would count four with South's yellow 3 and yellow 1 moved in, but it takes neither
    # a star nor every defender (the red 3 stays).
    position = make_position(SIEGE.replace("Delos: g2 | | r2 y3 b3", "Delos: g2 | | g1 y3 b3")
                             .replace("Kotok: b2 | | r2 r3 y1 g3", "Kotok: b2 | | g1 r3 y1 g3"), to_move=1)  # fmt: skip
    assert catastrophe_strikes(position) == []


@pytest.mark.slow
def test_normal_far_ahead_strikes_at_the_enemy_home():
    # It strikes, or plays a turn that is better still: one proven to win in two whatever North does.
    position = make_position(SIEGE, to_move=1)
    result = choose_turn(position, LEVELS["normal"], seed=1)
    after = apply_turn_unchecked(position, result.turn)
    assert _north_home_stars(after) == 1 or wins_whatever_reply(after), format_turn(result.turn)
