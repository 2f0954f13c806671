"""The search's own process: a child that answers search requests, and the handle that drives it.

The search is pure Python; run on a thread of the window's process it would hold the window's
interpreter lock for most of every frame. Here it runs in one long-lived child process, started with
the ``spawn`` method (the same on Linux, macOS, Windows and in the single-file build) and reused for
every request. ``serve`` is the child's entry; it imports ``hwgame.rules`` and ``hwgame.ai`` only,
never pygame or the window. ``SearchProcess`` is the parent's handle, used by the AI worker thread.

What crosses the pipe is plain picklable data: the request and the reply are the ``SearchRequest`` and
``SearchReply`` of ``hwgame.ai.handoff`` themselves. Around them, small typed messages:

- to the child: ``Search(request, choose)``, then ``Stop()`` to end; ``choose`` is None for
  ``choose_turn`` or a module-level function (tests use their own);
- from the child: ``Ready(pid)`` once started, ``Progress(request_id, info)`` while it searches, then
  the ``SearchReply`` (a turn, or an error with the traceback in its ``info``); the reply's ``info``
  names the child's ``pid``.

A cancel is not a message: it is a ``SharedFlag`` that the search polls every few nodes through the
``cancel`` argument of ``choose_turn``, so it lands while the child is busy. The child ends by itself
when the window's process is gone (``end_with_parent``, which a review's processes use too).
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import signal
import sys
import threading
import traceback
from collections.abc import Mapping
from dataclasses import dataclass, replace
from multiprocessing.connection import Connection, wait
from typing import Any

from .bots import choose_turn
from .flag import SharedFlag
from .handoff import Cancel, Chooser, OnProgress, SearchReply, SearchRequest, failed


@dataclass(frozen=True)
class Search:
    """To the child: run ``request`` with ``choose`` (None: ``choose_turn``) and send its reply."""

    request: SearchRequest
    choose: Chooser | None = None


@dataclass(frozen=True)
class Stop:
    """To the child: finish and exit."""


@dataclass(frozen=True)
class Ready:
    """From the child, once: it has started, as process ``pid``."""

    pid: int


@dataclass(frozen=True)
class Progress:
    """From the child while it searches request ``request_id``: a snapshot (depth, nodes, turn, score...)."""

    request_id: int
    info: dict[str, Any]


# Everything the child sends.
FromChild = Ready | Progress | SearchReply

NICE = 5  # added to the child's niceness on Linux and macOS
BELOW_NORMAL_PRIORITY_CLASS = 0x4000  # the child's priority class on Windows


class SearchProcessGone(Exception):
    """The child process died (or its pipe broke); the message says how, in plain words."""


# --- the child's side ---
def serve(conn: Connection, cancel: SharedFlag) -> None:
    """The child's entry: answer requests from ``conn`` one at a time until told to stop or the pipe closes.

    ``cancel`` is the SharedFlag the parent sets to stop the running search."""
    # Ctrl+C in the terminal reaches the whole process group; the window decides when the child stops.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    lower_priority()
    end_with_parent()
    conn.send(Ready(os.getpid()))
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return  # the window's process is gone
        if not isinstance(message, Search):
            return
        answer(conn, cancel, message.request, message.choose or choose_turn)


def end_with_parent() -> None:
    """End this process at once when the process that started it is gone (killed, crashed), even in the
    middle of a search: a thread waits for that. A child left behind would search on for nobody, holding
    its parent's output open (``hwgame analyze | cat`` would never end). Nothing happens in a process
    that ``multiprocessing`` did not start.

    The parent's end shows on a handle every child of ``multiprocessing`` has (a pipe the parent keeps
    open on POSIX, the parent's process handle on Windows), so the thread sleeps until then and costs
    nothing while it waits."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return
    try:
        sentinel = parent.sentinel
    except ValueError:
        return

    def watch() -> None:
        try:
            wait([sentinel])
        except OSError:
            pass  # the handle itself is gone: the parent went with it
        os._exit(1)

    threading.Thread(target=watch, name="hwgame-parent-watch", daemon=True).start()


def lower_priority() -> None:
    """Give this process a lower CPU priority than the window's, where the system allows it.

    When the cores are busy, the window's frames then come first and the search takes what is left;
    on an idle core the search runs at full speed all the same."""
    try:
        if hasattr(os, "nice"):
            os.nice(NICE)
        elif sys.platform == "win32":
            import ctypes

            kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined]
            kernel32.SetPriorityClass(kernel32.GetCurrentProcess(), BELOW_NORMAL_PRIORITY_CLASS)
    except (OSError, AttributeError):
        pass  # not allowed here: the search runs at the window's priority


def answer(conn: Connection, cancel: SharedFlag, request: SearchRequest, choose: Chooser) -> None:
    """Run one search and send its reply (a turn, or the failure in words) back on ``conn``."""
    request_id = request.request_id

    def progress(info: Mapping[str, Any]) -> None:
        try:
            conn.send(Progress(request_id, dict(info)))
        except OSError:
            raise SystemExit(0) from None  # the parent is gone: nobody wants this search any more
        except Exception:
            pass  # a snapshot that does not pickle is not worth stopping the search for

    # The search makes millions of short-lived objects without cycles; passes of the cyclic collector
    # over them only cost time, so it is paused while a search runs. It stays paused until the answer
    # is sent: the first allocation after it comes back would set off a pass over every object the
    # search left alive (its tables, freed at the next search), and a cancel would wait tens of ms.
    gc.disable()
    try:
        try:
            played = run_search(choose, request, cancel, progress)
            reply = replace(played, info=replace(played.info, pid=os.getpid()), request_id=request_id)
        except Exception as exc:  # an AI bug becomes a reply; the child lives on for the next request
            reply = failed(request_id, f"{type(exc).__name__}: {exc}", traceback.format_exc())
        _send_reply(conn, reply)
    finally:
        gc.enable()
    gc.collect()  # now, while nobody waits, rather than at the start of the next search


def run_search(choose: Chooser, request: SearchRequest, cancel: Cancel, progress: OnProgress) -> SearchReply:
    """``choose`` called on ``request``: ``history`` is passed only when there is one, so a stand-in
    without that parameter (tests) still answers."""
    if request.history:
        return choose(request.position, request.thinking, request.seed, cancel, progress, history=request.history)
    return choose(request.position, request.thinking, request.seed, cancel, progress)


def _send_reply(conn: Connection, reply: SearchReply) -> None:
    try:
        conn.send(reply)
    except OSError:
        raise SystemExit(0) from None  # the parent is gone
    except Exception as exc:  # the turn or the figures did not pickle: say so instead
        conn.send(failed(reply.request_id, f"the search's answer could not be sent back ({type(exc).__name__}: {exc})",
                         traceback.format_exc()))  # fmt: skip


# --- the parent's side ---
class SearchProcess:
    """One child process running ``serve``, started at construction; raises RuntimeError if it does not start."""

    def __init__(self, start_timeout: float = 30.0):
        self._ended = False
        ctx = multiprocessing.get_context("spawn")
        self.cancel = SharedFlag(ctx)
        self._conn, child_end = ctx.Pipe()
        self._process = ctx.Process(target=serve, args=(child_end, self.cancel), name="hwgame-search", daemon=True)
        self._process.start()
        child_end.close()  # so that the child's death shows as the end of the pipe here
        try:
            hello = self.receive(start_timeout)
        except SearchProcessGone as exc:
            self.stop()
            raise RuntimeError(f"the search process could not start: {exc}") from None
        if not isinstance(hello, Ready):
            self.stop()
            raise RuntimeError(f"the search process did not start within {start_timeout:.0f} s")
        self.pid: int = hello.pid

    def send(self, request: SearchRequest, choose: Chooser | None = None) -> None:
        """Ask for one search (``choose`` None means ``choose_turn``). Raises SearchProcessGone if the
        child is dead, or the pickling error if the request cannot cross the pipe."""
        try:
            self._conn.send(Search(request, choose))
        except OSError as exc:
            raise SearchProcessGone(self._how_it_ended(exc)) from None

    def receive(self, timeout: float) -> FromChild | None:
        """The next message from the child, or None when none came within ``timeout`` seconds.

        Raises SearchProcessGone when the child died or its pipe closed."""
        ready = wait([self._conn, self._process.sentinel], max(0.0, timeout))
        # A message the child sent just before dying is still read: the pipe comes first.
        if self._conn in ready or (ready and self._conn.poll()):
            try:
                message: FromChild = self._conn.recv()
                return message
            except (EOFError, OSError) as exc:
                raise SearchProcessGone(self._how_it_ended(exc)) from None
        if ready:
            raise SearchProcessGone(self._how_it_ended(None))
        return None

    @property
    def alive(self) -> bool:
        """True while the child runs."""
        return not self._ended and self._process.is_alive()

    def stop(self, grace: float = 1.0) -> None:
        """Ask the child to finish, and end it by force if it does not within ``grace`` seconds."""
        try:
            self._conn.send(Stop())
        except Exception:
            pass  # dead already, or the pipe is broken: the force below handles it
        self._process.join(grace)
        self.kill()

    def kill(self) -> None:
        """End the child at once (it hangs or is not wanted any more) and release the pipe."""
        if self._ended:
            return
        self._ended = True
        if self._process.is_alive():
            self._process.terminate()
            self._process.join(1.0)
        if self._process.is_alive():
            self._process.kill()
            self._process.join(1.0)
        self._conn.close()
        if not self._process.is_alive():
            self._process.close()  # frees its handles now rather than at garbage collection

    def _how_it_ended(self, exc: BaseException | None) -> str:
        self._process.join(0.5)  # the exit code is known only once the child is reaped
        code = self._process.exitcode
        if code is None:
            return f"its pipe broke ({type(exc).__name__})" if exc is not None else "its pipe broke"
        if code < 0:
            try:
                name = signal.Signals(-code).name
            except ValueError:
                name = f"signal {-code}"
            return f"it was stopped by {name}"
        return f"it exited with status {code}"


__all__ = ["FromChild", "Progress", "Ready", "Search", "SearchProcess", "SearchProcessGone", "Stop",
           "answer", "end_with_parent", "lower_priority", "run_search", "serve"]  # fmt: skip
