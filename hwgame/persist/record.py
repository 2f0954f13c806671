"""The record of finished games: one entry per game, kept in ``record.json`` beside the saves folder.

Every game that ends in the window (against each level of the computer, or two players at one screen)
adds an entry: who played, the seat of the player whose record it is, the result and how the game ended,
and the game's turns, so that the Statistics screen can open any recent game in the replay viewer. The
turns of older games are dropped after ``KEEP_TURNS`` games (their results stay), and the oldest entries
after ``MAX_GAMES``, so the file stays a few megabytes at most.

The record is kept as safely as a save:

- every write is atomic (``atomic.atomic_write``), the previous version kept as ``record.json.bak``;
- two windows on one data folder take turns through a lock file, and each write merges its entry into
  what the file holds at that moment, so neither loses the other's games;
- reading never fails: an entry that does not read is dropped (with a notice), and a file that does not
  read at all is copied aside (``record.json.broken``) while its backup is read instead; the next write
  holds what could be saved.

``RECORD_VERSION`` counts incompatible changes of the format; ``RECORD_MIGRATIONS[n]`` would turn format
``n`` into ``n + 1``. A record written by a newer version is read but never written over.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Annotated, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    ValidationError,
    field_validator,
    model_serializer,
)

from .. import __version__
from ..i18n import N_
from ..rules import Game
from .atomic import _process_gone, atomic_write, backup_path
from .convert import ReplayProblem, save_to_game
from .errors import SaveError, Text, file_error, worded
from .files import parse_json_object, read_bytes
from .schema import (
    SCHEMA_VERSION,
    HandicapData,
    Player,
    Result,
    RulesName,
    SaveGame,
    _utc,
    describe_validation,
    without_none,
)

RECORD_FILE = "record.json"
RECORD_VERSION = 1
RECORD_MIGRATIONS: dict[int, Callable[[dict], dict]] = {}
MAX_GAMES = 5000  # a few hundred bytes each without their turns
KEEP_TURNS = 400  # the most recent games keep their turns (a few kilobytes each) for the replay
LOCK_WAIT = 5.0  # seconds a write waits for another window's write to finish
LOCK_STALE = 30.0  # a lock older than this was left by a window that stopped in the middle of a write

TurnText = Annotated[str, Field(max_length=4000)]


class RecordedGame(BaseModel):
    """One finished game in the record. ``seat`` is the seat of the player whose record this is (the
    human against the computer; at one screen, the player named as in the settings), None when neither
    seat is theirs. ``setup`` and ``turns`` are the game in notation, as a save keeps it, or None once
    dropped for older games. ``handicap`` is the game's handicap, if it had one: such a game counts in
    the results per level and the streaks, is marked in the list, and is left out of the rating (the
    levels' ratings are measured without handicaps)."""

    model_config = ConfigDict(extra="forbid")

    game_id: str = Field(min_length=1, max_length=64)
    finished: datetime
    rules: RulesName = "standard"
    auto_repetition_draw: bool = True
    players: list[Player] = Field(min_length=2, max_length=2)
    seat: Literal[0, 1] | None = None
    result: Result
    turn_count: int = Field(ge=0, le=1_000_000)
    setup: list[TurnText] | None = Field(default=None, max_length=2)
    turns: list[TurnText] | None = Field(default=None, max_length=100_000)
    handicap: HandicapData | None = None

    @model_serializer(mode="wrap")
    def _without_no_handicap(self, handler: SerializerFunctionWrapHandler) -> dict:
        # An entry without a handicap is written as before the field existed: older copies read it.
        data = handler(self)
        without_none(data, "handicap")
        return data

    @field_validator("finished")
    @classmethod
    def _in_utc(cls, value: datetime) -> datetime:
        return _utc(value)

    @property
    def opponent(self) -> str:
        """What the game was played against: a computer level's name, ``"hotseat"`` for two people at one
        screen, or ``"computers"`` for a game the computer played against itself."""
        levels = [p.level for p in self.players if p.kind == "computer"]
        if not levels:
            return "hotseat"
        if len(levels) == 2:
            return "computers"
        return levels[0] or "computers"

    @property
    def score(self) -> float | None:
        """The game's result for the record's player: 1 a win, 0.5 a draw, 0 a loss (None without a seat)."""
        if self.seat is None:
            return None
        if self.result.winner is None:
            return 0.5
        return 1.0 if self.result.winner == self.seat else 0.0

    @property
    def replayable(self) -> bool:
        """True while the entry keeps the game's turns."""
        return self.turns is not None


@dataclass
class Record:
    """What the record file holds: its games, oldest first, and notices about repairs (worded when read)."""

    games: list[RecordedGame] = field(default_factory=list)
    notice_texts: list[Text] = field(default_factory=list)
    newer: bool = False  # written by a newer version of the game: read, never written over
    broken: bool = False  # the file did not read as a whole (its backup, if any, was read instead)


def entry_of(save: SaveGame, seat: int | None) -> RecordedGame:
    """The record's entry for a finished game, from the save it is autosaved as; raise ValueError for a
    game that is not over."""
    if save.result is None:
        raise ValueError("only a finished game goes into the record")
    return RecordedGame(
        game_id=save.game_id,
        finished=save.updated,
        rules=save.rules,
        auto_repetition_draw=save.auto_repetition_draw,
        players=list(save.players),
        seat=0 if seat == 0 else 1 if seat == 1 else None,
        result=save.result,
        turn_count=save.turn_count,
        setup=list(save.setup),
        turns=list(save.turns),
        handicap=save.handicap,
    )


def game_of(entry: RecordedGame) -> Game:
    """The entry's game replayed through the rules, for the replay viewer; raise SaveError when the
    entry no longer keeps its turns or they do not replay."""
    if entry.turns is None or entry.setup is None:
        raise SaveError(worded(N_("this game's turns are no longer kept: only its result is")))
    try:
        save = SaveGame(schema_version=SCHEMA_VERSION, program_version=__version__, game_id=entry.game_id,
                        created=entry.finished, updated=entry.finished, rules=entry.rules,
                        auto_repetition_draw=entry.auto_repetition_draw, players=entry.players, setup=entry.setup,
                        turns=entry.turns, result=entry.result, handicap=entry.handicap)
        return save_to_game(save)
    except ValidationError as exc:
        invalid = exc
        raise SaveError(worded(N_("this game of the record cannot be replayed: {problem}"),
                               problem=lambda: describe_validation(invalid))) from None
    except ReplayProblem as exc:
        raise SaveError(worded(N_("this game of the record cannot be replayed: {problem}"), problem=exc.text)) from None


# --- reading ---
def _entries(data: dict, notices: list[Text]) -> list[RecordedGame]:
    """The entries of parsed record data, each checked alone: one that does not read is dropped."""
    raw = data.get("games")
    if not isinstance(raw, list):
        notices.append(worded(N_("the record holds no list of games")))
        return []
    games: list[RecordedGame] = []
    dropped = 0
    first_problem: ValidationError | None = None
    for item in raw[: MAX_GAMES * 2]:
        try:
            games.append(RecordedGame.model_validate(item))
        except ValidationError as exc:
            dropped += 1
            first_problem = first_problem or exc
    if dropped and first_problem is not None:
        invalid = first_problem
        message = (N_("a game of the record could not be read and was left out ({problem})") if dropped == 1 else
                   N_("{count} games of the record could not be read and were left out ({problem})"))
        notices.append(worded(message, count=dropped, problem=lambda: describe_validation(invalid, limit=1)))
    return games


def _upgraded(data: dict) -> dict:
    """Parsed record data of an older format brought up to ``RECORD_VERSION`` (as far as steps exist)."""
    version = data.get("schema_version", 1)
    while type(version) is int and version < RECORD_VERSION and version in RECORD_MIGRATIONS:
        data = RECORD_MIGRATIONS[version](data)
        version += 1
    return data


def _read_one(path: Path) -> Record:
    """The record in one file; raise SaveError when the file as a whole cannot be read."""
    data = _upgraded(parse_json_object(path, read_bytes(path), what="record"))
    version = data.get("schema_version")
    if type(version) is not int:
        raise file_error(path, worded(N_("is not a hwgame record: it has no whole-number 'schema_version'")))
    record = Record()
    record.newer = version > RECORD_VERSION
    record.games = _entries(data, record.notice_texts)
    return record


def read_record(path: str | Path) -> Record:
    """The record in ``path`` (empty when there is none); never raises. A file that cannot be read as a
    whole is replaced by its backup's content, if that reads, and marked ``broken``."""
    path = Path(path)
    if not path.exists():
        return Record()
    try:
        record = _read_one(path)
    except SaveError as exc:
        record = Record(broken=True)
        record.notice_texts.append(worded(N_("{problem}: the record of finished games is read from its backup"),
                                          problem=exc.text))
        if backup_path(path).exists():
            try:
                kept = _read_one(backup_path(path))
                record.games, record.newer = kept.games, kept.newer
                record.notice_texts.extend(kept.notice_texts)
            except SaveError as bad:
                record.notice_texts.append(bad.text)
    record.games = _ordered(record.games)
    return record


def _ordered(games: list[RecordedGame]) -> list[RecordedGame]:
    """Oldest first, one entry per game (the first result kept: taking moves back after the end does
    not undo a game already recorded)."""
    seen: set[str] = set()
    out = []
    for game in sorted(games, key=lambda g: g.finished):
        if game.game_id not in seen:
            seen.add(game.game_id)
            out.append(game)
    return out


def _trimmed(games: list[RecordedGame]) -> list[RecordedGame]:
    """The newest ``MAX_GAMES`` entries, the turns kept only for the newest ``KEEP_TURNS``."""
    games = games[-MAX_GAMES:]
    cut = len(games) - KEEP_TURNS
    return [g.model_copy(update={"setup": None, "turns": None}) if i < cut and g.turns is not None else g
            for i, g in enumerate(games)]


# --- writing ---
@contextmanager
def _locked(path: Path) -> Iterator[None]:
    """Hold the record's lock file while the block runs: one window writes at a time. A lock whose window
    is gone, or that is older than ``LOCK_STALE``, is taken over; raise SaveError after ``LOCK_WAIT``."""
    lock = path.with_name(path.name + ".lock")
    lock.parent.mkdir(parents=True, exist_ok=True)
    deadline = time.monotonic() + LOCK_WAIT
    while True:
        try:
            fd = os.open(lock, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:
            if _stale(lock):
                try:
                    lock.unlink()
                except OSError:
                    pass
                continue
            if time.monotonic() > deadline:
                raise file_error(path, worded(N_("is being written by another window: try again in a moment")),
                                 of_file=False) from None
            time.sleep(0.02)
            continue
        except OSError as exc:
            raise file_error(path, worded(N_("could not be written: {why}"), why=exc.strerror or str(exc))) from None
        with os.fdopen(fd, "w") as handle:
            handle.write(str(os.getpid()))
        break
    try:
        yield
    finally:
        try:
            lock.unlink()
        except OSError:
            pass


def _stale(lock: Path) -> bool:
    """True when the lock's window is gone or the lock is older than ``LOCK_STALE`` seconds."""
    try:
        if time.time() - lock.stat().st_mtime > LOCK_STALE:
            return True
        text = lock.read_bytes()[:16].decode("ascii", "replace").strip()  # a pid: a few digits at most
    except OSError:
        return False  # gone meanwhile: the next try takes it
    return text.isdigit() and _process_gone(int(text))


def _keep_aside(path: Path) -> None:
    """Copy a record file that does not read to a free ``.broken`` name before it is written over."""
    n = 0
    while True:
        aside = path.with_name(path.name + (".broken" if n == 0 else f".broken{n}"))
        if not aside.exists():
            atomic_write(aside, path.read_bytes(), backup=False)
            return
        n += 1


def encode_record(games: list[RecordedGame]) -> bytes:
    """The bytes of a record file: JSON, one game a line, UTF-8."""
    lines = [json.dumps(g.model_dump(mode="json"), ensure_ascii=False, separators=(",", ":")) for g in games]
    body = ",\n".join(lines)
    return f'{{"schema_version": {RECORD_VERSION}, "games": [\n{body}\n]}}\n'.encode()


def add_to_record(path: str | Path, entry: RecordedGame) -> Record:
    """Add ``entry`` to the record at ``path`` (merged with what the file holds now, under the lock) and
    write it atomically; return the record as written. A game already in it keeps its first entry.
    Raise SaveError when the file cannot be written or was written by a newer version."""
    path = Path(path)
    with _locked(path):
        record = read_record(path)
        if record.newer:
            raise file_error(path, worded(N_("was written by a newer version of the game: it is left as it is")),
                             of_file=False)
        if any(g.game_id == entry.game_id for g in record.games):
            return record
        record.games = _trimmed(_ordered([*record.games, entry]))
        try:
            if record.broken and path.exists():
                _keep_aside(path)
            # A broken file is not made the backup: the backup keeps the last record that read.
            atomic_write(path, encode_record(record.games), backup=not record.broken)
        except OSError as exc:
            raise file_error(path, worded(N_("could not be written ({why}): the previous record is intact"),
                                          why=exc.strerror or str(exc))) from None
        record.broken = False
        return record


__all__ = ["KEEP_TURNS", "MAX_GAMES", "RECORD_FILE", "RECORD_VERSION", "Record", "RecordedGame", "add_to_record",
           "encode_record", "entry_of", "game_of", "read_record"]
