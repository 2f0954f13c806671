"""The replay viewer's review of a whole game, computed on a thread of its own, and kept in its save.

``ReviewRun`` runs ``hwgame.analysis.review.judge_game`` on a thread that never touches pygame; the searches
run in processes of their own (one per core, at a lower priority than the window), so the window stays
responsive. ``keep_review`` writes a finished review into the save the record came from. Both belong to
the replay scene (``hwgame.app.scenes.replay``) and live here so that the screen stays a readable size.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hwgame.ai.bots import Limit
    from hwgame.analysis.review import Review, TurnReview
    from hwgame.persist.files import LoadedGame
    from hwgame.rules import Position, Turn


class ReviewRun:
    """One review being computed on a thread of its own (never touching pygame). The scene reads
    ``done``, ``partial`` and, once ``finished``, ``review`` or ``error``."""

    def __init__(self, positions: Sequence[Position], turns: Sequence[Turn], limit: Limit, level: str,
                 workers: int):
        self.total = len(turns)
        self.done = 0
        self.partial: list[TurnReview] = []  # as they come, for the graph to grow
        self.stop = threading.Event()
        self.review: Review | None = None
        self.error: str | None = None
        self.finished = False
        args = (list(positions), list(turns), limit, level, workers)
        self._thread = threading.Thread(target=self._run, args=args, name="hwgame-review", daemon=True)
        self._thread.start()

    def _run(self, positions: list[Position], turns: list[Turn], limit: Limit, level: str, workers: int) -> None:
        from hwgame.analysis.review import judge_game

        try:
            self.review = judge_game(positions, turns, limit, self.stop, self._progress, level=level,
                                      on_turn=self.partial.append, workers=workers)  # fmt: skip
        except Exception as exc:  # a failed review is a message, never a closed window
            self.error = f"{type(exc).__name__}: {exc}"
        finally:
            self.finished = True

    def _progress(self, done: int, total: int) -> None:
        self.done = done

    def cancel(self) -> None:
        """Ask the review to stop (its searches stop within milliseconds)."""
        self.stop.set()


def keep_review(loaded: LoadedGame, turns: Sequence[Turn], review: Review) -> None:
    """Write ``review`` (of ``turns``) into the save ``loaded`` came from, unless the file changed since it
    was opened: then it is left exactly as it is. Raises what writing the file raises."""
    from hwgame.analysis.review import fingerprint
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


__all__ = ["ReviewRun", "keep_review"]
