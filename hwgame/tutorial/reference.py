"""The rules on screen: the quick reference (structured sections) and the full rules page (paragraphs).

A section of the quick reference has a title, a few short lines, and optionally a table whose rows may
carry a colour (0 red, 1 yellow, 2 green, 3 blue) so the screen can draw a coloured swatch beside them.
``FULL_RULES`` is the longer page: paragraphs, each a tuple of lines, where a line starting " - " is an
item of a list. The words follow the project's rule book (RULES.md), standard rules.

Every text here is only marked (``N_``): a screen translates each one with ``_()`` when it draws it,
so a change of language shows at the next frame. ``as_text`` and ``full_rules_text`` translate too.
"""

from __future__ import annotations

from dataclasses import dataclass

from hwgame.i18n import N_, _
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
        N_("Setup"),
        (
            N_("The first player takes two stars and one ship from the bank: their homeworld. Then the second."),
            N_("Any three pieces are legal. A good start: a large ship, two stars of different sizes and colours."),
            N_("Then the first player takes the first turn."),
        ),
    ),
    Section(
        N_("Your turn"),
        (
            N_("Take one action, or sacrifice one ship, or pass."),
            N_("Catastrophes are extra: any number, at any moment of your turn, free."),
            N_("The turn ends when you press End Turn. Ending it without an action is a pass."),
        ),
    ),
    Section(
        N_("The four powers"),
        (N_("The acting ship is always yours, in the system where the power is used."),),
        (N_("Colour"), N_("Power"), N_("What it does")),
        (
            Row((N_("Red"), N_("Capture"), N_("Take an enemy ship in the system; your largest ship there must "
                 "be at least as big. It keeps its size and colour.")), RED),
            Row((N_("Yellow"), N_("Move"), N_("Move a ship to a connected system, or discover a new one with "
                 "a bank piece as its star.")), YELLOW),
            Row((N_("Green"), N_("Build"), N_("New ship of a colour you own there: the smallest of that colour "
                 "left in the bank.")), GREEN),
            Row((N_("Blue"), N_("Trade"), N_("Swap your ship for a bank piece of the same size and another "
                 "colour. It keeps its place and owner.")), BLUE),
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
            N_("They need no star: only a ship of yours where each is used (for a build, one of the colour "
               "you build)."),
            N_("You may use fewer than you get."),
        ),
        (N_("Ship"), N_("Actions")),
        (
            Row((N_("Small"), N_("1 action"))),
            Row((N_("Medium"), N_("2 actions"))),
            Row((N_("Large"), N_("3 actions"))),
        ),
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
            N_("It costs no action, is never forced, and works even where you have no ship. Left alone, "
               "either player may trigger it later."),
        ),
    ),
    Section(
        N_("Systems that vanish"),
        (
            N_("A system that is not a homeworld vanishes when no ship is left: its star returns to the bank "
               "at once."),
            N_("A system with no star left is gone with every ship in it."),
            N_("An empty homeworld stays until the end of the turn. With one star left it is still a "
               "homeworld."),
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
            N_("Two players at one screen may agree a draw."),
        ),
    ),
)  # fmt: skip


# The full rules page, paragraph by paragraph (see the module docstring).
FULL_RULES: tuple[tuple[str, ...], ...] = (
    (N_("GOAL. Each player has a homeworld: a system set up with two stars and a ship. At the end of every turn, a "
        "player with no ship at their own homeworld, or no homeworld left, has lost. If both lose at once, "
        "the game is a draw."),),
    (N_("PIECES. 36 pyramids: red, yellow, green and blue, in three sizes (small, medium, large), three of "
        "each. Upright pyramids are stars; pyramids lying down are ships, pointing away from their owner "
        "(yours point up the screen). Pieces not on the map are in the bank, and you can only take a piece "
        "the bank still holds."),),
    (N_("SETUP. The first player takes two stars and one ship from the bank as their homeworld; then the "
        "second player does the same. Any three pieces are legal, and the setup screen warns about choices "
        "that make the game hard. Then the first player takes the first turn."),),
    (N_("THE MAP. A system is one star (a homeworld starts with two) and the ships of either player there. "
        "Two systems are connected when they share no star size, and a homeworld counts both of its sizes: "
        "a small star connects to medium and large ones, and a home of small and medium stars connects "
        "only to large stars."),),
    (
        N_("A TURN is one action, or one sacrifice, or a pass. You may use a colour's power in a system when "
           "that colour is there as a star or as one of your own ships; enemy ships give you nothing. The "
           "acting ship is always yours, in that system."),
        N_(" - Green, BUILD: choose a colour you have a ship of in that system; the smallest bank piece of "
           "that colour becomes your new ship there. (Drag a bank piece onto the system.)"),
        N_(" - Blue, TRADE: swap one of your ships for a bank piece of the same size and another colour; it "
           "keeps its place and its owner. (Drag the bank piece onto your ship.)"),
        N_(" - Yellow, MOVE: move a ship to a connected system, or DISCOVER a new one, taking as its star a "
           "bank piece whose size is not a star size of the system you leave (drag your ship into open "
           "space). The yellow must be where the ship starts."),
        N_(" - Red, CAPTURE: take an enemy ship in that system no bigger than your largest ship there; it "
           "becomes yours with the same size and colour. (Drag your ship onto theirs.)"),
    ),
    (N_("SACRIFICE. Return one of your ships to the bank (drag it onto the bank) and take as many actions of "
        "its colour as its size: one, two or three. They need no star of that colour, only a ship of yours "
        "where each is used (for a build, a ship of the colour you build). You may use fewer and end the "
        "turn."),),
    (N_("CATASTROPHE. Four or more pieces of one colour in one system (stars and ships of both players) make "
        "it overpopulated: a marker appears. At any moment of your turn you may click it to send every "
        "piece of that colour there back to the bank. It is optional and free, it works where you have no "
        "ship, and an overpopulation left on the board may be triggered by either player on a later "
        "turn."),),
    (N_("SYSTEMS THAT VANISH. A system that is not a homeworld vanishes as soon as no ship is left there: "
        "its star goes back to the bank at once. A system whose last star a catastrophe takes vanishes, and "
        "its ships go back to the bank. A homeworld left without ships stays on the map until the end of "
        "the turn, so you may bring a ship back in time; one with a single star left is still a "
        "homeworld."),),
    (
        N_("WINNING. The enemy loses when a turn ends with no ship of theirs at their homeworld, or no "
           "homeworld. Three ways to get there:"),
        N_(" - Direct assault: capture every ship the enemy has at its homeworld."),
        N_(" - Fleet catastrophe: overpopulate the enemy's homeworld in the colour of all its ships there."),
        N_(" - Star demolition: destroy both stars of the enemy's homeworld with catastrophes; a system "
           "with no star is gone, with its ships."),
    ),
    (N_("DRAWS. Both players losing at the end of the same turn is a draw. So is the same position a third "
        "time with the same player to move: against the computer the game ends at once, and at one screen "
        "the player to move may claim it from the game menu (Esc). Two players at one screen may also agree "
        "a draw there."),),
    (N_("END TURN with the button or Enter; ending a turn without an action is a pass. Ctrl+Z takes back an "
        "action, or your last turn and the computer's answer. Every action can also be done by clicking a "
        "piece and picking from the list."),),
)  # fmt: skip


def section_named(title: str) -> Section:
    """The section with this English title (case-insensitive); KeyError if there is none."""
    for section in SECTIONS:
        if section.title.lower() == title.lower():
            return section
    raise KeyError(title)


def as_text(sections: tuple[Section, ...] = SECTIONS) -> str:
    """The whole quick reference as plain text in the player's language (for a terminal, a log or a test)."""
    out = []
    for section in sections:
        out.append(_(section.title).upper())
        out.extend(f"- {_(line)}" for line in section.lines)
        if section.rows:
            out.append("  " + " | ".join(_(cell) for cell in section.header))
            out.extend("  " + " | ".join(_(cell) for cell in row.cells) for row in section.rows)
        out.append("")
    return "\n".join(out).rstrip() + "\n"


def full_rules_text() -> str:
    """The full rules page in the player's language: paragraphs apart, a list's items on lines of their own."""
    return "\n\n".join("\n".join(_(line) for line in block) for block in FULL_RULES)


__all__ = ["FULL_RULES", "Row", "SECTIONS", "Section", "as_text", "full_rules_text", "section_named"]
