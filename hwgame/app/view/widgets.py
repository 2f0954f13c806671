"""Small widgets: buttons, a choice that cycles, a one-line text field, and a wrapped text block.

Each has ``handle_event(event) -> bool`` (True: consumed) and ``draw(surface, theme)``. A click is a
press and a release on the same widget, the same rule the board uses for drops.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from . import theme as T


class Button:
    """A push button; ``action`` runs on click. ``enabled`` may be a value or a callable."""

    def __init__(self, text: str, action: Callable[[], None], rect=(0, 0, 120, 36), enabled=True,
                 hint: str = "", size: int = 22):
        self.text = text
        self.action = action
        self.rect = pygame.Rect(rect)
        self._enabled = enabled
        self.hint = hint
        self.size = size
        self.hover = False
        self.pressed = False

    @property
    def enabled(self) -> bool:
        """Whether the button reacts (callables are asked every time)."""
        return bool(self._enabled() if callable(self._enabled) else self._enabled)

    @enabled.setter
    def enabled(self, value) -> None:
        self._enabled = value

    def handle_event(self, event) -> bool:
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
        pygame.draw.rect(surface, fill, self.rect, border_radius=7)
        pygame.draw.rect(surface, T.PANEL_EDGE if not self.hover or not on else T.ACCENT, self.rect, 1,
                         border_radius=7)
        text = self.text
        if "  (" in text and theme.font(self.size).size(text)[0] > self.rect.w - 10:
            text = text.split("  (")[0]  # a narrow button drops its shortcut, never its name
        label = theme.fit_text(text, self.size, self.rect.w - 10, ink)
        surface.blit(label, label.get_rect(center=self.rect.center))


class Choice:
    """A labelled value that cycles through options on click (left click forward, right click back)."""

    def __init__(self, label: str, options: list[tuple[str, object]], index: int = 0, rect=(0, 0, 300, 36),
                 on_change: Callable[[object], None] | None = None):
        self.label = label
        self.options = options
        self.index = index
        self.rect = pygame.Rect(rect)
        self.on_change = on_change
        self.hover = False
        self.visible = True

    @property
    def value(self):
        """The chosen value."""
        return self.options[self.index][1]

    def set_value(self, value) -> None:
        """Choose the option with this value (ignored if absent)."""
        for i, (_, v) in enumerate(self.options):
            if v == value:
                self.index = i

    def handle_event(self, event) -> bool:
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
        T.draw_text(surface, theme, self.label, (self.rect.x, self.rect.centery), 24, T.TEXT_DIM, anchor="midleft")
        box = pygame.Rect(self.rect.x + self.rect.w * 0.42, self.rect.y, self.rect.w * 0.58, self.rect.h)
        pygame.draw.rect(surface, T.BUTTON_HOVER if self.hover else T.BUTTON, box, border_radius=7)
        text = self.options[self.index][0]
        T.draw_text(surface, theme, f"‹  {text}  ›", box.center, 24, T.TEXT, anchor="center")


class TextField:
    """A one-line text field: click to focus, type, Backspace deletes, Enter or Tab leaves."""

    def __init__(self, text: str = "", rect=(0, 0, 240, 36), max_len: int = 24, label: str = "",
                 allowed: Callable[[str], bool] | None = None):
        self.text = text
        self.rect = pygame.Rect(rect)
        self.max_len = max_len
        self.label = label
        self.allowed = allowed or (lambda ch: ch.isprintable())
        self.focused = False
        self.blink = 0.0
        self.label_x: int | None = None  # draw the label left-aligned here (forms), else right of the field

    def handle_event(self, event) -> bool:
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

    def draw(self, surface: pygame.Surface, theme: T.Theme) -> None:
        """The field, its text and (when focused) a caret."""
        if self.label and self.label_x is not None:
            T.draw_text(surface, theme, self.label, (self.label_x, self.rect.centery), 24, T.TEXT_DIM,
                        anchor="midleft")
        elif self.label:
            T.draw_text(surface, theme, self.label, (self.rect.x - 12, self.rect.centery), 24, T.TEXT_DIM,
                        anchor="midright")
        pygame.draw.rect(surface, (16, 20, 36), self.rect, border_radius=6)
        pygame.draw.rect(surface, T.ACCENT if self.focused else T.PANEL_EDGE, self.rect, 2, border_radius=6)
        label = theme.fit_text(self.text, 24, self.rect.w - 16)
        surface.blit(label, (self.rect.x + 8, self.rect.centery - label.get_height() // 2))
        if self.focused and self.blink < 0.55:
            x = self.rect.x + 9 + label.get_width()
            pygame.draw.line(surface, T.TEXT, (x, self.rect.y + 7), (x, self.rect.bottom - 7), 2)


def draw_paragraphs(surface: pygame.Surface, theme: T.Theme, text: str, rect: pygame.Rect, size: int = 22,
                    color=T.TEXT, line_gap: int = 3, start_line: int = 0) -> int:
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


def panel(surface: pygame.Surface, rect: pygame.Rect, alpha: int = 235, radius: int = 12) -> None:
    """A rounded translucent panel (dialogs and overlays)."""
    box = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(box, (*T.PANEL, alpha), box.get_rect(), border_radius=radius)
    pygame.draw.rect(box, (*T.PANEL_EDGE, 255), box.get_rect(), 2, border_radius=radius)
    surface.blit(box, rect.topleft)


def dim(surface: pygame.Surface, alpha: int = 150) -> None:
    """Darken everything drawn so far (under an overlay)."""
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((4, 6, 14, alpha))
    surface.blit(veil, (0, 0))
