"""Drawing the play screen's board: the board, the drag's feedback, the narration strip, messages and tooltips.

The play screen (``hwgame.app.scenes.play``) builds a ``BoardPicture`` at each frame, a frozen account of
what its board shows (the position, the drag, the animation, the message, the narration, and how to
find a piece on the board), and hands it to its ``BoardPainter``. The painter reads the picture and
paints; it changes nothing of the game or the screen and never sees the screen itself. It keeps only
caches of wrapped text and of the drag's caption, which draw the same picture.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from hwgame.app.control.notices import marker_tip
from hwgame.app.control.targets import SPACE, BankPieceTarget, MarkerTarget, ShipTarget, StarTarget, Target, system_of
from hwgame.app.panels.side import voice_of
from hwgame.app.view import theme as T
from hwgame.app.view.anim import ease, lerp_box
from hwgame.app.view.board import BoardOptions, rim_for
from hwgame.app.view.layout import BoardLayout, Box, Layouts, PieceKind, PiecePlace, piece_box, screen_layout
from hwgame.app.view.pieces import draw_piece
from hwgame.app.view.tooltip import draw_tip, message_rect
from hwgame.i18n import _, current_language
from hwgame.rules import Action, Build, Capture, Catastrophe, Discover, Move, Position, Sacrifice, Trade, color_of
from hwgame.words import chance_label

FLASH_FADE = 0.6  # a message on the board fades out over its last this many seconds

if TYPE_CHECKING:
    from hwgame.app.control.flow import PlayController
    from hwgame.app.control.targets import Highlights
    from hwgame.app.view.anim import Transition
    from hwgame.app.view.board import BoardView
    from hwgame.app.view.theme import Theme


@dataclass(frozen=True)
class BoardPicture:
    """What the play screen's board shows in one frame, built by the screen for its painter."""

    theme: Theme
    size: tuple[int, int]  # the window's
    ctl: PlayController  # the game, the hint, the threats and the verdicts; read, never changed here
    view: BoardView  # draws the board and the bank
    position: Position  # the position on the board (an animation's end while one runs)
    layouts: Layouts  # (screen, board, bank) for that position in this window
    transition: Transition | None  # the animation running, if any
    dragging: bool  # a piece is held
    source: Target | None  # the piece held, while one is
    pointer: tuple[int, int] | None  # where the pointer is, when that is known
    pressing: bool  # a press is under way (no tooltip then)
    highlights: Highlights | None  # the targets lit for the piece held
    selected: Target | None  # the piece chosen by a click
    snap: list | None  # a refused piece flying back: [piece, kind, direction, owner, from, to, elapsed]
    demo: bool  # the hint is being played with ghost pieces over the board
    showing: int | None  # the player whose computer turn is being shown, if any
    in_front: bool  # nothing covers the screen but its card (tooltips only then)
    card: bool  # the tutorial's card is over the board (no advantage bar)
    connection_lines: bool  # the settings' lines between connected systems
    advantage_bar: bool  # the settings' advantage bar
    narration: tuple[str, int] | None  # the sentence of the narration strip and its player, if it is drawn
    narration_box: Callable[[Box], Box] | None  # the strip's box on a board, when the screen narrates
    narration_size: int  # the strip's font size
    flash_text: str  # the message on the board ("" for none)
    flash_time: float  # seconds it has left
    hit: Callable[[tuple[int, int]], Target | None]  # the target under a window point
    place_of: Callable[[Target | None], PiecePlace | None]  # where a piece of the board or bank is drawn


class BoardPainter:
    """Paints the play screen's board from a ``BoardPicture``; keeps the caches that make that cheap."""

    def __init__(self) -> None:
        self.caption: tuple[str, bool] = ("", True)  # the drag's caption and whether it is a legal drop
        self._caption_key: tuple | None = None
        self._narration_key: tuple | None = None
        self._narration_fit: tuple[int, list[str]] = (0, [])

    def draw(self, pic: BoardPicture, surface: pygame.Surface) -> None:
        """The board's frame: board, bank, drag feedback, messages (the side panel is drawn apart)."""
        _draw_board(self, pic, surface)


def _draw_board(painter: BoardPainter, scene: BoardPicture, surface: pygame.Surface) -> None:
    position = scene.position
    screen, lay, bank = scene.layouts
    dragging = scene.dragging
    source = scene.source if dragging else None
    if scene.transition is not None:
        scene.view.draw_transition(surface, scene.transition, bank, BoardOptions())
    else:
        hidden: tuple = ()
        if isinstance(source, ShipTarget):
            hidden = (source.system, source.owner, source.piece, source.index)
        hint_systems: frozenset[str] = frozenset()
        if scene.ctl.hint:
            hint_systems = frozenset(n for a in scene.ctl.hint for n in (getattr(a, "system", None),
                                     getattr(a, "origin", None), getattr(a, "destination", None)) if n)
        opts = BoardOptions(scene.highlights if dragging else None, hidden, scene.selected,
                            system_of(source) if dragging else None,
                            scene.connection_lines, hint_systems)
        scene.view.draw_still(surface, position, lay, bank, opts)
        if scene.ctl.hint and not scene.ctl.game.pending and not dragging and not scene.demo:
            _draw_hint_pieces(scene, surface)
        elif scene.ctl.hint_lit and not scene.ctl.game.pending and not dragging:
            _draw_lit_pieces(scene, surface)
        if not dragging and not scene.demo and scene.showing is None:
            _draw_threat_pieces(scene, surface)
    if dragging and source is not None:
        _draw_drag(painter, scene, surface, lay, source)
    if scene.snap is not None:
        piece, kind, direction, owner, b0, b1, t = scene.snap
        box = lerp_box(b0, b1, ease(t / 0.18))
        draw_piece(surface, scene.theme, kind, piece, box, direction, rim_for(owner, scene.ctl.bottom))
    if scene.advantage_bar and not scene.card:
        _draw_advantage(scene, surface, screen.board)
    if scene.narration_box is not None:
        whole = screen_layout(*scene.size).board
        _draw_narration(painter, scene, surface, scene.narration_box(whole), scene.narration_size)
    if not dragging and scene.transition is None:
        _draw_hover(scene, surface, position)
    if scene.flash_time > 0 and scene.flash_text:
        _draw_flash(scene, surface, screen.board, lay)

def _draw_hover(scene: BoardPicture, surface: pygame.Surface, position: Position) -> None:
    """A tooltip over an overpopulation marker under the pointer: what it means, what a click does."""
    pos = scene.pointer
    # Not under a dialog or a menu (they would cover it), nor while a press is under way.
    if pos is None or scene.pressing or not scene.in_front:
        return
    target = scene.hit(pos)
    if isinstance(target, MarkerTarget):
        can_act = scene.ctl.human_to_move() and scene.showing is None
        # Left of the side panel, as a drag's caption: the panel is drawn over the board.
        draw_tip(surface, scene.theme, marker_tip(position, target.system, target.color, can_act), pos,
                 edge=T.TEXT_WARN, bounds=caption_bounds(scene.size))


ADVANTAGE_W = 12  # the advantage bar's width, at the board's left edge
LABEL_SIZE = 15  # the advantage bar's label, under it
NEUTRAL = (70, 76, 100)  # the bar while no verdict of the board is known


def _draw_advantage(scene: BoardPicture, surface: pygame.Surface, board: Box) -> None:
    """The advantage bar: a thin column at the board's left edge, read from the verdict of the board
    shown (the start of the turn it shows): the bottom player's share of the chance to win from below in
    their colour, the other's from above in theirs, and under the bar, in the board's corner where
    systems rarely stand, a label that says whose chance it is ("You: 64%", "You: lost (proven)"), the
    number the hint gives. While no verdict is known the bar stands empty and grey; during setup and
    after the game it is not drawn."""
    ctl = scene.ctl
    showing = scene.showing is not None
    if ctl.turn_start(showing) is None:
        return
    top_y = scene.narration_box(board).bottom + 6 if scene.narration_box is not None else board.y + 8
    room = LABEL_SIZE + 10  # under the bar: its label
    rect = pygame.Rect(round(board.x + 4), round(top_y), ADVANTAGE_W, round(board.bottom - 8 - room - top_y))
    if rect.h < 40:
        return
    bottom = ctl.bottom
    verdict = ctl.verdict_shown(showing)
    chance = None if verdict is None else verdict.chance_for(bottom)
    if verdict is None or chance is None:
        pygame.draw.rect(surface, T.mix(T.BG, NEUTRAL, 0.5), rect, border_radius=4)
        pygame.draw.rect(surface, NEUTRAL, rect, 1, border_radius=4)
        return
    mine = round(rect.h * chance)
    pygame.draw.rect(surface, T.OWNER_RGB[1], rect, border_radius=4)
    if mine:
        pygame.draw.rect(surface, T.OWNER_RGB[0], (rect.x, rect.bottom - mine, rect.w, mine), border_radius=4)
    pygame.draw.rect(surface, T.PANEL_EDGE, rect, 1, border_radius=4)
    text = chance_label(bottom, verdict.proof_for(bottom), chance, voice_of(ctl))
    label = scene.theme.fit_text(text, LABEL_SIZE, 220, T.TEXT)
    y = rect.bottom + 4
    back = pygame.Rect(rect.x - 2, y - 1, label.get_width() + 8, label.get_height() + 2)
    veil = pygame.Surface(back.size, pygame.SRCALPHA)
    pygame.draw.rect(veil, (12, 15, 28, 200), veil.get_rect(), border_radius=5)
    surface.blit(veil, back.topleft)
    surface.blit(label, (back.x + 4, y))


def hint_targets(position: Position, hint: Iterable[Action], mover: int | None = None) -> list[Target]:
    """The pieces a hint plays with, as the board's targets: the ships it moves, trades, sacrifices or
    captures, and the bank pieces it builds, trades for or takes as a new star. Pieces an earlier action
    of the hint brought in (a ship just built, then moved) are not on the board yet, and are left out.
    ``mover`` plays the turn (default: the side to move; the opponent for a threat)."""
    me = position.to_move if mover is None else mover
    found: list[Target] = []
    for a in hint:
        if isinstance(a, Build):
            found.append(BankPieceTarget(a.piece))
        elif isinstance(a, Trade):
            found += [ShipTarget(a.system, me, a.old), BankPieceTarget(a.new)]
        elif isinstance(a, Move):
            found.append(ShipTarget(a.origin, me, a.ship))
        elif isinstance(a, Discover):
            found += [ShipTarget(a.origin, me, a.ship), BankPieceTarget(a.star)]
        elif isinstance(a, Sacrifice):
            found.append(ShipTarget(a.system, me, a.ship))
        elif isinstance(a, Capture):
            found.append(ShipTarget(a.system, 1 - me, a.piece))
        elif isinstance(a, Catastrophe):
            system = position.system_named(a.system)
            if system is not None:  # every piece of the colour there goes back to the bank
                found += [StarTarget(a.system, p) for p in system.stars if color_of(p) == a.color]
                found += [ShipTarget(a.system, owner, p) for owner, ships in ((0, system.ships0), (1, system.ships1))
                          for p in ships if color_of(p) == a.color]  # fmt: skip
    return found


def _draw_hint_pieces(scene: BoardPicture, surface: pygame.Surface) -> None:
    """Rings round the pieces of the hint, in the hint's colour (still: a board at rest is not redrawn)."""
    for target in hint_targets(scene.ctl.game.position, scene.ctl.hint or ()):
        place = scene.place_of(target)
        if place is not None:
            pygame.draw.rect(surface, T.TEXT_WARN, pygame.Rect(place.box.as_ints()).inflate(8, 8), 3, border_radius=6)


def _draw_lit_pieces(scene: BoardPicture, surface: pygame.Surface) -> None:
    """Rings round the pieces the hint's second rung lights (``PlayController.hint_lit``), as the hint's."""
    for target in scene.ctl.hint_lit:
        place = scene.place_of(target)
        if place is not None:
            pygame.draw.rect(surface, T.TEXT_WARN, pygame.Rect(place.box.as_ints()).inflate(8, 8), 3, border_radius=6)


def threat_targets(ctl: PlayController) -> list[Target]:
    """The pieces the first threat ``ctl`` warns of plays with (the opponent's ships, the player's ships
    it takes, the bank pieces it uses), or [] when no threat is shown."""
    threats = ctl.threat_shown()
    if not threats:
        return []
    position = ctl.game.position
    return hint_targets(position, threats[0], mover=1 - position.to_move)


def _draw_threat_pieces(scene: BoardPicture, surface: pygame.Surface) -> None:
    """Rings round the pieces of the threat warned of, in the danger colour."""
    for target in threat_targets(scene.ctl):
        place = scene.place_of(target)
        if place is not None:
            pygame.draw.rect(surface, T.DANGER, pygame.Rect(place.box.as_ints()).inflate(10, 10), 3, border_radius=6)


def _draw_narration(painter: BoardPainter, scene: BoardPicture, surface: pygame.Surface, box: Box,
                    base: int) -> None:
    """The narration strip: the sentence wrapped to the strip, a bar in the colour of its player."""
    told = scene.narration
    if told is None:
        return
    text, player = told
    rect = pygame.Rect(box.as_ints())
    pygame.draw.rect(surface, (16, 19, 34), rect, border_radius=8)
    pygame.draw.rect(surface, T.PANEL_EDGE, rect, 1, border_radius=8)
    owner = T.OWNER_RGB[0] if player == scene.ctl.bottom else T.OWNER_RGB[1]
    pygame.draw.rect(surface, owner, pygame.Rect(rect.x + 6, rect.y + 7, 4, rect.h - 14), border_radius=2)
    size, lines = _narration_lines(painter, scene.theme, text, base, rect.w - 34, rect.h - 10)
    lh = scene.theme.font(size).get_linesize()
    y = rect.y + (rect.h - len(lines) * lh) // 2
    for line in lines:
        surface.blit(scene.theme.fit_text(line, size, rect.w - 34, T.TEXT), (rect.x + 20, y))
        y += lh

def _narration_lines(painter: BoardPainter, th: Theme, text: str, base: int, width: int,
                    height: int) -> tuple[int, list[str]]:
    """(font size, lines) for the narration: a long turn is told in a smaller font rather than cut
    (cached: wrapping measures every word, and the sentence changes once per action)."""
    key = (text, base, width, height)
    if painter._narration_key != key:
        for size in (base, base - 2, base - 4):
            lh = th.font(size).get_linesize()
            lines = th.wrap(text, size, width)
            if len(lines) * lh <= height:
                break
        painter._narration_fit = (size, lines[: max(1, height // lh)])
        painter._narration_key = key
    return painter._narration_fit

def _draw_drag(painter: BoardPainter, scene: BoardPicture, surface: pygame.Surface, lay: BoardLayout,
               source: Target) -> None:
    th = scene.theme
    pos = scene.pointer
    if pos is None:
        return
    hover = scene.hit(pos)
    lit = scene.highlights
    if lit is not None and lit.space:
        scene.view.draw_space_hint(surface, lay, hover == SPACE)
    if lit is not None and hover is not None and lit.lit(hover):
        name = system_of(hover)
        sp = lay.system(name) if name else None
        if isinstance(hover, ShipTarget) and (hover.system, hover.owner, hover.piece) in lit.ships:
            place = scene.place_of(hover)
            if place is not None:
                pygame.draw.rect(surface, T.LIT_HOT, pygame.Rect(place.box.as_ints()).inflate(10, 10), 3,
                                 border_radius=5)
        elif sp is not None:
            pygame.draw.rect(surface, T.LIT_HOT, pygame.Rect(sp.box.as_ints()).inflate(8, 8), 4,
                             border_radius=8)
    place = scene.place_of(source)
    if place is not None:
        b = place.box
        if isinstance(source, BankPieceTarget):
            # Lifted from the bank, a piece takes the size it has on the map, in its shape held alone.
            w, h = piece_box(source.piece, lay.unit, lone=True)
            b = Box(0, 0, w, h)
        box = Box(pos[0] - b.w / 2, pos[1] - b.h / 2, b.w, b.h)
        kind: PieceKind = "ship" if place.kind == "ship" else "star"
        rim = rim_for(getattr(source, "owner", 0), scene.ctl.bottom)
        draw_piece(surface, th, kind, place.piece, box, place.direction, rim, glow=False)
    _draw_caption(painter, scene, surface, source, hover, pos)

def _draw_caption(painter: BoardPainter, scene: BoardPicture, surface: pygame.Surface, source: Target,
                  hover: Target | None, pos: tuple[int, int]) -> None:
    key = (source, hover, scene.ctl.game.state, len(scene.ctl.game.turns), current_language())
    if key != painter._caption_key:
        res = scene.ctl.resolve(source, hover) if hover is not None else None
        if res is None or (not res.legal and not res.reason):
            painter.caption = ("", True)
        elif res.legal:
            painter.caption = (res.caption, True)
        else:
            painter.caption = (_("Not possible: {reason}").format(reason=res.reason), False)
        painter._caption_key = key
    text, ok = painter.caption
    if not text:
        return
    draw_tip(surface, scene.theme, text, pos, T.LIT if ok else T.TEXT_BAD, T.TEXT if ok else T.TEXT_BAD,
             caption_bounds(scene.size))


def caption_bounds(size: tuple[int, int]) -> Box:
    """Where a drag's caption may go: the bank and the board, left of the panel, which is drawn over
    them (a caption at the board's right edge turns to the left of the pointer instead of under it)."""
    screen = screen_layout(*size)
    return Box(0, 0, screen.panel.x, screen.height)

def flash_rect(th: Theme, text: str, ctl: PlayController, board: Box, lay: BoardLayout) -> pygame.Rect | None:
    """Where the message ``text`` goes: on the board (never under the panel), above the bottom player's
    own homeworld rather than over it."""
    if not text:
        return None
    lines = th.wrap(text, 22, board.w - 80)[:3]
    wh = (max(th.font(22).size(line)[0] for line in lines) + 34, 14 + 22 * len(lines))
    home = ctl.game.state.position.home_of(ctl.bottom)
    sp = lay.system(home.name) if home is not None else None
    return message_rect(board, wh, [sp.box] if sp is not None else [])

def _draw_flash(scene: BoardPicture, surface: pygame.Surface, board: Box, lay: BoardLayout) -> None:
    th = scene.theme
    rect = flash_rect(th, scene.flash_text, scene.ctl, board, lay)
    if rect is None:
        return
    lines = th.wrap(scene.flash_text, 22, board.w - 80)[:3]
    veil = pygame.Surface(rect.size, pygame.SRCALPHA)
    alpha = int(230 * min(1.0, scene.flash_time / FLASH_FADE))
    pygame.draw.rect(veil, (20, 22, 40, alpha), veil.get_rect(), border_radius=9)
    surface.blit(veil, rect.topleft)
    pygame.draw.rect(surface, T.TEXT_WARN, rect, 1, border_radius=9)
    for i, line in enumerate(lines):
        T.draw_text(surface, th, line, (rect.centerx, rect.y + 8 + 22 * i), 22, T.TEXT, anchor="midtop")
