"""The rules on one screen: a quick reference as structured text sections.

A section has a title, a few short lines, and optionally a table whose rows may carry a colour
(0 red, 1 yellow, 2 green, 3 blue) so the screen can draw a coloured swatch beside them. The words
follow the project's rule book (RULES.md), standard rules.
"""

from __future__ import annotations

from dataclasses import dataclass

from hwgame.rules import BLUE, GREEN, RED, YELLOW


@dataclass(frozen=True)
class Row:
    """One table row: its cells, and the colour it is about (None: no swatch)."""

    cells: tuple[str, ...]
    color: int | None = None


@dataclass(frozen=True)
class Section:
    """A titled block of the quick reference."""

    title: str
    lines: tuple[str, ...]
    header: tuple[str, ...] = ()
    rows: tuple[Row, ...] = ()


SECTIONS = (
    Section(
        "Pieces and the bank",
        (
            "36 pyramids: 4 colours x 3 sizes (small 1, medium 2, large 3) x 3 copies.",
            "Upright pieces are stars; pieces lying down are ships, pointing away from their owner.",
            "Pieces not on the board are in the bank. You can only take a piece the bank still holds.",
        ),
    ),
    Section(
        "Your turn",
        (
            "Take one action, or sacrifice one ship, or pass.",
            "Catastrophes are extra: any number, at any moment of your turn, free.",
            "The turn ends when you press End Turn.",
        ),
    ),
    Section(
        "The four powers",
        ("The acting ship is always yours, in the system where the power is used.",),
        ("Colour", "Power", "What it does"),
        (
            Row(("Red", "Capture", "Take an enemy ship in the system; your largest ship there must be at "
                 "least as big."), RED),
            Row(("Yellow", "Move", "Move a ship to a connected system, or discover a new one with a bank "
                 "piece as its star."), YELLOW),
            Row(("Green", "Build", "New ship of a colour you own there: the smallest of that colour left in "
                 "the bank."), GREEN),
            Row(("Blue", "Trade", "Swap your ship for a bank piece of the same size and another colour."), BLUE),
        ),
    ),
    Section(
        "Access",
        (
            "You may use a colour's power in a system when that colour is there as a star, or as a ship "
            "of your own.",
            "Enemy ships never give you a power. Stars give their power to everyone with a ship there.",
            "A move needs yellow where the ship starts, not where it arrives.",
        ),
    ),
    Section(
        "Sacrifice",
        (
            "Return one of your ships to the bank for actions of its colour.",
            "They need no star: only a ship of yours in each system where you use one.",
            "You may use fewer than you get.",
        ),
        ("Ship", "Actions"),
        (Row(("Small", "1 action")), Row(("Medium", "2 actions")), Row(("Large", "3 actions"))),
    ),
    Section(
        "Connections",
        (
            "Two systems are connected when they share no star size.",
            "A homeworld counts both of its star sizes.",
            "A discovered star must not share a size with the system the ship leaves.",
        ),
    ),
    Section(
        "Catastrophe",
        (
            "Four or more pieces of one colour in a system (stars and both players' ships) is "
            "overpopulation.",
            "On your turn you may trigger it: every piece of that colour there returns to the bank.",
            "It costs no action, is never forced, and works even where you have no ship.",
        ),
    ),
    Section(
        "Systems that vanish",
        (
            "A discovered system with no ships is gone: its star returns to the bank at once.",
            "A system with no star left is gone with every ship in it.",
            "A homeworld stays while it has a star, even if it is empty during your turn.",
        ),
    ),
    Section(
        "How to win",
        (
            "At the end of every turn, a player with no ship at their own homeworld, or no homeworld, "
            "has lost.",
        ),
        ("Way", "How"),
        (
            Row(("Direct assault", "Capture every ship the enemy has at home.")),
            Row(("Fleet catastrophe", "Overpopulate the enemy home in the colour of its defenders.")),
            Row(("Star demolition", "Destroy both stars of the enemy home with catastrophes.")),
        ),
    ),
    Section(
        "Draws",
        (
            "Both players lose at the same moment: a draw.",
            "The same position a third time, same player to move: the player to move may claim a draw "
            "(automatic against the computer).",
            "Two players may agree to a draw.",
        ),
    ),
)  # fmt: skip


def section_named(title: str) -> Section:
    """The section with this title (case-insensitive); KeyError if there is none."""
    for section in SECTIONS:
        if section.title.lower() == title.lower():
            return section
    raise KeyError(title)


def as_text(sections: tuple[Section, ...] = SECTIONS) -> str:
    """The whole reference as plain text (for a terminal, a log or a test)."""
    out = []
    for section in sections:
        out.append(section.title.upper())
        out.extend(f"- {line}" for line in section.lines)
        if section.rows:
            out.append("  " + " | ".join(section.header))
            out.extend("  " + " | ".join(row.cells) for row in section.rows)
        out.append("")
    return "\n".join(out).rstrip() + "\n"


__all__ = ["Row", "SECTIONS", "Section", "as_text", "section_named"]
