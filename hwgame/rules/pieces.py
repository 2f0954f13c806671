"""Pieces, colours, sizes and the bank.

A piece is a small integer ``color * 3 + size - 1`` (0..11). Pieces of the same colour and size are
identical, so every collection of pieces is a sorted tuple of these codes or a tuple of 12 counts.
"""

from __future__ import annotations

from .errors import NotationError

RED, YELLOW, GREEN, BLUE = range(4)
COLORS = (RED, YELLOW, GREEN, BLUE)
COLOR_LETTERS = "rygb"
# Identifiers, for the notation ("catastrophe Alpha green") and for the values of refusals; a player
# reads colours, powers and sizes through hwgame.words, in their language.
COLOR_NAMES = ("red", "yellow", "green", "blue")
POWER_NAMES = ("capture", "move", "build", "trade")
SIZES = (1, 2, 3)
SIZE_NAMES = ("small", "medium", "large")
ALL_PIECES = tuple(range(12))
COPIES = 3
FULL_BANK = (COPIES,) * 12


def make_piece(color: int, size: int) -> int:
    """Return the piece code of a colour (0..3) and a size (1..3)."""
    return color * 3 + size - 1


def color_of(piece: int) -> int:
    """Return the colour (0..3) of a piece code."""
    return piece // 3


def size_of(piece: int) -> int:
    """Return the size (1..3) of a piece code."""
    return piece % 3 + 1


def piece_text(piece: int) -> str:
    """Canonical lower-case text of a piece, for example ``"g1"``."""
    return COLOR_LETTERS[piece // 3] + str(piece % 3 + 1)


def parse_piece(text: str) -> int:
    """Read a piece such as ``G1`` or ``b3`` (case-insensitive); raise NotationError otherwise."""
    t = text.strip().lower()
    if len(t) == 2 and t[0] in COLOR_LETTERS and t[1] in "123":
        return make_piece(COLOR_LETTERS.index(t[0]), int(t[1]))
    raise NotationError("piece-unreadable", text=repr(text)[:40])


def smallest_in_bank(bank: tuple[int, ...], color: int) -> int | None:
    """The smallest piece of a colour left in the bank, or None when the bank has none."""
    base = color * 3
    for p in (base, base + 1, base + 2):
        if bank[p]:
            return p
    return None
