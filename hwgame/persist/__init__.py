"""Saves that are never lost, the player's settings, and game records on disk.

Imports the rules, pydantic and platformdirs, never the window. The window's entry points:

- ``autosave(game, players)`` after every turn, ``save_game(game, name, players)`` for a named save;
- ``list_saves()`` -> ``SaveInfo`` entries, ``load_game(path_or_name)`` -> ``LoadedGame`` (``.game``,
  ``.players``), ``delete_save(name)``;
- ``load_settings()`` / ``save_settings(settings)``;
- ``set_data_dir(folder)`` for the ``--data-dir`` option.

Every failure is a ``SaveError`` with a one-line ``message``.
"""

from .errors import SaveError
from .files import LoadedGame, read_save
from .paths import ENV_VAR, set_data_dir
from .schema import SCHEMA_VERSION, LessonProgress, Player, Result, SaveGame, Settings
from .store import (
    SaveInfo,
    Store,
    autosave,
    default_store,
    delete_save,
    list_saves,
    load_game,
    load_settings,
    save_game,
    save_settings,
)

__all__ = [
    "ENV_VAR", "SCHEMA_VERSION", "LessonProgress", "LoadedGame", "Player", "Result", "SaveError", "SaveGame",
    "SaveInfo", "Settings", "Store", "autosave", "default_store", "delete_save", "list_saves", "load_game",
    "load_settings", "read_save", "save_game", "save_settings", "set_data_dir",
]  # fmt: skip
