"""The one judgement of a position: a ``Verdict``, read by every screen that judges a board.

A verdict holds either a **proof** (``Proof``: won or lost whatever is played, in so many of the
winner's turns; exact) or an **estimate** (``Estimate``: a search's score read as a chance to win), never
both; a proof always beats an estimate. It says whose point of view it holds (``player``, the side to
move at the position), the way python-chess keeps a ``PovScore``: ``chance_for`` and ``proof_for`` turn
it to either player. Beside the judgement it keeps the best turn and the line the search expects after
it, the opponent's threats (turns that would win at once if the side to move passed), and how deep it
was reached. Plain frozen data, so it crosses from the search process in a reply.

A chance is read from the fitted curves only where no proof is known, in one place (``estimate_of``),
and rounded in one place (``percent``), so a text and its JSON agree to the digit.
"""

from __future__ import annotations

from dataclasses import dataclass

from hwgame.ai.proofs import DRAW, LOSS, WIN, Proven, proven_of_score
from hwgame.ai.why import Why
from hwgame.ai.winchance import estimate_chance, percent, phase_of_turn, turns_in_play
from hwgame.rules import Turn


@dataclass(frozen=True)
class Proof:
    """A proven result for the verdict's player: ``result`` (``WIN``, ``LOSS`` or ``DRAW``) in ``turns``
    of the winner's turns (1: the winner's next turn)."""

    result: str
    turns: int

    def flipped(self) -> Proof:
        """The same result from the other player's side."""
        other = {WIN: LOSS, LOSS: WIN}.get(self.result, self.result)
        return Proof(other, self.turns)

    @property
    def chance(self) -> float:
        """The chance to win this proof stands for: 1, 0, or a half for a draw."""
        return 1.0 if self.result == WIN else 0.0 if self.result == LOSS else 0.5


@dataclass(frozen=True)
class Estimate:
    """A search's judgement that proves nothing: its ``score`` for the verdict's player (evaluation
    points) and the ``chance`` to win it stands for."""

    score: float
    chance: float


@dataclass(frozen=True)
class Verdict:
    """The judgement of one position (see the module docstring). ``player`` is the side to move there,
    whose view ``proof`` and ``estimate`` hold; exactly one of them is set for a position in play."""

    player: int
    proof: Proof | None = None
    estimate: Estimate | None = None
    best: Turn | None = None
    line: tuple[Turn, ...] = ()
    threats: tuple[Turn, ...] = ()
    depth: int = 0
    why: Why | None = None
    # Where the best turn leaves the side to move better off than a pass would, in the evaluation's
    # groups (``ai.reasons.weighed``): the reason for a quiet turn that captures and parries nothing.
    strengthens: tuple[str, ...] = ()

    @property
    def chance(self) -> float | None:
        """The side to move's chance to win: 1 or 0 where proven, else the estimate's."""
        if self.proof is not None:
            return self.proof.chance
        return self.estimate.chance if self.estimate is not None else None

    def chance_for(self, player: int) -> float | None:
        """``player``'s chance to win at this position."""
        chance = self.chance
        if chance is None:
            return None
        return chance if player == self.player else 1.0 - chance

    def proof_for(self, player: int) -> Proof | None:
        """The proven result from ``player``'s side, or None."""
        if self.proof is None:
            return None
        return self.proof if player == self.player else self.proof.flipped()

    @property
    def deeper_than(self) -> int:
        """How much this verdict is worth against another of the same position: a proof above any
        estimate, then the depth (a deeper one replaces a shallower one)."""
        return (1000 if self.proof is not None else 0) + self.depth


def round_chance(chance: float) -> float:
    """A chance rounded as it is shown (``percent`` / 100), for JSON that agrees with the text."""
    return percent(chance) / 100


def proof_of(proven: Proven | None) -> Proof | None:
    """An exact proof (``ai.proofs.Proven``) as a verdict's ``Proof``."""
    return None if proven is None else Proof(proven.result, proven.turns)


def proof_from_score(score: float) -> Proof | None:
    """A search score as a ``Proof`` where the search proves it (``ai.proofs.proven_of_score``)."""
    return proof_of(proven_of_score(score))


def estimate_of(score: float, turn_index: int) -> Estimate:
    """A search ``score`` (not proven) of the side to move, ``turn_index`` turns into the game, as an
    ``Estimate`` (its chance from ``ai.winchance.estimate_chance``, never a certainty)."""
    phase = phase_of_turn(turns_in_play(turn_index))
    return Estimate(float(score), estimate_chance(score, phase))


__all__ = ["DRAW", "LOSS", "WIN", "Estimate", "Proof", "Verdict", "estimate_of", "percent",
           "proof_from_score", "proof_of", "round_chance"]  # fmt: skip
