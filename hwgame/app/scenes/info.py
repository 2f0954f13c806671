"""Screens of information and choices: the rules in short and the settings (saves: ``saves``)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import pygame

from hwgame.app.control.teaching import threshold_text
from hwgame.app.control.text import Text
from hwgame.app.kit.base import ButtonScene, Control
from hwgame.app.services.opponent import LEVEL_NAMES
from hwgame.app.view import theme as T
from hwgame.app.view.widgets import NOTICE_H, Button, Choice, Widget, draw_paragraphs, draw_screen_head, notice_strip
from hwgame.i18n import LANGUAGES, N_, _, current_language, pgettext, set_language, system_language
from hwgame.tutorial import full_rules_text
from hwgame.words import level_label

if TYPE_CHECKING:
    from hwgame.app.stage import AppLike

# How the rules are played in this window, after the rules themselves (hwgame.tutorial's full page,
# which follows the rule book and already ends with End Turn and Ctrl+Z). Marked here, translated where
# the screen draws them.
CONTROLS: tuple[str, ...] = (
    N_("IN THIS WINDOW. Every action is a drag: your ship onto another system moves it, into open space "
       "discovers, onto an enemy ship captures, onto the bank sacrifices; a bank piece onto a system builds, "
       "onto your ship trades. Click an overpopulation marker to make a catastrophe."),
)


def rules_text() -> str:
    """The rules page in the language in force: the full rules, then how to play them here."""
    return "\n\n".join([full_rules_text(), *(_(line) for line in CONTROLS)])


class RulesScene(ButtonScene):
    """The rules in short, scrollable."""

    def __init__(self, app: AppLike):
        super().__init__(app)
        self.line = 0
        self.lines_total = 0
        self.back = Button(lambda: _("Back"), self.leave, size=24)
        self.buttons = [self.back]

    def keys(self) -> dict[int, Callable[[], object]]:
        """Escape goes back; the arrows and the page keys scroll."""
        return {pygame.K_ESCAPE: self.leave, pygame.K_DOWN: partial(self._scroll, 1),
                pygame.K_PAGEDOWN: partial(self._scroll, 10), pygame.K_UP: partial(self._scroll, -1),
                pygame.K_PAGEUP: partial(self._scroll, -10)}

    def _scroll(self, lines: int) -> None:
        if lines > 0:
            self.line = min(max(0, self.lines_total - 5), self.line + lines)
        else:
            self.line = max(0, self.line + lines)

    def handle_other(self, event: pygame.event.Event) -> bool:
        """The wheel scrolls."""
        if event.type == pygame.MOUSEWHEEL:
            self.line = max(0, min(self.lines_total - 5, self.line - event.y * 3))
            return True
        return False

    def toast_place(self, size: tuple[int, int]) -> pygame.Rect:
        """Messages go in the strip above Back, which the text leaves free."""
        w, h = size
        fw = min(880, w - 80)
        return notice_strip(w // 2 - fw // 2, fw, h - 70)

    def draw(self, surface: pygame.Surface) -> None:
        """The text and a Back button."""
        th = self.app.theme
        w, h = surface.get_size()
        x, fw = draw_screen_head(surface, th, _("Rules"), 24, width=880)
        rect = pygame.Rect(x, 84, fw, self.toast_place((w, h)).y - 8 - 84)
        self.lines_total = draw_paragraphs(surface, th, rules_text(), rect, 23, T.TEXT, 4, self.line)
        self.back.rect = pygame.Rect(w // 2 - 100, h - 70, 200, 46)
        self.back.draw(surface, th)


# The volume in steps of a tenth: fine enough to choose by ear, few enough to click through.
VOLUME_STEPS = [(f"{p}%", p / 100) for p in range(0, 101, 10)]
NOTE_H = 20  # the line under the computer's level: where a teaching game at that level stops


def nearest_step(value: float) -> int:
    """The index of the volume step nearest ``value`` (a file may hold any volume from 0 to 1)."""
    return min(range(len(VOLUME_STEPS)), key=lambda i: abs(VOLUME_STEPS[i][1] - value))


def _off() -> str:
    # Translators: a setting that is switched off.
    return pgettext("setting", "Off")


def _on() -> str:
    # Translators: a setting that is switched on.
    return pgettext("setting", "On")


def language_options() -> list[tuple[Text, str]]:
    """The choices of the Language setting: the system's language first, then each language by its own
    name (a player finds their language whatever the window speaks now)."""

    def system() -> str:
        return _("System language ({language})").format(language=LANGUAGES[system_language()])

    return [(system, "system"), *((name, code) for code, name in LANGUAGES.items())]


def language_in_force(setting: str) -> str:
    """The language a setting of the Language choice speaks: the system's for ``"system"``."""
    return system_language() if setting == "system" else setting


class SettingsScene(ButtonScene):
    """The language, colour-blind letters, connection lines, animation speed, sound, the computer's level,
    fullscreen, whether a sacrifice by a drop on the bank asks first, the advantage bar and the warnings."""

    def __init__(self, app: AppLike):
        super().__init__(app)
        s = app.settings
        self.language = Choice(lambda: _("Language"), language_options(), on_change=self._set_language)
        # While --lang decides the language, the choice shows the language spoken, not the saved setting
        # (which may say "system" and name another language).
        self.language.set_value(current_language() if app.language_forced else s.language)
        self.colour_blind = Choice(lambda: _("Colour letters on pieces"), [(_off, False), (_on, True)],
                                   on_change=lambda v: self._set("colour_blind", v))
        self.colour_blind.set_value(bool(s.colour_blind))
        self.lines = Choice(lambda: _("Connection lines"),
                            [(lambda: _("Only while dragging"), False), (lambda: _("Always (faint)"), True)],
                            on_change=lambda v: self._set("connection_lines", v))
        self.lines.set_value(bool(s.connection_lines))
        speeds = [(_off, 0.0), (lambda: pgettext("speed", "Fast"), 2.0), (lambda: pgettext("speed", "Normal"), 1.0),
                  (lambda: pgettext("speed", "Slow"), 0.5)]  # fmt: skip
        self.speed = Choice(lambda: _("Animations"), speeds, on_change=lambda v: self._set("animation_speed", v))
        self.speed.set_value(float(s.animation_speed))
        self.level = Choice(lambda: _("Computer level (new games)"),
                            [(partial(level_label, n), n) for n in LEVEL_NAMES],
                            on_change=lambda v: self._set("ai_level", v))
        self.level.set_value(s.ai_level)
        self.sound = Choice(lambda: _("Sound effects"), [(_on, False), (_off, True)], on_change=self._set_muted)
        self.sound.set_value(bool(s.sound_muted))
        self.volume = Choice(lambda: _("Sound volume"), VOLUME_STEPS, index=nearest_step(s.sound_volume),
                             on_change=self._set_volume)
        self.fullscreen = Choice(lambda: _("Fullscreen (F11)"), [(_off, False), (_on, True)],
                                 on_change=lambda v: app.set_fullscreen(bool(v)))
        self.fullscreen.set_value(bool(s.fullscreen))
        self.sacrifice = Choice(lambda: _("Ask before a sacrifice on the bank"), [(_on, True), (_off, False)],
                                on_change=lambda v: self._set("confirm_sacrifice", bool(v)))
        self.sacrifice.set_value(bool(s.confirm_sacrifice))
        self.advantage = Choice(lambda: _("Advantage bar beside the board"), [(_off, False), (_on, True)],
                                on_change=lambda v: self._set("advantage_bar", bool(v)))
        self.advantage.set_value(bool(s.advantage_bar))
        self.warnings = Choice(lambda: _("Warn of threats and losing turns"), [(_on, True), (_off, False)],
                               on_change=lambda v: self._set("warnings", bool(v)))
        self.warnings.set_value(bool(getattr(s, "warnings", True)))
        self.widgets: list[Widget] = [self.language, self.colour_blind, self.lines, self.speed, self.sound,
                                      self.volume, self.level, self.fullscreen, self.sacrifice, self.advantage,
                                      self.warnings]
        self.back = Button(lambda: _("Back"), self.leave, size=24)

    def controls(self) -> list[Control]:
        """The choices, then Back."""
        return [*self.widgets, self.back]

    def _set_language(self, setting: str) -> None:
        """Speak the chosen language at once (every screen shows it at the next frame), and keep the
        choice. A language given on the command line gives way to the player's choice from here on."""
        set_language(language_in_force(str(setting)))
        self.app.language_forced = False
        self._set("language", setting)

    def _set(self, name: str, value: object) -> bool:
        try:
            setattr(self.app.settings, name, value)
        except Exception:
            return False
        self.app.save_settings()
        return True

    def _set_muted(self, muted: bool) -> None:
        if self._set("sound_muted", bool(muted)) and not muted:
            self.app.sounds.play("build")  # switched on: a sound to say so (switched off, silence says it)

    def _set_volume(self, volume: float) -> None:
        if self._set("sound_volume", float(volume)):
            self.app.sounds.play("build")  # the new volume, to hear at once

    def _rows(self, size: tuple[int, int]) -> tuple[int, int, int, int]:
        """(title's top, first row's top, row height, pitch) of the choices in a window of ``size``: a low
        window sets the title higher and closes the rows up, so that the messages' strip and Back stay
        on screen under them (and the line under the level, ``NOTE_H``)."""
        h = size[1]
        top, y, row_h = (40, 120, 42) if h >= 780 else (18, 76, 40)
        n = len(self.widgets)
        step = max(row_h + 3, min(60, (h - 58 - 16 - NOTICE_H - NOTE_H - y - row_h) // max(1, n - 1)))
        return top, y, row_h, step

    def toast_place(self, size: tuple[int, int]) -> pygame.Rect:
        """Messages go in the strip under the last choice, above Back."""
        w, _h = size
        _top, y, row_h, step = self._rows(size)
        fw = min(680, w - 80)
        bottom = y + step * (len(self.widgets) - 1) + row_h + NOTE_H
        return pygame.Rect(w // 2 - fw // 2, bottom + 8, fw, NOTICE_H)

    def draw(self, surface: pygame.Surface) -> None:
        """The choices."""
        th = self.app.theme
        w, h = surface.get_size()
        top, y, row_h, step = self._rows((w, h))
        x, fw = draw_screen_head(surface, th, _("Settings"), top, 52 if top == 40 else 46, 680)
        for wdg in self.widgets:
            wdg.rect = pygame.Rect(x, y, fw, row_h)
            wdg.draw(surface, th)
            y += step
            if wdg is self.level:
                # Under the level: where a teaching game at that level stops (``control.teaching``).
                note = th.fit_text(threshold_text(self.level.value), 16, fw, T.TEXT_DIM)
                surface.blit(note, note.get_rect(midtop=(x + fw // 2, y - step + row_h + 2)))
                y += NOTE_H
        self.back.rect = pygame.Rect(w // 2 - 100, self.toast_place((w, h)).bottom + 8, 200, 46)
        self.back.draw(surface, th)
