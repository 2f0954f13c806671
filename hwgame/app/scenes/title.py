"""The title screen and the new-game screen."""

from __future__ import annotations

import importlib.util
import math

import pygame

from ..controller import COMPUTER, HUMAN
from ..opponent import LEVEL_NAMES
from ..options import config_from
from ..view import theme as T
from ..view.layout import Box
from ..view.pieces import draw_piece
from ..view.widgets import Button, Choice, TextField
from .base import Scene


def _latest_autosave():
    try:
        from hwgame.persist import default_store

        return default_store().latest_autosave()
    except Exception:
        return None


def draw_title_art(surface, theme, center, scale: float, t: float) -> None:
    """A binary star and two facing fleets, drawn with the game's own pieces."""
    cx, cy = center
    u = 60 * scale
    for piece, dx in ((5, -0.45), (9, 0.42)):
        h = (0.78 if piece % 3 == 2 else 0.52 + 0.26 * (piece % 3)) * u * 1.4
        w = h * 0.84
        bob = math.sin(t * 1.3 + dx * 3) * 2
        draw_piece(surface, theme, "star", piece, Box(cx + dx * u - w / 2, cy - h + bob, w, h))
    for i, piece in enumerate((8, 2, 11)):
        h = (0.52, 0.78, 1.04)[piece % 3] * u
        w = h * 0.6
        draw_piece(surface, theme, "ship", piece, Box(cx - u * 1.9 + i * u * 0.55 - w / 2, cy + u * 0.35, w, h), -1)
        draw_piece(surface, theme, "ship", (piece + 4) % 12, Box(cx + u * 0.8 + i * u * 0.55 - w / 2,
                                                                   cy - u * 1.9, w, h), 1, (24, 26, 36))


class TitleScene(Scene):
    """Continue, New game, Tutorial, Load, Settings, Rules, Quit."""

    def __init__(self, app):
        super().__init__(app)
        self.time = 0.0
        self.autosave = None
        entries = [
            ("Continue", self.resume_game, lambda: self.autosave is not None),
            ("New game", self.new_game, True),
            ("Tutorial", self.tutorial, True),
            ("Load", self.load, True),
            ("Settings", self.settings, True),
            ("Rules", self.rules, True),
            ("Quit", app.quit, True),
        ]
        self.buttons = [Button(text, action, enabled=on, size=26) for text, action, on in entries]

    def resume(self) -> None:
        """Look for an autosave each time the title shows."""
        self.autosave = _latest_autosave()

    def resume_game(self) -> None:
        """Continue the last game from its autosave."""
        if self.autosave is not None:
            self.app.load(self.autosave)

    def new_game(self) -> None:
        """Open the new-game screen."""
        self.app.scenes.push(NewGameScene(self.app))

    def tutorial(self) -> None:
        """The tutorial, once it is part of the game."""
        if importlib.util.find_spec("hwgame.tutorial") is None:
            self.app.toast("The tutorial is not part of this version yet: try Rules, then a game on Beginner.")
            return
        try:
            from .tutorial import TutorialScene  # type: ignore[import-not-found]

            self.app.scenes.push(TutorialScene(self.app))
        except Exception:
            self.app.toast("The tutorial is not part of this version yet: try Rules, then a game on Beginner.")

    def load(self) -> None:
        """The list of saves."""
        from .info import LoadScene

        self.app.scenes.push(LoadScene(self.app))

    def settings(self) -> None:
        """The settings screen."""
        from .info import SettingsScene

        self.app.scenes.push(SettingsScene(self.app))

    def rules(self) -> None:
        """The rules in short."""
        from .info import RulesScene

        self.app.scenes.push(RulesScene(self.app))

    def handle_event(self, event) -> bool:
        """Menu buttons; Enter starts a new game, Escape quits."""
        for b in self.buttons:
            if b.handle_event(event):
                return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.new_game()
            elif event.key == pygame.K_ESCAPE:
                self.app.quit()
        return True

    def update(self, dt: float) -> None:
        """Animate the art."""
        self.time += dt

    def draw(self, surface: pygame.Surface) -> None:
        """Title, art and the menu."""
        from ..view.board import _starfield

        th = self.app.theme
        w, h = surface.get_size()
        if getattr(self, "_bg_size", None) != (w, h):
            self._bg = _starfield(w, h)
            self._bg_size = (w, h)
        surface.blit(self._bg, (0, 0))
        scale = max(0.7, min(1.4, h / 800))
        T.draw_text(surface, th, "HOMEWORLDS", (w // 2, int(h * 0.07)), int(96 * scale), T.TEXT, True, "midtop")
        T.draw_text(surface, th, "a game of pyramids, stars and fleets", (w // 2, int(h * 0.07 + 86 * scale)),
                    int(28 * scale), T.TEXT_DIM, anchor="midtop")
        draw_title_art(surface, th, (w // 2, int(h * 0.38)), scale, self.time)
        bw, bh = int(280 * scale), int(44 * scale)
        y = int(h * 0.5)
        for b in self.buttons:
            b.rect = pygame.Rect(w // 2 - bw // 2, y, bw, bh)
            b.size = int(26 * scale)
            b.draw(surface, th)
            y += bh + int(10 * scale)


class NewGameScene(Scene):
    """Opponent and level, who starts, rules, names; Start goes to the setup screen."""

    def __init__(self, app):
        super().__init__(app)
        s = app.settings
        self.opponent = Choice("Opponent", [("Computer", COMPUTER), ("Human (same screen)", HUMAN)],
                               on_change=self._changed)
        self.level = Choice("Computer level", [(n.capitalize(), n) for n in LEVEL_NAMES])
        self.level.set_value(app.default_level)
        self.first = Choice("Who starts", [("You", "me"), ("The opponent", "opponent"), ("Random", "random")])
        self.rules = Choice("Rules", [("Standard", "standard"), ("SuperDuperGames (sdg)", "sdg")])
        self.rules.set_value(getattr(s, "default_rules", "standard"))
        self.setup = Choice("Homeworlds", [("Build them yourselves", False), ("Automatic", True)])
        allowed = lambda ch: ch.isalnum() or ch in "_-.'"  # noqa: E731
        self.name = TextField(getattr(s, "player_name", "Player") or "Player", allowed=allowed, label="Your name")
        self.other = TextField("Computer", allowed=allowed, label="Opponent's name")
        self.widgets = [self.opponent, self.level, self.first, self.rules, self.setup, self.name, self.other]
        self.start = Button("Start", self.begin, size=26)
        self.back = Button("Back", lambda: self.app.scenes.pop(self), size=26)
        self.problem = ""

    def _changed(self, value) -> None:
        self.level.visible = value == COMPUTER
        if value == COMPUTER and self.other.text in ("Player2", ""):
            self.other.text = "Computer"
        elif value == HUMAN and self.other.text in ("Computer", ""):
            self.other.text = "Player2"

    def begin(self) -> None:
        """Start the game described by the screen (or say what is wrong with the names)."""
        config = config_from(self.name.text.strip(), self.opponent.value, self.other.text.strip(),
                             self.level.value, self.first.value, self.rules.value, bool(self.setup.value),
                             self.app.rng)
        problems = config.problems()
        if problems:
            self.problem = problems[0]
            return
        try:
            self.app.settings.player_name = self.name.text.strip()
            self.app.settings.ai_level = LEVEL_NAMES.index(self.level.value) + 1
            self.app.settings.default_rules = self.rules.value
            self.app.save_settings()
        except Exception:
            pass  # settings are a convenience; the game starts regardless
        self.app.new_game(config)

    def handle_event(self, event) -> bool:
        """Widgets, Start, Back; Escape goes back."""
        for wdg in [*self.widgets, self.start, self.back]:
            if wdg.handle_event(event):
                return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.scenes.pop(self)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.begin()
        return True

    def update(self, dt: float) -> None:
        """Caret blinks."""
        self.name.update(dt)
        self.other.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """The form."""
        th = self.app.theme
        w, h = surface.get_size()
        surface.fill(T.BG)
        T.draw_text(surface, th, "New game", (w // 2, 40), 56, T.TEXT, True, "midtop")
        fw = min(620, w - 80)
        x = w // 2 - fw // 2
        y = 130
        for wdg in self.widgets:
            if isinstance(wdg, TextField):
                wdg.rect = pygame.Rect(x + int(fw * 0.42), y, int(fw * 0.58), 40)
            else:
                wdg.rect = pygame.Rect(x, y, fw, 40)
            if getattr(wdg, "visible", True):
                wdg.draw(surface, th)
                y += 56
        if self.problem:
            T.draw_text(surface, th, self.problem, (w // 2, y + 4), 22, T.TEXT_BAD, anchor="midtop")
        self.start.rect = pygame.Rect(w // 2 - 210, y + 40, 200, 48)
        self.back.rect = pygame.Rect(w // 2 + 10, y + 40, 200, 48)
        self.start.draw(surface, th)
        self.back.draw(surface, th)
