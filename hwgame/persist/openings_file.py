"""The player's own opening book: the first turns of every game the record took in, kept beside it.

The record (``record``) drops the turns of older games; the explorer's "Your games" tab should still
count them, so each game recorded also leaves its opening path (``hwgame.openings.GamePath``: the first
``DEPTH`` turns, names aside, and the result) in ``openings.json``, one entry per game. The file is kept
with the record's care:

- every write is atomic (``atomic.atomic_write``) under the record's kind of lock, merged with what the
  file holds at that moment (two windows lose nothing); a game already in it keeps its first entry;
- it holds at most ``MAX_GAMES`` games, the newest, and never more than ``MAX_BYTES``;
- it is read as untrusted: a regular file of a bounded size, each entry checked; an entry that does not
  read is left out with a notice; a file that does not read at all is set aside (``openings.json.broken``)
  with a notice, and the next write starts a new one;
- games of the record that still keep their turns and are missing from it (recorded by an older version,
  or while the file could not be written) are added when it is read (``own_book``).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..i18n import N_
from ..openings import DEPTH, Book, BookError, GamePath, path_of, read_file
from ..rules import Game, HomeworldsError
from .atomic import atomic_write
from .errors import SaveError, Text, file_error, worded
from .lockfile import locked
from .record import Record, game_of, read_record

OWN_FILE = "openings.json"
FORMAT = "hwgame-own-openings"
VERSION = 1
MAX_GAMES = 3000  # about half a kilobyte each: the file stays under two megabytes
MAX_BYTES = 4 << 20
MAX_TEXT = 2000
RULES = ("standard", "sdg")
LOCK_WAIT = 5.0
LOCK_STALE = 30.0


@dataclass
class OwnGames:
    """What the own opening book holds: ``paths`` by game id (oldest first), ``notices`` worded when read,
    ``broken`` True when the file did not read as a whole (it is set aside at the next write)."""

    paths: dict[str, GamePath] = field(default_factory=dict)
    notices: list[Text] = field(default_factory=list)
    broken: bool = False
    raw: bytes | None = None


def _entry(game_id: str, path: GamePath) -> dict[str, Any]:
    rules = next(iter(path.plies), "standard")
    return {"id": game_id, "rules": rules, "keys": list(path.keys), "turns": list(path.turns),
            "winner": path.winner, "decided": path.decided}


def _text(value: object) -> bool:
    return isinstance(value, str) and 0 < len(value) <= MAX_TEXT


def _path_of_entry(item: object) -> tuple[str, GamePath] | None:
    """An entry of the file as (game id, path), or None when it is not a sound entry."""
    if not isinstance(item, dict):
        return None
    game_id, rules, keys, turns = (item.get(k) for k in ("id", "rules", "keys", "turns"))
    winner, decided = item.get("winner"), item.get("decided")
    if not _text(game_id) or rules not in RULES or not isinstance(keys, list) or not isinstance(turns, list):
        return None
    if not 1 <= len(keys) <= DEPTH + 1 or len(turns) != len(keys) - 1:
        return None
    if not all(_text(k) for k in keys) or not all(_text(t) for t in turns):
        return None
    if winner not in (0, 1, None) or isinstance(winner, bool) or not isinstance(decided, bool):
        return None
    assert isinstance(game_id, str) and isinstance(rules, str)  # checked just above (for the type checker)
    return game_id, GamePath(tuple(keys), tuple(turns), winner, decided, {rules: len(turns)})


def read_own(path: str | Path) -> OwnGames:
    """The own opening book at ``path``; never raises (an absent file is an empty book)."""
    path = Path(path)
    own = OwnGames()
    if not os.path.lexists(path):
        return own
    try:
        own.raw = read_file(path, MAX_BYTES)
        data = json.loads(own.raw.decode("utf-8"))
        if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("games"), list):
            raise ValueError("not an own opening book")
    except (BookError, ValueError, RecursionError) as exc:
        why = exc.message if isinstance(exc, BookError) else str(exc)[:80]
        own.broken = True
        own.notices.append(file_error(path, worded(N_("does not read ({why}): it is set aside and your games' "
                                                      "openings are counted again from now on"), why=why)).text)
        return own
    bad = 0
    for item in data["games"][-MAX_GAMES:]:
        found = _path_of_entry(item)
        if found is None:
            bad += 1
        else:
            own.paths.setdefault(*found)
    if bad:
        own.notices.append(file_error(path, worded(N_("{count} entries did not read and are left out"),
                                                   count=bad)).text)
    return own


def _set_aside(path: Path) -> None:
    """Move a file that does not read to a free ``.broken`` name, unread (it may be a pipe or huge)."""
    n = 0
    while os.path.lexists(aside := path.with_name(path.name + (".broken" if n == 0 else f".broken{n}"))):
        n += 1
    os.rename(path, aside)


def _write(path: Path, adding: dict[str, GamePath]) -> OwnGames:
    """Merge ``adding`` into the file under its lock and write it atomically; return what it holds."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with locked(path, wait=LOCK_WAIT, stale=LOCK_STALE):
            own = read_own(path)
            fresh = {k: v for k, v in adding.items() if k not in own.paths}
            if not fresh and not own.broken:
                return own
            if own.broken and os.path.lexists(path):
                _set_aside(path)
            own.paths.update(fresh)
            games = [_entry(k, v) for k, v in own.paths.items()][-MAX_GAMES:]
            data = b""
            while True:
                data = json.dumps({"format": FORMAT, "version": VERSION, "games": games},
                                  ensure_ascii=False, separators=(",", ":")).encode("utf-8")
                if len(data) <= MAX_BYTES or not games:
                    break
                games = games[len(games) // 10 + 1:]  # the oldest tenth goes: very long turns filled it
            atomic_write(path, data, backup=False)
            own.broken = False
            return own
    except OSError as exc:
        raise file_error(path, worded(N_("could not be written ({why})"), why=exc.strerror or str(exc))) from None


def add_own_game(path: str | Path, game_id: str, game: Game) -> None:
    """Keep the opening of the finished ``game`` (once per ``game_id``) in the own book at ``path``;
    raise SaveError when it cannot be written."""
    _write(Path(path), {game_id: path_of(game)})


def own_book(path: str | Path, record_path: str | Path | None = None) -> tuple[Book, list[Text]]:
    """The book of the player's own games: the own file's paths and those of the record's games that keep
    their turns and are not in it yet (which are then written into it, if it can be written); the notices
    of both files. Never raises."""
    path = Path(path)
    own = read_own(path)
    notices = list(own.notices)
    missing: dict[str, GamePath] = {}
    if record_path is not None:
        record: Record = read_record(record_path)
        notices.extend(record.notice_texts)
        for entry in record.games:
            if entry.game_id in own.paths or not entry.replayable:
                continue
            try:
                missing[entry.game_id] = path_of(game_of(entry))
            except (SaveError, HomeworldsError):
                continue  # a game that does not replay has no opening to count
    paths = {**own.paths, **missing}
    if missing or own.broken:
        try:
            paths = {**_write(path, missing).paths, **missing}
        except SaveError as exc:
            notices.append(exc.text)
    return Book(DEPTH).extend(paths.values()), notices


__all__ = ["MAX_GAMES", "OWN_FILE", "OwnGames", "add_own_game", "own_book", "read_own"]
