"""Saves that are never lost, the player's settings, and game records on disk.

Imports the rules, pydantic and platformdirs, never the window. The window's entry points:

- ``autosave(game, players)`` after every action and turn (each game to a file of its own),
  ``save_game(game, name, players)`` for a named save;
- ``list_saves()`` -> ``SaveInfo`` entries, ``load_game(path_or_name)`` -> ``LoadedGame`` (``.game``,
  ``.players``), ``delete_save(name)``;
- ``load_settings()`` / ``save_settings(settings)``;
- ``record_game(game, players, seat)`` once a game is over (its opening also goes into the player's own
  opening book, read by ``own_openings()``), ``game_record()`` -> ``Record`` (its
  ``games``, ``RecordedGame`` entries oldest first), ``game_of(entry)`` to replay one;
- ``set_data_dir(folder)`` for the ``--data-dir`` option;
- ``VariationsData`` (the analysis board's tree, saved with a game through ``Store.remember``) and
  ``replay_variations(game, data)`` to read it back through the rules.

Every failure is a ``SaveError`` with a one-line ``message``.
"""

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    # What mypy reads: the real names with their signatures. At run time they are imported on first use
    # (``__getattr__`` below), so the face is typed without loading pydantic early. These imports,
    # ``_WHERE`` and ``__all__`` name the same things (a test checks it).
    from .errors import SaveError
    from .files import LoadedGame, read_save
    from .paths import ENV_VAR, set_data_dir
    from .plans import SavePlan
    from .record import Record, RecordedGame, game_of
    from .schema import SCHEMA_VERSION, LessonProgress, Player, Result, SaveGame, Settings
    from .sdg import export_game, export_save, exports_dir
    from .store import (
        SaveInfo,
        Store,
        autosave,
        default_store,
        delete_save,
        game_record,
        list_saves,
        load_game,
        load_settings,
        own_openings,
        plan_save,
        record_game,
        save_game,
        save_settings,
    )
    from .variations import VariationsData, VariationsProblem, replay_variations

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
    "export_game": "sdg",
    "export_save": "sdg",
    "exports_dir": "sdg",
    "SaveInfo": "store",
    "SavePlan": "plans",
    "Record": "record",
    "RecordedGame": "record",
    "game_of": "record",
    "Store": "store",
    "autosave": "store",
    "default_store": "store",
    "delete_save": "store",
    "game_record": "store",
    "list_saves": "store",
    "load_game": "store",
    "load_settings": "store",
    "own_openings": "store",
    "plan_save": "store",
    "record_game": "store",
    "save_game": "store",
    "save_settings": "store",
    "VariationsData": "variations",
    "VariationsProblem": "variations",
    "replay_variations": "variations",
}
__all__ = [
    "ENV_VAR",
    "LessonProgress",
    "LoadedGame",
    "Player",
    "Record",
    "RecordedGame",
    "Result",
    "SCHEMA_VERSION",
    "SaveError",
    "SaveGame",
    "SaveInfo",
    "SavePlan",
    "Settings",
    "Store",
    "VariationsData",
    "VariationsProblem",
    "autosave",
    "default_store",
    "delete_save",
    "export_game",
    "export_save",
    "exports_dir",
    "game_of",
    "game_record",
    "list_saves",
    "load_game",
    "load_settings",
    "own_openings",
    "plan_save",
    "read_save",
    "record_game",
    "replay_variations",
    "save_game",
    "save_settings",
    "set_data_dir",
]


if not TYPE_CHECKING:
    # Hidden from mypy, so that a name missing from the imports above is an error rather than ``Any``.

    def __getattr__(name: str) -> object:
        """A name of the face, imported from its module on first use (then kept in this module)."""
        if name not in _WHERE:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        value = getattr(import_module(f".{_WHERE[name]}", __name__), name)
        globals()[name] = value
        return value
