"""When the opponent threatens to win at once and a turn exists that parries it, every level and the
hint play such a turn: positions from real archive games, checked against every turn."""

from __future__ import annotations

import pytest

from hwgame.ai.bots import CAREFUL_NORMAL, LEVELS, choose_turn
from hwgame.ai.thinking import Breadth, Limit, Manner, Thinking
from hwgame.bench.survive import survives, surviving_turn, threat_positions, threatened

pytestmark = pytest.mark.slow

POSITIONS = 12


_found: list = []


@pytest.fixture
def threats(sdg_games):
    if not _found:  # mined once for the module's tests
        _found.extend(threat_positions(sdg_games, POSITIONS, skip=40, seconds=10.0))
    assert len(_found) == POSITIONS
    return _found


def test_the_positions_are_real_threats_with_a_way_out(threats):
    for _name, _played, position in threats:
        assert threatened(position)
        assert survives(position, surviving_turn(position))


@pytest.mark.parametrize("who", ["normal", "hard", "hint"])
def test_normal_hard_and_the_hint_always_parry_a_threat_they_can(threats, who):
    thinking = CAREFUL_NORMAL if who == "hint" else LEVELS[who]
    lost = [(name, played) for name, played, position in threats
            if not survives(position, choose_turn(position, thinking, seed=1).turn)]  # fmt: skip
    assert lost == []


def test_the_analysis_look_for_a_surviving_turn_finds_one_in_every_position(threats):
    # The look the verdicts use (the turns acting where the threats are first) and the benchmark times.
    from hwgame.bench.survive import surviving_turn_of

    assert all(survives(position, surviving_turn_of(position)) for _n, _p, position in threats)


@pytest.mark.parametrize("who", ["beginner", "easy"])
def test_the_weak_levels_never_walk_into_a_win_they_could_parry(threats, who):
    # They miss a better turn as a person does, by not thinking of it; never a turn they can see lose.
    lost = [(name, played, seed) for name, played, position in threats for seed in (1, 2)
            if not survives(position, choose_turn(position, LEVELS[who], seed=seed).turn)]  # fmt: skip
    assert lost == []


def test_a_narrow_search_that_looks_at_every_turn_when_it_must_survives_them_all(threats):
    # A search with a beam of one and no safety check walks into the win in some of these positions
    # (they are not trivial); the same narrow search, checking safety and looking at every turn when no
    # candidate parries the threat, survives every one.
    narrow = Thinking(Limit(time=0.05, nodes=50, depth=1, most=0.05), Manner(safety=False),
                      Breadth(beam=1, root_cap=3, root_keep=1))
    missed = [position for _n, _p, position in threats if not survives(position, choose_turn(position, narrow).turn)]
    assert missed, "every position was easy: the test proves nothing"
    careful = narrow.with_manner(safety=True).with_breadth(survive=10.0)
    assert all(survives(position, choose_turn(position, careful).turn) for _n, _p, position in threats)


def test_the_stream_of_every_turn_finds_exactly_the_turns_a_plain_check_finds(threats):
    # The survivor stream replays the opponent's known wins on each turn's board before it searches
    # for a new one; that shortcut must neither lose a surviving turn nor pass a losing one.
    from hwgame.ai.bots import params_for
    from hwgame.ai.root_checks import defences
    from hwgame.ai.search import Searcher
    from hwgame.rules import iter_turns

    checked = 0
    for _name, _played, position in threats:
        successors = list(iter_turns(position))
        if len(successors) > 1500:
            continue  # the plain check of every turn would take too long here
        plain = {s.position.key() for s in successors if not s.position.is_over() and survives(position, s.turn)}
        searcher = Searcher(params_for(LEVELS["normal"]))
        found = defences(searcher, position, {}, most=10**6)
        assert {r.key for r in found} == plain
        checked += 1
    assert checked >= 3
