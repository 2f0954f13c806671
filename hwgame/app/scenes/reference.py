"""The rules on one screen: the tutorial's quick reference, laid out in cards.

Sections come from ``tutorial.reference`` as structured text (marked for translation there, worded here
when drawn); rows about a colour get a swatch of it. "Full rules" opens the longer text of the rules
screen.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

import pygame

from hwgame.app.kit.base import ButtonScene
from hwgame.app.view import theme as T
from hwgame.app.view.widgets import NOTICE_H, Button, panel
from hwgame.i18n import _, is_cjk_language
from hwgame.tutorial.reference import SECTIONS, Section

LINE, CELL = 18, 17  # text sizes of the lines and of the table cells
# Japanese and Chinese characters are denser than Latin letters: at the Latin size a character such as
# 艘 would read as 般, so they are drawn larger (the cards scroll, so the room is there).
LINE_CJK, CELL_CJK = 23, 22
BULLET = 14  # room for the dot before each line of a section
TOP = 76  # where the cards begin, under the title and the buttons


def split_columns(heights: list[int], ncols: int) -> list[int]:
    """The column of each card, keeping reading order, with the tallest column as short as possible."""
    n = len(heights)
    best: int | None = None
    best_cuts: tuple[int, ...] = ()

    def tallest(cuts: tuple[int, ...]) -> int:
        bounds = (0, *cuts, n)
        return max(sum(heights[a:b]) for a, b in zip(bounds, bounds[1:], strict=False))

    def search(cuts: tuple[int, ...], start: int) -> None:
        nonlocal best, best_cuts
        if len(cuts) == ncols - 1:
            t = tallest(cuts)
            if best is None or t < best:
                best, best_cuts = t, cuts
            return
        for k in range(start, n):
            search((*cuts, k), k + 1)

    search((), 1)
    out, col = [], 0
    for i in range(n):
        while col < len(best_cuts) and i >= best_cuts[col]:
            col += 1
        out.append(col)
    return out


class ReferenceScene(ButtonScene):
    """The quick reference in columns of cards, scrollable when the window is short."""

    @property
    def line_px(self) -> int:
        """The size of the cards' lines in the language in force."""
        return LINE_CJK if is_cjk_language() else LINE

    @property
    def cell_px(self) -> int:
        """The size of the tables' last cells in the language in force."""
        return CELL_CJK if is_cjk_language() else CELL

    def __init__(self, app):
        super().__init__(app)
        self.scroll = 0
        self.content_h = 0
        self.full = Button(lambda: _("Full rules"), self.open_full, size=22)
        self.back = Button(lambda: _("Back"), self.leave, size=22)
        self.buttons = [self.full, self.back]

    def open_full(self) -> None:
        """The rules screen's longer text."""
        self.app.open_scene("rules")

    def keys(self) -> dict[int, Callable[[], object]]:
        """Escape goes back; the arrow and page keys scroll."""
        return {pygame.K_ESCAPE: self.leave, pygame.K_DOWN: partial(self._scroll_by, 40),
                pygame.K_PAGEDOWN: partial(self._scroll_by, 300), pygame.K_UP: partial(self._scroll_by, -40),
                pygame.K_PAGEUP: partial(self._scroll_by, -300)}

    def handle_other(self, event: pygame.event.Event) -> bool:
        """The wheel scrolls."""
        if event.type == pygame.MOUSEWHEEL:
            self._scroll_by(-event.y * 40)
            return True
        return False

    def _scroll_by(self, dy: int) -> None:
        self.scroll = max(0, min(max(0, self.content_h - self._view_h(self.app.size[1])), self.scroll + dy))

    @staticmethod
    def _view_h(h: int) -> int:
        """Pixels of the cards' view: below the title row, above the line that says more is below and
        the messages' strip under it."""
        return h - TOP - 30 - NOTICE_H - 4

    def toast_place(self, size: tuple[int, int]) -> pygame.Rect:
        """Messages go in the strip at the foot of the window, under the cards' view and its last line."""
        w, h = size
        return pygame.Rect(20, h - 6 - NOTICE_H, w - 40, NOTICE_H)

    def _measure(self, section: Section, width: int) -> int:
        th = self.app.theme
        h = 36
        for line in section.lines:
            h += len(th.wrap(_(line), self.line_px, width - 28 - BULLET)) * (self.line_px + 1) + 2
        if section.rows:
            h += 6
            last = self._columns(section)[1]
            for row in section.rows:
                h += self._row_height(row.cells, width, last) + 4
        return h + 10

    def _row_height(self, cells: Sequence[str], width: int, first: int) -> int:
        th = self.app.theme
        last = th.wrap(_(cells[-1]), self.cell_px, width - 28 - first - 8)
        return max(21, len(last) * (self.cell_px + 1) + 3)

    def _columns(self, section: Section) -> tuple[int, int]:
        """x offsets of the second and last cell of the section's rows, from the widest cells before them."""
        font = self.app.theme.font(self.line_px, True)
        swatch = 20 if any(row.color is not None for row in section.rows) else 0
        second = swatch + max(font.size(_(row.cells[0]))[0] for row in section.rows) + 14
        if len(section.header) < 3:
            return second, second
        return second, second + max(font.size(_(row.cells[1]))[0] for row in section.rows) + 14

    def draw(self, surface: pygame.Surface) -> None:
        """Title, cards in columns (in reading order), and the buttons."""
        th = self.app.theme
        w, h = surface.get_size()
        surface.fill(T.BG)
        T.draw_text(surface, th, _("Quick reference"), (w // 2, 16), 44, T.TEXT, True, "midtop")
        ncols = 3 if w >= 1200 else 2
        col_w = min(600, (w - 40 - 12 * (ncols - 1)) // ncols)
        left = (w - ncols * col_w - 12 * (ncols - 1)) // 2
        xs = [left + k * (col_w + 12) for k in range(ncols)]
        tops = [TOP] * ncols
        clip = pygame.Rect(0, TOP - 8, w, self._view_h(h) + 8)
        surface.set_clip(clip)
        heights = [self._measure(section, col_w) for section in SECTIONS]
        for section, card_h, k in zip(SECTIONS, heights, split_columns(heights, ncols), strict=True):
            rect = pygame.Rect(xs[k], tops[k] - self.scroll, col_w, card_h)
            if rect.bottom > clip.top and rect.top < clip.bottom:
                self._draw_section(surface, section, rect)
            tops[k] += card_h + 10
        surface.set_clip(None)
        self.content_h = max(tops) - TOP
        if self.content_h - self.scroll > self._view_h(h):
            T.draw_text(
                surface,
                th,
                _("more below: scroll with the wheel or the arrow keys"),
                (w // 2, TOP + self._view_h(h) + 26),
                18,
                T.TEXT_DIM,
                anchor="midbottom",
            )
        # The buttons share the title's row, so the cards get the whole height below it.
        bw = max(150, max(th.font(22).size(b.text)[0] for b in (self.full, self.back)) + 24)
        self.back.rect = pygame.Rect(xs[0], 16, bw, 40)
        self.full.rect = pygame.Rect(xs[-1] + col_w - bw, 16, bw, 40)
        self.full.draw(surface, th)
        self.back.draw(surface, th)

    def _draw_section(self, surface: pygame.Surface, section: Section, rect: pygame.Rect) -> None:
        th = self.app.theme
        panel(surface, rect, alpha=255, radius=10)
        x = rect.x + 14
        y = rect.y + 10
        T.draw_text(surface, th, _(section.title), (x, y), 22, T.ACCENT, True)
        y += 26
        for line in section.lines:
            for k, part in enumerate(th.wrap(_(line), self.line_px, rect.w - 28 - BULLET)):
                if k == 0:  # a bullet drawn as a dot: no font is asked for the character
                    pygame.draw.circle(surface, T.TEXT_DIM, (x + 4, y + self.line_px // 2 + 1), 3)
                T.draw_text(surface, th, part, (x + BULLET, y), self.line_px, T.TEXT)
                y += self.line_px + 1
            y += 2
        if not section.rows:
            return
        y += 6
        second, last = self._columns(section)
        for row in section.rows:
            cells = row.cells
            if row.color is not None:
                pygame.draw.circle(surface, T.PIECE_RGB[row.color], (x + 7, y + 9), 7)
            cx = x + (20 if row.color is not None else 0)
            T.draw_text(surface, th, _(cells[0]), (cx, y), self.line_px, T.TEXT, True)
            if len(cells) == 3:
                T.draw_text(surface, th, _(cells[1]), (x + second, y), self.line_px, T.TEXT_WARN, True)
            lines = th.wrap(_(cells[-1]), self.cell_px, rect.w - 28 - last - 8) if len(cells) > 1 else []
            for k, part in enumerate(lines):
                T.draw_text(surface, th, part, (x + last, y + 1 + (self.cell_px + 1) * k), self.cell_px, T.TEXT_DIM)
            y += self._row_height(cells, rect.w, last) + 4


__all__ = ["ReferenceScene"]
