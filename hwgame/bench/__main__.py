"""``python -m hwgame.bench NAME [options]``: run one benchmark and print its figures."""

from __future__ import annotations

import importlib
import sys

BENCHMARKS = {
    "movegen": "hwgame.bench.movegen",
    "ai": "hwgame.bench.ai",
    "ui": "hwgame.bench.ui",
    "startup": "hwgame.bench.startup",
    "tune": "hwgame.bench.tune",
    "calibration": "hwgame.bench.calibration",
    "review": "hwgame.bench.review",
    "survive": "hwgame.bench.survive",
    "puzzles": "hwgame.bench.puzzles",
    "idle": "hwgame.bench.idle",
    "win2": "hwgame.bench.win2",
    "smp": "hwgame.bench.smp",
    "coach": "hwgame.bench.coach",
    "hints": "hwgame.bench.hints",
    "memory": "hwgame.bench.memory",
    "study": "hwgame.bench.study",
    "explorer": "hwgame.bench.explorer",
    "editor": "hwgame.bench.editor",
    "retry": "hwgame.bench.retry",
    "lessons": "hwgame.bench.lessons",
    "ratings": "hwgame.bench.ratings",
}


def main(argv: list[str] | None = None) -> int:
    """Dispatch to the benchmark named by the first argument."""
    argv = sys.argv[1:] if argv is None else argv
    if not argv or argv[0] not in BENCHMARKS:
        print(f"usage: python -m hwgame.bench {{{'|'.join(BENCHMARKS)}}} [options]", file=sys.stderr)
        return 2
    module = importlib.import_module(BENCHMARKS[argv[0]])
    return module.run(argv[1:]) or 0


if __name__ == "__main__":
    sys.exit(main())
