"""The tutorial's home: lessons by tier, puzzles by difficulty, and the quick reference.

``LessonList`` is the list; a lesson (``"lesson"``) or a puzzle (``"puzzle"``) it opens is played on the
board, with the coaching card over the play screen.

Lessons already finished carry a tick and a lesson left half-way resumes at its step (both kept in
the settings' ``tutorial`` table); solved puzzles carry a tick too.
"""

from __future__ import annotations

import pygame

from hwgame.tutorial import LESSONS, PUZZLES, TIERS, lessons_in_tier, runner_for

from ..scene_stack import Scene
from ..view import theme as T
from ..view.widgets import Button

TICK = "\u2713"


def _progress(app, key: str) -> tuple[bool, int]:
    """(completed, step) stored for a lesson or puzzle, or (False, 0)."""
    table = app.settings.tutorial
    entry = table.get(key)
    if entry is None:
        return False, 0
    return bool(getattr(entry, "completed", False)), int(getattr(entry, "step", 0) or 0)


class LessonList(Scene):
    """Pick a lesson or a puzzle (see the module doc); ``rows`` pairs each lesson with its button."""

    def __init__(self, app):
        super().__init__(app)
        self.lesson_buttons: list[tuple[int, Button]] = []  # (tier, button)
        self.puzzle_buttons: list[Button] = []
        self.reference = Button("Quick reference", self.open_reference, size=22)
        self.back = Button("Back", lambda: self.app.scenes.pop(self), size=22)
        self.resume()

    def resume(self) -> None:
        """Rebuild the lists (progress may have changed while a lesson was open)."""
        self.lesson_buttons = []
        self.rows: list[tuple[pygame.Rect, object]] = []  # (button rect, lesson), in teaching order
        number = 0
        for tier in TIERS:
            for lesson in lessons_in_tier(tier):
                number += 1
                done, step = _progress(self.app, lesson.id)
                mark = f"{TICK} " if done else ""
                more = f"  (step {step + 1} of {len(lesson.steps)})" if step and not done else ""
                label = f"{mark}{number}. {lesson.title}{more}"
                button = Button(label, self._lesson_opener(lesson, 0 if done else step))
                self.lesson_buttons.append((tier, button))
                self.rows.append((button.rect, lesson))
        self.puzzle_buttons = []
        for i, puzzle in enumerate(PUZZLES, 1):
            done, _ = _progress(self.app, "puzzle:" + puzzle.id)
            mark = f"{TICK} " if done else ""
            label = f"{mark}{i}. {puzzle.title}  ·  {puzzle.task.lower()}  ·  {puzzle.difficulty_name}"
            self.puzzle_buttons.append(Button(label, self._puzzle_opener(puzzle)))

    def _lesson_opener(self, lesson, step: int):
        def open_lesson():
            self.app.open_scene("lesson", runner_for((lesson.id, step)))

        return open_lesson

    def _puzzle_opener(self, puzzle):
        def open_puzzle():
            self.app.open_scene("puzzle", puzzle)

        return open_puzzle

    def open_reference(self) -> None:
        """The rules on one screen."""
        self.app.open_scene("reference")

    def buttons(self) -> list[Button]:
        """Every button of the screen."""
        return [b for _, b in self.lesson_buttons] + self.puzzle_buttons + [self.reference, self.back]

    def handle_event(self, event) -> bool:
        """Buttons; Escape goes back."""
        for button in self.buttons():
            if button.handle_event(event):
                return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.scenes.pop(self)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        """Two columns: lessons on the left, puzzles on the right."""
        th = self.app.theme
        w, h = surface.get_size()
        surface.fill(T.BG)
        T.draw_text(surface, th, "Learn to play", (w // 2, 18), 46, T.TEXT, True, "midtop")
        done = sum(1 for lesson in LESSONS if _progress(self.app, lesson.id)[0])
        T.draw_text(
            surface, th, f"{done} of {len(LESSONS)} lessons done", (w // 2, 62), 20, T.TEXT_DIM, anchor="midtop"
        )
        col_w = min(560, (w - 90) // 2)
        left = w // 2 - col_w - 15
        right = w // 2 + 15
        rows = len(self.lesson_buttons) + len(TIERS)
        bh = max(22, min(32, (h - 200) // rows - 4))
        y = 96
        tier = None
        for t, button in self.lesson_buttons:
            if t != tier:
                tier = t
                T.draw_text(surface, th, f"{t}. {TIERS[t]}", (left, y + 4), 22, T.ACCENT, True)
                y += bh
            button.rect.update(left, y, col_w, bh)  # in place: ``rows`` shares the rect
            button.size = 20
            button.draw(surface, th)
            y += bh + 4
        y = 96
        T.draw_text(surface, th, "Puzzles", (right, y + 4), 22, T.ACCENT, True)
        y += bh
        for button in self.puzzle_buttons:
            button.rect = pygame.Rect(right, y, col_w, bh)
            button.size = 20
            button.draw(surface, th)
            y += bh + 4
        self.reference.rect = pygame.Rect(w // 2 - 230, h - 64, 220, 44)
        self.back.rect = pygame.Rect(w // 2 + 10, h - 64, 220, 44)
        self.reference.draw(surface, th)
        self.back.draw(surface, th)


__all__ = ["LessonList"]
