"""The opening books the window shows: the archive's, shipped with the game, and the player's own games'.

The archive's book is read once (``hwgame.openings.archive_book``). The own book is read from the data
folder (``hwgame.persist.own_openings``) and read again only when its file or the record changed since
(a game was recorded meanwhile), so that the explorer's "Your games" tab is up to date without reading
on every frame. Neither ever raises: a book that cannot be had is a ``Loaded`` with its ``problem``.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass

from hwgame.i18n import Text, text_of
from hwgame.openings import Book, BookError, archive_book


@dataclass(frozen=True)
class Loaded:
    """A book, or why there is none (``problem``, worded when read), and notices about its files."""

    book: Book | None
    problem: Text | None = None
    notices: tuple[Text, ...] = ()

    @property
    def problem_text(self) -> str | None:
        """The problem in the language in force (None when the book is there)."""
        return None if self.problem is None else text_of(self.problem)


def archive_loaded() -> Loaded:
    """The archive's book, or its problem."""
    try:
        return Loaded(archive_book())
    except BookError as exc:
        return Loaded(None, exc.message)


def _stamp(paths: list[os.PathLike[str] | str]) -> tuple[tuple[int, int], ...]:
    """What the files look like now (time and size; zeros for one that is not there)."""
    out = []
    for path in paths:
        try:
            info = os.stat(path)
            out.append((info.st_mtime_ns, info.st_size))
        except (OSError, ValueError):
            out.append((0, 0))
    return tuple(out)


class OwnBooks:
    """The own book, read again when its files change; ``read`` stands for ``persist.own_openings`` (a
    test gives its own)."""

    def __init__(self, read: Callable[[], tuple[Book, list[Text]]] | None = None,
                 files: Callable[[], list[os.PathLike[str] | str]] | None = None) -> None:
        self._read = read
        self._files = files
        self._stamp: tuple[tuple[int, int], ...] | None = None
        self._loaded: Loaded | None = None

    def _paths(self) -> list[os.PathLike[str] | str]:
        if self._files is not None:
            return self._files()
        from hwgame import persist

        store = persist.default_store()
        return [store.own_openings_path, store.record_path]

    def loaded(self) -> Loaded:
        """The own book as its files hold it now (read again only when they changed)."""
        try:
            stamp = _stamp(self._paths())
        except Exception:  # noqa: BLE001 - a data folder that cannot even be named: read as it comes
            stamp = None
        if self._loaded is not None and stamp is not None and stamp == self._stamp:
            return self._loaded
        try:
            if self._read is not None:
                book, notices = self._read()
            else:
                from hwgame import persist

                book, notices = persist.own_openings()
            self._loaded = Loaded(book, None, tuple(notices))
        except Exception as exc:  # noqa: BLE001 - the explorer shows the problem; the window goes on
            self._loaded = Loaded(None, str(exc) or type(exc).__name__)
        # Read after the own book: reading it may have written it (the record's games it lacked).
        self._stamp = _stamp(self._paths()) if stamp is not None else None
        return self._loaded


_OWN = OwnBooks()


def own_loaded() -> Loaded:
    """The book of the player's own games of the data folder in use."""
    return _OWN.loaded()


__all__ = ["Loaded", "OwnBooks", "archive_loaded", "own_loaded"]
