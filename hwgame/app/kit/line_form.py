"""A card with one line to type, over a screen: a system's new name, a position's text to paste.

The field holds ``text`` to begin with; Enter (or the OK button) hands what is typed to ``on_submit``,
which returns None when it was used (the card then closes) or why it cannot be (``Text``: said in red
under the field, the text kept as typed to be corrected). Escape or Cancel closes the card, nothing
done. Ctrl+V (Cmd+V) pastes the system clipboard's text into the field where there is a clipboard.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from hwgame.app.control.text import Text, text_of
from hwgame.app.kit.base import Control, FormScene
from hwgame.app.services.clipboard import paste_text
from hwgame.app.view import theme as T
from hwgame.app.view.widgets import Button, TextField, dim, draw_paragraphs, panel
from hwgame.i18n import _

if TYPE_CHECKING:
    from hwgame.app.stage import AppLike

PASTE_MODS = pygame.KMOD_CTRL | pygame.KMOD_META


class LineForm(FormScene):
    """One line to type over the screen under it (see module doc)."""

    opaque = False
    typing_clears_problem = True

    def __init__(self, app: AppLike, title: Text, text: str, on_submit: Callable[[str], Text | None],
                 max_len: int = 40, note: Text = "", allowed: Callable[[str], bool] | None = None):
        super().__init__(app, TextField(text, max_len=max_len, allowed=allowed))
        self._title = title
        self.note = note
        self.on_submit = on_submit
        self.ok = Button(lambda: _("OK"), self.submit, size=22)
        self.cancel = Button(lambda: _("Cancel"), self.leave, size=22)
        self.buttons = [self.ok, self.cancel]
        self.card = pygame.Rect(0, 0, 10, 10)

    def heading(self) -> str:
        """The card's title in the language in force."""
        return text_of(self._title)

    def submit(self) -> None:
        """Hand the text to ``on_submit``: close on success, else say why and keep the text."""
        why = self.on_submit(self.field.text.strip())
        if why is None:
            self.problem = ""
            self.app.scenes.pop(self)
        else:
            self.problem = why

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Ctrl+V pastes the clipboard into the field; then the form's own handling."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_v and event.mod & PASTE_MODS:
            pasted = paste_text(self.field.max_len)
            if pasted is not None:
                keep = "".join(ch for ch in pasted.replace("\n", " ").replace("\r", " ") if self.field.allowed(ch))
                self.field.text = (self.field.text + keep)[: self.field.max_len]
                self.field.focused = True
                self.problem = ""
            return True
        return super().handle_event(event)

    def controls(self) -> list[Control]:
        """OK and Cancel (the field comes first)."""
        return [self.ok, self.cancel]

    def toast_cover(self, size: tuple[int, int]) -> pygame.Rect:
        """The card: messages go clear of it."""
        return self.card

    def draw(self, surface: pygame.Surface) -> None:
        """Dim the screen under it, then the card: title, note, field, problem, buttons."""
        th = self.app.theme
        w, h = surface.get_size()
        dim(surface, 140)
        cw = min(900, w - 40)
        note = text_of(self.note)
        note_lines = len(th.wrap(note, 19, cw - 48)) if note else 0
        pitch = th.font(19).get_linesize() + 3  # the pitch of draw_paragraphs' lines
        ch = 200 + note_lines * pitch + (2 * 24 if self.problem else 0)
        self.card = pygame.Rect((w - cw) // 2, (h - ch) // 2, cw, ch)
        panel(surface, self.card, theme=th)
        title = th.fit_text(self.heading(), 30, cw - 40, T.TEXT, True)
        surface.blit(title, title.get_rect(midtop=(self.card.centerx, self.card.y + 16)))
        y = self.card.y + 62
        if note:
            n = draw_paragraphs(surface, th, note, pygame.Rect(self.card.x + 24, y, cw - 48, note_lines * pitch), 19,
                                T.TEXT_DIM)
            y += n * pitch + 6
        self.draw_field(surface, pygame.Rect(self.card.x + 24, y, cw - 48, 40))
        y += 48
        if self.problem:
            y = self.draw_problem(surface, self.card.x + 24, y, cw - 48, 2)
        bw = min(200, (cw - 72) // 2)
        self.ok.rect = pygame.Rect(self.card.centerx - bw - 8, self.card.bottom - 58, bw, 42)
        self.cancel.rect = pygame.Rect(self.card.centerx + 8, self.card.bottom - 58, bw, 42)
        self.ok.draw(surface, th)
        self.cancel.draw(surface, th)


__all__ = ["LineForm"]
