"""Strategy lessons: ideas of good play, taught from positions of real games. Pure data: no search.

A ``StrategyLesson`` belongs to one of two tiers after the rules (``STRATEGY_TIERS``: playing well,
winning). It shows ``examples``, positions of games of the SuperDuperGames archive named by their players
and turn, where the idea decides: the learner plays a turn on the board, and the lesson ends with a
``test`` of two or three more such positions.

The positions ship in ``strategy_positions.json`` (mined by ``python -m hwgame.bench lessons``; the
archive itself is never read at run time). Each one keeps its board, the turn's place in its game, the
turn the real player chose and the review's data of that turn (``analysis.review.Review.to_data``): the
one verdict of the position, with the best turn (the turn taught), its chance to win or its proof, and
the best score of every other turn the search ranked. The window turns that data back into the
review's own entry and judges a learner's turn exactly as "Find the better turn" does, by the verdict
of the board after it; this module only reads and checks the data.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from hwgame.i18n import N_, _
from hwgame.rules import HomeworldsError, Position, Turn, apply_turn_unchecked, parse_turn, position_from_dict

DATA = Path(__file__).with_name("strategy_positions.json")
MAX_BYTES = 2 << 20  # the shipped file is some tens of kilobytes
MAX_TEXT = 400  # characters of one stored turn in notation

# Marked only: shown with _() so a change of language shows at once. They come after the rules' tiers.
STRATEGY_TIERS = {4: N_("Playing well"), 5: N_("Winning")}


@dataclass(frozen=True)
class StudyPosition:
    """A position of a real game a lesson teaches from: ``game`` is the archive's record (its number),
    ``index`` the turn's place in that game (0 is the first setup turn), ``played`` the turn the real
    player chose there, ``taught`` the verdict's best turn, ``review`` the review's data of that turn."""

    id: str
    game: str
    players: tuple[str, str]
    index: int
    position: Position
    played: Turn
    taught: Turn
    review: dict[str, Any] = field(compare=False, repr=False)

    @property
    def number(self) -> int:
        """The turn's number as a move log shows it (1 is the first setup turn)."""
        return self.index + 1

    @property
    def mover(self) -> str:
        """The name of the player to move."""
        return self.players[self.position.to_move]

    def source_text(self) -> str:
        """Where the position comes from, in words: "Alice against Bob, turn 14 (game 1041)"."""
        return _("{first} against {second}, turn {number} (game {game})").format(
            first=self.players[0], second=self.players[1], number=self.number, game=self.game)

    def played_taught(self) -> bool:
        """True when the real player chose the taught turn (or one reaching the same board)."""
        return _after(self.position, self.played) == _after(self.position, self.taught)


def _after(position: Position, turn: Turn) -> object:
    try:
        return apply_turn_unchecked(position, turn).key()
    except HomeworldsError:
        return None


@dataclass(frozen=True)
class Example:
    """One position of a lesson: ``position`` names a ``StudyPosition``; ``task`` says what to look for,
    ``hints`` lead to the idea, ``why`` explains the taught turn once it is found or shown."""

    position: str
    task: str
    why: str
    hints: tuple[str, ...] = ()


@dataclass(frozen=True)
class StrategyLesson:
    """A titled lesson of ``examples`` and a closing ``test``, in one of ``STRATEGY_TIERS``."""

    id: str
    title: str
    tier: int
    intro: str
    examples: tuple[Example, ...]
    test: tuple[Example, ...]
    outro: str = ""

    @property
    def steps(self) -> tuple[Example, ...]:
        """Every position in order: the examples, then the test."""
        return self.examples + self.test

    def in_test(self, step: int) -> bool:
        """True when step ``step`` (from 0) is one of the test's positions."""
        return step >= len(self.examples)

    @property
    def tier_name(self) -> str:
        """The name of the lesson's tier, in the player's language."""
        return _(STRATEGY_TIERS[self.tier])


def _turn(text: object) -> Turn:
    if not isinstance(text, str) or not text or len(text) > MAX_TEXT:
        raise ValueError("a stored turn that is not one")
    return parse_turn(text)


def _position(entry: dict[str, Any]) -> StudyPosition:
    review = entry["review"]
    if not isinstance(review, dict):
        raise ValueError("review is not a table")
    players = entry["players"]
    if not isinstance(players, list) or len(players) != 2:
        raise ValueError("players is not a pair")
    position = position_from_dict(entry["board"])
    played, taught = _turn(entry["played"]), _turn(review.get("best"))
    for turn in (played, taught):
        apply_turn_unchecked(position, turn)  # raises when the stored turn does not play there
    index = int(entry["index"])
    if not 0 <= index < 1000:
        raise ValueError("a turn's place out of range")
    return StudyPosition(str(entry["id"]), str(entry["game"])[:20], (str(players[0])[:40], str(players[1])[:40]),
                         index, position, played, taught, review)  # fmt: skip


@cache
def study_positions() -> dict[str, StudyPosition]:
    """Every position the lessons teach from, by id (empty when the file is missing or does not read:
    the strategy lessons are then not offered, and the rules lessons still work)."""
    try:
        if not DATA.is_file() or DATA.stat().st_size > MAX_BYTES:
            return {}
        entries = json.loads(DATA.read_text(encoding="utf-8"))
        if not isinstance(entries, list):
            return {}
        found = (_position(entry) for entry in entries)
        return {p.id: p for p in found}
    except (OSError, ValueError, KeyError, TypeError, HomeworldsError):
        return {}


def study_position(position_id: str) -> StudyPosition:
    """The position with this id; KeyError when the package has none."""
    return study_positions()[position_id]


__all__ = ["DATA", "STRATEGY_TIERS", "Example", "StrategyLesson", "StudyPosition", "study_position",
           "study_positions"]  # fmt: skip
