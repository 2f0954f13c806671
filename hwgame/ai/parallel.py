"""The helper processes that a search on several cores shares its work among (``rootsplit``).

A whole-turn search has few root candidates (``root_keep``, about twenty) and each costs a lot, so the
work is split at the root: a helper is handed one candidate at a time (``Task``) and answers with its
score (``Done``). It keeps its transposition table and cached successors for the whole search, so the
candidates it searched in one iteration cost it less in the next. Lazy SMP (every process searching
the whole tree) was not chosen: its gain comes from a shared transposition table, which processes of
this interpreter cannot share cheaply.

Budgets are each helper's own: the level's time (CPU seconds of that helper, or wall-clock seconds
when the limit says so) and node budget, less what the root's work before the iterations took, so N
helpers do about N times the work of one search in the same time. A shared byte (``Pool.stop``) cuts
every running task short within milliseconds.

Helpers are started once (``spawn``, as the search process) and kept for the next search; ``shutdown``
ends them. They run at their caller's priority (the window's search process gave way to the window
already) and end themselves when the process that started them is gone, even in the middle of a task.
"""

from __future__ import annotations

import atexit
import gc
import multiprocessing
import os
import signal
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from multiprocessing.connection import Connection, wait
from typing import Any

from hwgame.rules import Position, Turn, apply_turn_unchecked

from .evaluate import WIN
from .flag import SharedFlag
from .search import Aborted, Searcher, SearchParams
from .search_lines import expected_line

MOST_WORKERS = 16  # beyond this the root's twenty-odd candidates leave helpers idle
DRAIN = 3.0  # seconds helpers get to answer once told to stop, before one counts as hung
POLL = 0.02  # seconds between looks at the caller's stop while waiting for helpers


def default_workers() -> int:
    """How many processes an analysis uses when not told: every core this process may run on, at most
    ``MOST_WORKERS``."""
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cores = os.cpu_count() or 1
    return max(1, min(MOST_WORKERS, cores))


def workers_wanted(count: int) -> int:
    """The processes asked for by a limit's ``workers``: 0 means ``default_workers()``."""
    return default_workers() if count <= 0 else max(1, min(MOST_WORKERS, count))


# --- what crosses the pipes ---
@dataclass(frozen=True)
class Begin:
    """To a helper: a new search of ``position``; ``spent`` seconds and ``spent_nodes`` of the budget
    are gone already, and ``contempt`` is what the root's mover holds a repetition worth."""

    search_id: int
    position: Position
    params: SearchParams
    spent: float
    spent_nodes: int
    contempt: float


@dataclass(frozen=True)
class Task:
    """To a helper: search candidate ``index`` (the turn ``turn``) ``depth`` turns deep, bound ``alpha``."""

    search_id: int
    index: int
    turn: Turn
    depth: int
    alpha: float


@dataclass(frozen=True)
class AskLine:
    """To a helper: the line it expects after candidate ``index``."""

    search_id: int
    index: int
    turn: Turn


@dataclass(frozen=True)
class Quit:
    """To a helper: end."""


@dataclass(frozen=True)
class Ready:
    """From a helper, once: it has started."""

    pid: int


@dataclass(frozen=True)
class Done:
    """From a helper: candidate ``index`` scored ``score`` for the root's mover at ``depth`` (unless
    ``aborted``); ``nodes`` counts the helper's nodes in this search so far, ``cpu`` the CPU seconds
    this candidate took."""

    search_id: int
    index: int
    depth: int
    score: float
    nodes: int
    aborted: bool
    cpu: float = 0.0


@dataclass(frozen=True)
class Line:
    """From a helper: the turns it expects."""

    search_id: int
    turns: list[Turn]


# --- the helper's side ---
def _orphan_test() -> Callable[[], bool]:
    """A test that is True once the process that started this one is gone (looked at twice a second)."""
    parent = multiprocessing.parent_process()
    checked = [time.monotonic(), False]

    def gone() -> bool:
        now = time.monotonic()
        if now - checked[0] > 0.5:
            checked[0], checked[1] = now, parent is not None and not parent.is_alive()
        return bool(checked[1])

    return gone


def _helper_params(params: SearchParams, spent: float, spent_nodes: int) -> SearchParams:
    """``params`` less the part of the budget the root's work before the iterations used."""
    hard = params.hard_time if params.hard_time is not None else 3 * params.time_limit
    panic = params.panic_time if params.panic_time is not None else hard + max(10.0, 4 * params.time_limit)
    nodes = None if params.node_limit is None else max(1, params.node_limit - spent_nodes)
    return replace(params, time_limit=max(0.001, params.time_limit - spent), hard_time=max(0.001, hard - spent),
                   panic_time=max(0.001, panic - spent), node_limit=nodes)  # fmt: skip


def serve_helper(conn: Connection, stop: Any) -> None:
    """A helper's entry: answer ``Begin``/``Task``/``AskLine`` from ``conn`` until ``Quit`` or the pipe
    closes. ``stop`` is the pool's shared flag that cuts the running task short."""
    # The helper keeps the priority it was started with, its caller's: the window's search process
    # gave way to the window already, and an engine runs at the priority its user gave it.
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the caller decides when helpers stop
    # Millions of short-lived objects and no cycles to speak of: the collector would only slow it.
    gc.disable()
    orphaned = _orphan_test()

    def stopped() -> bool:
        return bool(stop.is_set()) or orphaned()

    conn.send(Ready(os.getpid()))
    searcher: Searcher | None = None
    root: Position | None = None
    search_id = -1
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if isinstance(message, Begin):
            searcher = None  # the last search's tables go now, before the new ones grow
            search_id, root = message.search_id, message.position
            searcher = Searcher(_helper_params(message.params, message.spent, message.spent_nodes), stopped)
            searcher.root_mover, searcher.contempt = root.to_move, message.contempt
        elif isinstance(message, Task | AskLine) and (message.search_id != search_id or searcher is None):
            continue  # a leftover of an older search
        elif isinstance(message, Task) and searcher is not None and root is not None:
            after = apply_turn_unchecked(root, message.turn)
            cpu = time.process_time()
            try:
                score, aborted = -searcher.negamax(after, message.depth - 1, -WIN * 2, -message.alpha, 1), False
            except Aborted:
                score, aborted = 0.0, True
            conn.send(Done(search_id, message.index, message.depth, score, searcher.nodes, aborted,
                           time.process_time() - cpu))  # fmt: skip
        elif isinstance(message, AskLine) and searcher is not None and root is not None:
            try:
                turns = expected_line(searcher, apply_turn_unchecked(root, message.turn))
            except Exception:
                turns = []  # a line is a courtesy; the turn stands without it
            conn.send(Line(search_id, turns))
        else:
            return


# --- the caller's side ---
class Helper:
    """One helper process and its end of the pipe."""

    def __init__(self, ctx: Any, stop: Any, number: int) -> None:
        self.conn, child_end = ctx.Pipe()
        self.process = ctx.Process(target=serve_helper, args=(child_end, stop), name=f"hwgame-helper-{number}",
                                   daemon=True)  # fmt: skip
        self.process.start()
        child_end.close()  # the helper's death then shows as the end of the pipe
        self.ready = False
        self.dead = False

    def send(self, message: object) -> bool:
        """Send ``message``; False (and the helper marked dead) when it cannot be."""
        try:
            self.conn.send(message)
            return True
        except (OSError, ValueError):
            self.end()
            return False

    def receive(self) -> object | None:
        """The next message, or None (and the helper marked dead) when the pipe ended."""
        try:
            message: object = self.conn.recv()
            return message
        except (EOFError, OSError, ValueError):
            self.end()
            return None

    def end(self) -> None:
        """End the process at once and release the pipe."""
        if self.dead:
            return
        self.dead = True
        if self.process.is_alive():
            self.process.kill()
        self.process.join(1.0)
        self.conn.close()


class Pool:
    """The helpers, started as needed and kept between searches."""

    def __init__(self) -> None:
        self.ctx = multiprocessing.get_context("spawn")
        self.stop = SharedFlag(self.ctx)
        self.helpers: list[Helper] = []
        self.started = 0
        self.search_id = 0

    def grow(self, count: int) -> None:
        """Start helpers until ``count`` are alive (without waiting for them to be ready)."""
        self.helpers = [h for h in self.helpers if not h.dead]
        me = multiprocessing.current_process()
        if me.daemon:
            # The window's search process is a daemon, which multiprocessing forbids children. Helpers
            # end themselves when it goes (see ``serve_helper``), so that reason does not hold here.
            me.daemon = False
        while len(self.helpers) < count:
            self.started += 1
            try:
                self.helpers.append(Helper(self.ctx, self.stop, self.started))
            except Exception:
                return  # no more processes here (a limit, a frozen build without support): with those there are


    def ready(self, count: int, until: float = 0.0) -> list[Helper]:
        """Up to ``count`` helpers that have said they are ready, waiting for the others until ``until``
        (``time.perf_counter`` seconds; by default only those ready now)."""
        while True:
            waiting = [h for h in self.helpers if not h.dead and not h.ready]
            if not waiting or len([h for h in self.helpers if h.ready and not h.dead]) >= count:
                break
            left = until - time.perf_counter()
            for conn in wait([h.conn for h in waiting], max(0.0, min(left, POLL))):
                helper = next(h for h in waiting if h.conn is conn)
                if isinstance(helper.receive(), Ready):
                    helper.ready = True
                else:
                    helper.end()
            if left <= 0:
                break
        return [h for h in self.helpers if h.ready and not h.dead][:count]

    @property
    def starting(self) -> bool:
        """True while some helper has not yet said it is ready."""
        return any(not h.ready and not h.dead for h in self.helpers)

    def close(self) -> None:
        """End every helper."""
        for helper in self.helpers:
            helper.send(Quit())
        for helper in self.helpers:
            helper.process.join(0.5)
            helper.end()
        self.helpers = []


_pool: Pool | None = None


def pool() -> Pool:
    """The helpers of this process (created at the first parallel search)."""
    global _pool
    if _pool is None:
        _pool = Pool()
        atexit.register(shutdown)
    return _pool


def warm(count: int) -> bool:
    """True when this process has helpers ready already (none is started here)."""
    return _pool is not None and bool(_pool.ready(count))


def shutdown() -> None:
    """End the helpers of this process (they start again at the next parallel search)."""
    global _pool
    if _pool is not None:
        _pool.close()
        _pool = None


__all__ = ["MOST_WORKERS", "AskLine", "Begin", "Done", "Helper", "Line", "Pool", "Quit", "Ready", "Task",
           "default_workers", "pool", "serve_helper", "shutdown", "warm", "workers_wanted"]  # fmt: skip
