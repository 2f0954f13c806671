"""A client for the public C++ Homeworlds engine (``homeworlds-cli``), the yardstick of the AI match.

The reference engine lives outside the project (``../shared/sparring``); ``find_reference`` builds it
there with its own ``build.sh`` and returns None, saying why, when that is impossible. Every question
starts a fresh ``homeworlds-cli --auto`` fed with the whole position in its text format, with the
side to move as its player 0 (it always lets player 0 move). System names it cannot read are mapped
to names it can, and back.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from hwgame.rules import Action, Pass, Position, Turn, format_action, opponent_of, parse_turn, piece_text

_SAFE = re.compile(r"[A-Za-z0-9_]+")
_CHOICE = re.compile(r"AI for \S+ chooses: (.*)$", re.M)


def sparring_dir() -> Path | None:
    """The shared folder holding the reference engine's sources, or None."""
    env = os.environ.get("HWGAME_SPARRING_DIR")
    candidates = [Path(env)] if env else []
    here = Path(__file__).resolve()
    candidates += [parent / "shared" / "sparring" for parent in here.parents][:5]
    candidates.append(Path("/work/shared/sparring"))
    for c in candidates:
        if (c / "build.sh").is_file():
            return c
    return None


def find_reference(out_dir: str = "/tmp/hwgame-sparring") -> tuple[str | None, str]:
    """Build (once) and locate ``homeworlds-cli``: (path, "") or (None, why it is missing)."""
    cli = os.environ.get("ODW_CLI") or str(Path(out_dir) / "homeworlds-cli")
    if os.access(cli, os.X_OK):
        return cli, ""
    where = sparring_dir()
    if where is None:
        return None, "the reference engine's sources (shared/sparring) are not here"
    if shutil.which("g++") is None or shutil.which("make") is None:
        return None, "g++ and make are needed to build the reference engine"
    done = subprocess.run(["bash", str(where / "build.sh"), out_dir], capture_output=True, text=True)
    if done.returncode != 0 or not os.access(cli, os.X_OK):
        return None, f"the reference engine did not build: {done.stderr.strip()[-200:]}"
    return cli, ""


class Names:
    """hwgame system names to names the reference accepts, and back."""

    def __init__(self, position: Position):
        self.out: dict[str, str] = {}
        self.back_map: dict[str, str] = {}
        used: set[str] = set()
        for i, s in enumerate(position.systems):
            safe = s.name if _SAFE.fullmatch(s.name) and s.name.lower() not in used else f"S{i}x"
            while safe.lower() in used:
                safe += "_"
            used.add(safe.lower())
            self.out[s.name.lower()] = safe
            self.back_map[safe.lower()] = s.name
        self.ours = {s.name.lower() for s in position.systems} | {p.lower() for p in position.players}

    def to_ref(self, name: str) -> str:
        """Our name (any case) as the reference spells it."""
        return self.out.get(name.lower()) or (name if _SAFE.fullmatch(name) else "Newstar")

    def to_ours(self, name: str) -> str:
        """A reference name as ours; a name it invented for a new system is kept unless it clashes."""
        found = self.back_map.get(name.lower())
        if found is not None:
            return found
        mine = name
        while mine.lower() in self.ours:
            mine += "x"
        self.back_map[name.lower()] = mine
        return mine


def position_text(position: Position, names: Names) -> str:
    """The position in the reference's text format, the side to move as its player 0."""
    me = position.to_move
    lines = []
    for s in position.systems:
        stars = "".join(piece_text(p) for p in s.stars)
        mine = "".join(piece_text(p) for p in s.ships_of(me))
        theirs = "".join(piece_text(p) for p in s.ships_of(opponent_of(me)))
        head = f"({stars})" if s.home not in (0, 1) else f"({0 if s.home == me else 1}, {stars})"
        lines.append(f"{names.to_ref(s.name)} {head} {mine}-{theirs}")
    return "\n".join(lines) + "\n"


# Positions of the system names in each of the reference's action words.
_NAME_SLOTS = {"build": (2,), "attack": (2,), "sacrifice": (2,), "move": (2, 3), "discover": (2, 4),
               "trade": (3,), "catastrophe": (1,)}  # fmt: skip


def _rename(words: list[str], convert: Callable[[str], str]) -> list[str]:
    for slot in _NAME_SLOTS.get(words[0], ()):
        words[slot] = convert(words[slot])
    return words


def turn_from_reference(text: str, names: Names) -> Turn:
    """The reference's move text as our turn (its padding passes dropped)."""
    parts = []
    for part in text.split(";"):
        words = part.split()
        if not words or words[0] == "pass":
            continue
        parts.append(" ".join(_rename(words, names.to_ours)))
    return parse_turn("; ".join(parts)) if parts else (Pass(),)


def turn_to_reference(turn: Iterable[Action], names: Names) -> str:
    """Our turn in the reference's input words (lower case, names mapped)."""
    parts = [" ".join(_rename(format_action(a, "canonical").split(), names.to_ref))
             for a in turn if not isinstance(a, Pass)]  # fmt: skip
    return "; ".join(parts) or "pass"


@dataclass
class ReferenceMove:
    """The reference engine's answer: our turn (None on failure), its own text, seconds, error."""

    turn: Turn | None
    text: str
    seconds: float
    error: str = ""


def reference_move(cli: str, position: Position, seed: int = 1, timeout: float = 300.0) -> ReferenceMove:
    """Ask the reference AI for a turn for the side to move."""
    names = Names(position)
    feed = position_text(position, names) + "\nverbose\nai_move\nquit\n"
    start = time.perf_counter()
    try:
        done = subprocess.run([cli, "--seed", str(seed), "--sdg", "--auto"], input=feed, capture_output=True,
                              text=True, timeout=timeout)  # fmt: skip
    except subprocess.TimeoutExpired:
        return ReferenceMove(None, "", time.perf_counter() - start, "timed out")
    seconds = time.perf_counter() - start
    found = _CHOICE.search(done.stdout)
    if found is None:
        return ReferenceMove(None, "", seconds, f"no move (status {done.returncode}): {done.stdout[-200:]!r}")
    text = found.group(1).strip()
    try:
        return ReferenceMove(turn_from_reference(text, names), text, seconds)
    except ValueError as exc:
        return ReferenceMove(None, text, seconds, f"cannot read {text!r}: {exc}")


__all__ = ["Names", "ReferenceMove", "find_reference", "position_text", "reference_move", "sparring_dir",
           "turn_from_reference", "turn_to_reference"]  # fmt: skip
