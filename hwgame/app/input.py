"""The drag tracker: mouse presses, motion and releases over the board become intents.

A press and a release on the same target is a Click; a press, a move beyond a few pixels and a release
is a Drop of the pressed target on whatever is under the release point. Pieces that may not be dragged
say why (DragRefused) instead of lifting. The tracker knows nothing of the rules: the screen gives it a
``hit`` function (point -> target) and a ``refusal`` function (target -> reason, "" or None).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

DRAG_THRESHOLD = 6  # pixels the pointer travels before a press becomes a drag


@dataclass(frozen=True)
class Click:
    """Press and release on the same target."""

    target: object
    pos: tuple[int, int]


@dataclass(frozen=True)
class DragStart:
    """A piece was lifted."""

    source: object
    pos: tuple[int, int]


@dataclass(frozen=True)
class Drop:
    """A lifted piece was let go over ``target`` (None: outside the board and bank)."""

    source: object
    target: object
    pos: tuple[int, int]


@dataclass(frozen=True)
class DragRefused:
    """The pressed piece cannot be lifted; ``reason`` says why."""

    source: object
    reason: str


@dataclass(frozen=True)
class DragCancel:
    """The drag was called off (right button, Escape, focus lost)."""

    source: object


class DragTracker:
    """Turns mouse events into Click / DragStart / Drop / DragRefused / DragCancel intents."""

    def __init__(self, hit: Callable[[tuple[int, int]], object], refusal: Callable[[object], str | None]):
        self.hit = hit
        self.refusal = refusal
        self.source = None  # the pressed target
        self.press_pos: tuple[int, int] | None = None
        self.pos: tuple[int, int] = (0, 0)
        self.dragging = False
        self.blocked = False  # pressed on something that may not move: no drag, no click

    def reset(self) -> None:
        """Forget any press or drag (a dialog opened, the position changed under the pointer)."""
        self.source = None
        self.press_pos = None
        self.dragging = False
        self.blocked = False

    def cancel(self):
        """Call off a drag in progress; return a DragCancel intent, or None if nothing was dragged."""
        if self.dragging:
            source = self.source
            self.reset()
            return DragCancel(source)
        self.reset()
        return None

    def handle_event(self, event):
        """Feed one pygame event; return an intent or None."""
        kind = event.type
        if kind == pygame.MOUSEMOTION:
            self.pos = tuple(event.pos)
            if self.press_pos is None or self.dragging or self.blocked:
                return None
            dx, dy = self.pos[0] - self.press_pos[0], self.pos[1] - self.press_pos[1]
            if dx * dx + dy * dy < DRAG_THRESHOLD * DRAG_THRESHOLD:
                return None
            if self.source is None:
                self.blocked = True
                return None
            reason = self.refusal(self.source)
            if reason is not None:
                self.blocked = True
                return DragRefused(self.source, reason) if reason else None
            self.dragging = True
            return DragStart(self.source, self.press_pos)
        if kind == pygame.MOUSEBUTTONDOWN:
            if event.button == 1:
                self.reset()
                self.pos = self.press_pos = tuple(event.pos)
                self.source = self.hit(self.pos)
                return None
            if event.button == 3:
                return self.cancel()
            return None
        if kind == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.press_pos is None:
                return None
            pos = tuple(event.pos)
            source, dragging, blocked = self.source, self.dragging, self.blocked
            self.reset()
            self.pos = pos
            if dragging:
                return Drop(source, self.hit(pos), pos)
            if not blocked and source is not None and self.hit(pos) == source:
                return Click(source, pos)
            return None
        if kind == pygame.WINDOWFOCUSLOST:
            return self.cancel()
        return None
