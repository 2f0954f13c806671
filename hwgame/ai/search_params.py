"""What a search is given and what it gives back: its parameters, its result, its progress reports,
how it is cancelled, and the scores that stand for proven results.

Kept apart from the searcher (``search``) so that the parts of a search that live in other modules
(``root_checks``, ``search_lines``) and the callers can name them without the searcher's code: those
parts work on a ``SearchState``, what they read and move of a running search, which
``search.Searcher`` is.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Protocol, TypedDict

from hwgame.rules import Position, PositionKey, Turn

from .evaluate import WIN
from .turns import Scored

EXACT, LOWER, UPPER = 0, 1, 2
CONTEMPT = 25.0  # the most a repetition draw is worth below (or above) nothing to the root's mover
# What a draw by repetition costs the root's mover in an even position: a level plays for the win, so a
# turn within this much of the repetition is preferred to it (shuffling into a draw is what stalls it).
CONTEMPT_EVEN = 10.0
# Scores beyond PROVEN are results proven over every reply: a win or a loss within the search.
PROVEN = WIN - 1000
# A side whose every examined turn loses, where a beam or a cap left turns unexamined, is probably
# lost: scored LIKELY (minus the ply), far below any evaluation but never claimed as proven.
LIKELY = WIN // 2
# A side this far ahead by the static evaluation is converting a won game. What stalls such a game is
# a kill two turns away that the usual budget of the win-in-two proof does not reach (many ships make
# many turns): there the proof gets CONVERT_FACTOR times its node budget and CONVERT_TIME times the
# soft time of its own, and the search's deadlines move on by what it took.
CONVERT_LEAD = 120.0
CONVERT_FACTOR = 15
CONVERT_TIME = 2.0


def is_proven(score: float) -> bool:
    """True for a score that is a proven win or loss (see PROVEN)."""
    return abs(score) >= PROVEN


class Aborted(Exception):
    """The search ran out of time or nodes, or was cancelled."""


@dataclass
class SearchParams:
    """How far and how wide to look. ``time_limit`` is soft (no new work after it); ``hard_time``
    bounds everything, the root's own generation and safety check included."""

    max_depth: int = 2
    time_limit: float = 2.0
    hard_time: float | None = None  # default: 3 x time_limit
    panic_time: float | None = None  # bounds even the safety check; default: well past hard_time
    wall_clock: bool = False  # time limits in wall-clock seconds (else CPU seconds of this process)
    node_limit: int | None = None
    root_width: int = 8
    root_cap: int = 6000
    root_keep: int = 24
    inner_width: int = 3
    inner_cap: int = 700
    inner_keep: int = 8
    safety: bool = True
    # When every candidate checked lets the opponent win at once, how many seconds (wall clock) the
    # search may spend streaming every other turn for one that survives; 0 leaves it to the budget.
    survive: float = 0.0
    # How much longer than its CPU budget a search may take on the wall clock before the backstop stops
    # it: a machine shared by several searches at once (a benchmark's matches) raises it, so that the
    # CPU budgets alone decide and a level plays as it would on a machine of its own.
    wall_factor: float = 1.0
    # The root's proof of a win in two (``wintwo``): its node budget (0: no proof; None: no count) and
    # the share of the soft time it may use.
    win2_nodes: int | None = 0
    win2_share: float = 0.5
    convert: bool = True  # a side far ahead gives the win-in-two proof more (see CONVERT_LEAD)
    weights: Mapping[str, float] | None = None
    # Every how many nodes to yield the interpreter lock (time.sleep(0)) to a drawing thread of the
    # same process; 0 never does. The window runs its search in a process of its own.
    yield_every: int = 0
    # How often each position key has occurred in the game so far; a successor met twice already
    # would be the third occurrence, a draw under the standard rules.
    history: Mapping[PositionKey, int] | None = None


@dataclass
class SearchResult:
    """What the search found: the turn (None only when cancelled before any), its score for the
    mover, the ranked root candidates (score, turn), and statistics."""

    turn: Turn | None
    score: float
    depth: int
    nodes: int
    seconds: float
    ranked: list[tuple[float, Turn]] = field(default_factory=list)
    cancelled: bool = False
    won: bool = False
    # Filled when the search was asked to score a given turn too (``search(..., also=turn)``).
    also_score: float | None = None
    # The principal lines: the turns expected after the chosen turn, and after the given one (the
    # opponent's reply first); see ``Searcher.line``.
    line: list[Turn] = field(default_factory=list)
    also_line: list[Turn] = field(default_factory=list)


class CancelFlag(Protocol):
    """A cancel request set from another thread or process: a ``threading.Event``, the search
    process's ``flag.SharedFlag``."""

    def is_set(self) -> bool:
        """True once the search should stop."""
        ...


# How a caller asks a search to stop: an Event-like flag, a callable returning True, or nothing.
Cancel = CancelFlag | Callable[[], bool] | None


class Progress(TypedDict):
    """What the search reports as it improves: the depth done, nodes so far, the best turn, its score
    for the mover and the seconds spent."""

    depth: int
    nodes: int
    turn: Turn
    score: float
    seconds: float


class SearchState(Protocol):
    """What the root's checks (``root_checks``) and the lines after a search (``search_lines``) read and
    move of a running search: its parameters, clocks and deadlines, node count and budget, its tables,
    and the few steps of its own they call. ``search.Searcher`` is one."""

    p: SearchParams
    cancelled: Callable[[], bool]
    was_cancelled: bool
    clock: Callable[[], float]
    start: float  # ``clock`` at the start
    soft: float  # no new work after this (``clock`` seconds)
    hard: float  # the root's own work stops here
    panic: float  # even the safety check stops here
    wall_limit: float  # the wall-clock backstop (``time.perf_counter`` seconds)
    nodes: int
    node_cap: int | None
    depth_done: int
    lead: float  # the root's static value for its mover
    draw_keys: set[PositionKey]
    tt: dict[int, tuple[int, float, int, int | None]]  # by the hash of a position's key (``search.Searcher``)
    children_cache: dict[PositionKey, list[Scored]]

    def safety_tick(self) -> None:
        """Count a node; raise Aborted only when cancelled or past ``panic``."""
        ...

    def score_for_mover(self, end: Position) -> float:
        """Static value of a successor for the player who just moved."""
        ...

    def negamax(self, pos: Position, depth: int, alpha: float, beta: float, ply: int) -> float:
        """Value of ``pos`` for its side to move, searched ``depth`` more turns."""
        ...


def cancel_test(cancel: Cancel) -> Callable[[], bool]:
    """A no-argument test for a cancel request: an Event-like object (``is_set``), a callable, or None."""
    if cancel is None:
        return lambda: False
    if hasattr(cancel, "is_set"):
        return cancel.is_set
    return cancel


__all__ = ["CONTEMPT", "CONTEMPT_EVEN", "CONVERT_FACTOR", "CONVERT_LEAD", "CONVERT_TIME", "EXACT", "LIKELY", "LOWER",
           "PROVEN", "UPPER", "Aborted", "Cancel", "CancelFlag", "Progress", "SearchParams", "SearchResult",
           "SearchState", "cancel_test", "is_proven"]  # fmt: skip
