"""Small boxes of words over the board: tooltips next to the pointer and messages placed clear of pieces.

Where a box goes is worked out by pure functions (``tip_rect``, ``message_rect``) so a test can check
that a tooltip never leaves the window and a message never covers the player's own homeworld; the
drawing functions only paint the rectangle they are given.
"""

from __future__ import annotations

import pygame

from hwgame.app.view import theme as T
from hwgame.app.view.layout import Box

TIP_SIZE = 18  # font size of a tooltip
TIP_WIDTH = 360  # a tooltip wraps at this many pixels (less in a narrow window)
TIP_MARGIN = 6  # pixels a tooltip keeps clear of the edges of its bounds (a panel's border, the window's)


def tip_rect(size: tuple[int, int], pointer: tuple[float, float], wh: tuple[float, float],
             bounds: Box | None = None) -> pygame.Rect:
    """Where a tooltip of ``wh`` pixels goes next to the pointer: below and right of it, flipped to the
    other side where it would leave ``bounds`` (default: the window), and always inside them, clear of
    their edges by ``TIP_MARGIN`` where there is room."""
    b = bounds or Box(0, 0, *size)
    if b.w > 2 * TIP_MARGIN + wh[0] and b.h > 2 * TIP_MARGIN + wh[1]:
        b = Box(b.x + TIP_MARGIN, b.y + TIP_MARGIN, b.w - 2 * TIP_MARGIN, b.h - 2 * TIP_MARGIN)
    w, h = round(min(wh[0], b.w)), round(min(wh[1], b.h))
    x, y = pointer[0] + 18, pointer[1] + 22
    if x + w > b.right:
        x = pointer[0] - 10 - w
    if y + h > b.bottom:
        y = pointer[1] - 10 - h
    x = min(max(x, b.x), b.right - w)
    y = min(max(y, b.y), b.bottom - h)
    return pygame.Rect(round(x), round(y), w, h)


def message_rect(board: Box, wh: tuple[float, float], avoid: list[Box]) -> pygame.Rect:
    """Where a message of ``wh`` pixels goes on the board: centred near the bottom, raised above any box
    of ``avoid`` it would cover (the player's own homeworld), never wider than the board."""
    w, h = min(wh[0], board.w - 8), wh[1]
    x = board.x + (board.w - w) / 2
    y = board.bottom - 10 - h
    for box in sorted(avoid, key=lambda b: -b.y):
        if Box(x, y, w, h).intersects(box):
            y = box.y - 8 - h
    y = max(board.y + 4, y)
    return pygame.Rect(round(x), round(y), round(w), round(h))


def draw_tip(surface: pygame.Surface, theme: T.Theme, text: str, pointer: tuple[float, float],
             edge: T.RGB = T.LIT, ink: T.RGB = T.TEXT, bounds: Box | None = None) -> pygame.Rect:
    """A wrapped tooltip next to the pointer, kept inside ``bounds`` (the window); returns its rect."""
    sw, sh = surface.get_size()
    width = min(TIP_WIDTH, sw - 40)
    lines = theme.wrap(text, TIP_SIZE, width)
    lh = theme.font(TIP_SIZE).get_linesize()
    w = max(theme.font(TIP_SIZE).size(line)[0] for line in lines) + 16
    rect = tip_rect((sw, sh), pointer, (w, lh * len(lines) + 10), bounds)
    pygame.draw.rect(surface, (14, 18, 32), rect, border_radius=6)
    pygame.draw.rect(surface, edge, rect, 1, border_radius=6)
    for i, line in enumerate(lines):
        surface.blit(theme.fit_text(line, TIP_SIZE, rect.w - 12, ink), (rect.x + 8, rect.y + 5 + lh * i))
    return rect


__all__ = ["draw_tip", "message_rect", "tip_rect"]
