"""The figures of the record of finished games: results per opponent, streaks, and a rating.

Pure arithmetic over ``record.RecordedGame`` entries (no file, no window). The rating is an Elo-style
estimate: the rating at which the expected score against the levels played (each level at its fixed
rating, ``hwgame.levels.Level.rating``) equals the score made, over the player's most recent games. One
virtual draw against the default level keeps the estimate finite and modest after a few games (all wins
or all losses have no finite fit), and weighs less as games are added. A game played with a handicap
counts in the results and the streaks but not in the rating: the levels' ratings are measured between
even sides, and a handicap moves the odds by an amount nobody measured. A teaching game, whose slips
could be taken back, is left out of the rating for the same reason.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from ..levels import DEFAULT_LEVEL, LEVEL_NAMES, LEVEL_TABLE
from .record import RecordedGame

RATED_GAMES = 100  # the rating follows the player: only the most recent games count
PROVISIONAL = 10  # fewer rated games than this and the rating is said to be provisional
ELO_SCALE = 400.0
LEVEL_RATINGS: dict[str, int] = {level.name: level.rating for level in LEVEL_TABLE}

Outcome = Literal["win", "loss", "draw"]


@dataclass(frozen=True)
class Tally:
    """The results against one opponent (a level's name, or ``"hotseat"``): games in all, then those of
    them with the record's player in a seat, won, lost and drawn, and the longest run of wins."""

    opponent: str
    games: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    best_streak: int = 0


@dataclass(frozen=True)
class Streak:
    """A run of the same result at the end of the record: ``outcome`` and how many games long."""

    outcome: Outcome
    length: int


@dataclass(frozen=True)
class Rating:
    """An Elo-style estimate from ``games`` rated games; ``provisional`` while they are few."""

    value: int
    games: int

    @property
    def provisional(self) -> bool:
        """True while the estimate rests on fewer than ``PROVISIONAL`` games."""
        return self.games < PROVISIONAL


def outcome_of(score: float) -> Outcome:
    """A game's score for its player (1, 0.5, 0) as a word."""
    return "win" if score > 0.75 else "loss" if score < 0.25 else "draw"


def _longest_win_run(scores: Iterable[float]) -> int:
    best = run = 0
    for score in scores:
        run = run + 1 if outcome_of(score) == "win" else 0
        best = max(best, run)
    return best


def tallies(games: Sequence[RecordedGame]) -> list[Tally]:
    """The results per opponent: every level in the table's order (those never played too), then the
    games of two players at one screen when there are any. ``games`` are oldest first."""
    out = []
    for opponent in [*LEVEL_NAMES, "hotseat"]:
        mine = [g for g in games if g.opponent == opponent]
        if opponent == "hotseat" and not mine:
            continue
        scores = [s for s in (g.score for g in mine) if s is not None]
        counts = [outcome_of(s) for s in scores]
        out.append(Tally(opponent, len(mine), counts.count("win"), counts.count("loss"), counts.count("draw"),
                         _longest_win_run(scores)))
    return out


def current_streak(games: Sequence[RecordedGame]) -> Streak | None:
    """The run of equal results the player's latest games end with (games against the computer and at
    one screen alike), or None before any game with the player in a seat."""
    outcomes = [outcome_of(s) for s in (g.score for g in games) if s is not None]
    if not outcomes:
        return None
    last = outcomes[-1]
    length = 0
    for outcome in reversed(outcomes):
        if outcome != last:
            break
        length += 1
    return Streak(last, length)


def best_streak(games: Sequence[RecordedGame]) -> int:
    """The longest run of wins in the whole record."""
    return _longest_win_run(s for s in (g.score for g in games) if s is not None)


def expected(rating: float, against: float) -> float:
    """The Elo expectation of a player rated ``rating`` against one rated ``against`` (0 to 1)."""
    return 1.0 / (1.0 + 10.0 ** ((against - rating) / ELO_SCALE))


def fit_rating(results: Sequence[tuple[float, float]], prior: float | None = None) -> float:
    """The rating whose expected scores against the opponents' ratings add up to the scores made:
    ``results`` are (opponent's rating, score) pairs; ``prior`` adds one virtual draw against a player of
    that rating. The expected total grows with the rating, so halving the interval finds it."""
    pairs = list(results)
    if prior is not None:
        pairs.append((prior, 0.5))
    if not pairs:
        raise ValueError("a rating needs at least one result")
    target = sum(score for _r, score in pairs)
    low = min(r for r, _s in pairs) - 1200.0
    high = max(r for r, _s in pairs) + 1200.0
    for _ in range(60):
        mid = (low + high) / 2
        if sum(expected(mid, r) for r, _s in pairs) < target:
            low = mid
        else:
            high = mid
    return (low + high) / 2


def rating(games: Sequence[RecordedGame]) -> Rating | None:
    """The player's rating from their most recent games against levels with a rating (``games`` oldest
    first), or None before the first such game. Games with a handicap and teaching games are left out."""
    results = [(float(LEVEL_RATINGS[g.opponent]), score) for g in games
               for score in (g.score,)
               if g.opponent in LEVEL_RATINGS and score is not None and g.rated]  # fmt: skip
    results = results[-RATED_GAMES:]
    if not results:
        return None
    value = fit_rating(results, prior=float(LEVEL_RATINGS[DEFAULT_LEVEL]))
    return Rating(int(math.floor(value + 0.5)), len(results))


__all__ = ["ELO_SCALE", "LEVEL_RATINGS", "PROVISIONAL", "RATED_GAMES", "Rating", "Streak", "Tally", "best_streak",
           "current_streak", "expected", "fit_rating", "outcome_of", "rating", "tallies"]
