"""Hand-built positions for AI tests.

One line per system, ``NAME: STARS | NORTH'S SHIPS | SOUTH'S SHIPS``; a system named North or South
is that player's homeworld. The bank holds the rest of the 36 pieces.
"""

from __future__ import annotations

from hwgame.rules import PLAYING, STANDARD, Position, System, parse_piece

PLAYERS = ("North", "South")


def _pieces(text: str) -> tuple[int, ...]:
    return tuple(sorted(parse_piece(word) for word in text.split()))


def make_position(text: str, to_move: int = 0, rules=STANDARD) -> Position:
    """A position in play from system lines (see the module docstring)."""
    systems = []
    for line in text.strip().splitlines():
        name, _, rest = line.partition(":")
        name = name.strip()
        stars, ships0, ships1 = (rest.split("|") + ["", ""])[:3]
        home = PLAYERS.index(name) if name in PLAYERS else -1
        systems.append(System(home, _pieces(stars), _pieces(ships0), _pieces(ships1), name))
    bank = [3] * 12
    for s in systems:
        for p in s.stars + s.ships0 + s.ships1:
            bank[p] -= 1
    assert min(bank) >= 0, "more than three of a piece"
    return Position(tuple(systems), tuple(bank), to_move, PLAYING, rules, PLAYERS)
