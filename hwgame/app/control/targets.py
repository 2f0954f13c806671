"""What a point of the play screen can be: the targets of clicks and drops, and the lit drop targets.

The words the controller and the screen share. The layout (pure geometry) answers "what is under this
point" with one of these; the controller turns a gesture from one target to another into rule actions;
``Highlights`` says which targets a dragged piece may be dropped on. No pygame, no geometry here.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class ShipTarget:
    """A ship on the board; ``index`` tells identical ships apart for drawing only."""

    system: str
    owner: int
    piece: int
    index: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True)
class StarTarget:
    """A star of a system."""

    system: str
    piece: int


@dataclass(frozen=True, slots=True)
class SystemTarget:
    """The area of a system that is not one of its pieces."""

    system: str


@dataclass(frozen=True, slots=True)
class MarkerTarget:
    """The overpopulation marker of a colour at a system (click: catastrophe)."""

    system: str
    color: int


@dataclass(frozen=True, slots=True)
class BankPieceTarget:
    """One colour-size cell of the bank."""

    piece: int


@dataclass(frozen=True, slots=True)
class BankTarget:
    """The bank as a whole (drop a ship here to sacrifice it)."""


@dataclass(frozen=True, slots=True)
class SpaceTarget:
    """Open space on the board (drop a ship here to discover a new system)."""


# What a drawn piece stands for: a ship ("ship"), a star ("star") or a bank cell ("bank").
PieceTarget = ShipTarget | StarTarget | BankPieceTarget
# Anything a point of the play screen can be: what a press starts from and a release lands on.
Target = ShipTarget | StarTarget | SystemTarget | MarkerTarget | BankPieceTarget | BankTarget | SpaceTarget

BANK = BankTarget()
SPACE = SpaceTarget()


def system_of(target: Target | None) -> str | None:
    """The system a target belongs to, or None (bank, open space)."""
    return getattr(target, "system", None)


@dataclass
class Highlights:
    """The drop targets that would be legal for the piece being dragged."""

    systems: set[str] = field(default_factory=set)  # system names (drop on the system)
    ships: set[tuple[str, int, int]] = field(default_factory=set)  # (system, owner, piece)
    bank: bool = False
    space: bool = False

    def lit(self, target: Target) -> bool:
        """True when dropping on ``target`` does something legal."""
        if isinstance(target, ShipTarget):
            return (target.system, target.owner, target.piece) in self.ships or target.system in self.systems
        if isinstance(target, (BankTarget, BankPieceTarget)):
            return self.bank
        if isinstance(target, SpaceTarget):
            return self.space
        name = system_of(target)
        return name is not None and name in self.systems


__all__ = ["BANK", "SPACE", "BankPieceTarget", "BankTarget", "Highlights", "MarkerTarget", "PieceTarget",
           "ShipTarget", "SpaceTarget", "StarTarget", "SystemTarget", "Target", "system_of"]
