"""Your puzzle deck: the boards of your own mistakes, due today on a spaced schedule.

``DeckScene`` lists the puzzles due today (``services.deck``; SM-2 in ``persist.deck``), each with the game
and the turn it came from: Play opens it on the retry card (``"retry"``, a round of one turn) and its
answer moves it on the schedule (found at once: much later; after a wrong try or Show: sooner; not
found: tomorrow); Game opens that game's replay. The deck's problems (a file set aside, puzzles that did
not read) are said at the top, never hidden.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from hwgame.app.kit.base import ButtonScene
from hwgame.app.services.deck import DeckCard, answered, entry_of, game_of_card, load_deck
from hwgame.app.services.retry import FOUND, SHOWN, RetryRound, Review
from hwgame.app.view import theme as T
from hwgame.app.view.widgets import Button, notice_strip
from hwgame.i18n import _, text_of
from hwgame.rules import Game
from hwgame.words import mark_label

if TYPE_CHECKING:
    from hwgame.app.stage import AppLike

ROWS = 8  # due puzzles listed at once (the first ones: the longest waiting)


def card_title(card: DeckCard) -> str:
    """Where a puzzle comes from: the game's title (or its players) and the turn."""
    game = card.game_title or " – ".join(card.players)
    return _("{game}, turn {number}").format(game=game, number=card.number)


class DeckScene(ButtonScene):
    """The list of the puzzles due today (see the module doc)."""

    def __init__(self, app: AppLike, today: dt.date | None = None):
        super().__init__(app)
        self.today = today or dt.date.today()
        self.back = Button(lambda: _("Back"), self.leave, size=22)
        self.play_next = Button(lambda: _("Play the first"), self.play_first, size=22,
                                enabled=lambda: bool(self.due))
        self.rows: list[tuple[DeckCard, Button, Button]] = []
        self.problem = ""
        self.resume()

    def resume(self) -> None:
        """Read the deck again (an answer has moved a puzzle)."""
        deck = load_deck()
        self.total = len(deck.cards)
        self.notices = [text_of(n) for n in deck.notices]
        self.due = deck.due(self.today)
        later = sorted(c.due for c in deck.cards.values() if c.due > self.today)
        self.next_due = later[0] if later else None
        self.rows = [(card, Button(lambda: _("Play"), self._opener(card), size=18),
                      Button(lambda: _("Game"), self._game_opener(card), size=18,
                             enabled=lambda c=card: c.start is not None))  # type: ignore[misc]
                     for card in self.due[:ROWS]]  # fmt: skip
        self.buttons = [b for _c, play, game in self.rows for b in (play, game)] + [self.play_next, self.back]

    def _opener(self, card: DeckCard) -> Callable[[], None]:
        return lambda: self.play(card)

    def _game_opener(self, card: DeckCard) -> Callable[[], None]:
        return lambda: self.open_game(card)

    def play_first(self) -> None:
        """The puzzle that waited longest."""
        if self.due:
            self.play(self.due[0])

    def play(self, card: DeckCard) -> None:
        """One puzzle on the retry card; its answer schedules it."""
        entry = entry_of(card)
        if entry is None:
            self.problem = _("This puzzle no longer reads.")
            return
        self.problem = ""
        game = game_of_card(card)
        if game is None:
            assert entry.position is not None
            game = Game.from_position(entry.position)
        players = tuple(card.players) if len(card.players) == 2 else tuple(game.players)
        review = Review((players[0], players[1]), card.level, [entry], len(game.turns))

        def step(_at: int, round_: RetryRound) -> None:
            state = round_.states[0]
            _card, problem = answered(card, state in (FOUND, SHOWN), round_.misses[0] > 0, state == SHOWN,
                                      today=self.today)  # fmt: skip
            if problem:
                self.app.toast(problem)

        title = card_title(card)
        self.app.open_scene("retry", game, review, entry.player, lambda: title, entries=[entry], on_step=step)

    def open_game(self, card: DeckCard) -> None:
        """The replay of the game the puzzle came from, at the board before the turn."""
        game = game_of_card(card)
        if game is None:
            self.problem = _("The game of this puzzle was not kept.")
            return
        title = card.game_title or " – ".join(card.players)
        viewer: Any = self.app.scene_class("replay")  # scenes are known to each other by name only
        scene = viewer(self.app, game, name=lambda: title)
        scene.go_to_turn(card.index)
        self.app.scenes.push(scene)

    def toast_place(self, size: tuple[int, int]) -> pygame.Rect:
        """Messages above the buttons."""
        w, h = size
        return notice_strip(40, w - 80, h - 64)

    def draw(self, surface: pygame.Surface) -> None:
        """The title, the count due, the problems, the rows and the buttons."""
        th = self.app.theme
        w, h = surface.get_size()
        surface.fill(T.BG)
        title = T.draw_text(surface, th, _("Your puzzle deck"), (w // 2, 14), 42, T.TEXT, True, "midtop")
        counted = _("{due} due today  ·  {count} in the deck").format(due=len(self.due), count=self.total)
        y = T.draw_text(surface, th, counted, (w // 2, title.bottom + 4), 20, T.TEXT_DIM, anchor="midtop").bottom + 8
        col = min(820, w - 80)
        x = (w - col) // 2
        for line in [*self.notices, self.problem]:
            if line:
                for part in th.wrap(line, 17, col)[:2]:
                    surface.blit(th.fit_text(part, 17, col, T.TEXT_BAD), (x, y))
                    y += 20
        y += 6
        if not self.total:
            lines = th.wrap(_("Your deck is empty. When the review of a finished game of yours is complete, each "
                              "mistake with a clear better turn comes here as a puzzle."), 20, col)  # fmt: skip
        elif not self.due:
            when = self.next_due.isoformat() if self.next_due else ""
            lines = [_("No puzzle is due today. The next one comes back on {date}.").format(date=when)]
        else:
            lines = th.wrap(_("Find the better turn you missed. Found at once, a puzzle comes back much later; "
                              "missed, it comes back tomorrow."), 18, col)  # fmt: skip
        for line in lines:
            surface.blit(th.fit_text(line, 18, col, T.TEXT), (x, y))
            y += 24
        y += 8
        bw = 96
        rh = max(30, min(40, (h - y - 90) // max(1, ROWS)))
        for card, play, game in self.rows:
            label = _("{where}  ·  {kind}").format(where=card_title(card), kind=mark_label(card.kind))
            surface.blit(th.fit_text(label, 18, col - 2 * bw - 24, T.TEXT), (x, y + (rh - 22) // 2))
            play.rect = pygame.Rect(x + col - 2 * bw - 8, y, bw, rh - 6)
            game.rect = pygame.Rect(x + col - bw, y, bw, rh - 6)
            play.draw(surface, th)
            game.draw(surface, th)
            y += rh
        widest = max(th.font(22).size(b.text)[0] for b in (self.play_next, self.back)) + 30
        bw2 = max(200, widest)
        self.play_next.rect = pygame.Rect(w // 2 - bw2 - 10, h - 64, bw2, 44)
        self.back.rect = pygame.Rect(w // 2 + 10, h - 64, bw2, 44)
        self.play_next.draw(surface, th)
        self.back.draw(surface, th)


__all__ = ["DeckScene", "card_title"]
