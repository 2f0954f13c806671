"""What the play screen says about the board in plain words: overpopulations and their markers.

Pure words, no pygame, so the side panel, the marker's tooltip and the tests read the same sentences.
An overpopulation is easy to miss on a busy board, and a catastrophe costs no action, so the panel
names every one and says where to click; hovering a marker says what the click will do.
"""

from __future__ import annotations

from hwgame.i18n import N_, _, ngettext
from hwgame.rules import Position, System
from hwgame.words import colour_name

# Small counts in words, as a sentence reads them (translated where they are shown).
NUMBER_WORDS = (N_("no"), N_("one"), N_("two"), N_("three"), N_("four"), N_("five"), N_("six"), N_("seven"),
                N_("eight"), N_("nine"), N_("ten"), N_("eleven"), N_("twelve"))


def number_word(n: int) -> str:
    """A small count in words ("four"), larger ones in digits, in the language in force."""
    return _(NUMBER_WORDS[n]) if 0 <= n < len(NUMBER_WORDS) else str(n)


def colour_count(system: System, color: int) -> int:
    """How many pieces of a colour a system holds: its stars and both players' ships."""
    return system.count_color(color)


def overpopulations(position: Position) -> list[tuple[str, int, int]]:
    """Every overpopulation on the board as (system name, colour, pieces of that colour there)."""
    out = []
    for s in position.systems:
        for c in s.overpopulated():
            out.append((s.name, c, colour_count(s, c)))
    return out


def overpopulation_notes(position: Position, can_act: bool) -> list[str]:
    """One sentence per overpopulation for the side panel; ``can_act`` (the player to move may trigger
    it now) adds where to click, else says the ! waits for a turn."""
    notes = []
    for name, color, n in overpopulations(position):
        values = {"system": name, "count": number_word(n), "colour": colour_name(color)}
        if can_act:
            notes.append(ngettext(
                "Overpopulation at {system}: {count} {colour} piece. Click the ! on {system} to make a "
                "catastrophe there.",
                "Overpopulation at {system}: {count} {colour} pieces. Click the ! on {system} to make a "
                "catastrophe there.", n).format(**values))
        else:
            notes.append(ngettext(
                "Overpopulation at {system}: {count} {colour} piece. A catastrophe may be made there on a "
                "turn (click its !).",
                "Overpopulation at {system}: {count} {colour} pieces. A catastrophe may be made there on a "
                "turn (click its !).", n).format(**values))
    return notes


def marker_tip(position: Position, system: str, color: int, can_act: bool) -> str:
    """The tooltip of an overpopulation marker: what it means and what clicking it does."""
    s = position.system_named(system)
    n = colour_count(s, color) if s is not None else 4
    values = {"system": system, "count": number_word(n), "colour": colour_name(color)}
    if can_act:
        return ngettext(
            "{system} is overpopulated: {count} {colour} piece (four or more of one colour). A catastrophe "
            "sends every {colour} piece at {system} back to the bank; it costs no action. Click to make it.",
            "{system} is overpopulated: {count} {colour} pieces (four or more of one colour). A catastrophe "
            "sends every {colour} piece at {system} back to the bank; it costs no action. Click to make it.",
            n).format(**values)
    return ngettext(
        "{system} is overpopulated: {count} {colour} piece (four or more of one colour). A catastrophe "
        "sends every {colour} piece at {system} back to the bank; it costs no action. It can be made on "
        "a turn of yours.",
        "{system} is overpopulated: {count} {colour} pieces (four or more of one colour). A catastrophe "
        "sends every {colour} piece at {system} back to the bank; it costs no action. It can be made on "
        "a turn of yours.",
        n).format(**values)


__all__ = ["colour_count", "marker_tip", "number_word", "overpopulation_notes", "overpopulations"]
