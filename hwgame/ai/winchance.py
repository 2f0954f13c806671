"""The chance that the player to move goes on to win, read from a search score.

A score is in evaluation points, which mean nothing to a player; a chance does. The chance is a
logistic curve over the score, ``1 / (1 + exp(-(bias + slope * asinh(score / SCORE_SCALE))))``, with its
own bias and slope in each phase of the game (early scores say less about the end than late ones).
The score goes in through ``asinh``: near level it counts as it is, far from level it counts less and
less, because a big lead in points is not many times surer than a fair lead (a straight line over the
raw score was too timid about fair leads and too bold about big ones, on games held out of the fit).
The curves were fitted on the SuperDuperGames archive: every position of every decided game,
labelled with the real result, each game weighing the same whatever its length (``python -m
hwgame.bench calibration`` fits them on one half of the games and reports on the other half).

A score the search proved (a win or a loss against every reply) is a certainty; any other score is
never shown as more certain than ``SURE``: people miss wins.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from hwgame.rules import PLAYING

from .search import LIKELY, is_proven

PHASES = ("opening", "middle", "end")
# The phase by how many turns were played since both homeworlds stood (setup turns not counted):
# the first OPENING_TURNS are the opening, from ENDGAME_TURNS on the end.
OPENING_TURNS = 10
ENDGAME_TURNS = 30
# The score's unit in the curve: about a quarter of the spread of scores in real middle games.
SCORE_SCALE = 25.0
SURE = 0.99


def unit(score: float) -> float:
    """A score as the curves read it: ``asinh(score / SCORE_SCALE)``."""
    return math.asinh(score / SCORE_SCALE)


@dataclass(frozen=True)
class Curve:
    """A logistic curve over a score: ``bias`` (the chance at a level score, in log-odds) and ``slope``
    (log-odds per unit of ``asinh(score / SCORE_SCALE)``)."""

    bias: float
    slope: float

    def chance(self, score: float) -> float:
        """The curve's chance at ``score``."""
        z = self.bias + self.slope * unit(score)
        z = max(-30.0, min(30.0, z))
        return 1.0 / (1.0 + math.exp(-z))


# Fitted by ``python -m hwgame.bench calibration --score search --every 3`` (Normal's search with the
# review's settings, one position in three) on the even half of the archive's decided games, proven
# results left out of the fit. On the odd half: Brier 0.182 (material alone 0.209, a coin 0.250), log
# loss 0.543 (0.601, 0.693). ``SCORE_SCALE`` was chosen on the even half alone (25 and 15 tied, ahead
# of 6, 10 and 50, in a two-fold split of those games).
CURVES: dict[str, Curve] = {
    "opening": Curve(-0.0219, 0.401195),
    "middle": Curve(-0.0793, 0.781217),
    "end": Curve(-0.1765, 0.977792),
}


def phase_of_turn(turns_in_play: int) -> str:
    """The phase after ``turns_in_play`` turns since both homeworlds were set up."""
    if turns_in_play < OPENING_TURNS:
        return "opening"
    return "end" if turns_in_play >= ENDGAME_TURNS else "middle"


def turns_in_play(turn_index: int) -> int:
    """Turns played since setup, for the position after ``turn_index`` turns of a game (setup is two
    turns: ``turn_index`` 2 is the first position in play)."""
    return max(0, turn_index - PLAYING)


def win_chance(score: float, phase: str, proven: bool | None = None,
               curves: Mapping[str, Curve] = CURVES) -> float:  # fmt: skip
    """The chance that the side to move wins, for its search ``score`` in ``phase``.

    ``proven`` says whether the score is a result proven against every reply; None reads it off the
    score (past ``search.PROVEN``). A proven result is 0 or 1; anything else stays within ``SURE``.
    ``curves`` are the shipped ones unless a fit (the calibration benchmark) gives others.
    """
    if proven is None:
        proven = is_proven(score)
    if proven:
        return 1.0 if score > 0 else 0.0
    chance = curves.get(phase, curves["middle"]).chance(score)
    return max(1.0 - SURE, min(SURE, chance))


def percent(chance: float) -> int:
    """A chance as a whole percentage: the one rounding every screen, the review and the JSON share (the
    same as ``words.coach.chance_text``): 0 and 100 only for certainties."""
    if chance <= 0.0:
        return 0
    if chance >= 1.0:
        return 100
    return max(1, min(99, round(chance * 100)))


def estimate_chance(score: float, phase: str) -> float:
    """The chance a search ``score`` stands for when nothing is proven: a score past ``LIKELY`` (a
    result the search believes but did not prove over every turn) reads at the curve's surest, never
    as a certainty. Proofs are read elsewhere (``proofs``): this is the one reading of an estimate."""
    if abs(score) >= LIKELY:
        score = LIKELY if score > 0 else -LIKELY
    return win_chance(score, phase, proven=False)


__all__ = ["CURVES", "Curve", "PHASES", "SURE", "estimate_chance", "percent", "phase_of_turn", "turns_in_play", "unit",
           "win_chance"]  # fmt: skip
