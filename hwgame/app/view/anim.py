"""Animating a change of position: every piece glides from where it was to where it is now.

A Transition matches the pieces of two positions: the same piece in the same place first, then the
same piece anywhere (a move, a capture), and what is left comes from or goes to its bank cell (builds,
trades, sacrifices, catastrophes, systems that disappear). System boxes glide too, so the map reflows
smoothly when a system appears or vanishes.
"""

from __future__ import annotations

from dataclasses import dataclass

from hwgame.app.control.targets import ShipTarget
from hwgame.app.view.layout import BankLayout, BoardLayout, Box, PieceKind, PiecePlace, SystemPlace
from hwgame.rules import Position

BASE_DURATION = 0.42  # seconds for one action at animation speed 1


def ease(t: float) -> float:
    """Smooth start and stop."""
    t = max(0.0, min(1.0, t))
    return t * t * (3 - 2 * t)


def lerp_box(a: Box, b: Box, t: float) -> Box:
    """The box between ``a`` and ``b`` at ``t`` (0..1)."""
    return Box(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t, a.w + (b.w - a.w) * t, a.h + (b.h - a.h) * t)


@dataclass
class Flight:
    """One piece's way: start box/kind/direction, end box/kind/direction, and the ship owner at the end."""

    piece: int
    box0: Box
    kind0: PieceKind
    dir0: int
    box1: Box
    kind1: PieceKind
    dir1: int
    owner0: int
    owner1: int
    moving: bool  # False for pieces that only follow the reflow of the map


# A placed piece's identity for matching: (system's name in lower case, kind, owner or -1).
PlaceKey = tuple[str, PieceKind, int]
# A piece in the bank, lifted by the pointer and dropped: (piece, the box where it was let go).
Grab = tuple[int, Box]


def _places(layout: BoardLayout) -> list[tuple[PlaceKey, PiecePlace]]:
    out: list[tuple[PlaceKey, PiecePlace]] = []
    for sp in layout.systems:
        for pp in sp.pieces:
            owner = pp.target.owner if isinstance(pp.target, ShipTarget) else -1
            out.append(((sp.name.lower(), pp.kind, owner), pp))
    return out


class Transition:
    """The animation between two positions (one action, or a whole turn for a quick redraw)."""

    def __init__(self, before: Position, after: Position, lay0: BoardLayout, lay1: BoardLayout,
                 bank: BankLayout, duration: float = BASE_DURATION, grab: Grab | None = None):
        self.before, self.after = before, after
        self.lay0, self.lay1 = lay0, lay1
        self.duration = max(0.01, duration)
        self.elapsed = 0.0
        self.flights: list[Flight] = []
        self.systems: list[tuple[SystemPlace, Box | None]] = []  # (system after, its box before or None)
        self.leaving: list[SystemPlace] = []  # the systems that are gone
        self._match(bank, grab)

    def _match(self, bank: BankLayout, grab: Grab | None) -> None:
        cells = {c.piece: c.place.box for c in bank.cells}
        old = _places(self.lay0)
        new = _places(self.lay1)
        used_old = [False] * len(old)
        pending_new: list[tuple[PlaceKey, PiecePlace]] = []
        # 1. Same piece, same place.
        for key, pp in new:
            for i, (k0, p0) in enumerate(old):
                if not used_old[i] and k0 == key and p0.piece == pp.piece:
                    used_old[i] = True
                    self._add(p0, k0[2], pp, key[2], moving=False)
                    break
            else:
                pending_new.append((key, pp))
        # 2. Same piece elsewhere (moves, captures, a discovering ship). Ships match ships first.
        rest: list[tuple[PlaceKey, PiecePlace]] = []
        for key, pp in pending_new:
            best: int | None = None
            for i, (k0, p0) in enumerate(old):
                if used_old[i] or p0.piece != pp.piece:
                    continue
                if best is None or (k0[1] == key[1] and old[best][0][1] != key[1]):
                    best = i
            if best is not None and (pp.kind == "ship") == (old[best][1].kind == "ship"):
                used_old[best] = True
                self._add(old[best][1], old[best][0][2], pp, key[2], moving=True)
            else:
                rest.append((key, pp))
        # 3. From the bank, and back to it.
        for key, pp in rest:
            start = cells[pp.piece]
            if grab is not None and grab[0] == pp.piece:
                start, grab = grab[1], None  # a dropped bank piece starts where it was dropped
            self.flights.append(Flight(pp.piece, start, "bank", 0, pp.box, pp.kind, pp.direction, -1, key[2], True))
        for i, (k0, p0) in enumerate(old):
            if not used_old[i]:
                self.flights.append(
                    Flight(p0.piece, p0.box, p0.kind, p0.direction, cells[p0.piece], "bank", 0, k0[2], -1, True)
                )
        names0 = {sp.name.lower(): sp for sp in self.lay0.systems}
        names1 = {sp.name.lower() for sp in self.lay1.systems}
        for sp in self.lay1.systems:
            prev = names0.get(sp.name.lower())
            self.systems.append((sp, prev.box if prev else None))
        self.leaving = [sp for name, sp in names0.items() if name not in names1]
        if grab is not None:
            # A dragged ship: it starts from the point where it was dropped.
            for f in self.flights:
                if f.moving and f.piece == grab[0] and f.kind0 == "ship":
                    f.box0 = grab[1]
                    break

    def _add(self, p0: PiecePlace, owner0: int, p1: PiecePlace, owner1: int, moving: bool) -> None:
        moving = moving or owner0 != owner1
        self.flights.append(Flight(p1.piece, p0.box, p0.kind, p0.direction, p1.box, p1.kind, p1.direction,
                                   owner0, owner1, moving))

    @property
    def done(self) -> bool:
        """True once the animation has played."""
        return self.elapsed >= self.duration

    def advance(self, dt: float) -> None:
        """Move the clock on by ``dt`` seconds."""
        self.elapsed += dt

    @property
    def t(self) -> float:
        """Eased progress 0..1."""
        return ease(self.elapsed / self.duration)
