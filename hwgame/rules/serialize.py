"""Positions as plain data (dicts of strings and lists) for fixtures, files and the engine protocol.

The form is readable and stable::

    {"rules": "sdg", "players": ["North", "South"], "to_move": 0, "stage": 2,
     "systems": [{"name": "North", "home": 0, "stars": "y1 b2", "ships": ["g3 y1", ""]}, ...]}

The bank is not stored: it is what the board does not hold.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, TypedDict

from .errors import HomeworldsError
from .notation import QUOTE_LIMIT, quote
from .pieces import parse_piece, piece_text
from .position import LATE_HOME, NO_HOME, PLAYING, Position, System, ruleset_named
from .textform import checked_position


class SystemData(TypedDict):
    """One system in the plain-data form: pieces as space-separated text, ``home`` None off home."""

    name: str
    home: int | None
    stars: str
    ships: list[str]  # player 0's ships, then player 1's


class PositionData(TypedDict):
    """The plain-data form ``position_to_dict`` writes."""

    rules: str
    players: list[str]
    to_move: int
    stage: int
    systems: list[SystemData]


def _pieces_text(pieces: Iterable[int]) -> str:
    return " ".join(piece_text(p) for p in pieces)


def _pieces(text: str) -> tuple[int, ...]:
    return tuple(sorted(parse_piece(t) for t in text.split()))


def position_to_dict(position: Position) -> PositionData:
    """A plain-data form of a position (see the module docstring)."""
    return {
        "rules": position.rules.name,
        "players": list(position.players),
        "to_move": position.to_move,
        "stage": position.stage,
        "systems": [
            {
                "name": s.name,
                "home": None if s.home == NO_HOME else s.home,
                "stars": _pieces_text(s.stars),
                "ships": [_pieces_text(s.ships0), _pieces_text(s.ships1)],
            }
            for s in position.systems
        ],
    }


def position_from_dict(data: Mapping[str, Any]) -> Position:
    """Rebuild a position from ``position_to_dict`` output; raise HomeworldsError if it is unsound.

    ``data`` is as read from a file (JSON, a lesson's board), so every field is checked here.
    """
    try:
        rules = ruleset_named(data.get("rules", "standard"))
        players = tuple(data.get("players", ("North", "South")))
        to_move = int(data.get("to_move", 0))
        stage = int(data.get("stage", PLAYING))
        systems = []
        for entry in data["systems"]:
            home = entry.get("home")
            ships = entry.get("ships", ["", ""])
            systems.append(
                System(
                    NO_HOME if home is None else int(home),
                    _pieces(entry["stars"]),
                    _pieces(ships[0]),
                    _pieces(ships[1]),
                    str(entry["name"]),
                )
            )
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        if isinstance(exc, HomeworldsError):
            raise HomeworldsError.of(exc.refusal).within("not-a-position") from None
        # Python's own words for what was missing or wrong; quoted, and cut, only when it is long.
        why = str(exc) if len(str(exc)) <= QUOTE_LIMIT and str(exc).isprintable() else quote(str(exc))
        raise HomeworldsError("position-data-unreadable", why=why).within("not-a-position") from None
    if len(players) != 2 or to_move not in (0, 1) or not 0 <= stage <= (LATE_HOME if rules.late_home else PLAYING):
        raise HomeworldsError("position-data-bad-header").within("not-a-position")
    # The same checks as the one-line text form: one reader's idea of a sound position.
    return checked_position(systems, to_move, stage, rules, (str(players[0]), str(players[1])))
