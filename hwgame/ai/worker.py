"""The computer opponent on one background thread, so the window never waits for it.

``AIWorker.request(position, limit, seed)`` returns a ``concurrent.futures.Future`` at once; it
resolves to an ``AIResult`` (never raises: an error inside the search comes back as ``.error``).
Every request has an id (``future.request_id``, ``result.request_id``); a new request makes every
older one stale, and ``is_current`` tells the caller whether a result still matters (after undo, a
new game or a load it does not). ``cancel()`` stops the running search within a few milliseconds:
the result then carries the best turn found so far, or no turn and ``cancelled`` set.
``progress`` is a snapshot for a "thinking" indicator.

Threads live here and nowhere else in the AI: the search itself is plain, single-threaded code that
yields the GIL now and then.
"""

from __future__ import annotations

import gc
import itertools
import queue
import threading
import traceback
from concurrent.futures import Future
from dataclasses import dataclass, field

from hwgame.rules import Position

from .bots import Limit, choose_turn


@dataclass
class AIResult:
    """The outcome of one request: a turn, or ``cancelled``, or an ``error`` message."""

    request_id: int
    turn: tuple | None = None
    score: float = 0.0
    info: dict = field(default_factory=dict)
    cancelled: bool = False
    error: str | None = None
    exception: BaseException | None = None

    @property
    def ok(self) -> bool:
        """True when the result holds a turn to play."""
        return self.turn is not None and self.error is None


class _Job:
    def __init__(self, request_id: int, position: Position, limit: Limit, seed: int | None):
        self.request_id = request_id
        self.position = position
        self.limit = limit
        self.seed = seed
        self.future: Future = Future()
        self.future.request_id = request_id
        self.cancel = threading.Event()
        self.history = None


_STOP = object()


class AIWorker:
    """Runs ``choose_turn`` requests one at a time on a single daemon thread."""

    def __init__(self, choose=choose_turn):
        self._choose = choose  # replaceable for tests
        self._queue: queue.Queue = queue.Queue()
        self._ids = itertools.count(1)
        self._lock = threading.Lock()
        self._current: _Job | None = None
        self._latest = 0
        self._progress: dict = {}
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="hwgame-ai", daemon=True)
        self._thread.start()

    # --- the caller's side ---
    def request(self, position: Position, limit: Limit, seed: int | None = None, history=None) -> Future:
        """Queue a search; return a Future (with ``request_id``) resolving to an AIResult.

        ``history`` (position key -> count, as ``Game.repetition_counts()``) lets the search see
        draws by repetition. Older requests become stale: queued ones resolve as cancelled, a
        running one is stopped."""
        if self._closed:
            raise RuntimeError("the AI worker has been shut down")
        with self._lock:
            job = _Job(next(self._ids), position, limit, seed)
            job.history = dict(history) if history else None
            self._latest = job.request_id
            running = self._current
        if running is not None:
            running.cancel.set()
        self._queue.put(job)
        return job.future

    def is_current(self, result_or_future) -> bool:
        """True when a result (or future) belongs to the latest request."""
        return getattr(result_or_future, "request_id", None) == self._latest

    def cancel(self) -> None:
        """Stop the running search (it returns its best turn so far) and drop queued requests."""
        with self._lock:
            running = self._current
            self._latest = 0  # nothing pending is current any more
        if running is not None:
            running.cancel.set()
        self._drain()

    @property
    def progress(self) -> dict:
        """A snapshot: request_id, running, depth, nodes, turn (best so far), score, seconds."""
        with self._lock:
            return dict(self._progress)

    @property
    def busy(self) -> bool:
        """True while a search runs."""
        with self._lock:
            return self._current is not None

    def shutdown(self, wait: bool = True) -> None:
        """Cancel everything and stop the thread."""
        self._closed = True
        self.cancel()
        self._queue.put(_STOP)
        if wait:
            self._thread.join(timeout=5)

    # --- the worker thread ---
    def _drain(self) -> None:
        while True:
            try:
                job = self._queue.get_nowait()
            except queue.Empty:
                return
            if job is _STOP:
                self._queue.put(_STOP)
                return
            job.future.set_result(AIResult(job.request_id, cancelled=True))

    def _run(self) -> None:
        while True:
            job = self._queue.get()
            if job is _STOP:
                return
            if job.request_id != self._latest and job.request_id < self._latest:
                # Superseded while waiting in the queue.
                job.future.set_result(AIResult(job.request_id, cancelled=True))
                continue
            with self._lock:
                self._current = job
                self._progress = {"request_id": job.request_id, "running": True, "depth": 0, "nodes": 0,
                                  "turn": None, "score": 0.0, "seconds": 0.0}  # fmt: skip
            if not job.future.set_running_or_notify_cancel():
                self._finish(job)
                continue
            # The search makes millions of short-lived objects without cycles; the cyclic collector's
            # full passes over them would hold the interpreter for tens of milliseconds at a time and
            # stall the window's frames, so it is paused while a search runs and run once after.
            collecting = gc.isenabled()
            gc.disable()
            try:
                if job.history:
                    played = self._choose(job.position, job.limit, job.seed, job.cancel, self._progress_of(job),
                                          history=job.history)  # fmt: skip
                else:
                    played = self._choose(job.position, job.limit, job.seed, job.cancel, self._progress_of(job))
                result = AIResult(job.request_id, played.turn, played.score, dict(played.info),
                                  cancelled=job.cancel.is_set() or played.turn is None)  # fmt: skip
            except Exception as exc:  # an AI bug must not take the game down with it
                result = AIResult(job.request_id, error=f"{type(exc).__name__}: {exc}", exception=exc,
                                  info={"traceback": traceback.format_exc()})  # fmt: skip
            finally:
                if collecting:
                    gc.enable()
            job.future.set_result(result)
            self._finish(job)

    def _finish(self, job: _Job) -> None:
        with self._lock:
            if self._current is job:
                self._current = None
            self._progress = dict(self._progress, running=False)

    def _progress_of(self, job: _Job):
        def update(info: dict) -> None:
            with self._lock:
                if self._current is job:
                    self._progress = dict(info, request_id=job.request_id, running=True)

        return update


__all__ = ["AIResult", "AIWorker"]
