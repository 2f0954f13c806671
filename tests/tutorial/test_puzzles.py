"""Puzzles: each one proved solvable by exhaustive search, answers judged by the engine, sessions."""

from __future__ import annotations

import pytest

from hwgame.ai.tactics import find_win
from hwgame.rules import Game, end_turn, legal_turns, opponent_of, parse_turn
from hwgame.tutorial import puzzles as pz
from hwgame.tutorial.puzzles import PUZZLES, PuzzleSession, check_answer, play_answer, puzzle_by_id, solution
from hwgame.tutorial.solve import KINDS, SURVIVE, WIN, WIN_IN_TWO, meets, solutions, winning_turn, won_by

IDS = [p.id for p in PUZZLES]


def test_catalogue():
    assert len(PUZZLES) >= 12
    assert len(set(IDS)) == len(IDS)
    assert {p.kind for p in PUZZLES} == set(KINDS)
    for p in PUZZLES:
        assert p.difficulty in (1, 2, 3) and p.difficulty_name in ("easy", "medium", "hard")
        assert p.title and p.prompt and p.hint and p.task
        assert p.position().to_move == 0
    assert puzzle_by_id(IDS[0]) is PUZZLES[0]
    with pytest.raises(KeyError):
        puzzle_by_id("no-such-puzzle")


def _proof(puzzle):
    """Every successor of the puzzle position that solves it, found from scratch (no cache)."""
    position = puzzle.position()
    me = position.to_move
    return [s for s in legal_turns(position) if meets(puzzle.kind, s.position, me)]


@pytest.mark.parametrize("puzzle", PUZZLES, ids=IDS)
def test_engine_proves_a_solution(puzzle):
    found = _proof(puzzle)
    assert found, f"{puzzle.id} has no solution"
    position = puzzle.position()
    me = position.to_move
    if puzzle.kind == WIN:
        assert all(won_by(s.position, me) for s in found)
        # The computer's exact win finder agrees.
        assert find_win(position) is not None
    else:
        # Neither a survival nor a win in two may be a plain win in one.
        assert winning_turn(position) is None, f"{puzzle.id} can be won at once"
    if puzzle.kind == SURVIVE:
        for succ in found:
            assert not succ.position.is_over()
            assert all(not won_by(r.position, opponent_of(me)) for r in legal_turns(succ.position))
    if puzzle.kind == WIN_IN_TWO:
        for succ in found:
            for reply in legal_turns(succ.position):
                assert won_by(reply.position, me) or winning_turn(reply.position) is not None


@pytest.mark.parametrize("puzzle", PUZZLES, ids=IDS)
def test_solution_button_is_computed_by_the_engine(puzzle):
    pz._SOLUTIONS.pop(puzzle.id, None)
    turn = solution(puzzle)
    assert check_answer(puzzle, turn).correct
    assert pz.solution_text(puzzle)
    if puzzle.known:
        verdict = check_answer(puzzle, puzzle.known)
        assert verdict.correct, verdict.message


@pytest.mark.slow
@pytest.mark.parametrize("puzzle", PUZZLES, ids=IDS)
def test_any_solving_answer_counts(puzzle):
    found = _proof(puzzle)
    distinct = {s.position.key(): s.turn for s in found}
    for turn in list(distinct.values())[:2]:
        verdict = check_answer(puzzle, turn)
        assert verdict.correct and verdict.legal, verdict.message
        assert verdict.message.startswith("Solved")


def test_several_puzzles_have_two_distinct_answers():
    many = [p.id for p in PUZZLES if len({s.position.key() for s in _proof(p)}) >= 2]
    assert len(many) >= 4, many


@pytest.mark.parametrize("puzzle", PUZZLES, ids=IDS)
def test_a_wrong_answer_is_rejected_with_a_reason(puzzle):
    verdict = check_answer(puzzle, "pass")
    assert verdict.legal and not verdict.correct
    assert len(verdict.message) > 20
    if puzzle.kind != WIN:
        # The opponent's turn that refutes it is named, and it is legal.
        assert verdict.refutation
        assert "Vega" in verdict.message


@pytest.mark.slow
@pytest.mark.parametrize("puzzle", PUZZLES, ids=IDS)
def test_every_failing_turn_is_rejected(puzzle):
    position = puzzle.position()
    me = position.to_move
    good = {s.position.key() for s in _proof(puzzle)}
    for succ in legal_turns(position)[:40]:
        verdict = check_answer(puzzle, succ.turn)
        assert verdict.correct == (succ.position.key() in good), (succ.turn, verdict.message)
        assert verdict.correct == meets(puzzle.kind, succ.position, me)


def test_an_illegal_answer_gets_the_engine_reason():
    puzzle = PUZZLES[0]
    verdict = check_answer(puzzle, "attack r2 Nowhere")
    assert not verdict.legal and not verdict.correct
    assert "no system named" in verdict.message
    verdict = check_answer(puzzle, "fly away")
    assert not verdict.legal and "not a known action" in verdict.message
    verdict = check_answer(puzzle, "attack r2 Vega")
    assert not verdict.legal and "no red at Vega" in verdict.message


def test_losing_and_drawing_answers_are_named():
    # Sacrificing the last ship at home ends the game at once with a loss.
    puzzle = puzzle_by_id("hold-the-fort")
    verdict = check_answer(puzzle, "sacrifice g3 Sol; build g1 Sol")
    assert not verdict.legal  # nothing green left to build with: the engine refuses
    verdict = check_answer(puzzle, "sacrifice g3 Sol")
    assert verdict.legal and not verdict.correct and "loses" in verdict.message


def test_win_in_two_session_goes_on_to_the_second_turn():
    for puzzle in [p for p in PUZZLES if p.kind == WIN_IN_TWO]:
        session = PuzzleSession(puzzle)
        wrong = session.submit("pass")
        assert not wrong.correct and session.stage == 1
        first = session.submit(solution(puzzle))
        assert first.correct and session.stage == 2 and not session.solved
        assert session.log and "Now win" in first.message
        finish = winning_turn(session.position)
        assert finish is not None
        done = session.submit(finish.turn)
        assert done.correct and session.solved
        session.reset()
        assert session.stage == 1 and session.position == puzzle.position()


def test_one_turn_sessions_end_at_once():
    for kind in (WIN, SURVIVE):
        puzzle = next(p for p in PUZZLES if p.kind == kind)
        session = PuzzleSession(puzzle)
        assert session.submit(solution(puzzle)).correct and session.solved
        assert session.submit("pass").correct  # already solved


def test_solutions_limit():
    puzzle = puzzle_by_id("last-star")
    assert len(solutions(puzzle.position(), WIN, limit=1)) == 1
    assert len(solutions(puzzle.position(), WIN)) > 1
    with pytest.raises(ValueError):
        meets("checkmate", puzzle.position(), 0)


def test_a_drawing_answer_is_named():
    from hwgame.tutorial import lesson_by_id

    position = lesson_by_id("draws").position()
    verdict = pz.rule_on(position, WIN, "sacrifice y3 Sol; move b1 Alpha Vega; move b1 Alpha Vega; catastrophe Vega b")
    assert verdict.legal and not verdict.correct and "draw" in verdict.message


@pytest.mark.parametrize("puzzle", [p for p in PUZZLES if p.kind == WIN_IN_TWO], ids=lambda p: p.id)
def test_win_in_two_rival_answers_with_a_real_turn_that_leaves_the_win(puzzle):
    # Whatever correct first turn the solver finds, the opponent answers with a legal turn that changes
    # the board (a pass would look as if the program had stopped), and the win is still there.
    assert puzzle.replies, "the puzzle names the opponent's natural answer"
    for first in _proof(puzzle):
        session = PuzzleSession(puzzle)
        verdict = session.submit(first.turn)
        assert verdict.correct and session.stage == 2, verdict.message
        after = first.position
        assert session.position != end_turn(after), f"{puzzle.id}: the opponent passed after {first.turn}"
        assert any(r.position == session.position for r in legal_turns(after)), "the answer is a legal turn"
        assert winning_turn(session.position) is not None
        assert "passes" not in session.log[-1]
    # After the known first turn the opponent plays the puzzle's own natural answer.
    session = PuzzleSession(puzzle)
    session.submit(puzzle.known)
    game = Game.from_position(play_answer(puzzle.position(), puzzle.known))
    game.play(parse_turn(puzzle.replies[0]))
    assert session.position == game.position
