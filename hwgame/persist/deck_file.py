"""The player's puzzle deck: positions of their own finished games where they chose a worse turn, kept
in ``deck.json`` beside the record with a spaced-repetition schedule each.

A puzzle keeps where it comes from (the game, as a save keeps it, and the turn), the turn played there
and the better turn the review found, and its schedule (``Schedule``: the SM-2 scheme's repetitions,
interval in days, ease and next day due; ``app.control.deck`` moves it). The file is kept with a save's
care:

- its shape is a versioned pydantic schema (``DeckFile``, ``DECK_VERSION``); a file of a newer version is
  read as far as it goes but never written over;
- every write is atomic (``atomic.atomic_write``: a write killed midway leaves the previous file whole),
  the previous version kept as ``deck.json.bak``, under the record's kind of lock, merged with what the
  file holds at that moment (two windows lose nothing);
- it is read as untrusted: a regular file of a bounded size (``files.read_bytes``); a puzzle that does
  not read is left out with a notice and kept in the file as it is; a file that does not read at all is
  set aside (``deck.json.broken``) at the next write, with a notice, while its backup is read instead:
  the deck is never silently emptied.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..i18n import N_
from .atomic import atomic_write, backup_path
from .errors import SaveError, Text, file_error, worded
from .files import read_bytes
from .lockfile import locked
from .schema import SaveGame

DECK_FILE = "deck.json"
FORMAT = "hwgame-deck"
DECK_VERSION = 1
MAX_PUZZLES = 2000  # a few hundred bytes each, beside their games
MAX_GAMES = 1000  # a few kilobytes each
LOCK_WAIT = 5.0
LOCK_STALE = 30.0
FIRST_EASE = 2.5  # SM-2's starting ease factor
LEAST_EASE = 1.3  # SM-2's floor for the ease factor

TurnText = Annotated[str, Field(min_length=1, max_length=4000)]
Key = Annotated[str, Field(min_length=1, max_length=80)]


class Schedule(BaseModel):
    """When a puzzle comes back (SM-2): ``repetitions`` solved in a row, the ``interval`` in days of the
    last step, the ``ease`` factor, the day it is ``due``, how many times it was failed (``lapses``) and
    the day it was last played (``last``, None before the first time)."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    repetitions: int = Field(default=0, ge=0, le=100_000)
    interval: int = Field(default=0, ge=0, le=100_000)
    ease: float = Field(default=FIRST_EASE, ge=LEAST_EASE, le=10.0)
    due: date
    lapses: int = Field(default=0, ge=0, le=100_000)
    last: date | None = None


class DeckPuzzle(BaseModel):
    """One puzzle: the position before turn ``index`` (0-based) of the game ``game`` (a key of
    ``DeckFile.games``), where ``player`` played ``played`` (marked ``kind`` by the review) and
    ``best`` was clearly better; its ``id`` is the game's key and the turn; its ``schedule``."""

    model_config = ConfigDict(extra="ignore")

    id: Key
    game: Key
    index: int = Field(ge=0, le=1_000_000)
    player: Literal[0, 1]
    kind: Literal["missed_win", "blunder", "mistake"]
    played: TurnText
    best: TurnText
    chance_before: float | None = Field(default=None, ge=0.0, le=1.0)
    chance_after: float | None = Field(default=None, ge=0.0, le=1.0)
    # What a try is judged against (``analysis.retry.judge_try``): the review's score of the board before
    # the turn, whether a win was proven there, and the reply that punishes the turn played.
    score_before: float | None = Field(default=None, ge=-1e9, le=1e9)
    won_before: bool = False
    refutation: TurnText | None = None
    added: datetime
    schedule: Schedule


class DeckGame(BaseModel):
    """A game puzzles come from: its ``title`` as the list showed it, the save it was opened from
    (``source``, None for the game just played) and the game itself as a save keeps it."""

    model_config = ConfigDict(extra="ignore")

    title: str = Field(default="", max_length=200)
    source: str | None = Field(default=None, max_length=4096)
    save: SaveGame


class DeckFile(BaseModel):
    """The file as a whole (see the module docstring)."""

    model_config = ConfigDict(extra="ignore")

    format: Literal["hwgame-deck"] = "hwgame-deck"
    version: int = Field(default=DECK_VERSION, ge=1)
    games: dict[Key, DeckGame] = Field(default_factory=dict)
    puzzles: list[DeckPuzzle] = Field(default_factory=list)


@dataclass
class Deck:
    """What the deck holds: ``games`` by key and ``puzzles`` (oldest first); ``notices`` worded when
    read; ``broken`` True when the file did not read as a whole (it is set aside at the next write);
    ``newer`` True for a file of a newer version (never written over); ``unread`` and ``unread_games``
    what the file held of puzzles and games that did not read (written back as they were)."""

    games: dict[str, DeckGame] = field(default_factory=dict)
    puzzles: list[DeckPuzzle] = field(default_factory=list)
    notices: list[Text] = field(default_factory=list)
    broken: bool = False
    newer: bool = False
    unread: list[Any] = field(default_factory=list)
    unread_games: dict[str, Any] = field(default_factory=dict)

    def puzzle(self, puzzle_id: str) -> DeckPuzzle | None:
        """The puzzle called ``puzzle_id``, or None."""
        return next((p for p in self.puzzles if p.id == puzzle_id), None)


def _parse(path: Path, raw: bytes) -> Deck:
    """The deck ``raw`` holds; raise ValueError when it does not read as a deck at all."""
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        raise ValueError("not JSON") from exc
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("puzzles"), list):
        raise ValueError("not a puzzle deck")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise ValueError("no version")
    deck = Deck(newer=version > DECK_VERSION)
    games = data.get("games")
    for key, value in (games.items() if isinstance(games, dict) else ()):
        try:
            deck.games[str(key)[:80]] = DeckGame.model_validate(value)
        except ValidationError:
            deck.unread_games[str(key)[:80]] = value  # kept as it is; its puzzles are counted below
    bad = 0
    for item in data["puzzles"][-MAX_PUZZLES:]:
        try:
            puzzle = DeckPuzzle.model_validate(item)
        except ValidationError:
            puzzle = None
        if puzzle is None or puzzle.game not in deck.games or deck.puzzle(puzzle.id) is not None:
            bad += 1
            if puzzle is None or puzzle.game not in deck.games:
                deck.unread.append(item)
            continue
        deck.puzzles.append(puzzle)
    if bad:
        deck.notices.append(file_error(path, worded(N_("{count} puzzles did not read and are left out"),
                                                    count=bad)).text)
    if deck.newer:
        deck.notices.append(file_error(path, worded(N_("was written by a newer version of the game: it is read "
                                                       "but not changed"))).text)
    return deck


def read_deck(path: str | Path) -> Deck:
    """The deck at ``path``; never raises. An absent file is an empty deck; a file that does not read
    is marked ``broken`` with a notice and its backup read instead (see the module docstring)."""
    path = Path(path)
    if not os.path.lexists(path):
        return Deck()
    try:
        return _parse(path, read_bytes(path))
    except (SaveError, ValueError) as exc:
        why = exc.detail_text if isinstance(exc, SaveError) else str(exc)[:80]  # the file is named once
    deck = Deck()
    backup = backup_path(path)
    if os.path.lexists(backup):
        try:
            deck = _parse(backup, read_bytes(backup))
        except (SaveError, ValueError):
            deck = Deck()
    deck.broken = True
    deck.notices.insert(0, file_error(path, worded(N_("does not read ({why}): it is set aside and the deck is "
                                                      "read from its backup"), why=why)).text)
    return deck


def _set_aside(path: Path) -> None:
    """Move a file that does not read to a free ``.broken`` name, unread (it may be a pipe or huge)."""
    n = 0
    while os.path.lexists(aside := path.with_name(path.name + (".broken" if n == 0 else f".broken{n}"))):
        n += 1
    os.rename(path, aside)


def encode_deck(deck: Deck) -> bytes:
    """The bytes of the file holding ``deck`` (puzzles that did not read kept as they were)."""
    games = {**deck.unread_games, **{k: g.model_dump(mode="json") for k, g in deck.games.items()}}
    puzzles = [p.model_dump(mode="json") for p in deck.puzzles] + list(deck.unread)
    data = {"format": FORMAT, "version": DECK_VERSION, "games": games, "puzzles": puzzles[-MAX_PUZZLES:]}
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def change_deck(path: str | Path, change: Callable[[Deck], None]) -> Deck:
    """Read the deck at ``path`` under its lock, let ``change`` change it in place, and write it atomically;
    return it. A broken file is set aside first (its backup's puzzles are kept); a file of a newer version
    is never written (SaveError). Raise SaveError when the file cannot be written."""
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with locked(path, wait=LOCK_WAIT, stale=LOCK_STALE):
            deck = read_deck(path)
            if deck.newer:
                raise file_error(path, worded(N_("was written by a newer version of the game: it is read but "
                                                 "not changed")))
            change(deck)
            _drop_unused_games(deck)
            if deck.broken and os.path.lexists(path):
                _set_aside(path)
            # A set-aside file leaves no old version to back up; else the last good one is kept as .bak.
            atomic_write(path, encode_deck(deck), backup=not deck.broken)
            deck.broken = False
            return deck
    except OSError as exc:
        raise file_error(path, worded(N_("could not be written ({why})"), why=exc.strerror or str(exc))) from None


def _drop_unused_games(deck: Deck) -> None:
    """Forget the games no puzzle comes from any more, and the oldest beyond ``MAX_GAMES``."""
    used = {p.game for p in deck.puzzles} | {str(u.get("game")) for u in deck.unread if isinstance(u, dict)}
    for key in [k for k in deck.games if k not in used]:
        del deck.games[key]
    while len(deck.games) > MAX_GAMES:
        oldest = next(iter(deck.games))
        del deck.games[oldest]
        deck.puzzles = [p for p in deck.puzzles if p.game != oldest]


__all__ = ["DECK_FILE", "DECK_VERSION", "Deck", "DeckFile", "DeckGame", "DeckPuzzle", "Schedule", "change_deck",
           "encode_deck", "read_deck"]
