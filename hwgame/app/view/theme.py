"""Colours, fonts and cached text for the window.

Piece colours differ in hue and in lightness (yellow lightest, blue darkest) so they stay apart for
most kinds of colour blindness; the colour-blind setting also writes the colour's letter on each piece.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from hwgame.app.view.canvas import drawing_surface
from hwgame.app.view.fonts import ChainFont, missing_characters
from hwgame.i18n import current_language, on_change
from hwgame.i18n.linebreak import bad_break, close_spaces
from hwgame.i18n.linebreak import wrap as wrap_lines

if TYPE_CHECKING:
    from pygame.typing import Point

RGB = tuple[int, int, int]  # a colour of the theme (hashable: rendered text is cached by its colour)

PIECE_RGB: tuple[RGB, ...] = (
    (222, 62, 58),  # red
    (246, 206, 52),  # yellow
    (62, 178, 88),  # green
    (58, 118, 232),  # blue
)
PIECE_LETTERS = "RYGB"

BG = (12, 15, 28)
BG_STAR = (70, 80, 110)
PANEL = (22, 26, 44)
PANEL_EDGE = (48, 56, 86)
BANK_BG = (18, 22, 38)
SYSTEM_FILL = (28, 34, 58)
SYSTEM_EDGE = (64, 76, 112)
HOME_FILL = (30, 40, 66)
TEXT = (226, 230, 242)
TEXT_DIM = (140, 148, 176)
TEXT_WARN = (255, 196, 92)
TEXT_BAD = (255, 120, 110)
TEXT_GOOD = (120, 220, 150)
# Danger: the opponent can win next turn (a threat's pieces on the board, End Turn before a losing turn).
DANGER = (255, 84, 96)
DANGER_FILL = (120, 30, 42)
LIT = (120, 230, 160)  # legal drop targets
LIT_HOT = (180, 255, 200)  # the target under the pointer
SELECT = (255, 255, 255)
BUTTON = (44, 54, 90)
BUTTON_HOVER = (62, 76, 124)
BUTTON_PRESS = (34, 42, 70)
BUTTON_OFF = (32, 36, 54)
ACCENT = (96, 200, 232)
# Owners: the bottom player is "you" (cyan), the top player the opponent (amber).
OWNER_RGB: tuple[RGB, RGB] = ((96, 200, 232), (236, 150, 84))
SHADOW = (0, 0, 0)


def shade(rgb: Sequence[int], factor: float) -> RGB:
    """A colour made lighter (factor > 1) or darker (factor < 1)."""
    r, g, b = rgb
    if factor >= 1:
        return (min(255, round(r + (255 - r) * (factor - 1))), min(255, round(g + (255 - g) * (factor - 1))),
                min(255, round(b + (255 - b) * (factor - 1))))
    return (max(0, round(r * factor)), max(0, round(g * factor)), max(0, round(b * factor)))


def mix(a: Sequence[int], b: Sequence[int], t: float) -> RGB:
    """Blend two colours (t=0 gives a, t=1 gives b)."""
    (r0, g0, b0), (r1, g1, b1) = a, b
    return (round(r0 + (r1 - r0) * t), round(g0 + (g1 - g0) * t), round(b0 + (b1 - b0) * t))


class TextAudit:
    """What a test wants to know of the text a screen drew: lines cut to fit their box, characters no
    shipped font has (they would draw as boxes), where texts were broken into lines (``lines``), the
    breaks a reader of Japanese or Chinese finds wrong (``broken``: a word of the game or a katakana
    word torn, a number parted from its counter, a key's name parted, a line of only a sentence's last
    kana; see ``linebreak.bad_break``), texts drawn over a system of the board (``overlaps``: text
    and system name), and the screen's lines that a window's message was drawn over (``under_toasts``).

    A frame is audited from ``frame_start`` to ``frame_end``: the board says where its systems are
    (``board``), a panel drawn over it hides what is below (``cover``), and each line drawn on the
    window (``placed``) must stay clear of the systems it does not sit on a panel over, and of the
    frames of the window's messages (``toast``; ``toasts`` keeps those of the last frame)."""

    def __init__(self) -> None:
        self.cut: list[tuple[str, float]] = []
        self.missing: dict[str, set[str]] = {}
        self.drawn: set[str] = set()
        self.lines: dict[str, list[str]] = {}
        self.broken: dict[str, list[str]] = {}
        self.overlaps: set[tuple[str, str]] = set()
        self.under_toasts: set[str] = set()
        self.toasts: list[pygame.Rect] = []
        self._systems: list[tuple[str, pygame.Rect]] = []
        self._covers: list[pygame.Rect] = []
        self._placed: list[tuple[str, pygame.Rect]] = []
        self._shown: list[tuple[str, pygame.Rect]] = []  # every line of the frame, board or not

    def clear(self) -> None:
        """Forget what was seen."""
        self.cut.clear()
        self.missing.clear()
        self.drawn.clear()
        self.lines.clear()
        self.broken.clear()
        self.overlaps.clear()
        self.under_toasts.clear()

    def wrapped(self, text: str, lines: Sequence[str]) -> None:
        """``text`` was broken into ``lines``."""
        if len(lines) > 1 and self.lines.get(text) != list(lines):  # each frame wraps the same texts
            self.lines[text] = list(lines)
            last = len(lines) - 1
            for k in range(last):
                problem = bad_break(lines[k], lines[k + 1], end=k + 1 == last)
                if problem is not None and problem not in self.broken.setdefault(text, []):
                    self.broken[text].append(problem)

    def frame_start(self) -> None:
        """A new frame: nothing is on the window yet."""
        self._systems.clear()
        self._covers.clear()
        self._placed.clear()
        self._shown.clear()
        self.toasts = []

    def board(self, systems: Sequence[tuple[str, pygame.Rect]]) -> None:
        """The board was drawn with these systems (name, box): it hides what was drawn before it."""
        self._systems = list(systems)
        self._covers.clear()
        self._placed.clear()
        self._shown.clear()

    def cover(self, rect: pygame.Rect) -> None:
        """A panel was drawn over the board: text on it is not over a system."""
        if self._systems:
            self._covers.append(pygame.Rect(rect))

    def placed(self, text: str, rect: pygame.Rect) -> None:
        """A line of text was drawn on the window at ``rect``."""
        if text.strip():
            self._shown.append((text, pygame.Rect(rect)))
        if self._systems and text.strip():
            self._placed.append((text, pygame.Rect(rect)))

    def toast(self, rect: pygame.Rect) -> None:
        """A window's message was drawn in the frame ``rect``, over what the screen drew."""
        self.toasts.append(pygame.Rect(rect))

    def frame_end(self) -> None:
        """Every line drawn over a system's box, not on a panel, is an overlap; every line of the screen
        a message's frame meets (not one of the message's own) is under a message."""
        for text, rect in self._shown:
            if self.toasts and not any(t.contains(rect) for t in self.toasts) and rect.collidelist(self.toasts) >= 0:
                self.under_toasts.add(text)
        for text, rect in self._placed:
            if any(cover.contains(rect) for cover in self._covers):
                continue
            for name, box in self._systems:
                if rect.colliderect(box):
                    self.overlaps.add((text, name))


class Theme:
    """Fonts by size, and a cache of rendered text (the same labels are drawn every frame).

    Fonts are :class:`~hwgame.app.view.fonts.ChainFont`: Latin text in pygame's default font,
    Japanese and Chinese in the shipped CJK faces. A change of language empties the caches, so that the
    next frame measures and draws with the new language's faces first.
    """

    def __init__(self, colour_blind: bool = False):
        self.colour_blind = colour_blind
        self._fonts: dict[tuple[int, bool], ChainFont] = {}
        self._text: dict[tuple[str, int, RGB, bool], pygame.Surface] = {}
        self._wrapped: dict[tuple[ChainFont, str, float], tuple[str, ...]] = {}
        self._language = current_language()
        self.audit: TextAudit | None = None  # set by tests; every text drawn is then checked
        on_change(self._language_changed)

    def _language_changed(self, code: str) -> None:
        self._fonts.clear()
        self._text.clear()
        self._wrapped.clear()
        self._language = code

    def font(self, size: int, bold: bool = False) -> ChainFont:
        """The UI font at a pixel size."""
        if self._language != current_language():
            self._language_changed(current_language())
        size = max(8, int(size))
        key = (size, bold)
        f = self._fonts.get(key)
        if f is None:
            f = ChainFont(size, bold, self._language)
            self._fonts[key] = f
        return f

    def text(self, text: str, size: int, color: RGB = TEXT, bold: bool = False) -> pygame.Surface:
        """A rendered line of text (cached), without gaps between two CJK characters (``close_spaces``)."""
        text = close_spaces(text)
        font = self.font(size, bold)
        if self.audit is not None:
            self._check(text)
        key = (text, int(size), color, bold)
        surf = self._text.get(key)
        if surf is None:
            if len(self._text) > 4000:
                self._text.clear()  # labels change slowly; a full cache means the log scrolled a lot
            surf = font.render(drawable(text), True, color)
            self._text[key] = surf
        return surf

    def _check(self, text: str) -> None:
        audit = self.audit
        if audit is None or text in audit.drawn:
            return
        audit.drawn.add(text)
        missing = missing_characters(text, self._language)
        if missing:
            audit.missing[text] = missing

    def fit_text(self, text: str, size: int, width: float, color: RGB = TEXT, bold: bool = False) -> pygame.Surface:
        """Rendered text, cut with an ellipsis to fit ``width`` pixels (in time linear in the text's
        length, however long it is: no character is narrower than a pixel, so no more than ``width`` of
        them can be shown and the rest is never measured)."""
        cut = len(text) > int(width) + 1
        if cut:
            text = text[: int(width) + 1]  # what lies beyond cannot be shown: it is never measured
        text = drawable(text)
        surf = self.text(text, size, color, bold)
        if not cut and (surf.get_width() <= width or len(text) <= 1):
            return surf
        if self.audit is not None:
            self.audit.cut.append((text, width))
        font = self.font(size, bold)
        lo, hi = 0, len(text)
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if font.size(text[:mid] + "…")[0] <= width:
                lo = mid
            else:
                hi = mid - 1
        return self.text(text[:lo] + "…" if lo else text[:1], size, color, bold)

    def wrap(self, text: str, size: int, width: float, bold: bool = False) -> list[str]:
        """Split text into lines no wider than ``width`` pixels: at spaces in English, between
        characters in Japanese and Chinese where ``i18n.linebreak`` allows (never before a closing mark,
        never inside a word of the game, nor between a number and its counter); a word wider than the
        whole line (a long name, a path) is cut between its characters rather than run past the edge.
        The lines are kept (the same texts are wrapped every frame) until the language changes."""
        font = self.font(size, bold)
        key = (font, text, width)
        lines = self._wrapped.get(key)
        if lines is None:
            if len(self._wrapped) > 2000:
                self._wrapped.clear()  # a full cache means the log scrolled a lot, as for ``text``
            lines = tuple(wrap_lines(text, width, lambda line: font.size(drawable(line))[0], cut=True))
            self._wrapped[key] = lines
        if self.audit is not None:
            self.audit.wrapped(text, lines)
        return list(lines)


MAX_DRAWN = 2000  # characters of one line drawn: wider than any window at the smallest size


def drawable(text: str) -> str:
    """``text`` as one line can draw it: characters no font draws (controls such as NUL or a line end,
    half of a surrogate pair) shown as U+FFFD, and no more than ``MAX_DRAWN`` characters."""
    text = text[:MAX_DRAWN]
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() or ch == " " or _shown_space(ch) else "\ufffd" for ch in text)


def _shown_space(ch: str) -> bool:
    """A space other than " " that fonts draw as a space (a no-break or an ideographic space)."""
    return ch.isspace() and unicodedata.category(ch) == "Zs"


def draw_text(surface: pygame.Surface, theme: Theme, text: str, pos: Point, size: int, color: RGB = TEXT,
              bold: bool = False, anchor: str = "topleft") -> pygame.Rect:
    """Draw one line of text at ``pos`` with a rect anchor (topleft, center, midtop...); return its rect."""
    surf = theme.text(text, size, color, bold)
    rect = surf.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(surf, rect)
    if theme.audit is not None and surface is drawing_surface():
        shown = rect.clip(surface.get_clip())  # what a clip (a scrolled view) keeps of the line
        if shown.w and shown.h:
            theme.audit.placed(text, shown)
    return rect
