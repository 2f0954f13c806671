"""Text that is worded when it is shown: a plain string, or a function that words it in the language in
force at that moment.

A label kept by a widget, a message kept by a screen (a problem under a field, a message on the
board, a toast) may outlive a change of language. Kept as a function (``lambda: _("Save")``), it is
worded again at every frame, so a switch of language shows at the next frame; a plain string (a
name, a file path, notation) is shown as it is.
"""

from __future__ import annotations

from collections.abc import Iterable

from hwgame.i18n import Text, is_cjk_language, text_of
from hwgame.rules import HomeworldsError
from hwgame.words import refusal_text, sentence


class Worded:
    """An attribute that may be set to ``Text`` and reads as the words now (None stays None).

    ``problem = Worded()`` on a class: ``scene.problem = lambda: _("Type a name.")`` keeps the
    function, and ``scene.problem`` reads its words in the language in force.
    """

    def __set_name__(self, owner, name: str) -> None:
        self.private = f"_{name}_text"

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        value = getattr(obj, self.private, "")
        return None if value is None else text_of(value)

    def __set__(self, obj, value) -> None:
        setattr(obj, self.private, value)


def error_text(exc: BaseException) -> str:
    """What went wrong, for a message: a save error's one-line ``message`` (worded as it is read), a
    refusal of the rules in words, else the error's own words."""
    message = getattr(exc, "message", None)
    if message:
        return str(message)
    return refusal_text(exc) if isinstance(exc, HomeworldsError) else str(exc)


def worded_source(obj, name: str) -> Text:
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
