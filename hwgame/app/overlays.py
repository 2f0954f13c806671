"""Overlays: a confirmation or message card, a menu of choices, and the star chooser of a discovery."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from hwgame.rules import MAX_NAME, Discover, name_character, name_problem, piece_words

from .scene_stack import Scene
from .view import theme as T
from .view.layout import Box
from .view.pieces import draw_piece
from .view.widgets import Button, TextField, dim, draw_paragraphs, panel


class Dialog(Scene):
    """A card in the middle of the window with a title, text lines and a row (or column) of buttons.

    ``buttons`` are (label, callback) pairs; the dialog closes before a callback runs. Enter picks the
    first button, Escape the last one.
    """

    opaque = False

    def __init__(self, app, title: str, lines: list[str], buttons: Sequence[tuple[str, Callable | None]],
                 width: int = 560, column: bool = False):
        super().__init__(app)
        self.title = title
        self.lines = lines
        self.width = width
        self.column = column
        self.buttons = [Button(label, self._runner(cb), size=22) for label, cb in buttons]
        self.card = pygame.Rect(0, 0, width, 200)

    def _runner(self, callback):
        def run():
            self.app.scenes.pop(self)
            if callback is not None:
                callback()

        return run

    def _layout(self, surface: pygame.Surface) -> None:
        th = self.app.theme
        sw, sh = surface.get_size()
        w = min(self.width, sw - 40)
        text_h = 0
        for line in self.lines:
            text_h += len(th.wrap(line, 22, w - 48)) * (th.font(22).get_linesize() + 3) + 6
        bh = 40
        buttons_h = (bh + 10) * len(self.buttons) if self.column else bh + 10
        h = min(sh - 40, 70 + text_h + buttons_h + 24)
        self.card = pygame.Rect(0, 0, w, h)
        self.card.center = (sw // 2, sh // 2)
        if self.column:
            y = self.card.bottom - buttons_h - 8
            for b in self.buttons:
                b.rect = pygame.Rect(self.card.x + 24, y, w - 48, bh)
                y += bh + 10
        else:
            n = len(self.buttons)
            bw = min(220, (w - 48 - 12 * (n - 1)) // max(1, n))
            x = self.card.centerx - (bw * n + 12 * (n - 1)) // 2
            for b in self.buttons:
                b.rect = pygame.Rect(x, self.card.bottom - bh - 18, bw, bh)
                x += bw + 12

    def handle_event(self, event) -> bool:
        """Buttons, Enter and Escape; everything else is swallowed (the dialog is modal)."""
        for b in self.buttons:
            if b.handle_event(event):
                return True
        if event.type == pygame.KEYDOWN and self.buttons:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.buttons[0].action()
            elif event.key == pygame.K_ESCAPE:
                self.buttons[-1].action()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        """Dim the screen and draw the card."""
        th = self.app.theme
        self._layout(surface)
        dim(surface, 140)
        panel(surface, self.card)
        T.draw_text(surface, th, self.title, (self.card.centerx, self.card.y + 18), 30, T.TEXT, True, "midtop")
        y = self.card.y + 58
        lh = th.font(22).get_linesize() + 3
        for line in self.lines:
            rect = pygame.Rect(self.card.x + 24, y, self.card.w - 48, self.card.bottom - y - 70)
            n = draw_paragraphs(surface, th, line, rect, 22, T.TEXT)
            y += n * lh + 6
        for b in self.buttons:
            b.draw(surface, th)


def confirm(app, title: str, lines: list[str], yes: str, on_yes: Callable, no: str = "Cancel",
            on_no: Callable | None = None) -> Dialog:
    """Push a yes/no dialog and return it."""
    d = Dialog(app, title, lines, [(yes, on_yes), (no, on_no)])
    app.scenes.push(d)
    return d


def message(app, title: str, lines: list[str], ok: str = "OK") -> Dialog:
    """Push a dialog with one button."""
    d = Dialog(app, title, lines, [(ok, None)])
    app.scenes.push(d)
    return d


class ChoiceMenu(Dialog):
    """A list of choices as a column of buttons (the click path: what to do with a piece)."""

    def __init__(self, app, title: str, choices: Sequence[tuple[str, Callable]], subtitle: str = ""):
        items: list[tuple[str, Callable | None]] = [*choices, ("Cancel", None)]
        super().__init__(app, title, [subtitle] if subtitle else [], items, width=620, column=True)

    def _layout(self, surface: pygame.Surface) -> None:
        super()._layout(surface)
        # Many choices: shrink the buttons so the column still fits in the window.
        sh = surface.get_height()
        need = 90 + (40 + 10) * len(self.buttons)
        if need > sh - 40 and self.buttons:
            bh = max(22, (sh - 140) // len(self.buttons) - 4)
            self.card.h = min(sh - 40, 90 + (bh + 4) * len(self.buttons))
            self.card.centery = sh // 2
            y = self.card.y + 64
            for b in self.buttons:
                b.rect = pygame.Rect(self.card.x + 24, y, self.card.w - 48, bh)
                b.size = 20 if bh < 30 else 22
                y += bh + 4


class StarChooser(Scene):
    """After a ship is dropped in open space: pick the new star from the legal bank pieces, and a name."""

    opaque = False

    def __init__(self, app, actions: list[Discover], on_pick: Callable, on_cancel: Callable | None = None):
        super().__init__(app)
        self.actions = sorted(actions, key=lambda a: a.star)
        self.on_pick = on_pick
        self.on_cancel = on_cancel
        name = actions[0].name if actions else "Alpha"
        # Any script may be typed (RULES.md: names); the field only keeps out what no name may hold.
        self.field = TextField(name, max_len=MAX_NAME, label="", allowed=name_character)
        self.card = pygame.Rect(0, 0, 600, 330)
        self.star_boxes: list[tuple[pygame.Rect, Discover]] = []
        self.cancel = Button("Cancel", self._cancel)
        self.problem = ""

    def _cancel(self) -> None:
        self.app.scenes.pop(self)
        if self.on_cancel:
            self.on_cancel()

    def _pick(self, action) -> None:
        name = self.field.text.strip()
        why = name_problem(name, "a system name")
        if why is not None:
            self.problem = why[:1].upper() + why[1:] + "."
            return
        self.app.scenes.pop(self)
        self.on_pick(type(action)(action.ship, action.origin, action.star, name))

    def _layout(self, surface) -> None:
        sw, sh = surface.get_size()
        n = len(self.actions)
        per_row = min(n, 6)
        rows = (n + per_row - 1) // per_row
        self.card = pygame.Rect(0, 0, max(520, per_row * 84 + 60), 250 + rows * 100)
        self.card.center = (sw // 2, sh // 2)
        self.star_boxes = []
        x0 = self.card.centerx - per_row * 84 // 2
        for i, a in enumerate(self.actions):
            r, c = divmod(i, per_row)
            self.star_boxes.append((pygame.Rect(x0 + c * 84 + 4, self.card.y + 70 + r * 100, 76, 92), a))
        self.field.rect = pygame.Rect(self.card.x + 130, self.card.bottom - 120, self.card.w - 160, 38)
        self.cancel.rect = pygame.Rect(self.card.centerx - 80, self.card.bottom - 56, 160, 40)

    def handle_event(self, event) -> bool:
        """Pick a star by click (or 1-9), type a name, Escape cancels."""
        if self.field.handle_event(event):
            return True
        if self.cancel.handle_event(event):
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for rect, a in self.star_boxes:
                if rect.collidepoint(event.pos):
                    self._pick(a)
                    return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self._cancel()
            elif pygame.K_1 <= event.key <= pygame.K_9 and event.key - pygame.K_1 < len(self.actions):
                self._pick(self.actions[event.key - pygame.K_1])
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and len(self.actions) == 1:
                self._pick(self.actions[0])
        return True

    def update(self, dt: float) -> None:
        """Caret blink."""
        self.field.update(dt)

    def draw(self, surface) -> None:
        """The card: star choices as pyramids, the name field, Cancel."""
        th = self.app.theme
        self._layout(surface)
        dim(surface, 140)
        panel(surface, self.card)
        T.draw_text(surface, th, "Discover a new system: choose its star", (self.card.centerx, self.card.y + 18),
                    28, T.TEXT, True, "midtop")
        mouse = pygame.mouse.get_pos()
        for i, (rect, a) in enumerate(self.star_boxes):
            hover = rect.collidepoint(mouse)
            pygame.draw.rect(surface, T.BUTTON_HOVER if hover else T.BUTTON, rect, border_radius=8)
            size = a.star % 3 + 1
            h = 24 + 14 * size
            w = h * 0.84
            draw_piece(surface, th, "star", a.star, Box(rect.centerx - w / 2, rect.y + 62 - h, w, h))
            T.draw_text(surface, th, f"{i + 1}: {piece_words(a.star)}", (rect.centerx, rect.bottom - 22), 18,
                        T.TEXT_DIM, anchor="midtop")
        T.draw_text(surface, th, "Name:", (self.card.x + 30, self.field.rect.centery), 24, T.TEXT_DIM,
                    anchor="midleft")
        self.field.draw(surface, th)
        if self.problem:
            T.draw_text(surface, th, self.problem, (self.card.centerx, self.field.rect.bottom + 6), 20, T.TEXT_BAD,
                        anchor="midtop")
        self.cancel.draw(surface, th)
