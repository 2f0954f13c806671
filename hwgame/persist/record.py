"""The record of finished games: one entry per game, kept in ``record.json`` beside the saves folder.

Every game that ends in the window (against each level of the computer, or two players at one screen)
adds an entry: who played, the seat of the player whose record it is, the result and how the game ended,
and the game's turns, so that the Statistics screen can open any recent game in the replay viewer. The
turns of older games are dropped after ``KEEP_TURNS`` games (their results stay), and the oldest entries
after ``MAX_GAMES``, so the file stays a few megabytes at most (never more than ``files.MAX_BYTES``).

The record is kept as safely as a save:

- every write is atomic (``atomic.atomic_write``), the previous version kept as ``record.json.bak``;
- two windows on one data folder take turns through a lock file (``lockfile``: a lock left by a window
  that stopped is taken over, the wait always ends), and each write merges its entry into what the file
  holds at that moment, so neither loses the other's games;
- a finished game is first written to a file of its own (``record.json.pending-….json``) and goes into
  the record from there: a game whose write fails, or is killed midway, waits there and goes in with
  the next write (the next game, or the next start of the game); a game that cannot even be kept there
  (a read-only folder) waits in memory while the window stays open;
- every file is read as a save is (a regular file of a bounded size, opened without waiting): a pipe,
  a device or a huge file at the record's name is never read, only moved aside;
- reading never fails: an entry that does not read (a date out of range, a value a newer version
  wrote) is left out of the figures with a notice, and kept in the file as it is; a file that does not
  read at all is kept aside (``record.json.broken``) while its backup is read instead; the next write
  holds what could be saved; temporary files left by a killed write are swept.

``RECORD_VERSION`` counts changes of the format; ``RECORD_MIGRATIONS[n]`` turns format ``n`` into
``n + 1``. Since format 2 a file also says ``writable_from``: the oldest format whose readers may write
it. Such a reader keeps what it does not understand (unknown fields of an entry, entries it cannot read,
unknown fields of the file), so a newer version that only adds to the format keeps ``writable_from`` and
older copies of the game go on recording; a file whose ``writable_from`` is newer than this version is
read but never written over. (Copies of format 1 write no file of a newer format.)
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import stat
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PrivateAttr,
    SerializerFunctionWrapHandler,
    ValidationError,
    field_validator,
    model_serializer,
)

from .. import __version__
from ..i18n import N_
from ..rules import Game
from .atomic import atomic_write, backup_path, stale_temporaries
from .convert import ReplayProblem, save_to_game
from .errors import SaveError, Text, file_error, text_of, worded
from .files import MAX_BYTES, parse_json_object
from .lockfile import locked
from .schema import (
    SCHEMA_VERSION,
    HandicapData,
    Player,
    Result,
    RulesName,
    SaveGame,
    describe_validation,
    utc_in_range,
    without_none,
)

RECORD_FILE = "record.json"
RECORD_VERSION = 2  # 2: writable_from; what a reader does not understand is kept
WRITABLE_FROM = 2  # the oldest format whose readers may write a file this version writes
RECORD_MIGRATIONS: dict[int, Callable[[dict], dict]] = {1: lambda data: {**data, "schema_version": 2}}
MAX_GAMES = 5000  # a few hundred bytes each without their turns
KEEP_TURNS = 400  # the most recent games keep their turns (a few kilobytes each) for the replay
READ_GAMES = 2 * MAX_GAMES  # entries read from a file, its newest (a file keeps them oldest first)
LOCK_WAIT = 5.0  # seconds a write waits for another window's write to finish
LOCK_STALE = 30.0  # a lock older than this was left by a window that stopped in the middle of a write
TEMP_STALE = 600.0  # seconds: a temporary file of the record this old was left by a killed write
PENDING = ".pending-"  # a game waiting to go into the record: ``record.json.pending-HASH.json``

TurnText = Annotated[str, Field(max_length=4000)]


class RecordedGame(BaseModel):
    """One finished game in the record. ``seat`` is the seat of the player whose record this is (the
    human against the computer; at one screen, the player named as in the settings), None when neither
    seat is theirs. ``setup`` and ``turns`` are the game in notation, as a save keeps it, or None once
    dropped for older games. ``handicap`` is the game's handicap, if it had one: such a game counts in
    the results per level and the streaks, is marked in the list, and is left out of the rating (the
    levels' ratings are measured without handicaps). ``teaching`` marks a teaching game (the game stopped
    after the player's slips and let them take turns back): it counts as a handicapped game does.

    Fields a newer version adds are ignored here and kept: an entry read from a file is written back as
    it was read (``_raw``), but for the turns dropped from older games."""

    model_config = ConfigDict(extra="ignore")

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
    teaching: bool = False
    _raw: dict[str, Any] | None = PrivateAttr(default=None)  # the entry as a file held it

    @model_serializer(mode="wrap")
    def _without_no_handicap(self, handler: SerializerFunctionWrapHandler) -> dict:
        # An entry without a handicap is written as before the field existed: older copies read it.
        data = handler(self)
        without_none(data, "handicap")
        if isinstance(data, dict) and data.get("teaching") is False:
            data.pop("teaching")  # likewise an entry of a game that was not a teaching game
        return data

    @field_validator("finished")
    @classmethod
    def _in_utc(cls, value: datetime) -> datetime:
        return utc_in_range(value)  # a save's dates and the record's, checked alike

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
    def rated(self) -> bool:
        """True for a game the rating may count: played even (no handicap) and not a teaching game."""
        return self.handicap is None and not self.teaching

    @property
    def replayable(self) -> bool:
        """True while the entry keeps the game's turns."""
        return self.turns is not None

    def as_written(self) -> dict[str, Any]:
        """The entry as a file keeps it: as it was read (fields of newer versions too), else as made."""
        if self._raw is not None:
            return self._raw
        return self.model_dump(mode="json")

    def without_turns(self) -> RecordedGame:
        """The entry with its result only (its turns dropped), the rest kept as it was."""
        short = self.model_copy(update={"setup": None, "turns": None})
        short._raw = None if self._raw is None else {**self._raw, "setup": None, "turns": None}
        return short


@dataclass
class Record:
    """What the record file holds: its games, oldest first, and notices about repairs (worded when read).

    ``kept`` are the entries this version cannot read and ``extra`` the file's fields it does not know:
    both are written back as they are. ``pending`` counts the games among ``games`` that still wait to be
    written into the file."""

    games: list[RecordedGame] = field(default_factory=list)
    notice_texts: list[Text] = field(default_factory=list)
    newer: bool = False  # written by a newer version that this one may not write over: read, never written
    broken: bool = False  # the file did not read as a whole (its backup, if any, was read instead)
    version: int = RECORD_VERSION  # the file's format
    writable_from: int = WRITABLE_FROM
    kept: list[Any] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)
    pending: int = 0

    @property
    def notices(self) -> list[str]:
        """The notices in the language in force."""
        return [text_of(n) for n in self.notice_texts]


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
        teaching=save.teaching,
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
def _read_file(path: Path) -> bytes:
    """The bytes of a record file, read as a save is read (``files.read_bytes``): only a regular file
    of at most ``MAX_BYTES``, opened without waiting (a pipe or a device at its name neither blocks the
    game nor is read without end), checked on the open file itself; else a SaveError saying why."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise file_error(path, worded(N_("no such file")), of_file=False) from None
    except IsADirectoryError:
        raise file_error(path, worded(N_("is a folder, not a record of games"))) from None
    except PermissionError:
        raise file_error(path, worded(N_("cannot be read: permission denied"))) from None
    except (OSError, ValueError) as exc:
        return _unreadable(path, exc)
    try:
        with os.fdopen(fd, "rb") as handle:
            info = os.fstat(handle.fileno())
            if stat.S_ISDIR(info.st_mode):
                raise file_error(path, worded(N_("is a folder, not a record of games")))
            if not stat.S_ISREG(info.st_mode):
                raise file_error(path, worded(N_("is not a regular file (a pipe, a device or a socket), not a "
                                                 "record of games")))
            if info.st_size > MAX_BYTES:
                raise file_error(path, worded(N_("is {size} MB, far too large to be a record of games"),
                                              size=info.st_size // (1024 * 1024)))
            data = handle.read(MAX_BYTES + 1)  # the file may have grown since it was measured
    except OSError as exc:
        return _unreadable(path, exc)
    if len(data) > MAX_BYTES:
        raise file_error(path, worded(N_("is far too large to be a record of games (it grew while it was read)")))
    return data


def _unreadable(path: Path, exc: BaseException) -> bytes:
    if getattr(exc, "errno", None) == errno.ELOOP:
        raise file_error(path, worded(N_("cannot be reached: it is a loop of symbolic links"))) from None
    why = getattr(exc, "strerror", None) or str(exc)
    raise file_error(path, worded(N_("cannot be read: {why}"), why=why)) from None


def _upgraded(data: dict) -> dict:
    """Parsed record data of an older format brought up to ``RECORD_VERSION`` (as far as steps exist)."""
    version = data.get("schema_version", 1)
    while type(version) is int and 1 <= version < RECORD_VERSION and version in RECORD_MIGRATIONS:
        data = RECORD_MIGRATIONS[version](data)
        version += 1
    return data


_FILE_FIELDS = ("schema_version", "games", "writable_from")


def _parse(path: Path, raw: bytes) -> Record:
    """The record held by ``raw``, the bytes of ``path``; raise SaveError when it is not a record as a
    whole (an entry that does not read is only left out, and kept)."""
    data = _upgraded(parse_json_object(path, raw, what="record"))
    version = data.get("schema_version")
    if type(version) is not int or version < 1:
        raise file_error(path, worded(N_("is not a hwgame record: it has no whole-number 'schema_version'")))
    games = data.get("games")
    if not isinstance(games, list):
        raise file_error(path, worded(N_("is not a hwgame record: it holds no list of games")))
    writable_from = data.get("writable_from")
    if type(writable_from) is not int:
        writable_from = version  # a newer format that does not say: only its own version writes it
    record = Record(version=version, writable_from=writable_from,
                    extra={k: v for k, v in data.items() if k not in _FILE_FIELDS})
    record.newer = writable_from > RECORD_VERSION
    if len(games) > READ_GAMES:
        record.notice_texts.append(worded(N_("the record holds {count} games: the oldest {left} are left out"),
                                          count=len(games), left=len(games) - READ_GAMES))
        games = games[-READ_GAMES:]  # the newest: a file keeps its games oldest first
    record.games = _entries(games, record)
    return record


def _entries(items: list, record: Record) -> list[RecordedGame]:
    """The entries of a file, each checked alone: one that does not read is left out, counted, and kept
    in ``record.kept`` to be written back as it is."""
    games: list[RecordedGame] = []
    first_problem: Text | None = None
    for item in items:
        try:
            game = RecordedGame.model_validate(item)
        except ValidationError as exc:
            first_problem = first_problem or partial(describe_validation, exc, limit=1)
        except Exception:  # noqa: BLE001 - whatever an entry holds, the others are read
            first_problem = first_problem or worded(N_("it is not a game of the record"))
        else:
            game._raw = item
            games.append(game)
            continue
        record.kept.append(item)
    if record.kept and first_problem is not None:
        count = len(record.kept)
        message = (N_("a game of the record could not be read: it is left out here and kept in the file as it is "
                      "({problem})") if count == 1 else
                   N_("{count} games of the record could not be read: they are left out here and kept in the file "
                      "as they are ({problem})"))
        record.notice_texts.append(worded(message, count=count, problem=first_problem))
    return games


def _not_read(path: Path, exc: Exception) -> Text:
    """What to say of a file that failed to read in a way no check foresaw."""
    return file_error(path, worded(N_("cannot be read: {why}"), why=f"{type(exc).__name__}: {exc}")).text


@dataclass
class _Loaded:
    """A record file as read: the record (of its backup when the file itself did not read), and the
    file's bytes when it read as a whole (they become the backup when it is written again)."""

    record: Record
    raw: bytes | None = None


def _load(path: Path) -> _Loaded:
    """The record in ``path`` (empty when there is none); never raises. A file that cannot be read as a
    whole is replaced by its backup's content, if that reads, and marked ``broken``."""
    if not os.path.lexists(path):
        return _Loaded(Record())
    raw = None
    try:
        raw = _read_file(path)
        return _Loaded(_parse(path, raw), raw)
    except SaveError as exc:
        problem: Text = exc.text
    except Exception as exc:  # noqa: BLE001 - a file is never worth a crash; what went wrong is said
        problem = _not_read(path, exc)
    record = Record(broken=True)
    record.notice_texts.append(worded(N_("{problem}: the record of finished games is read from its backup"),
                                      problem=problem))
    backup = backup_path(path)
    if os.path.lexists(backup):
        try:
            kept = _parse(backup, _read_file(backup))
            record.games, record.newer, record.kept = kept.games, kept.newer, kept.kept
            record.version, record.writable_from, record.extra = kept.version, kept.writable_from, kept.extra
            record.notice_texts.extend(kept.notice_texts)
        except SaveError as bad:
            record.notice_texts.append(bad.text)
        except Exception as exc:  # noqa: BLE001
            record.notice_texts.append(_not_read(backup, exc))
    return _Loaded(record, raw)


def read_record(path: str | Path) -> Record:
    """The record in ``path`` (empty when there is none), with the games that wait to be written into
    it; never raises. A file that cannot be read as a whole is replaced by its backup's content, if that
    reads, and marked ``broken``."""
    path = Path(path)
    record = _load(path).record
    waiting = [game for game, _file in _pending(path, record.notice_texts)]
    known = {g.game_id for g in record.games}
    record.pending = len({g.game_id for g in waiting if g.game_id not in known})
    if record.pending:
        message = (N_("a finished game waits to be written into the record") if record.pending == 1 else
                   N_("{count} finished games wait to be written into the record"))
        record.notice_texts.append(worded(message, count=record.pending))
    record.games = _ordered([*record.games, *waiting])
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
    return [g.without_turns() if i < cut and g.turns is not None else g for i, g in enumerate(games)]


# --- games waiting to go into the record ---
# Games that could not even be kept in a file of their own, by record path: they wait in memory.
_unwritten: dict[Path, dict[str, RecordedGame]] = {}


def _pending_path(path: Path, game_id: str) -> Path:
    digest = hashlib.sha256(game_id.encode("utf-8", "surrogatepass")).hexdigest()[:24]
    return path.with_name(f"{path.name}{PENDING}{digest}.json")


def _pending_files(path: Path) -> list[Path]:
    prefix = path.name + PENDING
    try:
        names = os.listdir(path.parent)
    except OSError:
        return []
    return sorted(path.with_name(n) for n in names if n.startswith(prefix) and n.endswith(".json"))


def _pending(path: Path, notices: list[Text] | None = None) -> list[tuple[RecordedGame, Path | None]]:
    """The games waiting to go into the record at ``path``: each with its file, or None for one that
    waits in memory. A file that does not read is left as it is (and said)."""
    out: list[tuple[RecordedGame, Path | None]] = []
    for file in _pending_files(path):
        try:
            out.extend((game, file) for game in _parse(file, _read_file(file)).games)
        except SaveError as exc:
            if notices is not None:
                notices.append(exc.text)
        except Exception as exc:  # noqa: BLE001 - one bad file never hides the record
            if notices is not None:
                notices.append(_not_read(file, exc))
    out.extend((game, None) for game in _unwritten.get(path, {}).values())
    return out


def _keep_waiting(path: Path, entry: RecordedGame) -> bool:
    """Keep ``entry`` in a file of its own until it is in the record; True when it is on disk (else it
    waits in memory)."""
    try:
        atomic_write(_pending_path(path, entry.game_id), encode_record([entry]), backup=False)
        return True
    except (OSError, ValueError):
        _unwritten.setdefault(path, {})[entry.game_id] = entry
        return False


def _done_waiting(path: Path, written: set[str], waiting: list[tuple[RecordedGame, Path | None]]) -> None:
    """Forget the waiting games that are now in the record (``written``: their ids)."""
    memory = _unwritten.get(path, {})
    for game, file in waiting:
        if game.game_id not in written:
            continue
        memory.pop(game.game_id, None)
        if file is not None:
            try:
                file.unlink()
            except OSError:
                pass
    if not memory:
        _unwritten.pop(path, None)


# --- writing ---
def _sweep(path: Path) -> None:
    """Remove the temporary files of the record (and of its backup, its waiting games, a lock taken
    over) that killed writes left (see ``atomic.stale_temporaries``)."""
    prefix = "." + path.name + "."
    for temp in stale_temporaries(path.parent, older_than=TEMP_STALE):
        if temp.name.startswith(prefix):
            try:
                temp.unlink()
            except OSError:
                pass


def _keep_aside(path: Path, raw: bytes | None) -> None:
    """Keep a record file that does not read at a free ``.broken`` name before it is written over: a copy
    of its bytes when it read as a file; else (a pipe, a device, a link to one, a folder, a huge file)
    the thing itself, moved there without being read."""
    n = 0
    while True:
        aside = path.with_name(path.name + (".broken" if n == 0 else f".broken{n}"))
        if not os.path.lexists(aside):
            break
        n += 1
    if raw is not None:
        atomic_write(aside, raw, backup=False)
    else:
        os.rename(path, aside)


def _encoded_line(data: Any) -> str:
    """One entry as a line of the file: JSON, its text as it is, but for what UTF-8 cannot hold (half of a
    surrogate pair, which an entry of the file may hold), written as an escape."""
    line = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    try:
        line.encode("utf-8")
    except UnicodeEncodeError:
        line = json.dumps(data, separators=(",", ":"))
    return line


def encode_record(games: list[RecordedGame], kept: list[Any] | None = None, version: int = RECORD_VERSION,
                  writable_from: int = WRITABLE_FROM, extra: dict[str, Any] | None = None) -> bytes:
    """The bytes of a record file: JSON, one game a line, UTF-8; ``kept`` (entries not read, as they
    are) first, then ``games``; ``extra`` fields of the file after the games."""
    lines = [_encoded_line(item) for item in (kept or [])] + [_encoded_line(g.as_written()) for g in games]
    return _assembled(lines, version, writable_from, extra)


def _assembled(lines: list[str], version: int, writable_from: int, extra: dict[str, Any] | None) -> bytes:
    body = ",\n".join(lines)
    tail = "".join(f", {_encoded_line(k)}: {_encoded_line(v)}" for k, v in (extra or {}).items())
    return f'{{"schema_version": {version}, "games": [\n{body}\n], "writable_from": {writable_from}{tail}}}\n'.encode()


def _fitted(record: Record) -> bytes:
    """The record's file, made to fit in ``MAX_BYTES``: should a few games with very long turns overflow
    it, older games lose their turns first, then the oldest entries go (``record`` is changed to match)."""
    version = max(record.version, RECORD_VERSION)
    writable_from = max(record.writable_from, WRITABLE_FROM)
    games, kept = list(record.games), list(record.kept)
    game_lines = [_encoded_line(g.as_written()) for g in games]
    kept_lines = [_encoded_line(item) for item in kept]
    total = len(_assembled([], version, writable_from, record.extra))
    total += sum(len(line.encode()) + 2 for line in kept_lines + game_lines)
    for i in range(len(games) - 1):
        if total <= MAX_BYTES:
            break
        if games[i].turns is not None:
            games[i] = games[i].without_turns()
            line = _encoded_line(games[i].as_written())
            total += len(line.encode()) - len(game_lines[i].encode())
            game_lines[i] = line
    while total > MAX_BYTES and len(kept_lines) + len(game_lines) > 1:
        line = kept_lines.pop(0) if kept_lines else game_lines.pop(0)
        if len(kept) > len(kept_lines):
            kept.pop(0)
        else:
            games.pop(0)
        total -= len(line.encode()) + 2
    record.games, record.kept = games, kept
    return _assembled(kept_lines + game_lines, version, writable_from, record.extra)


def add_to_record(path: str | Path, entry: RecordedGame) -> Record:
    """Add ``entry`` to the record at ``path`` (merged with what the file holds now, under the lock, with
    the games that wait to go in) and write it atomically; return the record as written. A game already
    in it keeps its first entry. The game waits in a file of its own until it is written: raise SaveError
    (saying that it waits) when the record cannot be written or was written by a newer version."""
    path = Path(path)
    on_disk = _keep_waiting(path, entry)
    try:
        return _write(path, LOCK_WAIT)
    except SaveError as exc:
        message = (N_("{problem}; the game is kept and goes into the record as soon as it can be written")
                   if on_disk else
                   N_("{problem}; the game goes into the record as soon as it can be written, if this window stays "
                      "open until then"))
        raise SaveError(worded(message, problem=exc.text), path=exc.path, detail=exc.detail_text,
                        of_file=exc.of_file) from None


def write_waiting(path: str | Path, wait: float = 0.0) -> int:
    """Write the games that wait to go into the record at ``path`` (left by a write that failed or was
    killed), waiting at most ``wait`` seconds for another window; return how many there were. Raise
    SaveError when the record cannot be written (they wait on)."""
    path = Path(path)
    if not _pending_files(path) and not _unwritten.get(path):
        return 0
    return _write(path, wait).pending


def _write(path: Path, wait: float) -> Record:
    """Merge the waiting games into the record and write it, under the lock; the record as written, its
    ``pending`` the number of games it took in."""
    with locked(path, wait=wait, stale=LOCK_STALE):
        _sweep(path)
        loaded = _load(path)
        record = loaded.record
        if record.newer:
            raise file_error(path, worded(N_("was written by a newer version of the game: it is left as it is")),
                             of_file=False)
        waiting = _pending(path)
        known = {g.game_id for g in record.games}
        fresh = [game for game, _file in waiting if game.game_id not in known]
        if not fresh and not record.broken:
            _done_waiting(path, known, waiting)
            return record
        record.games = _trimmed(_ordered([*record.games, *fresh]))
        record.kept = record.kept[-MAX_GAMES:]
        data = _fitted(record)
        try:
            if record.broken and os.path.lexists(path):
                _keep_aside(path, loaded.raw)
            elif loaded.raw is not None:
                # The backup keeps the last record that read (a broken file is never made the backup).
                atomic_write(backup_path(path), loaded.raw, backup=False)
            atomic_write(path, data, backup=False)
        except OSError as exc:
            raise file_error(path, worded(N_("could not be written ({why}): the previous record is intact"),
                                          why=exc.strerror or str(exc))) from None
        _done_waiting(path, known | {g.game_id for g in fresh}, waiting)
        record.broken = False
        record.pending = len({g.game_id for g in fresh})
        return record


__all__ = ["KEEP_TURNS", "MAX_GAMES", "RECORD_FILE", "RECORD_VERSION", "WRITABLE_FROM", "Record", "RecordedGame",
           "add_to_record", "encode_record", "entry_of", "game_of", "read_record", "write_waiting"]
