"""``python -m hwgame.bench puzzles``: mine puzzles from real games, each with a unique solution.

It walks the decided games of the SuperDuperGames archive and keeps positions where exactly one whole
turn (one distinct position reached) does the job, proven by looking at every turn:

- **win this turn**: exactly one turn leaves the opponent lost;
- **survive the next turn**: the opponent threatens to win at once, and exactly one turn leaves it no
  winning reply;
- **win in two**: no turn wins at once, and exactly one turn leaves a win at once whatever the reply
  (``puzzles_two``; only the last turns of each game, where such wins are).

Positions are kept small enough for the window to judge any answer by the same exhaustive proof
(``tutorial.solve``). Each puzzle keeps its source game and turn, and a difficulty from how many turns
a player must look through and how deep the proof goes. ``--write`` stores them in the package
(``hwgame/tutorial/real_puzzles.json``), which is read at run time; the archive is not. ``--kinds``
mines some kinds only, and ``--write`` then keeps the stored puzzles of the others.
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

from .puzzles_two import Tally, mine_two

OUT = Path(__file__).resolve().parents[1] / "tutorial" / "real_puzzles.json"
KINDS = ("win", "survive", "win-in-two")
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


def difficulty(kind: str, turns: int, replies: int = 0) -> int:
    """1 (easy) to 3 (hard): how many turns a player must look through, and how deep the proof goes
    (surviving means looking at every reply as well; a win in two, at every reply and then the win,
    the more so when the defence has many ``replies`` to choose from)."""
    level = 1 if turns < 150 else 2 if turns < 800 else 3
    if kind == "win-in-two":
        return min(3, level + 1 + (1 if replies >= 800 else 0))
    return min(3, level + (1 if kind == "survive" else 0))


def mine(
    folder: Path, most: int, seconds: float, kinds: tuple[str, ...] = ("win", "survive")
) -> Iterator[dict[str, Any]]:
    """Puzzles to win or survive from the archive's records in sorted order: at most ``PER_GAME`` of
    each kind of ``kinds`` per game."""
    from hwgame.ai.tactics import find_win

    found = 0
    kinds = tuple(k for k in kinds if k in MOST_TURNS)
    for path in sorted(folder.glob("*.raw")) if kinds else ():
        taken: dict[str, int] = {}
        for played, position, _winner in decided_positions(path):
            if position.stage < PLAYING or position.is_over():
                continue
            for kind in kinds:
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


def mine_wins_in_two(folder: Path, most: int, seconds: float, tally: Tally) -> Iterator[dict[str, Any]]:
    """Win-in-two puzzles from the archive's records in sorted order, with the opponent's answer to
    play after the right first turn (see ``puzzles_two``)."""
    for path, played, position, proof, reply in mine_two(folder, most, seconds, tally):
        yield {"id": f"sdg-{path.stem}-{played + 1}-two", "game": path.name, "turn": played + 1,
               "kind": "win-in-two", "difficulty": difficulty("win-in-two", proof.turns, proof.replies),
               "turns": proof.turns, "threats": proof.threats, "replies_looked_at": proof.replies,
               "solution": format_turn(proof.turn, "canonical"),
               "replies": [format_turn(reply, "canonical")] if reply else [],
               "board": position_to_dict(position)}  # fmt: skip


def run(argv: list[str]) -> int:
    """Entry point of ``python -m hwgame.bench puzzles``."""
    parser = argparse.ArgumentParser(prog="python -m hwgame.bench puzzles", description=__doc__.splitlines()[0])
    parser.add_argument("--most", type=int, default=240, help="stop after this many puzzles (default: 240)")
    parser.add_argument("--seconds", type=float, default=20.0, help="longest proof per position (default: 20)")
    parser.add_argument("--write", action="store_true", help=f"store them in {OUT.name} in the package")
    parser.add_argument("--kinds", default=",".join(KINDS),
                        help=f"kinds to mine, comma-separated (default: {','.join(KINDS)}); --write keeps the "
                             "stored puzzles of the others")  # fmt: skip
    args = parser.parse_args(argv)
    kinds = tuple(k for k in args.kinds.split(",") if k)
    if not kinds or any(k not in KINDS for k in kinds):
        parser.error(f"--kinds: choose among {', '.join(KINDS)}")
    folder = games_dir()
    if folder is None:
        print("skipped: the SuperDuperGames archive is not here (set HWGAME_GAMES_DIR)")
        return 0
    start = time.perf_counter()
    records = folder / "sdg" if (folder / "sdg").is_dir() else folder
    puzzles = []
    tally = Tally()
    streams = [mine(records, args.most, args.seconds, kinds)]
    if "win-in-two" in kinds:
        streams.append(mine_wins_in_two(records, args.most, args.seconds, tally))
    for stream in streams:
        for puzzle in stream:
            puzzles.append(puzzle)
            print(f"{puzzle['id']}: {puzzle['kind']}, difficulty {puzzle['difficulty']}, {puzzle['turns']} turns, "
                  f"solution {puzzle['solution']}", flush=True)  # fmt: skip
    counts = {k: sum(1 for p in puzzles if p["kind"] == k) for k in kinds}
    print(f"{len(puzzles)} puzzles ({counts}) in {time.perf_counter() - start:.0f} s")
    if "win-in-two" in kinds:
        print(f"win in two: {tally.tried} positions tried (no win at once), {tally.too_big} out of budget, "
              f"{tally.proven} with a win in two proven, {tally.unique} unique; {tally.seconds:.0f} s of CPU")
    if args.write:
        kept = [p for p in _stored() if p.get("kind") not in kinds]
        puzzles = kept + puzzles
        OUT.write_text(json.dumps(puzzles, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8")
        print(f"written to {OUT} ({len(kept)} puzzles of other kinds kept)")
    return 0


def _stored() -> list[dict[str, Any]]:
    """The puzzles stored in the package now (none when the file is missing or does not read)."""
    try:
        entries = json.loads(OUT.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    return [e for e in entries if isinstance(e, dict)] if isinstance(entries, list) else []


__all__ = ["KINDS", "OUT", "difficulty", "mine", "mine_wins_in_two", "run"]
