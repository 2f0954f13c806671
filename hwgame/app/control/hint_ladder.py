"""Which rung of the hint the player has reached, and what each rung shows (no pygame).

The play screen's Hint button climbs a ladder (``analysis.ideas``, reached through the coach): the first
press names the idea in words of the board, the second rings the pieces that act, the third gives the
whole turn (and Show plays it). A rung with nothing to say is stepped over: a position whose verdict
names no idea starts at the pieces, and one with no piece on the board to ring goes on to the turn.
A new turn, an undo or an action starts the ladder again (the flow calls ``reset`` where it forgets a
hint), so a rung is always of the position the turn starts from.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable

from hwgame.app.control.targets import BankPieceTarget, ShipTarget, StarTarget, Target
from hwgame.app.services.coach import Ladder, Lit
from hwgame.rules import Position

IDEA, PIECES, TURN = 1, 2, 3  # the rungs; 0: no rung climbed (a hint asked for whole, as a card does)


class HintLadder:
    """The rung reached for one position (``key``: the turn's index and its board)."""

    def __init__(self) -> None:
        self.key: Hashable | None = None
        self.rung = 0

    def climb(self, key: Hashable) -> int:
        """One press of Hint at the position ``key``: the next rung there (the first for a new position)."""
        if key != self.key:
            self.key, self.rung = key, IDEA
        else:
            self.rung = min(self.rung + 1, TURN)
        return self.rung

    def rung_at(self, key: Hashable) -> int:
        """The rung reached at ``key`` (0 when the ladder was not climbed there)."""
        return self.rung if key == self.key else 0

    def settle(self, rung: int) -> None:
        """Keep ``rung`` as the one shown (a rung stepped over counts as climbed)."""
        self.rung = rung

    def reset(self) -> None:
        """Start again from the bottom (the position changed)."""
        self.key, self.rung = None, 0


def shown_rung(rung: int, ladder: Ladder) -> int:
    """The rung to show when ``rung`` is asked for: past the idea when the ladder names none, past the
    pieces when none is on the board, and the turn itself at the top."""
    if rung <= IDEA and not ladder.ideas:
        rung = PIECES
    if rung == PIECES and not ladder.lit:
        rung = TURN
    return rung


def lit_targets(position: Position, lit: Iterable[Lit]) -> tuple[Target, ...]:
    """The pieces of the second rung as the board's targets (a system by the board's own spelling); a
    piece no longer on the board is left out."""
    out: list[Target] = []
    for piece in lit:
        if piece.kind == "bank":
            out.append(BankPieceTarget(piece.piece))
            continue
        system = position.system_named(piece.system)
        if system is None:
            continue
        if piece.kind == "star":
            out.append(StarTarget(system.name, piece.piece))
        elif piece.owner is not None:
            out.append(ShipTarget(system.name, piece.owner, piece.piece))
    return tuple(out)


__all__ = ["IDEA", "PIECES", "TURN", "HintLadder", "lit_targets", "shown_rung"]
