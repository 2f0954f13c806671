"""Reading save files: strictly read-only, every problem reported as a one-line ``SaveError``.

``read_save`` checks a file down to the schema (fast enough for a list of saves); ``load_game`` also
replays every turn through the rules. Neither ever writes, renames or deletes anything: a file that
fails to load stays exactly as it was, for the player (or a later version of the game) to rescue.
"""

from __future__ import annotations

import errno
import hashlib
import itertools
import json
import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import ValidationError

from .. import __version__
from ..i18n import N_
from ..rules import Game, shown
from .convert import ReplayProblem, save_to_game
from .errors import SaveError, Text, file_error, text_of, worded
from .migrate import OLDEST, MigrationError, upgrade
from .schema import SCHEMA_VERSION, Player, SaveGame, describe_validation, validation_turn
from .variations import VariationsProblem, replay_variations, variations_notice

MAX_BYTES = 16 * 1024 * 1024  # a long game is a few tens of kilobytes


@dataclass
class LoadedGame:
    """A save replayed into a playable Game.

    ``save`` is the file's content (upgraded to the current format), ``upgraded_from`` the format the file
    was written in when older than the current one (saving writes the current format), ``digest`` the
    SHA-256 of the bytes read. ``notices`` are what the player should be told (worded when read).
    """

    game: Game
    save: SaveGame
    path: Path
    upgraded_from: int | None = None
    digest: str = ""
    notice_texts: list[Text] = field(default_factory=list)

    @property
    def notices(self) -> list[str]:
        """What the player should be told about the file, in the language in force."""
        return [text_of(n) for n in self.notice_texts]

    @property
    def players(self) -> list[Player]:
        """The two seats: names, human or computer, levels."""
        return list(self.save.players)


def read_bytes(path: str | Path, what: str = "save") -> bytes:
    """The bytes of a regular file of at most ``MAX_BYTES``, or a SaveError saying why they cannot be had
    (``what``: "save" or "settings", the kind of file it should be)."""
    path = Path(path)
    problems = _READ_PROBLEMS["settings" if what == "settings" else "save"]
    try:
        if path.is_dir():
            raise file_error(path, worded(problems["folder"]))
        # Opened without waiting and checked on the open file itself: a pipe or a device named like a
        # save can neither block the game nor be swapped in after the check.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        with os.fdopen(fd, "rb") as handle:
            info = os.fstat(handle.fileno())
            if not stat.S_ISREG(info.st_mode):
                raise file_error(path, worded(problems["special"]))
            if info.st_size > MAX_BYTES:
                raise file_error(path, worded(problems["huge"], size=info.st_size // (1024 * 1024)))
            data = handle.read(MAX_BYTES + 1)  # the file may have grown since it was measured
        if len(data) > MAX_BYTES:
            raise file_error(path, worded(problems["grew"]))
        return data
    except FileNotFoundError:
        raise file_error(path, worded(N_("no such file")), of_file=False) from None
    except PermissionError:
        raise file_error(path, worded(N_("cannot be read: permission denied"))) from None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise file_error(path, worded(N_("cannot be reached: it is a loop of symbolic links"))) from None
        raise file_error(path, worded(N_("cannot be read: {why}"), why=exc.strerror or str(exc))) from None
    except SaveError:
        raise  # a problem found above, worded already (a SaveError is a ValueError too)
    except ValueError:  # a NUL in the name: no file can be called that
        raise file_error(path, worded(N_("no such file")), of_file=False) from None


# What stands in the way of reading a file, for a save and for the settings.
_READ_PROBLEMS = {
    "save": {
        "folder": N_("is a folder, not a save file"),
        "special": N_("is not a regular file (a pipe, a device or a socket), not a save file"),
        "huge": N_("is {size} MB, far too large to be a save"),
        "grew": N_("is far too large to be a save (it grew while it was read)"),
    },
    "settings": {
        "folder": N_("is a folder, not a settings file"),
        "special": N_("is not a regular file (a pipe, a device or a socket), not a settings file"),
        "huge": N_("is {size} MB, far too large to be a settings file"),
        "grew": N_("is far too large to be a settings file (it grew while it was read)"),
    },
}


def _ends_open(text: str) -> bool:
    """True when JSON text stops inside a string, object or list: the mark of a file cut short."""
    depth, in_string, escaped = 0, False, False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
    return in_string or depth > 0


MAX_DIGITS = 30  # no field of a save or of the settings needs more; Python refuses over 4,300 anyway


class _HugeNumber(ValueError):
    """A number in the file far longer than any field could hold."""

    def __init__(self, digits: int) -> None:
        super().__init__(f"a number of {digits} digits")
        self.digits = digits


def _bounded_int(text: str) -> int:
    if len(text) > MAX_DIGITS:
        raise _HugeNumber(len(text))
    return int(text)


def _bounded_float(text: str) -> float:
    if len(text) > MAX_DIGITS + 10:
        raise _HugeNumber(len(text))
    return float(text)


# Parts of a file that are only a cache, dropped rather than refusing the file when they do not read:
# a save's review (``schema.SaveGame.review``), which the computer can work out again.
# a save's review (``schema.SaveGame.review``), which the computer can work out again, and the analysis
# board's tree of variations (``variations``), whose main line the save's turns hold anyway.
_DROPPABLE = {"save": ("review", "variations")}
PART_DEPTH = 16  # how deep a droppable part may nest (a review needs 4 levels); deeper, it is dropped
_WHITESPACE = re.compile(r"[ \t\n\r]*")
# A text of JSON, escapes and all; one left open runs to the end, so that no scan below retries it from
# each of its quotes (possessive, for the same reason: every pattern here runs in linear time).
_TEXT = re.compile(r'"[^"\\]*+(?:\\.[^"\\]*+)*+(?:"|\\?\Z)', re.DOTALL)
_NUMBERISH = re.compile(rf"[0-9.eE+-]{{{MAX_DIGITS + 1}}}")  # a number too long, perhaps
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")
_BRACKET = re.compile(r"[\[\]{}]")
_DEPTH_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}
_CHUNK = 4096  # characters whose brackets are counted at once when looking for the end of a value


def _skip_space(text: str, at: int) -> int:
    """Where the JSON whitespace at ``at`` ends."""
    found = _WHITESPACE.match(text, at)
    return at if found is None else found.end()


def _deeper_than(bare: str, limit: int) -> bool:
    """Whether the brackets of ``bare``, JSON text without its texts, nest deeper than ``limit``."""
    steps = map(_DEPTH_STEP.__getitem__, _NOT_BRACKETS.sub("", bare))
    return any(map(limit.__lt__, itertools.accumulate(steps)))


def _may_hold_unreadable(text: str) -> bool:
    """False when no part of the JSON ``text`` can nest deeper than ``PART_DEPTH`` or hold a number too
    long to read (found at once, without reading the text token by token)."""
    bare = _TEXT.sub("", text)
    return _NUMBERISH.search(bare) is not None or _deeper_than(bare, PART_DEPTH + 1)


def _ignored(_text: str) -> int:
    return 0


# Reads JSON without converting its numbers: only to find where a value ends.
_LENIENT = json.JSONDecoder(parse_int=_ignored, parse_float=_ignored, parse_constant=_ignored)


def _value_end(text: str, start: int) -> int | None:
    """Where the JSON value at ``start`` ends, for a value the JSON reader cannot read (a number too
    long, brackets nested too deep); None when it does not end."""
    try:
        return _LENIENT.raw_decode(text, start)[1]
    except RecursionError:
        return _closing_bracket(text, start)
    except ValueError:
        return None


def _closing_bracket(text: str, start: int) -> int | None:
    """The end of the value whose opening bracket is at ``start``, found by its brackets alone, in time
    linear in the text (a value nested far too deep for the JSON reader); None when it does not end."""
    rest = text[start:]
    # Each text reduced to its opening quote: the brackets left are those of the value's structure.
    bare = _TEXT.sub('"', rest)
    depth, at = 0, 0
    while at < len(bare):
        chunk = bare[at : at + _CHUNK]
        closing = chunk.count("]") + chunk.count("}")
        if depth > closing:  # the value cannot end within this chunk
            depth += chunk.count("[") + chunk.count("{") - closing
        else:
            for bracket in _BRACKET.finditer(chunk):
                depth += _DEPTH_STEP[bracket.group()]
                if depth == 0:
                    place = _place_in(rest, bare, at + bracket.start())
                    return None if place is None else start + place + 1
        at += len(chunk)
    return None


def _place_in(text: str, bare: str, place: int) -> int | None:
    """The place in ``text`` of the character at ``place`` in ``bare``, the same text with each of its
    texts reduced to its opening quote (None, should the two not agree)."""
    texts = bare.count('"', 0, place)
    if not texts:
        return place
    last = bare.rfind('"', 0, place)
    # The end of the text that was the last quote before ``place``: past as many texts as there are quotes.
    skipped = re.compile(rf'(?:[^"]*+{_TEXT.pattern}){{{texts}}}', re.DOTALL).match(text)
    return None if skipped is None else skipped.end() + place - last - 1


def _unreadable_parts(text: str, keys: tuple[str, ...]) -> list[tuple[int, int]]:
    """Where in the JSON object ``text`` (start and end) the values of its fields ``keys`` nest deeper
    than ``PART_DEPTH`` or hold a number too long to read: the parts to drop before the text is read.
    The fields are read in turn by the JSON reader; text that is not a JSON object gives what was found
    before the reader stopped, for the whole file to be refused as it would be anyway."""
    decoder = json.JSONDecoder(parse_int=_bounded_int, parse_float=_bounded_float)
    parts: list[tuple[int, int]] = []
    at = _skip_space(text, 0)
    if not text.startswith("{", at):
        return parts
    at = _skip_space(text, at + 1)
    while text.startswith('"', at):
        try:
            key, at = _LENIENT.raw_decode(text, at)  # a text: where it starts, and no deeper
        except ValueError:
            return parts
        at = _skip_space(text, at)
        if not text.startswith(":", at):
            return parts
        start = _skip_space(text, at + 1)
        end: int | None
        try:
            end = decoder.raw_decode(text, start)[1]
            unreadable = key in keys and _deeper_than(_TEXT.sub("", text[start:end]), PART_DEPTH)
        except (ValueError, RecursionError):  # a number too long is a ValueError too
            end, unreadable = (_value_end(text, start), True) if key in keys else (None, False)
        if end is None:
            return parts
        if unreadable:
            parts.append((start, end))
        at = _skip_space(text, end)
        if not text.startswith(",", at):
            return parts
        at = _skip_space(text, at + 1)
    return parts


def _without_unreadable(text: str, what: str) -> str:
    """``text`` with each droppable part (``_DROPPABLE``) that nests too deep or holds a number too long
    replaced by ``null``, so that the rest of the file reads."""
    keys = _DROPPABLE.get(what, ())
    if not keys or not _may_hold_unreadable(text):
        return text
    for begin, end in reversed(_unreadable_parts(text, keys)):
        # Its line ends kept, so that a message about a later line names the line of the file.
        text = text[:begin] + "null" + "\n" * text.count("\n", begin, end) + text[end:]
    return text


# The problems of a file that should hold a JSON object, for a save and for the settings: the same
# sentence in the two, so that a translation can fit each whole.
_JSON_PROBLEMS = {
    "save": {
        "empty": N_("is empty: it holds no save (perhaps the program stopped while writing it)"),
        "not-text": N_("is not a save file: byte {byte} is not text (UTF-8)"),
        "huge-number": N_("is not a save: it holds a number of {digits} digits"),
        "too-deep": N_("is not a save: its data is nested too deeply"),
        "not-object": N_("is not a hwgame save: it holds {kind} where an object of named fields belongs"),
    },
    "settings": {
        "empty": N_("is empty: it holds no settings (perhaps the program stopped while writing it)"),
        "not-text": N_("is not a settings file: byte {byte} is not text (UTF-8)"),
        "huge-number": N_("is not a settings file: it holds a number of {digits} digits"),
        "too-deep": N_("is not a settings file: its data is nested too deeply"),
        "not-object": N_("is not a hwgame settings file: it holds {kind} where an object of named fields belongs"),
    },
    "record": {
        "empty": N_("is empty: it holds no record of games (perhaps the program stopped while writing it)"),
        "not-text": N_("is not a record of games: byte {byte} is not text (UTF-8)"),
        "huge-number": N_("is not a record of games: it holds a number of {digits} digits"),
        "too-deep": N_("is not a record of games: its data is nested too deeply"),
        "not-object": N_("is not a hwgame record of games: it holds {kind} where an object of named fields belongs"),
    },
}
_JSON_KINDS = {list: N_("a list"), str: N_("a text"), int: N_("a number"), float: N_("a number"),
               bool: N_("true/false")}  # fmt: skip


def parse_json_object(path: Path, raw: bytes, what: str = "save") -> dict:
    """Decode the bytes of a JSON object, with a message for each way it can fail (``what``: "save",
    "settings" or "record", the kind of file it should be)."""
    problems = _JSON_PROBLEMS.get(what, _JSON_PROBLEMS["save"])
    if not raw.strip():
        raise file_error(path, worded(problems["empty"]))
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise file_error(path, worded(problems["not-text"], byte=exc.start)) from None
    # A review too deep or with a number too long is dropped here, in time linear in the text, so that
    # neither the JSON reader nor the schema meets it and the game loads (the schema drops any other
    # review that does not read).
    text = _without_unreadable(text, what)
    try:
        data = json.loads(text, parse_int=_bounded_int, parse_float=_bounded_float)
    except _HugeNumber as exc:
        raise file_error(path, worded(problems["huge-number"], digits=exc.digits)) from None
    except json.JSONDecodeError as exc:
        if _ends_open(text):
            raise file_error(path, worded(N_("is cut short: the data stops in the middle (line {line}); the file is "
                                             "incomplete"), line=exc.lineno)) from None
        # The JSON reader's own words for what it found (in English) stay as they are.
        raise file_error(path, worded(N_("is not valid JSON: {problem} at line {line}, column {column}"),
                                      problem=exc.msg, line=exc.lineno, column=exc.colno)) from None
    except RecursionError:
        raise file_error(path, worded(problems["too-deep"])) from None
    if not isinstance(data, dict):
        kind = _JSON_KINDS.get(type(data), N_("nothing"))
        raise file_error(path, worded(problems["not-object"], kind=worded(kind)))
    return data


def save_from_data(path: Path, data: dict) -> tuple[SaveGame, int | None]:
    """Check the version, upgrade an older format, validate; return the SaveGame and the format upgraded from."""
    version = data.get("schema_version")
    if version is None:
        raise file_error(path, worded(N_("is not a hwgame save: it has no 'schema_version' field")))
    if not isinstance(version, int) or isinstance(version, bool):
        raise file_error(path, worded(N_("is not a hwgame save: schema_version should be a whole number, not "
                                         "{value}"), value=shown(version)))
    if version > SCHEMA_VERSION:
        writer = data.get("program_version")
        if isinstance(writer, str):
            why = worded(N_("was written by hwgame {writer} in save format {version}; this is hwgame {this}, which "
                            "reads formats up to {newest}: update the game to open it"),
                         writer=writer, version=version, this=__version__, newest=SCHEMA_VERSION)
        else:
            why = worded(N_("was written by a newer hwgame in save format {version}; this is hwgame {this}, which "
                            "reads formats up to {newest}: update the game to open it"),
                         version=version, this=__version__, newest=SCHEMA_VERSION)
        raise file_error(path, why)
    upgraded_from = None
    if version < SCHEMA_VERSION:
        if version < OLDEST:
            raise file_error(path, worded(N_("uses save format {version}, older than any this program reads (from "
                                             "{oldest})"), version=version, oldest=OLDEST))
        try:
            data, _steps = upgrade(dict(data))
        except MigrationError as exc:
            why = worded(N_("cannot be upgraded from save format {version}: {problem}"), version=version, problem=exc)
            raise file_error(path, why, exc.turn) from None
        upgraded_from = version
    try:
        save = SaveGame.model_validate(data)
    except ValidationError as exc:
        turn = validation_turn(exc)
        invalid = exc
        raise file_error(path, worded(N_("is not a valid save: {problems}"),
                                      problems=lambda: describe_validation(invalid)), turn) from None
    return save, upgraded_from


def read_save(path: str | Path) -> SaveGame:
    """Read and validate a save without replaying it (for lists); raise SaveError."""
    path = Path(path)
    return save_from_bytes(path, read_bytes(path))


def save_from_bytes(path: Path, raw: bytes) -> SaveGame:
    """The save held by ``raw``, the bytes read from ``path``, validated without replaying; raise SaveError."""
    return save_from_data(path, parse_json_object(path, raw))[0]


def load_game(path: str | Path) -> LoadedGame:
    """Read a save and replay every turn through the rules; raise SaveError naming the file and the turn.

    The file is only read: whatever is wrong with it, it stays as it is.
    """
    path = Path(path)
    return load_bytes(path, read_bytes(path))


def load_bytes(path: Path, raw: bytes) -> LoadedGame:
    """``load_game`` for bytes already read from ``path``: check, upgrade and replay them; raise SaveError."""
    data = parse_json_object(path, raw)
    kept_tree = "variations" in data  # never written as null: a null is a tree dropped as unreadable
    save, upgraded_from = save_from_data(path, data)
    try:
        game = save_to_game(save)
    except ReplayProblem as exc:
        raise file_error(path, exc.text, exc.turn, of_file=False) from None
    notices: list[Text] = []
    if kept_tree and save.variations is None:
        notices.append(variations_notice(worded(N_("they do not read as a tree of turns"))))
    elif save.variations is not None:
        try:
            replay_variations(game, save.variations)
        except VariationsProblem as exc:
            save = save.model_copy(update={"variations": None})
            notices.append(variations_notice(exc.text))
    if upgraded_from is not None:
        notices.append(worded(N_("{file} is in the older format {version}; saving writes format {newest}"),
                              file=path.name, version=upgraded_from, newest=SCHEMA_VERSION))
    return LoadedGame(game, save, path, upgraded_from, hashlib.sha256(raw).hexdigest(), notices)
