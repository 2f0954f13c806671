"""The sound settings and the level setting in the settings file: defaults, old files, round trips."""

from __future__ import annotations

import json

import pytest

from hwgame.levels import DEFAULT_LEVEL, LEVEL_NAMES, level_or_default
from hwgame.persist import Settings
from hwgame.persist.errors import text_of
from hwgame.persist.migrate import NUMBERED_LEVELS, level_of_number
from hwgame.persist.schema import SETTINGS_VERSION
from hwgame.persist.settings_file import read_settings, write_settings


def test_sound_is_on_and_quiet_by_default():
    settings = Settings()
    assert settings.sound_muted is False
    assert 0 < settings.sound_volume <= 0.6


def test_a_settings_file_from_before_the_sound_switch_loads_with_the_defaults(saves):
    path = saves.settings_path
    path.parent.mkdir(parents=True, exist_ok=True)
    # What an older copy of the game wrote: no sound_muted, no move_log_notation.
    old = {"schema_version": 1, "ai_level": 4, "ai_think_seconds": 2.0, "animation_speed": 1.0, "colour_blind": True,
           "connection_lines": True, "window_size": [1280, 800], "fullscreen": False, "default_rules": "standard",
           "player_name": "Ann", "tutorial": {}}
    path.write_text(json.dumps(old))
    settings = saves.load_settings()
    assert saves.notices == []
    assert settings.sound_muted is False and settings.sound_volume == Settings().sound_volume
    assert settings.move_log_notation is False
    assert settings.ai_level == "hard" and settings.colour_blind and settings.player_name == "Ann"


def test_volume_and_mute_round_trip_through_the_file(tmp_path):
    path = tmp_path / "settings.json"
    write_settings(path, Settings(sound_volume=0.3, sound_muted=True))
    data = json.loads(path.read_text())
    assert data["sound_volume"] == 0.3 and data["sound_muted"] is True
    settings, notices = read_settings(path)
    assert notices == []
    assert settings.sound_volume == 0.3 and settings.sound_muted is True


def test_a_bad_sound_value_falls_back_to_its_default_alone(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"sound_volume": 3, "sound_muted": "perhaps", "player_name": "Ann"}))
    settings, notices = read_settings(path)
    assert settings.sound_volume == Settings().sound_volume and settings.sound_muted is False
    assert settings.player_name == "Ann"
    words = [text_of(n) for n in notices]
    assert any("sound_volume" in n for n in words) and any("sound_muted" in n for n in words)


def test_the_default_level_setting_is_the_default_level():
    assert Settings().ai_level == DEFAULT_LEVEL
    assert level_or_default(None) == DEFAULT_LEVEL and level_or_default("grandmaster") == DEFAULT_LEVEL
    assert level_or_default("HARD") == "hard"


def test_old_level_numbers_mean_what_they_meant_then():
    # Older files kept a level as its place in the table of that time; that table is frozen.
    assert NUMBERED_LEVELS == {1: "beginner", 2: "easy", 3: "normal", 4: "hard"}
    assert all(name in LEVEL_NAMES for name in NUMBERED_LEVELS.values())
    assert level_of_number(10) == "hard"  # a newer game's stronger level plays as the hardest
    assert level_of_number(0) == 0 and level_of_number(11) == 11 and level_of_number("x") == "x"  # left to the schema


@pytest.mark.parametrize(("number", "name"), sorted(NUMBERED_LEVELS.items()) + [(7, "hard")])
def test_an_old_settings_file_with_a_level_number_loads_that_level_by_name(tmp_path, number, name):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"schema_version": 1, "ai_level": number, "player_name": "Ann"}))
    settings, notices = read_settings(path)
    assert notices == [] and settings.ai_level == name and settings.player_name == "Ann"
    write_settings(path, settings)
    data = json.loads(path.read_text())
    assert data["ai_level"] == name and data["schema_version"] == SETTINGS_VERSION  # written by name from now on
    assert read_settings(path) == (settings, [])


@pytest.mark.parametrize("bad", ["grandmaster", 3, 0, None])
def test_an_unknown_level_in_settings_is_the_default_with_a_notice(tmp_path, bad):
    # As for any bad setting: the default, and a notice that says which setting and why.
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"schema_version": SETTINGS_VERSION, "ai_level": bad, "colour_blind": True}))
    settings, notices = read_settings(path)
    assert settings.ai_level == DEFAULT_LEVEL and settings.colour_blind
    words = " | ".join(text_of(n) for n in notices)
    assert "ai_level" in words and "using the default" in words
    if isinstance(bad, str):
        assert "'beginner', 'easy', 'normal', 'hard' or 'expert'" in words


def test_a_level_name_is_kept_in_any_case_as_the_table_writes_it():
    assert Settings(ai_level="Hard").ai_level == "hard"
    assert Settings(ai_level="Expert").ai_level == "expert"
    with pytest.raises(ValueError):
        Settings(ai_level="master")
