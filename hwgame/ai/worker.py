"""The computer opponent behind one background thread, so the window never waits for it.

``AIWorker.request(position, thinking, seed, history)`` returns a ``concurrent.futures.Future`` at once;
it resolves to a ``SearchReply`` (``hwgame.ai.handoff``) and never raises: an error inside the search
comes back as the reply's ``error``. ``cancel()`` stops the running search within a few milliseconds.
``progress`` is a snapshot for a "thinking" indicator.

Stale replies are the worker's business alone. A new request supersedes every older one, and
``cancel()`` (or ``cancel()`` on a request's own future) withdraws it: the future of a withdrawn request
is cancelled at once (``future.cancelled()``), its search is stopped, and the reply the search still
sends is dropped here. A reply is delivered only to the latest request, not withdrawn when it arrives,
so whoever holds a future that resolves with a reply may act on it.

The thread does not search itself: it drives one long-lived child process (``hwgame.ai.process``),
started at the first request and reused, so the search never holds the window's interpreter lock. A
child that dies, or hangs past its request's time limit and a margin, is ended and started again;
that request resolves to an error reply and the next one is answered as usual. Should no child
process start at all, the worker searches on its own thread instead, so the game keeps its opponent.
"""

from __future__ import annotations

import gc
import itertools
import queue
import threading
import time
import traceback
from collections.abc import Callable, Mapping
from concurrent.futures import Future
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any

from hwgame.rules import Position

from .bots import choose_turn
from .handoff import Chooser, History, SearchInfo, SearchReply, SearchRequest, failed
from .process import Progress, SearchProcess, SearchProcessGone, run_search
from .thinking import Thinking

# Past its hard deadline (2.5 x the time) the search still finishes its safety check, bounded by the
# hard deadline plus max(10 s, 4 x the time); an answer later than that and this margin means a hang.
HANG_MARGIN = 5.0
# A cancelled search answers within milliseconds; one that does not within this long is hung.
CANCEL_GRACE = 2.0
# The longest wait in one go, so a cancel's shorter deadline is noticed soon enough.
POLL = 0.25


def answer_time(thinking: Thinking) -> float:
    """Seconds a search that thinks as ``thinking`` says may take before its process counts as hung."""
    seconds = thinking.limit.time
    return 3 * seconds + max(10.0, 4 * seconds) + HANG_MARGIN


@dataclass(eq=False)
class _Job:
    """A request on its way: the future its reply goes to, and the flag that stops its search."""

    request: SearchRequest
    future: Future[SearchReply] = field(default_factory=Future)
    choose: Chooser | None = None  # this request's own chooser (None: the worker's)
    cancel: threading.Event = field(default_factory=threading.Event)
    cancelled_at: float | None = None


class _Stop:
    """Put on the queue to end the thread."""


class _NoProcess(Exception):
    """No search process could be started."""


class AIWorker:
    """Runs ``choose_turn`` requests one at a time, in a child process driven by a daemon thread.

    ``choose`` replaces ``choose_turn`` (tests); in the child it must be a module-level function.
    ``process=False`` searches on the thread itself, as when no child process can start.
    ``hang_timeout`` fixes how long any request may take before its child counts as hung (tests);
    by default it follows the request's time limit (``answer_time``)."""

    def __init__(self, choose: Chooser = choose_turn, *, process: bool = True, hang_timeout: float | None = None,
                 start_timeout: float = 30.0):  # fmt: skip
        self._choose = choose
        self._use_process = process
        self._hang_timeout = hang_timeout
        self._start_timeout = start_timeout
        self._child: SearchProcess | None = None
        self._queue: queue.Queue[_Job | _Stop] = queue.Queue()
        self._ids = itertools.count(1)
        # Reentrant: cancelling a future runs its callback, which takes the lock, on the same thread.
        self._lock = threading.RLock()
        self._current: _Job | None = None  # the job being searched
        self._latest: _Job | None = None  # the one job whose reply may be delivered
        self._progress: dict[str, Any] = {}
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="hwgame-ai", daemon=True)
        self._thread.start()

    # --- the caller's side ---
    def request(self, position: Position, thinking: Thinking, seed: int | None = None,
                history: History = None, choose: Chooser | None = None) -> Future[SearchReply]:  # fmt: skip
        """Queue a search; return the Future of its reply.

        ``history`` (position key -> count, as ``Game.repetition_counts()``) lets the search see
        draws by repetition. ``choose`` answers this request instead of the worker's chooser (a
        module-level function or a ``functools.partial`` of one, so that it crosses to the process).
        Every older request is withdrawn: its future is cancelled and its reply will never be
        delivered."""
        if self._closed:
            raise RuntimeError("the AI worker has been shut down")
        with self._lock:
            request = SearchRequest(position, thinking, seed, dict(history) if history else None, next(self._ids))
            job = _Job(request, choose=choose)
            job.future.add_done_callback(partial(self._withdrawn, job))
            older, self._latest = self._latest, job
            if older is not None:
                older.future.cancel()
        self._queue.put(job)
        return job.future

    def cancel(self) -> None:
        """Withdraw the latest request: its future is cancelled and its search stopped."""
        with self._lock:
            job, self._latest = self._latest, None
            if job is not None:
                job.future.cancel()

    @property
    def progress(self) -> dict[str, Any]:
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
        self._queue.put(_Stop())
        if wait:
            self._thread.join(timeout=5)

    def _withdrawn(self, job: _Job, future: Future[SearchReply]) -> None:
        """The future of ``job`` is done: if it was cancelled, stop its search."""
        if not future.cancelled():
            return
        with self._lock:
            # The thread changes the running job and clears the child's flag under the same lock, so
            # this flag can never land on the next request by mistake.
            job.cancel.set()
            if job.cancelled_at is None:
                job.cancelled_at = time.monotonic()
            if self._latest is job:
                self._latest = None
            if self._current is job and self._child is not None:
                self._child.cancel.set()

    def _deliver(self, job: _Job, reply: SearchReply) -> None:
        """Resolve the future of ``job`` with ``reply``, unless the request was withdrawn: a stale reply
        ends here."""
        with self._lock:
            if self._latest is not job:
                job.future.cancel()
            # False for a cancelled future: it is marked as such for anyone waiting, and nothing is set.
            if job.future.set_running_or_notify_cancel():
                job.future.set_result(reply)

    # --- the worker thread ---
    def _run(self) -> None:
        while True:
            job = self._queue.get()
            if isinstance(job, _Stop):
                self._end_child()
                return
            if job.future.cancelled():
                # Withdrawn while waiting in the queue: nothing to search. This marks the future as
                # cancelled for anyone waiting on it (``concurrent.futures.wait``).
                job.future.set_running_or_notify_cancel()
                continue
            with self._lock:
                self._current = job
                self._progress = {"request_id": job.request.request_id, "running": True, "depth": 0, "nodes": 0,
                                  "turn": None, "score": 0.0, "seconds": 0.0}  # fmt: skip
            try:
                reply = self._search(job)
            except Exception as exc:  # a fault here must still answer the request
                reply = failed(job.request.request_id, f"{type(exc).__name__}: {exc}", traceback.format_exc())
            self._deliver(job, reply)
            self._finish(job)

    def _search(self, job: _Job) -> SearchReply:
        if self._use_process:
            try:
                return self._search_in_child(job)
            except _NoProcess as exc:
                self._use_process = False  # this machine cannot run one; the thread searches from now on
                reply = self._search_here(job)
                return replace(reply, info=replace(reply.info, in_thread=str(exc)))
        return self._search_here(job)

    def _search_here(self, job: _Job) -> SearchReply:
        # On the window's process the cyclic collector's full passes over the search's objects would
        # hold the interpreter for tens of milliseconds at a time, so it is paused during the search.
        collecting = gc.isenabled()
        gc.disable()
        request_id = job.request.request_id
        try:
            played = run_search(job.choose or self._choose, job.request, job.cancel, self._progress_of(job))
            return replace(played, request_id=request_id)
        except Exception as exc:  # an AI bug must not take the game down with it
            return failed(request_id, f"{type(exc).__name__}: {exc}", traceback.format_exc())
        finally:
            if collecting:
                gc.enable()

    def _search_in_child(self, job: _Job) -> SearchReply:
        request_id = job.request.request_id
        choose = job.choose or (None if self._choose is choose_turn else self._choose)
        for attempt in range(2):
            child = self._ready_child()
            with self._lock:
                child.cancel.clear()
                if job.cancel.is_set():
                    return SearchReply(None, info=SearchInfo(cancelled=True), request_id=request_id)
            try:
                child.send(job.request, choose)
                break
            except SearchProcessGone:
                # It died while idle: nobody waited on it, so a fresh one takes the request.
                self._end_child(child)
                if attempt:
                    raise
            except Exception as exc:  # the request does not pickle; the child is untouched
                return failed(request_id, f"the search could not be sent to its process ({type(exc).__name__}: {exc})")
        return self._await_answer(job, child)

    def _await_answer(self, job: _Job, child: SearchProcess) -> SearchReply:
        request_id = job.request.request_id
        limit_deadline = time.monotonic() + (self._hang_timeout or answer_time(job.request.thinking))
        grace = min(CANCEL_GRACE, self._hang_timeout or CANCEL_GRACE)
        while True:
            deadline = limit_deadline
            if job.cancelled_at is not None:
                deadline = min(deadline, job.cancelled_at + grace)
            left = deadline - time.monotonic()
            if left <= 0:
                self._end_child(child, force=True)
                waited = "after being told to stop" if job.cancelled_at is not None else "in time"
                return failed(request_id, f"the computer's search did not answer {waited}; its process was ended "
                                          "and starts again at the next request")  # fmt: skip
            try:
                message = child.receive(min(left, POLL))
            except SearchProcessGone as exc:
                self._end_child(child)
                return failed(request_id, f"the computer's search process stopped unexpectedly ({exc}); "
                                          "it starts again at the next request")  # fmt: skip
            except Exception as exc:  # an answer that does not unpickle: start clean rather than guess
                self._end_child(child, force=True)
                return failed(request_id, f"the computer's answer could not be read ({type(exc).__name__}: {exc})")
            if isinstance(message, Progress) and message.request_id == request_id:
                self._progress_of(job)(message.info)
            elif isinstance(message, SearchReply) and message.request_id == request_id:
                return message
            # Otherwise nothing came yet, or a leftover of an older request: wait on.

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

    def _progress_of(self, job: _Job) -> Callable[[Mapping[str, Any]], None]:
        def update(info: Mapping[str, Any]) -> None:
            with self._lock:
                if self._current is job:
                    self._progress = dict(info, request_id=job.request.request_id, running=True)

        return update


__all__ = ["AIWorker", "answer_time"]
