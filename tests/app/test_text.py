"""Text kept by the window and worded when it is shown: it follows the language; a clause becomes a
sentence in the language's punctuation."""

from __future__ import annotations

import pytest

from hwgame import i18n
from hwgame.app.control.text import Worded, join_sentences, text_of
from hwgame.words import sentence

from .languages import install


class _Card:
    title = Worded()


def test_worded_text_follows_the_language(monkeypatch):
    card = _Card()
    card.title = lambda: i18n._("Settings")
    assert card.title == "Settings"
    i18n.set_language(install(monkeypatch))
    assert card.title == "Ｓｅｔｔｉｎｇｓ"  # the same attribute, worded again
    card.title = "Ann"
    assert card.title == "Ann" and text_of(None) == ""
    assert sentence("it holds a space") == "It holds a space。"  # the full stop of a language without spaces
    assert join_sentences(["A.", "B."]) == "A.B."


@pytest.mark.parametrize(("text", "expected"), [("it holds a space", "It holds a space."), ("Done!", "Done!"),
                                                ("", "")])
def test_a_clause_becomes_a_sentence(text, expected):
    assert sentence(text) == expected
    assert join_sentences(["A.", "", "B."]) == "A. B."
