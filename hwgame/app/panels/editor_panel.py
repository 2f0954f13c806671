"""The board editor's side panel: the rules, who moves, what keeps the board from being played, and the
buttons that play on from it (off, with the first reason above them, while the board cannot be played).

The panel reads the editor's model through ``EditorHost`` (the board and its problems) and changes it
only through the model's own commands and the actions the screen gives it by name: ``versus``,
``hotseat``, ``analysis``, ``copy``, ``paste``, ``text``, ``undo``, ``clear`` and ``back``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Protocol

import pygame

from hwgame.app.control.editor import problem_lines
from hwgame.app.view import theme as T
from hwgame.app.view.widgets import Button, Switch, wrap_hanging
from hwgame.i18n import _, ngettext, pgettext
from hwgame.words import refusal_text

if TYPE_CHECKING:
    from hwgame.app.control.editor import BoardEditor
    from hwgame.app.stage import AppLike

RULES = ("standard", "sdg")
PROBLEM_SIZE = 18  # the problems' type size


class EditorHost(Protocol):
    """What the panel reads of the editor's screen."""

    @property
    def app(self) -> AppLike:
        """The window (its theme)."""
        ...

    @property
    def model(self) -> BoardEditor:
        """The board being composed and its problems."""
        ...


class EditorPanel:
    """The editor's side panel (see module doc): ``place`` it in ``update``, ``draw`` it in ``draw``."""

    def __init__(self, host: EditorHost, actions: Mapping[str, Callable[[], object]]):
        self.host = host
        self.rules = Switch([lambda: _("Standard"), lambda: pgettext("rules, short", "SDG")],
                            on_change=lambda i: host.model.set_rules(RULES[i]))
        # The players' names as they stand: a pasted board brings its own.
        self.mover = Switch([lambda: host.model.board.players[0], lambda: host.model.board.players[1]],
                            on_change=lambda i: host.model.set_to_move(i))
        playable: Callable[[], bool] = lambda: host.model.playable  # noqa: E731
        self.versus = Button(lambda: _("Play against the computer"), actions["versus"], enabled=playable, size=20)
        self.hotseat = Button(lambda: _("Two players at this screen"), actions["hotseat"], enabled=playable, size=20)
        self.analysis = Button(lambda: _("Analysis board"), actions["analysis"], enabled=playable, size=20)
        self.copy = Button(lambda: _("Copy"), actions["copy"], size=18,
                           hint=lambda: _("The board's text to the clipboard"))
        self.paste = Button(lambda: _("Paste"), actions["paste"], size=18,
                            hint=lambda: _("A position's text from the clipboard"))
        # Translators: the button that shows the board's one-line text in a field, to copy or replace.
        self.text = Button(lambda: _("Text..."), actions["text"], size=18)
        self.undo = Button(lambda: _("Undo"), actions["undo"], enabled=lambda: bool(host.model.history), size=18)
        self.clear = Button(lambda: _("Clear"), actions["clear"], enabled=lambda: bool(host.model.board.systems),
                            size=18)
        self.back = Button(lambda: _("Back"), actions["back"], size=20, shortcut=lambda: pgettext("key", "Esc"))
        self.buttons = [self.versus, self.hotseat, self.analysis, self.copy, self.paste, self.text, self.undo,
                        self.clear, self.back]
        self.rect = pygame.Rect(0, 0, 10, 10)
        self.problems_top = 0  # where the list of problems begins (set by ``place``)

    def controls(self) -> list[Switch | Button]:
        """The switches and the buttons, in the order they are asked about an event."""
        return [self.rules, self.mover, *self.buttons]

    def place(self, rect: pygame.Rect) -> None:
        """Lay the panel out in ``rect`` and show the board's rules and mover on the switches."""
        self.rect = rect
        board = self.host.model.board
        self.rules.index = RULES.index(board.rules.name) if board.rules.name in RULES else 0
        self.mover.index = board.to_move
        x, w = rect.x + 14, rect.w - 28
        self.rules.rect = pygame.Rect(x, rect.y + 74, w, 30)
        self.mover.rect = pygame.Rect(x, rect.y + 132, w, 30)
        self.problems_top = rect.y + 176
        bottom = rect.bottom
        half = (w - 8) // 2
        third = (w - 12) // 3
        self.back.rect = pygame.Rect(x, bottom - 48, w, 38)
        self.undo.rect = pygame.Rect(x, bottom - 92, half, 36)
        self.clear.rect = pygame.Rect(x + half + 8, bottom - 92, w - half - 8, 36)
        for i, b in enumerate((self.copy, self.paste, self.text)):
            b.rect = pygame.Rect(x + i * (third + 6), bottom - 134, third if i < 2 else w - 2 * (third + 6), 36)
        for i, b in enumerate((self.analysis, self.hotseat, self.versus)):
            b.rect = pygame.Rect(x, bottom - 188 - i * 46, w, 40)

    def draw(self, surface: pygame.Surface) -> None:
        """The panel: its title, the switches, the problems (or that the board can be played), the buttons."""
        th = self.host.app.theme
        rect = self.rect
        pygame.draw.rect(surface, T.PANEL, rect)
        pygame.draw.line(surface, T.PANEL_EDGE, rect.topleft, rect.bottomleft, 2)
        x, w = rect.x + 14, rect.w - 28
        surface.blit(th.fit_text(_("BOARD EDITOR"), 26, w, T.ACCENT, True), (x, rect.y + 12))
        surface.blit(th.fit_text(_("Rules"), 18, w, T.TEXT_DIM), (x, rect.y + 52))
        surface.blit(th.fit_text(_("Moves first"), 18, w, T.TEXT_DIM), (x, rect.y + 110))
        self.rules.draw(surface, th)
        self.mover.draw(surface, th)
        self._draw_problems(surface, x, w)
        for b in self.buttons:
            b.draw(surface, th)

    def _draw_problems(self, surface: pygame.Surface, x: int, w: int) -> None:
        """Every problem of the board, each a line or two with a bullet, as many as there is room for
        (the first always shown: it is why the buttons under it are off)."""
        th = self.host.app.theme
        model = self.host.model
        y = self.problems_top
        foot = self._draw_first_reason(surface, x, w)
        if model.playable:
            for line in th.wrap(_("This board can be played."), 20, w):
                surface.blit(th.text(line, 20, T.TEXT_GOOD), (x, y))
                y += 22
            return
        lines = problem_lines(model)
        heading = ngettext("{count} thing keeps this board from being played:",
                           "{count} things keep this board from being played:", len(lines)).format(count=len(lines))
        lh = th.font(PROBLEM_SIZE).get_linesize()
        for line in th.wrap(heading, PROBLEM_SIZE, w, bold=True)[:2]:
            surface.blit(th.text(line, PROBLEM_SIZE, T.TEXT_BAD, True), (x, y))
            y += lh
        y += 2
        for k, (_system, text) in enumerate(lines):
            wrapped = wrap_hanging(th, "• " + text, PROBLEM_SIZE, w, th.font(PROBLEM_SIZE).size("• ")[0])
            left = len(lines) - k
            if y + lh * len(wrapped) > foot - (lh if left > 1 else 0) and k > 0:
                more = ngettext("and {count} more", "and {count} more", left).format(count=left)
                surface.blit(th.fit_text(more, PROBLEM_SIZE, w, T.TEXT_DIM), (x, y))
                return
            for i, line in enumerate(wrapped):
                if y + lh > foot:
                    return
                surface.blit(th.fit_text(line, PROBLEM_SIZE, w, T.TEXT_WARN if k else T.TEXT_BAD),
                             (x + (0 if i == 0 else th.font(PROBLEM_SIZE).size("• ")[0]), y))
                y += lh
            y += 3

    def _draw_first_reason(self, surface: pygame.Surface, x: int, w: int) -> int:
        """Right above the buttons that play on, while they are off: why, in a line or two (the first
        problem). Returns the height above it that the list of problems may use."""
        th = self.host.app.theme
        problems = self.host.model.problems
        top = self.versus.rect.y - 6
        if not problems:
            return top - 2
        reason = _("Cannot be played: {reason}").format(reason=refusal_text(problems[0].refusal))
        size = 16
        lh = th.font(size).get_linesize()
        lines = th.wrap(reason, size, w)
        y = top - lh * len(lines)
        for line in lines:
            surface.blit(th.text(line, size, T.TEXT_BAD), (x, y))
            y += lh
        return top - lh * len(lines) - 8


__all__ = ["EditorHost", "EditorPanel"]
