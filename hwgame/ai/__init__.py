"""The computer opponent: evaluation, search, levels and a background worker.

It imports ``hwgame.rules`` only (never pygame); threads live in ``worker`` alone. A computer turn is
asked with a ``SearchRequest`` and answered with a ``SearchReply`` (``handoff``), from ``choose_turn``
to the window; how it thinks is a ``Thinking`` (``thinking``), one for each level.
"""

from .bots import LEVELS, choose_turn, level
from .evaluate import WIN, evaluate, weights_for
from .handoff import SearchReply, SearchRequest
from .thinking import Breadth, Limit, Machine, Manner, Thinking
from .worker import AIWorker

__all__ = ["LEVELS", "Breadth", "Limit", "Machine", "Manner", "SearchReply", "SearchRequest", "Thinking", "choose_turn",
           "level", "WIN", "evaluate", "weights_for", "AIWorker"]  # fmt: skip
