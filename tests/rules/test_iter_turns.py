"""Streamed whole-turn successors: ``iter_turns`` gives what ``legal_turns`` lists, one at a time and lean."""

from __future__ import annotations

import gc
import tracemalloc

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hwgame.rules import (
    PASS,
    SDG,
    STANDARD,
    Catastrophe,
    Game,
    LazySuccessor,
    Successor,
    end_turn,
    initial_position,
    iter_turns,
    legal_turns,
)
from tests.rules.helpers import board, brute_force_keys, layout
from tests.rules.selfplay import random_game, random_position
from tests.rules.test_movegen_fixtures import COUNTS, FIXTURES


def streamed(position) -> list[Successor]:
    return [s.successor() for s in iter_turns(position)]


@pytest.mark.slow
@pytest.mark.parametrize("label", list(COUNTS))
def test_every_fixture_streams_its_count(label):
    assert sum(1 for _ in iter_turns(FIXTURES[label])) == COUNTS[label]


@pytest.mark.slow
@pytest.mark.parametrize("label", [label for label, n in COUNTS.items() if n <= 20000])
def test_streamed_successors_are_those_listed_in_the_same_order(label):
    position = FIXTURES[label]
    assert streamed(position) == legal_turns(position)


def test_the_first_successor_streamed_is_the_pass():
    position = FIXTURES["late, sacrifices: 35689.raw turn 42"]
    first = next(iter(iter_turns(position)))
    assert first.turn == (PASS,)
    assert first.position == end_turn(position)


def test_a_streamed_successor_unpacks_like_a_successor():
    position = FIXTURES["early: 21133.raw turn 7"]
    for lazy, listed in zip(iter_turns(position), legal_turns(position), strict=True):
        assert isinstance(lazy, LazySuccessor)
        turn, after = lazy
        assert (turn, after) == listed
        assert lazy.turn is turn and lazy.position is after  # worked out once


def test_every_streamed_turn_replays_to_its_position():
    position = FIXTURES["early: 34757.raw turn 14"]
    for successor in iter_turns(position):
        game = Game.from_position(position)
        game.play(successor.turn)
        assert game.position == successor.position


def test_setup_and_finished_games_stream_like_they_list():
    for position in (initial_position(), initial_position(SDG)):
        assert streamed(position) == legal_turns(position)
    over = board("North: g3 b2 | y3 |\nSouth: r1 y2 |  |")
    assert over.is_over()
    assert list(iter_turns(over)) == []


@settings(deadline=None, max_examples=40, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_streamed_successors_equal_legal_turns_on_random_positions(seed):
    position = random_position(seed)
    assert streamed(position) == legal_turns(position)


@pytest.mark.slow
@settings(deadline=None, max_examples=20, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_streamed_successors_find_every_reachable_position(seed):
    position = random_game(seed, max_turns=20).position
    keys = [s.position.key() for s in iter_turns(position)]
    assert len(keys) == len(set(keys))
    assert set(keys) == (brute_force_keys(position) if not position.is_over() else set())


# North to move. A yellow catastrophe at South's home takes South's only ships there: South has lost
# by the end of the turn, but until then the homeworld stays (standard) or goes at once (sdg).
EMPTIED = """
North: g3 b2 | y3 r3 |
South: r1 y2 | y1 | y3 y1
Alpha: b1 | g1 |
"""


@pytest.mark.parametrize("rules", [STANDARD, SDG], ids=["standard", "sdg"])
def test_an_enemy_homeworld_emptied_by_a_catastrophe(rules):
    position = board(EMPTIED, rules=rules)
    successors = legal_turns(position)
    assert streamed(position) == successors
    assert {s.position.key() for s in successors} == brute_force_keys(position)
    after = [s for s in successors if s.turn == (Catastrophe("South", 1),)]
    assert len(after) == 1
    assert "South" in layout(after[0].position)  # stays until the end-of-turn check, in both rule sets
    for successor in successors:
        game = Game.from_position(position)
        game.play(successor.turn)
        assert game.position == successor.position


def test_the_collector_runs_for_the_caller_between_successors():
    position = FIXTURES["middle: 29989.raw turn 28"]
    assert gc.isenabled()
    assert all(gc.isenabled() for _ in iter_turns(position))
    legal_turns(position)
    assert gc.isenabled()
    gc.disable()
    try:
        assert not any(gc.isenabled() for _ in iter_turns(position))
        legal_turns(position)
        assert not gc.isenabled()
    finally:
        gc.enable()


@pytest.mark.slow
def test_streaming_keeps_little_per_successor():
    # Listed, a successor holds its turn and position (over 400 bytes each here); streamed and dropped,
    # what stays is a number to tell it from the others and the states still to expand.
    position = FIXTURES["middle, sacrifices: 10105.raw turn 21"]
    tracemalloc.start()
    try:
        count = sum(1 for _ in iter_turns(position))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert count == COUNTS["middle, sacrifices: 10105.raw turn 21"]
    assert peak / count < 200, f"{peak / count:.0f} bytes per successor"
