"""Lessons and puzzles as data, checked by the rules engine. Pure Python: no screen.

- ``LESSONS``: fifteen lessons in three tiers (see ``lesson.TIERS``), played with ``LessonRunner``;
- ``PUZZLES``: positions to win, survive or win in two, judged with ``check_answer`` and solved by
  ``solution`` (both by exhaustive search with the engine);
- ``reference.SECTIONS``: the quick reference of the rules;
- ``lessons_strategy.STRATEGY_LESSONS``: the strategy lessons of the two tiers after the rules, on
  positions of real games (``strategy``; the window judges a turn there by the verdict).

Progress in a lesson is ``(lesson id, step index)``; ``runner_for`` resumes from it.
"""

from __future__ import annotations

from .goals import Context, Goal
from .lesson import TIERS, Highlight, Lesson, Step
from .lessons_basics import BASICS
from .lessons_endgame import ENDGAME
from .lessons_powers import POWERS
from .puzzles import PUZZLES, Puzzle, PuzzleSession, Ruling, check_answer, puzzle_by_id, solution
from .real import puzzle_of_the_day, real_puzzle_by_id, real_puzzles
from .reference import full_rules_text
from .runner import Feedback, LessonRunner

LESSONS: tuple[Lesson, ...] = BASICS + POWERS + ENDGAME


def lesson_by_id(lesson_id: str) -> Lesson:
    """The lesson with this id; KeyError if there is none."""
    for lesson in LESSONS:
        if lesson.id == lesson_id:
            return lesson
    raise KeyError(lesson_id)


def lessons_in_tier(tier: int) -> tuple[Lesson, ...]:
    """The lessons of one tier, in teaching order."""
    return tuple(lesson for lesson in LESSONS if lesson.tier == tier)


def next_lesson(lesson_id: str) -> Lesson | None:
    """The lesson after this one in teaching order, or None after the last."""
    ids = [lesson.id for lesson in LESSONS]
    i = ids.index(lesson_id)
    return LESSONS[i + 1] if i + 1 < len(LESSONS) else None


def runner_for(progress: tuple[str, int]) -> LessonRunner:
    """A runner resumed at ``(lesson id, step index)``; an unknown lesson or step starts over.

    Saved progress may come from an older version with other lessons, so it is never trusted blindly.
    """
    lesson_id, step = progress
    try:
        lesson = lesson_by_id(lesson_id)
    except KeyError:
        return LessonRunner(LESSONS[0])
    if not isinstance(step, int) or not 0 <= step <= len(lesson.steps):
        step = 0
    return LessonRunner(lesson, step)


__all__ = [
    "Context", "Feedback", "Goal", "Highlight", "LESSONS", "Lesson", "LessonRunner", "PUZZLES", "Puzzle",
    "PuzzleSession", "Step", "TIERS", "Ruling", "check_answer", "lesson_by_id", "lessons_in_tier",
    "puzzle_of_the_day", "real_puzzle_by_id", "real_puzzles",
    "full_rules_text", "next_lesson", "puzzle_by_id", "runner_for", "solution",
]  # fmt: skip
