"""The shortcuts card (F1 or ?, on any screen): every key the game knows, by where it works.

A card over the screen it was opened on; any key or click closes it. The keys are written as the
keyboard shows them; what they do is worded in the language in force at each frame.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from hwgame.app.stage import Scene
from hwgame.app.view import theme as T
from hwgame.app.view.widgets import dim, panel
from hwgame.i18n import _, pgettext

if TYPE_CHECKING:
    from hwgame.app.stage import AppLike

# (section title, [(keys, what they do)]), each worded when drawn.
Section = tuple[Callable[[], str], list[tuple[Callable[[], str], Callable[[], str]]]]


def sections() -> list[Section]:
    """The keys of the game, section by section (the words are functions: worded when shown)."""
    return [
        (lambda: _("Everywhere"), [
            (lambda: _("F1 or ?"), lambda: _("this list of keys")),
            (lambda: "F11", lambda: _("fullscreen on or off")),
            (lambda: _("Esc"), lambda: _("back, or close a card")),
            (lambda: _("Enter"), lambda: _("the card's first button, or Start")),
        ]),
        (lambda: _("Playing"), [
            (lambda: _("Enter"), lambda: _("end the turn")),
            (lambda: _("Ctrl+Z"), lambda: _("undo an action, else your last turn")),
            (lambda: _("Ctrl+Y or Ctrl+Shift+Z"), lambda: _("redo what Undo took back")),
            (lambda: _("Ctrl+R"), lambda: _("restart the turn")),
            (lambda: _("Esc"), lambda: _("drop a drag, or open the menu")),
            (lambda: _("1 to 9"), lambda: _("choose a new system's star")),
        ]),
        (lambda: _("Analysis board"), [
            (lambda: _("Left, Right"), lambda: _("a turn back or on along the line")),
            (lambda: _("Home, End"), lambda: _("the position studied or the end of the line")),
            (lambda: _("Space"), lambda: _("start or stop the analysis")),
        ]),
        (lambda: _("Replay"), [
            (lambda: _("Left, Right"), lambda: _("one action back or on")),
            (lambda: _("Up, Down, Page Up, Page Down"), lambda: _("one turn back or on")),
            (lambda: _("Home, End"), lambda: _("the start or the end")),
        ]),
        (lambda: _("Load"), [
            (lambda: _("Enter"), lambda: _("open the save")),
            (lambda: "R", lambda: _("replay it")),
            (lambda: "E", lambda: _("export it as an SDG transcript")),
            (lambda: "I", lambda: _("import an SDG transcript")),
            # Translators: the Delete key, as the keyboard prints it (most keep "Delete" or "Del").
            (lambda: pgettext("key", "Delete"), lambda: _("delete it (asks first)")),
        ]),
        (lambda: _("Lists and text"), [
            (lambda: _("Up, Down, Page Up, Page Down, Home, End"), lambda: _("move in a list or a page")),
            (lambda: _("Ctrl+V"), lambda: _("paste a file's path")),
            (lambda: _("Tab or Enter"), lambda: _("leave a text field")),
        ]),
    ]


class ShortcutsScene(Scene):
    """The card of keys; any key or click closes it."""

    opaque = False

    def __init__(self, app: AppLike):
        super().__init__(app)
        self.card = pygame.Rect(0, 0, 0, 0)
        self.free = pygame.Rect(0, 0, 0, 0)  # the part of the card under its columns, above its last line

    def toast_place(self, size: tuple[int, int]) -> pygame.Rect | None:
        """Messages go on the card, under its two columns of keys, when they leave room enough; else in
        the screen's own strip, clear of the card."""
        return self.free if self.free.h >= 40 else None

    def toast_cover(self, size: tuple[int, int]) -> pygame.Rect:
        """The card of keys."""
        return self.card

    def handle_event(self, event: pygame.event.Event) -> bool:
        """A key or a click closes the card; everything else stops here."""
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONUP):
            self.app.scenes.pop(self)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        """Dim the screen below; the sections in two columns, each key beside what it does."""
        th = self.app.theme
        w, h = surface.get_size()
        dim(surface, 150)
        self.card = pygame.Rect(0, 0, min(1100, w - 40), min(660, h - 30))
        self.card.center = (w // 2, h // 2)
        panel(surface, self.card)
        title = th.fit_text(_("Keys"), 34, self.card.w - 40, T.TEXT, True)
        surface.blit(title, title.get_rect(midtop=(self.card.centerx, self.card.y + 14)))
        col_w = (self.card.w - 60) // 2
        key_w = int(col_w * 0.42)
        top = self.card.y + 62
        x, y = self.card.x + 20, top
        split = 3  # the first sections in the left column, the rest in the right one
        lowest = top
        for i, (name, rows) in enumerate(sections()):
            if i == split:
                lowest, x, y = y, self.card.x + 40 + col_w, top
            head = th.fit_text(name(), 22, col_w, T.ACCENT, True)
            surface.blit(head, (x, y))
            y += 30
            for keys, what in rows:
                # A long row takes two lines rather than lose its end.
                key_lines = th.wrap(keys(), 18, key_w - 8)[:2]
                what_lines = th.wrap(what(), 18, col_w - key_w)[:2]
                for i, line in enumerate(key_lines):
                    surface.blit(th.fit_text(line, 18, key_w - 8, T.TEXT), (x, y + 21 * i))
                for i, line in enumerate(what_lines):
                    surface.blit(th.fit_text(line, 18, col_w - key_w, T.TEXT_DIM), (x + key_w, y + 21 * i))
                y += 3 + 21 * max(len(key_lines), len(what_lines))
            y += 10
        foot = th.fit_text(_("Any key or click closes this card."), 18, self.card.w - 40, T.TEXT_DIM)
        at = foot.get_rect(midbottom=(self.card.centerx, self.card.bottom - 10))
        surface.blit(foot, at)
        lowest = max(lowest, y)
        self.free = pygame.Rect(self.card.x + 20, lowest, self.card.w - 40, at.y - 8 - lowest)
