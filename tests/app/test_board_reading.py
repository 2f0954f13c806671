"""What a player reads off the play screen: overpopulation told in words, messages and tooltips that
hide nothing, readable colour letters and bank counts, and a map that keeps its place."""

from __future__ import annotations

from concurrent.futures import Future

import pygame
import pytest

from hwgame.app.app import App
from hwgame.app.controller import COMPUTER, HUMAN
from hwgame.app.flow import PlayController
from hwgame.app.scenes.play import PlayScene
from hwgame.app.targets import MarkerTarget, ShipTarget
from hwgame.app.view.layout import MARKER_MIN, board_layout, screen_layout
from hwgame.app.view.tooltip import tip_rect
from hwgame.rules import Catastrophe, Game, parse_piece

from .helpers import FakeWorker, _Result, click, drag, fake_opponent, motion, position

P = parse_piece

# Alpha holds four blue pieces (its star and three ships): overpopulated in blue.
CROWDED = """
    North: g3 y2 | y3 g1 |
    South: r1 y1 | | g3 r2
    Alpha: b1 | b2 b3 | b1
    Beta: y3 | | y1
"""


def open_play(screen, board=CROWDED, seats=(HUMAN, COMPUTER), choose=None):
    app = App(size=screen.get_size())
    app.strict = True
    app.settings.animation_speed = 0.0
    ctl = PlayController(Game.from_position(position(board)), seats, ("easy", "easy"), fake_opponent(choose))
    scene = PlayScene(app, ctl)
    app.scenes.reset(scene)
    app.step([], 1 / 60, screen)
    return app, scene


def marker_box(scene, system="Alpha"):
    _, lay, _ = scene.layouts(scene.app.size, scene.display_position())
    return lay.system(system).markers[0][0]


def test_the_panel_says_where_the_overpopulation_is_and_how_to_trigger_it(screen, data_dir):
    app, scene = open_play(screen)
    assert scene.panel.notes() == [
        "Overpopulation at Alpha: four blue pieces. Click the ! on Alpha to make a catastrophe there."]


def test_the_marker_is_a_large_click_target_that_makes_the_catastrophe(screen, data_dir):
    app, scene = open_play(screen)
    box = marker_box(scene)
    assert box.w >= MARKER_MIN and box.h >= MARKER_MIN
    # A click near the marker's edge, not only at its centre, is a click on it.
    edge = (box.x + 2, box.y + box.h - 2)
    assert scene.hit(edge) == MarkerTarget("Alpha", 3)
    app.step(click(edge), 1 / 60, screen)
    app.step([], 1 / 60, screen)
    assert scene.ctl.game.pending == [Catastrophe("Alpha", 3)]
    assert scene.panel.notes() == []  # the blue pieces went back to the bank


def test_hovering_the_marker_explains_it_inside_the_window(screen, data_dir, monkeypatch):
    import hwgame.app.play_view as pv

    tips = []
    real = pv.draw_tip
    monkeypatch.setattr(pv, "draw_tip", lambda surface, theme, text, pos, *a, **k: tips.append(
        (text, real(surface, theme, text, pos, *a, **k))))
    app, scene = open_play(screen)
    app.step([motion(marker_box(scene).center)], 1 / 60, screen)
    (text, rect), = tips
    assert "Alpha is overpopulated: four blue pieces" in text and "Click to make it." in text
    assert pygame.Rect(0, 0, *screen.get_size()).contains(rect)


@pytest.mark.parametrize("pointer", [(0, 0), (1279, 799), (1279, 0), (0, 799), (640, 400)])
def test_a_tooltip_never_leaves_the_window(pointer):
    window = pygame.Rect(0, 0, 1280, 800)
    for wh in ((360, 120), (200, 40), (1400, 900)):
        assert window.contains(tip_rect(window.size, pointer, wh))


def test_a_message_covers_neither_the_own_homeworld_nor_the_panel(screen, data_dir):
    app, scene = open_play(screen)
    scene.flash("Not possible: " + "a long reason that wraps over more than one line of the board " * 2)
    screen_box, lay, _ = scene.layouts(app.size, scene.display_position())
    rect = scene.flash_rect(screen_box.board, lay)
    home = lay.system("North").box
    assert not rect.colliderect(pygame.Rect(home.as_ints()))
    assert rect.right <= screen_box.panel.x and rect.left >= screen_box.board.x


class HeldWorker(FakeWorker):
    """A worker whose answer waits until ``release()``: the computer is still thinking until then."""

    def request(self, position, limit, seed=None, history=None):
        self._id += 1
        self.held = (Future(), position)
        self.held[0].request_id = self._id
        return self.held[0]

    def release(self):
        future, pos = self.held
        future.set_result(_Result(future.request_id, turn=self.choose(pos)))


def test_wait_for_the_computer_goes_when_it_is_the_players_turn(screen, data_dir):
    from hwgame.app.opponent import Opponent

    app = App(size=screen.get_size())
    app.strict = True
    app.settings.animation_speed = 0.0
    worker = HeldWorker()
    ctl = PlayController(Game.from_position(position(CROWDED)), (COMPUTER, HUMAN), ("easy", "easy"),
                         Opponent(worker=worker))
    scene = PlayScene(app, ctl)
    app.scenes.reset(scene)
    app.step([], 1 / 60, screen)
    # South (the human, at the bottom) drags a ship while the computer thinks: told to wait.
    _, lay, _ = scene.layouts(app.size, scene.display_position())
    ship = next(pp for pp in lay.pieces() if pp.kind == "ship")
    app.step(drag(ship.box.center, (ship.box.x + 60, ship.box.y + 60)), 1 / 60, screen)
    assert scene.flash_text == "wait: it is the computer's turn" and scene.flash_time > 0
    app.step([], 1 / 60, screen)
    assert scene.flash_time > 0  # still the computer's turn: the message stays
    worker.release()
    app.step([], 1 / 60, screen)
    app.step([], 1 / 60, screen)
    assert scene.ctl.human_to_move() and scene.flash_time <= 0


def test_another_message_goes_when_the_board_changes(screen, data_dir):
    app, scene = open_play(screen)
    scene.flash("Not possible: the bank has no blue 3 left")
    app.step([], 1 / 60, screen)
    assert scene.flash_time > 0
    scene.act(Catastrophe("Alpha", 3))
    app.step([], 1 / 60, screen)
    assert scene.flash_time == 0


def test_pieces_grow_with_the_window():
    pos = position(CROWDED)
    units = []
    for size in ((1024, 700), (1920, 1080)):
        units.append(board_layout(pos, screen_layout(*size).board).unit)
    assert units[1] > units[0] * 1.3


def test_ship_target_still_reachable_from_targets():
    assert ShipTarget("Alpha", 0, 1) == ShipTarget("Alpha", 0, 1, index=2)
