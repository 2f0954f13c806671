"""The book's file: compressed JSON, written by the builder and read once, lazily, by the game.

The file is gzip-compressed JSON::

    {"format": "hwgame-openings", "version": 1, "depth": 12, "rules": ["sdg", "standard"],
     "games": [940, 940],
     "positions": [[KEY, COUNTS, COUNTS], ...],
     "turns": [[PARENT, CHILD, TURN, COUNTS, COUNTS], ...]}

``KEY`` is a position's ``keys.key_text``, ``PARENT`` and ``CHILD`` index ``positions``, ``TURN`` is a
``keys.stored_turn``; each ``COUNTS`` (games, wins of the first player, wins of the second, draws) goes
with the rule set of the same place in ``rules``, ``0`` where no game counts, and one left out is the
same as the first. Every file is read as untrusted: a regular file of a bounded size, decompressed to
a bounded size, each value checked; anything wrong is a ``BookError`` with one clear sentence.
"""

from __future__ import annotations

import gzip
import json
import os
import stat
import zlib
from functools import cache
from pathlib import Path
from typing import Any

from hwgame.i18n import _
from hwgame.rules import quote

from .book import Book, Counts

FORMAT = "hwgame-openings"
VERSION = 1
PACKAGE_FILE = Path(__file__).with_name("archive.json.gz")
MAX_FILE_BYTES = 4 << 20  # the archive's book is about a tenth of that
MAX_JSON_BYTES = 64 << 20
MAX_ENTRIES = 1_000_000
MAX_TEXT = 2000  # a key or a turn: a few dozen characters as a rule
MAX_COUNT = 10**9


class BookError(Exception):
    """A book file that cannot be used: ``message`` says why, in one sentence."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def encode_book(book: Book) -> bytes:
    """The file's bytes for ``book`` (compressed JSON, the same bytes for the same book)."""
    rules = sorted(book.games, key=lambda r: (-book.games[r], r))
    keys = sorted(set(book.nodes) | {c for links in book.links.values() for c in links} | set(book.links))
    index = {k: i for i, k in enumerate(keys)}

    def columns(by_rules: dict[str, Counts]) -> list[Any]:
        out: list[Any] = [by_rules.get(r) or 0 for r in rules]
        while len(out) > 1 and out[-1] == out[0]:
            out.pop()
        return out

    positions = [[k, *columns(book.nodes.get(k, {}))] for k in keys]
    turns = [[index[parent], index[child], text, *columns(by_rules)]
             for parent in sorted(book.links) for child, (text, by_rules) in sorted(book.links[parent].items())]
    data = {"format": FORMAT, "version": VERSION, "depth": book.depth, "rules": rules,
            "games": [book.games[r] for r in rules], "positions": positions, "turns": turns}
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return gzip.compress(text.encode("utf-8"), compresslevel=9, mtime=0)


def _bad(why: str) -> BookError:
    return BookError(_("The opening book cannot be read: {why}.").format(why=why))


def _text(value: object, what: str) -> str:
    if not isinstance(value, str) or not value or len(value) > MAX_TEXT:
        raise _bad(_("{what} is not a short text").format(what=what))
    return value


def _int(value: object, what: str, limit: int = MAX_COUNT) -> int:
    if type(value) is not int or not 0 <= value <= limit:
        raise _bad(_("{what} is not a count").format(what=what))
    return value


def _counts(row: list[Any], start: int, rules: list[str], what: str) -> dict[str, Counts]:
    """The counts per rule set from ``row[start:]`` (see the module docstring)."""
    cells = row[start:]
    if not cells or len(cells) > len(rules):
        raise _bad(_("{what} has no counts").format(what=what))
    out: dict[str, Counts] = {}
    for k, rule in enumerate(rules):
        cell = cells[k] if k < len(cells) else cells[0]
        if cell == 0 and type(cell) is int:
            continue
        if not isinstance(cell, list) or len(cell) != 4:
            raise _bad(_("{what} has no counts").format(what=what))
        counts = [_int(c, what) for c in cell]
        if counts[1] + counts[2] + counts[3] > counts[0]:
            raise _bad(_("{what} has more results than games").format(what=what))
        out[rule] = counts
    return out


def decode_book(raw: bytes) -> Book:
    """The Book of a file's bytes; raise BookError for anything but a sound book file."""
    try:
        inflater = zlib.decompressobj(wbits=31)  # gzip
        text = inflater.decompress(raw, MAX_JSON_BYTES + 1)
        if len(text) > MAX_JSON_BYTES or inflater.unconsumed_tail:
            raise _bad(_("it is too big once unpacked"))
        data = json.loads(text.decode("utf-8"))
    except (zlib.error, UnicodeDecodeError, ValueError, RecursionError) as exc:
        if isinstance(exc, BookError):
            raise
        raise _bad(_("it is not a compressed book ({problem})").format(problem=quote(str(exc), 80))) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise _bad(_("it is not an opening book"))
    if data.get("version") != VERSION:
        raise _bad(_("it is of another version ({version})").format(version=quote(str(data.get("version")), 20)))
    rules, games, positions, turns = (data.get(k) for k in ("rules", "games", "positions", "turns"))
    if not isinstance(rules, list) or not 1 <= len(rules) <= 8 or not isinstance(games, list) \
            or len(games) != len(rules) or not isinstance(positions, list) or not isinstance(turns, list):
        raise _bad(_("a part of it is missing"))
    if len(positions) > MAX_ENTRIES or len(turns) > MAX_ENTRIES:
        raise _bad(_("it holds too many positions"))
    rules = [_text(r, _("a rule set")) for r in rules]
    book = Book(_int(data.get("depth"), _("the depth"), 1000))
    book.games = {r: _int(g, _("a count of games")) for r, g in zip(rules, games, strict=True)}
    keys: list[str] = []
    for row in positions:
        if not isinstance(row, list) or len(row) < 2:
            raise _bad(_("a position is not a list"))
        key = _text(row[0], _("a position"))
        keys.append(key)
        book.nodes[key] = _counts(row, 1, rules, _("a position"))
    for row in turns:
        if not isinstance(row, list) or len(row) < 4:
            raise _bad(_("a turn is not a list"))
        parent = keys[_int(row[0], _("a turn's position"), len(keys) - 1)]
        child = keys[_int(row[1], _("a turn's position"), len(keys) - 1)]
        book.links.setdefault(parent, {})[child] = (_text(row[2], _("a turn")), _counts(row, 3, rules, _("a turn")))
    return book


def read_file(path: str | Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes, opened without waiting; raise BookError."""
    p = Path(path)
    try:
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise BookError(_("The opening book {file} is missing.").format(file=quote(str(p), 80))) from None
    except OSError as exc:
        raise BookError(_("The opening book {file} cannot be opened ({why}).").format(
            file=quote(str(p), 80), why=exc.strerror or exc)) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise BookError(_("The opening book {file} is not a file.").format(file=quote(str(p), 80)))
        if info.st_size > limit:
            raise BookError(_("The opening book {file} is too big.").format(file=quote(str(p), 80)))
        with os.fdopen(os.dup(fd), "rb") as handle:
            data = handle.read(limit + 1)
    except OSError as exc:
        raise BookError(_("The opening book {file} cannot be opened ({why}).").format(
            file=quote(str(p), 80), why=exc.strerror or exc)) from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise BookError(_("The opening book {file} is too big.").format(file=quote(str(p), 80)))
    return data


def read_book(path: str | Path) -> Book:
    """The book in the file at ``path``; raise BookError when it is missing or not a sound book."""
    return decode_book(read_file(path))


@cache
def archive_book() -> Book:
    """The book of the archive shipped with the game, read once; raise BookError (each time asked)."""
    return read_book(PACKAGE_FILE)


__all__ = ["FORMAT", "PACKAGE_FILE", "VERSION", "BookError", "archive_book", "decode_book", "encode_book",
           "read_book", "read_file"]
