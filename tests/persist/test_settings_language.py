"""The Language setting in the settings file: its default, old files, bad values, a round trip."""

from __future__ import annotations

import json
import typing

import pytest

from hwgame.i18n import LANGUAGES
from hwgame.persist import Settings
from hwgame.persist.errors import text_of
from hwgame.persist.schema import LanguageSetting
from hwgame.persist.settings_file import read_settings, write_settings


def test_the_language_follows_the_system_by_default():
    assert Settings().language == "system"


def test_the_setting_offers_the_system_and_every_language_of_the_game():
    assert set(typing.get_args(LanguageSetting)) == {"system", *LANGUAGES}


def test_a_settings_file_from_before_the_language_loads_as_the_system_language(saves):
    path = saves.settings_path
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"schema_version": 1, "ai_level": 2, "player_name": "Ann", "sound_muted": True}))
    settings = saves.load_settings()
    assert saves.notices == []
    assert settings.language == "system" and settings.player_name == "Ann" and settings.sound_muted
    assert settings.ai_level == "easy"


@pytest.mark.parametrize("bad", ["klingon", "EN", 3, None, ["ja"]])
def test_an_unknown_language_is_repaired_to_the_system_language_alone(tmp_path, bad):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"language": bad, "player_name": "Ann", "colour_blind": True}))
    settings, notices = read_settings(path)
    assert settings.language == "system"
    assert settings.player_name == "Ann" and settings.colour_blind  # the other settings are kept
    words = [text_of(n) for n in notices]
    assert len(words) == 1 and "language" in words[0] and "default" in words[0]


@pytest.mark.parametrize("code", ["en", "ja", "zh-Hant", "system"])
def test_each_choice_round_trips_through_the_file(tmp_path, code):
    path = tmp_path / "settings.json"
    write_settings(path, Settings(language=code))
    assert json.loads(path.read_text(encoding="utf-8"))["language"] == code
    settings, notices = read_settings(path)
    assert notices == [] and settings.language == code


def test_a_bad_language_cannot_be_set():
    settings = Settings()
    with pytest.raises(ValueError):
        settings.language = "fr"
    assert settings.language == "system"
