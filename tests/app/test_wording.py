"""The window's words for what the rules, the files and the computer name in English or by code: each
in the player's language, none left behind when the others change."""

from __future__ import annotations

from datetime import datetime

import pytest

from hwgame import i18n
from hwgame.ai.explain import REASONS
from hwgame.app.text import Worded, as_sentence, join_sentences, text_of
from hwgame.app.wording import (
    LEVEL_LABELS,
    REASON_SENTENCES,
    date_time_text,
    level_label,
    level_word,
    reason_sentences,
    result_detail,
    result_text,
    rules_title,
    save_title,
)
from hwgame.levels import LEVEL_NAMES
from hwgame.persist.schema import Result
from hwgame.rules import Game, outcome_of

from .helpers import position
from .languages import install, leftovers


def _results() -> dict[str, object]:
    """An outcome of every way a game ends, from real games."""
    out = {}
    g = Game(players=("Ann", "Bob"))
    g.resign(0)
    out["resigned"] = g.outcome()
    g = Game(players=("Ann", "Bob"))
    g.agree_draw()
    out["agreement"] = g.outcome()
    out["gone"] = outcome_of(position("North: g1 b2 | r3 |\nVega: y3 | | g3", to_move=0))
    out["held"] = outcome_of(position("North: g1 b2 | r3 |\nSouth: y1 r2 | r1 |", to_move=0))
    out["empty"] = outcome_of(position("North: g1 b2 | r3 |\nSouth: y1 r2 | |\nVega: y3 | | g3", to_move=0))
    return out


def test_every_result_of_the_rules_is_worded_from_its_code_and_from_its_english():
    results = _results()
    assert all(r is not None for r in results.values())
    for kind, outcome in results.items():
        text = result_text(outcome)
        assert text == result_text(outcome.reason), kind  # a save keeps the English: the same words
        assert text[:1].isupper() and (outcome.winner is None or text.startswith(outcome.values["winner"])), text
    assert result_text(results["resigned"]) == "Bob wins: Ann resigned"
    assert result_detail(results["resigned"]) == "Ann resigned."
    assert result_text(results["agreement"]) == "Draw: the players agreed to a draw"
    assert result_detail(results["gone"]).endswith("homeworld is gone.")
    # A sentence the rules do not write (a newer game's) is shown as it is rather than lost.
    assert result_text("Ann wins on time") == "Ann wins on time"
    assert result_text(Result(winner=1, reason="Bob wins: Ann resigned", ending="resignation")) == \
        "Bob wins: Ann resigned"


def test_results_levels_rules_titles_and_dates_in_another_language(monkeypatch):
    i18n.set_language(install(monkeypatch))
    names = {"Ann", "Bob", "North", "South", "Vega"}
    words = [result_text(r) for r in _results().values()] + [result_detail(r) for r in _results().values()]
    words += [level_label(n) for n in LEVEL_NAMES] + [level_word(n) for n in LEVEL_NAMES]
    words += [rules_title("standard"), rules_title("sdg")]
    words += [save_title("SDG game 1001"), save_title("Demo: a whole game")]
    words.append(date_time_text(datetime(2025, 3, 14, 18, 2)))
    assert leftovers(words, names) == []
    assert "1001" in save_title("SDG game 1001") and "18:02" in date_time_text(datetime(2025, 3, 14, 18, 2))
    assert save_title("Sunday game") == "Sunday game"  # a title the player gave stays as it is


def test_every_level_has_a_name_and_every_reason_of_the_computer_a_sentence():
    assert set(LEVEL_LABELS) == set(LEVEL_NAMES)
    assert {level_word(n) for n in LEVEL_NAMES} == set(LEVEL_NAMES)
    assert set(REASONS.values()) | {"it wins the game"} <= set(REASON_SENTENCES)
    assert reason_sentences(["it adds to your fleet", "a reason from a newer game"]) == ["It adds to your fleet."]


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
    assert as_sentence("it holds a space") == "It holds a space。"  # the full stop of a language without spaces
    assert join_sentences(["A.", "B."]) == "A.B."


@pytest.mark.parametrize(("text", "sentence"), [("it holds a space", "It holds a space."), ("Done!", "Done!"),
                                                ("", "")])
def test_a_clause_becomes_a_sentence(text, sentence):
    assert as_sentence(text) == sentence
    assert join_sentences(["A.", "", "B."]) == "A. B."
