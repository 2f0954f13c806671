"""The window's canvas: every screen is laid out for a window of about 1280x800 and grows with it.

Screens place their text and pieces in pixels of a window between the smallest one (1024x700) and
1280x800. A larger window would show the same screens small in its top-left part, with wide empty
margins; instead, screens draw on a canvas of the window's shape whose height is at most 800 (its
``logical`` size), and the window shows the canvas scaled up, so 1920x1080 looks like a larger
1280x800 rather than a smaller one, up to 4K. A window no larger than 1280x800 is drawn on directly.

The window loop (``hwgame.app.main``) owns the one canvas: it brings the canvas to the window's size
each frame, turns the pointer's events into canvas pixels before the screens see them, and shows the
canvas when the frame is drawn. Screens never see the window's own pixels: they ask ``drawing_surface``
for the surface they draw on and ``pointer`` for where the mouse is.
"""

from __future__ import annotations

import pygame

BASE = (1280, 800)  # the window the screens are laid out for; a larger one is scaled from it
MOST = 3.0  # no more than three times larger (a 4K screen is 2.7 times 1280x800)
# The events whose positions are in window pixels.
POINTER_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


def scale_for(size: tuple[int, int]) -> float:
    """How much larger than the screens' own pixels a window of ``size`` shows them: 1 up to
    1280x800, then as the window's narrower side allows, at most ``MOST``."""
    w, h = size
    return max(1.0, min(w / BASE[0], h / BASE[1], MOST))


def logical_size(size: tuple[int, int]) -> tuple[int, int]:
    """The canvas the screens draw on for a window of ``size``: the window's shape at their scale."""
    scale = scale_for(size)
    return max(1, round(size[0] / scale)), max(1, round(size[1] / scale))


class Canvas:
    """The surface screens draw on for one window, and how its pixels map to the window's."""

    def __init__(self) -> None:
        self.window_size = (0, 0)
        self.scale = 1.0
        self._surface: pygame.Surface | None = None  # None while the window is drawn on directly

    def fit(self, window: pygame.Surface) -> pygame.Surface:
        """Bring the canvas to ``window``'s size (a resize, fullscreen on or off) and return the surface
        to draw this frame on: the window itself, or the canvas scaled up to it when shown."""
        size = window.get_size()
        if size != self.window_size:
            self.window_size = size
            self.scale = scale_for(size)
            self._surface = pygame.Surface(logical_size(size)).convert() if self.scale > 1 else None
        return window if self._surface is None else self._surface

    def to_canvas(self, event: pygame.event.Event) -> pygame.event.Event:
        """``event`` with its window pixels (a pointer's position, a resize) in the canvas's."""
        if self.scale == 1:
            return event
        if event.type in POINTER_EVENTS:
            data = dict(event.dict)
            data["pos"] = self.point(event.pos)
            if "rel" in data:
                data["rel"] = (round(event.rel[0] / self.scale), round(event.rel[1] / self.scale))
            return pygame.event.Event(event.type, data)
        if event.type == pygame.VIDEORESIZE:
            w, h = logical_size((event.w, event.h))
            return pygame.event.Event(event.type, {**event.dict, "w": w, "h": h, "size": (w, h)})
        return event

    def point(self, pos: tuple[int, int]) -> tuple[int, int]:
        """A window point in canvas pixels (each side by its own ratio, as the frame is shown)."""
        if self._surface is None:
            return pos
        (w, h), (cw, ch) = self.window_size, self._surface.get_size()
        return min(cw - 1, round(pos[0] * cw / w)), min(ch - 1, round(pos[1] * ch / h))

    def show(self, window: pygame.Surface) -> None:
        """Put the frame drawn on the canvas on ``window`` (nothing to do when drawn on directly)."""
        if self._surface is not None:
            pygame.transform.smoothscale(self._surface, window.get_size(), window)


_canvas: Canvas | None = None  # the window loop's canvas, once it has one


def use(canvas: Canvas | None) -> None:
    """Make ``canvas`` the window's (None: screens draw on the display surface itself, as in tests)."""
    global _canvas
    _canvas = canvas


def drawing_surface() -> pygame.Surface | None:
    """The surface the screens draw on this frame: the canvas, else the display surface, else None."""
    if _canvas is not None and _canvas._surface is not None:
        return _canvas._surface
    return pygame.display.get_surface() if pygame.display.get_init() else None


def pointer() -> tuple[int, int]:
    """Where the mouse is, in the pixels screens draw in."""
    pos = pygame.mouse.get_pos()
    return pos if _canvas is None else _canvas.point(pos)
