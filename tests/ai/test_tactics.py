"""The computer never misses a win this turn, and from Normal up never hands one to the opponent."""

from __future__ import annotations

import random

import pytest

from hwgame.ai.bots import LEVELS, choose_turn
from hwgame.ai.tactics import find_win, win_possible
from hwgame.rules import SDG, STANDARD, Position, System, apply_turn_unchecked, legal_turns

from .helpers import make_position

WINS = {
    # North's red ship at South's home takes South's last defender.
    "direct assault": """
        North: y1 b2 | g3 |
        South: g1 b3 | r2 | y1
    """,
    # A third green ship moves in: four greens, the catastrophe takes South's only ship.
    "fleet catastrophe": """
        North: y1 b3 | r3 |
        South: y2 b1 | g1 g2 | g3
        Alpha: y3 | g1 y1 |
    """,
    # South's home has one star left; two blue builds and a catastrophe remove it.
    "star demolition": """
        North: y1 b3 | g3 |
        South: b2 | g2 b1 | r3
    """,
    # Sacrifice the large yellow: three moves bring three reds, then the red catastrophe.
    "sacrifice chain": """
        North: g1 b3 | y3 r2 |
        South: g2 b1 | | r3
        Alpha: g3 | r1 |
        Beta: g3 | r1 |
        Gamma: y3 | r3 |
    """,
}

LEVEL_NAMES = ["easy", "normal", "hard", "beginner"]


@pytest.mark.parametrize("rules", [STANDARD, SDG], ids=["standard", "sdg"])
@pytest.mark.parametrize("name", sorted(WINS))
def test_find_win_finds_the_win(name, rules):
    position = make_position(WINS[name], rules=rules)
    turn = find_win(position)
    assert turn is not None
    assert apply_turn_unchecked(position, turn).winner() == 0


@pytest.mark.parametrize("level", LEVEL_NAMES)
@pytest.mark.parametrize("name", sorted(WINS))
def test_every_level_takes_a_win(level, name):
    position = make_position(WINS[name])
    for seed in (1, 2):
        result = choose_turn(position, LEVELS[level], seed=seed)
        assert apply_turn_unchecked(position, result.turn).winner() == 0, (level, name, result.turn)


def test_no_win_is_reported_where_there_is_none():
    position = make_position("""
        North: y1 b2 | g3 |
        South: g1 b3 | | y3
    """)
    assert find_win(position) is None
    assert not win_possible(position)


def _random_positions(seed: int, count: int, rules=STANDARD):
    """Positions from seeded random play (turns that lose at once avoided) with few successors."""
    rng = random.Random(seed)
    out = []
    from hwgame.ai.setup import sensible_setup
    from hwgame.rules import initial_position

    while len(out) < count:
        pos = initial_position(rules)
        for _ in range(2):
            pos = apply_turn_unchecked(pos, sensible_setup(pos, rng))
        for _ in range(40):
            succ = legal_turns(pos)
            if not succ or len(succ) > 1500:
                break
            out.append((pos, succ))
            alive = [s for s in succ if not s.position.is_over()]
            if not alive:
                break
            pos = rng.choice(alive).position
    return out[:count]


@pytest.mark.slow
@pytest.mark.parametrize("rules", [STANDARD, SDG], ids=["standard", "sdg"])
def test_find_win_agrees_with_every_successor(rules):
    """find_win prunes hard; compare it with the plain check of every successor."""
    checked = wins = 0
    for pos, succ in _random_positions(7, 140, rules):
        truth = any(s.position.winner() == pos.to_move for s in succ)
        found = find_win(pos)
        assert (found is not None) == truth, pos
        if truth:
            assert win_possible(pos)
            assert apply_turn_unchecked(pos, found).winner() == pos.to_move
            wins += 1
        checked += 1
    assert checked == 140 and wins > 0


# Positions from play where exactly one turn leaves the opponent no winning reply.
ONLY_MOVES = [
    Position(
        (
            System(0, (1, 3), (6, 8), (8,), "North"),
            System(1, (3, 11), (), (7,), "South"),
            System(-1, (2,), (7,), (), "Gamma"),
        ),
        (3, 2, 2, 1, 3, 3, 2, 1, 1, 3, 3, 2),
        0,
        2,
    ),
    Position(
        (
            System(0, (4, 9), (6, 6), (), "North"),
            System(1, (5, 10), (1,), (7,), "South"),
            System(-1, (3,), (0, 0), (), "Alpha"),
            System(-1, (2,), (3,), (), "Gamma"),
        ),
        (1, 2, 2, 1, 2, 2, 1, 2, 3, 2, 2, 3),
        1,
        2,
    ),
    # South's r2 at North's home can take North's only ship; a second ship there, built by sacrificing
    # the green at Alpha, is the only defence.
    Position(
        (
            System(0, (4, 9), (0,), (1,), "North"),
            System(1, (5, 9), (), (11,), "South"),
            System(-1, (2,), (6,), (), "Alpha"),
        ),
        (2, 2, 2, 3, 2, 2, 2, 3, 3, 1, 3, 2),
        0,
        2,
    ),
]


def _safe(position: Position) -> list:
    return [s for s in legal_turns(position) if not s.position.is_over() and find_win(s.position) is None]


@pytest.mark.parametrize("index", range(len(ONLY_MOVES)))
def test_only_move_positions_are_what_they_claim(index):
    position = ONLY_MOVES[index]
    assert find_win(position) is None
    assert len(_safe(position)) == 1
    assert len(legal_turns(position)) > 5


@pytest.mark.parametrize("level", ["normal", "hard"])
@pytest.mark.parametrize("index", range(len(ONLY_MOVES)))
def test_normal_and_hard_find_the_only_move(level, index):
    position = ONLY_MOVES[index]
    only = _safe(position)[0].position.key()
    result = choose_turn(position, LEVELS[level], seed=3)
    assert apply_turn_unchecked(position, result.turn).key() == only


@pytest.mark.parametrize("index", range(len(ONLY_MOVES)))
def test_the_safety_check_holds_without_time_to_spare(index):
    """Safety comes before the time budget: with no time at all, the only safe turn is still played."""
    position = ONLY_MOVES[index]
    only = _safe(position)[0].position.key()
    hurried = LEVELS["normal"].with_limit(time=0.0001, hard=None)
    result = choose_turn(position, hurried, seed=1)
    assert apply_turn_unchecked(position, result.turn).key() == only


@pytest.mark.parametrize("index", range(len(ONLY_MOVES)))
def test_a_defence_the_beam_left_out_is_still_found(index):
    position = ONLY_MOVES[index]
    only = _safe(position)[0].position.key()
    narrow = LEVELS["normal"].with_breadth(beam=1, root_cap=2, root_keep=1)
    result = choose_turn(position, narrow, seed=1)
    assert apply_turn_unchecked(position, result.turn).key() == only


def test_a_loss_is_proven_only_when_every_turn_was_seen():
    """The position has exactly one turn that does not lose at once. Without it among the turns seen,
    the side is probably lost, never proven lost, unless every turn was generated."""
    from hwgame.ai.search import Searcher, SearchParams, is_proven
    from hwgame.ai.turns import Successors, scored_turns

    position = ONLY_MOVES[0]
    searcher = Searcher(SearchParams())
    every = scored_turns(position, searcher.score_for_mover)
    only = _safe(position)[0].position.key()
    losing = Successors(k for k in every if k.key != only)
    losing.complete = False
    score, _ = searcher._leaf_choice(losing, position, 1)
    assert score < -1000 and not is_proven(score)
    score, key = searcher._leaf_choice(every, position, 1)
    assert key == only and not is_proven(score)
    everything_lost = Successors(losing)
    score, _ = searcher._leaf_choice(everything_lost, position, 1)
    assert is_proven(score) and score < 0
