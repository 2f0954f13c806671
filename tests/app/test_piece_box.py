"""One measure of a drawn piece (``piece_box``): the layout places every piece in a box of that size,
the piece drawn in it fills it, and a press where it is drawn finds it."""

from __future__ import annotations

import math

import pygame
import pytest

from hwgame.app.control.targets import BankPieceTarget, ShipTarget
from hwgame.app.tools.samples import busy_game
from hwgame.app.view.board import rim_for
from hwgame.app.view.layout import Box, PiecePlace, bank_layout, board_layout, piece_box, screen_layout
from hwgame.app.view.pieces import draw_piece
from hwgame.app.view.theme import Theme
from hwgame.rules import size_of

WINDOWS = [(1024, 700), (1280, 800), (1920, 1080)]
MARGIN = 3  # pixels around a piece's box in its test picture


def _busy_positions():
    return [busy_game(seed, 70).position for seed in (4, 11)]


def _drawn(place: PiecePlace, draw) -> tuple[pygame.Rect, Box, pygame.Surface]:
    """The piece of ``place`` drawn alone by ``draw(surface, box)`` on a clear picture just around its
    box: the bounding rectangle of its pixels, its box in the picture, and the picture."""
    b = place.box
    ox, oy = math.floor(b.x) - MARGIN, math.floor(b.y) - MARGIN
    box = Box(b.x - ox, b.y - oy, b.w, b.h)  # an integer shift: the drawing rounds the same way
    surface = pygame.Surface((math.ceil(b.w) + 4 * MARGIN + 8, math.ceil(b.h) + 4 * MARGIN + 8), pygame.SRCALPHA)
    surface.fill((0, 0, 0, 0))
    draw(surface, box)
    return surface.get_bounding_rect(), box, surface


def _check_fills(drawn: pygame.Rect, box: Box, shadow: int = 0) -> None:
    """The pixels drawn span the box (apex to base, one base corner to the other) and stay within it,
    but for a pixel of rounding and, for a ship, its drop shadow to the lower right."""
    assert drawn.x >= box.x - 2 and drawn.y >= box.y - 2
    assert drawn.right <= box.right + 2 + shadow and drawn.bottom <= box.bottom + 2 + shadow
    assert drawn.w >= box.w - 2 and drawn.h >= box.h - 2


@pytest.mark.parametrize("size", WINDOWS)
def test_every_placed_piece_has_the_box_piece_box_gives(size):
    screen = screen_layout(*size)
    for position in _busy_positions():
        lay = board_layout(position, screen.board, 0)
        assert any(pp.kind == "ship" for pp in lay.pieces()) and any(pp.kind == "star" for pp in lay.pieces())
        for pp in lay.pieces():
            assert (pp.box.w, pp.box.h) == piece_box(pp.piece, lay.unit, pp.kind)
    bank = bank_layout(screen.bank)
    for cell in bank.cells:
        assert (cell.place.box.w, cell.place.box.h) == piece_box(cell.piece, bank.unit, "bank")


@pytest.mark.parametrize("size", WINDOWS)
def test_a_piece_drawn_in_its_box_fills_it_and_a_press_on_it_finds_it(size):
    theme = Theme()
    screen = screen_layout(*size)
    for position in _busy_positions():
        lay = board_layout(position, screen.board, 0)
        for pp in lay.pieces():
            # Drawn as the board draws it, without a star's glow (light around it, not the piece).
            owner = pp.target.owner if isinstance(pp.target, ShipTarget) else 0
            drawn, box, picture = _drawn(pp, lambda surf, b, pp=pp, owner=owner: draw_piece(
                surf, theme, pp.kind, pp.piece, b, pp.direction, rim_for(owner, 0), glow=False))
            shadow = max(2, round(box.h * 0.07)) if pp.kind == "ship" else 0
            _check_fills(drawn, box, shadow)
            # Where the piece is drawn, at the middle of its box, a press finds that very piece.
            assert picture.get_at((round(box.center[0]), round(box.center[1]))).a > 0
            assert lay.hit(*pp.box.center) == pp.target
    bank = bank_layout(screen.bank)
    for cell in bank.cells:
        drawn, box, picture = _drawn(cell.place, lambda surf, b, cell=cell: draw_piece(
            surf, theme, "bank", cell.piece, b, glow=False))
        _check_fills(drawn, box)
        assert picture.get_at((round(box.center[0]), round(box.center[1]))).a > 0
        assert bank.hit(*cell.place.box.center) == BankPieceTarget(cell.piece)


def test_a_piece_shown_alone_keeps_its_height_and_is_slimmer():
    for piece in range(12):
        for kind in ("star", "ship"):
            w, h = piece_box(piece, 50.0, kind)
            lone_w, lone_h = piece_box(piece, 50.0, kind, lone=True)
            assert lone_h == h
            assert (lone_w < w) if kind == "star" else (lone_w > w)  # a lone ship stands a little broader
        # The three sizes stay apart, whatever the shape.
        if size_of(piece) < 3:
            assert piece_box(piece + 1, 50.0)[1] > piece_box(piece, 50.0)[1] * 1.25
