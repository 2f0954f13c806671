"""Counted positions from real games (perft-style): whole-turn successor counts are pinned.

The positions are the movegen benchmark's fixtures (real SuperDuperGames positions stored in the
package). The counts were checked against a plain enumeration over ``legal_actions`` deduplicated by
``Position.key``; that check is repeated here on the smaller positions.
"""

from __future__ import annotations

import pytest

from hwgame.bench.movegen import load_fixtures
from hwgame.rules import legal_turns
from tests.rules.helpers import brute_force_keys

pytestmark = pytest.mark.slow

COUNTS = {
    "early: 21133.raw turn 7": 22,
    "early: 34757.raw turn 14": 573,
    "early: 2169.raw turn 14": 905,
    "middle: 29989.raw turn 28": 1383,
    "middle: 7653.raw turn 35": 2364,
    "middle: 32661.raw turn 35": 9089,
    "middle, sacrifices: 10105.raw turn 21": 16254,
    "late, sacrifices: 14893.raw turn 49": 36232,
    "late, sacrifices: 33849.raw turn 70": 47381,
    "late, sacrifices: 35689.raw turn 42": 77415,
}
FIXTURES = dict(load_fixtures())


def test_every_fixture_is_counted():
    assert set(FIXTURES) == set(COUNTS)


@pytest.mark.parametrize("label", [label for label, n in COUNTS.items() if n <= 20000])
def test_successor_count_and_keys_match_a_plain_enumeration(label):
    position = FIXTURES[label]
    successors = legal_turns(position)
    keys = [s.position.key() for s in successors]
    assert len(successors) == COUNTS[label]
    assert len(set(keys)) == len(keys)
    assert set(keys) == brute_force_keys(position)


@pytest.mark.parametrize("label", [label for label, n in COUNTS.items() if n > 20000])
def test_large_sacrifice_positions_keep_their_counts(label):
    successors = legal_turns(FIXTURES[label])
    assert len(successors) == COUNTS[label]
    assert len({s.position.key() for s in successors}) == COUNTS[label]
