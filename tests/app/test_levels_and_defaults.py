"""One table of levels for the files, the window and the AI; one home for the settings' defaults."""

from __future__ import annotations

import ast
from pathlib import Path

from hwgame import levels, words
from hwgame.ai import bots
from hwgame.app.control import options
from hwgame.app.services import opponent
from hwgame.persist import Settings

from .helpers import make_app

APP = Path(__file__).resolve().parents[2] / "hwgame" / "app"


def test_the_ai_knows_every_level_by_the_same_name_in_the_same_order():
    # bots.LEVELS is listed weakest first, as the table of levels is: every level has its limits.
    assert tuple(bots.LEVELS) == levels.LEVEL_NAMES
    assert levels.DEFAULT_LEVEL in bots.LEVELS
    for name in levels.LEVEL_NAMES:
        assert bots.level(name) is bots.LEVELS[name]


def test_the_window_uses_the_one_table():
    assert opponent.LEVEL_NAMES is levels.LEVEL_NAMES and opponent.DEFAULT_LEVEL == levels.DEFAULT_LEVEL
    assert options.LEVEL_NAMES is levels.LEVEL_NAMES
    assert words.LEVEL_LABELS == {level.name: level.label for level in levels.LEVEL_TABLE}
    assert [words.level_label(n) for n in levels.LEVEL_NAMES] == ["Beginner", "Easy", "Normal", "Hard", "Expert"]


def test_the_app_reads_its_settings_without_defaults_of_its_own():
    # A getattr(settings, "field", default) would be a second home for that default.
    paths = [APP / "app.py", APP / "scenes" / "info.py", APP / "control" / "options.py",
             APP / "services" / "opponent.py"]
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "getattr" and len(node.args) == 3:
                target = ast.unparse(node.args[0])
                assert "settings" not in target, f"{path.name}: {ast.unparse(node)}"


def test_a_new_app_starts_from_the_schema_defaults(screen, data_dir):
    app = make_app(screen)
    assert app.settings == Settings()
    assert app.default_level == levels.DEFAULT_LEVEL


def test_settings_that_cannot_be_found_give_the_defaults_and_are_not_written(screen, data_dir, monkeypatch):
    from hwgame import persist

    def unreadable():
        raise OSError("no home folder")

    written = []
    monkeypatch.setattr(persist, "load_settings", unreadable)
    monkeypatch.setattr(persist, "save_settings", written.append)
    app = make_app(screen)
    assert app.settings == Settings()
    app.settings.colour_blind = True
    app.save_settings()
    assert written == [] and app.theme.colour_blind


def test_the_level_setting_chooses_the_new_games_level(screen, data_dir):
    app = make_app(screen)
    for name in levels.LEVEL_NAMES:
        app.settings.ai_level = name
        assert app.default_level == name
