"""The computer opponent: evaluation, search, levels and a background worker.

It imports ``hwgame.rules`` only (never pygame); threads live in ``worker`` alone. A computer turn is
asked with a ``SearchRequest`` and answered with a ``SearchReply`` (``handoff``), from ``choose_turn``
to the window.
"""

from .bots import LEVELS, Limit, choose_turn, level
from .evaluate import WIN, evaluate, weights_for
from .handoff import SearchReply, SearchRequest
from .worker import AIWorker

__all__ = ["LEVELS", "Limit", "SearchReply", "SearchRequest", "choose_turn", "level", "WIN", "evaluate",
           "weights_for", "AIWorker"]  # fmt: skip
