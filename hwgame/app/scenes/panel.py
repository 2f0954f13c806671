"""The side panel of the play screen: players, whose turn, what the turn has left, the move log, buttons."""

from __future__ import annotations

import math

import pygame

from hwgame.rules.notation import format_action, format_turn
from hwgame.rules.position import PLAYING

from ..controller import COMPUTER
from ..describe import turn_left
from ..view import theme as T
from ..view.layout import Box
from ..view.widgets import Button


def log_lines(game) -> list[tuple[str, int]]:
    """The move log in notation: (text, player) per committed turn, numbered from 1."""
    out = []
    for k, turn in enumerate(game.turns):
        player = game.positions[k].to_move
        out.append((f"{k + 1}. {game.players[player]}: {format_turn(turn)}", player))
    return out


class SidePanel:
    """Draws the panel and owns its buttons; the play screen gives the callbacks."""

    def __init__(self, scene, callbacks: dict):
        self.scene = scene
        ctl = scene.ctl
        self.end = Button("End Turn  (Enter)", callbacks["end"], enabled=lambda: ctl.human_to_move(), size=24)
        self.restart = Button("Restart Turn", callbacks["restart"],
                              enabled=lambda: ctl.human_to_move() and bool(ctl.game.pending))
        self.undo = Button("Undo  (Ctrl+Z)", callbacks["undo"], enabled=lambda: self._can_undo())
        self.hint = Button("Hint", callbacks["hint"], enabled=lambda: ctl.human_to_move() and not ctl.thinking)
        self.menu = Button("Menu  (Esc)", callbacks["menu"])
        self.buttons = [self.end, self.restart, self.undo, self.hint, self.menu]
        self.box = Box(0, 0, 260, 700)
        self.scroll = 0  # log lines scrolled up from the bottom
        self.spin = 0.0
        self._log_key = None
        self._log_lines: list[tuple[str, int]] = []

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

    def handle_event(self, event) -> bool:
        """Buttons and the log's mouse wheel."""
        for b in self.buttons:
            if b.handle_event(event):
                return True
        if event.type == pygame.MOUSEWHEEL:
            mx, my = pygame.mouse.get_pos()
            if self.box.contains(mx, my):
                self.scroll = max(0, self.scroll + event.y)
                return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return self.box.contains(*event.pos)
        return False

    def update(self, dt: float) -> None:
        """The thinking spinner turns."""
        self.spin = (self.spin + dt * 5.0) % (2 * math.pi)

    def draw(self, surface: pygame.Surface) -> None:
        """Everything in the panel."""
        th = self.scene.app.theme
        ctl = self.scene.ctl
        game = ctl.game
        rect = pygame.Rect(self.box.as_ints())
        pygame.draw.rect(surface, T.PANEL, rect)
        pygame.draw.line(surface, T.PANEL_EDGE, rect.topleft, rect.bottomleft, 2)
        x = rect.x + 14
        w = rect.w - 28
        y = rect.y + 12
        title = T.draw_text(surface, th, "HOMEWORLDS", (x, y), 26, T.ACCENT, True)
        rules = th.text(f"{game.rules.name} rules", 18, T.TEXT_DIM)
        if title.right + 10 + rules.get_width() <= rect.right - 14:
            surface.blit(rules, rules.get_rect(topright=(rect.right - 14, y + 4)))
        else:  # a narrow panel: the rule set goes under the title
            y += 24
            surface.blit(rules, (x, y))
        y += 30
        bottom = ctl.bottom
        over = ctl.outcome()
        for player in (1 - bottom, bottom):
            color = T.OWNER_RGB[0] if player == bottom else T.OWNER_RGB[1]
            to_move = over is None and game.to_move == player
            row = pygame.Rect(x - 6, y - 3, w + 12, 30)
            if to_move:
                pygame.draw.rect(surface, (38, 46, 76), row, border_radius=6)
                pygame.draw.rect(surface, color, row, 1, border_radius=6)
            pygame.draw.circle(surface, color, (x + 8, y + 12), 6)
            right = rect.right - 16
            if to_move:
                mark = T.draw_text(surface, th, "to move", (right, y + 6), 18, color, anchor="topright")
                right = mark.x - 8
            name = th.fit_text(game.players[player], 22, right - x - 22, T.TEXT, to_move)
            surface.blit(name, (x + 22, y + 4))
            if ctl.seats[player] == COMPUTER:
                room = right - (x + 22 + name.get_width() + 8)
                if room > 30:
                    kind = th.fit_text(f"computer, {ctl.levels[player]}", 17, room, T.TEXT_DIM)
                    surface.blit(kind, (x + 30 + name.get_width(), y + 7))
            y += 34
        y += 4
        status, color = self._status(ctl, over)
        for line in th.wrap(status, 22, w - 30)[:3]:
            T.draw_text(surface, th, line, (x + (26 if ctl.thinking else 0), y), 22, color)
            y += 22
        if ctl.thinking:
            self._spinner(surface, (x + 9, y - 22 * min(3, len(th.wrap(status, 22, w - 30))) + 10))
        y += 4
        if over is None and ctl.human_to_move():
            for line in th.wrap("This turn: " + turn_left(game.state), 20, w)[:3]:
                T.draw_text(surface, th, line, (x, y), 20, T.TEXT_DIM)
                y += 20
            for a in game.pending[-4:]:
                surface.blit(th.fit_text("• " + format_action(a), 20, w, T.TEXT), (x + 4, y))
                y += 20
        if ctl.hint_text:
            y += 4
            for line in th.wrap(ctl.hint_text, 20, w)[:5]:
                T.draw_text(surface, th, line, (x, y), 20, T.TEXT_WARN)
                y += 20
        y += 8
        self._log(surface, th, game, pygame.Rect(x - 4, y, w + 8, self.end.rect.y - y - 12))
        for b in self.buttons:
            b.draw(surface, th)

    def _status(self, ctl, over):
        if over is not None:
            return ("Game over: " + over.reason, T.TEXT_WARN)
        if ctl.ai_error:
            return ("The computer could not move.", T.TEXT_BAD)
        if ctl.thinking:
            prog = ctl.opponent.progress()
            extra = f" (depth {prog['depth']})" if prog.get("depth") else ""
            return (f"{ctl.game.players[ctl.game.to_move]} is thinking{extra}...", T.TEXT)
        if ctl.human_to_move():
            if ctl.vs_computer:
                return ("Your turn.", T.TEXT_GOOD)
            return (f"{ctl.game.players[ctl.game.to_move]} to play.", T.TEXT_GOOD)
        return ("", T.TEXT)

    def _spinner(self, surface, center) -> None:
        for i in range(8):
            a = self.spin + i * math.pi / 4
            shade = 60 + i * 24
            pygame.draw.circle(surface, (shade, shade, min(255, shade + 40)),
                               (round(center[0] + 7 * math.cos(a)), round(center[1] + 7 * math.sin(a))), 2)

    def _log(self, surface, th, game, rect: pygame.Rect) -> None:
        if rect.h < 40:
            return
        pygame.draw.rect(surface, (16, 19, 34), rect, border_radius=6)
        T.draw_text(surface, th, "Move log", (rect.x + 8, rect.y + 6), 20, T.TEXT_DIM, True)
        key = (len(game.turns), id(game.positions[-1]), rect.w)
        if key != self._log_key:
            # Wrapping measures every word: do it when the log changes, not every frame.
            self._log_lines = []
            for text, player in log_lines(game):
                for k, part in enumerate(th.wrap(text, 18, rect.w - 16)):
                    self._log_lines.append(("   " + part if k else part, player))
            self._log_key = key
        lines = self._log_lines
        lh = 18
        room = max(1, (rect.h - 30) // lh)
        self.scroll = min(self.scroll, max(0, len(lines) - room))
        end = len(lines) - self.scroll
        start = max(0, end - room)
        while start < end and start > 0 and lines[start][0].startswith("   "):
            start += 1  # begin with the start of a turn, not the tail of a wrapped one
        shown = lines[start:end]
        y = rect.y + 28
        bottom = self.scene.ctl.bottom
        for text, player in shown:
            color = T.mix(T.TEXT, T.OWNER_RGB[0] if player == bottom else T.OWNER_RGB[1], 0.35)
            surface.blit(th.fit_text(text, 18, rect.w - 16, color), (rect.x + 8, y))
            y += lh
        if not lines:
            T.draw_text(surface, th, "No turns yet.", (rect.x + 8, y), 18, T.TEXT_DIM)
