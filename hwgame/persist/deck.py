"""The player's puzzle deck: the boards of their own mistakes, each coming back on a spaced schedule.

A finished game's review marks turns; each turn of the player marked a mistake or a blunder whose
better turn is clear becomes a ``DeckCard``: the board before it, the turn played, the review's judgement
of it (the same fields a save's review keeps, so the window rebuilds the reviewed turn exactly), where it
came from (the game's title, file and turns, so its replay can be opened; the turn's number), and its
schedule.

The schedule is **SM-2** (the SuperMemo 2 algorithm): each answer is graded 0 to 5 (``grade_of``: found
at the first try 5, found after a wrong try 4, found after Show 2, skipped or never found 1). A grade of
3 or more repeats the card after 1 day, then 6 days, then the last interval times the card's ease; a
lower grade starts it again from 1 day. The ease starts at 2.5, moves by ``0.1 - (5 - q) * (0.08 + (5 -
q) * 0.02)`` with every answer and never falls under 1.3. So a solved puzzle comes back later each time,
a failed one the next day.

The file (``deck.json`` in the data folder) is kept with the care of the saves and the own opening book:

- a versioned pydantic schema (``DeckFile``: ``format``, ``version``, ``cards``);
- every write is atomic (``atomic.atomic_write``) under the file's lock, merged with what the file holds
  at that moment (two windows lose nothing; a card already in it keeps its schedule);
- read as untrusted: a regular file of a bounded size (``files.read_bytes``); a card that does not read is
  left out with a notice; a file that does not read at all is set aside (``deck.json.broken``) with a
  notice at the next write, never silently emptied;
- at most ``MAX_CARDS`` cards, the newest.
"""

from __future__ import annotations

import datetime as dt
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..i18n import N_
from .atomic import atomic_write
from .errors import SaveError, Text, file_error, worded
from .files import read_bytes
from .lockfile import locked

DECK_FILE = "deck.json"
FORMAT = "hwgame-deck"
VERSION = 1
MAX_CARDS = 2000  # a few kilobytes each: a file of a few megabytes at the most
MAX_TEXT = 4000
MAX_GAME_TURNS = 2000
LOCK_WAIT = 5.0
LOCK_STALE = 30.0
# SM-2's constants (see the module docstring).
START_EASE = 2.5
LEAST_EASE = 1.3
FIRST_DAYS, SECOND_DAYS = 1, 6
PASSING = 3  # a grade from which the card counts as remembered
FOUND_FIRST, FOUND_AFTER_MISS, FOUND_AFTER_SHOW, NOT_FOUND = 5, 4, 2, 1


class DeckCard(BaseModel):
    """One puzzle of the deck (see the module docstring). ``position`` is the board before the turn
    (``rules.position_to_dict``); ``turn``, ``best``, ``refutation`` and the lines are in canonical
    notation; ``before`` to ``second`` are the review's fields of the turn (``review.TurnData``)."""

    model_config = ConfigDict(extra="ignore")

    id: str = Field(min_length=1, max_length=200)
    position: dict[str, Any]
    index: int = Field(ge=0, le=100_000)
    player: int = Field(ge=0, le=1)
    kind: Literal["blunder", "mistake"]
    turn: str = Field(max_length=MAX_TEXT)
    best: str = Field(min_length=1, max_length=MAX_TEXT)
    before: float | None = None
    after: float | None = None
    later: float | None = None
    refutation: str | None = Field(default=None, max_length=MAX_TEXT)
    line: list[str] = Field(default_factory=list, max_length=8)
    better_line: list[str] = Field(default_factory=list, max_length=8)
    proof_before: list[Any] | None = None
    proof_after: list[Any] | None = None
    threats: list[str] = Field(default_factory=list, max_length=16)
    second: float | None = None
    level: str = Field(default="", max_length=40)
    game_title: str = Field(default="", max_length=300)
    game_path: str | None = Field(default=None, max_length=MAX_TEXT)
    players: list[str] = Field(default_factory=list, max_length=2)
    # The whole game, to open its replay: the board it started from and its turns (canonical notation).
    start: dict[str, Any] | None = None
    game_turns: list[str] = Field(default_factory=list, max_length=MAX_GAME_TURNS)
    added: dt.date
    # SM-2
    due: dt.date
    repetitions: int = Field(default=0, ge=0, le=10_000)
    interval: int = Field(default=0, ge=0, le=100_000)
    ease: float = Field(default=START_EASE, ge=LEAST_EASE, le=10.0)
    solved: int = Field(default=0, ge=0)
    failed: int = Field(default=0, ge=0)

    @property
    def number(self) -> int:
        """The turn's number as the move log shows it."""
        return self.index + 1


class DeckFile(BaseModel):
    """The deck file as it is written."""

    format: Literal["hwgame-deck"] = "hwgame-deck"
    version: int = VERSION
    cards: list[Any] = Field(default_factory=list)  # each read on its own: a bad one is left out alone


@dataclass
class Deck:
    """What the deck file holds: ``cards`` by id (oldest first), ``notices`` worded when read, ``broken``
    True when the file did not read as a whole (it is set aside at the next write)."""

    cards: dict[str, DeckCard] = field(default_factory=dict)
    notices: list[Text] = field(default_factory=list)
    broken: bool = False

    def due(self, today: dt.date) -> list[DeckCard]:
        """The cards due on ``today`` or before, the longest waiting first."""
        return sorted((c for c in self.cards.values() if c.due <= today), key=lambda c: (c.due, c.added, c.id))


def grade_of(found: bool, missed: bool, shown: bool) -> int:
    """The SM-2 grade of one answer: found at once, found after a wrong try, found after Show, or not."""
    if not found:
        return NOT_FOUND
    if shown:
        return FOUND_AFTER_SHOW
    return FOUND_AFTER_MISS if missed else FOUND_FIRST


def schedule(card: DeckCard, grade: int, today: dt.date) -> DeckCard:
    """``card`` after an answer of ``grade`` (0 to 5) on ``today``, by SM-2 (the module docstring)."""
    grade = max(0, min(5, grade))
    if grade >= PASSING:
        repetitions = card.repetitions + 1
        if repetitions == 1:
            interval = FIRST_DAYS
        elif repetitions == 2:
            interval = SECOND_DAYS
        else:
            interval = max(1, round(card.interval * card.ease))
    else:
        repetitions, interval = 0, FIRST_DAYS
    miss = 5 - grade
    ease = max(LEAST_EASE, card.ease + 0.1 - miss * (0.08 + miss * 0.02))
    return card.model_copy(update={
        "repetitions": repetitions, "interval": interval, "ease": round(ease, 4),
        "due": today + dt.timedelta(days=interval),
        "solved": card.solved + (grade >= PASSING), "failed": card.failed + (grade < PASSING)})


def read_deck(path: str | Path) -> Deck:
    """The deck at ``path``; never raises (an absent file is an empty deck)."""
    path = Path(path)
    deck = Deck()
    if not os.path.lexists(path):
        return deck
    try:
        raw = read_bytes(path, "settings")
        data = DeckFile.model_validate(json.loads(raw.decode("utf-8")))
        if data.version > VERSION:
            raise ValueError(f"made by a newer version ({data.version})")
    except SaveError as exc:
        deck.broken = True
        deck.notices.append(exc.text)
        return deck
    except (ValueError, ValidationError, RecursionError) as exc:
        why = str(exc).splitlines()[0][:80] if str(exc) else type(exc).__name__
        deck.broken = True
        deck.notices.append(file_error(path, worded(N_("does not read ({why}): it is set aside and a new deck is "
                                                      "kept from now on"), why=why)).text)  # fmt: skip
        return deck
    bad = 0
    for item in data.cards[-MAX_CARDS:]:
        try:
            card = DeckCard.model_validate(item)
        except (ValidationError, ValueError, TypeError):
            bad += 1
            continue
        deck.cards.setdefault(card.id, card)
    if bad:
        deck.notices.append(file_error(path, worded(N_("{count} puzzles did not read and are left out"),
                                                    count=bad)).text)
    return deck


def _set_aside(path: Path) -> None:
    """Move a file that does not read to a free ``.broken`` name, unread."""
    n = 0
    while os.path.lexists(aside := path.with_name(path.name + (".broken" if n == 0 else f".broken{n}"))):
        n += 1
    os.rename(path, aside)


def encode_deck(cards: list[DeckCard]) -> bytes:
    """The file's bytes for ``cards``."""
    data = DeckFile(cards=[c.model_dump(mode="json") for c in cards[-MAX_CARDS:]])
    return json.dumps(data.model_dump(mode="json"), ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def _write(path: Path, adding: list[DeckCard], replacing: list[DeckCard]) -> Deck:
    """Under the file's lock: read it, add the cards of ``adding`` it lacks, put ``replacing`` in place of
    the cards of the same id, write it atomically (a file that did not read set aside first)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with locked(path, wait=LOCK_WAIT, stale=LOCK_STALE):
            deck = read_deck(path)
            fresh = [c for c in adding if c.id not in deck.cards]
            if not fresh and not replacing and not deck.broken:
                return deck
            if deck.broken and os.path.lexists(path):
                _set_aside(path)
            for card in fresh:
                deck.cards[card.id] = card
            for card in replacing:
                deck.cards[card.id] = card
            atomic_write(path, encode_deck(list(deck.cards.values())), backup=False)
            deck.broken = False
            return deck
    except OSError as exc:
        raise file_error(path, worded(N_("could not be written ({why})"), why=exc.strerror or str(exc))) from None


def add_cards(path: str | Path, cards: list[DeckCard]) -> Deck:
    """Keep ``cards`` in the deck at ``path`` (a card already there keeps its schedule); return the deck
    as written. Raises SaveError when the file cannot be written."""
    return _write(Path(path), cards, [])


def answer(path: str | Path, card: DeckCard, grade: int, today: dt.date | None = None) -> DeckCard:
    """Schedule ``card`` after an answer of ``grade`` and write it; return it as scheduled. Raises
    SaveError when the file cannot be written."""
    moved = schedule(card, grade, today or dt.date.today())
    _write(Path(path), [], [moved])
    return moved


__all__ = ["DECK_FILE", "FOUND_AFTER_MISS", "FOUND_AFTER_SHOW", "FOUND_FIRST", "MAX_CARDS", "NOT_FOUND", "Deck",
           "DeckCard", "DeckFile", "add_cards", "answer", "encode_deck", "grade_of", "read_deck", "schedule"]
