"""The opening explorer's panel: what the archive's games, or the player's own, did from the board shown.

A scene embeds it in four calls::

    panel = ExplorerPanel(on_turn=None | callable, collapsed=False)   # once
    panel.show(position, avoid=())     # whenever the board shown changes (cheap when it does not)
    panel.draw(surface, theme, rect)   # each frame, into the rectangle the scene gives
    panel.handle_event(event) -> bool  # each event; True when the panel took it

``show`` takes the ``Position`` shown (None: nothing to explore) and the names a discovery must keep
clear of (``Game.names_used()``); a click on a row calls ``on_turn(turn)`` with that row's ``Turn``,
written with this board's names and legal at the position (rows are not clickable when ``on_turn`` is
None). The panel has a header that folds it (``collapsed``; ``height(room)`` says how tall it is drawn
in ``room`` pixels), two tabs (the archive, your games), a line with the games that reached the
position and a bar of their results for the side to move (wins, draws, losses; the rest are games
whose record stops before a result), then the turns played next, most played first, each with its
games, the score of the side who played it and a small bar. Rows with fewer than ``THIN`` games are
greyed and marked "few"; a position no game reached, or beyond the book's first ``DEPTH`` turns, is
"out of the book". The panel reads the books through ``services.openings`` and never imports a scene.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

import pygame

from hwgame.app.services.openings import Loaded, archive_loaded, own_loaded
from hwgame.app.view import theme as T
from hwgame.app.view.layout import Box, PieceKind, piece_box
from hwgame.app.view.pieces import draw_piece
from hwgame.app.view.widgets import Switch
from hwgame.i18n import Text, _, ngettext, pgettext
from hwgame.openings import THIN, Explored, NextTurn, Tally, key_text
from hwgame.rules import Homeworld, Position, Turn
from hwgame.words import POSSIBLE, Voice, join_actions, join_pieces, narrate_clauses, piece_name

HEADER_H = 30
TABS_H = 26
ROW_H = 34
TEXT_PX = 16
PIECE_UNIT = 22.0  # a large piece of a homeworld's row stands about 22 pixels tall
SMALL_PX = 14
WIN_RGB, DRAW_RGB, LOSS_RGB, OPEN_RGB = T.TEXT_GOOD, (170, 176, 200), T.TEXT_BAD, (44, 50, 76)
ARCHIVE, OWN = 0, 1


def turn_words(turn: Turn, position: Position) -> str:
    """A turn as a row of the explorer says it: a homeworld by its pieces, any other turn as the
    narration says it, without a subject ("builds a green 1 at their homeworld")."""
    if len(turn) == 1 and isinstance(turn[0], Homeworld):
        hw = turn[0]
        stars = [piece_name(hw.star1)] + ([] if hw.star2 is None else [piece_name(hw.star2)])
        # Translators: a homeworld in a row of the opening explorer: its stars, then its ship.
        return _("stars {stars}; ship {ship}").format(stars=join_pieces(stars), ship=piece_name(hw.ship))
    told = join_actions(narrate_clauses(turn, position.to_move, Voice(position.players), POSSIBLE))
    return told[:1].upper() + told[1:]


def percent(part: int, whole: int) -> str:
    """A share as a whole percentage."""
    return f"{round(100 * part / whole)}%" if whole else "-"


def draw_results(surface: pygame.Surface, rect: pygame.Rect, tally: Tally) -> None:
    """A bar of the results: wins, draws, losses, and the games without a result, in proportion."""
    pygame.draw.rect(surface, OPEN_RGB, rect, border_radius=2)
    if tally.games <= 0:
        return
    x = float(rect.x)
    for count, colour in ((tally.wins, WIN_RGB), (tally.draws, DRAW_RGB), (tally.losses, LOSS_RGB)):
        w = rect.w * count / tally.games
        if w >= 0.5:
            pygame.draw.rect(surface, colour, (round(x), rect.y, max(1, round(x + w) - round(x)), rect.h))
        x += w


@dataclass(frozen=True)
class _Shown:
    """What the panel explored last: for which position, tab and book, and what the book said."""

    key: tuple[object, ...]
    explored: Explored | None
    problem: str | None


class ExplorerPanel:
    """The opening explorer for the board a scene shows (see the module docstring for its use)."""

    def __init__(self, on_turn: Callable[[Turn], object] | None = None, collapsed: bool = False,
                 books: tuple[Callable[[], Loaded], Callable[[], Loaded]] = (archive_loaded, own_loaded)) -> None:
        self.on_turn = on_turn
        self.collapsed = collapsed
        self.books = books
        # Translators: the tabs of the opening explorer: the archive's games, or the player's own.
        labels: list[Text] = [lambda: pgettext("opening book", "Archive"),
                              lambda: pgettext("opening book", "Your games")]
        self.tabs = Switch(labels, ARCHIVE, lambda _i: self._forget(), size=15)
        self.position: Position | None = None
        self.avoid: tuple[str, ...] = ()
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.header = pygame.Rect(0, 0, 0, 0)
        self.row_rects: list[tuple[pygame.Rect, NextTurn]] = []
        self._shown: _Shown | None = None
        self._hover: int | None = None
        self._pressed: object = None

    # --- what is shown ---
    def show(self, position: Position | None, avoid: Iterable[str] = ()) -> None:
        """Explore ``position`` from now on (None: nothing); ``avoid``: names a discovery keeps clear of."""
        self.position = position
        self.avoid = tuple(avoid)

    def _forget(self) -> None:
        self._shown = None
        self._hover = None

    def explored(self) -> tuple[Explored | None, str | None]:
        """What the book of the tab says of the position shown (worked out once per position and tab),
        or why it cannot say (a problem with the book)."""
        pos = self.position
        loaded = self.books[self.tabs.index]()  # the same object while its book did not change
        key = (self.tabs.index, id(loaded), self.avoid,
               None if pos is None else (key_text(pos), pos.rules.name, pos.systems, pos.players))
        if self._shown is not None and self._shown.key == key:
            return self._shown.explored, self._shown.problem
        if loaded.book is None:
            shown = _Shown(key, None, loaded.problem_text)
        elif pos is None:
            shown = _Shown(key, None, None)
        else:
            shown = _Shown(key, loaded.book.explore(pos, self.avoid), None)
        self._shown = shown
        return shown.explored, shown.problem

    def height(self, room: int) -> int:
        """How tall the panel is drawn in ``room`` pixels: only its header when folded."""
        return min(room, HEADER_H) if self.collapsed else room

    # --- events ---
    def handle_event(self, event: pygame.event.Event) -> bool:
        """The header folds or unfolds, the tabs switch, a click on a row plays its turn; True when taken."""
        if event.type == pygame.MOUSEMOTION:
            self._hover = next((i for i, (r, _n) in enumerate(self.row_rects) if r.collidepoint(event.pos)), None)
            if not self.collapsed:
                self.tabs.handle_event(event)
            return False
        if event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) or getattr(event, "button", 0) != 1:
            return False
        if not self.collapsed and self.tabs.handle_event(event):
            return True
        target = self._target(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN:
            self._pressed = target
            return target is not None or self.rect.collidepoint(event.pos)
        pressed, self._pressed = self._pressed, None
        if target is not None and target == pressed:
            if target == "header":
                self.collapsed = not self.collapsed
            elif isinstance(target, NextTurn) and self.on_turn is not None:
                self.on_turn(target.turn)
            return True
        return self.rect.collidepoint(event.pos)

    def _target(self, pos: tuple[int, int]) -> object:
        if self.header.collidepoint(pos):
            return "header"
        if self.collapsed:
            return None
        for rect, row in self.row_rects:
            if rect.collidepoint(pos):
                return row
        return None

    # --- drawing ---
    def draw(self, surface: pygame.Surface, theme: T.Theme, rect: pygame.Rect) -> None:
        """The panel in ``rect`` (only its header when folded: ``height``); nothing, and nothing to click,
        in a rectangle too small for its header."""
        self.row_rects = []
        if rect.h < HEADER_H or rect.w < 4 * HEADER_H:
            self.rect = self.header = pygame.Rect(rect.x, rect.y, 0, 0)
            return
        self.rect = pygame.Rect(rect.x, rect.y, rect.w, self.height(rect.h))
        pygame.draw.rect(surface, (20, 23, 40), self.rect, border_radius=8)
        pygame.draw.rect(surface, T.PANEL_EDGE, self.rect, 1, border_radius=8)
        x, w = rect.x + 10, rect.w - 20
        self.header = pygame.Rect(rect.x, rect.y, rect.w, HEADER_H)
        mark = pygame.Rect(rect.right - 24, rect.y + 9, 12, 12)
        points = ([mark.topleft, mark.midright, mark.bottomleft] if self.collapsed
                  else [mark.topleft, mark.topright, mark.midbottom])
        pygame.draw.polygon(surface, T.TEXT_DIM, points)
        if self.collapsed:
            title = theme.fit_text(_("Opening book"), TEXT_PX, w - 24, T.ACCENT, True)
            surface.blit(title, title.get_rect(midleft=(x, self.header.centery)))
            return
        # Unfolded, the tabs stand in the header: the archive's games, or the player's own.
        self.tabs.rect = pygame.Rect(x - 4, rect.y + (HEADER_H - TABS_H) // 2, w - 20, TABS_H)
        self.header = pygame.Rect(self.tabs.rect.right, rect.y, rect.right - self.tabs.rect.right, HEADER_H)
        self.tabs.draw(surface, theme)
        y = rect.y + HEADER_H + 6
        explored, problem = self.explored()
        bottom = rect.bottom - 6
        if problem is not None or explored is None or not explored.in_book:
            self._draw_note(surface, theme, pygame.Rect(x, y, w, bottom - y), self._empty_text(problem, explored),
                            T.TEXT_WARN if problem else T.TEXT_DIM)
            return
        y = self._draw_total(surface, theme, x, y, w, explored)
        if not explored.next:
            self._draw_note(surface, theme, pygame.Rect(x, y, w, bottom - y),
                            _("No game went on from here within the book."), T.TEXT_DIM)
            return
        # Translators: the foot of the opening explorer: what a row's figures are, and what a grey row is.
        note = _("Games · score of the side to move; grey: under {count} games").format(count=THIN)
        note_lines = theme.wrap(note, SMALL_PX, w)[:2]
        note_h = (SMALL_PX + 2) * len(note_lines) + 4
        room = max(0, (bottom - note_h - y) // ROW_H)
        if len(explored.next) > room:
            room = max(0, (bottom - note_h - SMALL_PX - 6 - y) // ROW_H)  # a line says how many more
        for k, row in enumerate(explored.next[:room]):
            self._draw_row(surface, theme, pygame.Rect(x - 4, y, w + 8, ROW_H - 2), row, k)
            y += ROW_H
        if len(explored.next) > room:
            more = ngettext("and {count} more turn", "and {count} more turns", len(explored.next) - room).format(
                count=len(explored.next) - room)
            surface.blit(theme.fit_text(more, SMALL_PX, w, T.TEXT_DIM), (x, y + 1))
        for k, line in enumerate(note_lines):
            surface.blit(theme.fit_text(line, SMALL_PX, w, T.TEXT_DIM), (x, bottom - note_h + 4 + k * (SMALL_PX + 2)))

    def _empty_text(self, problem: str | None, explored: Explored | None) -> str:
        if problem is not None:
            return problem
        if self.position is None or explored is None:
            return _("No board to explore.")
        if self.tabs.index == OWN:
            return _("None of your recorded games reached this position (the book holds the first {depth} turns "
                     "of each game).").format(depth=explored.depth)
        return _("Out of the book: no game of the archive reached this position (the book holds the first "
                 "{depth} turns of each game, setup included).").format(depth=explored.depth)

    @staticmethod
    def _draw_note(surface: pygame.Surface, theme: T.Theme, rect: pygame.Rect, text: str, colour: T.RGB) -> None:
        lines = theme.wrap(text, SMALL_PX + 1, rect.w)
        pitch = theme.font(SMALL_PX + 1).get_linesize() + 2
        for k, line in enumerate(lines[: max(1, rect.h // pitch)]):
            surface.blit(theme.fit_text(line, SMALL_PX + 1, rect.w, colour), (rect.x, rect.y + k * pitch))

    def _draw_total(self, surface: pygame.Surface, theme: T.Theme, x: int, y: int, w: int,
                    explored: Explored) -> int:
        """The games that reached the position and their results' bar; return the y below it."""
        total = explored.total
        assert self.position is not None  # explored only with a position
        mover = self.position.players[self.position.to_move]
        games = ngettext("{count} game", "{count} games", total.games).format(count=total.games)
        if total.thin:
            # Translators: said of a count of games too small to say much ("6 games · few").
            games += " · " + pgettext("opening book", "few")
        head = theme.fit_text(games, TEXT_PX, w * 3 // 5, T.TEXT, True)
        surface.blit(head, (x, y))
        # Translators: whose results the explorer's bar and scores give: the player to move here.
        whose = theme.fit_text(_("{name} to move").format(name=mover), SMALL_PX, w - head.get_width() - 8, T.TEXT_DIM)
        surface.blit(whose, whose.get_rect(bottomright=(x + w, y + head.get_height() - 1)))
        y += head.get_height() + 2
        draw_results(surface, pygame.Rect(x, y, w, 8), total)
        y += 11
        lx = x
        parts = [(_("{share} won"), total.wins, WIN_RGB), (_("{share} drawn"), total.draws, DRAW_RGB),
                 (_("{share} lost"), total.losses, LOSS_RGB)]
        if total.decided < total.games:
            # Translators: the share of games whose record stops before an end on the board (a resignation,
            # a timeout, a game left): the grey rest of the explorer's bar.
            parts.append((_("{share} not played out"), total.games - total.decided, T.TEXT_DIM))
        for template, count, colour in parts:
            words = template.format(share=percent(count, total.games))
            if lx > x and lx + theme.font(SMALL_PX).size(words)[0] > x + w:
                lx, y = x, y + SMALL_PX + 3  # a part that does not fit goes to a line of its own
            part = theme.fit_text(words, SMALL_PX, max(1, x + w - lx), colour)
            surface.blit(part, (lx, y))
            lx += part.get_width() + 10
        y += SMALL_PX + 8
        return y

    def _draw_row(self, surface: pygame.Surface, theme: T.Theme, rect: pygame.Rect, row: NextTurn, k: int) -> None:
        """One turn played next: its words, its games and score, and a small bar of its results."""
        assert self.position is not None
        clickable = self.on_turn is not None
        if clickable and self._hover == k:
            pygame.draw.rect(surface, T.BUTTON_HOVER, rect, border_radius=5)
        self.row_rects.append((rect, row))
        tally = row.tally
        ink = T.TEXT_DIM if tally.thin else T.TEXT
        score = "-" if tally.score is None else f"{round(100 * tally.score)}%"
        figures = f"{tally.games} · {score}"
        right = theme.fit_text(figures, TEXT_PX, rect.w // 3, ink)
        surface.blit(right, right.get_rect(topright=(rect.right - 4, rect.y + 3)))
        room = rect.w - max(right.get_width(), rect.w * 2 // 5) - 16
        if len(row.turn) == 1 and isinstance(row.turn[0], Homeworld):
            self._draw_homeworld(surface, theme, rect, row.turn[0], tally.thin)
        else:
            self._draw_words(surface, theme, pygame.Rect(rect.x + 4, rect.y + 1, room, rect.h - 2),
                             turn_words(row.turn, self.position), ink)
        bar_w = max(right.get_width(), rect.w * 2 // 5)
        draw_results(surface, pygame.Rect(rect.right - 4 - bar_w, rect.bottom - 9, bar_w, 5), tally)


    @staticmethod
    def _draw_words(surface: pygame.Surface, theme: T.Theme, rect: pygame.Rect, text: str, ink: T.RGB) -> None:
        """A turn's words in two short lines at most (the second cut with an ellipsis)."""
        lines = theme.wrap(text, SMALL_PX, rect.w)
        if len(lines) > 2:
            lines = [lines[0], " ".join(lines[1:])]
        pitch = SMALL_PX + 1
        top = rect.y + (rect.h - pitch * len(lines)) // 2
        for k, line in enumerate(lines):
            surface.blit(theme.fit_text(line, SMALL_PX, rect.w, ink), (rect.x, top + k * pitch))

    @staticmethod
    def _draw_homeworld(surface: pygame.Surface, theme: T.Theme, rect: pygame.Rect, hw: Homeworld, thin: bool) -> None:
        """A homeworld as its pieces: the stars, then (a little apart) the ship, standing on the row."""
        x, base = rect.x + 6.0, rect.bottom - 10.0
        stars = [hw.star1] + ([] if hw.star2 is None else [hw.star2])
        parts: list[tuple[PieceKind, int]] = [*(("star", p) for p in stars), ("ship", hw.ship)]
        for kind, piece in parts:
            if kind == "ship":
                x += 8
            w, h = piece_box(piece, PIECE_UNIT, kind, lone=True)
            draw_piece(surface, theme, kind, piece, Box(x, base - h, w, h), -1 if kind == "ship" else 0,
                       glow=False, dim=thin)
            x += w + 4


__all__ = ["HEADER_H", "ExplorerPanel", "draw_results", "percent", "turn_words"]
