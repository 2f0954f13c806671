"""Layout geometry: nothing overlaps, everything stays on the board, hits find what is drawn (no display)."""

from __future__ import annotations

import random

import pytest

from hwgame.app.control.targets import BANK, SPACE, BankPieceTarget, MarkerTarget, ShipTarget, StarTarget, SystemTarget
from hwgame.app.tools.samples import random_turn
from hwgame.app.view.layout import (
    MIN_HEIGHT,
    MIN_WIDTH,
    Box,
    bank_layout,
    board_layout,
    check_layout,
    screen_layout,
)
from hwgame.rules import Game, legal_turns

from .helpers import position

SIZES = [(MIN_WIDTH, MIN_HEIGHT), (1280, 800), (1920, 1080), (1100, 1000), (2560, 900)]


def _positions_by_legal_turns(seed: int, plies: int) -> list:
    """Random legal play choosing among whole-turn successors (early plies, where that is cheap), then
    random legal actions one at a time (busy middle games) for the rest."""
    rng = random.Random(seed)
    game = Game()
    out = []
    for ply in range(plies):
        if game.is_over():
            break
        if ply < 8:
            successors = [s for s in legal_turns(game.position) if not s.position.is_over()]
            if not successors:
                break
            game.play(rng.choice(successors).turn)
        else:
            random_turn(game, rng)
        out.append(game.position)
    return out


def _all_positions():
    found = []
    for seed in range(12):
        found += _positions_by_legal_turns(seed, 70)
    return found


POSITIONS = _all_positions()


def test_the_samples_reach_busy_maps():
    assert len(POSITIONS) > 400
    assert max(len(p.systems) for p in POSITIONS) >= 7
    assert max(max(len(s.ships0) + len(s.ships1) for s in p.systems) for p in POSITIONS) >= 5


def test_a_sample_game_never_names_two_systems_alike():
    from hwgame.app.tools.samples import busy_game, finished_game
    from hwgame.rules import Discover

    for game in (busy_game(11, 70), finished_game()):
        named = [a.name.lower() for turn in game.turns for a in turn if isinstance(a, Discover)]
        assert named and len(named) == len(set(named))  # each discovery a name of its own, as the window offers


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
def test_no_overlaps_across_random_positions(size):
    screen = screen_layout(*size)
    rng = random.Random(size[0])
    for pos in POSITIONS[::3]:
        lay = board_layout(pos, screen.board, bottom=rng.randint(0, 1))
        assert check_layout(lay) == [], pos.describe()
        assert len(lay.systems) == len(pos.systems)
        assert sum(len(sp.pieces) for sp in lay.systems) == sum(
            len(s.stars) + len(s.ships0) + len(s.ships1) for s in pos.systems
        )


def _crowded():
    # 12 discovered systems with a ship each, and a homeworld with 16 ships.
    names = ["Alpha", "Beta", "Gamma", "Delta", "Eps", "Zeta", "Eta", "Theta", "Iota", "Kappa", "Lambda", "Mu"]
    stars = ["r1", "y1", "g1", "b1", "r2", "y2", "g2", "b2", "r1", "y1", "g1", "b1"]
    lines = ["North: r3 y3 | g3 | ", "South: b3 g2 | | r2 b2 y2 g1 r3 y3 b3 r1 y1 b1 g3 y2 r2 g1 b1 y1"]
    ship_for = ["g3", "b3", "y3", "r3", "g1", "y1", "b2", "b1", "r3", "g3", "r1", "b2"]
    for name, star, ship in zip(names, stars, ship_for, strict=True):
        lines.append(f"{name}: {star} | {ship} |")
    return lines


def test_many_systems_and_a_crowded_home_fit_the_smallest_window():
    # Counts of pieces can exceed 3 in this artificial map, so build it without a bank check.
    from hwgame.rules import NO_HOME, PLAYING, Position, System

    from .helpers import pieces

    systems = []
    for line in _crowded():
        name, _, rest = line.partition(":")
        parts = (rest.split("|") + ["", ""])[:3]
        home = ("North", "South").index(name) if name in ("North", "South") else NO_HOME
        systems.append(System(home, pieces(parts[0]), pieces(parts[1]), pieces(parts[2]), name))
    pos = Position(tuple(systems), (0,) * 12, 0, PLAYING)
    assert len(pos.systems) == 14
    assert len(pos.home_of(1).ships1) >= 15
    for size in SIZES:
        for bottom in (0, 1):
            lay = board_layout(pos, screen_layout(*size).board, bottom)
            assert check_layout(lay) == []
            home = lay.system("South")
            ships = [pp for pp in home.pieces if pp.kind == "ship"]
            assert len(ships) == 16
            assert min(pp.box.h for pp in ships) >= 8  # shrunk or wrapped, but still visible


def test_homeworlds_at_the_two_ends():
    pos = position("""
        North: g3 b2 | y3 |
        South: r1 y2 | | g3
        Alpha: b1 | g1 | r2
    """)
    board = screen_layout(1280, 800).board
    for bottom in (0, 1):
        lay = board_layout(pos, board, bottom)
        mine = lay.system(pos.players[bottom]).box
        theirs = lay.system(pos.players[1 - bottom]).box
        alpha = lay.system("Alpha").box
        assert theirs.bottom <= alpha.y and alpha.bottom <= mine.y
        # Ships point away from their owner: the bottom player's up (-1), the other's down (+1).
        for sp in lay.systems:
            for pp in sp.pieces:
                if pp.kind == "ship":
                    assert pp.direction == (-1 if pp.target.owner == bottom else 1)


def test_three_sizes_are_clearly_different():
    pos = position("North: r1 r2 | r3 |\nSouth: y1 y2 | | y3\nAlpha: g3 | g1 g2 |")
    lay = board_layout(pos, screen_layout(1280, 800).board, 0)
    heights = {}
    for pp in lay.pieces():
        heights.setdefault((pp.kind, pp.piece % 3), pp.box.h)
    for kind in ("star", "ship"):
        small, medium, large = (heights[(kind, s)] for s in range(3))
        assert medium >= small * 1.3 and large >= medium * 1.25


def test_hit_finds_every_drawn_piece_and_marker():
    pos = position("""
        North: g3 b2 | y3 g1 |
        South: r1 y2 | | g3 b1
        Alpha: g2 | g2 g1 g1 | r2 r3
    """)
    screen = screen_layout(1280, 800)
    lay = board_layout(pos, screen.board, 0)
    for pp in lay.pieces():
        cx, cy = pp.box.center
        assert lay.hit(cx, cy) == pp.target
    alpha = lay.system("Alpha")
    assert alpha.markers and alpha.markers[0][1] == 2  # green is overpopulated at Alpha
    mbox = alpha.markers[0][0]
    assert lay.hit(*mbox.center) == MarkerTarget("Alpha", 2)
    assert lay.hit(alpha.box.x + 2, alpha.box.bottom - 2) == SystemTarget("Alpha")
    assert lay.hit(screen.board.x + 3, screen.board.y + screen.board.h / 2) == SPACE
    assert lay.hit(screen.panel.x + 5, 5) is None
    assert isinstance(lay.hit(*lay.system("North").pieces[0].box.center), (ShipTarget, StarTarget))


def test_bank_cells_and_hits():
    for size in SIZES:
        screen = screen_layout(*size)
        bank = bank_layout(screen.bank)
        assert len(bank.cells) == 12
        for cell in bank.cells:
            assert cell.box.inside(screen.bank)
            assert cell.place.box.inside(cell.box)
            assert bank.hit(*cell.place.box.center) == BankPieceTarget(cell.piece)
        for i, a in enumerate(bank.cells):
            for b in bank.cells[i + 1 :]:
                assert not a.box.inflate(-0.5).intersects(b.box)
        assert bank.hit(screen.bank.x + 2, screen.bank.bottom - 2) == BANK


def test_screen_columns_tile_the_window():
    for w, h in SIZES + [(800, 600), (320, 240)]:
        s = screen_layout(w, h)
        assert s.bank.right == pytest.approx(s.board.x)
        assert s.board.right == pytest.approx(s.panel.x)
        assert s.panel.right == pytest.approx(max(w, 320))
        assert s.board.w > 0


def test_layout_is_pure():
    import hwgame.app.view.layout as layout_module

    source = open(layout_module.__file__, encoding="utf-8").read()
    assert "import pygame" not in source


def test_box_helpers():
    a = Box(0, 0, 10, 10)
    assert a.contains(0, 0) and not a.contains(10, 5)
    assert a.intersects(Box(9, 9, 5, 5)) and not a.intersects(Box(10, 0, 5, 5))
    assert Box(1, 1, 2, 2).inside(a) and a.inflate(2) == Box(-2, -2, 14, 14)
