"""Text in any of the game's three languages: a chain of fonts, each character drawn by the first font
that has it.

The chain is pygame's default font (Latin letters, as the window always had; in Japanese and Chinese the
language's own shipped face comes before it), then the shipped Noto Sans CJK subsets (``assets/fonts``;
the language in force first, so a Japanese player sees Japanese glyph shapes and a Chinese player
Chinese ones), then a CJK font of the system when there is one, for a
character outside the subsets (a rare character in a player's name). A line is cut into runs of one font
each and the runs are drawn side by side on one baseline.

:class:`ChainFont` answers the calls the screens make on a pygame font (``size``, ``render``,
``get_linesize``...), so code that measures text measures what is drawn.
:func:`missing_characters` tells which characters no font has (a test fails on them: no boxes).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame.freetype

from hwgame.app.view.assets import DEFAULT_FONT_SCALE, bundled_fonts, default_font_file, ui_font
from hwgame.i18n import current_language, is_cjk_language

if TYPE_CHECKING:
    from pygame.typing import ColorLike

# The subsets, by the language whose shapes they carry.
SHIPPED = {"ja": "NotoSansCJKjp-hwgame.otf", "zh-Hant": "NotoSansCJKtc-hwgame.otf"}
# System fonts that draw CJK, as pygame.font.match_font names them (Linux, Windows, macOS).
SYSTEM_CJK = (
    "notosanscjkjp,notosanscjk,notosanscjktc,sourcehansans,wenquanyimicrohei,wenquanyizenhei,"
    "droidsansfallback,meiryo,yugothic,msgothic,microsoftjhenghei,mingliu,pingfang,hiraginosans,"
    "applegothic,arialunicodems"
)

Face = tuple[str | None, int]  # (file, face index); None is pygame's default font

_coverage: dict[Face, pygame.freetype.Font | None] = {}
_has: dict[tuple[Face, str], bool] = {}
_system: list[Face] | None = None


def _freetype(face: Face) -> pygame.freetype.Font | None:
    """A freetype handle on a face, used only to ask which characters it has."""
    if face not in _coverage:
        if not pygame.freetype.get_init():
            pygame.freetype.init()
        try:
            path = face[0] if face[0] is not None else str(default_font_file())
            _coverage[face] = pygame.freetype.Font(path, 12, font_index=face[1])
        except (OSError, pygame.error, FileNotFoundError):
            _coverage[face] = None  # a missing or damaged file covers nothing
    return _coverage[face]


def has_glyph(face: Face, char: str) -> bool:
    """Whether a face draws ``char`` (spaces and controls count as drawn by every face)."""
    if char.isspace() or ord(char) < 0x20:
        return True
    key = (face, char)
    found = _has.get(key)
    if found is None:
        handle = _freetype(face)
        try:
            found = handle is not None and handle.get_metrics(char)[0] is not None
        except (pygame.error, IndexError, UnicodeError):  # UnicodeError: half of a surrogate pair
            found = False
        _has[key] = found
    return found


def shipped_faces(language: str | None = None) -> list[Face]:
    """The shipped CJK subsets, the language's own first."""
    language = language or current_language()
    order = sorted(SHIPPED, key=lambda code: code != language)
    by_name = {p.name: str(p) for p in bundled_fonts()}
    return [(by_name[SHIPPED[code]], 0) for code in order if SHIPPED[code] in by_name]


def system_faces() -> list[Face]:
    """A CJK font of the system, if it has one (looked up once)."""
    global _system
    if _system is None:
        try:
            path = pygame.font.match_font(SYSTEM_CJK)
        except (OSError, pygame.error, ValueError, AttributeError):
            path = None  # no font list on this system
        _system = [(path, 0)] if path else []
    return _system


def chain(language: str | None = None, with_system: bool = True) -> list[Face]:
    """The faces in the order they are tried. In Japanese and Chinese the language's own face comes
    first, so digits and Latin names beside CJK text are drawn in its weight and shapes (pygame's
    default face is a bold one, which made "赤 1" and "Vega" look heavier than the words around them)."""
    shipped = shipped_faces(language)
    faces: list[Face] = [(None, 0)]
    if is_cjk_language(language or current_language()) and shipped:
        faces = [shipped[0], (None, 0)]
    faces += [f for f in shipped if f not in faces]
    if with_system:
        faces += [f for f in system_faces() if f not in faces]
    return faces


def missing_characters(text: str, language: str | None = None, with_system: bool = False) -> set[str]:
    """The characters of ``text`` that no face of the chain has (by default only the fonts the game
    ships count: a system font is not on every player's machine)."""
    faces = chain(language, with_system)
    return {c for c in set(text) if not any(has_glyph(f, c) for f in faces)}


class ChainFont:
    """One size of the chain: measures and draws a line of text in whichever faces it needs."""

    def __init__(self, size: int, bold: bool = False, language: str | None = None):
        self.size_px = max(1, int(size))
        self.bold = bold
        self.language = language or current_language()
        self.faces = chain(self.language)
        self._fonts: dict[int, pygame.font.Font] = {}
        self._runs: dict[str, list[tuple[int, str]]] = {}

    def font(self, index: int) -> pygame.font.Font:
        """The pygame font of one face at this size."""
        font = self._fonts.get(index)
        if font is None:
            path = self.faces[index][0]
            if path is None:
                font = ui_font(self.size_px)
            else:
                # Scaled like pygame's default font (drawn at 0.6875 of the size asked) so both agree.
                px = max(1, round(self.size_px * DEFAULT_FONT_SCALE))
                # pygame.font opens the first face of a collection: the shipped files have one, and a
                # system collection's first face draws every CJK character its others do.
                font = pygame.font.Font(path, px)
            font.set_bold(self.bold)
            self._fonts[index] = font
        return font

    def set_bold(self, bold: bool) -> None:
        """Bold or not, like pygame's Font.set_bold."""
        self.bold = bool(bold)
        for font in self._fonts.values():
            font.set_bold(self.bold)

    def runs(self, text: str) -> list[tuple[int, str]]:
        """``text`` cut into (face index, piece) runs; a character no face has stays with the first face
        (where it draws as a box: the tests forbid that in the catalogs)."""
        found = self._runs.get(text)
        if found is not None:
            return found
        # Each run's characters are gathered in a list and joined once: adding to a string kept in a
        # tuple copies it each time, which makes a long line quadratic.
        pieces: list[tuple[int, list[str]]] = []
        for char in text:
            index = 0
            if not has_glyph(self.faces[0], char):
                index = next((i for i, f in enumerate(self.faces) if has_glyph(f, char)), 0)
            if pieces and (pieces[-1][0] == index or char.isspace()):
                pieces[-1][1].append(char)
            else:
                pieces.append((index, [char]))
        out = [(index, "".join(chars)) for index, chars in pieces]
        if len(self._runs) > 2000:
            self._runs.clear()
        self._runs[text] = out
        return out

    def size(self, text: str) -> tuple[int, int]:
        """Width and height of the drawn line, as pygame's Font.size."""
        runs = self.runs(text)
        if len(runs) <= 1:
            return self.font(runs[0][0] if runs else 0).size(text)
        width = sum(self.font(i).size(piece)[0] for i, piece in runs)
        return width, self._height({i for i, _ in runs})

    def _height(self, faces: set[int]) -> int:
        return max(self.font(i).get_ascent() for i in faces) - min(self.font(i).get_descent() for i in faces)

    def get_linesize(self) -> int:
        """Line spacing: the default font's, or the CJK face's when the language writes CJK."""
        base = self.font(0).get_linesize()
        if is_cjk_language(self.language) and len(self.faces) > 1:
            return max(base, self.font(1).get_linesize())
        return base

    def get_height(self) -> int:
        """Height of a line, as pygame's Font.get_height."""
        base = self.font(0).get_height()
        if is_cjk_language(self.language) and len(self.faces) > 1:
            return max(base, self.font(1).get_height())
        return base

    def get_ascent(self) -> int:
        """The default font's ascent."""
        return self.font(0).get_ascent()

    def get_descent(self) -> int:
        """The default font's descent."""
        return self.font(0).get_descent()

    def render(self, text: str, antialias: bool, color: ColorLike, background: ColorLike | None = None
               ) -> pygame.Surface:
        """The line drawn, as pygame's Font.render; runs of other faces share the baseline."""
        runs = self.runs(text)
        if len(runs) <= 1:
            return self.font(runs[0][0] if runs else 0).render(text, antialias, color, background)
        faces = {i for i, _ in runs}
        ascent = max(self.font(i).get_ascent() for i in faces)
        width, height = self.size(text)
        surface = pygame.Surface((max(1, width), max(1, height)), pygame.SRCALPHA)
        if background is not None:
            surface.fill(background)
        x = 0
        for index, piece in runs:
            font = self.font(index)
            part = font.render(piece, antialias, color)
            surface.blit(part, (x, ascent - font.get_ascent()))
            x += font.size(piece)[0]
        return surface


def reset_caches() -> None:
    """Forget what was looked up (for a test that changes the fonts on disk)."""
    global _system
    _coverage.clear()
    _has.clear()
    _system = None
