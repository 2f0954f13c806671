"""What a computer turn is asked with and answered with: one request type and one reply type.

The same two types travel the whole way: the window's request goes to the AI worker thread, crosses the
pipe to the search process as it is, and the search's reply comes back through the pipe and the worker's
future unchanged; ``choose_turn`` itself answers with a reply. Both are frozen and plain data (a
Position, a Thinking, a turn of frozen actions, numbers, texts and the reply's ``SearchInfo``), so they
pickle.

A ``thinking.Thinking`` (how the computer thinks: when it stops, how it picks, how wide it looks, what
it runs on) is part of every request; ``hwgame.ai.bots`` keeps each level's.

A reply has a turn, or an ``error`` in plain words (and no turn); one without either was stopped before
it had a candidate. Its ``info`` (a ``SearchInfo``) holds the search's figures: depth, nodes, seconds,
cancelled, won, the ``line`` the search expects after its turn, the search's own best turn and score,
``why`` when the thinking asks to explain, where it ran (``pid`` of the search process, or
``in_thread`` with the reason no process could start), and the ``traceback`` of a failure. A chooser
that answers more (``hwgame.analysis``: a verdict) answers with a subclass of it.

What answers a request is a ``Chooser`` (``bots.choose_turn``, or a stand-in); what it is handed besides
the request (``Cancel``, ``OnProgress``, ``History``) is named here too, so that the worker, the search
process and the window's services need nothing of the search's code to speak of it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol, TypeAlias

from hwgame.rules import Position, PositionKey, Turn

from .search_params import Cancel, Progress
from .thinking import Thinking

if TYPE_CHECKING:
    from .why import Why

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


@dataclass(frozen=True, kw_only=True)
class SearchInfo:
    """What a reply tells of the search besides its turn: each figure is there when the search made it
    (a failed or a withdrawn search has none of them but ``cancelled`` or ``traceback``)."""

    depth: int = 0  # the deepest iteration completed (0: the turn came before any search, or none did)
    nodes: int = 0
    seconds: float = 0.0  # the search's own time, by its clock
    cancelled: bool = False  # stopped by its caller: the turn, if any, is the best found until then
    won: bool = False  # the turn wins at once, or is proven to win over every reply
    safety: bool | None = None  # whether the safety check ran (None: not a search of a turn in play)
    line: tuple[Turn, ...] = ()  # the turns the search expects after its turn, the opponent's reply first
    # The search's own best turn and its score for the mover: the value of the position, whichever
    # turn the manner picked (a weaker level's random choice, a hint's care).
    best_turn: Turn | None = None
    best_score: float | None = None
    why: Why | None = None  # why the turn was chosen, when the thinking asked to explain
    pid: int | None = None  # the search process that answered
    in_thread: str | None = None  # why no search process could start: the worker's thread searched
    traceback: str | None = None  # where a failure happened

    @property
    def nps(self) -> float:
        """Nodes a second."""
        return self.nodes / self.seconds if self.seconds > 0 else 0.0


@dataclass(frozen=True)
class SearchReply:
    """The answer to one search: the chosen ``turn`` and its ``score`` for the mover, the search's
    figures (``info``), or an ``error``; ``request_id`` names the request it answers (0 when the search
    was called directly)."""

    turn: Turn | None
    score: float = 0.0
    info: SearchInfo = field(default_factory=SearchInfo)
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


def failed(request_id: int, error: str, traceback: str | None = None) -> SearchReply:
    """A reply that holds no turn, only ``error`` (a sentence) and where it happened (``traceback``)."""
    return SearchReply(None, error=error, info=SearchInfo(traceback=traceback), request_id=request_id)


__all__ = ["Cancel", "Chooser", "History", "OnProgress", "SearchInfo", "SearchReply", "SearchRequest", "failed"]
