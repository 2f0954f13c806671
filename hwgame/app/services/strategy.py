"""The window's door to the strategy lessons: a lesson position as the review's own entry.

A position of a strategy lesson (``tutorial.strategy.StudyPosition``) keeps the review's data of its
turn; ``entry_of`` turns it back into that review's ``TurnReview`` (``analysis.review.turn_review_of``),
so the card judges a learner's turn exactly as "Find the better turn" judges a try
(``services.retry.TryJudge``, ``analysis.retry.judge_try``): the taught turn (or a turn reaching the
same board) is accepted at once, any other by the verdict of the board after it, within ``MARGIN`` of
the taught turn's chance; where a win was proven, only a turn that still wins.
"""

from __future__ import annotations

from hwgame.analysis.mistakes import best_turn_lead
from hwgame.analysis.review import TurnReview, turn_review_of
from hwgame.tutorial.strategy import StudyPosition

# The level whose search reviewed the lessons' positions when they were mined, and judges a learner's turn.
LEVEL = "normal"


def entry_of(study: StudyPosition) -> TurnReview:
    """The review's entry of ``study``'s turn: its board, the turn the real player chose and the verdict
    (raise ValueError when the kept data does not read)."""
    return turn_review_of(study.index, study.position, study.played, study.review)


def lead_points(entry: TurnReview) -> int | None:
    """The taught turn's lead over every other turn the search ranked, in points of chance to win (None
    where a proof stands instead, or nothing else was ranked)."""
    if entry.proof_before is not None:
        return None
    lead = best_turn_lead(entry)
    return None if lead is None else round(lead * 100)


__all__ = ["LEVEL", "entry_of", "lead_points"]
