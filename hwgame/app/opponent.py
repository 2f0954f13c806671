"""The computer opponent as the window sees it: a request on the AI worker thread, polled every frame.

The worker (``hwgame.ai.worker.AIWorker``) never touches pygame; it gets an immutable Position and
returns a turn. A ticket remembers the position it was asked about, so a result that arrives after an
undo, a new game or a load is recognised as stale and dropped.
"""

from __future__ import annotations

from concurrent.futures import Future
from dataclasses import dataclass

from hwgame.i18n import _
from hwgame.persist.levels import LEVEL_NAMES, level_name, level_number
from hwgame.rules import Position

# The level names and their numbers live with the files that store them (``hwgame.persist.levels``);
# screens that import them from here get the same objects.
__all__ = ["HINT_LEVEL", "LEVEL_NAMES", "Answer", "Opponent", "Ticket", "level_name", "level_number"]

HINT_LEVEL = "hint"  # Normal, careful with what it places (``hwgame.ai.bots.HINT``)


@dataclass
class Ticket:
    """One request: what it was about and the worker's future."""

    position: Position
    purpose: str  # "move" (the computer's turn) or "hint"
    future: Future[object]  # resolves to an ai.worker.AIResult, read by its attributes
    level: str

    @property
    def request_id(self) -> int:
        """The worker's id of the request."""
        return getattr(self.future, "request_id", 0)


@dataclass
class Answer:
    """A finished request: a turn, or an error message (``turn`` None and ``error`` None: cancelled)."""

    ticket: Ticket
    turn: tuple | None
    error: str | None = None
    info: dict | None = None


class Opponent:
    """Thin adapter over the AI worker: request, poll, cancel, progress."""

    def __init__(self, seed: int | None = None, worker=None):
        self.seed = seed
        self._worker = worker
        self._broken: str | None = None
        self.ticket: Ticket | None = None

    def _get_worker(self):
        if self._worker is None and self._broken is None:
            try:
                from hwgame.ai.worker import AIWorker

                self._worker = AIWorker()
            except Exception as exc:  # a broken AI install must not close the window
                self._broken = f"{type(exc).__name__}: {exc}"
        return self._worker

    def _limit(self, level: str):
        from hwgame.ai.bots import HINT, LEVELS
        from hwgame.persist.levels import DEFAULT_LEVEL

        if level == HINT_LEVEL:
            return HINT
        return LEVELS.get(level, LEVELS[DEFAULT_LEVEL])

    def request(self, position: Position, level: str, purpose: str = "move", history=None) -> Ticket | str:
        """Start a search; return the Ticket, or an error message when the AI cannot be used.

        ``history`` (``Game.repetition_counts()``) lets the computer see a draw by repetition coming.
        """
        worker = self._get_worker()
        if worker is None:
            if self._broken:
                return _("the computer opponent could not start ({error})").format(error=self._broken)
            return _("the computer opponent is not available")
        try:
            future = worker.request(position, self._limit(level), self.seed, history=history)
        except Exception as exc:
            return _("the computer opponent could not start thinking ({error})").format(error=exc)
        self.ticket = Ticket(position, purpose, future, level)
        return self.ticket

    @property
    def thinking(self) -> bool:
        """True while a request is out."""
        return self.ticket is not None

    def poll(self) -> Answer | None:
        """The answer to the current request once it is there (then the ticket is cleared), else None."""
        ticket = self.ticket
        if ticket is None or not ticket.future.done():
            return None
        self.ticket = None
        try:
            result = ticket.future.result()
        except Exception as exc:  # the worker promises results, but a future can still fail
            return Answer(ticket, None, f"{type(exc).__name__}: {exc}")
        worker = self._worker
        if worker is not None and hasattr(worker, "is_current") and not worker.is_current(result):
            return Answer(ticket, None, None)
        error = getattr(result, "error", None)
        turn = getattr(result, "turn", None)
        if error is None and turn is None and not getattr(result, "cancelled", False):
            error = _("the computer found no turn")
        return Answer(ticket, turn, error, dict(getattr(result, "info", {}) or {}))

    def cancel(self) -> None:
        """Forget the current request and ask the worker to stop."""
        self.ticket = None
        if self._worker is not None:
            try:
                self._worker.cancel()
            except Exception:
                pass  # stopping a search that already failed is not worth a message

    def progress(self) -> dict:
        """The worker's progress snapshot (depth, nodes, seconds...), or an empty dict."""
        if self._worker is None or self.ticket is None:
            return {}
        try:
            return dict(self._worker.progress)
        except Exception:
            return {}

    def shutdown(self) -> None:
        """Stop the worker thread (when the window closes)."""
        self.ticket = None
        if self._worker is not None:
            try:
                self._worker.shutdown(wait=False)
            except Exception:
                pass
            self._worker = None
