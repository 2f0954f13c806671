"""Text that is worded when it is shown: a plain string, or a function that words it in the language in
force at that moment.

A label kept by a widget, a message kept by a screen (a problem under a field, a message on the
board, a toast) may outlive a change of language. Kept as a function (``lambda: _("Save")``), it is
worded again at every frame, so a switch of language shows at the next frame; a plain string (a
name, a file path, notation) is shown as it is.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Generic, TypeVar, cast, overload

from hwgame.i18n import Text, is_cjk_language, text_of
from hwgame.rules import HomeworldsError
from hwgame.words import refusal_text, sentence

# What reading a Worded attribute gives: its words, or (where None is set, declared so) maybe None.
R = TypeVar("R", covariant=True)


class Worded(Generic[R]):
    """An attribute that may be set to ``Text`` and reads as the words now (None stays None).

    ``problem = Worded()`` on a class: ``scene.problem = lambda: _("Type a name.")`` keeps the
    function, and ``scene.problem`` reads its words in the language in force. An attribute that is
    ever set to None is declared ``Worded[str | None]``.
    """

    def __init__(self: Worded[str]) -> None:
        self.private = ""  # named by ``__set_name__`` when the class is made

    def __set_name__(self, owner: type, name: str) -> None:
        self.private = f"_{name}_text"

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> Worded[R]: ...

    @overload
    def __get__(self, obj: object, owner: type | None = None) -> R: ...

    def __get__(self, obj: object, owner: type | None = None) -> Worded[R] | R:
        if obj is None:
            return self
        value = getattr(obj, self.private, "")
        # None comes back only where it was set, which the attribute's declaration allows for.
        return cast(R, None if value is None else text_of(value))

    def __set__(self, obj: object, value: Text | None) -> None:
        setattr(obj, self.private, value)


def error_text(exc: BaseException) -> str:
    """What went wrong, for a message: a save error's one-line ``message`` (worded as it is read), a
    refusal of the rules in words, else the error's own words."""
    message = getattr(exc, "message", None)
    if message:
        return str(message)
    return refusal_text(exc) if isinstance(exc, HomeworldsError) else str(exc)


def worded_source(obj: object, name: str) -> Text:
    """What a ``Worded`` attribute ``name`` of ``obj`` was set to: the function itself, or the words."""
    return getattr(obj, f"_{name}_text", "")


def notices_text(notices: Iterable[Text]) -> str:
    """Notices (clauses of the saves folder, without their full stops) as sentences one after the other."""
    return join_sentences(sentence(text_of(n)) for n in notices)


def join_sentences(sentences: Iterable[Text]) -> str:
    """Whole sentences one after the other: with a space between them, or none in a language that
    writes without spaces (Japanese, Chinese)."""
    words = [text_of(s) for s in sentences]
    return ("" if is_cjk_language() else " ").join(w for w in words if w)


__all__ = ["Text", "Worded", "error_text", "join_sentences", "notices_text", "text_of", "worded_source"]
