"""The title screen and the new-game screen."""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Literal, cast

import pygame

from hwgame.app.control.clock import PRESETS, preset_label
from hwgame.app.control.controller import COMPUTER, HUMAN
from hwgame.app.control.options import (
    HANDICAP_SIDES,
    GameConfig,
    config_from,
    default_name,
    handicap_value,
    is_default_name,
    versus,
)
from hwgame.app.control.teaching import threshold_text
from hwgame.app.control.text import Worded
from hwgame.app.kit.base import ButtonScene, Control
from hwgame.app.kit.dialogs import ChoiceMenu, confirm
from hwgame.app.services.opponent import LEVEL_NAMES
from hwgame.app.view import theme as T
from hwgame.app.view.layout import HEIGHTS, Box, piece_box
from hwgame.app.view.pieces import draw_piece
from hwgame.app.view.theme import Theme
from hwgame.app.view.widgets import NOTICE_H, Button, Choice, Enabled, TextField, Widget, draw_screen_head
from hwgame.i18n import N_, _, pgettext
from hwgame.rules import name_character
from hwgame.words import level_label, rules_label

if TYPE_CHECKING:
    from hwgame.app.stage import AppLike
    from hwgame.persist import SaveInfo
    from hwgame.persist.schema import ClockChoice, HandicapChoice, RulesName


def _latest_unfinished() -> SaveInfo | None:
    """The most recent unfinished game in the saves folder (a SaveInfo), or None."""
    try:
        from hwgame.persist import default_store

        return default_store().latest_unfinished()
    except Exception:
        return None


def continue_caption(info: SaveInfo) -> str:
    """What Continue resumes, in a few words: ``"Ann vs Computer, turn 12, Ann's turn in progress"``."""
    names = versus([p.name for p in info.players])
    if info.actions_in_progress:
        return _("{players}, turn {turn}, {player}'s turn in progress").format(
            players=names, turn=info.turns_played + 1, player=info.to_move)
    return _("{players}, turn {turn}, {player} to move").format(
        players=names, turn=info.turns_played + 1, player=info.to_move)


# The title's buttons, in order (translated where they are drawn).
MENU = (N_("Continue"), N_("New game"), N_("Tutorial"), N_("Study"), N_("Load"), N_("Statistics"), N_("Settings"),
        N_("Rules"), N_("Quit"))


def title_scale(h: int) -> float:
    """How much the title screen is enlarged for a window ``h`` pixels high."""
    return max(0.7, min(1.4, h / 800))


def menu_rects(w: int, h: int, count: int) -> list[pygame.Rect]:
    """Where the title's ``count`` buttons go in a ``w`` x ``h`` window, top to bottom."""
    scale = title_scale(h)
    bw, bh, gap = int(280 * scale), int(44 * scale), int(10 * scale)
    top = int(h * 0.48)
    # A long menu packs its buttons closer rather than run off the bottom of a short window.
    room = h - int(12 * scale) - top
    if count * (bh + gap) - gap > room:
        pitch = room // count
        gap = max(4, pitch // 6)
        bh = pitch - gap
    return [pygame.Rect(w // 2 - bw // 2, top + i * (bh + gap), bw, bh) for i in range(count)]


def art_bob(t: float, row: int) -> int:
    """How many pixels a row of the title's fleets has drifted at time ``t`` (whole pixels, so the art
    changes only when a row moves by one)."""
    return round(math.sin(t * 1.4 + row * 2.0) * 3)


def art_rest(t: float, horizon: float = 1.0) -> float:
    """Seconds from ``t`` until a row of the title's fleets moves by a pixel (at most ``horizon``)."""
    now = (art_bob(t, 0), art_bob(t, 1))
    step = 1 / 120
    ahead = step
    while ahead < horizon and (art_bob(t + ahead, 0), art_bob(t + ahead, 1)) == now:
        ahead += step
    return min(ahead, horizon)


def draw_title_art(surface: pygame.Surface, theme: Theme, cx: float, top: float, bottom: float, t: float) -> None:
    """A binary star between two facing fleets, drawn with the game's own pieces, between two heights."""
    u = max(20.0, min(58.0, (bottom - top) / 3.7))
    cy = top + 2.25 * u
    # The binary: a large yellow and a medium blue star standing on one ground line.
    for piece, dx in ((5, -0.55), (10, 0.5)):
        w, h = piece_box(piece, u * 1.25)
        draw_piece(surface, theme, "star", piece, Box(cx + dx * u - w / 2, cy - h, w, h))
    # Fleets: yours below pointing up, the opponent's above pointing down; they drift a little.
    for row, (pieces, direction, y0) in enumerate((((8, 2, 11), -1, cy + u * 0.3), ((7, 0, 5), 1, cy - u * 2.2))):
        bob = art_bob(t, row)
        gap = u * 0.62
        for i, piece in enumerate(pieces):
            w, h = piece_box(piece, u, "ship")
            x = cx + (i - 1) * gap - w / 2
            y = y0 + bob + (u * HEIGHTS[3] - h if direction < 0 else 0)  # a row's ships share their base
            rim = (240, 244, 255) if direction < 0 else (24, 26, 36)
            draw_piece(surface, theme, "ship", piece, Box(x, y, w, h), direction, rim)


class TitleScene(ButtonScene):
    """Continue, New game, Tutorial, Study, Load, Statistics, Settings, Rules, Quit."""

    def __init__(self, app: AppLike):
        super().__init__(app)
        self.time = 0.0
        self.latest: SaveInfo | None = None  # the game Continue resumes
        entries: list[tuple[Callable[[], object], Enabled]] = [
            (self.resume_game, lambda: self.latest is not None),
            (self.new_game, True),
            (self.tutorial, True),
            (self.study, True),
            (self.load, True),
            (self.statistics, True),
            (self.settings, True),
            (self.rules, True),
            (app.quit, True),
        ]
        self.buttons = [
            Button(partial(_, text), action, enabled=on, size=26)
            for text, (action, on) in zip(MENU, entries, strict=True)
        ]

    @property
    def autosave(self) -> Path | None:
        """The autosave file Continue opens, or None."""
        return None if self.latest is None else self.latest.path

    def resume(self) -> None:
        """Look for the latest unfinished game each time the title shows, and tell what the saves folder has
        to say."""
        self.latest = _latest_unfinished()
        self.app.show_notices()

    def ask_quit(self) -> None:
        """Escape: ask, then quit (a slip of the key must not close the game)."""
        confirm(self.app, lambda: _("Quit Homeworlds?"),
                [lambda: _("Unfinished games are kept: Continue resumes them.")], lambda: _("Quit"), self.app.quit,
                lambda: _("Stay"))

    def resume_game(self) -> None:
        """Continue the most recent unfinished game from its autosave."""
        if self.latest is not None and not self.app.load(self.latest.path):
            self.resume()  # it could not be opened after all: the list has changed

    def new_game(self) -> None:
        """Open the new-game screen."""
        self.app.scenes.push(NewGameScene(self.app))

    def tutorial(self) -> None:
        """The list of lessons."""
        try:
            self.app.scene_class("lessons")
        except Exception:  # the lessons are a separate part of the game; without them, say so
            self.app.toast(lambda: _("The tutorial is not part of this version: try Rules, then a game on Beginner."))
            return
        self.app.open_scene("lessons")

    def study(self) -> None:
        """A small choice: the board editor, or the analysis board from the start of a game."""
        self.app.scenes.push(ChoiceMenu(self.app, lambda: _("Study"), [
            (lambda: _("Board editor"), lambda: self.app.open_scene("editor")),
            (lambda: _("Analysis board"), self.analysis_board)],
            subtitle=lambda: _("Set up any board and play it, or study a game from its start.")))

    def analysis_board(self) -> None:
        """The analysis board on a game at its very start."""
        from hwgame.rules import Game

        try:
            self.app.scene_class("analysis")
        except Exception:  # the analysis board is another part of the game; without it, say so
            self.app.toast(lambda: _("The analysis board is not part of this version."))
            return
        self.app.open_scene("analysis", Game())

    def load(self) -> None:
        """The list of saves."""
        self.app.open_scene("load")

    def statistics(self) -> None:
        """The record of finished games: rating, results per level, streaks, recent games."""
        self.app.open_scene("statistics")

    def settings(self) -> None:
        """The settings screen."""
        self.app.open_scene("settings")

    def rules(self) -> None:
        """The rules in short."""
        self.app.open_scene("reference")  # the quick reference; it links to the full text

    def keys(self) -> dict[int, Callable[[], object]]:
        """Enter starts a new game, Escape asks before quitting."""
        return {pygame.K_RETURN: self.new_game, pygame.K_KP_ENTER: self.new_game, pygame.K_ESCAPE: self.ask_quit}

    def update(self, dt: float) -> None:
        """Animate the art."""
        self.time += dt

    def rest(self) -> float:
        """Still until the fleets of the art drift by a pixel."""
        return art_rest(self.time)

    def toast_place(self, size: tuple[int, int]) -> pygame.Rect:
        """Messages go in the margin right of the menu, under the Continue row (whose caption is beside
        it): only stars there."""
        w, h = size
        rects = menu_rects(w, h, len(self.buttons))
        top = rects[1].y if len(rects) > 1 else rects[0].bottom + 8
        return pygame.Rect(rects[0].right + 24, top, w - rects[0].right - 48, rects[-1].bottom - top)

    def draw(self, surface: pygame.Surface) -> None:
        """Title, art and the menu."""
        from hwgame.app.view.board import _starfield

        th = self.app.theme
        w, h = surface.get_size()
        if getattr(self, "_bg_size", None) != (w, h):
            self._bg = _starfield(w, h)
            self._bg_size = (w, h)
        surface.blit(self._bg, (0, 0))
        scale = title_scale(h)
        # Translators: the game's name, in capitals on the title screen.
        name = th.fit_text(_("HOMEWORLDS"), int(96 * scale), w - 40, T.TEXT, True)
        surface.blit(name, name.get_rect(midtop=(w // 2, int(h * 0.07))))
        motto = th.fit_text(_("a game of pyramids, stars and fleets"), int(28 * scale), w - 40, T.TEXT_DIM)
        surface.blit(motto, motto.get_rect(midtop=(w // 2, int(h * 0.07 + 86 * scale))))
        rects = menu_rects(w, h, len(self.buttons))
        draw_title_art(surface, th, w // 2, h * 0.07 + 116 * scale, rects[0].y - 12 * scale, self.time)
        for b, rect in zip(self.buttons, rects, strict=True):
            b.rect = rect
            b.size = int(26 * scale)
            b.draw(surface, th)
        if self.latest is not None:
            # Beside Continue, which game it resumes: there can be several unfinished ones.
            right = w - rects[0].right - 24
            text = th.fit_text(continue_caption(self.latest), int(19 * scale), right, T.TEXT_DIM)
            surface.blit(text, text.get_rect(midleft=(rects[0].right + 14, rects[0].centery)))


def handicap_options(against: str) -> list[tuple[Callable[[], str], str]]:
    """The handicaps the form offers in a game against ``against`` (COMPUTER or HUMAN): none, then each
    kind for each side, worded at each frame."""
    if against == COMPUTER:
        return [
            (lambda: pgettext("handicap", "None"), "none"),
            (lambda: _("An extra small ship for you"), "extra-small:me"),
            (lambda: _("An extra small ship for the computer"), "extra-small:opponent"),
            (lambda: _("The computer starts with a medium ship"), "medium-ship:opponent"),
            (lambda: _("You start with a medium ship"), "medium-ship:me"),
        ]
    return [
        (lambda: pgettext("handicap", "None"), "none"),
        (lambda: _("An extra small ship for the first player"), "extra-small:first"),
        (lambda: _("An extra small ship for the second player"), "extra-small:second"),
        (lambda: _("The first player starts with a medium ship"), "medium-ship:first"),
        (lambda: _("The second player starts with a medium ship"), "medium-ship:second"),
    ]


def handicap_hint(value: str) -> str:
    """What the chosen handicap does, in a sentence under the form (empty for none)."""
    kind = value.partition(":")[0]
    if kind == "extra-small":
        return _("Once both homeworlds are built, a small ship of the colour of the starting ship joins it. "
                 "Not rated.")
    if kind == "medium-ship":
        return _("Once both homeworlds are built, the large starting ship becomes a medium one of its colour. "
                 "Not rated.")
    return ""


class NewGameScene(ButtonScene):
    """Opponent and level, who starts, rules, handicap, names; Start goes to the setup screen.

    The form offers the choices of the last game started from it (kept in the settings), or those of
    ``preset`` (the game just finished, from its game-over card)."""

    problem = Worded()  # what is wrong with the names, worded at each frame

    def __init__(self, app: AppLike, preset: GameConfig | None = None):
        super().__init__(app)
        s = app.settings
        self.opponent = Choice(
            lambda: _("Opponent"),
            [(lambda: pgettext("opponent", "Computer"), COMPUTER), (lambda: _("Human (same screen)"), HUMAN)],
            on_change=self._changed,
        )
        self.level = Choice(lambda: _("Computer level"), [(partial(level_label, n), n) for n in LEVEL_NAMES])
        self.level.set_value(app.default_level)
        self.first = Choice(lambda: _("Who starts"), [
            (lambda: pgettext("who starts", "You"), "me"),
            (lambda: _("The opponent"), "opponent"),
            (lambda: _("Random"), "random"),
        ])
        rule_sets: tuple[RulesName, ...] = ("standard", "sdg")
        self.rules = Choice(lambda: _("Rules"), [(partial(rules_label, r), r) for r in rule_sets])
        self.rules.set_value(getattr(s, "default_rules", "standard"))
        # Translators: the New game row that chooses how the two homeworlds are set up (built by the
        # players or automatic): the players' home systems, not the game's title.
        self.setup = Choice(lambda: pgettext("new game, how they are set up", "Homeworlds"),
                            [(lambda: _("Build them yourselves"), False), (lambda: _("Automatic"), True)])
        self.handicap: Choice[str] = Choice(lambda: _("Handicap"), handicap_options(COMPUTER))
        # Translators: the New game row that chooses the time control ("No clock", "5 min + 5 s"...).
        self.clock = Choice(lambda: _("Clock"), [(partial(preset_label, key), key) for key in PRESETS])
        self.clock.set_value(getattr(s, "last_clock", "none"))
        # Translators: the New game row of a teaching game: the game stops after a turn that gives much
        # away, before the computer answers, and offers to try again.
        self.teaching = Choice(lambda: _("Teaching game"), [(lambda: pgettext("setting", "Off"), False),
                                                            (lambda: pgettext("setting", "On"), True)])
        self.teaching.set_value(bool(getattr(s, "last_teaching", False)))
        # Names may be in any script (RULES.md): the field keeps out only what no name may hold. A name
        # the game offered (not one the player typed) is offered in the language in force.
        mine = getattr(s, "player_name", "") or "Player"
        self.name = TextField(default_name("player") if is_default_name(mine, "player") else mine,
                              allowed=name_character, label=lambda: _("Your name"))
        self.other = TextField(default_name("computer"), allowed=name_character, label=lambda: _("Opponent's name"))
        self.widgets: list[Widget] = [self.opponent, self.level, self.teaching, self.first, self.rules,
                                      self.setup, self.handicap, self.clock, self.name, self.other]
        self.start = Button(lambda: _("Start"), self.begin, size=26)
        self.back = Button(lambda: _("Back"), lambda: self.app.scenes.pop(self), size=26)
        self.problem = ""
        self.opponent.set_value(s.last_opponent)
        self._changed(s.last_opponent)
        self.first.set_value(s.last_first)
        self.setup.set_value(s.last_auto_setup)
        self.handicap.set_value(s.last_handicap)
        if preset is not None:
            self.fill(preset)

    def fill(self, config: GameConfig) -> None:
        """Show the choices of the game ``config`` describes, from the first human seat's side."""
        me = config.seats.index(HUMAN) if HUMAN in config.seats else 0
        kind = COMPUTER if COMPUTER in config.seats else HUMAN
        self.opponent.set_value(kind)
        self._changed(kind)
        if kind == COMPUTER:
            self.level.set_value(config.levels[1 - me])
        self.first.set_value("me" if me == 0 else "opponent")
        self.rules.set_value(cast("RulesName", config.rules))
        self.setup.set_value(config.auto_setup)
        self.handicap.set_value(handicap_value(config.handicap, kind, me))
        self.clock.set_value(config.clock)
        self.teaching.set_value(config.teaching)
        self.name.text, self.other.text = config.names[me], config.names[1 - me]

    def _changed(self, value: str) -> None:
        self.level.visible = value == COMPUTER
        self.teaching.visible = value == COMPUTER  # a teaching game is one against the computer
        # The handicap's sides are you and the computer, or the first and second player at one screen:
        # the same side is kept (you, or the opponent, are the first player unless Who starts says not).
        kind, _sep, side = self.handicap.value.partition(":")
        sides = HANDICAP_SIDES[value]
        old = HANDICAP_SIDES[HUMAN if value == COMPUTER else COMPUTER]
        self.handicap.options = handicap_options(value)
        self.handicap.index = 0
        if side in old:
            self.handicap.set_value(f"{kind}:{sides[old.index(side)]}")
        elif side in sides:
            self.handicap.set_value(f"{kind}:{side}")
        if value == COMPUTER and (not self.other.text or is_default_name(self.other.text, "other")):
            self.other.text = default_name("computer")
        elif value == HUMAN and (not self.other.text or is_default_name(self.other.text, "computer")):
            self.other.text = default_name("other")

    def begin(self) -> None:
        """Start the game described by the screen (or say what is wrong with the names)."""
        config = config_from(
            self.name.text.strip(),
            self.opponent.value,
            self.other.text.strip(),
            self.level.value,
            self.first.value,
            self.rules.value,
            bool(self.setup.value),
            self.app.rng,
            self.handicap.value,
            self.clock.value,
            bool(self.teaching.value),
        )
        if config.problems():
            self.problem = lambda: (config.problems() or [""])[0]  # worded again at each frame
            return
        try:
            self.app.settings.player_name = self.name.text.strip()
            self.app.settings.ai_level = self.level.value
            self.app.settings.default_rules = self.rules.value
            # Checked by the settings' own schema as they are set.
            self.app.settings.last_opponent = cast("Literal['computer', 'human']", self.opponent.value)
            self.app.settings.last_first = cast("Literal['me', 'opponent', 'random']", self.first.value)
            self.app.settings.last_auto_setup = bool(self.setup.value)
            self.app.settings.last_handicap = cast("HandicapChoice", self.handicap.value)
            self.app.settings.last_clock = cast("ClockChoice", self.clock.value)
            self.app.settings.last_teaching = bool(self.teaching.value)
            self.app.save_settings()
        except Exception:
            pass  # settings are a convenience; the game starts regardless
        self.app.new_game(config)

    def controls(self) -> list[Control]:
        """The form's widgets, then Start and Back."""
        return [*self.widgets, self.start, self.back]

    def keys(self) -> dict[int, Callable[[], object]]:
        """Escape goes back, Enter starts."""
        return {pygame.K_ESCAPE: self.leave, pygame.K_RETURN: self.begin, pygame.K_KP_ENTER: self.begin}

    def update(self, dt: float) -> None:
        """Caret blinks."""
        self.name.update(dt)
        self.other.update(dt)

    def rest(self) -> float:
        """Still until a caret blinks."""
        return min(self.name.rest(), self.other.rest())

    @staticmethod
    def _rows_top(h: int) -> int:
        """Where the first row of the form goes: higher in a low window, closer under the title."""
        return 130 if h >= 760 else 110

    def _pitch(self, h: int) -> int:
        """Pixels from one row of the form to the next: closer in a low window, so that the line under the
        rows, the messages' strip and the buttons fit under them."""
        rows = sum(1 for wdg in self.widgets if getattr(wdg, "visible", True))
        return max(42, min(56, (h - self._rows_top(h) - 42 - NOTICE_H - 8 - 60) // max(1, rows)))

    def _rows_bottom(self, h: int) -> int:
        rows = sum(1 for wdg in self.widgets if getattr(wdg, "visible", True))
        return self._rows_top(h) + rows * self._pitch(h)

    def toast_place(self, size: tuple[int, int]) -> pygame.Rect:
        """Messages go in the strip between the line under the rows and the buttons."""
        w, h = size
        fw = min(620, w - 80)
        return pygame.Rect(w // 2 - fw // 2, self._rows_bottom(h) + 34, fw, NOTICE_H)

    def draw(self, surface: pygame.Surface) -> None:
        """The form."""
        th = self.app.theme
        w, h = surface.get_size()
        x, fw = draw_screen_head(surface, th, _("New game"), 40 if h >= 760 else 28, 56, 620)
        y = self._rows_top(h)
        pitch = self._pitch(h)
        for wdg in self.widgets:
            if isinstance(wdg, TextField):
                wdg.rect = pygame.Rect(x + int(fw * 0.42), y, int(fw * 0.58), 40)
                wdg.label_x = x
            else:
                wdg.rect = pygame.Rect(x, y, fw, 40)
            if getattr(wdg, "visible", True):
                wdg.draw(surface, th)
                y += pitch
        if self.problem:
            problem = th.fit_text(self.problem, 22, w - 40, T.TEXT_BAD)
            surface.blit(problem, problem.get_rect(midtop=(w // 2, y + 4)))
        elif handicap_hint(self.handicap.value):
            hint = th.fit_text(handicap_hint(self.handicap.value), 20, w - 40, T.TEXT_DIM)
            surface.blit(hint, hint.get_rect(midtop=(w // 2, y + 4)))
        elif self.teaching.visible and self.teaching.value:
            hint = th.fit_text(threshold_text(self.level.value), 20, w - 40, T.TEXT_DIM)
            surface.blit(hint, hint.get_rect(midtop=(w // 2, y + 4)))
        strip = self.toast_place((w, h))
        self.start.rect = pygame.Rect(w // 2 - 210, strip.bottom + 8, 200, 48)
        self.back.rect = pygame.Rect(w // 2 + 10, strip.bottom + 8, 200, 48)
        self.start.draw(surface, th)
        self.back.draw(surface, th)
