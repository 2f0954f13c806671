"""What the play screen says about the board in plain words: overpopulations and their markers.

Pure words, no pygame, so the side panel, the marker's tooltip and the tests read the same sentences.
An overpopulation is easy to miss on a busy board, and a catastrophe costs no action, so the panel
names every one and says where to click; hovering a marker says what the click will do.
"""

from __future__ import annotations

from hwgame.rules import COLOR_NAMES, Position, System

NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                "twelve")


def number_word(n: int) -> str:
    """A small count in words ("four"), larger ones in digits."""
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)


def colour_count(system: System, color: int) -> int:
    """How many pieces of a colour a system holds: its stars and both players' ships."""
    return sum(1 for p in (*system.stars, *system.ships0, *system.ships1) if p // 3 == color)


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
        what = f"Overpopulation at {name}: {number_word(n)} {COLOR_NAMES[color]} pieces."
        if can_act:
            notes.append(f"{what} Click the ! on {name} to make a catastrophe there.")
        else:
            notes.append(f"{what} A catastrophe may be made there on a turn (click its !).")
    return notes


def marker_tip(position: Position, system: str, color: int, can_act: bool) -> str:
    """The tooltip of an overpopulation marker: what it means and what clicking it does."""
    s = position.system_named(system)
    n = colour_count(s, color) if s is not None else 4
    word = COLOR_NAMES[color]
    text = (f"{system} is overpopulated: {number_word(n)} {word} pieces (four or more of one colour). "
            f"A catastrophe sends every {word} piece at {system} back to the bank; it costs no action.")
    if can_act:
        return text + " Click to make it."
    return text + " It can be made on a turn of yours."


__all__ = ["colour_count", "marker_tip", "number_word", "overpopulation_notes", "overpopulations"]
