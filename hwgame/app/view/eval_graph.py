"""The graph of a reviewed game: one bar per turn, up when the bottom player stands better.

Each bar is the bottom player's chance to win after the turn (``hwgame.ai.winchance``, fitted on real
games), from the middle line at 50% to the edge at 100% or 0% (``lead``): a proven win or loss reaches
the edge, and the height means the same thing in every game. Turns with a mark (a missed win, a
blunder) are drawn in red with a dot; the turn shown on the board is outlined. ``EvalGraph.turn_at``
tells which turn a click on the graph means. The geometry (``bar_box``, ``turn_at``) needs no display.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from hwgame.app.view import theme as T

GUTTER = 104  # room on the left for the two names
MARK_RGB = (236, 64, 64)
# Each mark's colour: the worse the slip, the redder.
MARK_COLOURS = {"blunder": MARK_RGB, "missed_win": MARK_RGB, "mistake": (240, 140, 50), "inaccuracy": (226, 200, 80)}
BACK_RGB = (16, 19, 34)


def lead(chance: float | None) -> float | None:
    """A chance to win mapped into -1..1 (50% is level, 0), None (a setup turn) stays None."""
    if chance is None:
        return None
    return max(-1.0, min(1.0, 2.0 * chance - 1.0))


class EvalGraph:
    """Draws the graph into a rectangle and remembers it, so that a click can be mapped to a turn."""

    def __init__(self):
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.total = 0

    def place(self, rect: pygame.Rect, total: int) -> None:
        """Where the graph goes and how many turns it spans."""
        self.rect = pygame.Rect(rect)
        self.total = total

    def _gutter(self) -> int:
        return min(GUTTER, self.rect.w // 4)

    def _plot(self) -> pygame.Rect:
        # The names take the left; a margin keeps bars at the ends inside the frame.
        g = self._gutter()
        return pygame.Rect(self.rect.x + g, self.rect.y + 4, max(1, self.rect.w - g - 6), max(1, self.rect.h - 8))

    def bar_box(self, index: int) -> pygame.Rect:
        """The column of turn ``index`` (0-based): its whole height, clickable."""
        plot = self._plot()
        step = plot.w / max(1, self.total)
        x0 = plot.x + round(index * step)
        x1 = plot.x + round((index + 1) * step)
        return pygame.Rect(x0, plot.y, max(1, x1 - x0), plot.h)

    def turn_at(self, pos: tuple[int, int]) -> int | None:
        """The turn (0-based) whose column holds ``pos``, or None outside the graph."""
        plot = self._plot()
        if self.total <= 0 or not self.rect.collidepoint(pos):
            return None
        step = plot.w / self.total
        return max(0, min(self.total - 1, int((pos[0] - plot.x) // step)))

    def draw(
        self,
        surface: pygame.Surface,
        theme: T.Theme,
        values: Sequence[float | None],
        marks: set[int] | dict[int, str],
        current: int | None,
        names: tuple[str, str],
        colours: tuple[T.RGB, T.RGB],
    ) -> None:
        """The frame, the middle line, one bar per reviewed turn (``values``: the bottom player's
        chances to win, None for setup turns), bars with a dot at ``marks`` (a set: red; a dict of index to
        mark kind: the kind's colour, ``MARK_COLOURS``), and the ``current`` turn
        outlined. ``names``/``colours``: the bottom player's and the other's, for the labels."""
        rect = self.rect
        pygame.draw.rect(surface, BACK_RGB, rect, border_radius=6)
        pygame.draw.rect(surface, T.PANEL_EDGE, rect, 1, border_radius=6)
        plot = self._plot()
        mid = plot.y + plot.h // 2
        half = plot.h / 2 - 1
        pygame.draw.line(surface, (58, 66, 98), (plot.x, mid), (plot.right - 1, mid))
        for i, value in enumerate(values):
            v = lead(value)
            if v is None:
                continue
            col = self.bar_box(i)
            width = max(1, col.w - (1 if col.w > 3 else 0))  # a gap between bars when there is room
            height = max(1, round(abs(v) * half))
            top = mid - height if v >= 0 else mid + 1
            marked = i in marks
            mark_rgb = MARK_COLOURS.get(marks[i], MARK_RGB) if isinstance(marks, dict) and marked else MARK_RGB
            ink = mark_rgb if marked else T.mix(BACK_RGB, colours[0] if v >= 0 else colours[1], 0.75)
            pygame.draw.rect(surface, ink, (col.x, top, width, height))
            if marked:
                y = top if v >= 0 else top + height
                pygame.draw.circle(surface, mark_rgb, (col.x + width // 2, y), max(3, min(5, col.w)))
        if current is not None and 0 <= current < self.total:
            col = self.bar_box(current)
            pygame.draw.rect(surface, T.SELECT, col.inflate(2, 2), 1)
        # The names say which way is whose: the bottom player's advantage points up.
        room = self._gutter() - 24
        for k, (name, colour) in enumerate(zip(names, colours, strict=True)):
            label = theme.fit_text(name, 15, room, T.mix(T.TEXT, colour, 0.5))
            y = rect.y + 5 if k == 0 else rect.bottom - label.get_height() - 5
            tip = (rect.x + 12, y + (1 if k == 0 else label.get_height() - 1))
            base = y + label.get_height() - 3 if k == 0 else y + 3
            pygame.draw.polygon(surface, colour, [tip, (tip[0] - 5, base), (tip[0] + 5, base)])
            surface.blit(label, (rect.x + 21, y))
