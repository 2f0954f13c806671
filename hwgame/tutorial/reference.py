"""The rules on one screen: a quick reference as structured text sections.

A section has a title, a few short lines, and optionally a table whose rows may carry a colour
(0 red, 1 yellow, 2 green, 3 blue) so the screen can draw a coloured swatch beside them. The words
follow the project's rule book (RULES.md), standard rules.
"""

from __future__ import annotations

from dataclasses import dataclass

from hwgame.i18n import N_
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
        N_("Pieces and the bank"),
        (
            N_("36 pyramids: 4 colours x 3 sizes (small 1, medium 2, large 3) x 3 copies."),
            N_("Upright pieces are stars; pieces lying down are ships, pointing away from their owner."),
            N_("Pieces not on the board are in the bank. You can only take a piece the bank still holds."),
        ),
    ),
    Section(
        N_("Your turn"),
        (
            N_("Take one action, or sacrifice one ship, or pass."),
            N_("Catastrophes are extra: any number, at any moment of your turn, free."),
            N_("The turn ends when you press End Turn."),
        ),
    ),
    Section(
        N_("The four powers"),
        (N_("The acting ship is always yours, in the system where the power is used."),),
        (N_("Colour"), N_("Power"), N_("What it does")),
        (
            Row((N_("Red"), N_("Capture"), N_("Take an enemy ship in the system; your largest ship there must be at "
                 "least as big.")), RED),
            Row((N_("Yellow"), N_("Move"), N_("Move a ship to a connected system, or discover a new one with a bank "
                 "piece as its star.")), YELLOW),
            Row((N_("Green"), N_("Build"), N_("New ship of a colour you own there: the smallest of that colour left in "
                 "the bank.")), GREEN),
            Row((N_("Blue"), N_("Trade"), N_("Swap your ship for a bank piece of the same size and another "
                 "colour.")), BLUE),
        ),
    ),
    Section(
        N_("Access"),
        (
            N_("You may use a colour's power in a system when that colour is there as a star, or as a ship "
            "of your own."),
            N_("Enemy ships never give you a power. Stars give their power to everyone with a ship there."),
            N_("A move needs yellow where the ship starts, not where it arrives."),
        ),
    ),
    Section(
        N_("Sacrifice"),
        (
            N_("Return one of your ships to the bank for actions of its colour."),
            N_("They need no star: only a ship of yours in each system where you use one."),
            N_("You may use fewer than you get."),
        ),
        (N_("Ship"), N_("Actions")),
        (Row((N_("Small"), N_("1 action"))), Row((N_("Medium"), N_("2 actions"))), Row((N_("Large"), N_("3 actions")))),
    ),
    Section(
        N_("Connections"),
        (
            N_("Two systems are connected when they share no star size."),
            N_("A homeworld counts both of its star sizes."),
            N_("A discovered star must not share a size with the system the ship leaves."),
        ),
    ),
    Section(
        N_("Catastrophe"),
        (
            N_("Four or more pieces of one colour in a system (stars and both players' ships) is "
            "overpopulation."),
            N_("On your turn you may trigger it: every piece of that colour there returns to the bank."),
            N_("It costs no action, is never forced, and works even where you have no ship."),
        ),
    ),
    Section(
        N_("Systems that vanish"),
        (
            N_("A discovered system with no ships is gone: its star returns to the bank at once."),
            N_("A system with no star left is gone with every ship in it."),
            N_("A homeworld stays while it has a star, even if it is empty during your turn."),
        ),
    ),
    Section(
        N_("How to win"),
        (
            N_("At the end of every turn, a player with no ship at their own homeworld, or no homeworld, "
            "has lost."),
        ),
        (N_("Way"), N_("How")),
        (
            Row((N_("Direct assault"), N_("Capture every ship the enemy has at home."))),
            Row((N_("Fleet catastrophe"), N_("Overpopulate the enemy home in the colour of its defenders."))),
            Row((N_("Star demolition"), N_("Destroy both stars of the enemy home with catastrophes."))),
        ),
    ),
    Section(
        N_("Draws"),
        (
            N_("Both players lose at the same moment: a draw."),
            N_("The same position a third time, same player to move: the player to move may claim a draw "
            "(automatic against the computer)."),
            N_("Two players may agree to a draw."),
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
