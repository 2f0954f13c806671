"""The rules on one screen: the tutorial's quick reference, laid out in cards.

Sections come from ``tutorial.reference`` as structured text; rows about a colour get a swatch of it.
"Full rules" opens the longer text of the rules screen.
"""

from __future__ import annotations

import pygame

from hwgame.tutorial.reference import SECTIONS, Section

from ..view import theme as T
from ..view.widgets import Button, panel
from .base import Scene


class ReferenceScene(Scene):
    """The quick reference in two columns of cards, scrollable when the window is short."""

    def __init__(self, app):
        super().__init__(app)
        self.scroll = 0
        self.content_h = 0
        self.full = Button("Full rules", self.open_full, size=22)
        self.back = Button("Back", lambda: self.app.scenes.pop(self), size=22)

    def open_full(self) -> None:
        """The rules screen's longer text."""
        from .info import RulesScene

        self.app.scenes.push(RulesScene(self.app))

    def handle_event(self, event) -> bool:
        """Buttons, wheel and arrow keys to scroll, Escape to go back."""
        for button in (self.full, self.back):
            if button.handle_event(event):
                return True
        if event.type == pygame.MOUSEWHEEL:
            self._scroll_by(-event.y * 40)
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.scenes.pop(self)
            elif event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
                self._scroll_by(40 if event.key == pygame.K_DOWN else 300)
            elif event.key in (pygame.K_UP, pygame.K_PAGEUP):
                self._scroll_by(-40 if event.key == pygame.K_UP else -300)
        return True

    def _scroll_by(self, dy: int) -> None:
        h = self.app.size[1]
        self.scroll = max(0, min(max(0, self.content_h - (h - 160)), self.scroll + dy))

    def _measure(self, section: Section, width: int) -> int:
        th = self.app.theme
        h = 40
        for line in section.lines:
            h += len(th.wrap(line, 19, width - 28)) * 20 + 2
        if section.rows:
            h += 6
            for row in section.rows:
                h += self._row_height(row.cells, width) + 4
        return h + 10

    def _row_height(self, cells, width: int) -> int:
        th = self.app.theme
        last = th.wrap(cells[-1], 18, width - 28 - self._first_col(cells) - 8)
        return max(22, len(last) * 19 + 3)

    def _first_col(self, cells) -> int:
        return 0 if len(cells) == 1 else (170 if len(cells) == 2 else 210)

    def draw(self, surface: pygame.Surface) -> None:
        """Title, cards in two columns (shortest column first), and the buttons."""
        th = self.app.theme
        w, h = surface.get_size()
        surface.fill(T.BG)
        T.draw_text(surface, th, "Quick reference", (w // 2, 16), 44, T.TEXT, True, "midtop")
        col_w = min(600, (w - 70) // 2)
        xs = (w // 2 - col_w - 10, w // 2 + 10)
        tops = [80, 80]
        clip = pygame.Rect(0, 70, w, h - 150)
        surface.set_clip(clip)
        for section in SECTIONS:
            k = 0 if tops[0] <= tops[1] else 1
            card_h = self._measure(section, col_w)
            rect = pygame.Rect(xs[k], tops[k] - self.scroll, col_w, card_h)
            if rect.bottom > clip.top and rect.top < clip.bottom:
                self._draw_section(surface, section, rect)
            tops[k] += card_h + 12
        surface.set_clip(None)
        self.content_h = max(tops) - 80
        self.full.rect = pygame.Rect(w // 2 - 230, h - 64, 220, 44)
        self.back.rect = pygame.Rect(w // 2 + 10, h - 64, 220, 44)
        self.full.draw(surface, th)
        self.back.draw(surface, th)

    def _draw_section(self, surface: pygame.Surface, section: Section, rect: pygame.Rect) -> None:
        th = self.app.theme
        panel(surface, rect, alpha=255, radius=10)
        x = rect.x + 14
        y = rect.y + 10
        T.draw_text(surface, th, section.title, (x, y), 24, T.ACCENT, True)
        y += 30
        for line in section.lines:
            for k, part in enumerate(th.wrap(line, 19, rect.w - 28)):
                T.draw_text(surface, th, ("• " if k == 0 else "  ") + part, (x, y), 19, T.TEXT)
                y += 20
            y += 2
        if not section.rows:
            return
        y += 6
        first = self._first_col(section.rows[0].cells)
        for row in section.rows:
            cells = row.cells
            if row.color is not None:
                pygame.draw.circle(surface, T.PIECE_RGB[row.color], (x + 7, y + 9), 7)
            cx = x + (20 if row.color is not None else 0)
            T.draw_text(surface, th, cells[0], (cx, y), 19, T.TEXT, True)
            if len(cells) == 3:
                T.draw_text(surface, th, cells[1], (x + 95, y), 19, T.TEXT_WARN, True)
            lines = th.wrap(cells[-1], 18, rect.w - 28 - first - 8) if len(cells) > 1 else []
            for k, part in enumerate(lines):
                T.draw_text(surface, th, part, (x + first, y + 1 + 19 * k), 18, T.TEXT_DIM)
            y += self._row_height(cells, rect.w) + 4


__all__ = ["ReferenceScene"]
