"""The study board's analysis: the best few turns of the position shown, deepened on every core until
stopped, and polled each frame.

``StudyAnalysis`` asks the computer's worker thread (``hwgame.ai.worker.AIWorker``) for one long search of
ranked lines (``hwgame.analysis.lines_reply``): it runs in the worker's search process, which shares it
among helper processes, one a core (``workers``). Each whole depth comes back as the search's progress,
a ``Lines``; ``poll`` hands the newest one on, once, and never waits. Every request carries a token of
its own, so lines of a position no longer asked for (a ``start`` on another position, the worker still
busy stopping the old search) are dropped here. ``close`` ends the worker, its search process and the
helpers; none of them outlives the window either way (each ends with the process that started it).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from concurrent.futures import Future
from functools import partial
from typing import TYPE_CHECKING

from hwgame.analysis.lines import STUDY, Lines, LinesInfo, lines_reply
from hwgame.i18n import _
from hwgame.rules import Position, PositionKey

if TYPE_CHECKING:
    from hwgame.ai.handoff import SearchReply

    from .opponent import Worker

__all__ = ["Lines", "StudyAnalysis", "machine_cores"]


def machine_cores() -> int:
    """The processes a study searches on: the machine's cores, at least one."""
    return max(1, os.cpu_count() or 1)


class StudyAnalysis:
    """The ``count`` best lines of one position at a time (see the module docstring). ``workers``
    (default: ``machine_cores()``) and ``worker`` (a stand-in for the AI worker) are for tests and
    benchmarks."""

    def __init__(self, count: int = 3, *, workers: int | None = None, worker: Worker | None = None) -> None:
        self.count = count
        self.workers = workers if workers is not None else machine_cores()
        self._worker = worker
        self._future: Future[SearchReply] | None = None
        self._position: Position | None = None
        self._token = 0
        self._shown: tuple[int, bool] = (-1, False)  # (depth, done) of the last lines handed on
        self.error: str | None = None  # why the analysis could not start, in the player's words

    def _get_worker(self) -> Worker | None:
        if self._worker is None:
            try:
                from hwgame.ai.worker import AIWorker

                self._worker = AIWorker()
            except Exception as exc:  # a broken AI install must not close the window
                self.error = _("the analysis could not start ({error})").format(error=f"{type(exc).__name__}: {exc}")
        return self._worker

    def start(self, position: Position, turn_index: int = 0,
              history: Mapping[PositionKey, int] | None = None) -> None:  # fmt: skip
        """Study ``position`` (``turn_index`` turns into its game; ``history`` counts the positions met so
        far): earlier work is withdrawn, and the search deepens until ``stop``. Returns at once."""
        self._token += 1
        self._position = position
        self._shown = (-1, False)
        self._future = None
        worker = self._get_worker()
        if worker is None:
            return
        choose = partial(lines_reply, count=self.count, turn_index=turn_index, token=self._token,
                         workers=self.workers)  # fmt: skip
        try:
            self._future = worker.request(position, STUDY, None, history=history, choose=choose)
        except Exception as exc:
            self.error = _("the analysis could not start ({error})").format(error=f"{type(exc).__name__}: {exc}")

    def poll(self) -> Lines | None:
        """The newest lines of the position last started that were not handed on yet, else None."""
        if self._worker is None:
            return None
        found: list[Lines] = []
        try:
            progress = self._worker.progress
        except Exception:
            progress = {}
        lines = progress.get("lines")
        if progress.get("token") == self._token and isinstance(lines, Lines):
            found.append(lines)
        future = self._future
        if future is not None and future.done():
            self._future = None
            if not future.cancelled() and future.exception() is None:
                info = future.result().info
                if isinstance(info, LinesInfo) and info.token == self._token:
                    found.append(info.lines)
        if not found:
            return None
        newest = max(found, key=lambda f: (f.depth, f.done))
        if (newest.depth, newest.done) <= self._shown:
            return None
        self._shown = (newest.depth, newest.done)
        return newest

    def stop(self) -> None:
        """Stop deepening (the lines already found may still be polled)."""
        self._future = None
        if self._worker is not None:
            try:
                self._worker.cancel()
            except Exception:
                pass  # stopping a search that already failed is not worth a message

    @property
    def running(self) -> bool:
        """True while the search deepens."""
        return self._future is not None and not self._future.done()

    @property
    def position(self) -> Position | None:
        """The position last started."""
        return self._position

    def close(self, wait: bool = False) -> None:
        """End the worker, its search process and the helpers (the scene calls it when it leaves). The
        processes end in the background unless ``wait``."""
        self._future = None
        self._token += 1  # nothing of the last position is handed on any more
        worker, self._worker = self._worker, None
        if worker is not None:
            try:
                worker.shutdown(wait=wait)
            except Exception:
                pass
