"""The screens of the game, opened by name: ``app.open_scene("load")``, ``app.replace_scene("play", ctl)``.

A screen never imports another: a screen that leads to another asks the app for it by name, and
``SCENES`` below is the one table that says which module and class each name means. A module is
imported the first time a scene of it is made, so the window opens without loading every screen (the
replay viewer, the tutorial) first.

What screens are made of lives in ``hwgame.app.kit``: ``base`` (a scene with buttons, a form with a
text field), ``dialogs`` (confirmations, messages, menus of choices) and ``card`` (the tutorial's card,
an overlay over a play screen for a lesson or a puzzle). What a scene
is and the stack it lives in are in ``hwgame.app.stage``; the parts of a screen are in
``hwgame.app.panels``.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hwgame.app.stage import AppLike, Scene

# name -> "module:Class" in this package; the class is called as ``Class(app, *args, **kwargs)``.
SCENES: dict[str, str] = {
    "title": "title:TitleScene",
    "new-game": "title:NewGameScene",
    "setup": "setup:SetupScene",  # (ctl)
    "play": "play:PlayScene",  # (ctl, card=None)
    "game-menu": "menu:GameMenu",  # (scene with a ctl: play or setup)
    "game-over": "menu:GameOverScene",  # (play scene)
    "save-as": "save_as:SaveScene",  # (ctl, on_saved=None)
    "load": "saves:LoadScene",
    "import": "importer:ImportScene",  # (folders=None)
    "replay": "replay:ReplayScene",  # (game, players, ...); ReplayScene.from_file(app, path) for a save
    "review": "replay:ReviewScene",  # (ctl)
    "settings": "info:SettingsScene",
    "rules": "info:RulesScene",
    "reference": "reference:ReferenceScene",
    "lessons": "tutorial:LessonList",
    "lesson": "lesson:LessonScene",  # (runner): a play screen with the coaching card over it
    "puzzle": "puzzle:PuzzleScene",  # (puzzle): the same, judged at End Turn
    "strategy": "strategy:StrategyScene",  # (lesson, step=0): a strategy lesson on positions of real games
    "deck": "deck:DeckScene",  # (deck, today=None, thinking=None): the puzzle deck's round of the day
    "shortcuts": "shortcuts:ShortcutsScene",  # the card of keys (F1 or ? on any screen)
    "statistics": "stats:StatsScene",  # the record of finished games
    "analysis": "analysis:AnalysisScene",  # (game, variations=None, players=None, ...): the analysis board
    "editor": "editor:EditorScene",  # (position=None): the board editor
    "retry": "retry:RetryScene",  # (game, review, player, title, entries=None): find the better turn
}


class UnknownSceneError(LookupError):
    """A scene was asked for by a name ``SCENES`` does not hold."""

    def __init__(self, name: str):
        self.name = name
        super().__init__(f"no scene is called {name!r}; the scenes are: {', '.join(sorted(SCENES))}")


def scene_class(name: str) -> type[Scene]:
    """The class of the scene called ``name`` (its module imported now if it was not yet)."""
    where = SCENES.get(name)
    if where is None:
        raise UnknownSceneError(name)
    module, _, attr = where.partition(":")
    cls: type[Scene] = getattr(importlib.import_module(f"{__name__}.{module}"), attr)
    return cls


def make_scene(app: AppLike, name: str, *args: Any, **kwargs: Any) -> Scene:
    """A new scene called ``name`` for ``app``, not yet on the stack."""
    return scene_class(name)(app, *args, **kwargs)


__all__ = ["SCENES", "UnknownSceneError", "make_scene", "scene_class"]
