"""Scripted mouse and keyboard sequences (pygame events) on the play screen, for every action kind."""

from __future__ import annotations

import pygame
import pytest

from hwgame.app.app import App
from hwgame.app.control.controller import COMPUTER, HUMAN
from hwgame.app.control.flow import PlayController
from hwgame.app.control.targets import ShipTarget
from hwgame.app.kit.dialogs import ChoiceMenu, Dialog, StarChooser
from hwgame.app.scenes.menu import GameMenu
from hwgame.app.scenes.play import PlayScene
from hwgame.rules import Build, Capture, Catastrophe, Discover, Game, Move, Sacrifice, Trade, parse_piece

from .helpers import click, drag, fake_opponent, key, position, up
from .test_controller import BOARD

P = parse_piece


@pytest.fixture
def play(screen, data_dir):
    """A play screen at BOARD, North (bottom) to move against an instant computer."""
    app = App(size=screen.get_size())
    app.strict = True
    app.settings.animation_speed = 0.0  # no animation: each step shows the result at once
    ctl = PlayController(Game.from_position(position(BOARD)), (HUMAN, COMPUTER), ("easy", "easy"), fake_opponent(),
                         on_change=app.autosave)
    scene = PlayScene(app, ctl)
    app.scenes.reset(scene)
    app.step([], 1 / 60, screen)
    return app, scene, screen


def run(app, screen, events, frames: int = 2):
    app.step(events, 1 / 60, screen)
    for _ in range(frames):
        app.step([], 1 / 60, screen)


def ship_at(scene, system, piece, owner=0):
    return scene.place_of(ShipTarget(system, owner, P(piece))).box.center


def system_at(scene, name):
    _, lay, _ = scene.layouts(scene.app.size, scene.display_position())
    box = lay.system(name).box
    return (box.x + 6, box.y + 6)


def bank_at(scene, piece):
    _, _, bank = scene.layouts(scene.app.size, scene.display_position())
    return bank.cells[P(piece)].box.center


def test_drag_a_ship_to_a_connected_system_moves_it(play):
    app, scene, screen = play
    run(app, screen, drag(ship_at(scene, "North", "y3"), system_at(scene, "Alpha")))
    assert scene.ctl.game.pending == [Move(P("y3"), "North", "Alpha")]


def test_drag_highlights_and_caption_while_dragging(play):
    app, scene, screen = play
    events = drag(ship_at(scene, "North", "y3"), system_at(scene, "Alpha"))[:-1]  # not released
    run(app, screen, events, 0)
    assert scene.tracker.dragging
    assert scene.highlights.systems == {"Alpha", "Gamma"}
    # North is the mover's home
    assert scene.board_painter.caption == ("Move yellow 3 from your homeworld to Alpha", True)
    app.step([up(system_at(scene, "Alpha"))], 1 / 60, screen)
    assert not scene.tracker.dragging and scene.highlights is None


@pytest.mark.slow
def test_illegal_drop_snaps_back_and_explains(play):
    app, scene, screen = play
    run(app, screen, drag(ship_at(scene, "North", "y3"), system_at(scene, "South")), 0)
    assert scene.ctl.game.pending == []
    assert scene.flash_text == (
        "Not possible: your homeworld and the computer's homeworld are not connected: they share a star size"
    )
    assert scene.snap is not None


def test_dragging_an_enemy_ship_is_refused(play):
    app, scene, screen = play
    run(app, screen, drag(ship_at(scene, "South", "g3", owner=1), system_at(scene, "Alpha")))
    assert scene.flash_text == "that ship belongs to South: drag one of your own ships"
    assert scene.ctl.game.pending == []


def test_drag_into_open_space_discovers_after_choosing_a_star(play):
    app, scene, screen = play
    _, lay, _ = scene.layouts(app.size, scene.display_position())
    space = (lay.board.x + 10, lay.board.y + lay.board.h / 2)
    assert lay.hit(*space).__class__.__name__ == "SpaceTarget"
    run(app, screen, drag(ship_at(scene, "North", "y3"), space))
    chooser = app.scenes.top
    assert isinstance(chooser, StarChooser)
    # Rename the system, then click the first star offered.
    chooser.field.text = ""
    run(app, screen, click(chooser.field.rect.center) + [
        pygame.event.Event(pygame.TEXTINPUT, text="Vega")
    ])
    rect, action = chooser.star_boxes[0]
    run(app, screen, click(rect.center))
    assert app.scenes.top is scene
    assert scene.ctl.game.pending == [Discover(P("y3"), "North", action.star, "Vega")]


def test_drag_a_bank_piece_onto_a_system_builds(play):
    app, scene, screen = play
    run(app, screen, drag(bank_at(scene, "g2"), system_at(scene, "North")))
    assert scene.ctl.game.pending == [Build(P("g2"), "North")]


def test_drag_a_bank_piece_onto_your_ship_trades(play):
    app, scene, screen = play
    run(app, screen, drag(bank_at(scene, "r3"), ship_at(scene, "North", "y3")))
    assert scene.ctl.game.pending == [Trade(P("y3"), P("r3"), "North")]


def test_drag_onto_an_enemy_ship_captures(play):
    app, scene, screen = play
    run(app, screen, drag(ship_at(scene, "Alpha", "r2"), ship_at(scene, "Alpha", "r1", owner=1)))
    assert scene.ctl.game.pending == [Capture(P("r1"), "Alpha")]


@pytest.mark.slow
def test_sacrifice_then_use_the_granted_actions(play):
    app, scene, screen = play
    run(app, screen, drag(ship_at(scene, "North", "y3"), bank_at(scene, "b1")))
    assert isinstance(app.scenes.top, Dialog)  # a drop on the bank asks first; Enter: "Sacrifice"
    run(app, screen, [key(pygame.K_RETURN)])
    assert scene.ctl.game.pending == [Sacrifice(P("y3"), "North")]
    run(app, screen, drag(ship_at(scene, "Alpha", "g2"), system_at(scene, "North")))
    run(app, screen, drag(ship_at(scene, "Gamma", "g3"), system_at(scene, "North")))
    assert scene.ctl.game.pending[1:] == [Move(P("g2"), "Alpha", "North"), Move(P("g3"), "Gamma", "North")]
    # Ending with one action left asks first; Enter confirms.
    run(app, screen, [key(pygame.K_RETURN)])
    assert isinstance(app.scenes.top, Dialog)
    assert "1 yellow action" in " ".join(app.scenes.top.lines)
    run(app, screen, [key(pygame.K_RETURN)])
    assert len(scene.ctl.game.turns) == 2  # ours and the computer's answer
    assert (data_dir_files := list((app_data(app)).glob("saves/autosave*.json"))), data_dir_files


def app_data(app):
    from hwgame.persist.paths import data_dir

    return data_dir()


def test_click_a_marker_triggers_the_catastrophe(play):
    app, scene, screen = play
    _, lay, _ = scene.layouts(app.size, scene.display_position())
    marker = lay.system("Gamma").markers[0][0]
    run(app, screen, click(marker.center))
    assert scene.ctl.game.pending == [Catastrophe("Gamma", 2)]


def test_click_path_menu_plays_the_chosen_action(play):
    app, scene, screen = play
    run(app, screen, click(ship_at(scene, "North", "y3")))
    menu = app.scenes.top
    assert isinstance(menu, ChoiceMenu)
    labels = [b.text for b in menu.buttons]
    assert "Move yellow 3 from North to Alpha" in labels
    assert any(text.startswith("Discover a new system") for text in labels)
    button = menu.buttons[labels.index("Move yellow 3 from North to Alpha")]
    run(app, screen, click(button.rect.center))
    assert scene.ctl.game.pending == [Move(P("y3"), "North", "Alpha")]
    assert app.scenes.top is scene


def test_click_path_discovery_opens_the_star_chooser(play):
    app, scene, screen = play
    run(app, screen, click(ship_at(scene, "North", "y3")))
    menu = app.scenes.top
    button = next(b for b in menu.buttons if b.text.startswith("Discover"))
    run(app, screen, click(button.rect.center))
    chooser = app.scenes.top
    assert isinstance(chooser, StarChooser)
    run(app, screen, [key(pygame.K_1)])
    assert isinstance(scene.ctl.game.pending[0], Discover)


def test_keyboard_undo_restart_and_menu(play):
    app, scene, screen = play
    run(app, screen, drag(ship_at(scene, "North", "y3"), system_at(scene, "Alpha")))
    run(app, screen, [key(pygame.K_z, pygame.KMOD_CTRL)])
    assert scene.ctl.game.pending == []
    assert scene.flash_text == "Took back the last action."
    run(app, screen, drag(ship_at(scene, "North", "y3"), system_at(scene, "Alpha")))
    run(app, screen, [key(pygame.K_r, pygame.KMOD_CTRL)])
    assert scene.ctl.game.pending == []
    run(app, screen, [key(pygame.K_ESCAPE)])
    assert isinstance(app.scenes.top, GameMenu)
    run(app, screen, [key(pygame.K_ESCAPE)])
    assert app.scenes.top is scene


@pytest.mark.slow
def test_end_turn_button_and_undo_against_the_computer(play):
    app, scene, screen = play
    run(app, screen, drag(ship_at(scene, "North", "y3"), system_at(scene, "Alpha")))
    run(app, screen, click(scene.panel.end.rect.center))
    if isinstance(app.scenes.top, Dialog):  # Gamma is overpopulated: the button asks first
        run(app, screen, click(app.scenes.top.buttons[0].rect.center))
    assert len(scene.ctl.game.turns) == 2
    run(app, screen, click(scene.panel.undo.rect.center))
    assert len(scene.ctl.game.turns) == 0 and scene.ctl.game.to_move == 0


def test_resize_keeps_the_board_working(play):
    app, scene, screen = play
    big = pygame.display.set_mode((1600, 1000))
    run(app, big, [pygame.event.Event(pygame.VIDEORESIZE, w=1600, h=1000, size=(1600, 1000))])
    assert app.size == (1600, 1000)
    run(app, big, drag(ship_at(scene, "North", "y3"), system_at(scene, "Gamma")))
    assert scene.ctl.game.pending == [Move(P("y3"), "North", "Gamma")]
    pygame.display.set_mode((1280, 800))


@pytest.mark.slow
def test_animation_of_a_move_runs_to_its_end(play):
    app, scene, screen = play
    app.settings.animation_speed = 1.0
    run(app, screen, drag(ship_at(scene, "North", "y3"), system_at(scene, "Alpha")), 0)
    app.step([], 1 / 60, screen)
    assert scene.current is not None and scene.current.flights
    for _ in range(60):
        app.step([], 1 / 60, screen)
    assert scene.current is None


def _space(scene):
    _, lay, _ = scene.layouts(scene.app.size, scene.display_position())
    return (lay.board.x + 10, lay.board.y + lay.board.h / 2)


ILLEGAL = {
    "build": (lambda s: (bank_at(s, "b1"), system_at(s, "North")),
              "you have no blue ship at your homeworld: you can only build a colour you already have there"),
    "trade": (lambda s: (bank_at(s, "b1"), ship_at(s, "North", "y3")),
              "a trade keeps the size: the new piece must be the same size as the old ship"),
    "capture": (lambda s: (ship_at(s, "Gamma", "g3"), ship_at(s, "Gamma", "g1", owner=1)),
                "no red at Gamma: a red star or one of your red ships must be there to capture"),
    "discover": (lambda s: (ship_at(s, "Alpha", "g2"), _space(s)),
                 "no yellow at Alpha: a yellow star or one of your yellow ships must be there to move"),
    "move": (lambda s: (ship_at(s, "North", "y3"), system_at(s, "South")),
             "your homeworld and the computer's homeworld are not connected: they share a star size"),
}


@pytest.mark.slow
@pytest.mark.parametrize("kind", sorted(ILLEGAL))
def test_illegal_drops_of_every_kind_explain_and_change_nothing(play, kind):
    app, scene, screen = play
    make, reason = ILLEGAL[kind]
    src, dst = make(scene)
    before = scene.ctl.game.state
    run(app, screen, drag(src, dst), 0)
    assert scene.ctl.game.state == before and scene.ctl.game.pending == []
    assert scene.flash_text == "Not possible: " + reason
    assert scene.snap is not None


def test_a_second_sacrifice_or_action_is_refused(play):
    app, scene, screen = play
    run(app, screen, drag(ship_at(scene, "North", "y3"), system_at(scene, "Alpha")))
    run(app, screen, drag(ship_at(scene, "North", "g1"), bank_at(scene, "r1")), 0)
    assert scene.flash_text.startswith("Not possible: you have already used your action this turn")
    assert len(scene.ctl.game.pending) == 1


def test_markers_do_nothing_on_the_computers_turn(play):
    app, scene, screen = play
    scene.ctl.seats = [COMPUTER, HUMAN]  # as if the computer were to move now
    scene.ctl.opponent.cancel()
    _, lay, _ = scene.layouts(app.size, scene.display_position())
    marker = lay.system("Gamma").markers[0][0]
    scene.ctl.ai_error = "paused for the test"  # keep the computer from answering
    run(app, screen, click(marker.center), 0)
    assert scene.flash_text == "wait: it is the computer's turn"
    assert scene.ctl.game.pending == []
