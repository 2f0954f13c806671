"""The names of autosave files, and when one autosave may take the place of another.

Every game keeps its own autosave, ``autosave-<id>.json`` after the first characters of its ``game_id``,
so that starting a second game never writes over the first. Files of earlier versions (the single slot
``autosave.json``, and ``autosave-1.json`` where a broken slot was kept aside) stay autosaves: they are
listed, continued, and written again by the game they hold.

Nothing here touches a file; the store decides with these rules.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

from .schema import SaveGame

AUTOSAVE = "autosave"
SUFFIX = ".json"
LEGACY_SLOT = AUTOSAVE + SUFFIX  # the one autosave file of earlier versions
_ID_CHARS = re.compile(r"[^0-9A-Za-z]+")
ID_LENGTH = 8  # hex digits of a uuid: collisions are handled by the store, so a short name is enough


def is_autosave_name(path: Path) -> bool:
    """True for a file named like an autosave (``autosave.json``, ``autosave-....json``)."""
    return path.name.lower().startswith(AUTOSAVE) and path.suffix.lower() == SUFFIX


def autosave_names(game_id: str, limit: int = 1000) -> Iterator[str]:
    """The file names a game's autosave may take, in order: ``autosave-<id>.json``, then ``-2``, ``-3``..."""
    # A game_id read from a file can hold anything: only letters and digits reach a file name.
    stem = f"{AUTOSAVE}-{_ID_CHARS.sub('', game_id)[:ID_LENGTH] or 'game'}"
    yield stem + SUFFIX
    for n in range(2, limit + 1):
        yield f"{stem}-{n}{SUFFIX}"


def record_of(save: SaveGame) -> list[str]:
    """Every committed turn of a save, setup included, in order."""
    return [*save.setup, *save.turns]


def extends(new: SaveGame, old: SaveGame) -> bool:
    """True when ``new`` is the game of ``old`` played on: nothing ``old`` holds would be lost by
    replacing it with ``new`` (its turns, the actions of its turn in progress, its result)."""
    if new.game_id != old.game_id or [p.name for p in new.players] != [p.name for p in old.players]:
        return False
    before, after = record_of(old), record_of(new)
    if after[: len(before)] != before:
        return False
    if old.result is not None and new.result != old.result:
        return False
    if not old.turn_in_progress:
        return True
    # Actions of an unfinished turn are kept only if the same turn is still under way with them.
    if len(after) != len(before):
        return False
    return new.turn_in_progress[: len(old.turn_in_progress)] == old.turn_in_progress
