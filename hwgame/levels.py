"""The computer's levels: one table, weakest first, read by the AI, the files and the window. Pure Python.

A level is known everywhere by its name ("normal"): saves and settings store the name, the command line
takes it, the window lists the levels in this order under their labels, and the AI keeps the search
limits of each under the same name (``hwgame.ai.bots.LEVELS``; a test keeps the two in step). Adding a
level is a row here and its limits there.

The name, never a place in this table, is what files keep: a level inserted in the middle changes no
stored game. Files of older versions kept a number; ``hwgame.persist.migrate`` turns those numbers into
names with the table of that time, frozen there.
"""

from __future__ import annotations

from dataclasses import dataclass

from hwgame.i18n import N_


@dataclass(frozen=True)
class Level:
    """One level: its ``name`` (files, the command line, the AI) and the ``label`` the window shows,
    marked for the catalogs and translated where it is shown."""

    name: str
    label: str


LEVEL_TABLE: tuple[Level, ...] = (
    Level("beginner", N_("Beginner")),
    Level("easy", N_("Easy")),
    Level("normal", N_("Normal")),
    Level("hard", N_("Hard")),
    Level("expert", N_("Expert")),
)
LEVEL_NAMES: tuple[str, ...] = tuple(level.name for level in LEVEL_TABLE)  # weakest first
DEFAULT_LEVEL = "normal"


def is_level(name: object) -> bool:
    """True when ``name`` is the name of a level of the table (exactly: files keep names in lower case)."""
    return name in LEVEL_NAMES


def level_or_default(name: str | None) -> str:
    """``name`` when it names a level (any case), else the default level."""
    low = name.lower() if isinstance(name, str) else None
    return low if low in LEVEL_NAMES else DEFAULT_LEVEL


__all__ = ["DEFAULT_LEVEL", "LEVEL_NAMES", "LEVEL_TABLE", "Level", "is_level", "level_or_default"]
