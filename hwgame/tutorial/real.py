"""Puzzles from real games: positions of the SuperDuperGames archive with exactly one solving turn.

They were mined by ``python -m hwgame.bench puzzles`` (every turn of each position looked at, so the
solution is proven unique) and ship with the package as ``real_puzzles.json``; the archive itself is
never read at run time. ``real_puzzles`` loads them once as ``Puzzle`` values, judged like the composed
ones; ``puzzle_of_the_day`` picks one for a date, the same for every player that day.

Three kinds: win this turn, survive the next, and win in two, where the puzzle carries the
opponent's answer to the right first turn (the most stubborn one the miner found).
"""

from __future__ import annotations

import json
from datetime import date
from functools import cache
from pathlib import Path
from typing import Any

from hwgame.i18n import N_
from hwgame.rules import HomeworldsError

from .puzzles import Puzzle
from .solve import KINDS, SURVIVE, WIN, WIN_IN_TWO

DATA = Path(__file__).with_name("real_puzzles.json")
MAX_BYTES = 4 << 20  # the shipped file is a few hundred kilobytes
MAX_REPLY = 300  # characters of one stored answer of the opponent (a turn of a few actions)

TITLES = {
    WIN: N_("From a real game: the only win"),
    SURVIVE: N_("From a real game: the only way out"),
    WIN_IN_TWO: N_("From a real game: the only win in two"),
}
PROMPTS = {
    WIN: N_("A position from a real game, you to move. Exactly one turn wins it now: find it."),
    SURVIVE: N_("A position from a real game, you to move. The other player threatens to win next turn, and "
                "exactly one turn stops every way: find it."),
    WIN_IN_TWO: N_("A position from a real game, you to move. No turn wins now, but exactly one turn makes sure "
                   "you win next turn, whatever the other player answers: find it. Then win."),
}
HINTS = {
    WIN: N_("Look at the other homeworld: which of its ships or stars can you take away this turn?"),
    SURVIVE: N_("First find how the other player would win; then look for the one turn that leaves no way."),
    WIN_IN_TWO: N_("Look for a turn that threatens a win the other player cannot stop, or two wins at once: "
                   "then check every answer they have."),
}


def _puzzle(entry: dict[str, Any]) -> Puzzle:
    kind = entry["kind"]
    if kind not in KINDS or kind not in TITLES:
        raise ValueError(f"unknown puzzle kind {kind!r}")
    # The opponent's answer to a win in two's first turn; tried by the engine before it is played.
    stored = entry.get("replies") or []
    if not isinstance(stored, list):
        raise ValueError("replies is not a list")
    replies = tuple(str(r)[:MAX_REPLY] for r in stored[:3])
    return Puzzle(str(entry["id"]), TITLES[kind], kind, int(entry["difficulty"]), entry["board"], PROMPTS[kind],
                  HINTS[kind], str(entry["solution"]), replies, source=f"SDG {Path(str(entry['game'])).stem}",
                  source_turn=int(entry["turn"]))  # fmt: skip


@cache
def real_puzzles() -> tuple[Puzzle, ...]:
    """Every puzzle mined from real games, in the order they were found (empty when the file is
    missing or does not read: composed puzzles still work)."""
    try:
        if not DATA.is_file() or DATA.stat().st_size > MAX_BYTES:
            return ()
        entries = json.loads(DATA.read_text(encoding="utf-8"))
        return tuple(_puzzle(entry) for entry in entries)
    except (OSError, ValueError, KeyError, TypeError, HomeworldsError):
        return ()


@cache
def _daily_order() -> tuple[Puzzle, ...]:
    """The puzzles in the order the days take them: the kinds spread evenly through the round (the
    file holds them kind by kind, so taken as they are, one kind would come for months on end)."""
    puzzles = real_puzzles()
    counts = {kind: sum(1 for p in puzzles if p.kind == kind) for kind in {p.kind for p in puzzles}}
    seen: dict[str, int] = {}
    keys = []
    for index, puzzle in enumerate(puzzles):
        rank = seen.get(puzzle.kind, 0)
        seen[puzzle.kind] = rank + 1
        keys.append(((rank + 0.5) / counts[puzzle.kind], index))
    return tuple(puzzles[index] for _key, index in sorted(keys))


def puzzle_of_the_day(day: date | None = None) -> Puzzle | None:
    """The puzzle for ``day`` (today by default): one after another through the set, a new one each day,
    the kinds taking turns (see ``_daily_order``)."""
    puzzles = _daily_order()
    if not puzzles:
        return None
    day = day or date.today()
    return puzzles[day.toordinal() % len(puzzles)]


def real_puzzle_by_id(pid: str) -> Puzzle | None:
    """The puzzle from a real game with this id, or None."""
    return next((p for p in real_puzzles() if p.id == pid), None)


__all__ = ["DATA", "puzzle_of_the_day", "real_puzzle_by_id", "real_puzzles"]
