"""Small widgets: buttons, a choice that cycles, a two-way switch, a one-line text field, wrapped text.

Each has ``handle_event(event) -> bool`` (True: consumed) and ``draw(surface, theme)``. A click is a
press and a release on the same widget, the same rule the board uses for drops.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

import pygame

from hwgame.app.control.text import Text, text_of
from hwgame.app.view import theme as T
from hwgame.app.view.canvas import drawing_surface
from hwgame.i18n.linebreak import units

if TYPE_CHECKING:
    from pygame.typing import Point, RectLike

V = TypeVar("V")  # the type of a Choice's values
CARET_ON = 0.55  # a text field's caret shows for this part of each second
Enabled = bool | Callable[[], bool]  # a button's state, or a question asked at every frame


class Widget(Protocol):
    """What a screen's row of widgets has in common: a place, its events and its drawing."""

    rect: pygame.Rect

    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to an event; True when consumed."""
        ...

    def draw(self, surface: pygame.Surface, theme: T.Theme) -> None:
        """Draw the widget in its state."""
        ...


class Button:
    """A push button; ``action`` runs on click. ``enabled`` may be a value or a callable.

    ``text`` and ``hint`` are ``Text``: a function (``lambda: _("Save")``) is worded at every frame,
    so the label follows a change of language; reading ``button.text`` gives the words shown now.
    """

    def __init__(self, text: Text, action: Callable[[], object], rect: RectLike = (0, 0, 120, 36),
                 enabled: Enabled = True, hint: Text = "", size: int = 22, shortcut: Text = ""):
        self.text = text
        self.shortcut = shortcut  # a key shown after the label, "End Turn  (Enter)", when there is room
        self.action = action
        self.rect = pygame.Rect(rect)
        self._enabled = enabled
        self.hint = hint
        self.size = size
        self.hover = False
        self.pressed = False
        # Asked at each frame: True draws the button in the danger colour (pressing it would lose).
        self.danger: Callable[[], bool] | None = None

    @property
    def text(self) -> str:
        """The label in the language in force."""
        return text_of(self._text)

    @text.setter
    def text(self, value: Text) -> None:
        self._text = value

    @property
    def hint(self) -> str:
        """What the button does, in a few words (for a tooltip)."""
        return text_of(self._hint)

    @hint.setter
    def hint(self, value: Text) -> None:
        self._hint = value

    @property
    def enabled(self) -> bool:
        """Whether the button reacts (callables are asked every time)."""
        return bool(self._enabled() if callable(self._enabled) else self._enabled)

    @enabled.setter
    def enabled(self, value: Enabled) -> None:
        self._enabled = value

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Hover, press and click; True when the event was meant for this button."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.pressed = self.enabled
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was = self.pressed
            self.pressed = False
            if was and self.rect.collidepoint(event.pos) and self.enabled:
                self.action()
                return True
            return self.rect.collidepoint(event.pos)
        return False

    def draw(self, surface: pygame.Surface, theme: T.Theme) -> None:
        """Draw the button in its state."""
        on = self.enabled
        if not on:
            fill, ink = T.BUTTON_OFF, T.TEXT_DIM
        elif self.pressed:
            fill, ink = T.BUTTON_PRESS, T.TEXT
        elif self.hover:
            fill, ink = T.BUTTON_HOVER, T.TEXT
        else:
            fill, ink = T.BUTTON, T.TEXT
        edge = T.PANEL_EDGE if not self.hover or not on else T.ACCENT
        if on and self.danger is not None and self.danger():
            fill, edge = T.mix(T.DANGER_FILL, fill, 0.25 if self.hover else 0.0), T.DANGER
        pygame.draw.rect(surface, fill, self.rect, border_radius=7)
        pygame.draw.rect(surface, edge, self.rect, 2 if edge == T.DANGER else 1, border_radius=7)
        text = self.text
        key = text_of(self.shortcut)
        if key:
            with_key = f"{text}  ({key})"
            if theme.font(self.size).size(with_key)[0] <= self.rect.w - 10:
                text = with_key  # a narrow button drops its shortcut, never its name
        label = theme.fit_text(text, self.size, self.rect.w - 10, ink)
        surface.blit(label, label.get_rect(center=self.rect.center))


class Choice(Generic[V]):
    """A labelled value that cycles through options on click (left click forward, right click back).

    The label and the options' names are ``Text``, worded when drawn."""

    def __init__(self, label: Text, options: Sequence[tuple[Text, V]], index: int = 0,
                 rect: RectLike = (0, 0, 300, 36), on_change: Callable[[V], object] | None = None):
        self.label = label
        self.options = options
        self.index = index
        self.rect = pygame.Rect(rect)
        self.on_change = on_change
        self.hover = False
        self.visible = True

    @property
    def value(self) -> V:
        """The chosen value."""
        return self.options[self.index][1]

    def set_value(self, value: V) -> None:
        """Choose the option with this value (ignored if absent)."""
        for i, (_, v) in enumerate(self.options):
            if v == value:
                self.index = i

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Cycle on click; True when consumed."""
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button in (1, 3) and self.rect.collidepoint(event.pos):
            step = 1 if event.button == 1 else -1
            self.index = (self.index + step) % len(self.options)
            if self.on_change:
                self.on_change(self.value)
            return True
        elif event.type == pygame.MOUSEBUTTONDOWN and self.rect.collidepoint(event.pos):
            return True
        return False

    def draw(self, surface: pygame.Surface, theme: T.Theme) -> None:
        """Label on the left, the value in a box on the right with arrows."""
        if not self.visible:
            return
        box = pygame.Rect(self.rect.x + self.rect.w * 0.42, self.rect.y, self.rect.w * 0.58, self.rect.h)
        label = theme.fit_text(text_of(self.label), 24, box.x - self.rect.x - 10, T.TEXT_DIM)
        surface.blit(label, label.get_rect(midleft=(self.rect.x, self.rect.centery)))
        pygame.draw.rect(surface, T.BUTTON_HOVER if self.hover else T.BUTTON, box, border_radius=7)
        text = theme.fit_text(f"‹  {self.option_text()}  ›", 24, box.w - 8, T.TEXT)
        surface.blit(text, text.get_rect(center=box.center))

    def option_text(self, index: int | None = None) -> str:
        """The name of an option (default: the chosen one) in the language in force."""
        return text_of(self.options[self.index if index is None else index][0])


class Switch:
    """A small row of labelled segments, one of them on (for example "Words | SDG"); a click on a
    segment turns it on and calls ``on_change(index)``. The owner sets ``rect``; ``natural_width``
    says how wide the labels want it."""

    def __init__(self, labels: list[Text], index: int = 0, on_change: Callable[[int], None] | None = None,
                 size: int = 16, hint: Text = ""):
        self.labels = labels
        self.index = index
        self.on_change = on_change
        self.size = size
        self.hint = hint
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.hover = False
        self._pressed: int | None = None

    def natural_width(self, theme: T.Theme) -> int:
        """Pixels the labels need, with room around each."""
        font = theme.font(self.size)
        return sum(font.size(text_of(label))[0] + 14 for label in self.labels)

    def segments(self) -> list[pygame.Rect]:
        """The rectangle of each segment, left to right, sharing ``rect``'s width evenly."""
        n = len(self.labels)
        out = []
        for i in range(n):
            x0 = self.rect.x + self.rect.w * i // n
            x1 = self.rect.x + self.rect.w * (i + 1) // n
            out.append(pygame.Rect(x0, self.rect.y, x1 - x0, self.rect.h))
        return out

    def _segment_at(self, pos: Point) -> int | None:
        for i, seg in enumerate(self.segments()):
            if seg.collidepoint(pos):
                return i
        return None

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Press and release on the same segment switches to it; True when consumed."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self._pressed = self._segment_at(event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            pressed, self._pressed = self._pressed, None
            here = self._segment_at(event.pos)
            if pressed is not None and here == pressed:
                if here != self.index:
                    self.index = here
                    if self.on_change:
                        self.on_change(here)
                return True
            return self.rect.collidepoint(event.pos)
        return False

    def draw(self, surface: pygame.Surface, theme: T.Theme) -> None:
        """The segments, the one that is on filled in."""
        radius = self.rect.h // 2
        pygame.draw.rect(surface, T.BUTTON_OFF, self.rect, border_radius=radius)
        for i, (seg, label) in enumerate(zip(self.segments(), self.labels, strict=True)):
            on = i == self.index
            if on:
                pygame.draw.rect(surface, T.BUTTON_HOVER, seg, border_radius=radius)
            ink = T.TEXT if on else T.TEXT_DIM
            text = theme.fit_text(text_of(label), self.size, seg.w - 4, ink)
            surface.blit(text, text.get_rect(center=seg.center))
        edge = T.ACCENT if self.hover else T.PANEL_EDGE
        pygame.draw.rect(surface, edge, self.rect, 1, border_radius=radius)


class TextField:
    """A one-line text field: click to focus, type, Backspace deletes, Enter or Tab leaves."""

    def __init__(self, text: str = "", rect: RectLike = (0, 0, 240, 36), max_len: int = 24, label: Text = "",
                 allowed: Callable[[str], bool] | None = None):
        self.text = text
        self.rect = pygame.Rect(rect)
        self.max_len = max_len
        self.label = label
        self.allowed = allowed or (lambda ch: ch.isprintable())
        self.focused = False
        self.blink = 0.0
        self.label_x: int | None = None  # draw the label left-aligned here (forms), else right of the field

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Focus on click, edit while focused; True when consumed."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.focused = self.rect.collidepoint(event.pos)
            return self.focused
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            for ch in event.text:
                if len(self.text) < self.max_len and self.allowed(ch):
                    self.text += ch
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.text = self.text[:-1]
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB, pygame.K_ESCAPE):
                self.focused = False
                return event.key != pygame.K_ESCAPE
            return True  # typing must not trigger the screen's shortcuts
        return False

    def update(self, dt: float) -> None:
        """Advance the caret blink."""
        self.blink = (self.blink + dt) % 1.0

    def rest(self) -> float:
        """Seconds until the caret next shows or hides (``math.inf`` when the field is not focused)."""
        if not self.focused:
            return math.inf
        return CARET_ON - self.blink if self.blink < CARET_ON else 1.0 - self.blink

    def draw(self, surface: pygame.Surface, theme: T.Theme) -> None:
        """The field, its text and (when focused) a caret."""
        label_text = text_of(self.label)
        if label_text and self.label_x is not None:
            shown = theme.fit_text(label_text, 24, self.rect.x - self.label_x - 10, T.TEXT_DIM)
            surface.blit(shown, shown.get_rect(midleft=(self.label_x, self.rect.centery)))
        elif label_text:
            T.draw_text(surface, theme, label_text, (self.rect.x - 12, self.rect.centery), 24, T.TEXT_DIM,
                        anchor="midright")
        pygame.draw.rect(surface, (16, 20, 36), self.rect, border_radius=6)
        pygame.draw.rect(surface, T.ACCENT if self.focused else T.PANEL_EDGE, self.rect, 2, border_radius=6)
        label = theme.fit_text(self.text, 24, self.rect.w - 16)
        surface.blit(label, (self.rect.x + 8, self.rect.centery - label.get_height() // 2))
        if self.focused and self.blink < CARET_ON:
            x = self.rect.x + 9 + label.get_width()
            pygame.draw.line(surface, T.TEXT, (x, self.rect.y + 7), (x, self.rect.bottom - 7), 2)


NOTICE_H = 60  # the strip a screen keeps free of text above its buttons, where the window's messages go


def notice_strip(x: int, width: int, buttons_top: int) -> pygame.Rect:
    """The strip a screen keeps free of text for the window's messages (``Scene.toast_place``): just above
    its row of buttons at ``buttons_top``, ``width`` wide from ``x``; what the screen shows ends above it."""
    return pygame.Rect(x, buttons_top - 8 - NOTICE_H, width, NOTICE_H)


def draw_screen_head(surface: pygame.Surface, theme: T.Theme, title: str, top: int, size: int = 48,
                     width: int = 980, margin: int = 80) -> tuple[int, int]:
    """A screen's background and its title, centred ``top`` pixels down in bold ``size``; return the
    column of the screen's form under it (its left edge and width): ``width`` wide at the most and
    ``margin`` narrower than the window, centred."""
    w = surface.get_width()
    surface.fill(T.BG)
    T.draw_text(surface, theme, title, (w // 2, top), size, T.TEXT, True, "midtop")
    fw = min(width, w - margin)
    return w // 2 - fw // 2, fw


def draw_paragraphs(surface: pygame.Surface, theme: T.Theme, text: str, rect: pygame.Rect, size: int = 22,
                    color: T.RGB = T.TEXT, line_gap: int = 3, start_line: int = 0) -> int:
    """Draw wrapped text inside ``rect`` from ``start_line``; return how many lines the text has."""
    lines = theme.wrap(text, size, rect.w)
    y = rect.y
    h = theme.font(size).get_linesize() + line_gap
    for line in lines[start_line:]:
        if y + h > rect.bottom:
            break
        if line:
            surface.blit(theme.text(line, size, color), (rect.x, y))
        y += h
    return len(lines)


def wrap_hanging(theme: T.Theme, text: str, size: int, width: float, indent: float = 0.0) -> list[str]:
    """Split ``text`` into lines that fit without cutting anything: the first line ``width`` pixels
    wide, the lines after it ``width - indent`` (the caller draws them indented, so an entry's
    continuation stands out). Lines break where the language allows (``i18n.linebreak.units``: at
    spaces in English, between characters in Japanese and Chinese, never inside a Latin word nor
    between a piece's colour and size); only a word wider than a whole line is broken between letters."""
    font = theme.font(size)
    lines: list[str] = []
    line = ""

    def room() -> float:
        return max(1.0, width - (indent if lines else 0.0))

    for word, spaced in units(text):
        trial = f"{line} {word}" if (line and spaced) else line + word
        if font.size(trial)[0] <= room():
            line = trial
            continue
        if line:
            lines.append(line)
            line = ""
        # A name longer than the line (a long player name in a narrow panel) goes on in pieces.
        while font.size(word)[0] > room() and len(word) > 1:
            cut = len(word) - 1
            while cut > 1 and font.size(word[:cut])[0] > room():
                cut -= 1
            lines.append(word[:cut])
            word = word[cut:]
        line = word
    if line or not lines:
        lines.append(line)
    if theme.audit is not None:
        theme.audit.wrapped(text, lines)
    return lines


def panel(surface: pygame.Surface, rect: pygame.Rect, alpha: int = 235, radius: int = 12,
          theme: T.Theme | None = None) -> None:
    """A rounded translucent panel (dialogs and overlays); given the ``theme``, its audit learns that
    the panel hides the board below it."""
    box = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(box, (*T.PANEL, alpha), box.get_rect(), border_radius=radius)
    pygame.draw.rect(box, (*T.PANEL_EDGE, 255), box.get_rect(), 2, border_radius=radius)
    surface.blit(box, rect.topleft)
    if theme is not None and theme.audit is not None and surface is drawing_surface():
        theme.audit.cover(rect)


def dim(surface: pygame.Surface, alpha: int = 150) -> None:
    """Darken everything drawn so far (under an overlay)."""
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((4, 6, 14, alpha))
    surface.blit(veil, (0, 0))


class Sized(Protocol):
    """What ``sync_window_size`` keeps up to date: the window's size an application holds."""

    size: tuple[int, int]


def sync_window_size(app: Sized) -> tuple[int, int]:
    """Bring ``app.size`` to the size of the display surface (a window resized, or a test's screen), in a
    scene's ``update`` so that ``draw`` reads the size and never writes it; returns the size."""
    surface = drawing_surface()
    if surface is not None and surface.get_size() != tuple(app.size):
        app.size = surface.get_size()
    w, h = app.size  # a pair, whatever sequence a test's stand-in keeps it in
    return (w, h)
