"""``python -m hwgame.bench smp``: what a search gains from more processes (``hwgame.ai.rootsplit``).

On fixed middle games of the archive (the position after ``--turn`` turns of the first decided
records in sorted order, each with no win at once for either side; or ``--position`` lines) it
searches with Hard's widths for each time of ``--seconds`` on 1, 2, 4 ... processes (``--workers``)
and prints, per run, the depth completed, the nodes, nodes per second of wall time, and for a shared
search the helpers' CPU seconds and the busiest helper's (summed over the iterations: about the time
the iterations take when every helper has a core of its own).

Two clocks (``--clock``): ``wall`` is ``go movetime``: everything within that many seconds of wall
time, whatever else the machine runs; ``cpu`` gives each process that many CPU seconds of its own (as
Expert's budget does), which is what a machine with a free core for every process reaches in that
time. On a busy machine with fewer cores than processes, only the second shows the scaling.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from hwgame.ai.bots import LEVELS, params_for, timed
from hwgame.ai.parallel import default_workers, pool, shutdown
from hwgame.ai.rootsplit import RootSplit
from hwgame.ai.search import search
from hwgame.ai.tactics import find_win
from hwgame.rules import SDG, HomeworldsError, Position, parse_position, read_transcript, replay

from .movegen import games_dir

# A middle game of the archive (turn 20), for when the archive is not here.
MIDDLE = ("sdg tendrecube TwoShort 0 2; tendrecube 0 g3b2 y1y2 -; TwoShort 1 y1b2 - r1g1g3; Alias - y1 b1 -; "
          "Jed - y3 - g1; Jethro - y3 - g1; Bluestar - b3 r3g2 -")  # fmt: skip


def middle_games(folder: Path | None, count: int, turn: int) -> list[tuple[str, Position]]:
    """``count`` positions after ``turn`` turns of the archive's first decided records (sorted by name)
    with no win at once for the side to move; the built-in middle game when there is no archive."""
    found: list[tuple[str, Position]] = []
    for path in sorted(folder.glob("*.raw")) if folder is not None else []:
        if len(found) >= count:
            break
        try:
            record = read_transcript(path)
            if record.winner is None or len(record.turns) < turn + 10:
                continue
            position = replay(record, SDG).positions[turn]
        except (HomeworldsError, ValueError, OSError, IndexError):
            continue
        if not position.is_over() and find_win(position) is None:
            found.append((f"{path.name} turn {turn}", position))
    return found or [("built-in turn 20", parse_position(MIDDLE))]


@dataclass
class Run:
    """One search: depth completed, nodes, wall seconds, and the helpers' CPU (all, and the busiest's)."""

    depth: int
    nodes: int
    seconds: float
    helper_cpu: float = 0.0
    critical_cpu: float = 0.0

    @property
    def nps(self) -> float:
        """Nodes per second of wall time."""
        return self.nodes / self.seconds if self.seconds > 0 else 0.0


def measure(position: Position, seconds: float, workers: int, clock: str) -> Run:
    """One search of ``position`` with Hard's widths for ``seconds`` on ``workers`` processes."""
    thinking = timed(LEVELS["hard"], seconds)
    if clock == "cpu":
        # Each process's own CPU seconds, as a level's budget counts them.
        thinking = thinking.with_limit(wall_clock=False, hard=None, most=seconds * 4)
    params = params_for(thinking)
    start = time.perf_counter()
    if workers <= 1:
        result = search(position, params)
        return Run(result.depth, result.nodes, time.perf_counter() - start)
    split = RootSplit(pool(), workers, params, None, None)
    result = split.run(position)
    return Run(result.depth, result.nodes, time.perf_counter() - start, split.helper_cpu, split.critical_cpu)


def report(positions: list[tuple[str, Position]], times: list[float], counts: list[int], clocks: list[str],
           out: TextIO = sys.stdout) -> None:  # fmt: skip
    """Search every position at every time, clock and process count; print each run and a summary."""
    for clock in clocks:
        for seconds in times:
            base: dict[str, Run] = {}
            for workers in counts:
                if workers > 1:
                    pool().grow(workers)  # started and ready before the clock runs
                    pool().ready(workers, time.perf_counter() + 60)
                runs = []
                for label, position in positions:
                    run = measure(position, seconds, workers, clock)
                    runs.append(run)
                    if workers == counts[0]:
                        base[label] = run
                    shared = (f"; helpers' CPU {run.helper_cpu:.1f} s, busiest {run.critical_cpu:.1f} s"
                              if workers > 1 else "")  # fmt: skip
                    print(f"{clock} {seconds:g} s, {workers} proc, {label}: depth {run.depth}, {run.nodes} nodes, "
                          f"{run.nps:.0f} nodes/s{shared}", file=out, flush=True)  # fmt: skip
                ratio = [r.nodes / base[label].nodes for (label, _), r in zip(positions, runs, strict=True)
                         if base.get(label) and base[label].nodes]  # fmt: skip
                print(f"== {clock} {seconds:g} s, {workers} proc: depth median "
                      f"{statistics.median(r.depth for r in runs):g} (min {min(r.depth for r in runs)}, max "
                      f"{max(r.depth for r in runs)}), nodes/s median {statistics.median(r.nps for r in runs):.0f}, "
                      f"nodes x{statistics.median(ratio):.2f} of {counts[0]} proc", file=out, flush=True)  # fmt: skip


def run(argv: list[str]) -> int:
    """Entry point of ``python -m hwgame.bench smp``."""
    parser = argparse.ArgumentParser(prog="python -m hwgame.bench smp", description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", default="2,10", help="search times, comma-separated (default: 2,10)")
    parser.add_argument("--workers", default="1,2,4", help="process counts, comma-separated (default: 1,2,4)")
    parser.add_argument("--clock", default="wall,cpu", help="wall, cpu or both (default: wall,cpu)")
    parser.add_argument("--count", type=int, default=3, help="middle games of the archive (default: 3)")
    parser.add_argument("--turn", type=int, default=20, help="after this many turns (default: 20)")
    parser.add_argument("--position", action="append", default=[], help="a position line to search instead")
    args = parser.parse_args(argv)
    try:
        times = [float(t) for t in args.seconds.split(",") if t]
        counts = [int(n) for n in args.workers.split(",") if n]
        clocks = [c for c in args.clock.split(",") if c]
        positions = [(f"given {i + 1}", parse_position(p)) for i, p in enumerate(args.position)]
    except (ValueError, HomeworldsError) as exc:
        parser.error(str(exc))
    if any(c not in ("wall", "cpu") for c in clocks) or not times or not counts or min(counts) < 1:
        parser.error("--clock takes wall and cpu; --seconds and --workers need positive numbers")
    positions = positions or middle_games(games_dir(), args.count, args.turn)
    print(f"{len(positions)} positions; this machine: {default_workers()} cores for the search", flush=True)
    try:
        report(positions, times, counts, clocks)
    finally:
        shutdown()
    return 0


__all__ = ["Run", "measure", "middle_games", "report", "run"]
