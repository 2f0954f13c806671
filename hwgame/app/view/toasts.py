"""The window's short messages ("Saved as ...", "Exported as ..."): kept a few seconds each, and drawn
stacked, newest first, in the one strip the screen on top leaves free of text (``Scene.toast_place``).

Every screen says where its strip is: the band just above a form's buttons, a corner of the map that the
board's layout keeps clear of systems, the margin beside the title's menu. An overlay (a menu, a dialog)
has none of its own: its messages go in the strip of the screen under it, clear of the overlay's card
(``Scene.toast_cover``, ``clear_of``). The strip bounds the messages: a message is wrapped to its width,
and the older ones that do not fit under the newer wait out their time unseen.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import pygame

from hwgame.app.control.text import Text, text_of
from hwgame.app.view import theme as T
from hwgame.i18n import current_language

TOAST_PX = 18  # type size of a message
SMALLEST_PX = 15  # a message longer than its strip allows is set down to this size before it is cut
PAD_X, PAD_Y, GAP = 12, 6, 4  # inside a message's frame, and between two messages
MOST = 4  # messages kept at once; a fifth pushes the oldest out
MIN_W, MIN_H = 160, 34  # the smallest part of a strip beside an overlay's card worth using


@dataclass
class Toast:
    """One message: its words (a function is worded at each frame, so it follows a change of language),
    the seconds it has left, and the language in force when it was given."""

    text: Text
    time: float
    language: str

    @property
    def words(self) -> str:
        """The message in the language in force."""
        return text_of(self.text)

    def stale(self) -> bool:
        """True once it has had its time, or when it was given as words of a language no longer in force
        (no message rather than one in the language before)."""
        return self.time <= 0 or (not callable(self.text) and self.language != current_language())


class Toasts:
    """The messages shown now, oldest first."""

    def __init__(self) -> None:
        self.shown: list[Toast] = []

    def add(self, text: Text, seconds: float) -> None:
        """Show ``text`` for ``seconds``: newest of the stack; the same words again only restart their time."""
        words = text_of(text)
        self.shown = [t for t in self.shown if t.words != words][-(MOST - 1):]
        self.shown.append(Toast(text, seconds, current_language()))

    def pass_time(self, seconds: float) -> None:
        """Time goes by: messages that have had their time (or whose language is gone) leave."""
        for toast in self.shown:
            toast.time -= seconds
        self.shown = [t for t in self.shown if not t.stale()]

    def rest(self) -> float:
        """Seconds until the next message leaves (``math.inf`` while none is shown)."""
        return min((t.time for t in self.shown), default=math.inf)

    @property
    def newest(self) -> str:
        """The newest message's words, "" when none is shown."""
        return self.shown[-1].words if self.shown else ""


def clear_of(strip: pygame.Rect, cover: pygame.Rect) -> pygame.Rect:
    """The largest part of ``strip`` beside ``cover`` (an overlay's card): above, below, left or right of
    it, with a small margin; ``strip`` itself when the two do not meet."""
    if not strip.colliderect(cover):
        return strip
    m = 8
    parts = [
        pygame.Rect(strip.x, strip.y, strip.w, cover.y - m - strip.y),
        pygame.Rect(strip.x, cover.bottom + m, strip.w, strip.bottom - cover.bottom - m),
        pygame.Rect(strip.x, strip.y, cover.x - m - strip.x, strip.h),
        pygame.Rect(cover.right + m, strip.y, strip.right - cover.right - m, strip.h),
    ]
    usable = [p for p in parts if p.w >= MIN_W and p.h >= MIN_H]
    return max(usable or parts, key=lambda p: max(0, p.w) * max(0, p.h))


def _lines(theme: T.Theme, words: str, width: int, px: int) -> list[str]:
    return theme.wrap(words, px, width) or [""]


def place_toasts(theme: T.Theme, strip: pygame.Rect, words: Sequence[str]) -> list[tuple[pygame.Rect, int, list[str]]]:
    """Where each message goes in ``strip`` (``words`` newest first): (frame, type size, lines) of the
    ones that fit, stacked from the strip's top and centred across it. The newest always shows: set
    smaller when its lines are too many, and only past the smallest size cut to the strip."""
    out: list[tuple[pygame.Rect, int, list[str]]] = []
    y = strip.y
    width = max(20, strip.w - 2 * PAD_X)
    for n, text in enumerate(words):
        px = TOAST_PX
        lines = _lines(theme, text, width, px)
        lh = theme.font(px).get_linesize()
        while n == 0 and px > SMALLEST_PX and 2 * PAD_Y + lh * len(lines) > strip.h:
            px -= 1
            lines, lh = _lines(theme, text, width, px), theme.font(px).get_linesize()
        h = 2 * PAD_Y + lh * len(lines)
        if y + h > strip.bottom:
            if n:
                break  # an older message waits for room
            fit = max(1, (strip.h - 2 * PAD_Y) // lh)
            if fit < len(lines):
                if theme.audit is not None:
                    theme.audit.cut.append((text, float(width)))
                lines = lines[: fit - 1] + [lines[fit - 1] + " …"]
            h = 2 * PAD_Y + lh * len(lines)
        w = min(strip.w, max(theme.font(px).size(line)[0] for line in lines) + 2 * PAD_X)
        out.append((pygame.Rect(strip.centerx - w // 2, y, w, h), px, lines))
        y += h + GAP
    return out


def draw_toasts(surface: pygame.Surface, theme: T.Theme, strip: pygame.Rect, toasts: Iterable[Toast]
                ) -> list[pygame.Rect]:
    """Draw the messages (``toasts`` oldest first) in ``strip``, newest on top; return their frames
    (each is said to the screens' audit)."""
    placed = place_toasts(theme, strip, [t.words for t in reversed(list(toasts)) if t.words])
    for rect, px, lines in placed:
        pygame.draw.rect(surface, (40, 30, 30), rect, border_radius=8)
        pygame.draw.rect(surface, T.TEXT_WARN, rect, 1, border_radius=8)
        lh = theme.font(px).get_linesize()
        for i, line in enumerate(lines):
            T.draw_text(surface, theme, line, (rect.centerx, rect.y + PAD_Y + lh * i), px, T.TEXT, anchor="midtop")
        if theme.audit is not None:
            theme.audit.toast(rect)
    return [rect for rect, _px, _lines in placed]


__all__ = ["MOST", "TOAST_PX", "Toast", "Toasts", "clear_of", "draw_toasts", "place_toasts"]
