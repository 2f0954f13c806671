"""The one error type of the persist package, and its messages worded when they are read.

Every problem with a save file (cannot be read, not JSON, wrong shape, too new, an illegal turn) and every
refused write arrives as a ``SaveError`` whose message is one line a player can read: which file, what is
wrong, and where (which field or which turn).

A message may be kept a while before a player reads it (the list of saves, a notice of the saves
folder) and the language may change meanwhile, so it is kept as ``Text``: a function that words it in
the language in force each time it is read (``worded(N_("..."), name=...)``), or plain text.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..i18n import N_, Text, _, text_of
from ..rules import HomeworldsError, Refusal
from ..words import refusal_text


def worded(message: str, **values: Any) -> Callable[[], str]:
    """``message`` (marked with ``N_``) translated and filled with ``values`` each time it is read; a
    value that is itself ``Text``, a refusal or an error of the rules is worded then too."""

    def now() -> str:
        if not message:
            return ""
        return _(message).format(**{k: _value_now(v) for k, v in values.items()})

    return now


def worded_refusal(refusal: Refusal | HomeworldsError) -> Callable[[], str]:
    """A refusal of the rules worded each time it is read, in the language in force."""
    return lambda: refusal_text(refusal)


def _value_now(value: Any) -> Any:
    """A value of a message as the player reads it now: a refusal of the rules in words
    (``refusal_text``), ``Text`` worded, anything else as it is (a save error is its own message)."""
    if isinstance(value, Refusal) or (isinstance(value, HomeworldsError) and not isinstance(value, SaveError)):
        return refusal_text(value)
    return text_of(value) if callable(value) else value


class WordedProblem(ValueError):
    """A problem found while reading a file, worded each time it is read; ``turn`` is the number of the
    turn concerned, if any. The schema, the migrations and the replay of turns each raise their own kind."""

    def __init__(self, text: Text, turn: int | None = None):
        super().__init__("")
        self.text = text
        self.turn = turn

    def __str__(self) -> str:
        return text_of(self.text)


class SaveError(HomeworldsError):
    """A save, settings or transcript file could not be read or written.

    ``message`` is the whole sentence; ``detail`` the problem alone, without the file's name in front;
    ``path`` the file concerned (or None); ``turn`` the number of the turn that was refused when
    replaying (or None). Both texts are worded when read, in the language in force. ``of_file`` is True
    when the detail is said of the file ("is a folder"), False when it stands alone ("turn 3 ... is
    illegal").
    """

    def __init__(self, message: Text, *, path: str | Path | None = None, turn: int | None = None,
                 detail: Text | None = None, of_file: bool = False):
        super().__init__("save-error")
        self._message = message
        self._detail = message if detail is None else detail
        self.path = None if path is None else Path(path)
        self.turn = turn
        self.of_file = of_file

    @property
    def message(self) -> str:
        """The whole message, in the language in force."""
        return text_of(self._message)

    @property
    def detail(self) -> str:
        """The problem without the file's name, in the language in force."""
        return text_of(self._detail)

    @property
    def text(self) -> Text:
        """The message as kept (a function wording it, or plain text), to keep for later."""
        return self._message

    @property
    def detail_text(self) -> Text:
        """The problem alone as kept, to keep for later."""
        return self._detail

    def __str__(self) -> str:
        return self.message


PATH_LIMIT = 160  # characters of a path a message shows; its end, which names the file, is kept


def shown_path(path: str | Path) -> str:
    """A path as a message shows it: as it is, or with its newlines and other control characters
    escaped (``\\n``) and, when very long, its middle left out, so a message stays one short line."""
    text = str(path)
    if not text.isprintable():
        text = "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)
    if len(text) > PATH_LIMIT:
        text = text[:40] + "…" + text[len(text) - (PATH_LIMIT - 41):]
    return text


def file_error(path: str | Path, what: Text, turn: int | None = None, of_file: bool = True) -> SaveError:
    """A SaveError whose message starts with the file's name; ``what`` says what is wrong with it, said of
    the file ("is a folder") unless ``of_file`` is False (a problem that stands alone)."""
    # Translators: a problem with a file: the file's path, then what is wrong with it.
    return SaveError(worded(N_("{path}: {problem}"), path=shown_path(path), problem=what), path=path, turn=turn,
                     detail=what, of_file=of_file)


__all__ = ["SaveError", "Text", "file_error", "shown_path", "worded_refusal", "text_of", "worded"]
