"""``python -m hwgame.bench retry``: how often the better turn of a retry position is clear.

Reviews a few decided games of the SuperDuperGames archive held out from the win-chance curves' fit
(the odd places of the sorted records, as ``bench.calibration`` holds them out) at a level, the way the
replay viewer does, then takes the turns the retry mode would ask of either player (``analysis.retry.
asked_turns``, the archive book's common opening turns left out) and prints the share whose better turn
is clear (``better_turn_is_clear``: the puzzle deck's test), by kind, with the games used.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from pathlib import Path

from hwgame.bench.movegen import games_dir
from hwgame.rules import SDG, Game, HomeworldsError, read_transcript, replay


def held_out_games(folder: Path, count: int, least: int, most: int) -> list[tuple[str, Game]]:
    """The first ``count`` decided records of the held-out half (odd places, sorted by name) with
    ``least`` to ``most`` turns, replayed."""
    out: list[tuple[str, Game]] = []
    for place, path in enumerate(sorted(folder.glob("*.raw"))):
        if place % 2 == 0:
            continue
        try:
            record = read_transcript(path)
            if record.winner is None or not least <= len(record.turns) <= most:
                continue
            out.append((path.name, replay(record, SDG)))
        except (HomeworldsError, ValueError, OSError):
            continue
        if len(out) >= count:
            break
    return out


def run(argv: list[str]) -> int:
    """Entry point of ``python -m hwgame.bench retry``."""
    from hwgame.ai.bots import level
    from hwgame.analysis.retry import asked_turns, better_turn_is_clear
    from hwgame.analysis.review import review_game
    from hwgame.app.services.retry import archive_common

    parser = argparse.ArgumentParser(prog="python -m hwgame.bench retry", description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="normal", help="the level whose search reviews (default: normal)")
    parser.add_argument("--games", type=int, default=3, help="held-out games to review (default: 3)")
    parser.add_argument("--least", type=int, default=16, help="the fewest turns of a game taken (default: 16)")
    parser.add_argument("--most", type=int, default=40, help="the most turns of a game taken (default: 40)")
    parser.add_argument("--workers", type=int, default=2, help="processes to search in (default: 2)")
    args = parser.parse_args(argv)
    folder = games_dir()
    if folder is None:
        print("skipped: the SuperDuperGames archive is not here (set HWGAME_GAMES_DIR)")
        return 0
    games = held_out_games(folder, args.games, args.least, args.most)
    common = archive_common()
    asked_kinds: Counter[str] = Counter()
    clear_kinds: Counter[str] = Counter()
    left_out = 0
    start = time.perf_counter()
    for name, game in games:
        review = review_game(game.positions, game.turns, level(args.level), level=args.level, workers=args.workers)
        before = sum(asked_kinds.values())
        for player in (0, 1):
            every = asked_turns(review, player)
            asked = asked_turns(review, player, common)
            left_out += len(every) - len(asked)
            for entry in asked:
                asked_kinds[entry.kind or ""] += 1
                clear_kinds[entry.kind or ""] += better_turn_is_clear(entry)
        print(f"{name}: {len(game.turns)} turns, {sum(asked_kinds.values()) - before} asked", flush=True)
    total, clear = sum(asked_kinds.values()), sum(clear_kinds.values())
    share = f"{100 * clear / total:.0f}%" if total else "n/a"
    kinds = ", ".join(f"{kind} {clear_kinds[kind]}/{n}" for kind, n in sorted(asked_kinds.items())) or "none"
    print(f"{len(games)} held-out games at {args.level} in {time.perf_counter() - start:.0f} s: {total} retry "
          f"positions, the better turn clear in {clear} ({share}); by kind: {kinds}; {left_out} common opening "
          f"turns left out")  # fmt: skip
    return 0


__all__ = ["held_out_games", "run"]
