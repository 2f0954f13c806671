"""The computer's levels as the files keep them: names, their numbers, and the default. Pure Python.

Saves and settings store a level as a number (1 = the weakest); the window and the command line use
the names. This table is the one place where the two meet. The AI's own table of search limits,
``hwgame.ai.bots.LEVELS``, is keyed by the same names (a test keeps the two in step): the AI imports the
rules only and the files do not import the AI, so neither can take the table from the other.
"""

from __future__ import annotations

LEVEL_NAMES: tuple[str, ...] = ("beginner", "easy", "normal", "hard")  # weakest first: number = place + 1
DEFAULT_LEVEL = "normal"
# The highest number a file may hold: room for levels to come. A number above the hardest of this copy
# of the game (a file from a newer one) plays as the hardest.
MAX_LEVEL = 10


def level_number(name: str) -> int:
    """The number of the level called ``name`` (any case); an unknown name gives the default level's."""
    try:
        return LEVEL_NAMES.index(name.lower()) + 1
    except ValueError:
        return LEVEL_NAMES.index(DEFAULT_LEVEL) + 1


def level_name(number: int | None) -> str:
    """The level called by a stored number: above the hardest means the hardest; none means the default."""
    if not number:
        return DEFAULT_LEVEL
    return LEVEL_NAMES[max(1, min(number, len(LEVEL_NAMES))) - 1]


DEFAULT_LEVEL_NUMBER = level_number(DEFAULT_LEVEL)
