"""Puzzles from real games: at least 150 ship with the package, each from a named archive game and turn,
each with exactly one solving turn (proven over every turn), legal and judged correct; one a day.
The wins in two are proven in ``test_real_puzzles_two``."""

from __future__ import annotations

from datetime import date

import pytest

from hwgame.ai.tactics import find_win
from hwgame.bench.archive import decided_positions
from hwgame.rules import iter_turns, position_to_dict
from hwgame.tutorial import check_answer, puzzle_of_the_day, real_puzzle_by_id, real_puzzles, solution
from hwgame.tutorial.solve import SURVIVE, WIN, WIN_IN_TWO

pytestmark = pytest.mark.slow

PUZZLES = real_puzzles()
ONE_TURN = tuple(p for p in PUZZLES if p.kind != WIN_IN_TWO)


def test_at_least_150_puzzles_from_real_games_ship_with_the_package():
    assert len(PUZZLES) >= 150
    assert len({p.id for p in PUZZLES}) == len(PUZZLES)
    assert {p.kind for p in PUZZLES} == {WIN, SURVIVE, WIN_IN_TWO}
    assert len(ONE_TURN) >= 150
    assert all(p.source.startswith("SDG ") and p.source_turn > 2 and p.difficulty in (1, 2, 3) for p in PUZZLES)
    assert {p.difficulty for p in PUZZLES} == {1, 2, 3}


def _solvers(puzzle) -> list:
    position = puzzle.position()
    me = position.to_move
    out = []
    for successor in iter_turns(position):
        after = successor.position
        if puzzle.kind == WIN or after.is_over():
            solves = after.winner() == me
        else:
            solves = find_win(after) is None
        if solves:
            out.append(successor.turn)
    return out


@pytest.mark.parametrize("puzzle", ONE_TURN, ids=lambda p: p.id)
def test_every_shipped_puzzle_has_exactly_one_solution_and_it_is_legal(puzzle):
    solvers = _solvers(puzzle)
    assert len(solvers) == 1, f"{len(solvers)} turns solve {puzzle.id}"
    assert check_answer(puzzle, puzzle.known).correct
    assert check_answer(puzzle, solvers[0]).correct
    assert solution(puzzle) == tuple(solvers[0]) or check_answer(puzzle, solution(puzzle)).correct


def test_each_puzzle_is_the_real_position_of_its_game(sdg_games):
    for puzzle in PUZZLES[::10]:
        record = sdg_games / f"{puzzle.source.removeprefix('SDG ')}.raw"
        board = next(pos for played, pos, _w in decided_positions(record) if played + 1 == puzzle.source_turn)
        assert position_to_dict(board) == puzzle.board


def test_a_puzzle_a_day_the_same_for_everyone_that_day():
    today = date(2026, 12, 3)
    first = puzzle_of_the_day(today)
    assert first is not None and first == puzzle_of_the_day(today)
    assert puzzle_of_the_day(date(2026, 12, 4)) != first
    assert real_puzzle_by_id(first.id) is first
    days = {puzzle_of_the_day(date.fromordinal(today.toordinal() + k)).id for k in range(len(PUZZLES))}
    assert len(days) == len(PUZZLES)  # every puzzle comes round before any comes again
