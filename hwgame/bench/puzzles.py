"""``python -m hwgame.bench puzzles``: mine puzzles from real games, each with a unique solution.

It walks the decided games of the SuperDuperGames archive and keeps positions where exactly one whole
turn (one distinct position reached) does the job, proven by looking at every turn:

- **win this turn**: exactly one turn leaves the opponent lost;
- **survive the next turn**: the opponent threatens to win at once, and exactly one turn leaves it no
  winning reply.

Positions are kept small enough for the window to judge any answer by the same exhaustive proof
(``tutorial.solve``). Each puzzle keeps its source game and turn, and a difficulty from how many turns
a player must look through and how deep the proof goes. ``--write`` stores them in the package
(``hwgame/tutorial/real_puzzles.json``), which is read at run time; the archive is not.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from hwgame.bench.archive import decided_positions
from hwgame.bench.movegen import games_dir
from hwgame.rules import PLAYING, Position, format_turn, iter_turns, opponent_of, position_to_dict

OUT = Path(__file__).resolve().parents[1] / "tutorial" / "real_puzzles.json"
MOST_TURNS = {"win": 6000, "survive": 2000}  # largest number of turns a puzzle may have, by kind
PER_GAME = 3  # puzzles of each kind taken from one game at most


class _TooBig(Exception):
    """The position has more turns than a puzzle may (or the proof took too long)."""


def _unique(position: Position, kind: str, seconds: float) -> tuple[str, int] | None:
    """(the one solving turn in notation, the number of turns) when exactly one distinct turn solves a
    puzzle of ``kind`` at ``position``; None when none or several do. Raises ``_TooBig``."""
    from hwgame.ai.tactics import find_win

    me = position.to_move
    until = time.perf_counter() + seconds
    found: list[str] = []
    count = 0
    for successor in iter_turns(position):
        count += 1
        if count > MOST_TURNS[kind] or time.perf_counter() > until:
            raise _TooBig
        after = successor.position
        if kind == "win":
            solves = after.winner() == me
        elif after.is_over():
            solves = after.winner() == me
        else:
            solves = find_win(after) is None
        if solves:
            found.append(format_turn(successor.turn, "canonical"))
            if len(found) > 1:
                return None
    return (found[0], count) if found else None


def _threatened(position: Position) -> bool:
    from hwgame.ai.tactics import find_win

    return find_win(position._replace(to_move=opponent_of(position.to_move))) is not None


def difficulty(kind: str, turns: int) -> int:
    """1 (easy) to 3 (hard): how many turns a player must look through, and how deep the proof goes
    (surviving means looking at every reply as well)."""
    level = 1 if turns < 150 else 2 if turns < 800 else 3
    return min(3, level + (1 if kind == "survive" else 0))


def mine(folder: Path, most: int, seconds: float) -> Iterator[dict[str, Any]]:
    """Puzzles from the archive's records in sorted order: at most ``PER_GAME`` of each kind per game."""
    from hwgame.ai.tactics import find_win

    found = 0
    for path in sorted(folder.glob("*.raw")):
        taken: dict[str, int] = {}
        for played, position, _winner in decided_positions(path):
            if position.stage < PLAYING or position.is_over():
                continue
            for kind in ("win", "survive"):
                if taken.get(kind, 0) >= PER_GAME:
                    continue
                if kind == "win" and find_win(position) is None:
                    continue
                if kind == "survive" and (find_win(position) is not None or not _threatened(position)):
                    continue
                try:
                    solved = _unique(position, kind, seconds)
                except _TooBig:
                    continue
                if solved is None:
                    continue
                turn, count = solved
                taken[kind] = taken.get(kind, 0) + 1
                found += 1
                yield {"id": f"sdg-{path.stem}-{played + 1}", "game": path.name, "turn": played + 1, "kind": kind,
                       "difficulty": difficulty(kind, count), "turns": count, "solution": turn,
                       "board": position_to_dict(position)}  # fmt: skip
                if found >= most:
                    return


def run(argv: list[str]) -> int:
    """Entry point of ``python -m hwgame.bench puzzles``."""
    parser = argparse.ArgumentParser(prog="python -m hwgame.bench puzzles", description=__doc__.splitlines()[0])
    parser.add_argument("--most", type=int, default=240, help="stop after this many puzzles (default: 240)")
    parser.add_argument("--seconds", type=float, default=20.0, help="longest proof per position (default: 20)")
    parser.add_argument("--write", action="store_true", help=f"store them in {OUT.name} in the package")
    args = parser.parse_args(argv)
    folder = games_dir()
    if folder is None:
        print("skipped: the SuperDuperGames archive is not here (set HWGAME_GAMES_DIR)")
        return 0
    start = time.perf_counter()
    puzzles = []
    for puzzle in mine(folder / "sdg" if (folder / "sdg").is_dir() else folder, args.most, args.seconds):
        puzzles.append(puzzle)
        print(f"{puzzle['id']}: {puzzle['kind']}, difficulty {puzzle['difficulty']}, {puzzle['turns']} turns, "
              f"solution {puzzle['solution']}", flush=True)  # fmt: skip
    kinds = {k: sum(1 for p in puzzles if p["kind"] == k) for k in ("win", "survive")}
    print(f"{len(puzzles)} puzzles ({kinds}) in {time.perf_counter() - start:.0f} s")
    if args.write:
        OUT.write_text(json.dumps(puzzles, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8")
        print(f"written to {OUT}")
    return 0


__all__ = ["OUT", "difficulty", "mine", "run"]
