"""Move generation speed: ``python -m hwgame.bench movegen [--repeat N] [--vs-cpp] [--position RECORD:TURNS]``.

Enumerates the whole-turn successors of the fixed positions in ``fixtures/movegen_positions.json`` (taken
from real SuperDuperGames records: early, middle and sacrifice-heavy late game), streamed by ``iter_turns``
and listed by ``legal_turns``, and prints the number of distinct successors, successors per second and
peak memory. ``--vs-cpp`` times whole processes, ours against the reference C++ engine's successor
counter. ``--position 14561.raw:59`` takes the position after that many turns of an archive record
instead (the archive is ``HWGAME_GAMES_DIR`` or the shared folder's ``games``) and runs ours in fresh
processes, printing time and peak memory.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from hwgame.rules import Position, iter_turns, legal_turns, opponent_of, position_from_dict, position_to_dict

if TYPE_CHECKING:
    import threading

FIXTURES = "movegen_positions.json"


def load_fixtures() -> list[tuple[str, Position]]:
    """The benchmark positions as (label, Position) pairs."""
    from importlib import resources

    text = resources.files("hwgame.bench").joinpath("fixtures", FIXTURES).read_text(encoding="utf-8")
    return [(entry["label"], position_from_dict(entry["position"])) for entry in json.loads(text)]


def games_dir() -> Path | None:
    """The archive's folder of SDG records (``HWGAME_GAMES_DIR`` or the shared folder's), or None."""
    env = os.environ.get("HWGAME_GAMES_DIR")
    for c in ([Path(env)] if env else []) + [Path(__file__).resolve().parents[2].parent / "shared" / "games"]:
        if (c / "sdg").is_dir():
            return c / "sdg"
    return None


def archive_position(spec: str) -> tuple[str | None, Position | None, str]:
    """The position after TURNS turns of archive record RECORD, from ``RECORD:TURNS``.

    Returns (label, position, "") or (None, None, why it cannot be had).
    """
    from hwgame.rules import read_transcript, replay

    record, _, turns = spec.rpartition(":")
    if not record or not turns.isdigit():
        return None, None, f"{spec!r} is not RECORD:TURNS (for example 14561.raw:59)"
    folder = games_dir()
    if folder is None or not (folder / record).is_file():
        return None, None, f"the archive record {record} is not here (set HWGAME_GAMES_DIR)"
    game = replay(read_transcript(folder / record))
    if int(turns) >= len(game.positions):
        return None, None, f"{record} has only {len(game.positions) - 1} turns"
    return f"{record} after turn {turns}", game.positions[int(turns)], ""


def both_sides(position: Position) -> list[Position]:
    """The position with each player to move: the reference's counter counts both."""
    return [position, position._replace(to_move=opponent_of(position.to_move))]


def _timed(command: list[str], feed: bytes | None, env: dict[str, str] | None = None) -> tuple[float, float, bytes]:
    """Run a whole process: (wall seconds, its peak resident memory in MB or 0.0 if unknown, its output).

    The peak is the child's own high-water mark, read from ``/proc`` while it runs (Linux): the kernel
    starts a forked child's ``ru_maxrss`` at the parent's size, so that figure says nothing of a small child.
    """
    import subprocess
    import threading

    start = time.perf_counter()
    pipe = subprocess.PIPE
    proc = subprocess.Popen(command, stdin=pipe, stdout=pipe, stderr=subprocess.DEVNULL, env=env)
    assert proc.stdin is not None and proc.stdout is not None
    peak = [0]
    stop = threading.Event()
    watcher = threading.Thread(target=_watch_memory, args=(proc.pid, peak, stop), daemon=True)
    watcher.start()
    proc.stdin.write(feed or b"")
    proc.stdin.close()
    out = proc.stdout.read()
    _, status, _ = os.wait4(proc.pid, 0)  # reaped here, so the time is the process's own
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    stop.set()
    watcher.join()
    return wall, peak[0] / 1024, out


def _watch_memory(pid: int, peak: list[int], stop: threading.Event) -> None:
    """Keep in ``peak[0]`` the largest VmHWM (kB) a running process reports, every few milliseconds."""
    path = f"/proc/{pid}/status"
    while not stop.is_set():
        try:
            with open(path, "rb") as f:
                text = f.read()
        except OSError:
            return
        at = text.find(b"VmHWM:")
        if at < 0:  # the process has exited (its memory is gone)
            return
        peak[0] = max(peak[0], int(text[at + 6 : text.index(b"kB", at)]))
        stop.wait(0.003)


def _ours(*options: str) -> list[str]:
    """The command of a fresh process counting the successors of the position it reads on stdin."""
    return [sys.executable, "-m", "hwgame.bench", "movegen", "--count", *options]


def child_env(bytecode_cache: bool = True) -> dict[str, str]:
    """The environment of our child processes.

    A Python program runs from its compiled bytecode once it has been run (or installed); with
    PYTHONDONTWRITEBYTECODE set, every child would compile the whole package before its first line, a
    cost no installed game pays. So the children keep a bytecode cache, outside the project, unless
    ``bytecode_cache`` is False.
    """
    env = dict(os.environ)
    if bytecode_cache and env.pop("PYTHONDONTWRITEBYTECODE", None) is not None:
        import tempfile

        env.setdefault("PYTHONPYCACHEPREFIX", str(Path(tempfile.gettempdir()) / "hwgame-bench-pycache"))
    return env


def _feed(position: Position) -> bytes:
    return json.dumps(position_to_dict(position)).encode()


def versus_reference(positions: list[tuple[str, Position]], repeat: int, env: dict[str, str]) -> int:
    """Ours and the reference's successor counts on each position, whole processes, alternating."""
    import re
    import statistics

    from .reference import Names, find_reference, position_text

    cli, why = find_reference()
    if cli is None:
        print(f"skipped: {why}")
        return 0
    counter = str(Path(cli).with_name("count-successors"))
    _timed(_ours(), _feed(positions[0][1]), env)  # untimed: fills the bytecode cache
    print(f"{'position':<44} {'successors':>10} {'ours s':>8} {'C++ s':>8} {'ratio':>6} {'ours MB':>8} {'C++ MB':>7}")
    sums = [0.0, 0.0]
    peaks = [0.0, 0.0]
    for label, position in positions:
        feed = position_text(position, Names(position)).encode()
        ours, theirs = [], []
        mine_mb = ref_mb = 0.0
        count = ""
        for _ in range(repeat):  # A B A B: drift of the machine's speed hits both alike
            wall, peak, out = _timed(_ours("--both"), _feed(position), env)
            ours.append(wall)
            mine_mb = max(mine_mb, peak)
            count = out.decode().strip()
            wall, peak, said = _timed([counter], feed)
            theirs_count = sum(int(n) for n in re.findall(rb"has (\d+) unique moves", said))
            theirs.append(wall)
            ref_mb = max(ref_mb, peak)
        a, b = statistics.median(ours), statistics.median(theirs)
        sums[0] += a
        sums[1] += b
        peaks = [max(peaks[0], mine_mb), max(peaks[1], ref_mb)]
        agree = "" if count == str(theirs_count) else f"  (C++ counts {theirs_count})"
        memory = f"{_mb(mine_mb):>8} {_mb(ref_mb):>7}"
        print(f"{label:<44} {count:>10} {a:>8.3f} {b:>8.3f} {a / b:>6.2f} {memory}{agree}")
    print(f"{'total':<44} {'':>10} {sums[0]:>8.3f} {sums[1]:>8.3f} {sums[0] / sums[1]:>6.2f}")
    most = f"ours {_mb(peaks[0])} MB, C++ {_mb(peaks[1])} MB"
    print(f"peak memory: {most} (largest single process; - : too short to see)")
    print("each side counts the successors of both players, as the reference's counter does (ours streamed")
    print("by iter_turns); the reference allows catastrophes only at the start or end of a turn, so in big")
    print("positions it counts fewer")
    print(_bytecode_note(env))
    return 0


def _bytecode_note(env: dict[str, str]) -> str:
    if "PYTHONDONTWRITEBYTECODE" in env:
        return "ours compile the package at every start (PYTHONDONTWRITEBYTECODE is set)"
    return "ours run from Python's bytecode cache, as an installed program does (--no-bytecode-cache: not)"


def one_position(label: str, position: Position, repeat: int, env: dict[str, str]) -> int:
    """Ours on one position in fresh processes, streamed and listed: successors, seconds and peak memory."""
    _timed(_ours(), _feed(position), env)  # untimed: fills the bytecode cache
    print(f"{label}: successors of the player to move, each run a fresh process (median of {repeat})")
    print(f"{'':<10} {'successors':>10} {'seconds':>8} {'per second':>11} {'peak MB':>8}")
    for way, options in (("streamed", ()), ("listed", ("--listed",))):
        walls, peak, count = [], 0.0, 0
        for _ in range(repeat):
            # The child's time is taken inside it: the whole process also pays for Python's start.
            _, mb, out = _timed(_ours("--timed", *options), _feed(position), env)
            said, seconds = out.decode().split()
            count = int(said)
            walls.append(float(seconds))
            peak = max(peak, mb)
        walls.sort()
        median = walls[len(walls) // 2]
        print(f"{way:<10} {count:>10} {median:>8.3f} {count / median:>11.0f} {_mb(peak):>8}")
    return 0


def _count(options: argparse.Namespace) -> int:
    """A child run: count the successors of the position read on stdin and print the number."""
    position = position_from_dict(json.loads(sys.stdin.read()))
    start = time.perf_counter()
    total = 0
    for p in both_sides(position) if options.both else [position]:
        total += len(legal_turns(p)) if options.listed else sum(1 for _ in iter_turns(p))
    seconds = time.perf_counter() - start
    print(f"{total} {seconds:.4f}" if options.timed else total)
    return 0


def _mb(value: float) -> str:
    return f"{value:.1f}" if value else "-"


def _peak_rss_mb() -> float:
    # ru_maxrss is in kilobytes on Linux (bytes on macOS; this is a figure to read, not a gate)
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _best(function: Callable[[Position], int], position: Position, repeat: int) -> tuple[int, float]:
    """(successor count, fastest seconds) of ``function(position)`` over ``repeat`` runs."""
    best, count = float("inf"), 0
    for _ in range(max(1, repeat)):
        start = time.perf_counter()
        count = function(position)
        best = min(best, time.perf_counter() - start)
    return count, best


def fixtures_table(repeat: int) -> int:
    """Successors per second over the fixtures, streamed and listed, in this process."""
    fixtures = load_fixtures()
    total = 0
    times = [0.0, 0.0]
    print(f"{'position':<44} {'successors':>10} {'streamed s':>10} {'per second':>10} {'listed s':>9} {'per s':>7}")
    for label, position in fixtures:
        count, streamed = _best(lambda p: sum(1 for _ in iter_turns(p)), position, repeat)
        listed_count, listed = _best(lambda p: len(legal_turns(p)), position, repeat)
        assert listed_count == count, (label, count, listed_count)
        total += count
        times[0] += streamed
        times[1] += listed
        rates = f"{count / streamed:>10.0f} {listed:>9.3f} {count / listed:>7.0f}"
        print(f"{label:<44} {count:>10} {streamed:>10.3f} {rates}")
    label = f"total over {len(fixtures)} positions"
    rates = f"{total / times[0]:>10.0f} {times[1]:>9.3f} {total / times[1]:>7.0f}"
    print(f"{label:<44} {total:>10} {times[0]:>10.3f} {rates}")
    print(f"peak memory: {_peak_rss_mb():.1f} MB (resident set, whole process)")
    return 0


def run(argv: list[str]) -> int:
    """Run the benchmark and print one line per position and a total."""
    parser = argparse.ArgumentParser(prog="python -m hwgame.bench movegen")
    parser.add_argument("--repeat", type=int, default=3, help="runs per position; the fastest (or median) counts")
    parser.add_argument("--vs-cpp", action="store_true",
                        help="time whole processes, ours against the reference C++ engine's count-successors")
    parser.add_argument("--no-bytecode-cache", action="store_true",
                        help="fresh processes compile the package each time when PYTHONDONTWRITEBYTECODE is set")
    parser.add_argument("--position", metavar="RECORD:TURNS",
                        help="the position after TURNS turns of an archive record (e.g. 14561.raw:59)")
    # A child run: count the successors of the position given on stdin (--both: of both players).
    parser.add_argument("--count", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--both", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--listed", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--timed", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)  # fmt: skip
    if args.count:
        return _count(args)
    repeat = max(1, args.repeat)
    env = child_env(not args.no_bytecode_cache)
    if args.position:
        label, position, why = archive_position(args.position)
        if label is None or position is None:
            print(f"skipped: {why}")
            return 0
        if args.vs_cpp:
            return versus_reference([(label, position)], repeat, env)
        return one_position(label, position, repeat, env)
    if args.vs_cpp:
        return versus_reference(load_fixtures(), repeat, env)
    return fixtures_table(repeat)
