"""Overlays: a confirmation or message card, a menu of choices, and the star chooser of a discovery."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING

import pygame

from hwgame.app.control.text import Text, text_of
from hwgame.app.kit.base import ButtonScene, Control, FormScene, clicked
from hwgame.app.view import theme as T
from hwgame.app.view.canvas import pointer
from hwgame.app.view.layout import LONE_STAR_ASPECT, Box
from hwgame.app.view.pieces import draw_piece
from hwgame.app.view.widgets import Button, TextField, dim, draw_paragraphs, panel
from hwgame.i18n import _
from hwgame.rules import MAX_NAME, Discover, name_character, size_of
from hwgame.words import name_problem, piece_name, sentence

if TYPE_CHECKING:
    from hwgame.app.stage import AppLike

Command = Callable[[], object]  # what a button of a card does (its answer, if any, is not used)


class Dialog(ButtonScene):
    """A card in the middle of the window with a title, text lines and a row (or column) of buttons.

    ``buttons`` are (label, callback) pairs; the dialog closes before a callback runs. Enter picks the
    first button, Escape the last one. The title, the lines and the labels are ``Text``: given as
    functions, they are worded at every frame, in the language in force.
    """

    opaque = False

    def __init__(self, app: AppLike, title: Text, lines: Sequence[Text], buttons: Sequence[tuple[Text, Command | None]],
                 width: int = 560, column: bool = False):
        super().__init__(app)
        self.title = title
        self.lines = lines
        self.width = width
        self.column = column
        self.buttons = [Button(label, self._runner(cb), size=22) for label, cb in buttons]
        self.card = pygame.Rect(0, 0, width, 200)

    def toast_cover(self, size: tuple[int, int]) -> pygame.Rect:
        """The card: the messages go in the screen's strip, clear of it."""
        return self.card

    @property
    def title(self) -> str:
        """The card's title in the language in force."""
        return text_of(self._title)

    @title.setter
    def title(self, value: Text) -> None:
        self._title = value

    @property
    def lines(self) -> list[str]:
        """The card's paragraphs in the language in force."""
        return [text_of(line) for line in self._lines]

    @lines.setter
    def lines(self, value: Sequence[Text]) -> None:
        self._lines = list(value)

    def _runner(self, callback: Command | None) -> Callable[[], None]:
        def run() -> None:
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

    def keys(self) -> dict[int, Callable[[], object]]:
        """Enter picks the first button, Escape the last (nothing else gets past the modal dialog)."""
        if not self.buttons:
            return {}
        first, last = self.buttons[0].action, self.buttons[-1].action
        return {pygame.K_RETURN: first, pygame.K_KP_ENTER: first, pygame.K_ESCAPE: last}

    def draw(self, surface: pygame.Surface) -> None:
        """Dim the screen and draw the card."""
        th = self.app.theme
        self._layout(surface)
        dim(surface, 140)
        panel(surface, self.card, theme=th)
        T.draw_text(surface, th, self.title, (self.card.centerx, self.card.y + 18), 30, T.TEXT, True, "midtop")
        y = self.card.y + 58
        lh = th.font(22).get_linesize() + 3
        for line in self.lines:
            rect = pygame.Rect(self.card.x + 24, y, self.card.w - 48, self.card.bottom - y - 70)
            n = draw_paragraphs(surface, th, line, rect, 22, T.TEXT)
            y += n * lh + 6
        for b in self.buttons:
            b.draw(surface, th)


def confirm(app: AppLike, title: Text, lines: Sequence[Text], yes: Text, on_yes: Command, no: Text | None = None,
            on_no: Command | None = None) -> Dialog:
    """Push a yes/no dialog and return it (``no`` defaults to "Cancel")."""
    d = Dialog(app, title, lines, [(yes, on_yes), (no if no is not None else (lambda: _("Cancel")), on_no)])
    app.scenes.push(d)
    return d


def message(app: AppLike, title: Text, lines: Sequence[Text], ok: Text | None = None) -> Dialog:
    """Push a dialog with one button (``ok`` defaults to "OK")."""
    d = Dialog(app, title, lines, [(ok if ok is not None else (lambda: _("OK")), None)])
    app.scenes.push(d)
    return d


class ChoiceMenu(Dialog):
    """A list of choices as a column of buttons (the click path: what to do with a piece)."""

    def __init__(self, app: AppLike, title: Text, choices: Sequence[tuple[Text, Command]], subtitle: Text = ""):
        items: list[tuple[Text, Command | None]] = [*choices, (lambda: _("Cancel"), None)]
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


class StarChooser(FormScene):
    """After a ship is dropped in open space: pick the new star from the legal bank pieces, and a name.

    The name field is a form's (a name refused is said under it); Enter in the field only leaves it,
    since a star is picked with its digit or a click (Enter picks the only star, when there is one)."""

    opaque = False
    enter_submits = False

    def __init__(self, app: AppLike, actions: list[Discover], on_pick: Callable[[Discover], object],
                 on_cancel: Command | None = None):
        name = actions[0].name if actions else "Alpha"
        # Any script may be typed (RULES.md: names); the field only keeps out what no name may hold.
        super().__init__(app, TextField(name, max_len=MAX_NAME, label="", allowed=name_character), focused=False)
        self.actions = sorted(actions, key=lambda a: a.star)
        self.on_pick = on_pick
        self.on_cancel = on_cancel
        self.card = pygame.Rect(0, 0, 600, 330)
        self.star_boxes: list[tuple[pygame.Rect, Discover]] = []
        self.cancel = Button(lambda: _("Cancel"), self._cancel)

    def toast_cover(self, size: tuple[int, int]) -> pygame.Rect:
        """The card: the messages go in the play screen's strip, clear of it."""
        return self.card

    def _cancel(self) -> None:
        self.app.scenes.pop(self)
        if self.on_cancel:
            self.on_cancel()

    def _pick(self, action: Discover) -> None:
        name = self.field.text.strip()
        if name_problem(name, "system") is not None:
            # Worded again at each frame: a change of language rewords it.
            self.problem = lambda: sentence(name_problem(name, "system") or "")
            return
        self.app.scenes.pop(self)
        self.on_pick(type(action)(action.ship, action.origin, action.star, name))

    def _layout(self, surface: pygame.Surface) -> None:
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

    def submit(self) -> None:
        """Pick the only star, when there is only one."""
        if len(self.actions) == 1:
            self._pick(self.actions[0])

    def controls(self) -> list[Control]:
        """Cancel (the name field comes before it)."""
        return [self.cancel]

    def keys(self) -> dict[int, Callable[[], object]]:
        """Escape cancels, 1-9 pick a star, Enter picks the only one."""
        keys: dict[int, Callable[[], object]] = {pygame.K_ESCAPE: self._cancel}
        for i, action in enumerate(self.actions[:9]):
            keys[pygame.K_1 + i] = partial(self._pick, action)
        if len(self.actions) == 1:
            keys[pygame.K_RETURN] = keys[pygame.K_KP_ENTER] = self.submit
        return keys

    def handle_other(self, event: pygame.event.Event) -> bool:
        """A click on a star picks it."""
        action = clicked(event, self.star_boxes)
        if action is None:
            return False
        self._pick(action)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        """The card: star choices as pyramids, the name field, Cancel."""
        th = self.app.theme
        self._layout(surface)
        dim(surface, 140)
        panel(surface, self.card, theme=th)
        title = th.fit_text(_("Discover a new system: choose its star"), 28, self.card.w - 40, T.TEXT, True)
        surface.blit(title, title.get_rect(midtop=(self.card.centerx, self.card.y + 18)))
        mouse = pointer()
        for i, (rect, a) in enumerate(self.star_boxes):
            hover = rect.collidepoint(mouse)
            pygame.draw.rect(surface, T.BUTTON_HOVER if hover else T.BUTTON, rect, border_radius=8)
            h = 24 + 14 * size_of(a.star)  # sizes a step apart: the card has room for one star of each
            w = h * LONE_STAR_ASPECT
            draw_piece(surface, th, "star", a.star, Box(rect.centerx - w / 2, rect.y + 62 - h, w, h))
            # Translators: a star to choose, after the digit key that picks it: "1: green 2".
            label = _("{key}: {piece}").format(key=i + 1, piece=piece_name(a.star))
            shown = th.fit_text(label, 18, rect.w - 4, T.TEXT_DIM)
            surface.blit(shown, shown.get_rect(midtop=(rect.centerx, rect.bottom - 22)))
        name = th.fit_text(_("Name:"), 24, self.field.rect.x - self.card.x - 36, T.TEXT_DIM)
        surface.blit(name, name.get_rect(midleft=(self.card.x + 30, self.field.rect.centery)))
        self.field.draw(surface, th)
        problem = self.problem
        if problem:
            shown = th.fit_text(problem, 20, self.card.w - 24, T.TEXT_BAD)
            surface.blit(shown, shown.get_rect(midtop=(self.card.centerx, self.field.rect.bottom + 6)))
        self.cancel.draw(surface, th)
