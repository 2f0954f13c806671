"""The computer's levels: one table, weakest first, read by the AI, the files and the window. Pure Python.

A level is known everywhere by its name ("normal"): saves and settings store the name, the command line
takes it, the window lists the levels in this order under their labels, and the AI keeps how each
thinks under the same name (``hwgame.ai.bots.LEVELS``; a test keeps the two in step). Adding a level is
a row here and its thinking there.

The name, never a place in this table, is what files keep: a level inserted in the middle changes no
stored game. Files of older versions kept a number; ``hwgame.persist.migrate`` turns those numbers into
names with the table of that time, frozen there.
"""

from __future__ import annotations

from dataclasses import dataclass

from hwgame.i18n import N_


@dataclass(frozen=True)
class Level:
    """One level: its ``name`` (files, the command line, the AI), the ``label`` the window shows,
    marked for the catalogs and translated where it is shown, and its ``rating``: the level's fixed
    strength on an Elo scale, against which the Statistics screen rates a player (see below)."""

    name: str
    label: str
    rating: int = 1000


# The ratings come from matches (``python -m hwgame.bench ai``): each level against the one below
# (sensible random openings, 20 games, sides swapped): Easy 17/20 against Beginner, Normal 19.5/20
# against Easy, Hard 17/20 against Normal; and each against the AI of the public C++ engine, from
# openings of real games none of the levels was tuned on (sides swapped): Beginner 0/24, Easy 3/17,
# Normal 20/24, Hard 38.5/40. ``python -m hwgame.bench ratings`` fits the Elo differences of those
# scores by least squares, each weighted by how sure its games make it, with the reference as one more
# player and Beginner held at 800 (the scale's usual place for a newcomer): Easy 1110 +- 200, Normal
# 1690 +- 290, Hard 1980 +- 310 (95% intervals) and the reference 1410 +- 250.
LEVEL_TABLE: tuple[Level, ...] = (
    Level("beginner", N_("Beginner"), 800),
    Level("easy", N_("Easy"), 1110),
    Level("normal", N_("Normal"), 1690),
    Level("hard", N_("Hard"), 1980),
    # Expert won all of its 6 games against the reference, which bounds its rating from below only;
    # until it plays Hard it stands a step above it.
    Level("expert", N_("Expert"), 2080),
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
