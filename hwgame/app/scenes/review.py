"""Reviewing a game: step through its positions turn by turn (no moves can be made here)."""

from __future__ import annotations

import pygame

from hwgame.rules.notation import format_turn

from ..view import theme as T
from ..view.board import BoardOptions, BoardView
from ..view.layout import bank_layout, board_layout, screen_layout
from ..view.widgets import Button
from .base import Scene


class ReviewScene(Scene):
    """The board after turn N, with buttons and arrow keys to move through the game."""

    def __init__(self, app, ctl):
        super().__init__(app)
        self.ctl = ctl
        self.view = BoardView(app.theme)
        self.index = len(ctl.game.positions) - 1
        self.buttons = [
            Button("|<", lambda: self.go(0)),
            Button("<", lambda: self.go(self.index - 1)),
            Button(">", lambda: self.go(self.index + 1)),
            Button(">|", lambda: self.go(len(self.ctl.game.positions) - 1)),
        ]
        self.back = Button("Back", lambda: self.app.scenes.pop(self), size=24)

    def go(self, index: int) -> None:
        """Show the position after ``index`` turns."""
        self.index = max(0, min(index, len(self.ctl.game.positions) - 1))

    def handle_event(self, event) -> bool:
        """Arrows, Home/End, Escape; the buttons."""
        for b in [*self.buttons, self.back]:
            if b.handle_event(event):
                return True
        if event.type == pygame.KEYDOWN:
            keys = {pygame.K_LEFT: self.index - 1, pygame.K_RIGHT: self.index + 1, pygame.K_HOME: 0,
                    pygame.K_END: len(self.ctl.game.positions) - 1}
            if event.key in keys:
                self.go(keys[event.key])
            elif event.key == pygame.K_ESCAPE:
                self.app.scenes.pop(self)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        """The board at the chosen turn and the list of turns."""
        th = self.app.theme
        game = self.ctl.game
        position = game.positions[self.index]
        screen = screen_layout(*surface.get_size())
        lay = board_layout(position, screen.board, self.ctl.bottom)
        bank = bank_layout(screen.bank)
        self.view.draw_still(surface, position, lay, bank, BoardOptions())
        rect = pygame.Rect(screen.panel.as_ints())
        pygame.draw.rect(surface, T.PANEL, rect)
        pygame.draw.line(surface, T.PANEL_EDGE, rect.topleft, rect.bottomleft, 2)
        x, w = rect.x + 14, rect.w - 28
        T.draw_text(surface, th, "REVIEW", (x, rect.y + 12), 26, T.ACCENT, True)
        T.draw_text(surface, th, f"after turn {self.index} of {len(game.turns)}", (x, rect.y + 44), 20, T.TEXT_DIM)
        y = rect.y + 74
        lh = 19
        room = max(1, (rect.bottom - 130 - y) // lh)
        first = max(0, min(self.index - room // 2, len(game.turns) - room))
        for k in range(first, min(len(game.turns), first + room)):
            player = game.positions[k].to_move
            text = f"{k + 1}. {game.players[player]}: {format_turn(game.turns[k])}"
            color = T.TEXT if k + 1 == self.index else T.TEXT_DIM
            if k + 1 == self.index:
                pygame.draw.rect(surface, (40, 48, 80), (x - 4, y - 1, w + 8, lh), border_radius=4)
            surface.blit(th.fit_text(text, 18, w, color), (x, y))
            y += lh
        bw = (w - 18) // 4
        for i, b in enumerate(self.buttons):
            b.rect = pygame.Rect(x + i * (bw + 6), rect.bottom - 108, bw, 40)
            b.draw(surface, th)
        self.back.rect = pygame.Rect(x, rect.bottom - 56, w, 44)
        self.back.draw(surface, th)
