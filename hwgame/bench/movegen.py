"""Move generation speed: ``python -m hwgame.bench movegen [--repeat N]``.

Enumerates ``legal_turns`` over the fixed positions in ``fixtures/movegen_positions.json`` (taken from
real SuperDuperGames records: early, middle and sacrifice-heavy late game) and prints the number of
distinct successors, successors per second and peak memory.
"""

from __future__ import annotations

import argparse
import json
import resource
import time
from importlib import resources

from hwgame.rules import legal_turns
from hwgame.rules.serialize import position_from_dict

FIXTURES = "movegen_positions.json"


def load_fixtures() -> list[tuple[str, object]]:
    """The benchmark positions as (label, Position) pairs."""
    text = resources.files("hwgame.bench").joinpath("fixtures", FIXTURES).read_text(encoding="utf-8")
    return [(entry["label"], position_from_dict(entry["position"])) for entry in json.loads(text)]


def _peak_rss_mb() -> float:
    # ru_maxrss is in kilobytes on Linux (bytes on macOS; this is a figure to read, not a gate)
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def run(argv: list[str]) -> int:
    """Run the benchmark and print one line per position and a total."""
    parser = argparse.ArgumentParser(prog="python -m hwgame.bench movegen")
    parser.add_argument("--repeat", type=int, default=3, help="runs per position; the fastest counts")
    args = parser.parse_args(argv)
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
