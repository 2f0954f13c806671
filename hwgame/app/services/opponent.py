"""The computer opponent as the window sees it: a request on the AI worker thread, polled every frame.

The worker (``hwgame.ai.worker.AIWorker``) never touches pygame; it gets an immutable Position and
answers with a ``SearchReply``. Staleness is the worker's business: a request withdrawn by ``cancel``
(undo, a new game, a load) or replaced by a newer one never resolves with a reply, so whatever ``poll``
returns answers the request out now.
"""

from __future__ import annotations

from collections.abc import Mapping
from concurrent.futures import Future
from enum import Enum
from typing import TYPE_CHECKING, Any, Protocol

from hwgame.i18n import _
from hwgame.levels import DEFAULT_LEVEL, LEVEL_NAMES
from hwgame.rules import Position, Turn

if TYPE_CHECKING:
    from hwgame.ai.handoff import Chooser, History, SearchReply
    from hwgame.ai.thinking import Thinking

# The level names live in one table (``hwgame.levels``); screens that import them from here get the same
# objects.
__all__ = ["CAREFUL_NORMAL_LEVEL", "DEFAULT_LEVEL", "LEVEL_NAMES", "Opponent", "Purpose", "Worker"]

# The name the window asks by for Normal careful with what it places (``hwgame.ai.bots.CAREFUL_NORMAL``):
# how the verdicts think that the hint, the bar and the warnings read. Asked for as a level is, by name,
# but not a level of the table: no player plays against it.
CAREFUL_NORMAL_LEVEL = "careful-normal"


class Purpose(Enum):
    """What a request is for: the computer's own turn, or the verdict of the position the human moves
    from (``hwgame.analysis``: the hint, the bar and the warnings read it)."""

    MOVE = "move"
    ANALYSE = "analyse"


class Worker(Protocol):
    """What the window needs of an AI worker (``hwgame.ai.worker.AIWorker``, or a stand-in in tests)."""

    def request(self, position: Position, thinking: Thinking, seed: int | None = None,
                history: History = None, choose: Chooser | None = None) -> Future[SearchReply]:  # fmt: skip
        """Start a search (with ``choose`` in place of the computer's chooser when given); its future
        resolves to the reply, or is cancelled once it is stale."""
        ...

    def cancel(self) -> None:
        """Withdraw the latest request."""
        ...

    @property
    def progress(self) -> Mapping[str, Any]:
        """A snapshot of the running search."""
        ...

    def shutdown(self, wait: bool = True) -> None:
        """Stop the worker."""
        ...


def within(thinking: Thinking, seconds: float) -> Thinking:
    """``thinking`` answering within ``seconds`` of the wall clock, the safety check included (a game with a
    clock: the time is the player's). The level's node budget and depth stay: a level keeps its strength
    where it has the time, and only thinks less where it has not. Nothing may run past the time: no
    extra look for a turn that survives a threat, no extra proof for a side far ahead."""
    limit = thinking.limit
    longest = limit.most if limit.most is not None else limit.hard if limit.hard is not None else 2.5 * limit.time
    hard = max(0.02, min(longest, seconds))
    # The soft limit shrinks with the time: a level with all the time it takes thinks as it always does.
    return (thinking.with_limit(time=min(limit.time, hard * limit.time / longest), hard=hard, most=hard,
                                wall_clock=True)
            .with_breadth(survive=0.0, convert=False))  # fmt: skip


class Opponent:
    """Thin adapter over the AI worker: request, poll, cancel, progress.

    ``purpose`` says what the request out now is for (a ``Purpose``), None when there is none. The worker
    answers one request at a time: a new request withdraws the one out before it."""

    def __init__(self, seed: int | None = None, worker: Worker | None = None):
        self.seed = seed
        self._worker = worker
        self._broken: str | None = None
        self._future: Future[SearchReply] | None = None
        self.purpose: Purpose | None = None

    def _get_worker(self) -> Worker | None:
        if self._worker is None and self._broken is None:
            try:
                from hwgame.ai.worker import AIWorker

                self._worker = AIWorker()
            except Exception as exc:  # a broken AI install must not close the window
                self._broken = f"{type(exc).__name__}: {exc}"
        return self._worker

    def _thinking(self, level: str) -> Thinking:
        from hwgame.ai.bots import CAREFUL_NORMAL, LEVELS

        # The window tells a player why a hint is good and why the computer played its turn.
        if level == CAREFUL_NORMAL_LEVEL:
            return CAREFUL_NORMAL.explaining()
        return LEVELS.get(level, LEVELS[DEFAULT_LEVEL]).explaining()

    def request(self, position: Position, level: str, purpose: Purpose = Purpose.MOVE,
                history: History = None, avoid: tuple[Turn, ...] = (),
                choose: Chooser | None = None, seconds: float | None = None) -> Future[SearchReply] | str:  # fmt: skip
        """Start a search for ``purpose``; return its future, or an error message when the AI cannot be used.

        ``history`` (``Game.repetition_counts()``) lets the computer see a draw by repetition coming;
        ``avoid`` lists turns to pass over unless they parry a threat (``Manner.avoid``); ``choose``
        answers in place of the computer's chooser (``functools.partial(analysis.verdict_reply, ...)``
        for a verdict), in the search process. ``seconds`` (a game with a clock) is the longest the
        search may take, in wall-clock seconds (``within``).
        """
        worker = self._get_worker()
        if worker is None:
            if self._broken:
                return _("the computer opponent could not start ({error})").format(error=self._broken)
            return _("the computer opponent is not available")
        try:
            thinking = self._thinking(level)
            if avoid:
                thinking = thinking.with_manner(avoid=avoid)
            if seconds is not None:
                thinking = within(thinking, seconds)
            if choose is None:
                future = worker.request(position, thinking, self.seed, history=history)
            else:
                future = worker.request(position, thinking, self.seed, history=history, choose=choose)
        except Exception as exc:
            return _("the computer opponent could not start thinking ({error})").format(error=exc)
        self._future, self.purpose = future, purpose
        return future

    @property
    def thinking(self) -> bool:
        """True while a request is out."""
        return self._future is not None

    def poll(self) -> SearchReply | None:
        """The reply to the request out now once it is there (the request is then done), else None.

        A reply holds a turn, or an ``error``, or neither when the search found nothing. A request the
        worker withdrew (another user of the worker cancelled it) is simply forgotten: nothing comes back
        for it."""
        future = self._future
        if future is None or not future.done():
            return None
        self._future, self.purpose = None, None
        if future.cancelled():
            return None
        failure = future.exception()
        if failure is not None:  # the worker promises replies, but a future can still fail
            from hwgame.ai.handoff import failed

            return failed(0, f"{type(failure).__name__}: {failure}")
        return future.result()

    def cancel(self) -> None:
        """Withdraw the request out now, and ask the worker to stop its search."""
        self._future, self.purpose = None, None
        if self._worker is not None:
            try:
                self._worker.cancel()
            except Exception:
                pass  # stopping a search that already failed is not worth a message

    def progress(self) -> dict[str, Any]:
        """The worker's progress snapshot (depth, nodes, seconds...), or an empty dict."""
        if self._worker is None or self._future is None:
            return {}
        try:
            return dict(self._worker.progress)
        except Exception:
            return {}

    def shutdown(self) -> None:
        """Stop the worker thread (when the window closes)."""
        self._future, self.purpose = None, None
        if self._worker is not None:
            try:
                self._worker.shutdown(wait=False)
            except Exception:
                pass
            self._worker = None
