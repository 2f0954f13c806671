"""``python -m hwgame.bench memory [--seconds N]``: the memory of an analysis that never ends.

Starts ``hwgame engine`` as a separate process, sets up a middle game of the archive (or the built-in
one, or ``--position``), sends ``go infinite`` and lets it search for ``--seconds`` (default 600). Every
``--every`` seconds it prints the resident memory (RSS) of the engine and of each process it started
(the helpers of its search on every core, and ``multiprocessing``'s small resource tracker) and their
sum; at the end, the sum after the first minute
and at the end, how much it grew per second in between, and the largest sum. Target: flat after the
first minute (the search's tables are capped) and under ``TARGET_MB`` with every helper.

Memory is read from ``/proc``, so this runs on Linux.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import IO

from hwgame.rules import format_position

TARGET_MB = 500.0
SETTLE = 60.0  # seconds after which the memory should stay flat


def _stat(pid: int) -> tuple[int, int] | None:
    """(parent pid, resident pages) of a process, or None when it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    # The command name is in parentheses and may hold spaces: the fields after its last ")" are plain.
    fields = text[text.rindex(")") + 2 :].split()
    return int(fields[1]), int(fields[21])


def tree_rss(root: int) -> dict[int, float]:
    """The resident memory in MB of ``root`` and of every process descended from it, by pid."""
    parents: dict[int, int] = {}
    pages: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            found = _stat(int(entry))
            if found is not None:
                parents[int(entry)], pages[int(entry)] = found
    page = os.sysconf("SC_PAGE_SIZE") / 1e6
    out: dict[int, float] = {}
    for pid, resident in pages.items():
        walk = pid
        while walk > 1 and walk != root:
            walk = parents.get(walk, 0)
        if walk == root:
            out[pid] = resident * page
    return out


def start_position() -> str:
    """A middle game of the archive as a position line (the built-in one without the archive)."""
    from hwgame.bench.movegen import games_dir
    from hwgame.bench.smp import middle_games

    label, position = middle_games(games_dir(), 1, 20)[0]
    print(f"position: {label}", flush=True)
    return format_position(position)


def _drain(stream: IO[str], lines: list[str]) -> None:
    """Read the engine's answers as they come (so that its output never fills the pipe); keep the last."""
    for line in stream:
        lines[:] = [line.rstrip("\n")]


def run(argv: list[str]) -> int:
    """Entry point of ``python -m hwgame.bench memory``."""
    parser = argparse.ArgumentParser(prog="python -m hwgame.bench memory", description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=600.0, help="how long to search (default: 600)")
    parser.add_argument("--every", type=float, default=30.0, help="seconds between readings (default: 30)")
    parser.add_argument("--position", help="a position line to search instead of the archive's middle game")
    parser.add_argument("--threads", type=int, default=0, help="processes of the search (default: every core)")
    args = parser.parse_args(argv)
    if not Path("/proc/self/stat").exists():
        print("skipped: memory is read from /proc, which this system lacks")
        return 0
    line = args.position or start_position()
    engine = subprocess.Popen([sys.executable, "-m", "hwgame", "engine"], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True, encoding="utf-8")  # fmt: skip
    assert engine.stdin is not None and engine.stdout is not None
    last: list[str] = []
    threading.Thread(target=_drain, args=(engine.stdout, last), daemon=True).start()
    go = "go infinite" + (f" threads={args.threads}" if args.threads else "")
    engine.stdin.write(f"position {line}\n{go}\n")
    engine.stdin.flush()
    start = time.perf_counter()
    readings: list[tuple[float, float]] = []
    print(f"{'seconds':>8} {'engine MB':>10} {'its processes MB':>30} {'all MB':>8}", flush=True)
    try:
        while True:
            elapsed = time.perf_counter() - start
            rss = tree_rss(engine.pid)
            own = rss.pop(engine.pid, 0.0)
            total = own + sum(rss.values())
            readings.append((elapsed, total))
            helpers = " ".join(f"{mb:.0f}" for _pid, mb in sorted(rss.items())) or "-"
            print(f"{elapsed:8.0f} {own:10.1f} {helpers:>30} {total:8.1f}", flush=True)
            if elapsed >= args.seconds or engine.poll() is not None:
                break
            time.sleep(max(0.0, min(args.every, args.seconds - elapsed)))
    finally:
        try:
            engine.stdin.write("stop\nquit\n")
            engine.stdin.flush()
            engine.wait(30)
        except (OSError, subprocess.TimeoutExpired):
            engine.kill()
            engine.wait()
    if last:
        print(f"last answer: {last[0]}")
    summary(readings)
    return 0


def summary(readings: list[tuple[float, float]]) -> None:
    """The sum after the first minute and at the end, the growth in between and the largest sum."""
    largest = max(total for _t, total in readings)
    after = [(t, total) for t, total in readings if t >= SETTLE]
    if len(after) >= 2:
        (t0, m0), (t1, m1) = after[0], after[-1]
        rate = (m1 - m0) / (t1 - t0) if t1 > t0 else 0.0
        print(f"after {t0:.0f} s: {m0:.1f} MB; after {t1:.0f} s: {m1:.1f} MB; growth in between {rate:.3f} MB/s")
    verdict = "within" if largest <= TARGET_MB else "over"
    print(f"largest: {largest:.1f} MB with every helper ({verdict} the target of {TARGET_MB:.0f} MB)")


__all__ = ["TARGET_MB", "run", "summary", "tree_rss"]
