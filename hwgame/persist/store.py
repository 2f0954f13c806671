"""The saves folder: named saves, one autosave per game, the list of saves, deleting, and the settings.

The window calls the functions at the bottom of this module (``autosave``, ``save_game``, ``list_saves``,
``load_game``, ``delete_save``, ``load_settings``, ``save_settings``), which use one ``Store`` for the
folder chosen by ``--data-dir`` / ``HWGAME_DATA_DIR`` or the platform's default.

The promise is that a save is never lost:

- every write is atomic (``atomic.atomic_write``) and keeps the previous version as ``NAME.json.bak``;
- every game autosaves to a file of its own (see ``autosaves``): a new game never writes over another
  game's autosave, only over its own or over an earlier state of the same game;
- a file that does not load is never written over: a named save refuses, and an autosave moves on to a
  new name while the broken file stays for the player to rescue or delete.
"""

from __future__ import annotations

import contextlib
import hashlib
import re
import weakref
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from pydantic import ValidationError

from ..i18n import N_
from ..openings import Book
from ..rules import Game, shown
from .atomic import atomic_write, backup_path, folder_lock, is_temporary, stale_temporaries
from .autosaves import AUTOSAVE, LEGACY_SLOT, SUFFIX, autosave_names, extends, is_autosave_name
from .convert import Seats, game_to_save
from .errors import SaveError, Text, file_error, shown_path, text_of, worded
from .files import LoadedGame, load_bytes, read_bytes, read_save, save_from_bytes
from .files import load_game as _load_file
from .openings_file import OWN_FILE, add_own_game, own_book
from .paths import exists, locations, same_place
from .plans import SavePlan, file_stamp
from .record import RECORD_FILE, Record, add_to_record, entry_of, read_record
from .schema import ClockData, Player, Result, SaveGame, SdgRecord, Settings, describe_validation, now_utc
from .settings_file import read_settings, write_settings
from .variations import VariationsData

_UNSAFE = re.compile(r"[^\w \-.()']+")
_WINDOWS_RESERVED = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(10)), *(f"lpt{i}" for i in range(10))}


@dataclass(frozen=True)
class SaveInfo:
    """One entry of the list of saves. ``error`` is set (and the rest mostly empty) for a file that is broken:
    the problem, worded when read (``problem`` keeps it as ``Text``)."""

    path: Path
    name: str
    is_autosave: bool
    modified: float
    players: tuple[Player, ...] = ()
    rules: str | None = None
    created: datetime | None = None
    updated: datetime | None = None
    turns_played: int = 0
    result: Result | None = None
    title: str | None = None
    problem: Text | None = None
    problem_of_file: bool = True  # the problem is said of the file ("is a folder"), not a sentence of its own
    to_move: str | None = None  # the player whose turn it is (None once the game is over)
    actions_in_progress: int = 0  # actions already played of the turn under way

    @property
    def error(self) -> str | None:
        """Why the file cannot be opened, in the language in force (None when it can be)."""
        return None if self.problem is None else text_of(self.problem)

    @property
    def unfinished(self) -> bool:
        """True for the autosave of a game that goes on: a game the player can continue."""
        return self.is_autosave and self.error is None and self.result is None

    def describe(self) -> str:
        """One line for a list: players, turn, and result or the problem."""
        if self.error is not None:
            return f"{self.name}: cannot be opened ({self.error})"

        def seat(p: Player) -> str:
            return f"{p.name} (computer, level {p.level})" if p.kind == "computer" else p.name

        text = f"{' vs '.join(seat(p) for p in self.players)}, {self.rules} rules, {self.turns_played} turns"
        if self.result is not None:
            text += f", {self.result.reason}"
        elif self.actions_in_progress:
            text += f", {self.to_move}'s turn in progress"
        return text


@dataclass
class _Meta:
    """What a save keeps about a game beyond its turns, remembered while the Game object lives."""

    game_id: str | None
    created: datetime
    title: str | None = None
    imported: SdgRecord | None = None
    autosave: Path | None = None  # the game's own autosave file, once it has one
    autosave_digest: str | None = None  # the bytes last written there (or read from there)
    clock: ClockData | None = None  # the game's clock as the window last told it
    variations: VariationsData | None = None  # the analysis board's tree, saved with the game
    teaching: bool = False  # a teaching game (``SaveGame.teaching``)


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def file_name(name: str) -> str:
    """A file name (with ``.json``) for a save called ``name``; raise SaveError for a name with nothing usable."""
    stem = name[: -len(SUFFIX)] if name.lower().endswith(SUFFIX) else name
    stem = _UNSAFE.sub("_", stem).strip(" .")[:60].strip(" .")
    if not stem or not any(ch.isalnum() for ch in stem):
        raise SaveError(worded(N_("{name} cannot name a save: use some letters or digits"), name=shown(name)))
    if stem.lower() in _WINDOWS_RESERVED:
        stem = f"{stem}_"
    return stem + SUFFIX


class Store:
    """Saves in ``saves_dir`` and settings in ``settings_path`` (see ``paths.locations``)."""

    def __init__(self, folder: str | Path | None = None):
        where = locations(folder)
        self.saves_dir: Path = where.saves
        self.settings_path: Path = where.settings
        # The record of finished games lives beside the saves folder, in the data folder.
        self.record_path: Path = where.saves.parent / RECORD_FILE
        # Messages for the player (an autosave that moved, a repaired setting), worded when read.
        self.notice_texts: list[Text] = []
        self._good: dict[Path, str] = {}  # file -> digest of bytes this store wrote or loaded without fault
        self._meta: weakref.WeakKeyDictionary[Game, _Meta] = weakref.WeakKeyDictionary()
        self._swept: set[Path] = set()
        # What the list said about each file, kept while the file stays the same (its size and times).
        self._infos: dict[Path, tuple[tuple[int, int, int], SaveInfo]] = {}

    @property
    def notices(self) -> list[str]:
        """The messages for the player so far, in the language in force."""
        return [text_of(n) for n in self.notice_texts]

    # --- names and paths ---
    def path_for(self, name: str | Path) -> Path:
        """The file of a save: a Path is kept as it is; a name (any text a player typed) becomes a file in the
        saves folder, its awkward characters replaced (see ``file_name``)."""
        if isinstance(name, Path):
            return name
        return self.saves_dir / file_name(name)

    def is_autosave_file(self, path: Path) -> bool:
        """True for an autosave in this store's saves folder."""
        try:
            return is_autosave_name(path) and same_place(path).parent == same_place(self.saves_dir)
        except OSError:
            return False

    def autosave_of(self, game: Game) -> Path | None:
        """The file ``game`` autosaves to: the autosave it was loaded from or last written to, else None."""
        meta = self._meta.get(game)
        return None if meta is None else meta.autosave

    def locate(self, name: str | Path) -> Path:
        """The file a player means: an existing path as given, else a save of that name in the saves folder.

        The single autosave of earlier versions, ``autosave`` or ``FOLDER/autosave.json``, stands for the
        most recent unfinished game (of that folder) while no such file exists, so that what worked then
        still works.
        """
        given = Path(name)
        if isinstance(name, Path) or _present(given) or given.is_absolute() or "/" in name or "\\" in name:
            path = given
        else:
            try:
                path = self.saves_dir / file_name(name)
            except SaveError:
                return given
        if path.name.lower() == LEGACY_SLOT and not _present(path):
            latest = self.latest_unfinished(path.parent)
            return path if latest is None else latest.path
        return path

    # --- loading ---
    def load(self, name: str | Path) -> LoadedGame:
        """Load and replay a save (a path, or the name of a save in the saves folder); raise SaveError.

        The file is only read, never changed.
        """
        loaded = _load_file(self.locate(name))
        s = loaded.save
        self._good[same_place(loaded.path)] = loaded.digest
        meta = self._meta[loaded.game] = _Meta(s.game_id, s.created, s.title, s.imported, clock=s.clock,
                                               teaching=s.teaching)  # fmt: skip
        if self.is_autosave_file(loaded.path):
            # Played on, the game keeps writing to the autosave it came from (an old autosave.json too).
            meta.autosave, meta.autosave_digest = loaded.path, loaded.digest
        return loaded

    # --- saving ---
    def remember(self, game: Game, *, title: str | None = None, imported: SdgRecord | None = None,
                 clock: ClockData | None = None, variations: VariationsData | None = None,
                 game_id: str | None = None, teaching: bool | None = None) -> None:
        """Note a title, an imported record, the game's clock as it stands (the window tells it before
        each save) or the analysis board's tree of variations for ``game``, written with each later save
        of it; ``game_id`` says it is the same game as a save read before (the analysis board saving again
        the game it opened), so that saving over that save asks nothing. ``teaching`` says whether it is
        a teaching game (None: as known)."""
        meta = self._meta_of(game)
        if teaching is not None:
            meta.teaching = teaching
        if clock is not None:
            meta.clock = clock
        if game_id is not None:
            meta.game_id = game_id
        if title is not None:
            meta.title = title
        if imported is not None:
            meta.imported = imported
        if variations is not None:
            meta.variations = variations

    def _meta_of(self, game: Game) -> _Meta:
        meta = self._meta.get(game)
        if meta is None:
            meta = self._meta[game] = _Meta(None, now_utc())
        return meta

    def snapshot(self, game: Game, players: Seats | None = None) -> SaveGame:
        """The SaveGame ``game`` would be saved as (its identity and creation time kept across saves)."""
        meta = self._meta_of(game)
        try:
            save = game_to_save(
                game, players, created=meta.created, game_id=meta.game_id, title=meta.title, imported=meta.imported,
                clock=meta.clock,
            )
        except ValidationError as exc:
            invalid = exc
            raise SaveError(worded(N_("this game cannot be saved: {problem}"),
                                   problem=lambda: describe_validation(invalid))) from None
        except ValueError as exc:
            raise SaveError(worded(N_("this game cannot be saved: {problem}"), problem=exc)) from None
        meta.game_id = save.game_id
        if meta.variations is not None:
            save = save.model_copy(update={"variations": meta.variations})
        if meta.teaching:
            save = save.model_copy(update={"teaching": True})
        return save

    def _write(self, path: Path, save: SaveGame) -> str:
        """Write ``save`` atomically at ``path``; return the digest of the bytes written."""
        self._sweep(path.parent)
        data = encode(save)
        existed = False  # until known: a folder that cannot be entered hides what is there
        try:
            existed = path.is_file()
            atomic_write(path, data)
        except OSError as exc:
            why = exc.strerror or str(exc)
            if existed:
                raise file_error(path, worded(N_("could not be saved ({why}): the previous version is intact"),
                                              why=why)) from None
            raise file_error(path, worded(N_("could not be saved ({why}): nothing was written"), why=why)) from None
        digest = self._good[same_place(path)] = _digest(data)
        return digest

    def _sweep(self, folder: Path) -> None:
        """Once per folder, remove temporary files left by writes killed long ago.

        Such a file never holds the only copy of anything: its write stopped before the rename, so the
        save it was meant to replace is still there, complete.
        """
        if folder in self._swept:
            return
        self._swept.add(folder)
        for temp in stale_temporaries(folder):
            try:
                temp.unlink()
            except OSError:
                pass  # another program may hold it; it does no harm where it is

    def plan_save(self, game: Game, name: str | Path, players: Seats | None = None) -> SavePlan:
        """Where a save of ``game`` under ``name`` would go and what is there now, the file read at most once;
        raise SaveError for a name that cannot be used or a game that cannot be saved.

        The Save screen asks this before saving, to tell the player what a save would replace; ``save``
        then acts on the same answer (see ``plans``).
        """
        path = self._named_path(name)
        return self._plan(path, self.snapshot(game, players).game_id)

    def _named_path(self, name: str | Path) -> Path:
        """The file of a named save; the autosave's names are refused."""
        path = self.path_for(name)
        if is_autosave_name(path) and path.parent == self.saves_dir:
            raise SaveError(worded(N_("{name} cannot name a save: names starting with '{autosave}' are kept for the "
                                      "autosave"), name=shown(name), autosave=AUTOSAVE))
        return path

    def _plan(self, path: Path, game_id: str) -> SavePlan:
        if not exists(path):  # a SaveError when the folder cannot be entered
            return SavePlan(path, game_id)
        # Stamped before reading: a change after this shows as a different stamp when the save is written.
        stamp = file_stamp(path)
        try:
            raw = read_bytes(path)  # size-capped, regular files only, like every read of a save
            existing = self._checked(path, raw)
        except SaveError as exc:
            return SavePlan(path, game_id, exists=True, problem=exc, stamp=stamp)
        return SavePlan(path, game_id, exists=True, existing=existing, stamp=stamp)

    def _checked(self, path: Path, raw: bytes) -> SaveGame:
        """The save in ``raw`` (read from ``path``) once it is known to load; raise SaveError if it does not.

        Bytes this store wrote or loaded itself are only parsed; any others are replayed in full, since a
        file that does not load is never written over.
        """
        digest = _digest(raw)
        if self._good.get(same_place(path)) == digest:
            return save_from_bytes(path, raw)
        existing = load_bytes(path, raw).save
        self._good[same_place(path)] = digest
        return existing

    def save(self, game: Game, name: str | Path, players: Seats | None = None, *, overwrite: bool = False,
             plan: SavePlan | None = None) -> Path:
        """Save ``game`` under ``name`` (in the saves folder) or at a path; return the file.

        A file already there is replaced only when it holds this same game or ``overwrite`` is set, and
        never when it does not load: that raises SaveError, so that the player decides (another name,
        or delete the broken file first). ``plan``, from ``plan_save`` for the same game and name, saves
        reading the file again, unless the file has changed since.
        """
        path = self._named_path(name)
        save = self.snapshot(game, players)
        # Another window of the game on the same folder waits while this one looks and writes.
        with self._lock():
            return self._save_planned(path, save, overwrite, plan)

    def _save_planned(self, path: Path, save: SaveGame, overwrite: bool, plan: SavePlan | None) -> Path:
        """``save`` of a checked snapshot, under the folder's lock."""
        if plan is None or not plan.still_holds(path, save.game_id):
            plan = self._plan(path, save.game_id)
        if plan.problem is not None:
            raise SaveError(
                worded(N_("{problem}. It is not replaced by this save: choose another name, or delete it first"),
                       problem=plan.problem.text),
                path=path,
            )
        if plan.holds_another_game and not overwrite:
            raise file_error(path, worded(N_("a different game is saved under this name already")), of_file=False)
        self._write(path, save)
        return path

    def autosave(self, game: Game, players: Seats | None = None) -> Path:
        """Write ``game`` to its own autosave file (call after every action and turn); return the file.

        The first autosave of a game picks a free name (see ``autosaves``); later ones write the same file.
        Should that file have changed meanwhile into something that does not load, or into another state
        of the game that this one does not contain, it is kept as it is and the game moves on to a new
        name; a notice saying so is added to ``notices``.
        """
        save = self.snapshot(game, players)
        # The look at the file and the write go together: another window of the game on the same
        # folder (the player started it twice) cannot write between them.
        with self._lock():
            return self._autosave(game, save)

    def _autosave(self, game: Game, save: SaveGame) -> Path:
        """``autosave`` of a snapshot, under the folder's lock."""
        meta = self._meta_of(game)
        path = meta.autosave
        if path is not None and exists(path) and not self._is_own(path, meta.autosave_digest):
            replaceable, problem = self._holds_less(path, save)
            if not replaceable:
                moved = self._free_autosave(save)
                why = problem or worded(N_("{path} holds another state of this game than the one played here"),
                                        path=shown_path(path))
                self.notice_texts.append(worded(N_("{problem}. It is kept as it is; the game is now autosaved to "
                                                   "{file}"), problem=why, file=moved.name))
                path = moved
        if path is None:
            path = self._free_autosave(save)
        meta.autosave, meta.autosave_digest = path, self._write(path, save)
        return path

    def _lock(self) -> contextlib.AbstractContextManager[bool]:
        """The lock every window of the game on this data folder takes to look at a file and write it:
        one lock file beside the settings, so that the saves folder holds saves only."""
        return folder_lock(self.settings_path.parent)

    @staticmethod
    def _is_own(path: Path, digest: str | None) -> bool:
        """True when the file still holds the bytes this game last wrote there (or was loaded from)."""
        if digest is None:
            return False
        try:
            return _digest(read_bytes(path)) == digest
        except SaveError:
            return False

    @staticmethod
    def _holds_less(path: Path, save: SaveGame) -> tuple[bool, Text | None]:
        """Whether the autosave at ``path`` may give way to ``save`` (it holds an earlier state of the same
        game), and the problem of a file that does not load."""
        try:
            old = _load_file(path).save
        except SaveError as exc:
            return False, exc.text
        return extends(save, old), None

    def _free_autosave(self, save: SaveGame) -> Path:
        """The file for a game's first autosave: the first of its names that is free or holds an earlier
        state of the same game (a later session reuses it instead of making a new file each time)."""
        for name in autosave_names(save.game_id):
            path = self.saves_dir / name
            if not exists(path) or self._holds_less(path, save)[0]:
                return path
        raise file_error(self.saves_dir, worded(N_("no free name for an autosave of this game")), of_file=False)

    # --- the list ---
    def list_saves(self, folder: Path | None = None) -> list[SaveInfo]:
        """Every save in the saves folder (or ``folder``): the unfinished games first, then the others, each
        part newest first. Files that do not load are listed too (among the others), with their problem.
        """
        infos = [self._info(p) for p in self._save_files(folder, strict=True)]
        return sorted(infos, key=lambda i: (i.unfinished, *_newness(i)), reverse=True)

    def _save_files(self, folder: Path | None, strict: bool = False) -> list[Path]:
        """The files of a folder that may be saves (``.json``, regular files, no temporary files). A
        folder not made yet holds none; one that cannot be read raises SaveError when ``strict`` (the
        list then says so rather than look empty), else holds none."""
        folder = self.saves_dir if folder is None else folder
        try:
            return [p for p in folder.iterdir() if p.suffix == SUFFIX and p.is_file() and not is_temporary(p)]
        except FileNotFoundError:
            return []
        except (OSError, RuntimeError) as exc:
            if not strict:
                return []
            if isinstance(exc, PermissionError):
                raise file_error(folder, worded(N_("the saves folder cannot be read: permission denied"))) from None
            why = getattr(exc, "strerror", None) or str(exc)
            raise file_error(folder, worded(N_("the saves folder cannot be read: {why}"), why=why)) from None

    def _info(self, path: Path) -> SaveInfo:
        """The list's entry for a file (worked out again only when the file has changed)."""
        try:
            st = path.stat()
        except OSError:
            return self._read_info(path, 0.0)
        key = (st.st_mtime_ns, st.st_size, st.st_ino)
        found = self._infos.get(path)
        if found is not None and found[0] == key:
            return found[1]
        info = self._read_info(path, st.st_mtime)
        self._infos[path] = (key, info)
        return info

    def _read_info(self, path: Path, modified: float) -> SaveInfo:
        name, is_autosave = path.stem, is_autosave_name(path)
        try:
            # A full load, replay included (fast: a long game replays in milliseconds), so that the list
            # already tells which saves will not open.
            loaded = _load_file(path)
        except SaveError as exc:
            # The problem without the file name, which the list shows anyway.
            return SaveInfo(path, name, is_autosave, modified, problem=exc.detail_text, problem_of_file=exc.of_file)
        except Exception as exc:  # whatever one file raises, the others are listed
            # A fault of the program rather than of the file, but one file never hides the others: it is
            # listed as broken, with what went wrong.
            why = f"{type(exc).__name__}: {shown(str(exc))}"
            return SaveInfo(path, name, is_autosave, modified, problem=worded(N_("cannot be read: {why}"), why=why))
        s, game = loaded.save, loaded.game
        return SaveInfo(
            path,
            name,
            is_autosave,
            modified,
            players=tuple(s.players),
            rules=s.rules,
            created=s.created,
            updated=s.updated,
            turns_played=s.turn_count,
            result=s.result,
            title=s.title,
            to_move=None if s.result is not None else game.players[game.to_move],
            actions_in_progress=len(s.turn_in_progress),
        )

    def latest_unfinished(self, folder: Path | None = None) -> SaveInfo | None:
        """The most recent unfinished game of the saves folder (or ``folder``): what Continue resumes.

        Only autosaves are looked at, finished games passed over on their result alone, and only the
        newest candidates replayed until one loads: the title asks at every showing, and the autosaves of
        finished games pile up.
        """
        candidates = []
        for path in self._save_files(folder):
            if not is_autosave_name(path):
                continue
            try:
                save = read_save(path)
                modified = path.stat().st_mtime
                if save.result is None:
                    candidates.append((save.updated.timestamp(), modified, str(path), path))
            except Exception:  # whatever one file raises: it is not a game to continue
                continue
        for *_, path in sorted(candidates, reverse=True):
            info = self._info(path)
            if info.unfinished:
                return info
        return None

    def latest_autosave(self) -> Path | None:
        """The autosave of the most recent unfinished game, or None."""
        info = self.latest_unfinished()
        return None if info is None else info.path

    def delete(self, name: str | Path) -> None:
        """Delete a save and its backup; raise SaveError if it is not a save in the saves folder."""
        path = self.path_for(name)
        if same_place(path).parent != same_place(self.saves_dir) or path.suffix != SUFFIX:
            raise file_error(path, worded(N_("only saves in {folder} can be deleted here"),
                                          folder=shown_path(self.saves_dir)), of_file=False)
        try:
            path.unlink()
        except FileNotFoundError:
            raise file_error(path, worded(N_("no such save")), of_file=False) from None
        except OSError as exc:
            raise file_error(path, worded(N_("could not be deleted: {why}"), why=exc.strerror or str(exc))) from None
        try:
            backup_path(path).unlink(missing_ok=True)
        except OSError:
            pass  # the save itself is gone, which is what was asked
        self._good.pop(same_place(path), None)
        self._infos.pop(path, None)

    # --- the record of finished games ---
    def record_game(self, game: Game, players: Seats | None = None, seat: int | None = None) -> Path:
        """Add the finished ``game`` to the record of finished games (once: a game already there keeps its
        first entry); ``seat`` is the record's player's seat. Raise SaveError when it cannot be written.
        A game begun from a board set up in the editor is study, not a game of the record (nor of the
        player's book of openings): left out."""
        save = self.snapshot(game, players)
        if save.start is not None:
            return self.record_path
        entry = entry_of(save, seat)
        try:
            # The opening goes into the player's own book first: it is kept even once the record drops
            # the game's turns. A failure there is a notice, never a reason to lose the record's entry.
            add_own_game(self.own_openings_path, entry.game_id, game)
        except SaveError as exc:
            self.notice_texts.append(exc.text)
        add_to_record(self.record_path, entry)
        return self.record_path

    def own_openings(self) -> tuple[Book, list[Text]]:
        """The opening book of the player's own games (``openings_file.own_book``); never raises."""
        return own_book(self.own_openings_path, self.record_path)

    @property
    def own_openings_path(self) -> Path:
        """The player's own opening book (``openings_file``), beside the record."""
        return self.record_path.with_name(OWN_FILE)

    def read_record(self) -> Record:
        """The record of finished games, oldest first; never raises (repairs go to ``notices``)."""
        record = read_record(self.record_path)
        self.notice_texts.extend(record.notice_texts)
        return record

    # --- settings ---
    def load_settings(self) -> Settings:
        """The settings (defaults for anything missing or bad; what was repaired goes to ``notices``)."""
        settings, notices = read_settings(self.settings_path)
        self.notice_texts.extend(notices)
        return settings

    def save_settings(self, settings: Settings) -> Path:
        """Write the settings atomically; raise SaveError if the file cannot be written."""
        with self._lock():
            return write_settings(self.settings_path, settings)


def _present(path: Path) -> bool:
    """Whether something is at ``path``, counting a path that cannot be looked at as there: it is
    then used as given, and reading it says what stands in the way."""
    try:
        return exists(path)
    except SaveError:
        return True


def _newness(info: SaveInfo) -> tuple[float, float]:
    """How recent a save is, for sorting. Saves keep their time to the second (a broken file has only the
    file's time, cut to the second too); the file's own time orders two saves of the same second."""
    return (info.updated.timestamp() if info.updated else int(info.modified), info.modified)


def encode(save: SaveGame) -> bytes:
    """The bytes of a save file: indented JSON, UTF-8, ending with a new line."""
    return (save.model_dump_json(indent=2) + "\n").encode("utf-8")


# --- the module-level API: one Store per data folder ---
_stores: dict[Path, Store] = {}


def default_store() -> Store:
    """The Store of the current data folder (``--data-dir`` / ``HWGAME_DATA_DIR`` / platform default)."""
    key = locations().saves
    if key not in _stores:
        _stores[key] = Store()
    return _stores[key]


def load_game(path: str | Path) -> LoadedGame:
    """Load and replay a save (a name in the saves folder or a path); raise SaveError. Read-only."""
    return default_store().load(path)


def autosave(game: Game, players: Seats | None = None) -> Path:
    """Write ``game`` to its own autosave; ``players`` are Player objects or dicts (default: two humans)."""
    return default_store().autosave(game, players)


def plan_save(game: Game, name: str | Path, players: Seats | None = None) -> SavePlan:
    """Where saving ``game`` under ``name`` would write and what is there now (see ``Store.plan_save``)."""
    return default_store().plan_save(game, name, players)


def save_game(game: Game, name: str | Path, players: Seats | None = None, *, overwrite: bool = False,
              plan: SavePlan | None = None) -> Path:
    """Save ``game`` under a name in the saves folder (see ``Store.save``)."""
    return default_store().save(game, name, players, overwrite=overwrite, plan=plan)


def list_saves() -> list[SaveInfo]:
    """Every save in the saves folder, newest first, broken ones with their problem."""
    return default_store().list_saves()


def delete_save(name: str | Path) -> None:
    """Delete a save (and its backup) from the saves folder."""
    default_store().delete(name)


def record_game(game: Game, players: Seats | None = None, seat: int | None = None) -> Path:
    """Add a finished game to the record of finished games (see ``Store.record_game``)."""
    return default_store().record_game(game, players, seat)


def game_record() -> Record:
    """The record of finished games of the data folder, oldest first; never raises."""
    return default_store().read_record()


def own_openings() -> tuple[Book, list[Text]]:
    """The opening book of the player's own games and the notices of reading it; never raises."""
    return default_store().own_openings()


def load_settings() -> Settings:
    """The player's settings; never raises."""
    return default_store().load_settings()


def save_settings(settings: Settings) -> Path:
    """Write the player's settings atomically."""
    return default_store().save_settings(settings)
