"""The replay viewer's review of a whole game, computed on a thread of its own, and kept in its save.

This is the window's one door to the review of the analysis layer (``hwgame.analysis.review``): the
replay screen and its panels take the review's types and its reading (``standing``) from here.

``ReviewRun`` runs ``hwgame.analysis.review.judge_game`` on a thread that never touches pygame; the searches
run in processes of their own (one per core, at a lower priority than the window), so the window stays
responsive. A review never outlives the window: ``stop_reviews`` (the window calls it as it closes) ends
every review and its processes at once, and each process also ends by itself when the window's process
is gone. ``keep_review`` writes a finished review into the save the record came from. ``ReviewRun`` and
``keep_review`` belong to the replay scene (``hwgame.app.scenes.replay``) and live here so that the
screen stays a readable size.
"""

from __future__ import annotations

import hashlib
import threading
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from hwgame.ai.bots import level
from hwgame.ai.thinking import Thinking
from hwgame.analysis.review import Review, TurnReview, fingerprint, review_workers, standing

if TYPE_CHECKING:
    from hwgame.persist.files import LoadedGame
    from hwgame.rules import Position, Turn


class ReviewRun:
    """One review being computed on a thread of its own (never touching pygame). The scene reads
    ``done``, ``partial`` and, once ``finished``, ``review`` or ``error``."""

    def __init__(self, positions: Sequence[Position], turns: Sequence[Turn], level_name: str,
                 thinking: Thinking | None = None, workers: int | None = None):
        """Review ``turns`` (played from ``positions``) as the level called ``level_name`` searches, or
        as ``thinking`` says, with ``workers`` processes (None: as many as the machine gives a review)."""
        self.total = len(turns)
        self.done = 0
        self.partial: list[TurnReview] = []  # as they come, for the graph to grow
        self.stop = threading.Event()
        self.review: Review | None = None
        self.error: str | None = None
        self.finished = False
        args = (list(positions), list(turns), thinking or level(level_name), level_name, workers or review_workers())
        self._thread = threading.Thread(target=self._run, args=args, name="hwgame-review", daemon=True)
        with _lock:
            _running.add(self)
        self._thread.start()

    def _run(self, positions: list[Position], turns: list[Turn], thinking: Thinking, level_name: str,
             workers: int) -> None:
        from hwgame.analysis.review import judge_game

        try:
            self.review = judge_game(positions, turns, thinking, self._stopped, self._progress, level=level_name,
                                      on_turn=self.partial.append, workers=workers)  # fmt: skip
        except Exception as exc:  # a failed review is a message, never a closed window
            self.error = f"{type(exc).__name__}: {exc}"
        finally:
            self.finished = True
            with _lock:
                _running.discard(self)

    def _stopped(self) -> bool:
        """True once the review is cancelled, or once the program's main thread has ended (however the
        window went, a review does not outlive it)."""
        return self.stop.is_set() or not threading.main_thread().is_alive()

    def _progress(self, done: int, total: int) -> None:
        self.done = done

    def cancel(self) -> None:
        """Ask the review to stop (its searches stop within milliseconds)."""
        self.stop.set()

    def join(self, timeout: float) -> bool:
        """Wait at most ``timeout`` seconds for the review's thread to end; True when it has."""
        self._thread.join(max(0.0, timeout))
        return not self._thread.is_alive()


_running: set[ReviewRun] = set()  # the reviews being computed, for ``stop_reviews``
_lock = threading.Lock()


def stop_reviews(wait: float = 0.8) -> None:
    """Stop every review being computed, as the window closes: each is cancelled, its processes are
    killed at once (``analysis.review.end_reviews``), and its thread gets at most ``wait`` seconds in all
    to end. Nothing of a stopped review is kept."""
    from hwgame.analysis.review import end_reviews

    with _lock:
        runs = list(_running)
    if not runs:
        return
    until = time.monotonic() + wait
    for run in runs:
        run.cancel()
    end_reviews(wait)
    for run in runs:
        run.join(until - time.monotonic())


def keep_review(loaded: LoadedGame, turns: Sequence[Turn], review: Review) -> None:
    """Write ``review`` (of ``turns``) into the save ``loaded`` came from, unless the file changed since it
    was opened: then it is left exactly as it is. Raises what writing the file raises."""
    from hwgame.persist.atomic import atomic_write
    from hwgame.persist.files import read_bytes
    from hwgame.persist.schema import ReviewCache
    from hwgame.persist.store import encode

    if hashlib.sha256(read_bytes(loaded.path)).hexdigest() != loaded.digest:
        return
    cache = ReviewCache.model_validate({"fingerprint": fingerprint(turns), **review.to_data()})
    save = loaded.save.model_copy(update={"review": cache})
    data = encode(save)
    atomic_write(loaded.path, data)
    loaded.save, loaded.digest = save, hashlib.sha256(data).hexdigest()


def cached_review(data: dict[str, Any], fingerprint_kept: str, positions: Sequence[Position],
                  turns: Sequence[Turn]) -> Review | None:
    """The review kept in a save (``data``, made for the turns whose fingerprint is ``fingerprint_kept``)
    when it was made for exactly ``turns``; None when the game has changed since or the data does not
    fit (a cache is only a cache: the player can review again)."""
    if fingerprint_kept != fingerprint(turns):
        return None
    try:
        return Review.from_data(data, positions, turns)
    except ValueError:
        return None


__all__ = ["Review", "ReviewRun", "Thinking", "TurnReview", "cached_review", "keep_review", "standing", "stop_reviews"]
