"""What a computer turn is asked with and answered with: one request type and one reply type.

The same two types travel the whole way: the window's request goes to the AI worker thread, crosses the
pipe to the search process as it is, and the search's reply comes back through the pipe and the worker's
future unchanged; ``choose_turn`` itself answers with a reply. Both are frozen and plain data (a
Position, a Limit, a turn of frozen actions, numbers, texts and a dict of figures), so they pickle.

A ``Limit`` (how the computer thinks: time, nodes, depth, and the touches that make a level human) is
part of every request, so it lives here; ``hwgame.ai.bots`` keeps each level's Limit.

A reply has a turn, or an ``error`` in plain words (and no turn); one without either was stopped before
it had a candidate. ``info`` holds the search's figures: depth, nodes, time, nps, cancelled, won, the
``line`` the search expects after its turn, ``why`` when the limit asks to explain, and where it ran
(``pid`` of the search process, or ``in_thread`` with the reason no process could start).

What answers a request is a ``Chooser`` (``bots.choose_turn``, or a stand-in); what it is handed besides
the request (``Cancel``, ``OnProgress``, ``History``) is named here too, so that the worker, the search
process and the window's services need nothing of the search's code to speak of it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Protocol, TypeAlias

from hwgame.rules import Position, PositionKey, Turn

from .search_params import Cancel, Progress

# What hears of a search's progress: called with a dict (depth, nodes, turn, score, seconds).
OnProgress: TypeAlias = Callable[[Progress], None] | None
# Position key -> how often it occurred (``Game.repetition_counts()``).
History: TypeAlias = Mapping[PositionKey, int] | None


@dataclass(frozen=True)
class Limit:
    """How a computer player thinks. Times in seconds; ``nodes`` None means no node budget."""

    time: float = 2.0
    nodes: int | None = None
    depth: int = 2
    temperature: float = 0.0  # 0: always the best score; else softmax over scores (evaluation points)
    choices: int = 10  # the softmax picks among this many best candidates
    safety: bool = True  # refuse turns after which the opponent wins at once
    oversight: float = 0.0  # chance to skip the safety check on a move (a human slip)
    beam: int = 8  # partial turns kept per sacrifice and level at the root
    root_cap: int = 6000  # most root successors generated
    root_keep: int = 24  # root candidates searched beyond one ply
    inner_beam: int = 3
    inner_cap: int = 700
    inner_keep: int = 8
    persona: str = "balanced"
    weights: dict[str, float] = field(default_factory=dict)  # explicit weight overrides
    # Hard time limit for everything, the safety check included (None: 2.5 x ``time``, with the
    # safety check allowed past it). An analysis front end that gives an exact time sets it.
    hard: float | None = None
    # The longest a turn of a level may take, the safety check included (None: well past ``hard``).
    most: float | None = None
    wall_clock: bool = False  # time limits in wall-clock seconds, not CPU seconds of the search
    # Pass over turns that leave the ships they placed open to a catastrophe, while a good other one
    # exists (hints: advice a player follows must not walk into the obvious).
    careful: bool = False
    # When the opponent threatens to win at once and no candidate of the search parries it, look at
    # every turn for one that does, for up to this many seconds (0: only within the budget).
    survive: float = 0.0
    # The root's proof of a forced win in two (``hwgame.ai.wintwo``): its budget in nodes, spent before the
    # search and out of ``nodes`` (0: no proof; None: bounded by half the time only).
    win2: int | None = 0
    # A side far ahead gives that proof more nodes and time of its own, past ``time`` (see
    # ``search.CONVERT_LEAD``); off where the time asked for is exact.
    convert: bool = True
    # The wall-clock backstop as a multiple of the CPU budget (``SearchParams.wall_factor``): above 1 only
    # where several searches share the machine on purpose (benchmark matches).
    wall_factor: float = 1.0
    # Explain the chosen turn in the reply (``info["why"]``: a ``why.Why`` of the board's facts), for a
    # window that tells a player why the computer played it or why a hint is good.
    explain: bool = False
    # Turns to pass over unless the search names a threat they parry: a hint does not simply undo the
    # hint before it (trade a green 3 for a red 3, then back) when nothing on the board asks for it.
    avoid: tuple[Turn, ...] = ()
    # Processes the search shares its work among (``hwgame.ai.rootsplit``): 1 searches alone, 0 uses
    # every core (``parallel.default_workers``). Above 1 the answer may vary from run to run.
    workers: int = 1

    def with_changes(self, **changes: Any) -> Limit:
        """A copy with some fields changed (settings screens use this)."""
        return replace(self, **changes)


@dataclass(frozen=True)
class SearchRequest:
    """One search: the start-of-turn ``position``, how to think (``limit``), the ``seed`` of its random
    choices, and ``history`` (position key -> occurrences, as ``Game.repetition_counts()``) so that the
    search sees draws by repetition. ``request_id`` is the worker's number for it (0 when none)."""

    position: Position
    limit: Limit
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

    def __call__(self, position: Position, limit: Limit, seed: int | None = None, cancel: Cancel = None,
                 progress: OnProgress = None, history: History = None) -> SearchReply:  # fmt: skip
        """The reply for the side to move in ``position``."""
        ...


def failed(request_id: int, error: str, info: Mapping[str, Any] | None = None) -> SearchReply:
    """A reply that holds no turn, only ``error`` (a sentence) and ``info`` (a traceback, say)."""
    return SearchReply(None, error=error, info=dict(info or {}), request_id=request_id)


__all__ = ["Cancel", "Chooser", "History", "Limit", "OnProgress", "SearchReply", "SearchRequest", "failed"]
