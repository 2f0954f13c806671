"""Drawing the map and the bank from a layout: systems, pieces, markers, highlights, connection lines.

The still picture (everything but the pointer, the dragged piece and animations) is drawn once into a
cached surface and only redrawn when the position, the window or the highlights change; a frame then
costs one blit plus the moving parts. That keeps frames smooth while the computer thinks.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

import pygame

from hwgame.app.control.targets import ShipTarget, Target
from hwgame.app.view import theme as T
from hwgame.app.view.canvas import drawing_surface
from hwgame.app.view.layout import BankLayout, BoardLayout, Box, PiecePlace, SystemPlace, label_height
from hwgame.app.view.pieces import draw_piece
from hwgame.i18n import _, current_language, pgettext
from hwgame.rules import NO_HOME, Position, connected

if TYPE_CHECKING:
    from hwgame.app.view.anim import Transition


def home_label(name: str) -> str:
    """A homeworld's name on the board with the word that says it is one, "Sol  (home)", in the language
    in force: the space between them is the language's too (none before a full-width bracket)."""
    # Translators: a homeworld's name on the board, then the word "home"; keep it short. The space
    # between them is part of the translation: none before full-width brackets (Sol（ホーム）).
    return pgettext("board", "{name}  (home)").format(name=name)


COUNT_PX = 21  # type size of the bank's counts (a figure about 11 px tall)
HOME_MIN_PX = 11  # the smallest type of a homeworld's label
HOME_SHRINK = 3  # pixels a homeworld's label may lose to fit before its name is shortened
SHIP_RIMS: tuple[T.RGB, T.RGB] = ((240, 244, 255), (24, 26, 36))  # rims: the bottom player's, the top one's


def rim_for(owner: int, bottom: int) -> T.RGB:
    """The rim colour of a ship: light for the bottom player, dark for the top player."""
    return SHIP_RIMS[0] if owner == bottom else SHIP_RIMS[1]


class LitTargets(Protocol):
    """What the board reads of the legal drop targets lit while dragging (``targets.Highlights``)."""

    @property
    def systems(self) -> Collection[str]: ...  # system names (drop on the system)

    @property
    def ships(self) -> Collection[tuple[str, int, int]]: ...  # (system, owner, piece)

    @property
    def bank(self) -> bool: ...

    @property
    def space(self) -> bool: ...


@dataclass
class BoardOptions:
    """What the still picture shows besides the position."""

    highlights: LitTargets | None = None  # targets.Highlights while dragging
    hidden: tuple[str, int, int, int] | tuple[()] = ()  # (system, owner, piece, index) lifted by the pointer
    selected: Target | None = None  # the target picked on the click path
    lines_from: str | None = None  # system whose connections are drawn (while dragging)
    all_lines: bool = False  # draw every connection, faintly
    hint_systems: frozenset[str] = field(default_factory=frozenset)

    def key(self) -> tuple[object, ...]:
        """A hashable summary, so the cached picture is redrawn only when something shown changes."""
        h = self.highlights
        hk = None if h is None else (frozenset(h.systems), frozenset(h.ships), h.bank, h.space)
        return (hk, self.hidden, self.selected, self.lines_from, self.all_lines, self.hint_systems)


def _starfield(w: int, h: int) -> pygame.Surface:
    surf = pygame.Surface((w, h))
    surf.fill(T.BG)
    rng = random.Random(w * 7919 + h)
    for _star in range(w * h // 2600):
        x, y = rng.randrange(w), rng.randrange(h)
        c = rng.randint(40, 110)
        surf.set_at((x, y), (c, c, min(255, c + 30)))
    return surf


class BoardView:
    """Draws the bank column and the map; keeps the still picture cached."""

    def __init__(self, theme: T.Theme):
        self.theme = theme
        self._bg_key: tuple[int, int] | None = None
        self._bg: pygame.Surface | None = None
        self._still_key: tuple[object, ...] | None = None
        self._still: pygame.Surface | None = None

    def background(self, w: int, h: int) -> pygame.Surface:
        """The starfield for a window size (cached)."""
        bg = self._bg
        if bg is None or self._bg_key != (w, h):
            bg = self._bg = _starfield(w, h)
            self._bg_key = (w, h)
        return bg

    # --- the still picture ---
    def draw_still(self, surface: pygame.Surface, position: Position, layout: BoardLayout, bank: BankLayout,
                   opts: BoardOptions) -> None:
        """Blit the cached picture of bank and board, redrawing it if anything shown changed."""
        size = surface.get_size()
        # The picture holds words (the bank's title and legend, "(home)"): a new language redraws it.
        key = (size, position, id(layout), id(bank), opts.key(), self.theme.colour_blind, current_language())
        if key != self._still_key or self._still is None:
            if self._still is None or self._still.get_size() != size:
                self._still = pygame.Surface(size).convert() if pygame.display.get_surface() else pygame.Surface(size)
            self._render_still(self._still, position, layout, bank, opts)
            self._still_key = key
        surface.blit(self._still, (0, 0))
        if self.theme.audit is not None and surface is drawing_surface():
            self.theme.audit.board([(sp.name, pygame.Rect(sp.box.as_ints())) for sp in layout.systems])

    def _render_still(self, surf: pygame.Surface, position: Position, layout: BoardLayout, bank: BankLayout,
                      opts: BoardOptions) -> None:
        surf.blit(self.background(*surf.get_size()), (0, 0))
        self.draw_bank(surf, bank, position.bank, opts)
        self.draw_lines(surf, position, layout, opts)
        for sp in layout.systems:
            self.draw_system(surf, position, layout, sp, opts)

    # --- pieces of the picture, also used by animations ---
    def draw_lines(self, surf: pygame.Surface, position: Position, layout: BoardLayout, opts: BoardOptions) -> None:
        """Connection lines: all of them faintly, or those of the dragged ship's system brightly."""
        if not opts.all_lines and not opts.lines_from:
            return
        by_name = {s.name: s for s in position.systems}
        places = [sp for sp in layout.systems if sp.name in by_name]
        for i, a in enumerate(places):
            for b in places[i + 1 :]:
                if not connected(by_name[a.name], by_name[b.name]):
                    continue
                if opts.lines_from in (a.name, b.name):
                    color = (86, 140, 120)
                elif opts.all_lines and not opts.lines_from:
                    color = (38, 46, 72)
                else:
                    continue
                pygame.draw.aaline(surf, color, a.box.center, b.box.center)

    def draw_system(self, surf: pygame.Surface, position: Position, layout: BoardLayout, sp: SystemPlace,
                    opts: BoardOptions, box: Box | None = None, with_pieces: bool = True) -> None:
        """One system: its box, name, markers and (unless animating) its pieces."""
        box = box or sp.box
        lit = opts.highlights is not None and sp.name in opts.highlights.systems
        rect = pygame.Rect(box.as_ints())
        radius = max(4, int(layout.unit * 0.18))
        if sp.home != NO_HOME:
            owner_rgb = T.OWNER_RGB[0] if sp.home == layout.bottom else T.OWNER_RGB[1]
            pygame.draw.rect(surf, T.HOME_FILL, rect, border_radius=radius)
            pygame.draw.rect(surf, T.mix(T.HOME_FILL, owner_rgb, 0.55), rect, 2, border_radius=radius)
            name_rgb = owner_rgb
        else:
            pygame.draw.rect(surf, T.SYSTEM_FILL, rect, border_radius=radius)
            pygame.draw.rect(surf, T.SYSTEM_EDGE, rect, 1, border_radius=radius)
            name_rgb = T.TEXT
        if sp.name in opts.hint_systems:
            pygame.draw.rect(surf, T.TEXT_WARN, rect.inflate(4, 4), 2, border_radius=radius + 2)
        if lit:
            pygame.draw.rect(surf, T.LIT, rect.inflate(4, 4), 3, border_radius=radius + 2)
        label_h = sp.label.h
        # The strip is taller when markers sit in it; the name keeps the size of an ordinary strip.
        font_px = int(max(12, min(20, label_height(layout.unit) * 0.86)))
        text = self.system_name(layout, sp, font_px, name_rgb)
        surf.blit(text, (round(box.x + 5), round(box.y + (label_h - text.get_height()) / 2 + 1)))
        dx, dy = box.x - sp.box.x, box.y - sp.box.y
        for mbox, color in sp.markers:
            self.draw_marker(surf, Box(mbox.x + dx, mbox.y + dy, mbox.w, mbox.h), color)
        if with_pieces:
            for pp in sp.pieces:
                self.draw_place(surf, pp, layout.bottom, opts)

    def system_name(self, layout: BoardLayout, sp: SystemPlace, font_px: int, rgb: T.RGB) -> pygame.Surface:
        """A system's name as the board, the replay and the setup all show it: a homeworld in bold in its
        owner's colour and always with the word that says it is one (``home_words``)."""
        if sp.home == NO_HOME:
            return self.theme.fit_text(sp.name, font_px, self._name_room(sp), rgb)
        text, px = self.home_words(layout, sp, font_px)
        return self.theme.text(text, px, rgb, bold=True)

    def home_words(self, layout: BoardLayout, sp: SystemPlace, font_px: int) -> tuple[str, int]:
        """(words, type size) of homeworld ``sp``'s label: its name and "(home)" (``home_label``) whenever
        it is a homeworld, whatever the room, so the label never comes and goes as ships come and go.
        The layout leaves room for both words; where a strip is narrower still, the homeworlds' labels
        take the largest size, down to a few pixels less than ``font_px``, at which each fits (the two
        stay alike), and a name still too long for its strip (a player's long name) is shortened, never
        the word "(home)"."""
        th = self.theme
        homes = [h for h in layout.systems if h.home != NO_HOME] or [sp]
        px = font_px
        while px > max(HOME_MIN_PX, font_px - HOME_SHRINK) and any(
                th.font(px, True).size(home_label(h.name))[0] > self._name_room(h) for h in homes):
            px -= 1
        font, room, whole = th.font(px, True), self._name_room(sp), home_label(sp.name)
        if font.size(whole)[0] <= room:
            return whole, px
        lo, hi = 0, len(sp.name)
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if font.size(home_label(sp.name[:mid] + "…"))[0] <= room:
                lo = mid
            else:
                hi = mid - 1
        if th.audit is not None:
            th.audit.cut.append((whole, room))  # as ``fit_text`` reports a line it cuts
        return home_label(sp.name[: max(1, lo)] + "…"), px

    @staticmethod
    def _name_room(sp: SystemPlace) -> float:
        """Pixels for a system's name in its strip: the width less the margins and its markers."""
        return sp.box.w - 10 - sum(mbox.w + 3 for mbox, _system in sp.markers)

    def draw_marker(self, surf: pygame.Surface, box: Box, color: int) -> None:
        """An overpopulation marker: a button in the colour with a white ring and an exclamation mark
        (clicking it triggers the catastrophe, so it is drawn as large as its click target)."""
        rect = pygame.Rect(box.as_ints())
        c = rect.center
        r = max(8, rect.w // 2)
        pygame.draw.circle(surf, (16, 16, 24), c, r + 2)
        pygame.draw.circle(surf, (250, 250, 250), c, r)
        pygame.draw.circle(surf, T.PIECE_RGB[color], c, r - 2)
        ink = (20, 20, 20) if color in (1, 2) else (255, 255, 255)
        mark = self.theme.text("!", max(14, int(r * 1.5)), ink, bold=True)
        surf.blit(mark, mark.get_rect(center=(c[0], c[1] + 1)))

    def draw_place(self, surf: pygame.Surface, pp: PiecePlace, bottom: int, opts: BoardOptions,
                   box: Box | None = None) -> None:
        """One placed piece, with its highlight if it is a legal target or selected."""
        target = pp.target
        if isinstance(target, ShipTarget) and opts.hidden == (target.system, target.owner, target.piece,
                                                              target.index):
            # Lifted by the pointer: leave a faint outline where it was.
            b = box or pp.box
            pygame.draw.rect(surf, (70, 80, 110), pygame.Rect(b.as_ints()), 1, border_radius=3)
            return
        b = box or pp.box
        if isinstance(target, ShipTarget):  # a piece of kind "ship"
            rim = rim_for(target.owner, bottom)
            draw_piece(surf, self.theme, "ship", pp.piece, b, pp.direction, rim)
            if opts.highlights is not None and (target.system, target.owner, target.piece) in opts.highlights.ships:
                pygame.draw.rect(surf, T.LIT, pygame.Rect(b.as_ints()).inflate(6, 6), 2, border_radius=4)
        else:
            draw_piece(surf, self.theme, "star", pp.piece, b)
        if opts.selected is not None and opts.selected == target:
            pygame.draw.rect(surf, T.SELECT, pygame.Rect(b.as_ints()).inflate(8, 8), 2, border_radius=5)

    def draw_bank(self, surf: pygame.Surface, bank: BankLayout, counts: Sequence[int], opts: BoardOptions,
                  legend: str | None = None) -> None:
        """The bank column: a count (a digit) under each colour-size, empty cells dimmed, and a short hint."""
        th = self.theme
        rect = pygame.Rect(bank.box.as_ints())
        pygame.draw.rect(surf, T.BANK_BG, rect)
        pygame.draw.line(surf, T.PANEL_EDGE, rect.topright, rect.bottomright, 1)
        lit = opts.highlights is not None and opts.highlights.bank
        if lit:
            pygame.draw.rect(surf, T.LIT, rect.inflate(-6, -6), 3, border_radius=8)
        title = _("Bank")
        if lit:
            long_title = _("Bank  (drop here: sacrifice)")
            if th.font(22, bold=True).size(long_title)[0] <= rect.w - 12:
                title = long_title
        shown = th.fit_text(title, 22, rect.w - 8, T.LIT if lit else T.TEXT, True)
        surf.blit(shown, shown.get_rect(midtop=(round(bank.title.center[0]), round(bank.title.y + 8))))
        if bank.legend is not None and bank.legend.h > 60 and not lit:
            legend = legend or _("Drag a bank piece onto a system to build there, or onto your ship to trade. "
                                 "Drag your ship here to sacrifice it.")
            y = bank.legend.y
            for line in th.wrap(legend, 17, bank.legend.w):
                if y + 16 > bank.legend.bottom:
                    break
                surf.blit(th.text(line, 17, T.TEXT_DIM), (round(bank.legend.x), round(y)))
                y += 16
        for cell in bank.cells:
            n = counts[cell.piece]
            draw_piece(surf, th, "bank", cell.piece, cell.place.box, glow=False, dim=n == 0)
            if opts.selected is not None and opts.selected == cell.place.target:
                pygame.draw.rect(surf, T.SELECT, pygame.Rect(cell.box.as_ints()).inflate(-4, -4), 2,
                                 border_radius=5)
            cb = cell.count_box
            # The count as a digit, not only in colour: 11 px tall figures, bright, dim at none left.
            digit = th.text(str(n), COUNT_PX, T.TEXT if n else T.TEXT_DIM, bold=True)
            surf.blit(digit, digit.get_rect(center=(round(cb.x + cb.w / 2), round(cb.y + cb.h * 0.55))))

    def draw_space_hint(self, surf: pygame.Surface, layout: BoardLayout, hot: bool) -> None:
        """While a ship that may discover is dragged: a dashed frame saying open space is a target."""
        b = layout.board.inflate(-6)
        color = T.LIT_HOT if hot else T.LIT
        rect = pygame.Rect(b.as_ints())
        dash = 14
        for x in range(rect.left, rect.right, dash * 2):
            pygame.draw.line(surf, color, (x, rect.top), (min(x + dash, rect.right), rect.top), 2)
            pygame.draw.line(surf, color, (x, rect.bottom), (min(x + dash, rect.right), rect.bottom), 2)
        for y in range(rect.top, rect.bottom, dash * 2):
            pygame.draw.line(surf, color, (rect.left, y), (rect.left, min(y + dash, rect.bottom)), 2)
            pygame.draw.line(surf, color, (rect.right, y), (rect.right, min(y + dash, rect.bottom)), 2)

    def draw_transition(self, surf: pygame.Surface, transition: Transition, bank: BankLayout,
                        opts: BoardOptions) -> None:
        """One frame of an animation (see ``anim.Transition``): boxes and pieces between two layouts."""
        from hwgame.app.view.anim import lerp_box

        tr = transition
        t = tr.t
        surf.blit(self.background(*surf.get_size()), (0, 0))
        self.draw_bank(surf, bank, (tr.after if t > 0.5 else tr.before).bank, BoardOptions())
        if t < 0.5:
            for sp in tr.leaving:
                self.draw_system(surf, tr.before, tr.lay0, sp, BoardOptions(), with_pieces=False)
        for sp, box0 in tr.systems:
            if box0 is None:
                # A new system grows out of its centre.
                cx, cy = sp.box.center
                box = lerp_box(Box(cx, cy, 1, 1), sp.box, min(1.0, t * 1.6))
                if box.w < 12 or box.h < 12:
                    continue
            else:
                box = lerp_box(box0, sp.box, t)
            self.draw_system(surf, tr.after, tr.lay1, sp, BoardOptions(), box=box, with_pieces=False)
        bottom = tr.lay1.bottom
        for f in sorted(tr.flights, key=lambda f: f.moving):
            box = lerp_box(f.box0, f.box1, t)
            first_half = t < 0.5
            kind = f.kind0 if first_half else f.kind1
            direction = f.dir0 if first_half else f.dir1
            owner = f.owner0 if first_half else f.owner1
            if kind == "ship":
                draw_piece(surf, self.theme, "ship", f.piece, box, direction, rim_for(owner, bottom))
            else:
                draw_piece(surf, self.theme, kind, f.piece, box, glow=kind == "star")
