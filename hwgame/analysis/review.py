"""A whole game judged, for the windows and commands that show it: each position's verdict (proofs
first, then one search) and each turn's mark, made by ``ai.review`` and read here.

The replay viewer, its strip and ``hwgame analyze`` take the review from this module, never from the
AI's own: what judges a position is the analysis layer's business.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from hwgame.ai.review import (
    BLUNDER,
    INACCURACY,
    KINDS,
    METHOD,
    MISSED_WIN,
    MISTAKE,
    Review,
    TurnReview,
    fingerprint,
    review_game,
    review_workers,
    standing,
)
from hwgame.ai.search_params import Cancel
from hwgame.ai.thinking import Thinking
from hwgame.rules import Position, Turn


def judge_game(positions: Sequence[Position], turns: Sequence[Turn], thinking: Thinking, cancel: Cancel = None,
               progress: Callable[[int, int], None] | None = None, **options: Any) -> Review:  # fmt: skip
    """Every position of a game judged and every turn marked (``ai.review.review_game``, whose options
    it takes): ``positions[i]`` is the board before ``turns[i]``."""
    return review_game(positions, turns, thinking, cancel, progress, **options)


__all__ = ["BLUNDER", "INACCURACY", "KINDS", "METHOD", "MISSED_WIN", "MISTAKE", "Review", "TurnReview",
           "fingerprint", "judge_game", "review_workers", "standing"]  # fmt: skip
