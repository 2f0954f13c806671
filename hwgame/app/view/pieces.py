"""Drawing the pyramids: stars upright, ships lying down pointing away from their owner, bank pieces.

Every piece image is drawn once per (kind, piece, size in pixels, direction, options) and cached, so a
frame only blits. A star is a two-faced upright pyramid with a soft glow behind it; a ship is a flat
arrowhead with a ridge down its middle and a rim in its owner's shade; pips at the base (1, 2 or 3)
repeat the size, and the colour-blind mode adds the colour's letter on a dark tag, drawn over the
piece at a readable size however small the piece is.
"""

from __future__ import annotations

from typing import Protocol

import pygame

from hwgame.app.view.layout import PieceKind
from hwgame.app.view.theme import PIECE_RGB, RGB, Theme, shade
from hwgame.i18n import current_language, pgettext
from hwgame.rules import color_of, size_of

# Keys: ("letter", colour, height, colour-blind, language) for tags; (kind, piece, w, h, direction, rim, dim,
# colour-blind) for pieces.
_cache: dict[tuple[object, ...], pygame.Surface] = {}
_glow: dict[tuple[int, int], pygame.Surface] = {}

SHIP_RIM = (235, 238, 248)  # a ship's rim when the caller names no owner's shade


class BoxLike(Protocol):
    """A rectangle in pixels as the drawing reads it: a layout ``Box`` (floats), or any such."""

    @property
    def x(self) -> float: ...

    @property
    def y(self) -> float: ...

    @property
    def w(self) -> float: ...

    @property
    def h(self) -> float: ...


def _pips(surf: pygame.Surface, n: int, cx: float, y: float, w: float, color: RGB) -> None:
    r = max(1.0, min(w * 0.07, 3.2))
    if r < 1.2:
        return
    gap = r * 2.6
    x0 = cx - gap * (n - 1) / 2
    for i in range(n):
        pygame.draw.circle(surf, color, (round(x0 + i * gap), round(y)), round(r))


LETTER_MIN_PX = 10  # the letter's own height in pixels, whatever the piece's size
LETTER_INK = (250, 250, 250)
LETTER_GROUND = (16, 16, 24)


def colour_letter(color: int) -> str:
    """What the colour-blind mode writes on a piece of ``color`` (0 red .. 3 blue), in the language in
    force: the colour's initial in English, the colour's own one-character name where the language has
    one (赤 / 黄 / 緑 / 青), so that no player has to guess what a foreign letter stands for."""
    # Translators: the letter written on every red piece in the colour-blind mode: the colour's initial,
    # or its one-character name. Keep it to one character.
    letters = (pgettext("colour letter", "R"),
               # Translators: the letter written on every yellow piece in the colour-blind mode.
               pgettext("colour letter", "Y"),
               # Translators: the letter written on every green piece in the colour-blind mode.
               pgettext("colour letter", "G"),
               # Translators: the letter written on every blue piece in the colour-blind mode.
               pgettext("colour letter", "B"))  # fmt: skip
    return letters[color]


def letter_image(theme: Theme, color: int, h: float) -> pygame.Surface:
    """The colour's letter on a dark tag (white on near black: the strongest contrast, whatever the
    piece's colour) for a piece ``h`` pixels tall; the letter is never under ``LETTER_MIN_PX`` high, so
    a small piece's tag may stand out of it."""
    key = ("letter", color, round(h), theme.colour_blind, current_language())
    surf = _cache.get(key)
    if surf is None:
        size = max(21, int(h * 0.42))  # 21 px type draws a capital 11 px tall
        glyph = theme.text(colour_letter(color), size, LETTER_INK, bold=True)
        ink = glyph.get_bounding_rect()
        surf = pygame.Surface((ink.w + 8, ink.h + 6), pygame.SRCALPHA)
        pygame.draw.rect(surf, (*LETTER_GROUND, 235), surf.get_rect(), border_radius=4)
        pygame.draw.rect(surf, (*shade(PIECE_RGB[color], 1.2), 255), surf.get_rect(), 1, border_radius=4)
        surf.blit(glyph, (4 - ink.x, 3 - ink.y))
        _cache[key] = surf
    return surf


def _draw_letter(surface: pygame.Surface, theme: Theme, kind: PieceKind, piece: int, box: BoxLike,
                 direction: int) -> None:
    """The colour letter over a piece: on the broad end of a ship, low on a star or a bank piece."""
    image = letter_image(theme, color_of(piece), box.h)
    if kind == "ship":
        cy = box.y + box.h * (0.66 if direction < 0 else 0.34)
    else:
        cy = box.y + box.h * 0.62
    surface.blit(image, image.get_rect(center=(round(box.x + box.w / 2), round(cy))))


def _star_image(piece: int, w: int, h: int, theme: Theme, dim: bool) -> pygame.Surface:
    base = PIECE_RGB[color_of(piece)]
    if dim:
        base = shade(base, 0.35)
    surf = pygame.Surface((w + 2, h + 2), pygame.SRCALPHA)
    apex = (w / 2 + 1, 1)
    left, right = (1, h + 1), (w + 1, h + 1)
    mid = (w * 0.6 + 1, h + 1)  # the front edge sits right of centre: light comes from the left
    pygame.draw.polygon(surf, shade(base, 1.2), [apex, left, mid])
    pygame.draw.polygon(surf, shade(base, 0.7), [apex, mid, right])
    pygame.draw.polygon(surf, shade(base, 0.42), [apex, left, right], 1)
    pygame.draw.aaline(surf, shade(base, 1.45), apex, mid)
    _pips(surf, size_of(piece), w / 2 + 1, h - max(2.0, h * 0.1), w, shade(base, 0.3))
    return surf


def _ship_image(piece: int, w: int, h: int, direction: int, rim: RGB, theme: Theme) -> pygame.Surface:
    base = PIECE_RGB[color_of(piece)]
    sh = max(2, round(h * 0.07))  # drop shadow: a ship lies on the table, a star stands
    surf = pygame.Surface((w + 2 + sh, h + 2 + sh), pygame.SRCALPHA)
    if direction < 0:  # points up
        tip, bl, br, back = (w / 2 + 1, 1), (1, h + 1), (w + 1, h + 1), (w / 2 + 1, h + 1)
        pip_y = h - max(2.0, h * 0.12)
    else:
        tip, bl, br, back = (w / 2 + 1, h + 1), (1, 1), (w + 1, 1), (w / 2 + 1, 1)
        pip_y = 1 + max(2.0, h * 0.12)
    pygame.draw.polygon(surf, (0, 0, 0, 110), [(x + sh, y + sh) for x, y in (tip, bl, br)])
    pygame.draw.polygon(surf, shade(base, 1.12), [tip, bl, back])
    pygame.draw.polygon(surf, shade(base, 0.74), [tip, back, br])
    pygame.draw.polygon(surf, rim, [tip, bl, br], 2 if h >= 18 else 1)
    pygame.draw.aaline(surf, shade(base, 1.45), tip, back)
    _pips(surf, size_of(piece), w / 2 + 1, pip_y, w * 1.3, shade(base, 0.3))
    return surf


def piece_image(theme: Theme, kind: PieceKind, piece: int, w: float, h: float, direction: int = 0,
                rim: RGB = SHIP_RIM, dim: bool = False) -> pygame.Surface:
    """The cached image of a piece at a size in pixels (see module doc for what ``kind`` draws)."""
    iw, ih = max(3, round(w)), max(3, round(h))
    key = (kind, piece, iw, ih, direction, rim, dim, theme.colour_blind)
    surf = _cache.get(key)
    if surf is None:
        if len(_cache) > 3000:
            _cache.clear()  # sizes change with the window; old ones are not coming back
        if kind == "ship":
            surf = _ship_image(piece, iw, ih, direction, rim, theme)
        else:
            surf = _star_image(piece, iw, ih, theme, dim)
        _cache[key] = surf
    return surf


def glow_image(color: int, radius: int) -> pygame.Surface:
    """A soft round glow in a piece colour (drawn behind stars: they shine, ships do not)."""
    radius = max(2, radius)
    key = (color, radius)
    surf = _glow.get(key)
    if surf is None:
        surf = pygame.Surface((radius * 2, radius * 2), pygame.SRCALPHA)
        rgb = PIECE_RGB[color]
        steps = 8
        for i in range(steps, 0, -1):
            r = radius * i / steps
            alpha = int(110 * (1 - i / (steps + 1)) ** 1.6) + 4
            pygame.draw.circle(surf, (*rgb, alpha), (radius, radius), round(r))
        _glow[key] = surf
    return surf


def draw_piece(surface: pygame.Surface, theme: Theme, kind: PieceKind, piece: int, box: BoxLike, direction: int = 0,
               rim: RGB = SHIP_RIM, glow: bool = True, dim: bool = False) -> None:
    """Draw a piece into ``box`` (a layout Box or anything with x, y, w, h)."""
    if kind == "star" and glow:
        radius = round(max(box.w, box.h) * 0.78)
        g = glow_image(color_of(piece), radius)
        surface.blit(g, (round(box.x + box.w / 2 - radius), round(box.y + box.h * 0.6 - radius)))
        # The ground line the star stands on.
        ground = pygame.Rect(0, 0, round(box.w * 1.25), max(3, round(box.h * 0.12)))
        ground.center = (round(box.x + box.w / 2), round(box.y + box.h))
        pygame.draw.ellipse(surface, shade(PIECE_RGB[color_of(piece)], 0.45), ground)
    image = piece_image(theme, kind, piece, box.w, box.h, direction, rim, dim)
    surface.blit(image, (round(box.x) - 1, round(box.y) - 1))
    if theme.colour_blind:  # an empty bank cell keeps its letter: which colour ran out is news too
        _draw_letter(surface, theme, kind, piece, box, direction)
