"""The tutorial's home: lessons by tier, puzzles by difficulty, and the quick reference.

``LessonList`` is the list; a lesson (``"lesson"``) or a puzzle (``"puzzle"``) it opens is played on the
board, with the coaching card over the play screen. Under the puzzle of the day, the player's own puzzle
deck (``"deck"``: positions of their finished games where the review found a clearly better turn) says
how many of its puzzles are due today.

Lessons already finished carry a check mark and a lesson left half-way resumes at its step (both kept
in the settings' ``tutorial`` table); solved puzzles carry a check mark too, in another colour and
ringed when they were solved with help. The marks are drawn as lines, not as a character a font may
lack.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

import pygame

from hwgame.app.control.text import error_text
from hwgame.app.kit.base import ButtonScene
from hwgame.app.kit.card import progress_of
from hwgame.app.view import theme as T
from hwgame.app.view.widgets import NOTICE_H, Button, notice_strip
from hwgame.i18n import _
from hwgame.tutorial import LESSONS, PUZZLES, TIERS, Lesson, Puzzle, lessons_in_tier, puzzle_of_the_day, runner_for
from hwgame.tutorial.lessons_strategy import offered_strategy_lessons
from hwgame.tutorial.strategy import STRATEGY_TIERS, StrategyLesson

GUTTER = 30  # room left of each row for its mark
DONE = T.TEXT_GOOD  # a lesson finished, a puzzle solved unaided
HELPED = T.TEXT_WARN  # a puzzle solved after Show me or Solution


def draw_check(surface: pygame.Surface, center: tuple[float, float], size: float, color: T.RGB,
               ring: bool = False) -> None:
    """A check mark drawn with lines (no font draws it as a box); ``ring`` circles it (with help)."""
    x, y = center
    s = size / 2
    width = max(2, round(size / 7))
    points = [(x - 0.62 * s, y + 0.02 * s), (x - 0.18 * s, y + 0.48 * s), (x + 0.66 * s, y - 0.5 * s)]
    pygame.draw.lines(surface, color, False, [(round(px), round(py)) for px, py in points], width)
    if ring:
        pygame.draw.circle(surface, color, (round(x), round(y)), round(s * 1.25), max(1, width - 1))


def _label_size(theme: T.Theme, text: str, width: int, size: int = 20, smallest: int = 15) -> int:
    """The largest font size (down to ``smallest``) at which a row's label fits its button."""
    while size > smallest and theme.font(size).size(text)[0] > width - 12:
        size -= 1
    return size


class LessonList(ButtonScene):
    """Pick a lesson or a puzzle (see the module doc); ``rows`` pairs each lesson with its button."""

    def __init__(self, app):
        super().__init__(app)
        self.lesson_buttons: list[tuple[int, Button]] = []  # (tier, button)
        self.strategy_buttons: list[tuple[StrategyLesson, Button]] = []
        self.puzzle_buttons: list[Button] = []
        self.reference = Button(lambda: _("Quick reference"), self.open_reference, size=22)
        self.back = Button(lambda: _("Back"), self.leave, size=22)
        self.resume()

    def resume(self) -> None:
        """Rebuild the lists (progress may have changed while a lesson was open)."""
        self.lesson_buttons = []
        self.rows: list[tuple[pygame.Rect, Lesson]] = []  # (button rect, lesson), in teaching order
        self.marks: dict[int, tuple] = {}  # id(button) -> (colour, ringed)
        for tier in TIERS:
            for lesson in lessons_in_tier(tier):
                done, step, _helped = progress_of(self.app, lesson.id)
                button = Button("", self._lesson_opener(lesson, 0 if done else step))
                self.lesson_buttons.append((tier, button))
                self.rows.append((button.rect, lesson))
                if done:
                    self.marks[id(button)] = (DONE, False)
        self.strategy_buttons = []
        for strategy in offered_strategy_lessons():
            done, step, _helped = progress_of(self.app, strategy.id)
            button = Button("", self._strategy_opener(strategy, 0 if done else step))
            self.strategy_buttons.append((strategy, button))
            if done:
                self.marks[id(button)] = (DONE, False)
        self.puzzle_buttons = []
        # The puzzle of the day, from a real game, heads the list (when the package holds any).
        self.daily = puzzle_of_the_day()
        self.daily_button: Button | None = None
        if self.daily is not None:
            self.daily_button = Button("", self._puzzle_opener(self.daily))
            done, _step, helped = progress_of(self.app, "puzzle:" + self.daily.id)
            if done:
                self.marks[id(self.daily_button)] = (HELPED, True) if helped else (DONE, False)
        self._read_deck()
        for puzzle in PUZZLES:
            done, _step, helped = progress_of(self.app, "puzzle:" + puzzle.id)
            button = Button("", self._puzzle_opener(puzzle))
            self.puzzle_buttons.append(button)
            if done:
                self.marks[id(button)] = (HELPED, True) if helped else (DONE, False)

    def _read_deck(self) -> None:
        """The player's puzzle deck (``scenes.deck``) and how many of its puzzles are due today; a deck
        file that does not read says so once, as a message."""
        from hwgame.app.control.deck import due_count
        from hwgame.app.services.deck import deck_path
        from hwgame.persist.deck_file import read_deck

        self.deck = read_deck(deck_path())
        self.deck_due = due_count(self.deck, date.today())
        for notice in self.deck.notices if not getattr(self, "_deck_told", False) else []:
            self.app.toast(notice, 8.0)
        self._deck_told = True
        self.deck_button = Button("", self.open_deck)

    def deck_label(self) -> str:
        """The deck's row: its name and the count of puzzles due today."""
        return _("Your puzzle deck  ·  {count} due today").format(count=self.deck_due)

    def open_deck(self) -> None:
        """Today's round of the deck; with nothing due, a message says when puzzles come."""
        if not self.deck.puzzles:
            self.app.toast(lambda: _("Your deck is empty: the review of a finished game of yours adds its "
                                     "mistakes to it."))
            return
        if not self.deck_due:
            later = min(p.schedule.due for p in self.deck.puzzles)
            self.app.toast(lambda: _("No puzzle of your deck is due today; the next comes back on {day}.").format(
                day=later.isoformat()))
            return
        try:
            self.app.open_scene("deck", self.deck)
        except Exception as exc:  # a puzzle whose game no longer replays: a message, never a closed window
            failed = exc
            self.app.toast(lambda: _("The deck could not be opened: {problem}").format(problem=error_text(failed)))

    def _lesson_label(self, number: int, lesson: Lesson) -> str:
        done, step, _helped = progress_of(self.app, lesson.id)
        if step and not done:
            return _("{number}. {title}  (step {step} of {steps})").format(
                number=number, title=_(lesson.title), step=step + 1, steps=len(lesson.steps)
            )
        return _("{number}. {title}").format(number=number, title=_(lesson.title))

    def _puzzle_label(self, number: int, puzzle: Puzzle) -> str:
        return _("{number}. {title}  ·  {task}  ·  {difficulty}").format(
            number=number, title=_(puzzle.title), task=puzzle.task, difficulty=puzzle.difficulty_name
        )

    def _lesson_opener(self, lesson: Lesson, step: int) -> Callable[[], None]:
        def open_lesson() -> None:
            self.app.open_scene("lesson", runner_for((lesson.id, step)))

        return open_lesson

    def _strategy_opener(self, lesson: StrategyLesson, step: int) -> Callable[[], None]:
        def open_lesson() -> None:
            self.app.open_scene("strategy", lesson, step)

        return open_lesson

    def _strategy_label(self, number: int, lesson: StrategyLesson) -> str:
        done, step, _helped = progress_of(self.app, lesson.id)
        if step and not done:
            return _("{number}. {title}  (position {step} of {steps})").format(
                number=number, title=_(lesson.title), step=step + 1, steps=len(lesson.steps))
        return _("{number}. {title}").format(number=number, title=_(lesson.title))

    @property
    def all_lessons(self) -> list[str]:
        """The ids of every lesson offered: the rules lessons, then the strategy lessons."""
        return [lesson.id for lesson in LESSONS] + [lesson.id for lesson, _b in self.strategy_buttons]

    def _puzzle_opener(self, puzzle):
        def open_puzzle():
            self.app.open_scene("puzzle", puzzle)

        return open_puzzle

    def open_reference(self) -> None:
        """The rules on one screen."""
        self.app.open_scene("reference")

    def controls(self) -> list[Button]:
        """Every button of the screen: the lessons, the puzzles, Quick reference and Back."""
        daily = [self.daily_button] if self.daily_button is not None else []
        return ([b for _t, b in self.lesson_buttons] + [b for _l, b in self.strategy_buttons] + daily
                + [self.deck_button] + self.puzzle_buttons + [self.reference, self.back])

    def _row(self, surface: pygame.Surface, button: Button, label: str, x: int, y: int, w: int, h: int,
             short: str = "") -> None:
        """One row: its mark in the gutter, then the button with its label in the largest size that fits;
        ``short`` stands for a label too long for the row even in the smallest size."""
        th = self.app.theme
        if short and th.font(15).size(label)[0] > w - GUTTER - 12:
            label = short
        mark = self.marks.get(id(button))
        if mark is not None:
            draw_check(surface, (x + GUTTER / 2 - 2, y + h / 2), min(h - 6, 20), mark[0], mark[1])
        button.rect.update(x + GUTTER, y, w - GUTTER, h)  # in place: ``rows`` shares the rect
        button.text = label
        button.size = _label_size(th, label, w - GUTTER)
        button.draw(surface, th)

    def toast_place(self, size: tuple[int, int]) -> pygame.Rect:
        """Messages go in the strip above the buttons, under the two columns."""
        w, h = size
        left, col_w, gap = self.columns(w)
        return notice_strip(left, 3 * col_w + 2 * gap, h - 64)

    def columns(self, w: int) -> tuple[int, int, int]:
        """(left edge, column width, gap) of the three columns: rules lessons, strategy, puzzles."""
        gap = 20
        col_w = min(440, (w - 40 - 2 * gap) // 3)
        return (w - 3 * col_w - 2 * gap) // 2, col_w, gap

    def draw(self, surface: pygame.Surface) -> None:
        """Three columns: the rules lessons, the strategy lessons and the puzzles (and what marks mean)."""
        th = self.app.theme
        w, h = surface.get_size()
        surface.fill(T.BG)
        title = T.draw_text(surface, th, _("Learn to play"), (w // 2, 14), 46, T.TEXT, True, "midtop")
        ids = self.all_lessons
        done = sum(1 for key in ids if progress_of(self.app, key)[0])
        counted = _("{done} of {count} lessons done").format(done=done, count=len(ids))
        T.draw_text(surface, th, counted, (w // 2, max(62, title.bottom + 2)), 20, T.TEXT_DIM, anchor="midtop")
        left, col_w, gap = self.columns(w)
        middle, right = left + col_w + gap, left + 2 * (col_w + gap)
        rows = len(self.lesson_buttons) + len(TIERS)
        bh = max(22, min(32, (h - 208 - NOTICE_H) // rows - 4))  # the messages' strip, above the buttons, stays clear
        y = 96
        tier = None
        number = 0
        for t, button in self.lesson_buttons:
            if t != tier:
                tier = t
                y = self._tier_head(surface, _(TIERS[t]), t, left, y, bh)
            number += 1
            lesson = self.rows[number - 1][1]
            short = _("{number}. {title}").format(number=number, title=_(lesson.title))
            self._row(surface, button, self._lesson_label(number, lesson), left, y, col_w, bh, short)
            y += bh + 4
        y = 96
        tier = None
        for strategy, button in self.strategy_buttons:
            if strategy.tier != tier:
                tier = strategy.tier
                y = self._tier_head(surface, _(STRATEGY_TIERS[tier]), tier, middle, y, bh)
            number += 1
            short = _("{number}. {title}").format(number=number, title=_(strategy.title))
            self._row(surface, button, self._strategy_label(number, strategy), middle, y, col_w, bh, short)
            y += bh + 4
        y = 96
        T.draw_text(surface, th, _("Puzzles"), (right, y + bh / 2), 22, T.ACCENT, True, "midleft")
        y += bh
        if self.daily_button is not None and self.daily is not None:
            label = _("Puzzle of the day  ·  {task}  ·  {difficulty}").format(task=self.daily.task,
                                                                              difficulty=self.daily.difficulty_name)
            self._row(surface, self.daily_button, label, right, y, col_w, bh, _("Puzzle of the day"))
            y += bh + 4
        self._row(surface, self.deck_button, self.deck_label(), right, y, col_w, bh)
        y += bh + 10
        for i, (button, puzzle) in enumerate(zip(self.puzzle_buttons, PUZZLES, strict=True), 1):
            short = _("{number}. {title}").format(number=i, title=_(puzzle.title))
            self._row(surface, button, self._puzzle_label(i, puzzle), right, y, col_w, bh, short)
            y += bh + 4
        self._legend(surface, right, y + 8)
        bw = max(220, max(th.font(22).size(b.text)[0] for b in (self.reference, self.back)) + 30)
        self.reference.rect = pygame.Rect(w // 2 - bw - 10, h - 64, bw, 44)
        self.back.rect = pygame.Rect(w // 2 + 10, h - 64, bw, 44)
        self.reference.draw(surface, th)
        self.back.draw(surface, th)

    def _tier_head(self, surface: pygame.Surface, name: str, number: int, x: int, y: int, bh: int) -> int:
        """A tier's heading at ``y``; the ``y`` of the row under it."""
        head = _("{number}. {tier}").format(number=number, tier=name)
        T.draw_text(surface, self.app.theme, head, (x, y + bh / 2), 22, T.ACCENT, True, "midleft")
        return y + bh

    def _legend(self, surface: pygame.Surface, x: int, y: int) -> None:
        """What the puzzles' marks mean."""
        th = self.app.theme
        for color, ring, words in ((DONE, False, _("solved")), (HELPED, True, _("solved with help"))):
            draw_check(surface, (x + GUTTER / 2 - 2, y + 11), 18, color, ring)
            rect = T.draw_text(surface, th, words, (x + GUTTER + 4, y + 1), 18, T.TEXT_DIM)
            x = rect.right + 28


__all__ = ["LessonList", "draw_check"]
