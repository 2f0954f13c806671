"""The win-in-two set: positions from real games where a win in two is proven, read back with care."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from hwgame.ai.tactics import find_win
from hwgame.ai.wintwo import wins_whatever_reply
from hwgame.bench import win2
from hwgame.bench.win2 import CONTROL, SHIPPED, WIN, before_last_two, load_set, mine, run, save_set, trial
from hwgame.rules import apply_turn_unchecked, initial_position
from hwgame.tutorial import PUZZLES

from ..ai.helpers import make_position

REPO = Path(__file__).resolve().parents[2]


def test_mined_positions_are_proven_wins_in_two_and_survive_a_round_trip(sdg_games, tmp_path):
    # Two records of the archive: one won by a win in two, one where the winner's threat was parried.
    folder = tmp_path / "records"
    folder.mkdir()
    for name in ("10573.raw", "1021.raw"):
        (folder / name).write_bytes((sdg_games / name).read_bytes())
    entries = mine(folder, cap=5.0, say=lambda _: None)
    assert [(e.label, e.kind) for e in entries] == [("1021.raw turn 41", CONTROL), ("10573.raw turn 60", WIN)]
    wins = [e for e in entries if e.kind == WIN]
    for e in wins:
        assert e.turn is not None and find_win(e.position) is None  # a win in two, not a win at once
        assert wins_whatever_reply(apply_turn_unchecked(e.position, e.turn))
    path = tmp_path / "set.jsonl"
    save_set(entries, path)
    assert list(load_set(path)) == entries


def test_the_shipped_set_holds_wins_in_two_and_controls():
    entries = list(load_set(SHIPPED))
    wins = [e for e in entries if e.kind == WIN]
    assert len(wins) >= 150 and len(entries) - len(wins) >= 50
    for e in wins[::25]:  # a sample, proven again
        assert e.turn is not None and wins_whatever_reply(apply_turn_unchecked(e.position, e.turn))


def test_a_set_file_with_bad_lines_keeps_the_good_ones(tmp_path, capsys):
    puzzle = next(p for p in PUZZLES if p.id == "green-trap")
    good = {"label": "green trap", "kind": "win", "position": _text(puzzle.position()), "turn": "move g1 Alpha Vega"}
    lines = [json.dumps(good), "{not json", json.dumps({**good, "position": "nonsense"}), "x" * 10_000, ""]
    path = tmp_path / "set.jsonl"
    path.write_text("\n".join(lines), encoding="utf-8")
    entries = list(load_set(path))
    assert [e.label for e in entries] == ["green trap"]
    err = capsys.readouterr().err
    assert "line 2 skipped" in err and "line 3 skipped" in err and "line 4 skipped" in err
    assert max(len(line) for line in err.splitlines()) < 200  # the bad input quoted short


def _text(position):
    from hwgame.rules import format_position

    return format_position(position)


def test_the_position_before_the_winners_last_two_turns():
    # Stand-ins for a game's positions, the side to move alternating 0, 1, 0, 1, 0, 1.
    setup = [initial_position()._replace(to_move=i % 2) for i in range(6)]
    assert before_last_two(setup, winner=0) is None  # still in setup: no turn to judge
    board = make_position("North: g3 y2 | g1 |\nSouth: r1 b2 | | y1")
    played = [board._replace(to_move=i % 2) for i in range(6)]
    assert before_last_two(played, winner=0) == 2  # the winner moved at 2, then at 4, the last turn
    assert before_last_two(played, winner=1) == 1


def test_a_trial_tells_a_found_and_claimed_win_from_a_miss():
    from hwgame.ai.bots import LEVELS
    from hwgame.bench.win2 import Entry

    puzzle = next(p for p in PUZZLES if p.id == "nowhere-to-hide")
    entry = Entry("nowhere", WIN, puzzle.position(), None)
    hard = trial(entry, LEVELS["hard"])
    assert hard.found and hard.claimed and hard.turns == 2 and hard.first is not None and hard.first <= hard.seconds
    blind = trial(entry, LEVELS["beginner"])  # one turn deep, no proof: it may stumble on it, never claims it
    assert not blind.claimed


def _run_set(path, capsys) -> tuple[int, str]:
    """``win2 --set PATH`` (in this process): its status and the one line it said on stderr."""
    status = run(["--set", str(path), "--levels", "normal"])
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err
    (line,) = err.splitlines()
    return status, line


def test_a_set_that_is_a_folder_or_missing_is_refused_in_one_line(tmp_path, capsys):
    assert _run_set(tmp_path, capsys) == (1, f"win2: {tmp_path}: is a folder, not a set file")
    missing = tmp_path / "missing.jsonl"
    assert _run_set(missing, capsys) == (1, f"win2: {missing}: no such file")
    assert _run_set(tmp_path / "a\x00b", capsys)[1].endswith(r"a\x00b: no such file")


def test_a_set_file_too_large_is_refused_unread(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(win2, "MAX_SET_BYTES", 100)
    big = tmp_path / "big.jsonl"
    big.write_bytes(b" " * 200)
    assert _run_set(big, capsys) == (1, f"win2: {big}: is 200 bytes, more than a set file holds (at most 100)")


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")
def test_a_set_that_is_a_pipe_is_refused_at_once_not_waited_for(tmp_path):
    fifo = tmp_path / "set.jsonl"
    os.mkfifo(fifo)
    done = subprocess.run([sys.executable, "-m", "hwgame.bench", "win2", "--set", str(fifo)], cwd=REPO,
                          capture_output=True, text=True, timeout=120)  # fmt: skip
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.strip() == (f"win2: {fifo}: is not a regular file (a pipe, a device or a socket), "
                                   "not a set file")  # fmt: skip
    with pytest.raises(win2.SetFileError, match="not a regular file"):
        win2.read_set_file(fifo)
