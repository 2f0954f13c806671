"""The drag tracker: mouse presses, motion and releases over the board become intents.

A press and a release on the same target is a Click; a press, a move beyond a few pixels and a release
is a Drop of the pressed target on whatever is under the release point. Pieces that may not be dragged
say why (DragRefused) instead of lifting. The tracker knows nothing of the rules: the screen gives it a
``hit`` function (point -> target) and a ``refusal`` function (target -> reason, "" or None).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

import pygame

DRAG_THRESHOLD = 6  # pixels the pointer travels before a press becomes a drag

# What the screen's ``hit`` finds under a point (the play screen's targets, the setup's slots too).
T = TypeVar("T")


@dataclass(frozen=True)
class Click(Generic[T]):
    """Press and release on the same target."""

    target: T
    pos: tuple[int, int]


@dataclass(frozen=True)
class DragStart(Generic[T]):
    """A piece was lifted."""

    source: T
    pos: tuple[int, int]


@dataclass(frozen=True)
class Drop(Generic[T]):
    """A lifted piece was let go over ``target`` (None: outside the board and bank)."""

    source: T
    target: T | None
    pos: tuple[int, int]


@dataclass(frozen=True)
class DragRefused(Generic[T]):
    """The pressed piece cannot be lifted; ``reason`` says why."""

    source: T
    reason: str


@dataclass(frozen=True)
class DragCancel(Generic[T]):
    """The drag was called off (right button, Escape, focus lost)."""

    source: T


# What a mouse event becomes.
Intent = Click[T] | DragStart[T] | Drop[T] | DragRefused[T] | DragCancel[T]


class DragTracker(Generic[T]):
    """Turns mouse events into Click / DragStart / Drop / DragRefused / DragCancel intents."""

    def __init__(self, hit: Callable[[tuple[int, int]], T | None], refusal: Callable[[T], str | None]):
        self.hit = hit
        self.refusal = refusal
        self.source: T | None = None  # the pressed target
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

    def cancel(self) -> DragCancel[T] | None:
        """Call off a drag in progress; return a DragCancel intent, or None if nothing was dragged."""
        if self.dragging and self.source is not None:  # a drag always has its source
            source = self.source
            self.reset()
            return DragCancel(source)
        self.reset()
        return None

    def handle_event(self, event: pygame.event.Event) -> Intent[T] | None:
        """Feed one pygame event; return an intent or None."""
        kind = event.type
        if kind == pygame.MOUSEMOTION:
            self.pos = _point(event.pos)
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
                self.pos = self.press_pos = _point(event.pos)
                self.source = self.hit(self.pos)
                return None
            if event.button == 3:
                return self.cancel()
            return None
        if kind == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.press_pos is None:
                return None
            pos = _point(event.pos)
            source, dragging, blocked = self.source, self.dragging, self.blocked
            self.reset()
            self.pos = pos
            if dragging and source is not None:  # a drag always has its source
                return Drop(source, self.hit(pos), pos)
            if not blocked and source is not None and self.hit(pos) == source:
                return Click(source, pos)
            return None
        if kind == pygame.WINDOWFOCUSLOST:
            return self.cancel()
        return None


def _point(pos: tuple[int, int]) -> tuple[int, int]:
    """An event's position as a pair of ints (pygame gives a tuple; a test may build one of a list)."""
    x, y = pos
    return (x, y)
