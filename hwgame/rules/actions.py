"""Actions a player can take, and the Turn that groups them.

Actions name systems by name and pieces by piece code (see ``pieces``). They are frozen and hashable.
A Turn is a tuple of actions; the empty turn is written as a single Pass.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Homeworld:
    """Setup: two stars (``star2`` is None for an sdg one-star homeworld) and a first ship."""

    star1: int
    star2: int | None
    ship: int


@dataclass(frozen=True, slots=True)
class Build:
    """Green: a new ship of ``piece`` (the smallest of its colour in the bank) at ``system``."""

    piece: int
    system: str


@dataclass(frozen=True, slots=True)
class Trade:
    """Blue: swap your ship ``old`` at ``system`` for the bank's ``new`` of the same size."""

    old: int
    new: int
    system: str


@dataclass(frozen=True, slots=True)
class Move:
    """Yellow: move your ship ``ship`` from ``origin`` to the connected system ``destination``."""

    ship: int
    origin: str
    destination: str


@dataclass(frozen=True, slots=True)
class Discover:
    """Yellow: move your ship from ``origin`` to a new system with the bank's ``star``, named ``name``."""

    ship: int
    origin: str
    star: int
    name: str


@dataclass(frozen=True, slots=True)
class Capture:
    """Red: take the enemy ship ``piece`` at ``system``."""

    piece: int
    system: str


@dataclass(frozen=True, slots=True)
class Sacrifice:
    """Return your ship ``ship`` at ``system`` to the bank for actions of its colour."""

    ship: int
    system: str


@dataclass(frozen=True, slots=True)
class Catastrophe:
    """Return every piece of ``color`` at the overpopulated ``system`` to the bank."""

    system: str
    color: int


@dataclass(frozen=True, slots=True)
class Pass:
    """Do nothing more this turn (forfeits any action left)."""


@dataclass(frozen=True, slots=True)
class EndTurn:
    """Commit the turn: the end-of-turn check runs and the other player moves."""


PASS = Pass()
END_TURN = EndTurn()

Action = Homeworld | Build | Trade | Move | Discover | Capture | Sacrifice | Catastrophe | Pass | EndTurn
Turn = tuple[Action, ...]
