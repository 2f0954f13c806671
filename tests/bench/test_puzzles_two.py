"""The win-in-two miner: a unique win in two is told from a win at once, from none and from several, and
the computer's answer it keeps for the window is a real turn that still leaves the win."""

from __future__ import annotations

import pytest

from hwgame.ai.tactics import find_win
from hwgame.bench.puzzles import difficulty
from hwgame.bench.puzzles_two import AT_ONCE, OutOfBudget, stubborn_reply, wins_in_two
from hwgame.rules import end_turn, legal_turns
from hwgame.tutorial import puzzle_by_id
from hwgame.tutorial.puzzles import play_answer


def test_a_unique_win_in_two_is_found_with_its_one_first_turn():
    puzzle = puzzle_by_id("no-way-out")
    count, proof = wins_in_two(puzzle.position(), 30)
    assert count == 1 and proof is not None
    assert proof.position == play_answer(puzzle.position(), puzzle.known)
    assert proof.turns == len(legal_turns(puzzle.position())) and proof.threats >= 1
    assert proof.replies == len(legal_turns(proof.position))


def test_other_positions_are_not_win_in_two_puzzles():
    assert wins_in_two(puzzle_by_id("green-flood").position(), 30) == (AT_ONCE, None)  # a win at once
    assert wins_in_two(puzzle_by_id("hold-the-fort").position(), 30) == (0, None)  # no win in two
    assert wins_in_two(puzzle_by_id("nowhere-to-hide").position(), 30) == (2, None)  # two first turns win


def test_the_proof_stops_at_its_budget():
    with pytest.raises(OutOfBudget):
        wins_in_two(puzzle_by_id("no-way-out").position(), -1.0)


@pytest.mark.parametrize("pid", ["no-way-out", "green-trap"])
def test_the_kept_answer_is_a_real_turn_that_leaves_the_win(pid):
    puzzle = puzzle_by_id(pid)
    _count, proof = wins_in_two(puzzle.position(), 30)
    reply = stubborn_reply(proof.position)
    after = next(r.position for r in legal_turns(proof.position) if r.turn == reply)
    assert after != end_turn(proof.position) and not after.is_over()
    assert find_win(after) is not None
    # The most stubborn: no real reply leaves fewer winning turns.
    me = puzzle.position().to_move

    def wins(pos):
        return sum(1 for s in legal_turns(pos) if s.position.winner() == me)

    real = [r.position for r in legal_turns(proof.position)
            if r.position != end_turn(proof.position) and not r.position.is_over()]  # fmt: skip
    assert wins(after) == min(wins(pos) for pos in real)


def test_a_win_in_two_is_never_easy_and_harder_with_more_to_look_through():
    assert difficulty("win-in-two", 50, 40) == 2
    assert difficulty("win-in-two", 500, 40) == 3
    assert difficulty("win-in-two", 50, 1200) == 3
    assert difficulty("win", 50) == 1 and difficulty("survive", 50) == 2


def test_a_record_of_the_archive_gives_a_puzzle_the_window_reads(sdg_games, tmp_path):
    from hwgame.bench.puzzles import mine_wins_in_two
    from hwgame.bench.puzzles_two import Tally
    from hwgame.tutorial import check_answer
    from hwgame.tutorial.real import _puzzle

    folder = tmp_path / "records"
    folder.mkdir()
    (folder / "11309.raw").write_bytes((sdg_games / "11309.raw").read_bytes())
    tally = Tally()
    entries = list(mine_wins_in_two(folder, 5, 10.0, tally))
    assert [e["id"] for e in entries] == ["sdg-11309-13-two"]
    assert tally.unique == 1 and tally.proven >= 1 and tally.tried >= tally.proven
    puzzle = _puzzle(entries[0])
    assert puzzle.kind == "win-in-two" and puzzle.source == "SDG 11309" and puzzle.source_turn == 13
    assert puzzle.replies and check_answer(puzzle, puzzle.known, find_win).correct
