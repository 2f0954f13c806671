"""The analysis board's side panel: the computer's best lines, the turns tried, and the board's buttons.

From the top: the title with Start/Stop, the depth reached and who is to move, the tried turn's verdict;
the three lines (each its verdict, its turns in words, a Show button; a click on a line plays its first
turn); a place the scene may give to another panel (the opening explorer) under a tab; the moves of the
line shown with the variations that branch from it (a click goes there); then the buttons to step
through the tree, to edit it, to end the turn tried, and to save, export or leave.

The panel reads the scene through ``StudyHost`` and lays itself out in ``place`` (from the scene's
``update``), so that drawing only reads what was placed, and a click finds what was drawn.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Protocol

import pygame

from hwgame.app.control.variations import Row
from hwgame.app.view import theme as T
from hwgame.app.view.widgets import Button
from hwgame.i18n import _, pgettext
from hwgame.rules import PLAYING, format_turn
from hwgame.words import Voice, depth_text, line_verdict, line_words

if TYPE_CHECKING:
    from hwgame.app.control.study_board import LinesLike, StudyBoard
    from hwgame.app.stage import AppLike

ROW = 20  # a row of the list of moves
LIST_SIZE = 15
LINE_SIZE = 14  # the words of a line


class StudyHost(Protocol):
    """What the panel reads of the analysis scene."""

    app: AppLike
    board: StudyBoard

    def voice(self) -> Voice:
        """Who the players are in words."""
        ...

    @property
    def problem(self) -> str:
        """Why the analysis cannot run ("" when it can)."""
        ...


@dataclass
class LineBox:
    """Where one of the lines is drawn: the whole entry (a click plays its first turn) and its Show button."""

    rect: pygame.Rect
    show: Button


class StudyPanel:
    """The side panel of the analysis board (see the module doc); ``commands`` name the scene's actions:
    toggle, show (with the line's index), play_line, back, forward, start, end, promote, delete,
    end_turn, restart_turn, save, export, leave, go (with a node of the tree), tab."""

    def __init__(self, host: StudyHost, commands: dict[str, Callable[..., object]]):
        self.host = host
        self.commands = commands
        c = commands
        self.toggle = Button(self._toggle_text, c["toggle"], size=17, enabled=lambda: not self.why_not())
        self.lines = [LineBox(pygame.Rect(0, 0, 0, 0), Button(lambda: _("Show"), partial(c["show"], i), size=14,
                                                               hint=lambda: _("Play the line with ghost pieces")))
                      for i in range(3)]
        self.nav = [
            Button("|<", c["start"], hint=lambda: _("Home: the position studied")),
            Button("<", c["back"], hint=lambda: _("Left: a turn back")),
            Button(">", c["forward"], hint=lambda: _("Right: a turn on")),
            Button(">|", c["end"], hint=lambda: _("End: the end of the line")),
        ]
        # Translators: a button of the analysis board: the line shown becomes the main line of the tree.
        self.promote = Button(lambda: _("Main line"), c["promote"], size=16,
                              enabled=lambda: not self.host.board.tree.is_main(self.host.board.tree.current))
        # Translators: a button of the analysis board: delete the variation shown and what follows it.
        self.delete = Button(lambda: _("Delete"), c["delete"], size=16,
                             enabled=lambda: self.host.board.tree.current.parent is not None)
        self.end_turn = Button(lambda: _("End Turn"), c["end_turn"], size=18, shortcut=lambda: pgettext("key", "Enter"),
                               enabled=lambda: not self.host.board.game.is_over())
        self.restart = Button(lambda: _("Restart Turn"), c["restart_turn"], size=16,
                              enabled=lambda: bool(self.host.board.game.pending))
        self.save = Button(lambda: _("Save"), c["save"], size=16)
        # Translators: write the main line as an SDG transcript.
        self.export = Button(lambda: pgettext("analysis board", "Export"), c["export"], size=16)
        self.back = Button(lambda: _("Back"), c["leave"], size=16, shortcut=lambda: pgettext("key", "Esc"))
        self.tabs: list[tuple[pygame.Rect, str]] = []  # (rect, tab name) while another panel shares the space
        self.tab = "lines"
        self.has_explorer = False
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.lines_top = 0
        self.lines_area = pygame.Rect(0, 0, 0, 0)  # where the lines (or the other panel) are drawn
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        self.rows: list[tuple[pygame.Rect, Row]] = []
        self.scroll = 0
        self.hover: int | None = None  # the line under the pointer (a click plays its first turn)

    @property
    def buttons(self) -> list[Button]:
        """Every button of the panel, in the order they take events."""
        shown = [b.show for b in self.lines] if self.tab == "lines" else []
        return [self.toggle, *shown, *self.nav, self.promote, self.delete, self.end_turn, self.restart, self.save,
                self.export, self.back]

    def _toggle_text(self) -> str:
        return _("Stop") if self.host.board.analysing else _("Start")

    # --- layout ---
    def place(self, rect: pygame.Rect) -> None:
        """Lay the panel out in ``rect`` (the screen's panel)."""
        self.rect = rect
        th = self.host.app.theme
        x, w = rect.x + 12, rect.w - 24
        bottom = rect.bottom - 10
        third = (w - 12) // 3
        self.save.rect = pygame.Rect(x, bottom - 32, third, 32)
        self.export.rect = pygame.Rect(x + third + 6, bottom - 32, third, 32)
        self.back.rect = pygame.Rect(x + 2 * (third + 6), bottom - 32, w - 2 * (third + 6), 32)
        half = (w - 6) // 2
        self.end_turn.rect = pygame.Rect(x, bottom - 70, half, 32)
        self.restart.rect = pygame.Rect(x + half + 6, bottom - 70, w - half - 6, 32)
        self.promote.rect = pygame.Rect(x, bottom - 106, half, 30)
        self.delete.rect = pygame.Rect(x + half + 6, bottom - 106, w - half - 6, 30)
        quarter = (w - 18) // 4
        for i, b in enumerate(self.nav):
            b.rect = pygame.Rect(x + i * (quarter + 6), bottom - 144, quarter, 32)
        tw = max(th.font(17).size(t)[0] for t in (_("Stop"), _("Start"))) + 20
        self.toggle.rect = pygame.Rect(rect.right - 12 - tw, rect.y + 10, tw, 30)
        y = rect.y + 46 + 3 * 20 + 2
        self.tabs = []
        if self.has_explorer:
            names = (("lines", _("Lines")), ("explorer", _("Openings")))
            tab_w = w // len(names)
            self.tabs = [(pygame.Rect(x + k * tab_w, y, tab_w - 4, 24), name) for k, (name, _t) in enumerate(names)]
            y += 28
        self.lines_top = y
        line_h = 22 + 2 * (LINE_SIZE + 3) + 8
        if rect.h >= 780:
            line_h += LINE_SIZE + 3  # a tall panel tells a third line of each
        self.lines_area = pygame.Rect(x, y, w, 3 * line_h)
        found = self.host.board.lines()
        count = len(found.verdicts) if found is not None else 0
        show_w = min(w // 2, th.font(14).size(self.lines[0].show.text)[0] + 18)
        for i, box in enumerate(self.lines):
            box.rect = pygame.Rect(x - 4, y + i * line_h, w + 8, line_h - 4)
            # A line not found (yet) has no Show button.
            box.show.rect = pygame.Rect(x + w - show_w, box.rect.y + 3, show_w, 21)
            if i >= count:
                box.show.rect = pygame.Rect(0, 0, 0, 0)
        top = self.lines_area.bottom + 26
        self.list_rect = pygame.Rect(x - 4, top, w + 8, max(ROW, bottom - 152 - top))
        self._place_rows()

    def _place_rows(self) -> None:
        """The rows of the list of moves, scrolled so that the node shown is in view."""
        tree = self.host.board.tree
        rows = tree.rows()
        per = max(1, self.list_rect.h // ROW)
        current = next((k for k, r in enumerate(rows) if r.current), 0)
        if current < self.scroll:
            self.scroll = current
        elif current >= self.scroll + per:
            self.scroll = current - per + 1
        self.scroll = max(0, min(self.scroll, max(0, len(rows) - per)))
        self.rows = [(pygame.Rect(self.list_rect.x, self.list_rect.y + k * ROW, self.list_rect.w, ROW), r)
                     for k, r in enumerate(rows[self.scroll : self.scroll + per])]

    # --- events ---
    def handle_event(self, event: pygame.event.Event) -> bool:
        """The buttons, a click on a line, a row of the list or a tab, the wheel over the list."""
        for b in self.buttons:
            if b.handle_event(event):
                return True
        if event.type == pygame.MOUSEMOTION:
            self.hover = next((i for i, box in enumerate(self.lines) if box.rect.collidepoint(event.pos)), None)
        if event.type == pygame.MOUSEWHEEL:
            pos = pygame.mouse.get_pos()
            if self.list_rect.collidepoint(pos):
                self.scroll = max(0, self.scroll - event.y)
                return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for rect, name in self.tabs:
                if rect.collidepoint(event.pos):
                    self.commands["tab"](name)
                    return True
            if self.tab == "lines":
                for i, box in enumerate(self.lines):
                    if box.rect.collidepoint(event.pos):
                        self.commands["play_line"](i)
                        return True
            for rect, row in self.rows:
                if rect.collidepoint(event.pos):
                    self.commands["go"](row.node)
                    return True
        return self.rect.collidepoint(getattr(event, "pos", (-1, -1)))

    # --- drawing ---
    def draw(self, surface: pygame.Surface) -> None:
        """The whole panel."""
        host, th = self.host, self.host.app.theme
        board = host.board
        rect = self.rect
        pygame.draw.rect(surface, T.PANEL, rect)
        pygame.draw.line(surface, T.PANEL_EDGE, rect.topleft, rect.bottomleft, 2)
        x, w = rect.x + 12, rect.w - 24
        title = th.fit_text(_("ANALYSIS"), 24, self.toggle.rect.x - x - 6, T.ACCENT, True)
        surface.blit(title, (x, rect.y + 12))
        y = rect.y + 46
        lines = board.lines()
        voice = host.voice()
        if self.why_not():
            status, colour = _("Not analysing"), T.TEXT_BAD if host.problem else T.TEXT_DIM
        else:
            depth = lines.depth if lines is not None else 0
            status = depth_text(depth, board.running) or _("Stopped")
            colour = T.TEXT_DIM
        surface.blit(th.fit_text(status, 16, w, colour), (x, y))
        y += 20
        game = board.game
        mover = game.to_move
        turn_no = len(game.turns) + 1
        who = _("Turn {number}: {name} to move").format(number=turn_no, name=game.players[mover])
        surface.blit(th.fit_text(who, 16, w, T.OWNER_RGB[0] if mover == board.bottom else T.OWNER_RGB[1]), (x, y))
        y += 20
        tried = board.verdict_of_turn(board.tree.current)
        if tried is not None:
            proof, chance, by = tried
            said = line_verdict(proof, chance)
            if said:
                text = _("Turn tried: {verdict} for {name}").format(verdict=said, name=game.players[by])
                surface.blit(th.fit_text(text, 16, w, T.TEXT_WARN), (x, y))
        for r, name in self.tabs:
            on = name == self.tab
            pygame.draw.rect(surface, T.BUTTON_HOVER if on else T.BUTTON_OFF, r, border_radius=6)
            label = _("Lines") if name == "lines" else _("Openings")
            text_img = th.fit_text(label, 15, r.w - 8, T.TEXT if on else T.TEXT_DIM)
            surface.blit(text_img, text_img.get_rect(center=r.center))
        if self.tab == "lines":
            self._draw_lines(surface, lines, voice)
        head = th.fit_text(_("Moves tried (click to go there)"), 15, w, T.TEXT_DIM)
        surface.blit(head, (x, self.lines_area.bottom + 6))
        self._draw_rows(surface)
        for b in self.buttons:
            if b.rect.w:
                b.draw(surface, th)

    def why_not(self) -> str:
        """Why no lines are looked for at the board shown ("" when they are, or could be with Start)."""
        board = self.host.board
        if self.host.problem:
            return self.host.problem
        if board.position().stage < PLAYING:
            return _("The analysis starts once both homeworlds are set up.")
        if not board.can_analyse():
            return _("Nothing to analyse: the game is over here.")
        return ""

    def _draw_lines(self, surface: pygame.Surface, lines: LinesLike | None, voice: Voice) -> None:
        th = self.host.app.theme
        board = self.host.board
        verdicts = list(lines.verdicts)[:3] if lines is not None else []
        position = board.position()
        for i, box in enumerate(self.lines):
            r = box.rect
            lit = self.hover == i and i < len(verdicts)
            pygame.draw.rect(surface, T.BUTTON_HOVER if lit else T.mix(T.PANEL, T.BUTTON, 0.5), r, border_radius=6)
            if i >= len(verdicts):
                if i == 0:
                    waiting = self.why_not() or (_("Looking for the best turns...") if board.running
                                                 else _("Press Start to analyse."))
                    for k, text in enumerate(th.wrap(waiting, 15, r.w - 12)[:3]):
                        surface.blit(th.fit_text(text, 15, r.w - 12, T.TEXT_DIM), (r.x + 6, r.y + 6 + 18 * k))
                continue
            v = verdicts[i]
            me = position.to_move
            said = line_verdict(v.proof_for(me), v.chance_for(me))
            head = f"{i + 1}. {said}"
            colour = T.OWNER_RGB[0] if me == board.bottom else T.OWNER_RGB[1]
            room = (box.show.rect.x if box.show.rect.w else r.right) - r.x - 12
            surface.blit(th.fit_text(head, 17, room, colour, True), (r.x + 6, r.y + 3))
            turns = list(v.line) or ([v.best] if v.best else [])
            words = line_words(turns[:3], me, voice)
            rows = max(1, (r.h - 26) // (LINE_SIZE + 3))
            wrapped = th.wrap(words, LINE_SIZE, r.w - 12)
            for k, text in enumerate(wrapped[:rows]):
                if k == rows - 1 and len(wrapped) > rows:
                    text = text.rstrip() + "\u2026"
                surface.blit(th.fit_text(text, LINE_SIZE, r.w - 12, T.TEXT), (r.x + 6, r.y + 25 + k * (LINE_SIZE + 3)))

    def _draw_rows(self, surface: pygame.Surface) -> None:
        th = self.host.app.theme
        board = self.host.board
        base = board.root_turns
        if not self.rows:
            empty = _("Drag pieces on the board to try a turn.")
            for k, text in enumerate(th.wrap(empty, LIST_SIZE, self.list_rect.w - 8)[:3]):
                surface.blit(th.text(text, LIST_SIZE, T.TEXT_DIM), (self.list_rect.x + 4, self.list_rect.y + k * ROW))
            return
        for rect, row in self.rows:
            node, branch = row.node, row.branch
            if row.current:
                pygame.draw.rect(surface, T.BUTTON_HOVER, rect, border_radius=4)
            indent = 16 if branch else 0
            number = base + node.depth
            text = f"{number}. {format_turn(node.turn or ())}"
            verdict = board.verdict_of_turn(node)
            right = rect.right - 4
            if verdict is not None:
                said = line_verdict(verdict[0], verdict[1])
                if said:
                    label = th.fit_text(said, LIST_SIZE - 1, 90, T.TEXT_WARN)
                    surface.blit(label, label.get_rect(midright=(right, rect.centery)))
                    right -= label.get_width() + 6
            colour = T.TEXT_DIM if branch else T.TEXT
            shown = th.fit_text(text, LIST_SIZE, right - rect.x - 6 - indent, colour)
            surface.blit(shown, (rect.x + 4 + indent, rect.y + 2))


__all__ = ["LineBox", "StudyHost", "StudyPanel"]
