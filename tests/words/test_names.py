"""Names of things in the player's language: levels, rule sets, saves' titles and dates, colours,
powers and pieces, and the computer's reasons for a turn; none left in English when the others change."""

from __future__ import annotations

from datetime import datetime

from hwgame import i18n
from hwgame.levels import LEVEL_NAMES
from hwgame.words import (
    LEVEL_LABELS,
    Speaker,
    colour_name,
    date_time_text,
    level_label,
    level_word,
    piece_name,
    power_name,
    rules_title,
    save_title,
)
from tests.wide_language import install, leftovers


def test_levels_rules_titles_and_dates_in_another_language(monkeypatch):
    i18n.set_language(install(monkeypatch))
    words = [level_label(n) for n in LEVEL_NAMES] + [level_word(n) for n in LEVEL_NAMES]
    words += [rules_title("standard"), rules_title("sdg")]
    words += [save_title("SDG game 1001"), save_title("Demo: a whole game")]
    words.append(date_time_text(datetime(2025, 3, 14, 18, 2)))
    assert leftovers(words) == []
    assert "1001" in save_title("SDG game 1001") and "18:02" in date_time_text(datetime(2025, 3, 14, 18, 2))
    assert save_title("Sunday game") == "Sunday game"  # a title the player gave stays as it is


def test_every_level_has_a_name():
    assert set(LEVEL_LABELS) == set(LEVEL_NAMES)
    assert {level_word(n) for n in LEVEL_NAMES} == set(LEVEL_NAMES)


def test_a_colour_a_power_and_a_piece_by_number_or_by_the_rules_name_are_the_same_words():
    assert colour_name(2) == colour_name("green") == "green"
    assert power_name(2) == power_name("build") == "build"
    assert piece_name(6) == piece_name("g1") == "green 1"
    assert piece_name("g4") == "g4" and colour_name("purple") == "purple"  # not a piece or colour: as it is


def test_a_speaker_asked_for_wins_over_the_language_in_force(monkeypatch):
    i18n.set_language(install(monkeypatch))
    assert piece_name("g1") != "green 1"
    assert piece_name("g1", Speaker("en")) == "green 1"
