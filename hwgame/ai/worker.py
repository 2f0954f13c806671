"""The computer opponent behind one background thread, so the window never waits for it.

``AIWorker.request(position, limit, seed)`` returns a ``concurrent.futures.Future`` at once; it
resolves to an ``AIResult`` (never raises: an error inside the search comes back as ``.error``).
Every request has an id (``future.request_id``, ``result.request_id``); a new request makes every
older one stale, and ``is_current`` tells the caller whether a result still matters (after undo, a
new game or a load it does not). ``cancel()`` stops the running search within a few milliseconds:
the result then carries the best turn found so far, or no turn and ``cancelled`` set.
``progress`` is a snapshot for a "thinking" indicator.

The thread does not search itself: it drives one long-lived child process (``hwgame.ai.process``),
started at the first request and reused, so the search never holds the window's interpreter lock. A
child that dies, or hangs past its request's time limit and a margin, is ended and started again;
that request resolves to an error result and the next one is answered as usual. Should no child
process start at all, the worker searches on its own thread instead, so the game keeps its opponent.
"""

from __future__ import annotations

import gc
import itertools
import queue
import threading
import time
import traceback
from concurrent.futures import Future
from dataclasses import dataclass, field

from hwgame.rules import Position

from .bots import Limit, choose_turn
from .process import SearchProcess, SearchProcessGone

# Past its hard deadline (2.5 x the time) the search still finishes its safety check, bounded by the
# hard deadline plus max(10 s, 4 x the time); an answer later than that and this margin means a hang.
HANG_MARGIN = 5.0
# A cancelled search answers within milliseconds; one that does not within this long is hung.
CANCEL_GRACE = 2.0
# The longest wait in one go, so a cancel's shorter deadline is noticed soon enough.
POLL = 0.25


def answer_time(limit: Limit) -> float:
    """Seconds a search under ``limit`` may take before its process counts as hung."""
    return 3 * limit.time + max(10.0, 4 * limit.time) + HANG_MARGIN


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
        self.future.request_id = request_id  # type: ignore[attr-defined]
        self.cancel = threading.Event()
        self.cancelled_at: float | None = None
        self.history: dict | None = None


_STOP = object()


class _NoProcess(Exception):
    """No search process could be started."""


class AIWorker:
    """Runs ``choose_turn`` requests one at a time, in a child process driven by a daemon thread.

    ``choose`` replaces ``choose_turn`` (tests); in the child it must be a module-level function.
    ``process=False`` searches on the thread itself, as when no child process can start.
    ``hang_timeout`` fixes how long any request may take before its child counts as hung (tests);
    by default it follows the request's time limit (``answer_time``)."""

    def __init__(self, choose=choose_turn, *, process: bool = True, hang_timeout: float | None = None,
                 start_timeout: float = 30.0):  # fmt: skip
        self._choose = choose
        self._use_process = process
        self._hang_timeout = hang_timeout
        self._start_timeout = start_timeout
        self._child: SearchProcess | None = None
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
            if self._current is not None:
                self._stop(self._current)
        self._queue.put(job)
        return job.future

    def is_current(self, result_or_future) -> bool:
        """True when a result (or future) belongs to the latest request."""
        return getattr(result_or_future, "request_id", None) == self._latest

    def cancel(self) -> None:
        """Stop the running search (it returns its best turn so far) and drop queued requests."""
        with self._lock:
            self._latest = 0  # nothing pending is current any more
            if self._current is not None:
                self._stop(self._current)
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

    @property
    def search_pid(self) -> int | None:
        """The process id of the search process while one runs, else None."""
        with self._lock:
            child = self._child
        return child.pid if child is not None else None

    def shutdown(self, wait: bool = True) -> None:
        """Cancel everything and stop the thread and the search process."""
        self._closed = True
        self.cancel()
        self._queue.put(_STOP)
        if wait:
            self._thread.join(timeout=5)

    def _stop(self, job: _Job) -> None:
        # Called with the lock held: the thread changes the running job and clears the child's flag
        # under the same lock, so this flag can never land on the next request by mistake.
        job.cancel.set()
        if job.cancelled_at is None:
            job.cancelled_at = time.monotonic()
        if self._child is not None:
            self._child.cancel.set()

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
                self._end_child()
                return
            if job.request_id < self._latest:
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
            try:
                result = self._search(job)
            except Exception as exc:  # a fault here must still answer the request
                result = AIResult(job.request_id, error=f"{type(exc).__name__}: {exc}", exception=exc,
                                  info={"traceback": traceback.format_exc()})  # fmt: skip
            job.future.set_result(result)
            self._finish(job)

    def _search(self, job: _Job) -> AIResult:
        if self._use_process:
            try:
                return self._search_in_child(job)
            except _NoProcess as exc:
                self._use_process = False  # this machine cannot run one; the thread searches from now on
                result = self._search_here(job)
                result.info["in_thread"] = str(exc)
                return result
        return self._search_here(job)

    def _search_here(self, job: _Job) -> AIResult:
        # On the window's process the cyclic collector's full passes over the search's objects would
        # hold the interpreter for tens of milliseconds at a time, so it is paused during the search.
        collecting = gc.isenabled()
        gc.disable()
        try:
            if job.history:
                played = self._choose(job.position, job.limit, job.seed, job.cancel, self._progress_of(job),
                                      history=job.history)  # fmt: skip
            else:
                played = self._choose(job.position, job.limit, job.seed, job.cancel, self._progress_of(job))
            return AIResult(job.request_id, played.turn, played.score, dict(played.info),
                            cancelled=job.cancel.is_set() or played.turn is None)  # fmt: skip
        except Exception as exc:  # an AI bug must not take the game down with it
            return AIResult(job.request_id, error=f"{type(exc).__name__}: {exc}", exception=exc,
                            info={"traceback": traceback.format_exc()})  # fmt: skip
        finally:
            if collecting:
                gc.enable()

    def _search_in_child(self, job: _Job) -> AIResult:
        choose = None if self._choose is choose_turn else self._choose
        for attempt in range(2):
            child = self._ready_child()
            with self._lock:
                child.cancel.clear()
                if job.cancel.is_set():
                    return AIResult(job.request_id, cancelled=True)
            try:
                child.send(job.request_id, job.position, job.limit, job.seed, job.history, choose)
                break
            except SearchProcessGone:
                # It died while idle: nobody waited on it, so a fresh one takes the request.
                self._end_child(child)
                if attempt:
                    raise
            except Exception as exc:  # the request does not pickle; the child is untouched
                return AIResult(job.request_id, error=f"the search could not be sent to its process "
                                f"({type(exc).__name__}: {exc})", exception=exc)  # fmt: skip
        return self._await_answer(job, child)

    def _await_answer(self, job: _Job, child: SearchProcess) -> AIResult:
        limit_deadline = time.monotonic() + (self._hang_timeout or answer_time(job.limit))
        grace = min(CANCEL_GRACE, self._hang_timeout or CANCEL_GRACE)
        while True:
            deadline = limit_deadline
            if job.cancelled_at is not None:
                deadline = min(deadline, job.cancelled_at + grace)
            left = deadline - time.monotonic()
            if left <= 0:
                self._end_child(child, force=True)
                waited = "after being told to stop" if job.cancelled_at is not None else "in time"
                return AIResult(job.request_id, cancelled=job.cancel.is_set(),
                                error=f"the computer's search did not answer {waited}; its process was ended "
                                      "and starts again at the next request")  # fmt: skip
            try:
                message = child.receive(min(left, POLL))
            except SearchProcessGone as exc:
                self._end_child(child)
                return AIResult(job.request_id, cancelled=job.cancel.is_set(),
                                error=f"the computer's search process stopped unexpectedly ({exc}); "
                                      "it starts again at the next request")  # fmt: skip
            except Exception as exc:  # an answer that does not unpickle: start clean rather than guess
                self._end_child(child, force=True)
                return AIResult(job.request_id, error=f"the computer's answer could not be read "
                                f"({type(exc).__name__}: {exc})", exception=exc)  # fmt: skip
            if message is None or message[1] != job.request_id:
                continue  # nothing yet, or a leftover of an older request
            kind = message[0]
            if kind == "progress":
                self._progress_of(job)(message[2])
            elif kind == "done":
                _, _, turn, score, info = message
                return AIResult(job.request_id, turn, score, info, cancelled=job.cancel.is_set() or turn is None)
            elif kind == "failed":
                _, _, text, raised, trace = message
                return AIResult(job.request_id, error=text, exception=raised, info={"traceback": trace})

    def _ready_child(self) -> SearchProcess:
        with self._lock:
            child = self._child
        if child is not None and child.alive:
            return child
        if child is not None:
            self._end_child(child)
        try:
            child = SearchProcess(self._start_timeout)
        except Exception as exc:
            raise _NoProcess(f"{type(exc).__name__}: {exc}") from exc
        with self._lock:
            self._child = child
        return child

    def _end_child(self, child: SearchProcess | None = None, force: bool = False) -> None:
        with self._lock:
            if child is None:
                child = self._child
            if self._child is child:
                self._child = None
        if child is not None:
            # A hung child would not read a request to stop; it is ended at once instead.
            if force:
                child.kill()
            else:
                child.stop()

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


__all__ = ["AIResult", "AIWorker", "answer_time"]
