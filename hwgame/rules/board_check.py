"""What keeps a board from being a position a game can go on from: every problem at once, and where.

The board editor lets a player compose a board piece by piece, so the board in between is often not
a position (a system without a star, a player with two homeworlds, a fourth green 1 pasted in).
``board_problems`` lists ALL that is wrong with such a board, each problem a reason code (the
``position-*`` codes ``parse_position`` refuses with, and a few of its own), the values its wording
needs and the system concerned (None for the board as a whole). ``hwgame.words.refusal_text`` words
each one in the player's language.

Two kinds of problem:

- those ``parse_position`` refuses as well (``PARSE_CODES`` and the ``name-*`` codes): the board's
  one-line text (``format_position``) would not read back as a position;
- those of a position that reads but that no game can go on from (``OVER_CODES``): the board is empty,
  or the game is over on it (a player without a homeworld, a homeworld without its owner's ship).

``board_problems(p)`` holds none of the first kind exactly when ``parse_position(format_position(p))``
succeeds, and is empty exactly when a game can also go on from ``p`` (the tests check it on random
games and their mutations). It takes time linear in the number of pieces, so a window may call it
after every change.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import Refusal
from .notation import name_refusal, quote
from .pieces import COPIES, piece_text
from .position import LATE_HOME, NO_HOME, PLAYING, Position, System
from .textform import MAX_POSITION_TEXT, format_position

# The codes of a game that cannot go on: the position reads, but there is nothing to play.
OVER_CODES = frozenset({"position-empty-board", "position-no-homeworld", "position-home-lost"})


@dataclass(frozen=True)
class BoardProblem:
    """One thing wrong with a board: a reason code, its values, and the system it is about (or None)."""

    code: str
    values: Mapping[str, Any] = field(default_factory=dict)
    system: str | None = None

    @property
    def refusal(self) -> Refusal:
        """The problem as a refusal of the rules, to be worded (``hwgame.words.refusal_text``)."""
        return Refusal(self.code, self.values)

    @property
    def reads(self) -> bool:
        """True when the board's text would still read as a position despite this problem (the game
        is over on it, or the board is empty)."""
        return self.code in OVER_CODES


def _system_problems(s: System) -> list[BoardProblem]:
    out = []
    name = s.name
    why = name_refusal(name)
    if why is not None:
        out.append(BoardProblem(why.code, why.values, name))
    shown = quote(name)
    if not s.stars:
        out.append(BoardProblem("position-no-star", {"system": shown}, name))
    elif len(s.stars) > (2 if s.home != NO_HOME else 1):
        code = "position-homeworld-stars" if s.home != NO_HOME else "position-system-stars"
        out.append(BoardProblem(code, {"system": shown, "count": len(s.stars)}, name))
    if s.home == NO_HOME and not (s.ships0 or s.ships1):
        out.append(BoardProblem("position-empty-system", {"system": shown}, name))
    return out


def _setup_problems(position: Position) -> list[BoardProblem]:
    """What ``parse_position`` refuses of a board in setup (stages 0 and 1) or while the second player
    has yet to build a homeworld (``LATE_HOME``)."""
    stage = position.stage
    homes = sorted(s.home for s in position.systems if s.home != NO_HOME)
    if stage == PLAYING:
        return []
    if stage == LATE_HOME:
        if not position.rules.late_home:
            return [BoardProblem("position-bad-mover-stage", {"mover": quote(str(position.to_move)),
                                                              "stage": quote(str(stage))})]
        return [BoardProblem("position-setup-systems", {"stage": stage})] if 1 in homes else []
    if stage not in (0, 1):
        return [BoardProblem("position-bad-mover-stage", {"mover": quote(str(position.to_move)),
                                                          "stage": quote(str(stage))})]
    out = []
    if position.to_move != stage:
        out.append(BoardProblem("position-setup-mover", {"stage": stage}))
    if homes != list(range(stage)) or len(position.systems) != stage:
        out.append(BoardProblem("position-setup-systems", {"stage": stage}))
    return out


def _over_problems(position: Position) -> list[BoardProblem]:
    """Why no game can go on from a board that reads: empty, or a player has already lost on it."""
    if not position.systems:
        return [BoardProblem("position-empty-board")]
    if position.stage not in (PLAYING, LATE_HOME):
        return []
    out = []
    for player in (0,) if position.stage == LATE_HOME else (0, 1):
        name = position.players[player]
        homes = [s for s in position.systems if s.home == player]
        if not homes:
            out.append(BoardProblem("position-no-homeworld", {"player": name}))
        elif homes[0].stars and not homes[0].ships_of(player):
            out.append(BoardProblem("position-home-lost", {"system": quote(homes[0].name), "player": name},
                                    homes[0].name))
    return out


def board_problems(position: Position) -> tuple[BoardProblem, ...]:
    """Everything that keeps ``position`` (a board, perhaps not a sound position) from being one a game
    can go on from, in the order of the board: each system's own problems, then names taken twice and
    second homeworlds, then the setup stage, the pieces beyond the bank, and last why the game could
    not go on (empty board, a player already lost). Empty when the board can be played."""
    out: list[BoardProblem] = []
    seen: dict[str, str] = {}
    homes: dict[int, str] = {}
    counts = [0] * 12
    for s in position.systems:
        out += _system_problems(s)
        low = s.name.lower()
        if low in seen:
            out.append(BoardProblem("position-name-taken", {"system": quote(s.name), "other": quote(seen[low])},
                                    s.name))
        else:
            seen[low] = s.name
        if s.home != NO_HOME:
            if s.home in homes:
                out.append(BoardProblem("position-second-homeworld", {"system": quote(s.name),
                                        "other": quote(homes[s.home]), "player": position.players[s.home]},
                                        s.name))  # fmt: skip
            else:
                homes[s.home] = s.name
        for p in s.stars + s.ships0 + s.ships1:
            counts[p] += 1
    out += _setup_problems(position)
    short = [piece_text(p) for p in range(12) if counts[p] > COPIES]
    if short:
        out.append(BoardProblem("position-too-many-pieces", {"count": COPIES, "pieces": ", ".join(short)}))
    if not out:
        # Only a board of long names comes near the limit: measured once everything else is sound.
        length = len(format_position(position))
        if length > MAX_POSITION_TEXT:
            out.append(BoardProblem("position-too-long", {"length": length, "limit": MAX_POSITION_TEXT}))
    return (*out, *_over_problems(position))


def is_playable(position: Position) -> bool:
    """True when a game can go on from ``position``: ``board_problems`` finds nothing."""
    return not board_problems(position)


__all__ = ["OVER_CODES", "BoardProblem", "board_problems", "is_playable"]
