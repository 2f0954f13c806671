"""A forced win in two is found when there is one, and only claimed when proven over every reply."""

from __future__ import annotations

import pytest

from hwgame.ai.bots import LEVELS, choose_turn
from hwgame.ai.evaluate import WIN
from hwgame.ai.root_checks import NAMED_SHARE
from hwgame.ai.search import PROVEN, SearchParams, is_proven, search
from hwgame.ai.wintwo import Wins, find_win_in_two, systems_of, threatens, touching_first, wins_whatever_reply
from hwgame.rules import apply_turn_unchecked, iter_turns, legal_turns
from hwgame.tutorial import PUZZLES
from hwgame.tutorial.solve import WIN_IN_TWO, meets, solutions

# The exhaustive proof of the tutorial's solver walks every turn after every turn: one puzzle has too
# many for a quick test.
SMALL_PUZZLES = [p for p in PUZZLES if p.id != "last-star"]


@pytest.mark.slow
@pytest.mark.parametrize("puzzle", SMALL_PUZZLES, ids=lambda p: p.id)
def test_the_prover_agrees_with_an_exhaustive_walk_on_every_puzzle(puzzle):
    position = puzzle.position()
    me = position.to_move
    # The tutorial's solver, which walks every reply with the rules alone; wins at once set aside.
    exhaustive = [s for s in solutions(position, WIN_IN_TWO) if not s.position.is_over()]
    turn = find_win_in_two(position)
    assert (turn is not None) == bool(exhaustive)
    if turn is not None:
        assert meets(WIN_IN_TWO, apply_turn_unchecked(position, turn), me)


@pytest.mark.parametrize("puzzle", [p for p in PUZZLES if p.kind == WIN_IN_TWO], ids=lambda p: p.id)
def test_every_turn_of_a_win_in_two_puzzle_is_judged_as_the_rules_judge_it(puzzle):
    position = puzzle.position()
    me = position.to_move
    for successor in legal_turns(position):
        after = successor.position
        if after.is_over():
            continue
        proven = wins_whatever_reply(after)
        assert proven == meets(WIN_IN_TWO, after, me), successor.turn
        if proven:
            assert threatens(after)  # a pass is a reply: a win in two threatens a win at once


@pytest.mark.parametrize("puzzle", [p for p in PUZZLES if p.kind == WIN_IN_TWO], ids=lambda p: p.id)
def test_wins_replayed_from_other_boards_change_no_answer(puzzle):
    # One record of known wins shared over every turn, as the proof shares it: a replayed win must be
    # legal and winning on the board at hand, so every answer is the one a fresh search gives.
    position = puzzle.position()
    known = Wins()
    for successor in legal_turns(position):
        after = successor.position
        if after.is_over():
            continue
        assert threatens(after, known=known) == threatens(after), successor.turn
        assert wins_whatever_reply(after, known=known) == wins_whatever_reply(after), successor.turn


def test_the_turns_that_act_where_a_threat_is_come_first_and_none_is_left_out():
    position = next(p for p in PUZZLES if p.id == "two-threats").position()
    home = position.home_of(position.to_move)
    assert home is not None
    near = {home.name}
    ordered = [s.turn for s in touching_first(position, near)]
    plain = [s.turn for s in iter_turns(position)]
    assert sorted(ordered, key=repr) == sorted(plain, key=repr)  # every turn, once
    touching = [not systems_of(t).isdisjoint(near) for t in ordered]
    assert any(touching) and not all(touching)
    assert touching == sorted(touching, reverse=True)  # the turns acting at the home first


def test_a_win_into_a_drawn_position_is_no_win():
    puzzle = next(p for p in PUZZLES if p.id == "green-trap")
    position = puzzle.position()
    winning = [s.position.key() for s in legal_turns(position) if wins_whatever_reply(s.position)]
    assert winning
    # Met twice before, the position after the winning turn would be a draw by repetition.
    assert find_win_in_two(position, draws=set(winning)) is None


@pytest.mark.parametrize("puzzle", [p for p in PUZZLES if p.kind == WIN_IN_TWO], ids=lambda p: p.id)
def test_normal_and_hard_play_a_win_in_two_and_claim_it_as_proven(puzzle):
    position = puzzle.position()
    for name in ("normal", "hard"):
        reply = choose_turn(position, LEVELS[name], seed=1)
        assert reply.turn is not None
        assert meets(WIN_IN_TWO, apply_turn_unchecked(position, reply.turn), position.to_move)
        assert is_proven(reply.score) and reply.score > 0


def test_the_root_proof_finds_a_win_in_two_the_depth_two_search_cannot_see():
    puzzle = next(p for p in PUZZLES if p.id == "nowhere-to-hide")
    position = puzzle.position()
    # One turn deep, the search alone sees no win; the proof at the root does, and says so.
    alone = search(position, SearchParams(max_depth=1, time_limit=5.0, win2_nodes=0))
    assert alone.score < PROVEN
    proved = search(position, SearchParams(max_depth=1, time_limit=5.0, win2_nodes=None))
    assert proved.score == WIN - 2 and proved.depth == 2
    assert proved.turn is not None and wins_whatever_reply(apply_turn_unchecked(position, proved.turn))


def test_a_parried_threat_is_not_claimed():
    puzzle = next(p for p in PUZZLES if p.id == "two-threats")
    position = puzzle.position()  # the solver must survive: nothing here wins in two for it
    reply = choose_turn(position, LEVELS["hard"], seed=1)
    assert reply.turn is not None and not (is_proven(reply.score) and reply.score > 0)


def test_the_proof_keeps_to_its_node_budget():
    from .test_engine_limits import MIDDLE

    def nodes(budget: int | None) -> int:
        return search(MIDDLE, SearchParams(max_depth=1, time_limit=5.0, win2_nodes=budget, safety=False)).nodes

    without, whole = nodes(0), nodes(None)
    assert whole > without + 100  # the whole proof, to the end of the threats, is not free here
    # Its nodes counted, and stopped when they run out: the turns named to it (the search's best and
    # the arrivals at the enemy home) may take NAMED_SHARE times the budget, the stream no more.
    assert without < nodes(50) <= without + 50 * NAMED_SHARE + 8


def test_turns_a_beam_left_out_are_found_among_every_successor():
    position = next(p for p in PUZZLES if p.id == "nowhere-to-hide").position()
    losing = [s for s in legal_turns(position) if not s.position.is_over() and not wins_whatever_reply(s.position)]
    assert find_win_in_two(position, losing[:5], every=False) is None  # none of the candidates wins
    turn = find_win_in_two(position, losing[:5])
    assert turn is not None and wins_whatever_reply(apply_turn_unchecked(position, turn))


def test_a_parry_that_worked_is_tried_first_on_the_next_threat():
    position = next(p for p in PUZZLES if p.id == "two-threats").position()
    flipped = position._replace(to_move=1 - position.to_move)  # the threatening side to move
    threats = [s for s in legal_turns(flipped) if not s.position.is_over() and threatens(s.position)]
    assert len(threats) >= 2
    defences: list = []
    assert not wins_whatever_reply(threats[0].position, defences=defences)
    assert defences  # the reply that parried it is remembered
    # Met again, the threat is refuted by the remembered parry without walking the replies before it.
    cold: list = []
    warm: list = []
    assert not wins_whatever_reply(threats[0].position, tick=lambda: cold.append(1))
    assert not wins_whatever_reply(threats[0].position, tick=lambda: warm.append(1), defences=list(defences))
    assert len(warm) <= len(cold)
