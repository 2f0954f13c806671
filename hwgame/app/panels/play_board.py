"""Drawing the play screen: the board, the drag's feedback, the narration strip, messages and tooltips.

Functions of the play scene (``hwgame.app.scenes.play``), kept apart so the screen's logic and its
picture each stay a readable size. Everything here reads the scene and paints; nothing here changes the
game or the scene (only caches of wrapped text and captions are kept, which draw the same picture).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import pygame

from hwgame.app.control.notices import marker_tip
from hwgame.app.control.targets import SPACE, BankPieceTarget, MarkerTarget, ShipTarget, StarTarget, Target, system_of
from hwgame.app.panels.side import voice_of
from hwgame.app.view import theme as T
from hwgame.app.view.anim import ease, lerp_box
from hwgame.app.view.board import BoardOptions, rim_for
from hwgame.app.view.layout import BoardLayout, Box, PieceKind, piece_box, screen_layout
from hwgame.app.view.pieces import draw_piece
from hwgame.app.view.tooltip import draw_tip, message_rect
from hwgame.i18n import _, current_language
from hwgame.rules import Action, Build, Capture, Catastrophe, Discover, Move, Position, Sacrifice, Trade, color_of
from hwgame.words import chance_label

FLASH_FADE = 0.6  # a message on the board fades out over its last this many seconds

if TYPE_CHECKING:
    from hwgame.app.scenes.play import PlayScene


def draw_play(scene: PlayScene, surface: pygame.Surface) -> None:
    """The play screen's frame: board, bank, drag feedback, messages and the panel. It reads the scene
    and changes nothing of it: the window size and the panel's buttons are brought up to date in
    ``update``."""
    position = scene.display_position()
    screen, lay, bank = scene.layouts(scene.app.size, position)
    dragging = scene.tracker.dragging
    source = scene.tracker.source if dragging else None
    if scene.current is not None:
        scene.view.draw_transition(surface, scene.current, bank, BoardOptions())
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
                            bool(scene.app.settings.connection_lines), hint_systems)
        scene.view.draw_still(surface, position, lay, bank, opts)
        if scene.ctl.hint and not scene.ctl.game.pending and not dragging and scene.demo is None:
            _draw_hint_pieces(scene, surface)
        if not dragging and scene.demo is None and scene.computer_showing() is None:
            _draw_threat_pieces(scene, surface)
    if dragging and source is not None:
        _draw_drag(scene, surface, lay, source)
    if scene.snap is not None:
        piece, kind, direction, owner, b0, b1, t = scene.snap
        box = lerp_box(b0, b1, ease(t / 0.18))
        draw_piece(surface, scene.app.theme, kind, piece, box, direction, rim_for(owner, scene.ctl.bottom))
    if getattr(scene.app.settings, "advantage_bar", False) and scene.card is None:
        _draw_advantage(scene, surface, screen.board)
    if scene.narrates:
        whole = screen_layout(*scene.app.size).board
        _draw_narration(scene, surface, scene.narration_box(whole), scene.narration_size(whole))
    if not dragging and scene.current is None:
        _draw_hover(scene, surface, position)
    if scene.flash_time > 0 and scene.flash_text:
        _draw_flash(scene, surface, screen.board, lay)
    scene.panel.draw(surface)

def _draw_hover(scene: PlayScene, surface: pygame.Surface, position: Position) -> None:
    """A tooltip over an overpopulation marker under the pointer: what it means, what a click does."""
    pos = scene.tracker.pos
    # Not under a dialog or a menu (they would cover it), nor while a press is under way.
    if pos is None or scene.tracker.press_pos is not None or not scene.in_front():
        return
    target = scene.hit(pos)
    if isinstance(target, MarkerTarget):
        can_act = scene.ctl.human_to_move() and scene.computer_showing() is None
        draw_tip(surface, scene.app.theme, marker_tip(position, target.system, target.color, can_act), pos,
                 edge=T.TEXT_WARN)


ADVANTAGE_W = 12  # the advantage bar's width, at the board's left edge
LABEL_SIZE = 15  # the advantage bar's label, under it
NEUTRAL = (70, 76, 100)  # the bar while no verdict of the board is known


def _draw_advantage(scene: PlayScene, surface: pygame.Surface, board: Box) -> None:
    """The advantage bar: a thin column at the board's left edge, read from the verdict of the board
    shown (the start of the turn it shows): the bottom player's share of the chance to win from below in
    their colour, the other's from above in theirs, and under the bar, in the board's corner where
    systems rarely stand, a label that says whose chance it is ("You: 64%", "You: lost (proven)"), the
    number the hint gives. While no verdict is known the bar stands empty and grey; during setup and
    after the game it is not drawn."""
    ctl = scene.ctl
    showing = scene.computer_showing() is not None
    if ctl.turn_start(showing) is None:
        return
    top_y = scene.narration_box(board).bottom + 6 if scene.narrates else board.y + 8
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
    label = scene.app.theme.fit_text(text, LABEL_SIZE, 220, T.TEXT)
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


def _draw_hint_pieces(scene: PlayScene, surface: pygame.Surface) -> None:
    """Rings round the pieces of the hint, in the hint's colour (still: a board at rest is not redrawn)."""
    for target in hint_targets(scene.ctl.game.position, scene.ctl.hint or ()):
        place = scene.place_of(target)
        if place is not None:
            pygame.draw.rect(surface, T.TEXT_WARN, pygame.Rect(place.box.as_ints()).inflate(8, 8), 3, border_radius=6)


def threat_targets(scene: PlayScene) -> list[Target]:
    """The pieces the first threat warned of plays with (the opponent's ships, the player's ships it
    takes, the bank pieces it uses), or [] when no threat is shown."""
    threats = scene.ctl.threat_shown()
    if not threats:
        return []
    position = scene.ctl.game.position
    return hint_targets(position, threats[0], mover=1 - position.to_move)


def _draw_threat_pieces(scene: PlayScene, surface: pygame.Surface) -> None:
    """Rings round the pieces of the threat warned of, in the danger colour."""
    for target in threat_targets(scene):
        place = scene.place_of(target)
        if place is not None:
            pygame.draw.rect(surface, T.DANGER, pygame.Rect(place.box.as_ints()).inflate(10, 10), 3, border_radius=6)


def _draw_narration(scene: PlayScene, surface: pygame.Surface, box: Box, base: int) -> None:
    """The narration strip: the sentence wrapped to the strip, a bar in the colour of its player."""
    told = scene.narration()
    if told is None:
        return
    text, player = told
    rect = pygame.Rect(box.as_ints())
    pygame.draw.rect(surface, (16, 19, 34), rect, border_radius=8)
    pygame.draw.rect(surface, T.PANEL_EDGE, rect, 1, border_radius=8)
    owner = T.OWNER_RGB[0] if player == scene.ctl.bottom else T.OWNER_RGB[1]
    pygame.draw.rect(surface, owner, pygame.Rect(rect.x + 6, rect.y + 7, 4, rect.h - 14), border_radius=2)
    size, lines = _narration_lines(scene, text, base, rect.w - 34, rect.h - 10)
    lh = scene.app.theme.font(size).get_linesize()
    y = rect.y + (rect.h - len(lines) * lh) // 2
    for line in lines:
        surface.blit(scene.app.theme.fit_text(line, size, rect.w - 34, T.TEXT), (rect.x + 20, y))
        y += lh

def _narration_lines(scene: PlayScene, text: str, base: int, width: int, height: int) -> tuple[int, list[str]]:
    """(font size, lines) for the narration: a long turn is told in a smaller font rather than cut
    (cached: wrapping measures every word, and the sentence changes once per action)."""
    key = (text, base, width, height)
    if scene._narration_key != key:
        th = scene.app.theme
        for size in (base, base - 2, base - 4):
            lh = th.font(size).get_linesize()
            lines = th.wrap(text, size, width)
            if len(lines) * lh <= height:
                break
        scene._narration_fit = (size, lines[: max(1, height // lh)])
        scene._narration_key = key
    return scene._narration_fit

def _draw_drag(scene: PlayScene, surface: pygame.Surface, lay: BoardLayout, source: Target) -> None:
    th = scene.app.theme
    pos = scene.tracker.pos
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
    _draw_caption(scene, surface, source, hover, pos)

def _draw_caption(scene: PlayScene, surface: pygame.Surface, source: Target, hover: Target | None,
                  pos: tuple[int, int]) -> None:
    key = (source, hover, scene.ctl.game.state, len(scene.ctl.game.turns), current_language())
    if key != scene._caption_key:
        res = scene.ctl.resolve(source, hover) if hover is not None else None
        if res is None or (not res.legal and not res.reason):
            scene._caption = ("", True)
        elif res.legal:
            scene._caption = (res.caption, True)
        else:
            scene._caption = (_("Not possible: {reason}").format(reason=res.reason), False)
        scene._caption_key = key
    text, ok = scene._caption
    if not text:
        return
    draw_tip(surface, scene.app.theme, text, pos, T.LIT if ok else T.TEXT_BAD, T.TEXT if ok else T.TEXT_BAD,
             caption_bounds(scene.app.size))


def caption_bounds(size: tuple[int, int]) -> Box:
    """Where a drag's caption may go: the bank and the board, left of the panel, which is drawn over
    them (a caption at the board's right edge turns to the left of the pointer instead of under it)."""
    screen = screen_layout(*size)
    return Box(0, 0, screen.panel.x, screen.height)

def flash_rect(scene: PlayScene, board: Box, lay: BoardLayout) -> pygame.Rect | None:
    """Where the message goes: on the board (never under the panel), above the bottom player's own
    homeworld rather than over it."""
    if not scene.flash_text:
        return None
    th = scene.app.theme
    lines = th.wrap(scene.flash_text, 22, board.w - 80)[:3]
    wh = (max(th.font(22).size(line)[0] for line in lines) + 34, 14 + 22 * len(lines))
    home = scene.ctl.game.state.position.home_of(scene.ctl.bottom)
    sp = lay.system(home.name) if home is not None else None
    return message_rect(board, wh, [sp.box] if sp is not None else [])

def _draw_flash(scene: PlayScene, surface: pygame.Surface, board: Box, lay: BoardLayout) -> None:
    th = scene.app.theme
    rect = flash_rect(scene, board, lay)
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
