"""The clocks by the players' names, and what holds them on the play screen.

``clock_face`` draws one player's time in the side panel's row (``side.SidePanel``): the running clock
in a lit box with a small triangle (two bars while it is held), the other one dim; low time in the
danger colour, in bold and after a "!" mark, so that it reads without the colour too.

``follow_clock`` is the play screen's part of each frame: it says what holds the clock (a menu or a
dialog over the board, the computer's turn still being shown), lets go of a loaded game's hold when it
is the computer's turn, and says when the ten-second sound is due (a human's clock only).
``clock_event`` holds the clock while the window is away (minimised, or it lost the focus) and lets
it go at the player's first key or click.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from hwgame.app.control.clock import format_clock
from hwgame.app.control.controller import HUMAN
from hwgame.app.control.timing import LOADED, GameClock
from hwgame.app.view import theme as T

if TYPE_CHECKING:
    from hwgame.app.control.flow import PlayController

COVERED = "covered"  # a menu, a dialog or a card over the play screen
AWAY = "away"  # the window is minimised or lost the focus
SHOWING = "showing"  # the computer's turn is still being shown: the next player's time waits for the board
CLOCK_SIZE = 20  # font size of a clock
_AWAY_EVENTS = {getattr(pygame, name) for name in ("WINDOWFOCUSLOST", "WINDOWMINIMIZED") if hasattr(pygame, name)}
_BACK_EVENTS = {getattr(pygame, name) for name in ("WINDOWFOCUSGAINED", "WINDOWRESTORED") if hasattr(pygame, name)}


def clock_event(clock: GameClock, event: pygame.event.Event) -> bool:
    """Hold the clock while the window is away; a key or a click lets go of that hold and of a loaded
    game's. True for the window's own events, which nothing else on the play screen uses."""
    if event.type in _AWAY_EVENTS:
        clock.clock.hold(AWAY)
        return True
    if event.type in _BACK_EVENTS:
        clock.clock.hold(AWAY, False)
        return True
    if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
        clock.clock.hold(AWAY, False)
        clock.clock.hold(LOADED, False)
    return False


def follow_clock(ctl: PlayController, covered: bool, showing: bool) -> bool:
    """One frame of the play screen's clock (see the module doc); True when the ten-second sound is due."""
    clock = ctl.clock
    if clock is None:
        return False
    clock.clock.hold(COVERED, covered)
    clock.clock.hold(SHOWING, showing)
    if ctl.computer_to_move():
        clock.clock.hold(LOADED, False)  # the computer does not wait for a click
    clock.follow(ctl.game)
    running = clock.clock.running
    return clock.low_warning(ctl.game) and running is not None and ctl.seats[running] == HUMAN


def clock_face(surface: pygame.Surface | None, theme: T.Theme, right: int, y: int, clock: GameClock, player: int,
               game_over: bool) -> int:
    """Draw ``player``'s clock with its right edge at ``right`` and its top at ``y`` (only measure it
    when ``surface`` is None); return its left edge."""
    ms = clock.shown(player)
    running = clock.clock.running == player and not game_over
    low = clock.is_low(player)
    text = ("! " if low else "") + format_clock(ms)
    font = theme.font(CLOCK_SIZE, True)
    tw, th = font.size(text)
    mark = 12 if running else 0
    box = pygame.Rect(0, 0, tw + mark + 14, th + 4)
    box.topright = (right, y)
    if surface is None:
        return box.x
    color = T.DANGER if low else (T.TEXT if running else T.TEXT_DIM)
    if running:
        pygame.draw.rect(surface, T.DANGER_FILL if low else (30, 52, 70), box, border_radius=5)
        pygame.draw.rect(surface, T.DANGER if low else T.ACCENT, box, 1, border_radius=5)
        cx, cy = box.x + 9, box.centery
        if clock.clock.ticking:
            pygame.draw.polygon(surface, color, [(cx - 3, cy - 5), (cx - 3, cy + 5), (cx + 4, cy)])
        else:  # held: two bars, the sign of a pause
            pygame.draw.rect(surface, color, (cx - 4, cy - 5, 3, 10))
            pygame.draw.rect(surface, color, (cx + 1, cy - 5, 3, 10))
    T.draw_text(surface, theme, text, (box.right - 7, box.centery), CLOCK_SIZE, color, True, "midright")
    return box.x


__all__ = ["AWAY", "COVERED", "SHOWING", "clock_event", "clock_face", "follow_clock"]
