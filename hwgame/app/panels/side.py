"""The side panel of the play screen: players, whose turn, what the turn has left, the move log, buttons.

The panel follows what the board shows, not only the game: while the computer's turn is still being
animated, the computer is "to move", its turn is not in the log yet and nothing says "Your turn".
The move log tells each turn in the narration's words, or in SDG notation at a click on its header.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

import pygame

from hwgame.app.control.controller import COMPUTER
from hwgame.app.control.notices import overpopulation_notes
from hwgame.app.panels.clocks import clock_face
from hwgame.app.view import theme as T
from hwgame.app.view.canvas import pointer
from hwgame.app.view.layout import Box
from hwgame.app.view.widgets import Button, Switch, wrap_hanging
from hwgame.i18n import _, current_language, ngettext, pgettext
from hwgame.rules import PLAYING, Game, Position, opponent_of
from hwgame.words import Voice, describe_action, level_word, log_entry, result_text, rules_title, turn_left

if TYPE_CHECKING:
    from pygame.typing import Point, RectLike

    from hwgame.app.control.flow import PlayController
    from hwgame.app.stage import AppLike

LOG_SIZE = 18  # font size of the move log
LOG_INDENT = 16  # pixels the second and later lines of an entry stand in


def voice_of(ctl: PlayController) -> Voice:
    """The words for a game's players: against the computer the human is "you" and the other seat
    "the computer"; otherwise (two people, or two computers) each player by name."""
    names = ctl.game.players
    seats = list(ctl.seats)
    if seats.count(COMPUTER) == 1:
        computer = seats.index(COMPUTER)
        return Voice(names, you=opponent_of(computer), computer=computer)
    return Voice(names)


def seat_words(name: str, level: str) -> tuple[str, ...]:
    """What may follow a computer player's name in the player list, longest first: the first that fits
    is shown, a word left out rather than cut. The level goes before the word "computer", and a name
    that already says "computer" (the name offered by default) is followed by its level only."""
    # Translators: after a computer player's name in the player list, when "computer, {level}" is too long.
    level_only = pgettext("seat", "({level})").format(level=level)
    said = {pgettext("seat", "computer").casefold(), pgettext("default name", "Computer").casefold()}
    if name.strip().casefold() in said:
        return (level_only,)
    return (_("computer, {level}").format(level=level), level_only, pgettext("seat", "computer"))


def log_lines(game: Game, voice: Voice | None = None, notation: bool = False, turns: int | None = None
              ) -> list[tuple[str, int]]:
    """The move log: (text, player) per committed turn, numbered from 1, in words (see
    ``describe.log_entry``) or in SDG notation; only the first ``turns`` turns when given."""
    voice = voice or Voice(game.players)
    out = []
    for k, turn in enumerate(game.turns[:turns]):
        player = game.positions[k].to_move
        out.append((log_entry(k + 1, turn, player, voice, notation), player))
    return out


class _Pen:
    """Draws on ``surface``, or, without one, only measures: the panel's layout and its drawing go
    through the same code, so what is clicked is where it was drawn."""

    def __init__(self, surface: pygame.Surface | None, theme: T.Theme):
        self.surface = surface
        self.theme = theme

    def text(self, text: str, pos: Point, size: int, color: T.RGB, bold: bool = False, anchor: str = "topleft"
             ) -> pygame.Rect:
        """One line of text (see ``theme.draw_text``); its rect either way."""
        if self.surface is not None:
            return T.draw_text(self.surface, self.theme, text, pos, size, color, bold, anchor)
        font = self.theme.font(size, bold)
        rect = pygame.Rect((0, 0), font.size(text))
        setattr(rect, anchor, (round(pos[0]), round(pos[1])))
        return rect

    def blit(self, image: pygame.Surface, where: Point | pygame.Rect) -> None:
        """An image already made (a fitted text)."""
        if self.surface is not None:
            self.surface.blit(image, where)

    def rect(self, color: T.RGB, rect: RectLike, width: int = 0, border_radius: int = 0) -> None:
        """A filled or outlined rectangle."""
        if self.surface is not None:
            pygame.draw.rect(self.surface, color, rect, width, border_radius=border_radius)

    def line(self, color: T.RGB, a: Point, b: Point, width: int = 1) -> None:
        """A straight line."""
        if self.surface is not None:
            pygame.draw.line(self.surface, color, a, b, width)

    def circle(self, color: T.RGB, center: Point, radius: int) -> None:
        """A filled circle."""
        if self.surface is not None:
            pygame.draw.circle(self.surface, color, center, radius)


class PanelHost(Protocol):
    """What the side panel reads of the play screen it stands on."""

    app: AppLike
    ctl: PlayController

    @property
    def narrates(self) -> bool:
        """True when the screen tells the last actions in its narration strip (the log then need not)."""
        ...

    def display_position(self) -> Position:
        """The position the board shows."""
        ...

    def computer_showing(self) -> int | None:
        """The player whose turn by the computer the board is still animating, or None."""
        ...


class SidePanel:
    """Draws the panel and owns its buttons; the play screen gives the callbacks."""

    def __init__(self, scene: PanelHost, callbacks: dict[str, Callable[[], object]]):
        self.scene = scene
        ctl = scene.ctl
        # Playing buttons wait for the computer's turn to be shown to its end (a click skips it).
        self.end = Button(lambda: _("End Turn"), callbacks["end"], enabled=lambda: self._human_turn_shown(), size=24,
                          shortcut=lambda: pgettext("key", "Enter"))
        # In the danger colour while the turn as it stands lets the opponent win at once.
        self.end.danger = lambda: self._human_turn_shown() and ctl.end_would_lose()
        self.restart = Button(lambda: _("Restart Turn"), callbacks["restart"],
                              enabled=lambda: self._human_turn_shown() and bool(ctl.game.pending))
        self.undo = Button(lambda: _("Undo"), callbacks["undo"], enabled=lambda: self._can_undo(),
                           shortcut=lambda: pgettext("key", "Ctrl+Z"))
        self.hint = Button(lambda: _("Hint"), callbacks["hint"],
                           enabled=lambda: self._human_turn_shown() and not ctl.thinking)
        self.menu = Button(lambda: _("Menu"), callbacks["menu"], shortcut=lambda: pgettext("key", "Esc"))
        # Under the hint's words: plays the hint on the board with ghost pieces.
        self.show_hint = Button(lambda: _("Show"), callbacks.get("show", lambda: None), rect=(0, 0, 0, 0),
                                enabled=lambda: bool(ctl.hint) and self._human_turn_shown(), size=17)
        self.buttons = [self.end, self.restart, self.undo, self.hint, self.menu, self.show_hint]
        settings = scene.app.settings
        # Translators: the move log's switch between turns told in words and SDG notation ("SDG" stays).
        self.notation = Switch([lambda: pgettext("move log", "Words"), "SDG"], int(settings.move_log_notation),
                               self._set_notation, size=15)
        self.box = Box(0, 0, 260, 700)
        self.log_rect = pygame.Rect(0, 0, 0, 0)
        self.log_shown: list[str] = []  # the log's lines on screen, top to bottom
        self._log_view: tuple[list, int, int, int] | None = None  # (lines, first, end, line height)
        self.scroll = 0  # log lines scrolled up from the bottom
        self.spin = 0.0
        self._log_key: tuple | None = None
        self._log_lines: list[tuple[str, int, bool]] = []  # (text, player, first line of its entry)

    @property
    def in_notation(self) -> bool:
        """True when the move log shows SDG notation rather than words."""
        return self.notation.index == 1

    def _set_notation(self, index: int) -> None:
        """Switch the log between words and notation, and remember the choice in the settings."""
        settings = self.scene.app.settings
        try:
            settings.move_log_notation = index == 1
        except Exception:
            return  # settings that refuse a new field: the choice lasts for this window only
        self.scene.app.save_settings()

    def showing(self) -> int | None:
        """The player whose turn by the computer the board is still animating, or None."""
        return self.scene.computer_showing()

    def _human_turn_shown(self) -> bool:
        """A human may act and the board shows the position they act on."""
        return self.scene.ctl.human_to_move() and self.showing() is None

    def _can_undo(self) -> bool:
        ctl = self.scene.ctl
        if ctl.game.pending or ctl.thinking:
            return True
        return any(p.stage >= PLAYING for p in ctl.game.positions[:-1])

    def place(self, box: Box) -> None:
        """Lay the buttons out in the panel's box."""
        self.box = box
        x, w = round(box.x + 12), round(box.w - 24)
        half = (w - 8) // 2
        y = round(box.bottom - 12 - 38)
        self.hint.rect = pygame.Rect(x, y, half, 38)
        self.menu.rect = pygame.Rect(x + half + 8, y, w - half - 8, 38)
        y -= 46
        self.restart.rect = pygame.Rect(x, y, half, 38)
        self.undo.rect = pygame.Rect(x + half + 8, y, w - half - 8, 38)
        y -= 54
        self.end.rect = pygame.Rect(x, y, w, 46)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Buttons, the log's words/notation switch and the log's mouse wheel."""
        widgets: list[Button | Switch] = [*self.buttons, self.notation]
        for b in widgets:
            if b.handle_event(event):
                return True
        if event.type == pygame.MOUSEWHEEL:
            mx, my = pointer()
            if self.box.contains(mx, my):
                self.scroll = max(0, self.scroll + 3 * event.y)  # three lines a notch, as text views do
                return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return self.box.contains(*event.pos)
        return False

    def update(self, dt: float) -> None:
        """The thinking spinner turns."""
        self.spin = (self.spin + dt * 5.0) % (2 * math.pi)

    def layout(self) -> None:
        """Work out where the move log goes and which of its lines show (called from the scene's
        update, after ``place``): the same pass as drawing, measuring only, so ``draw`` only reads."""
        self._paint(_Pen(None, self.scene.app.theme))

    def draw(self, surface: pygame.Surface) -> None:
        """Everything in the panel, as ``layout`` placed it."""
        self._paint(_Pen(surface, self.scene.app.theme))

    def _paint(self, pen: _Pen) -> None:
        """Lay out (``pen`` without a surface) or draw the panel: one pass, so the two always agree."""
        th = self.scene.app.theme
        ctl = self.scene.ctl
        game = ctl.game
        rect = pygame.Rect(self.box.as_ints())
        pen.rect(T.PANEL, rect)
        pen.line(T.PANEL_EDGE, rect.topleft, rect.bottomleft, 2)
        x = rect.x + 14
        w = rect.w - 28
        y = rect.y + 12
        title = pen.text(_("HOMEWORLDS"), (x, y), 26, T.ACCENT, True)
        rules = th.fit_text(rules_title(game.rules.name), 18, w, T.TEXT_DIM)
        if title.right + 10 + rules.get_width() <= rect.right - 14:
            pen.blit(rules, rules.get_rect(topright=(rect.right - 14, y + 4)))
        else:  # a narrow panel: the rule set goes under the title
            y += 24
            pen.blit(rules, (x, y))
        y += 30
        bottom = ctl.bottom
        over = ctl.outcome()
        showing = self.showing()
        mover = game.to_move if showing is None else showing
        for player in (opponent_of(bottom), bottom):
            color = T.OWNER_RGB[0] if player == bottom else T.OWNER_RGB[1]
            to_move = (over is None or showing is not None) and mover == player
            row = pygame.Rect(x - 6, y - 3, w + 12, 30)
            if to_move:
                pen.rect((38, 46, 76), row, border_radius=6)
                pen.rect(color, row, 1, border_radius=6)
            pen.circle(color, (x + 8, y + 12), 6)
            right = rect.right - 16
            if ctl.clock is not None:  # the clock in place of "to move": the lit one runs
                right = clock_face(pen.surface, th, rect.right - 10, y - 1, ctl.clock, player, over is not None) - 8
            elif to_move:
                mark = pen.text(_("to move"), (right, y + 6), 18, color, anchor="topright")
                right = mark.x - 8
            name = th.fit_text(game.players[player], 22, right - x - 22, T.TEXT, to_move)
            pen.blit(name, (x + 22, y + 4))
            if ctl.seats[player] == COMPUTER:
                room = right - (x + 22 + name.get_width() + 8)
                for kind in seat_words(game.players[player], level_word(ctl.levels[player])):
                    if th.font(17).size(kind)[0] <= room:
                        pen.text(kind, (x + 30 + name.get_width(), y + 7), 17, T.TEXT_DIM)
                        break
            y += 34
        y += 4
        status, color = self.status()
        for line in th.wrap(status, 22, w - 30)[:3]:
            pen.text(line, (x + (26 if ctl.thinking else 0), y), 22, color)
            y += 22
        if ctl.thinking and pen.surface is not None:
            self._spinner(pen.surface, (x + 9, y - 22 * min(3, len(th.wrap(status, 22, w - 30))) + 10))
        y += 4
        if over is None and self._human_turn_shown():
            for line in th.wrap(turn_left(game.state), 20, w)[:3]:
                pen.text(line, (x, y), 20, T.TEXT_DIM)
                y += 20
            if not self.scene.narrates:
                # Without the narration over the board, the panel lists what the turn did so far.
                for a in game.pending[-4:]:
                    for k, line in enumerate(wrap_hanging(th, f"• {describe_action(a)}", 20, w - 4, 12)):
                        pen.text(line, (x + 4 + (12 if k else 0), y), 20, T.TEXT)
                        y += 20
        if over is None and self._human_turn_shown():
            y = self._danger(pen, x, y, w)
        if over is None:
            y = self._overpopulation(pen, x, y, w)
        if ctl.hint_text:
            y += 4
            for line in th.wrap(ctl.hint_text, 18, w)[:8]:
                pen.text(line, (x, y), 18, T.TEXT_WARN)
                y += 19
            if ctl.hint:
                self.show_hint.rect = pygame.Rect(x, y + 4, min(w, 120), 30)
                y += 38
        if not (ctl.hint_text and ctl.hint):
            self.show_hint.rect = pygame.Rect(x, y, 0, 0)  # no hint to show: no button
        y += 8
        log = pygame.Rect(x - 4, y, w + 8, self.end.rect.y - y - 12)
        if pen.surface is None:
            self._place_log(th, game, log)
            return
        self._draw_log(pen.surface, th)
        for b in self.buttons:
            if b.rect.w > 0:
                b.draw(pen.surface, th)

    def notes(self) -> list[str]:
        """What the panel says of the board's overpopulations (see ``notices.overpopulation_notes``),
        about the position the board shows."""
        scene = self.scene
        return overpopulation_notes(scene.display_position(), self._human_turn_shown())

    def danger(self) -> str:
        """The warning of a threat the player must parry this turn (``PlayController.threat_text``), or ""."""
        return self.scene.ctl.threat_text()

    def _danger(self, pen: _Pen, x: int, y: int, w: int) -> int:
        """The threat's warning in the danger colour, beside a bar of that colour; returns the y below."""
        text = self.danger()
        if not text:
            return y
        th = pen.theme
        y += 6
        room = max(2, min(7, (self.end.rect.y - 160 - y) // 20))
        lines = th.wrap(text, 19, w - 14)
        if len(lines) > room:
            lines = lines[: room - 1] + [lines[room - 1].rstrip() + "…"]
        pen.rect(T.DANGER, pygame.Rect(x - 6, y, 3, 20 * len(lines)), border_radius=1)
        for line in lines:
            pen.text(line, (x + 4, y), 19, T.DANGER)
            y += 20
        return y

    def _overpopulation(self, pen: _Pen, x: int, y: int, w: int) -> int:
        """The overpopulation notes under a warning mark; returns the y below them."""
        notes = self.notes()
        if not notes:
            return y
        th = pen.theme
        y += 6
        lines = [line for note in notes for line in th.wrap(note, 20, w - 14)]
        room = max(2, (self.end.rect.y - 120 - y) // 20)  # the move log keeps some room below
        if len(lines) > room:
            more = len(notes) - 1
            lines = lines[: room - 1] + [ngettext("(and {count} more: see the ! marks)",
                                                  "(and {count} more: see the ! marks)", more).format(count=more)]
        pen.rect(T.TEXT_WARN, pygame.Rect(x - 6, y, 3, 20 * len(lines)), border_radius=1)
        for line in lines:
            pen.text(line, (x + 4, y), 20, T.TEXT_WARN)
            y += 20
        return y

    def status(self) -> tuple[str, T.RGB]:
        """The status line and its colour: the end of the game, a failure, who is thinking or playing,
        or whose turn it is (only once the board shows the position that turn starts from)."""
        ctl = self.scene.ctl
        showing = self.showing()
        if showing is not None:  # not even the end of the game before the board shows it
            if voice_of(ctl).computer == showing:
                return (_("The computer is playing..."), T.TEXT)
            return (_("{name} is playing...").format(name=ctl.game.players[showing]), T.TEXT)
        over = ctl.outcome()
        if over is not None:
            return (_("Game over: {result}").format(result=result_text(over)), T.TEXT_WARN)
        if ctl.ai_error:
            return (_("The computer could not move."), T.TEXT_BAD)
        if ctl.teaching_check():
            # Translators: a teaching game weighs the player's turn before the computer answers it.
            return (_("Looking at your turn..."), T.TEXT)
        if ctl.teaching_stop() is not None:
            return (_("Stopped: your turn gives much away."), T.TEXT_WARN)
        if ctl.thinking:
            prog = ctl.opponent.progress()
            name = ctl.game.players[ctl.game.to_move]
            if prog.get("depth"):
                return (_("{name} is thinking (depth {depth})...").format(name=name, depth=prog["depth"]), T.TEXT)
            return (_("{name} is thinking...").format(name=name), T.TEXT)
        if ctl.human_to_move():
            if ctl.vs_computer:
                return (_("Your turn."), T.TEXT_GOOD)
            return (_("{name} to play.").format(name=ctl.game.players[ctl.game.to_move]), T.TEXT_GOOD)
        return ("", T.TEXT)

    def _spinner(self, surface: pygame.Surface, center: Point) -> None:
        for i in range(8):
            a = self.spin + i * math.pi / 4
            shade = 60 + i * 24
            pygame.draw.circle(surface, (shade, shade, min(255, shade + 40)),
                               (round(center[0] + 7 * math.cos(a)), round(center[1] + 7 * math.sin(a))), 2)

    def _place_log(self, th: T.Theme, game: Game, rect: pygame.Rect) -> None:
        """Place the move log in ``rect``: the words/notation switch, then the latest entries that fit,
        each wrapped onto as many lines as it needs (never cut); the wheel scrolls back."""
        self.log_rect = rect
        self.log_shown = []
        self._log_view = None
        if rect.h < 40:
            self.notation.rect = pygame.Rect(0, 0, 0, 0)  # no log, nothing to click
            return
        sw = min(self.notation.natural_width(th), rect.w - 110)
        self.notation.rect = pygame.Rect(rect.right - 8 - sw, rect.y + 5, sw, 20)
        lines = self.log_lines(th, game, rect.w - 16)
        lh = th.font(LOG_SIZE).get_linesize()
        top = rect.y + 30
        room = max(1, (rect.bottom - 6 - top) // lh)
        self.scroll = min(self.scroll, max(0, len(lines) - room))
        end = len(lines) - self.scroll
        start = max(0, end - room)
        while 0 < start < end and not lines[start][2]:
            start += 1  # begin with the start of a turn, not the tail of a wrapped one
        self.log_shown = [text for text, _turn, _mark in lines[start:end]]
        self._log_view = (lines, start, end, lh)

    def _draw_log(self, surface: pygame.Surface, th: T.Theme) -> None:
        """Draw the move log as ``_place_log`` placed it."""
        rect, view = self.log_rect, self._log_view
        if view is None:
            return
        lines, start, end, lh = view
        pygame.draw.rect(surface, (16, 19, 34), rect, border_radius=6)
        head = th.fit_text(_("Move log"), 20, max(10, self.notation.rect.x - rect.x - 14), T.TEXT_DIM, True)
        surface.blit(head, (rect.x + 8, rect.y + 6))
        self.notation.draw(surface, th)
        top = rect.y + 30
        y = top
        bottom = self.scene.ctl.bottom
        for text, player, first in lines[start:end]:
            color = T.mix(T.TEXT, T.OWNER_RGB[0] if player == bottom else T.OWNER_RGB[1], 0.35)
            T.draw_text(surface, th, text, (rect.x + 8 + (0 if first else LOG_INDENT), y), LOG_SIZE, color)
            y += lh
        if start > 0 or end < len(lines):
            self._scroll_bar(surface, rect, top, start, end, len(lines))
        if not lines:
            T.draw_text(surface, th, _("No turns yet."), (rect.x + 8, y), LOG_SIZE, T.TEXT_DIM)

    def log_lines(self, th: T.Theme, game: Game, width: float) -> list[tuple[str, int, bool]]:
        """The log's lines at a width: (text, player, first line of its entry), wrapped only when the
        log changes (wrapping measures every word)."""
        shown = len(game.turns) - (1 if self.showing() is not None else 0)
        voice = voice_of(self.scene.ctl)
        key = (shown, id(game.positions[-1]), width, self.in_notation, voice, current_language())
        if key != self._log_key:
            self._log_lines = []
            for text, player in log_lines(game, voice, self.in_notation, shown):
                for k, part in enumerate(wrap_hanging(th, text, LOG_SIZE, width, LOG_INDENT)):
                    self._log_lines.append((part, player, k == 0))
            self._log_key = key
        return self._log_lines

    def _scroll_bar(self, surface: pygame.Surface, rect: pygame.Rect, top: int, start: int, end: int,
                    total: int) -> None:
        """A thin bar at the log's right edge: how much of the log shows, and where."""
        track = pygame.Rect(rect.right - 5, top, 3, rect.bottom - 8 - top)
        h = max(12, track.h * (end - start) // max(1, total))
        y = track.y + (track.h - h) * start // max(1, total - (end - start))
        pygame.draw.rect(surface, T.PANEL_EDGE, pygame.Rect(track.x, y, track.w, h), border_radius=2)
