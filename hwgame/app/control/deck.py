"""The puzzle deck's schedule: which puzzles are due, and when a puzzle played comes back.

Each puzzle of the deck (``persist.deck_file``) comes back on the **SM-2** spaced-repetition scheme
(Wozniak's SuperMemo 2): an answer is graded from 0 to 5 (``QUALITY_*``);

- a grade of 3 or more (solved) counts one more repetition in a row: the puzzle comes back after 1 day
  the first time, 6 days the second, then after the last interval times the puzzle's ease factor; the
  ease factor moves by ``0.1 - (5 - q) * (0.08 + (5 - q) * 0.02)`` (up for a clean solve, down for a
  laboured one), never under 1.3;
- a grade under 3 (failed) starts the repetitions again: the puzzle comes back the next day, its ease
  unchanged (as SM-2 says) and one more lapse counted.

So a solved puzzle comes back later each time, a failed one sooner. No pygame and no judgement of a
position here: the grade comes from the puzzle screen, the dates from the caller.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, timedelta

from hwgame.persist.deck_file import FIRST_EASE, LEAST_EASE, Deck, DeckPuzzle, Schedule

QUALITY_SOLVED = 5  # solved at the first try, without help
QUALITY_RETRIED = 4  # solved after a wrong try
QUALITY_HELPED = 3  # solved after the better turn was shown: remembered, with difficulty
QUALITY_FAILED = 1  # given up (skipped or left unsolved): the position is met again tomorrow
PASSING = 3  # the least grade SM-2 counts as remembered
FIRST_INTERVAL = 1  # days
SECOND_INTERVAL = 6  # days


def sm2(schedule: Schedule, quality: int, today: date) -> Schedule:
    """The schedule after an answer graded ``quality`` (0 to 5) on ``today``, by SM-2 (module docstring)."""
    quality = max(0, min(5, quality))
    if quality < PASSING:
        return schedule.model_copy(update={"repetitions": 0, "interval": FIRST_INTERVAL,
                                           "due": today + timedelta(days=FIRST_INTERVAL),
                                           "lapses": schedule.lapses + 1, "last": today})
    if schedule.repetitions == 0:
        interval = FIRST_INTERVAL
    elif schedule.repetitions == 1:
        interval = SECOND_INTERVAL
    else:
        interval = max(1, round(schedule.interval * schedule.ease))
    miss = 5 - quality
    ease = max(LEAST_EASE, schedule.ease + 0.1 - miss * (0.08 + miss * 0.02))
    return schedule.model_copy(update={"repetitions": schedule.repetitions + 1, "interval": interval,
                                       "ease": round(ease, 4), "due": today + timedelta(days=interval),
                                       "last": today})


def first_schedule(today: date) -> Schedule:
    """The schedule of a puzzle new to the deck: due at once, SM-2's starting ease."""
    return Schedule(due=today, ease=FIRST_EASE)


def due_puzzles(deck: Deck, today: date) -> list[DeckPuzzle]:
    """The puzzles due on or before ``today``, the longest waiting first (then in the order added)."""
    due = [p for p in deck.puzzles if p.schedule.due <= today]
    return sorted(due, key=lambda p: p.schedule.due)


def due_count(deck: Deck, today: date) -> int:
    """How many puzzles are due on or before ``today``."""
    return sum(1 for p in deck.puzzles if p.schedule.due <= today)


def grade(solved: bool, tries: int, helped: bool) -> int:
    """The SM-2 grade of a puzzle played: solved at the first try, after wrong tries, after help, or not."""
    if not solved:
        return QUALITY_FAILED
    if helped:
        return QUALITY_HELPED
    return QUALITY_SOLVED if tries <= 1 else QUALITY_RETRIED


def seat_of_player(kinds: Sequence[str], names: Sequence[str], player_name: str) -> int | None:
    """The seat whose turns make puzzles of the player's deck: the human's against the computer; at one
    screen (or in a game of no known seats) the seat named as the player is named in the settings; else
    None (the game is not theirs, or the computer played both seats)."""
    kinds = list(kinds)
    if kinds and "human" not in kinds:
        return None  # the computer against itself: no one's mistakes
    if kinds.count("computer") == 1:
        return kinds.index("human")
    mine = player_name.strip().casefold()
    folded = [name.casefold() for name in names]
    if mine and folded.count(mine) == 1:
        return folded.index(mine)
    return None


__all__ = ["QUALITY_FAILED", "QUALITY_HELPED", "QUALITY_RETRIED", "QUALITY_SOLVED", "due_count", "due_puzzles",
           "first_schedule", "grade", "seat_of_player", "sm2"]
