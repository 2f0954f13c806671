"""``hwgame verify``, ``import`` and ``analyze`` on hostile or unusual transcripts, run as real processes.

Each bad file gives one short line (no traceback), a status that is not 0, in bounded time, and
writes no save; a good file in an unusual encoding still loads.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
GOOD = "Participants: Ann (N), Bob (S)\n\n1) Ann: Homeworld R1 B2 G3\n2) Bob: Homeworld R2 B1 G3\n"
BAD = GOOD + "3) Ann: Trade R1 R1 Ann\n"


def hwgame(*args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    """Run ``python -m hwgame``; the persist fixtures point its data folder at the test's own."""
    return subprocess.run(
        [sys.executable, "-m", "hwgame", *args], cwd=REPO, capture_output=True, text=True, timeout=timeout
    )


def one_short_line(text: str) -> str:
    assert "Traceback" not in text
    lines = text.strip().splitlines()
    assert len(lines) == 1, text[:500]
    assert len(lines[0]) < 400, lines[0][:400]
    return lines[0]


def hostile_files(folder: Path) -> dict[str, tuple[Path, str]]:
    """Bad transcripts, each with the words its message must hold."""
    files = {}

    def write(name: str, data: str | bytes, why: str) -> None:
        path = folder / name
        path.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
        files[name] = (path, why)

    if sys.platform != "win32":
        os.mkfifo(folder / "fifo.raw")
        files["fifo.raw"] = (folder / "fifo.raw", "is not a regular file (a pipe, a device or a socket)")
        if Path("/dev/zero").exists():
            (folder / "zero.raw").symlink_to("/dev/zero")
            files["zero.raw"] = (folder / "zero.raw", "is not a regular file (a pipe, a device or a socket)")
    write("digits.raw", "Participants: Ann (N), Bob (S)\n\n" + "9" * 5000 + ") Ann: Homeworld R1 B2 G3\n",
          "line 3: a turn number of 5000 digits cannot be right")  # fmt: skip
    write("seats.raw", GOOD.replace("Bob (S)", "Bob (N)"), "line 1: both players sit North (N)")
    write("name.raw", "Participants: " + "A" * 100 + " (N), Bob (S)\n\n1) Bob: Homeworld R1 B2 G3\n",
          "is too long for a player name (at most 40 characters)")  # fmt: skip
    write("huge-name.raw", "Participants: " + "A" * 1_000_000 + " (N), Bob (S)\n\n1) Bob: Homeworld R1 B2 G3\n",
          "line 1: the Participants line is 1000013 characters long (at most 200)")  # fmt: skip
    write("line.raw", GOOD + "3) Ann: Build G1 " + "\x1b" * 100_000 + "\n",
          "turn 3 (line 5): cannot read 'Build G1 \\x1b")  # fmt: skip
    write("big.raw", GOOD + "\tAnn: " + "x" * 2_000_000 + "\n", "far too large to be a transcript (at most 1024 kB)")
    write("utf16.raw", GOOD.encode("utf-16-le"), "is not UTF-8 text")
    return files


@pytest.mark.slow
@pytest.mark.parametrize("command", ["verify", "import", "analyze"])
def test_each_command_refuses_each_hostile_file_in_one_line(command, tmp_path, data_dir):
    for name, (path, why) in hostile_files(tmp_path).items():
        done = hwgame(command, str(path))
        assert done.returncode == 1, (name, done.stdout, done.stderr)
        if command == "verify":
            # A file that cannot be read is an error (standard error); a bad game is the report's.
            assert done.stdout.splitlines()[-1] == "1 game verified, 1 failed"
            report = done.stdout.splitlines()[:-1]
            line = one_short_line(done.stderr if not report else report[0])
        else:
            line = one_short_line(done.stderr)
            assert done.stdout == ""
        assert str(path) in line and why in line, (name, line)
    assert not (data_dir / "saves").exists() or not list((data_dir / "saves").iterdir())


@pytest.mark.slow
@pytest.mark.parametrize("encoding", ["utf-16", "utf-8-sig"])
def test_a_transcript_with_a_byte_order_mark_verifies_and_imports(encoding, tmp_path, data_dir):
    path = tmp_path / "game.raw"
    path.write_bytes(GOOD.encode(encoding))
    done = hwgame("verify", str(path))
    assert (done.returncode, done.stdout.strip()) == (0, "1 game verified, 0 failed")
    done = hwgame("import", str(path))
    assert done.returncode == 0, done.stderr
    assert Path(one_short_line(done.stdout)) == data_dir / "saves" / "game.json"


def test_verify_into_a_closed_pipe_stops_quietly(tmp_path):
    bad = tmp_path / "bad.raw"
    bad.write_text(BAD)
    # More report than a pipe holds, so the writer is still writing when the reader leaves.
    process = subprocess.Popen(
        [sys.executable, "-m", "hwgame", "verify", *[str(bad)] * 1500],
        cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    first = process.stdout.readline()
    process.stdout.close()  # what ``| head -1`` does
    try:
        errors = process.stderr.read()
        status = process.wait(timeout=120)
    finally:
        process.kill()
        process.stderr.close()
    assert first.startswith(f"{bad}: turn 3 (line 5): 'Trade R1 R1 Ann': you have no red 1 ship")
    assert errors == ""
    assert status == 1


class _GoneReader:
    """Standard output whose reader has gone: every write fails as a closed pipe does."""

    def write(self, text: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")

    def flush(self) -> None:
        pass


def test_analyze_into_a_closed_pipe_stops_quietly(tmp_path, capsys):
    from hwgame.cli.analyze import run_analyze
    from hwgame.cli.verify import run_verify

    path = tmp_path / "game.raw"
    path.write_text(GOOD)
    assert run_analyze(str(path), "easy", out=_GoneReader()) == 1
    assert run_verify([str(path)], "sdg", out=_GoneReader()) == 1
    assert capsys.readouterr().err == ""
