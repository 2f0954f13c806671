"""``python -m hwgame.bench study``: how deep the study board's analysis gets in a given time.

On middle games of the archive (the position after ``--turn`` turns of the first decided records in
sorted order with no win at once for the side to move, as ``bench smp`` picks them; the built-in
middle game when the archive is not here) it runs the analysis of ranked lines (``analysis.ranked_lines``,
``--lines`` of them, the study board's thinking: Expert's widths, no budget) for ``--seconds`` of wall
time, on one process and on every core (helpers started and ready before the clock runs, as the
study's search process keeps them), and prints the deepest whole depth reached, the nodes and the
nodes per second, then the median depth of each.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import dataclass
from typing import TextIO

from hwgame.ai.parallel import pool, shutdown
from hwgame.analysis import Lines, ranked_lines
from hwgame.rules import Position, format_turn

from .movegen import games_dir
from .smp import middle_games


@dataclass
class Reached:
    """One analysis: the deepest whole depth, its nodes and the wall seconds it ran."""

    depth: int
    nodes: int
    seconds: float


def cores() -> int:
    """The processes the study board searches on (``app.services.study.machine_cores``: every core)."""
    import os

    return max(1, os.cpu_count() or 1)


def analyse(position: Position, turn_index: int, seconds: float, workers: int, count: int) -> tuple[Reached, Lines]:
    """The analysis of ``position`` on ``workers`` processes, stopped after ``seconds`` of wall time."""
    start = time.perf_counter()
    deadline = start + seconds
    lines = ranked_lines(position, count, turn_index=turn_index, cancel=lambda: time.perf_counter() > deadline,
                         workers=workers)  # fmt: skip
    return Reached(lines.depth, lines.nodes, time.perf_counter() - start), lines


def report(positions: list[tuple[str, Position]], turn: int, seconds: float, count: int, counts: list[int],
           out: TextIO = sys.stdout) -> None:  # fmt: skip
    """Analyse every position on each number of processes; print each run and the medians."""
    for workers in counts:
        if workers > 1:
            pool().grow(workers)  # started and ready before the clock runs
            pool().ready(workers, time.perf_counter() + 60)
        runs = []
        for label, position in positions:
            run, lines = analyse(position, turn, seconds, workers, count)
            runs.append(run)
            best = format_turn(lines.verdicts[0].best) if lines.verdicts and lines.verdicts[0].best else "-"
            print(f"{workers} proc, {label}: depth {run.depth} in {run.seconds:.1f} s, {run.nodes} nodes, "
                  f"{run.nodes / run.seconds:.0f} nodes/s; first line {best}", file=out, flush=True)  # fmt: skip
        depth = statistics.median(r.depth for r in runs)
        print(f"== {seconds:g} s, {count} lines, {workers} proc: depth median {depth:g} "
              f"(min {min(r.depth for r in runs)}, max {max(r.depth for r in runs)}), nodes/s median "
              f"{statistics.median(r.nodes / r.seconds for r in runs):.0f}", file=out, flush=True)  # fmt: skip
    shutdown()


def run(argv: list[str]) -> int:
    """Entry point of ``python -m hwgame.bench study``."""
    parser = argparse.ArgumentParser(prog="python -m hwgame.bench study", description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="wall seconds of each analysis (default 10)")
    parser.add_argument("--lines", type=int, default=3, help="ranked lines (default 3)")
    parser.add_argument("--positions", type=int, default=3, help="middle games of the archive (default 3)")
    parser.add_argument("--turn", type=int, default=20, help="turns played before each position (default 20)")
    parser.add_argument("--workers", default=f"1,{cores()}", help="process counts, comma-separated (default: 1 and "
                        "every core)")  # fmt: skip
    args = parser.parse_args(argv)
    try:
        counts = sorted({max(1, int(w)) for w in args.workers.split(",") if w.strip()})
    except ValueError:
        parser.error(f"--workers takes whole numbers separated by commas, not {args.workers[:40]!r}")
    positions = middle_games(games_dir(), max(1, args.positions), args.turn)
    print(f"positions: {', '.join(label for label, _ in positions)}; {cores()} cores", flush=True)
    report(positions, args.turn, args.seconds, max(1, args.lines), counts)
    return 0


__all__ = ["Reached", "analyse", "report", "run"]
