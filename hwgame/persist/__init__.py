"""Saves that are never lost, the player's settings, and game records on disk.

Imports the rules, pydantic and platformdirs, never the window. The window's entry points:

- ``autosave(game, players)`` after every action and turn (each game to a file of its own),
  ``save_game(game, name, players)`` for a named save;
- ``list_saves()`` -> ``SaveInfo`` entries, ``load_game(path_or_name)`` -> ``LoadedGame`` (``.game``,
  ``.players``), ``delete_save(name)``;
- ``load_settings()`` / ``save_settings(settings)``;
- ``set_data_dir(folder)`` for the ``--data-dir`` option.

Every failure is a ``SaveError`` with a one-line ``message``.
"""

from importlib import import_module

# Names are imported on first use: pydantic takes a noticeable part of a second to load, and commands
# that never touch a save (the engine protocol, verify) should not wait for it.
_WHERE = {
    "SaveError": "errors",
    "LoadedGame": "files",
    "read_save": "files",
    "ENV_VAR": "paths",
    "set_data_dir": "paths",
    "SCHEMA_VERSION": "schema",
    "LessonProgress": "schema",
    "Player": "schema",
    "Result": "schema",
    "SaveGame": "schema",
    "Settings": "schema",
    "SaveInfo": "store",
    "Store": "store",
    "autosave": "store",
    "default_store": "store",
    "delete_save": "store",
    "list_saves": "store",
    "load_game": "store",
    "load_settings": "store",
    "save_game": "store",
    "save_settings": "store",
}
__all__ = sorted(_WHERE)


def __getattr__(name: str):
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f".{_WHERE[name]}", __name__), name)
    globals()[name] = value
    return value
