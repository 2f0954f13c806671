"""The setup screen: each player builds a homeworld from the bank (two stars and a ship).

Pieces are dragged (or clicked) from the bank into three slots. Unusual choices draw the rule book's
warnings, and building anyway only asks for a confirmation: nothing is forbidden that the rules allow.
The computer builds its own homeworld through the same worker that plays its turns.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Literal

import pygame

from hwgame.app.control.advice import setup_warnings, suggest_homeworld
from hwgame.app.control.controller import COMPUTER
from hwgame.app.control.events import AIFailed
from hwgame.app.control.targets import BankPieceTarget
from hwgame.app.control.text import Text, join_sentences
from hwgame.app.kit.base import ButtonScene
from hwgame.app.kit.dialogs import confirm
from hwgame.app.panels.explorer import ExplorerPanel
from hwgame.app.view import theme as T
from hwgame.app.view.board import BoardOptions, BoardView
from hwgame.app.view.input import Click, DragStart, DragTracker, Drop
from hwgame.app.view.layout import Box, bank_layout, board_layout, piece_box, screen_layout
from hwgame.app.view.pieces import draw_piece
from hwgame.app.view.widgets import Button, draw_paragraphs, sync_window_size
from hwgame.i18n import N_, _
from hwgame.rules import Homeworld, Position, Turn, opponent_of
from hwgame.words import piece_name

if TYPE_CHECKING:
    from hwgame.app.control.flow import PlayController
    from hwgame.app.stage import AppLike

# What a point of the setup screen can be: a bank piece, a slot of the homeworld, or the dock around them.
SetupTarget = BankPieceTarget | tuple[Literal["slot"], int] | tuple[Literal["dock"], None]
DRAG_UNIT = 64.0  # a bank piece lifted here is drawn at this unit (a large one about 67 pixels tall)

# Translators: the slots of a homeworld being built: two for its stars, one for its ship.
SLOT_NAMES = (N_("Star"), N_("Star"), N_("Ship"))


def _took_over(failure: Text) -> str:
    """Why the computer's homeworld is now the player's to build (``failure`` is ``Text``)."""
    return join_sentences([failure, _("You now build its homeworld yourself.")])


class SetupScene(ButtonScene):
    """Building homeworlds; hands over to the play screen once both are built."""

    def __init__(self, app: AppLike, ctl: PlayController):
        super().__init__(app)
        self.ctl = ctl
        self.view = BoardView(app.theme)
        self.slots: list[int | None] = [None, None, None]
        self.tracker: DragTracker[SetupTarget] = DragTracker(self._hit, self._refusal)
        self.slot_rects: list[pygame.Rect] = []
        self.dock = pygame.Rect(0, 0, 10, 10)
        self.build_button = Button(lambda: _("Build homeworld"), self.build, enabled=self._complete, size=24)
        self.suggest_button = Button(lambda: _("Suggest one"), self.suggest, enabled=lambda: self.ctl.human_to_move())
        self.clear_button = Button(lambda: _("Clear"), self.clear,
                                   enabled=lambda: any(s is not None for s in self.slots))
        self.menu_button = Button(lambda: _("Menu"), self._menu)
        self.buttons = [self.build_button, self.suggest_button, self.clear_button, self.menu_button]
        # Which homeworlds the archive's players chose here and how they fared; a row fills the slots.
        self.explorer = ExplorerPanel(on_turn=self._from_book)
        self.place_dock(screen_layout(*app.size).board)
        self.place_buttons(screen_layout(*app.size).panel)
        self._mover: int | None = None  # the player the default homeworld was offered to
        self._offer_default()
        ctl.start_computer()

    # --- state ---
    def _offer_default(self) -> None:
        """A new player gets the default offered by the rule book: a sound homeworld, ready to change."""
        if self.ctl.human_to_move() and self.ctl.game.in_setup and self._mover != self.ctl.game.to_move:
            self._mover = self.ctl.game.to_move
            self.suggest()

    def _complete(self) -> bool:
        stars = [s for s in self.slots[:2] if s is not None]
        need = 1 if self.ctl.game.rules.single_star_home else 2
        return self.ctl.human_to_move() and self.slots[2] is not None and len(stars) >= need

    def bank_counts(self) -> list[int]:
        """The bank as shown: minus the pieces already put in the slots."""
        counts = list(self.ctl.game.state.position.bank)
        for p in self.slots:
            if p is not None:
                counts[p] -= 1
        return counts

    def warnings(self) -> list[str]:
        """The rule book's warnings for the pieces in the slots."""
        stars = [s for s in self.slots[:2] if s is not None]
        return setup_warnings(stars, self.slots[2], self.ctl.game.state.position)

    def suggest(self) -> None:
        """Fill the slots with a sound homeworld."""
        if not self.ctl.human_to_move():
            return
        hw = suggest_homeworld(self.ctl.game.state.position, self.app.rng)
        self.slots = [hw.star1, hw.star2, hw.ship]

    def clear(self) -> None:
        """Empty the slots."""
        self.slots = [None, None, None]

    def put(self, piece: int, slot: int | None = None) -> None:
        """Put a bank piece in a slot (the first empty one when ``slot`` is None)."""
        if self.bank_counts()[piece] <= 0 and slot is None:
            return
        if slot is None:
            empty = [i for i, s in enumerate(self.slots) if s is None]
            if not empty:
                return
            slot = empty[0]
        old = self.slots[slot]
        self.slots[slot] = None
        if self.bank_counts()[piece] <= 0:
            self.slots[slot] = old
            return
        self.slots[slot] = piece

    def build(self) -> None:
        """Set up the homeworld in the slots, after a confirmation if it draws warnings."""
        if not self._complete():
            return
        warnings = self.warnings()
        if warnings:
            # Each line worded at each frame (the slots do not change under the dialog).
            lines = [lambda k=k: (self.warnings() + [""])[k] for k in range(len(warnings))]
            confirm(self.app, lambda: _("Build this homeworld?"), [*lines, lambda: _("You may build it anyway.")],
                    lambda: _("Build it"), self._do_build, lambda: _("Change it"))
        else:
            self._do_build()

    def _do_build(self) -> None:
        s1, s2, ship = self.slots
        stars = [s for s in (s1, s2) if s is not None]
        if ship is None or not stars:
            return  # build() comes here only once the slots are filled
        action = Homeworld(stars[0], stars[1] if len(stars) > 1 else None, ship)
        reason = self.ctl.play(action) or self.ctl.end_turn()
        if reason:
            self.app.toast(reason)
            return
        self.ctl.effects.clear()
        self.slots = [None, None, None]
        self._offer_default()

    def _menu(self) -> None:
        self.app.open_scene("game-menu", self)

    def _from_book(self, turn: Turn) -> None:
        """A homeworld of the opening book goes into the slots, to be built (or changed) as any other."""
        if self.ctl.human_to_move() and len(turn) == 1 and isinstance(turn[0], Homeworld):
            self.slots = [turn[0].star1, turn[0].star2, turn[0].ship]

    def controls(self) -> list[Button | ExplorerPanel]:
        """The buttons, then the opening book's panel."""
        return [*self.buttons, self.explorer]

    # --- pointer ---
    def _hit(self, pos: tuple[int, int]) -> SetupTarget | None:
        screen = screen_layout(*self.app.size)
        bank = bank_layout(screen.bank)
        target = bank.hit(*pos)
        if isinstance(target, BankPieceTarget):
            return target
        for i, rect in enumerate(self.slot_rects):
            if rect.collidepoint(pos):
                return ("slot", i)
        if self.dock.collidepoint(pos):
            return ("dock", None)
        return None

    def _refusal(self, target: SetupTarget) -> str | None:
        if not self.ctl.human_to_move():
            return _("wait: the other player is building")
        if isinstance(target, BankPieceTarget):
            if self.bank_counts()[target.piece] > 0:
                return None
            return _("no {piece} left").format(piece=piece_name(target.piece))
        return ""

    def keys(self) -> dict[int, Callable[[], object]]:
        """Enter builds, Escape opens the game menu."""
        return {pygame.K_RETURN: self.build, pygame.K_KP_ENTER: self.build, pygame.K_ESCAPE: self._menu}

    def handle_other(self, event: pygame.event.Event) -> bool:
        """Drags and clicks from the bank to the slots (any other key does nothing)."""
        if event.type == pygame.KEYDOWN:
            return True
        intent = self.tracker.handle_event(event)
        if isinstance(intent, Drop) and isinstance(intent.source, BankPieceTarget):
            t = intent.target
            if isinstance(t, tuple) and t[0] in ("slot", "dock"):
                self.put(intent.source.piece, t[1])
        elif isinstance(intent, Click):
            t = intent.target
            if isinstance(t, BankPieceTarget) and self.ctl.human_to_move():
                self.put(t.piece)
            elif isinstance(t, tuple) and t[0] == "slot":
                self.slots[t[1]] = None
        elif isinstance(intent, DragStart):
            pass
        return True

    def update(self, dt: float) -> None:
        """The window's size; wait for the computer; move on to play once both homeworlds stand."""
        size = sync_window_size(self.app)  # here, so that draw only reads it
        screen = screen_layout(*size)
        self.place_dock(screen.board)
        self.place_buttons(screen.panel)
        ctl = self.ctl
        ctl.update()
        ctl.effects.clear()
        while ctl.events:
            event = ctl.events.popleft()
            if isinstance(event, AIFailed):
                self.app.toast(partial(_took_over, event.message))
                ctl.take_over()
        self._offer_default()
        self.explorer.show(ctl.game.state.position, ctl.game.names_used())
        if not ctl.game.in_setup:
            self.app.replace_scene("play", ctl)

    def rest(self) -> float:
        """Still while the player chooses; every frame while the computer builds its homeworld."""
        ctl = self.ctl
        waiting = ctl.opponent.thinking or (ctl.computer_to_move() and not ctl.ai_error)
        return 0.0 if waiting or not ctl.game.in_setup else math.inf

    # --- drawing ---
    def draw(self, surface: pygame.Surface) -> None:
        """Bank, the homeworlds built so far, the slots, and the panel with warnings."""
        th = self.app.theme
        screen = screen_layout(*self.app.size)
        bank = bank_layout(screen.bank)
        pos = self.ctl.game.state.position
        lay = board_layout(pos, Box(screen.board.x, screen.board.y, screen.board.w, screen.board.h * 0.5),
                           self.ctl.bottom)
        surface.blit(self.view.background(*surface.get_size()), (0, 0))
        self.view.draw_bank(surface, bank, self.bank_counts(), BoardOptions(),
                            _("Drag two stars and one ship into the slots, or click the pieces you want."))
        for sp in lay.systems:
            self.view.draw_system(surface, pos, lay, sp, BoardOptions())
        self._draw_waiting_home(surface, screen.board, pos)
        self._draw_dock(surface, screen.board)
        if self.tracker.dragging and isinstance(self.tracker.source, BankPieceTarget):
            p = self.tracker.source.piece
            w, h = piece_box(p, DRAG_UNIT, lone=True)
            x, y = self.tracker.pos
            draw_piece(surface, th, "star", p, Box(x - w / 2, y - h / 2, w, h), glow=False)
        self._draw_panel(surface, screen.panel)

    def _draw_waiting_home(self, surface: pygame.Surface, board: Box, pos: Position) -> None:
        """Where the other homeworld will stand, while it is not built yet."""
        game = self.ctl.game
        other = opponent_of(self.ctl.bottom)
        if pos.home_of(other) is not None or not game.in_setup:
            return
        th = self.app.theme
        rect = pygame.Rect(0, 0, 300, 150)
        rect.midtop = (round(board.x + board.w / 2), round(board.y + 24))
        for x in range(rect.left, rect.right, 16):
            pygame.draw.line(surface, T.SYSTEM_EDGE, (x, rect.top), (min(x + 8, rect.right), rect.top))
            pygame.draw.line(surface, T.SYSTEM_EDGE, (x, rect.bottom), (min(x + 8, rect.right), rect.bottom))
        for y in range(rect.top, rect.bottom, 16):
            pygame.draw.line(surface, T.SYSTEM_EDGE, (rect.left, y), (rect.left, min(y + 8, rect.bottom)))
            pygame.draw.line(surface, T.SYSTEM_EDGE, (rect.right, y), (rect.right, min(y + 8, rect.bottom)))
        name = game.players[other]
        if game.to_move == other:
            order = _("{name} builds next").format(name=name)
        elif self.ctl.human_to_move():
            order = _("{name} builds after you").format(name=name)
        else:
            order = ""
        title = th.fit_text(_("{name}'s homeworld").format(name=name), 24, rect.w - 12, T.TEXT_DIM)
        surface.blit(title, title.get_rect(center=(rect.centerx, rect.centery - 12)))
        if order:
            shown = th.fit_text(order, 19, rect.w - 12, T.TEXT_DIM)
            surface.blit(shown, shown.get_rect(center=(rect.centerx, rect.centery + 14)))

    def toast_place(self, size: tuple[int, int]) -> pygame.Rect:
        """Messages go under the dock of the homeworld being built, across the board, where nothing is
        drawn."""
        board = screen_layout(*size).board
        top = self.dock.bottom + 8
        return pygame.Rect(round(board.x + 12), top, round(board.w - 24), round(board.bottom) - 8 - top)

    @staticmethod
    def _dock_unit(board: Box) -> float:
        return max(40.0, min(80.0, board.h / 8))

    def place_dock(self, board: Box) -> None:
        """Where the dock and its three slots go on the board (in ``update``: draw only reads them)."""
        u = self._dock_unit(board)
        slot_w, slot_h = u * 1.5, u * 1.6
        gap = u * 0.4
        total = slot_w * 3 + gap * 2 + u * 0.3
        x0 = board.x + (board.w - total) / 2
        y0 = board.y + board.h * 0.6
        self.dock = pygame.Rect(round(x0 - u * 0.4), round(y0 - u * 0.8), round(total + u * 0.8),
                                round(slot_h + u * 1.5))
        rects = []
        x = x0
        for i in range(3):
            if i == 2:
                x += u * 0.3  # the ship slot stands apart from the stars
            rects.append(pygame.Rect(round(x), round(y0), round(slot_w), round(slot_h)))
            x += slot_w + gap
        self.slot_rects = rects

    def place_buttons(self, panel: Box) -> None:
        """The panel's buttons at its foot (in ``update``: draw only reads them)."""
        rect = pygame.Rect(panel.as_ints())
        x, bw = rect.x + 14, rect.w - 28
        by = rect.bottom - 12 - 38
        self.menu_button.rect = pygame.Rect(x, by, bw, 38)
        by -= 46
        wide = (bw - 8) * 3 // 5  # "Suggest one" is the longer word: it gets the wider button
        self.suggest_button.rect = pygame.Rect(x, by, wide, 38)
        self.clear_button.rect = pygame.Rect(x + wide + 8, by, bw - wide - 8, 38)
        by -= 54
        self.build_button.rect = pygame.Rect(x, by, bw, 46)

    def _draw_dock(self, surface: pygame.Surface, board: Box) -> None:
        th = self.app.theme
        u = self._dock_unit(board)
        who = self.ctl.game.players[self.ctl.game.to_move]
        mine = self.ctl.human_to_move()
        pygame.draw.rect(surface, T.HOME_FILL, self.dock, border_radius=12)
        pygame.draw.rect(surface, T.ACCENT if mine else T.PANEL_EDGE, self.dock, 2, border_radius=12)
        if mine:
            title = _("{name}'s homeworld").format(name=who)
        else:
            title = _("{name} is building a homeworld...").format(name=who)
        shown = th.fit_text(title, 26, self.dock.w - 16, T.TEXT, True)
        surface.blit(shown, shown.get_rect(midtop=(self.dock.centerx, self.dock.y + 10)))
        for i, (piece, rect) in enumerate(zip(self.slots, self.slot_rects, strict=False)):
            lit = self.tracker.dragging and rect.collidepoint(self.tracker.pos)
            pygame.draw.rect(surface, (22, 28, 48), rect, border_radius=8)
            pygame.draw.rect(surface, T.LIT if lit else T.SYSTEM_EDGE, rect, 2, border_radius=8)
            slot = th.fit_text(_(SLOT_NAMES[i]), 20, rect.w + 8, T.TEXT_DIM)
            surface.blit(slot, slot.get_rect(midtop=(rect.centerx, rect.bottom + 4)))
            if piece is not None:
                if i == 2:
                    w, h = piece_box(piece, u, "ship", lone=True)
                    box = Box(rect.centerx - w / 2, rect.bottom - 10 - h, w, h)
                    draw_piece(surface, th, "ship", piece, box, -1)
                else:
                    w, h = piece_box(piece, u, lone=True)
                    draw_piece(surface, th, "star", piece, Box(rect.centerx - w / 2, rect.bottom - 10 - h, w, h))

    def _draw_panel(self, surface: pygame.Surface, box: Box) -> None:
        th = self.app.theme
        rect = pygame.Rect(box.as_ints())
        pygame.draw.rect(surface, T.PANEL, rect)
        pygame.draw.line(surface, T.PANEL_EDGE, rect.topleft, rect.bottomleft, 2)
        x, w = rect.x + 14, rect.w - 28
        y = rect.y + 12
        surface.blit(th.fit_text(_("SETUP"), 26, w, T.ACCENT, True), (x, y))
        y += 40
        ctl = self.ctl
        if ctl.human_to_move():
            text = _("Drag two stars and one ship from the bank into the slots, or click bank pieces. "
                     "Click a slot to empty it. A sound choice is already offered.")
        elif ctl.seats[ctl.game.to_move] == COMPUTER:
            text = _("The computer is choosing its homeworld...")
        else:
            text = ""
        n = draw_paragraphs(surface, th, text, pygame.Rect(x, y, w, 200), 20, T.TEXT_DIM)
        y += n * 21 + 14
        for warning in self.warnings() if ctl.human_to_move() else []:
            n = draw_paragraphs(surface, th, f"! {warning}", pygame.Rect(x, y, w, 120), 20, T.TEXT_WARN)
            y += n * 21 + 6
        if ctl.human_to_move() and self._complete() and not self.warnings():
            surface.blit(th.fit_text(_("A sound homeworld."), 20, w, T.TEXT_GOOD), (x, y))
            y += 26
        self.explorer.draw(surface, th, pygame.Rect(x - 6, y + 6, w + 12, self.build_button.rect.top - 12 - y - 6))
        for b in self.buttons:
            b.draw(surface, th)
