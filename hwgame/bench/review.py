"""``python -m hwgame.bench review``: how long the computer's review of a real game takes.

It reviews one decided game of the SuperDuperGames archive (by default the first record, in sorted
order, with at least ``--turns`` turns, cut to that many turns) at a level, the way the replay viewer
and ``hwgame analyze`` do, and prints the wall time in all, the time per turn (median and longest) and
the marks found. The searches are spread over every core (``--workers`` to choose how many).
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from hwgame.bench.movegen import games_dir
from hwgame.rules import SDG, Game, HomeworldsError, read_transcript, replay


def long_game(folder: Path, turns: int) -> tuple[str, Game] | None:
    """The first record (sorted by name) with a winner and at least ``turns`` turns, replayed."""
    for path in sorted(folder.glob("*.raw")):
        try:
            record = read_transcript(path)
            if record.winner is None or len(record.turns) < turns:
                continue
            return path.name, replay(record, SDG)
        except (HomeworldsError, ValueError, OSError):
            continue
    return None


def run(argv: list[str]) -> int:
    """Entry point of ``python -m hwgame.bench review``."""
    from hwgame.ai.bots import level
    from hwgame.analysis.review import review_game, review_workers

    parser = argparse.ArgumentParser(prog="python -m hwgame.bench review", description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="normal", help="the level whose search reviews (default: normal)")
    parser.add_argument("--turns", type=int, default=60, help="review this many turns of the game (default: 60)")
    parser.add_argument("--game", help="a record of the archive to review instead, e.g. 17917.raw")
    parser.add_argument("--workers", type=int, default=0, help="processes to search in (default: every core)")
    args = parser.parse_args(argv)
    folder = games_dir()
    if folder is None:
        print("skipped: the SuperDuperGames archive is not here (set HWGAME_GAMES_DIR)")
        return 0
    if args.game:
        found: tuple[str, Game] | None = (args.game, replay(read_transcript(folder / Path(args.game).name), SDG))
    else:
        found = long_game(folder, args.turns)
    if found is None:
        print(f"skipped: no decided game of {args.turns} turns or more in {folder}")
        return 0
    name, game = found
    count = min(args.turns, len(game.turns))
    workers = args.workers or review_workers()
    stamps: list[float] = [time.perf_counter()]
    review = review_game(game.positions[: count + 1], game.turns[:count], level(args.level), level=args.level,
                         on_turn=lambda _entry: stamps.append(time.perf_counter()), workers=workers)  # fmt: skip
    total = stamps[-1] - stamps[0]
    each = [b - a for a, b in zip(stamps, stamps[1:], strict=False)]
    marks = ", ".join(f"{t.number} {t.kind}" for t in review.marks()) or "none"
    print(f"{name}: {count} turns reviewed at {args.level} on {workers} process(es) in {total:.1f} s wall "
          f"(per turn median {statistics.median(each):.2f} s, longest {max(each):.2f} s); marks: {marks}")  # fmt: skip
    return 0


__all__ = ["long_game", "run"]
