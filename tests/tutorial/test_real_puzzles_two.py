"""Win-in-two puzzles from real games: at least twenty ship, each with exactly one first turn that wins
in two (proven here over every first turn and every reply), the computer's answer to it legal and
leaving the win, and a wrong first turn refuted by a named answer of the opponent.

The proof walks every first turn of each puzzle, for every puzzle (about twenty seconds for forty
on a busy machine); the window's play through a session is tried on a seeded sample (``SAMPLE``).
"""

from __future__ import annotations

import random

import pytest

from hwgame.ai.tactics import find_win
from hwgame.ai.wintwo import threatens, wins_whatever_reply
from hwgame.rules import Game, Turn, apply_turn_unchecked, end_turn, iter_turns, legal_turns, parse_turn
from hwgame.tutorial import PuzzleSession, check_answer, real_puzzles, solution
from hwgame.tutorial.puzzles import play_answer
from hwgame.tutorial.solve import WIN_IN_TWO

pytestmark = pytest.mark.slow

TWO = [p for p in real_puzzles() if p.kind == WIN_IN_TWO]
SAMPLE = sorted(random.Random(23).sample(TWO, min(len(TWO), 6)), key=lambda p: p.id)


def test_at_least_twenty_win_in_two_puzzles_from_real_games_ship():
    assert len(TWO) >= 20
    assert all(p.source.startswith("SDG ") and p.source_turn > 2 for p in TWO)
    assert all(p.difficulty in (2, 3) and p.replies and p.known for p in TWO)
    assert {p.difficulty for p in TWO} == {2, 3}


def _first_turns(puzzle) -> tuple[list[Turn], list[Turn]]:
    """(the first turns that win in two, those that threaten a win but fail), every turn looked at."""
    position = puzzle.position()
    wins, fails = [], []
    for successor in iter_turns(position):
        after = successor.position
        if after.is_over() or not threatens(after):
            continue  # a pass refutes a turn that threatens nothing
        (wins if wins_whatever_reply(after) else fails).append(successor.turn)
    return wins, fails


@pytest.mark.parametrize("puzzle", TWO, ids=lambda p: p.id)
def test_a_win_in_two_has_exactly_one_first_turn_it_is_legal_and_no_win_at_once(puzzle):
    position = puzzle.position()
    assert find_win(position) is None, "a win at once makes it another kind of puzzle"
    wins, fails = _first_turns(puzzle)
    assert len(wins) == 1, f"{len(wins)} first turns win {puzzle.id} in two"
    known = play_answer(position, puzzle.known)  # the engine's validator accepts the stored answer
    assert known == apply_turn_unchecked(position, wins[0])
    assert check_answer(puzzle, puzzle.known, find_win).correct
    assert check_answer(puzzle, wins[0], find_win).correct
    for turn in fails[:2]:
        # A threat that is parried: the verdict names the parry, which wins or draws for the opponent
        # at once, or leaves no win at once.
        verdict = check_answer(puzzle, turn, find_win)
        assert verdict.legal and not verdict.correct and verdict.refutation
        game = Game.from_position(play_answer(position, turn))
        game.play(verdict.refutation)
        if game.position.is_over():
            assert game.position.winner() != position.to_move
            assert "at once" in verdict.message
        else:
            assert find_win(game.position) is None
            assert "could answer" in verdict.message


@pytest.mark.parametrize("puzzle", SAMPLE, ids=lambda p: p.id)
def test_the_computer_answers_the_right_first_turn_and_the_player_then_wins(puzzle):
    session = PuzzleSession(puzzle, find_win)
    wrong = session.submit("pass")
    assert not wrong.correct and session.stage == 1
    assert "threatens nothing" in wrong.message and wrong.refutation
    first = session.submit(puzzle.known)
    assert first.correct and session.stage == 2 and not session.solved, first.message
    # The answer is the stored defence, a legal turn that changes the board.
    after = play_answer(puzzle.position(), puzzle.known)
    game = Game.from_position(after)
    game.play(parse_turn(puzzle.replies[0]))
    assert session.position == game.position != end_turn(after)
    assert any(r.position == session.position for r in legal_turns(after))
    assert session.log and session.log[-1] in first.message
    finish = find_win(session.position)
    assert finish is not None
    assert session.submit(finish).correct and session.solved


def test_every_shipped_win_in_two_starts_where_its_answer_is_legal():
    for puzzle in TWO:
        position = puzzle.position()
        after = play_answer(position, puzzle.known)
        assert not after.is_over() and threatens(after), puzzle.id
        game = Game.from_position(after)
        game.play(parse_turn(puzzle.replies[0]))
        assert find_win(game.position) is not None, puzzle.id


def test_the_show_me_solution_of_a_real_win_in_two_is_its_known_first_turn():
    puzzle = SAMPLE[0]
    assert play_answer(puzzle.position(), solution(puzzle, find_win)) == play_answer(puzzle.position(), puzzle.known)


def test_the_days_take_the_kinds_in_turn():
    # The file holds the puzzles kind by kind; the days spread them, so a win in two comes every week
    # or two rather than all in one stretch of the year.
    from datetime import date

    from hwgame.tutorial import puzzle_of_the_day

    start = date(2027, 1, 1).toordinal()
    days = [puzzle_of_the_day(date.fromordinal(start + k)) for k in range(len(real_puzzles()))]
    assert len({p.id for p in days}) == len(days)
    kinds = [p.kind for p in days]
    gap = len(kinds) // len(TWO) + 2
    assert all(WIN_IN_TWO in (kinds + kinds)[k : k + gap] for k in range(len(kinds)))
