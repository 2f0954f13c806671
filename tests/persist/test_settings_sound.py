"""The sound settings and the level setting in the settings file: defaults, old files, round trips."""

from __future__ import annotations

import json

from hwgame.persist import Settings
from hwgame.persist.errors import text_of
from hwgame.persist.levels import DEFAULT_LEVEL, LEVEL_NAMES, MAX_LEVEL, level_name, level_number
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
    assert settings.ai_level == 4 and settings.colour_blind and settings.player_name == "Ann"


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
    assert level_name(Settings().ai_level) == DEFAULT_LEVEL
    assert Settings().ai_level == level_number(DEFAULT_LEVEL)


def test_level_names_and_numbers_go_both_ways():
    for number, name in enumerate(LEVEL_NAMES, start=1):
        assert level_number(name) == number and level_number(name.upper()) == number
        assert level_name(number) == name
    assert level_name(MAX_LEVEL) == LEVEL_NAMES[-1]  # a newer game's stronger level plays as the hardest
    assert level_name(None) == DEFAULT_LEVEL and level_number("grandmaster") == level_number(DEFAULT_LEVEL)
    assert len(LEVEL_NAMES) <= MAX_LEVEL
