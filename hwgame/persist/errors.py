"""The one error type of the persist package.

Every problem with a save file (cannot be read, not JSON, wrong shape, too new, an illegal turn) and every
refused write arrives as a ``SaveError`` whose message is one line a player can read: which file, what is
wrong, and where (which field or which turn).
"""

from __future__ import annotations

from pathlib import Path

from ..rules import HomeworldsError


class SaveError(HomeworldsError):
    """A save, settings or transcript file could not be read or written.

    ``message`` is the whole sentence; ``path`` the file concerned (or None); ``turn`` the number of the
    turn that was refused when replaying (or None).
    """

    def __init__(self, message: str, *, path: str | Path | None = None, turn: int | None = None):
        super().__init__(message)
        self.message = message
        self.path = None if path is None else Path(path)
        self.turn = turn

    def __str__(self) -> str:
        return self.message


def file_error(path: str | Path, what: str, turn: int | None = None) -> SaveError:
    """A SaveError whose message starts with the file's name."""
    return SaveError(f"{path}: {what}", path=path, turn=turn)
