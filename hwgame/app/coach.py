"""The tutorial's coaching card: an overlay scene over a play screen, for a lesson or a puzzle.

``CoachScene`` is a non-opaque scene whose ``under`` is a play screen made for the lesson's or puzzle's
controller; the two enter and leave the scene stack together. The card across the top of the board
shows the task, the goal, the last feedback and its own buttons, with pulsing marks on the pieces the
step points at. The board, drags, captions and animations are the play screen's own: every event the
card does not use is handed down to it.

The two talk through small, explicit interfaces. The play screen is given this overlay as its
``coach`` (``play.Coach``: ``card_height`` for the room kept at the top of the board, ``open_menu``
for Escape and the Menu button, ``hint`` for the Hint button; no narration strip and no game-over
card under a coach). The overlay uses the play screen's public side: ``handle_event``, ``resume``,
``layouts``, ``display_position``, ``current`` (an animation running), ``tracker`` and
``finish_animations``.
"""

from __future__ import annotations

import math

import pygame

from hwgame.tutorial import Highlight

from .overlays import ChoiceMenu
from .scene_stack import Scene
from .targets import ShipTarget, StarTarget
from .view import theme as T
from .view.layout import screen_layout
from .view.widgets import Button, panel

MARK = (255, 110, 210)  # the colour of the coach's marks: apart from the owners' cyan and amber


def save_progress(app, key: str, completed: bool, step: int) -> None:
    """Store tutorial progress in the settings (``tutorial`` maps a lesson id to completed and step)."""
    settings = app.settings
    table = getattr(settings, "tutorial", None)
    if table is None:
        return  # settings that cannot be written (a damaged file): progress is simply not kept
    old = table.get(key)
    done_before = bool(getattr(old, "completed", False)) if old is not None else False
    try:
        settings.tutorial = {**table, key: {"completed": completed or done_before, "step": step}}
    except Exception:
        return
    app.save_settings()


def _piece_marked(h: Highlight) -> StarTarget | ShipTarget | None:
    """The star or ship a mark points at, or None when the mark does not name a whole piece."""
    if h.system is None or h.piece is None:
        return None
    if h.kind == "star":
        return StarTarget(h.system, h.piece)
    if h.owner is None:
        return None
    return ShipTarget(h.system, h.owner, h.piece)


class CoachScene(Scene):
    """A coaching card over a play screen (see the module doc); ``play`` is that screen, made here
    for ``ctl`` with this overlay as its coach, and pushed, replaced and popped with it."""

    opaque = False

    def __init__(self, app, ctl):
        super().__init__(app)
        self.ctl = ctl
        self.play = app.make_scene("play", ctl, coach=self)
        self.under = self.play
        self.message = ""
        self.message_color = T.TEXT_DIM
        self.message_ok = True
        self.clock = 0.0
        self.card_buttons: list[Button] = []

    # --- what the card shows (subclasses fill these in) ---
    def header(self) -> str:
        """The small line at the top of the card."""
        return ""

    def task(self) -> str:
        """What to do, in a few sentences."""
        return ""

    def goal(self) -> str:
        """The goal in one line."""
        return ""

    def marks(self) -> tuple[Highlight, ...]:
        """What to point at."""
        return ()

    def leave(self) -> None:
        """Back to the list of lessons and puzzles (the play screen under the card leaves with it)."""
        self.app.scenes.pop(self)

    def say(self, text: str, color=T.TEXT, ok: bool = True) -> None:
        """Show a message on the card; ``ok`` False marks a refusal or a miss."""
        self.message = text
        self.message_color = color
        self.message_ok = ok

    def hint(self) -> None:
        """The controller's hint, on the card (the card's Hint button and the panel's)."""
        self.ctl.request_hint()
        self.say("Hint: " + self.ctl.hint_text, T.TEXT_WARN)

    def refused(self, source, target) -> None:
        """A drop the play screen refused (it flashes the engine's reason); a lesson adds its advice."""

    def shown(self):
        """The position on the screen (the animated one while an action plays out)."""
        return self.play.display_position()

    def board(self):
        """The play screen's (screen, board, bank) layouts of the position on the screen."""
        return self.play.layouts(self.app.size, self.shown())

    # --- geometry: the play screen keeps a strip at the top of the board for the card ---
    def card_height(self, size) -> int:
        """Pixels of the card, from the window height."""
        return max(190, min(270, int(size[1] * 0.31)))

    def card_rect(self, size) -> pygame.Rect:
        """Where the card is drawn."""
        screen = screen_layout(*size)
        b = screen.board
        return pygame.Rect(round(b.x) + 8, 8, round(b.w) - 16, self.card_height(size) - 12)

    # --- events and time ---
    def handle_event(self, event) -> bool:
        """The card's buttons, Escape for the coach's menu, then everything else to the play screen."""
        for button in self.card_buttons:
            if button.handle_event(event):
                return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and not self.play.tracker.dragging:
            self.open_menu()
            return True
        return self.play.handle_event(event)

    def open_menu(self) -> None:
        """A small menu instead of the game menu (nothing to save or resign here)."""
        if self.app.scenes.top is not self:
            return
        self.app.scenes.push(
            ChoiceMenu(
                self.app, "Tutorial", [("Back to the list", self.leave), ("Back to the title", self.app.to_title)]
            )
        )

    def resume(self) -> None:
        """Back on top (a menu or dialog closed): the play screen forgets a half-made gesture."""
        self.play.resume()

    def update(self, dt: float) -> None:
        """The marks pulse (the play screen under the card updates itself)."""
        self.clock += dt

    # --- drawing ---
    def draw(self, surface: pygame.Surface) -> None:
        """Over the play screen's board and panel: the marks (not during an animation) and the card."""
        if self.play.current is None:
            self.draw_marks(surface)
        self.draw_card(surface)

    def draw_marks(self, surface: pygame.Surface) -> None:
        """Pulsing outlines on the systems, stars, ships and bank cells of ``marks()``."""
        screen, lay, bank = self.board()
        glow = 0.5 + 0.5 * math.sin(self.clock * 4.0)
        color = T.mix(MARK, (255, 255, 255), 0.35 * glow)
        width = 2 + round(glow)
        for h in self.marks():
            rect = None
            if h.kind == "system":
                sp = lay.system(h.system)
                rect = pygame.Rect(sp.box.as_ints()).inflate(10, 10) if sp else None
            elif h.kind == "bank":
                for cell in bank.cells:
                    if cell.piece == h.piece:
                        rect = pygame.Rect(cell.box.as_ints()).inflate(-4, -4)
            else:
                want = _piece_marked(h)
                for pp in lay.pieces():
                    if want is not None and pp.target == want:
                        rect = pygame.Rect(pp.box.as_ints()).inflate(10, 10)
                        break
            if rect is not None:
                pygame.draw.rect(surface, color, rect, width, border_radius=8)

    def draw_card(self, surface: pygame.Surface) -> None:
        """The coaching card: header, task, goal, message, and the buttons on its right."""
        th = self.app.theme
        rect = self.card_rect(surface.get_size())
        panel(surface, rect, alpha=238)
        bw = 150
        x = rect.x + 16
        w = rect.w - bw - 40
        y = rect.y + 10
        T.draw_text(surface, th, self.header(), (x, y), 18, T.TEXT_DIM)
        y += 22
        lines = th.wrap(self.task(), 21, w)
        goal = th.wrap(self.goal(), 21, w)
        message = th.wrap(self.message, 19, w) if self.message else []
        # The task and the goal come first; the message gets what room is left (at least one line).
        room = (rect.bottom - 10 - y) // 21
        lines = lines[: max(1, room - len(goal) - (1 if message else 0))]
        keep = max(1, (rect.bottom - 10 - y - 21 * (len(lines) + len(goal)) - 4) // 19) if message else 0
        if len(message) > keep:
            message = message[:keep]
            message[-1] = message[-1].rstrip(".") + "…"
        for line in lines:
            T.draw_text(surface, th, line, (x, y), 21, T.TEXT)
            y += 21
        for line in goal:
            T.draw_text(surface, th, line, (x, y), 21, T.ACCENT, True)
            y += 21
        y += 4
        for line in message:
            T.draw_text(surface, th, line, (x, y), 19, self.message_color)
            y += 19
        by = rect.y + 10
        bh = max(28, min(36, (rect.h - 20 - 6 * (len(self.card_buttons) - 1)) // max(1, len(self.card_buttons))))
        for button in self.card_buttons:
            button.rect = pygame.Rect(rect.right - bw - 12, by, bw, bh)
            button.size = 20
            button.draw(surface, th)
            by += bh + 6


__all__ = ["MARK", "CoachScene", "save_progress"]
