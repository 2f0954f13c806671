"""The review benchmark picks a real, decided game long enough to measure."""

from __future__ import annotations

import pytest

from hwgame.bench.review import long_game

pytestmark = pytest.mark.slow


def test_the_benchmark_reviews_a_decided_game_of_at_least_the_turns_asked(sdg_games):
    found = long_game(sdg_games, 60)
    assert found is not None
    name, game = found
    assert name.endswith(".raw") and len(game.turns) >= 60
    assert long_game(sdg_games, 10_000) is None  # no game is that long: the benchmark says so and skips
