"""Move generation speed: ``python -m hwgame.bench movegen [--repeat N]``.

Enumerates ``legal_turns`` over the fixed positions in ``fixtures/movegen_positions.json`` (taken from
real SuperDuperGames records: early, middle and sacrifice-heavy late game) and prints the number of
distinct successors, successors per second and peak memory.
"""

from __future__ import annotations

import argparse
import json
import re
import resource
import statistics
import time
from importlib import resources
from pathlib import Path

from hwgame.rules import legal_turns
from hwgame.rules.serialize import position_from_dict

FIXTURES = "movegen_positions.json"


def load_fixtures() -> list[tuple[str, object]]:
    """The benchmark positions as (label, Position) pairs."""
    text = resources.files("hwgame.bench").joinpath("fixtures", FIXTURES).read_text(encoding="utf-8")
    return [(entry["label"], position_from_dict(entry["position"])) for entry in json.loads(text)]


def both_sides(position):
    """The position with each player to move: the reference's counter counts both."""
    return [position, position._replace(to_move=1 - position.to_move)]


def _timed(command: list[str], feed: bytes | None) -> tuple[float, float, bytes]:
    """Run a whole process: (wall seconds, its own peak resident memory in MB, its output)."""
    import os
    import subprocess

    start = time.perf_counter()
    proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(feed or b"")
    proc.stdin.close()
    out = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)  # reaped here, so its own resource usage is known
    proc.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - start
    return wall, usage.ru_maxrss / 1024, out


def versus_reference(repeat: int) -> int:
    """Ours and the reference's successor counts on each fixture, whole processes, alternating."""
    import sys

    from .reference import Names, find_reference, position_text

    cli, why = find_reference()
    if cli is None:
        print(f"skipped: {why}")
        return 0
    counter = str(Path(cli).with_name("count-successors"))
    print(f"{'position':<44} {'successors':>10} {'ours s':>8} {'C++ s':>8} {'ratio':>6} {'ours MB':>8} {'C++ MB':>7}")
    sums = [0.0, 0.0]
    peaks = [0.0, 0.0]
    for index, (label, position) in enumerate(load_fixtures()):
        feed = position_text(position, Names(position)).encode()
        ours, theirs = [], []
        mine_mb = ref_mb = 0.0
        count = ""
        for _ in range(repeat):  # A B A B: drift of the machine's speed hits both alike
            wall, peak, out = _timed([sys.executable, "-m", "hwgame.bench", "movegen", "--count", str(index)], None)
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
        print(f"{label:<44} {count:>10} {a:>8.3f} {b:>8.3f} {a / b:>6.2f} {mine_mb:>8.1f} {ref_mb:>7.1f}{agree}")
    print(f"{'total':<44} {'':>10} {sums[0]:>8.3f} {sums[1]:>8.3f} {sums[0] / sums[1]:>6.2f}")
    print(f"peak memory: ours {peaks[0]:.1f} MB, C++ {peaks[1]:.1f} MB (largest single process)")
    print("each side counts the successors of both players, as the reference's counter does; the reference")
    print("allows catastrophes only at the start or end of a turn, so in big positions it counts fewer")
    return 0


def _peak_rss_mb() -> float:
    # ru_maxrss is in kilobytes on Linux (bytes on macOS; this is a figure to read, not a gate)
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def run(argv: list[str]) -> int:
    """Run the benchmark and print one line per position and a total."""
    parser = argparse.ArgumentParser(prog="python -m hwgame.bench movegen")
    parser.add_argument("--repeat", type=int, default=3, help="runs per position; the fastest counts")
    parser.add_argument("--vs-cpp", action="store_true",
                        help="time whole processes, ours against the reference C++ engine's count-successors")
    parser.add_argument("--count", type=int, help=argparse.SUPPRESS)  # one fixture, both sides (a child run)
    args = parser.parse_args(argv)
    if args.count is not None:
        position = load_fixtures()[args.count][1]
        print(sum(len(legal_turns(p)) for p in both_sides(position)))
        return 0
    if args.vs_cpp:
        return versus_reference(max(1, args.repeat))
    fixtures = load_fixtures()
    total = 0
    total_time = 0.0
    print(f"{'position':<44} {'successors':>10} {'seconds':>8} {'per second':>11}")
    for label, position in fixtures:
        best = float("inf")
        count = 0
        for _ in range(max(1, args.repeat)):
            start = time.perf_counter()
            count = len(legal_turns(position))
            best = min(best, time.perf_counter() - start)
        total += count
        total_time += best
        print(f"{label:<44} {count:>10} {best:>8.3f} {count / best:>11.0f}")
    rate = total / total_time if total_time else 0.0
    print(f"{'total over ' + str(len(fixtures)) + ' positions':<44} {total:>10} {total_time:>8.3f} {rate:>11.0f}")
    print(f"peak memory: {_peak_rss_mb():.1f} MB (resident set, whole process)")
    return 0
