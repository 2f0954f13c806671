"""The computer opponent: evaluation, search, levels and a background worker.

It imports ``hwgame.rules`` only (never pygame); threads live in ``worker`` alone.
"""

from .bots import LEVELS, Limit, PlayResult, choose_turn, level
from .evaluate import WIN, evaluate, weights_for
from .worker import AIResult, AIWorker

__all__ = ["LEVELS", "Limit", "PlayResult", "choose_turn", "level", "WIN", "evaluate", "weights_for", "AIResult",
           "AIWorker"]  # fmt: skip
