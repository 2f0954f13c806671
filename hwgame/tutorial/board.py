"""A compact text form for the positions of lessons and puzzles.

One line per system, written from the learner's side::

    Sol@0:  y1 b2 | g3    |
    Vega@1: r1 g3 |       | y3
    Beta:   b3    | y1 r2 | g1

``NAME[@OWNER]: STARS | SHIPS OF PLAYER 0 | SHIPS OF PLAYER 1``. ``@0`` or ``@1`` marks a homeworld
and its owner. The bank is not written: it holds whatever the board does not. The text is turned into
the engine's plain-data form (``serialize.position_from_dict``), so the engine's own soundness checks
(at most three of a piece, unique names) apply to every lesson and puzzle.
"""

from __future__ import annotations

from hwgame.rules import PLAYING, Position, PositionData, SystemData, position_from_dict

# The learner plays Sol and the rival Vega: homeworlds are named after their players, as in a real game.
PLAYERS = ("Sol", "Vega")

# Piece codes by name (colour * 3 + size - 1), so lesson data reads like the rule book.
R1, R2, R3, Y1, Y2, Y3, G1, G2, G3, B1, B2, B3 = range(12)


def board_dict(
    text: str,
    to_move: int = 0,
    players: tuple[str, str] = PLAYERS,
    rules: str = "standard",
    stage: int = PLAYING,
) -> PositionData:
    """The plain-data form (see ``serialize``) of a position written as system lines."""
    systems: list[SystemData] = []
    for raw in text.strip().splitlines():
        line = raw.strip()
        if not line:
            continue
        head, sep, rest = line.partition(":")
        if not sep:
            raise ValueError(f"a system line needs 'NAME: STARS | SHIPS | SHIPS', got {raw!r}")
        name, _, owner = head.strip().partition("@")
        parts = [p.strip() for p in rest.split("|")]
        if len(parts) > 3:
            raise ValueError(f"too many '|' in {raw!r}")
        parts += [""] * (3 - len(parts))
        systems.append(
            {
                "name": name.strip(),
                "home": int(owner) if owner else None,
                "stars": parts[0],
                "ships": [parts[1], parts[2]],
            }
        )
    return {"rules": rules, "players": list(players), "to_move": to_move, "stage": stage, "systems": systems}


def read_board(
    text: str,
    to_move: int = 0,
    players: tuple[str, str] = PLAYERS,
    rules: str = "standard",
    stage: int = PLAYING,
) -> Position:
    """A Position from system lines; raises HomeworldsError if the engine finds it unsound."""
    return position_from_dict(board_dict(text, to_move, players, rules, stage))


def empty_board(to_move: int = 0, players: tuple[str, str] = PLAYERS, rules: str = "standard") -> Position:
    """The position before setup: every piece in the bank and ``to_move`` about to set up."""
    # Stage counts homeworlds already set up; with none set up the first player to act is player 0.
    return position_from_dict({"rules": rules, "players": list(players), "to_move": to_move, "stage": 0, "systems": []})


__all__ = [
    "PLAYERS", "R1", "R2", "R3", "Y1", "Y2", "Y3", "G1", "G2", "G3", "B1", "B2", "B3", "board_dict",
    "empty_board", "read_board",
]  # fmt: skip
