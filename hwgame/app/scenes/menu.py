"""The in-game menu and the game-over card."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

import pygame

from hwgame.app.control.options import rematch
from hwgame.app.control.study_board import copy_of
from hwgame.app.control.text import Text, text_of
from hwgame.app.kit.base import ButtonScene
from hwgame.app.kit.dialogs import confirm
from hwgame.app.view import theme as T
from hwgame.app.view.widgets import Button, dim, panel
from hwgame.i18n import _
from hwgame.rules import Game, IllegalActionError
from hwgame.words import refusal_text, result_detail, result_title, turns_played

if TYPE_CHECKING:
    from hwgame.app.control.flow import PlayController
    from hwgame.app.stage import AppLike


class GameScreen(Protocol):
    """What the menu uses of the screen of a game it is opened over (the play or the setup screen)."""

    @property
    def ctl(self) -> PlayController:
        """The game on that screen, with its seats."""
        ...


class PlayedScreen(GameScreen, Protocol):
    """What the game-over card uses of the play screen: its game, and taking back the last turn."""

    def undo(self) -> None:
        """Take back the last turn (against the computer: its answer too)."""
        ...


class _Card(ButtonScene):
    """A centred card with a title, optional lines and a column of buttons; the title, the lines and the
    labels are ``Text``, worded at each frame."""

    opaque = False

    def __init__(self, app: AppLike, title: Text, entries: Sequence[tuple[Text, Callable[[], None]]],
                 lines: Sequence[tuple[Text, T.RGB]] = ()):
        super().__init__(app)
        self._title = title
        self._lines = list(lines)
        self.buttons = [Button(text, action, size=24) for text, action in entries]
        self.card = pygame.Rect(0, 0, 400, 300)

    def toast_cover(self, size: tuple[int, int]) -> pygame.Rect:
        """The card: the messages go in the screen's strip, clear of it."""
        return self.card

    @property
    def title(self) -> str:
        """The card's title in the language in force."""
        return text_of(self._title)

    @property
    def lines(self) -> list[tuple[str, tuple]]:
        """The card's lines, (text, colour), in the language in force."""
        return [(text_of(text), color) for text, color in self._lines]

    def draw(self, surface: pygame.Surface) -> None:
        """Dim what is below and draw the card."""
        th = self.app.theme
        w, h = surface.get_size()
        dim(surface, 120)
        text_h = sum(len(th.wrap(text, 24, 440)) * 26 for text, _colour in self.lines)
        # A long column packs its buttons closer on a short window, so that the card leaves the screen's
        # strip for messages free above and below it, and its last button stays inside it.
        pitch = 52
        count = max(1, len(self.buttons))
        if 96 + text_h + pitch * count > h - 120:
            pitch = max(36, (h - 120 - 96 - text_h) // count)
        ch = 80 + text_h + pitch * len(self.buttons) + 16
        self.card = pygame.Rect(0, 0, 500, min(h - 20, ch))
        self.card.center = (w // 2, h // 2)
        panel(surface, self.card, theme=th)
        title = th.fit_text(self.title, 40, self.card.w - 24, T.TEXT, True)
        surface.blit(title, title.get_rect(midtop=(self.card.centerx, self.card.y + 20)))
        y = self.card.y + 70
        for text, color in self.lines:
            for line in th.wrap(text, 24, 440):
                T.draw_text(surface, th, line, (self.card.centerx, y), 24, color, anchor="midtop")
                y += 26
        y += 10
        for b in self.buttons:
            b.rect = pygame.Rect(self.card.centerx - 170, y, 340, pitch - 10)
            b.draw(surface, th)
            y += pitch


class GameMenu(_Card):
    """Esc during a game: resume, save, edit this board, new game, settings, rules, back to the title, quit."""

    def __init__(self, app: AppLike, scene: GameScreen):
        self.scene = scene
        entries: list[tuple[Text, Callable[[], None]]] = [
            (lambda: _("Resume"), lambda: app.scenes.pop(self)), (lambda: _("Save game"), self.save)]
        ctl = scene.ctl
        playing = not ctl.is_over() and not ctl.game.in_setup and ctl.human_to_move()
        if playing:
            entries.append((lambda: _("Resign"), self.resign))
            if not ctl.vs_computer:
                entries.append((lambda: _("Agree a draw"), self.agree_draw))
                if ctl.game.rules.repetition_draw and ctl.game.repetitions() >= 3:
                    entries.append((lambda: _("Claim a draw (repetition)"), self.claim_draw))
        if not ctl.game.in_setup:
            entries.append((lambda: _("Analyse"), self.analyse))
        entries += [
            (lambda: _("Edit this board"), self.edit_board),
            (lambda: _("New game"), self.new_game),
            (lambda: _("Settings"), self.settings),
            (lambda: _("Rules"), self.rules),
            (lambda: _("Quit to title"), app.to_title),
            (lambda: _("Quit"), app.quit),
        ]
        super().__init__(app, lambda: _("Menu"), entries)

    def _declare(self, what: Callable[[Game], object]) -> None:
        """End the game by a declaration (the Game checks it is allowed) and save the result."""
        self.app.scenes.pop(self)
        ctl = self.scene.ctl
        try:
            what(ctl.game)
        except IllegalActionError as exc:
            refusal = exc
            self.app.toast(lambda: refusal_text(refusal))  # the refusal, worded in the language in force
            return
        ctl.opponent.cancel()
        self.app.autosave(ctl)

    def resign(self) -> None:
        """The player to move gives up (after a confirmation)."""
        confirm(self.app, lambda: _("Resign?"), [lambda: _("The other player wins the game.")], lambda: _("Resign"),
                lambda: self._declare(lambda g: g.resign(g.to_move)), lambda: _("Play on"))

    def agree_draw(self) -> None:
        """Both players at the screen agree to a draw."""
        confirm(self.app, lambda: _("Agree a draw?"), [lambda: _("Both players agree: the game ends in a draw.")],
                lambda: _("Draw"), lambda: self._declare(lambda g: g.agree_draw()), lambda: _("Play on"))

    def claim_draw(self) -> None:
        """Claim the draw by threefold repetition."""
        self._declare(lambda g: g.claim_draw())

    def save(self) -> None:
        """The Save screen: the game saved under a name the player types."""
        self.app.scenes.pop(self)
        self.app.open_scene("save-as", self.scene.ctl)

    def analyse(self) -> None:
        """The analysis board on a copy of the game at its current position; the game itself is untouched
        and resumes when the board is left."""
        self.app.scenes.pop(self)
        ctl = self.scene.ctl
        self.app.open_scene("analysis", copy_of(ctl.game), bottom=ctl.bottom, players=self.app.players_of(ctl))

    def edit_board(self) -> None:
        """The board editor on the board shown; the game itself stays as it is, under the editor."""
        self.app.scenes.pop(self)
        self.app.open_scene("editor", self.scene.ctl.game.state.position)

    def new_game(self) -> None:
        """Leave this game (it stays in the autosave) for the new-game screen."""
        self.app.to_title()
        self.app.open_scene("new-game")

    def settings(self) -> None:
        """Settings over the game."""
        self.app.open_scene("settings")

    def rules(self) -> None:
        """The rules over the game."""
        self.app.open_scene("rules")


class GameOverScene(_Card):
    """The result and why; new game, review, save the record, take back, title."""

    def __init__(self, app: AppLike, play: PlayedScreen):
        self.play = play
        ctl = play.ctl
        outcome = ctl.outcome()
        # Against the computer the title speaks to the human ("You win!"), else it names the winner; with
        # no human seat (the computer against itself) no one at the screen has won.
        you = None if not ctl.vs_computer else ctl.seats.index("human") if "human" in ctl.seats else -1
        players = ctl.game.players

        def title() -> str:
            return result_title(outcome, players, you)

        if outcome is None:
            color = T.TEXT
        elif outcome.winner is None:
            color = T.TEXT_WARN
        else:
            color = T.TEXT_BAD if you is not None and outcome.winner != you else T.TEXT_GOOD
        lines: list[tuple[Text, T.RGB]] = []
        if outcome is not None:
            lines.append((lambda: result_detail(outcome), color))  # the title says who won already
        turns = len(ctl.game.turns)
        lines.append((lambda: turns_played(turns), T.TEXT_DIM))
        entries: list[tuple[Text, Callable[[], None]]] = [
            (lambda: _("Rematch (sides swapped)"), self.rematch),
            (lambda: _("New game"), self.new_game),
            (lambda: _("Review the game"), self.review),
            (lambda: _("Save the record"), self.save),
        ]
        if ctl.vs_computer:
            entries.append((lambda: _("Take back my last turn"), self.take_back))
        entries.append((lambda: _("Back to the title"), app.to_title))
        super().__init__(app, title, entries, lines)
        self.saved = ""

    def new_game(self) -> None:
        """The new-game screen, filled in with this game's choices."""
        config = self.app.config_of(self.play.ctl)
        self.app.to_title()
        self.app.open_scene("new-game", config)

    def rematch(self) -> None:
        """The same game again, the same level and rules, with the sides swapped."""
        self.app.new_game(rematch(self.app.config_of(self.play.ctl)))

    def review(self) -> None:
        """Step through the game."""
        self.app.open_scene("review", self.play.ctl)

    def save(self) -> None:
        """The Save screen for the finished game's record (back to this card afterwards)."""
        self.app.open_scene("save-as", self.play.ctl)

    def take_back(self) -> None:
        """Undo the last turn (and the computer's answer) and play on."""
        self.app.scenes.pop(self)
        self.play.undo()
