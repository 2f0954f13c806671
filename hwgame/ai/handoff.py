"""What a computer turn is asked with and answered with: one request type and one reply type.

The same two types travel the whole way: the window's request goes to the AI worker thread, crosses the
pipe to the search process as it is, and the search's reply comes back through the pipe and the worker's
future unchanged; ``choose_turn`` itself answers with a reply. Both are frozen and plain data (a
Position, a Thinking, a turn of frozen actions, numbers, texts and a dict of figures), so they pickle.

A ``thinking.Thinking`` (how the computer thinks: when it stops, how it picks, how wide it looks, what
it runs on) is part of every request; ``hwgame.ai.bots`` keeps each level's.

A reply has a turn, or an ``error`` in plain words (and no turn); one without either was stopped before
it had a candidate. ``info`` holds the search's figures: depth, nodes, time, nps, cancelled, won, the
``line`` the search expects after its turn, ``why`` when the thinking asks to explain, and where it ran
(``pid`` of the search process, or ``in_thread`` with the reason no process could start).

What answers a request is a ``Chooser`` (``bots.choose_turn``, or a stand-in); what it is handed besides
the request (``Cancel``, ``OnProgress``, ``History``) is named here too, so that the worker, the search
process and the window's services need nothing of the search's code to speak of it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeAlias

from hwgame.rules import Position, PositionKey, Turn

from .search_params import Cancel, Progress
from .thinking import Thinking

# What hears of a search's progress: called with a dict (depth, nodes, turn, score, seconds).
OnProgress: TypeAlias = Callable[[Progress], None] | None
# Position key -> how often it occurred (``Game.repetition_counts()``).
History: TypeAlias = Mapping[PositionKey, int] | None


@dataclass(frozen=True)
class SearchRequest:
    """One search: the start-of-turn ``position``, how to think (``thinking``), the ``seed`` of its random
    choices, and ``history`` (position key -> occurrences, as ``Game.repetition_counts()``) so that the
    search sees draws by repetition. ``request_id`` is the worker's number for it (0 when none)."""

    position: Position
    thinking: Thinking
    seed: int | None = None
    history: Mapping[PositionKey, int] | None = None
    request_id: int = 0


@dataclass(frozen=True)
class SearchReply:
    """The answer to one search: the chosen ``turn`` and its ``score`` for the mover, the search's
    figures (``info``), or an ``error``; ``request_id`` names the request it answers (0 when the search
    was called directly)."""

    turn: Turn | None
    score: float = 0.0
    info: Mapping[str, Any] = field(default_factory=dict)
    error: str | None = None
    request_id: int = 0

    @property
    def ok(self) -> bool:
        """True when the reply holds a turn to play."""
        return self.turn is not None and self.error is None


class Chooser(Protocol):
    """What chooses a turn: ``bots.choose_turn``, or a stand-in with the same parameters."""

    def __call__(self, position: Position, thinking: Thinking, seed: int | None = None, cancel: Cancel = None,
                 progress: OnProgress = None, history: History = None) -> SearchReply:  # fmt: skip
        """The reply for the side to move in ``position``."""
        ...


def failed(request_id: int, error: str, info: Mapping[str, Any] | None = None) -> SearchReply:
    """A reply that holds no turn, only ``error`` (a sentence) and ``info`` (a traceback, say)."""
    return SearchReply(None, error=error, info=dict(info or {}), request_id=request_id)


__all__ = ["Cancel", "Chooser", "History", "OnProgress", "SearchReply", "SearchRequest", "failed"]
