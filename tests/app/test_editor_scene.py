"""The board editor's screen, driven with pygame events: pieces dragged from the bank into space, onto a
system's side and back; a board that cannot be played keeps its continue buttons off and says why; an
edited board plays on at one screen, and its game saves and loads with the board it began from; the
entries from the title, the game menu and the replay viewer."""

from __future__ import annotations

import random

import pygame
import pytest

from hwgame.app.control.controller import HUMAN
from hwgame.app.control.flow import PlayController
from hwgame.app.kit.dialogs import ChoiceMenu
from hwgame.app.kit.line_form import LineForm
from hwgame.app.scenes.editor import BOTTOM, EditorScene, VersusCard
from hwgame.app.scenes.play import PlayScene
from hwgame.i18n import text_of
from hwgame.rules import NO_HOME, Game, parse_piece, parse_position, parse_turn, read_board_text

from .helpers import click, down, drag, fake_opponent, key, make_app, motion, run_frames, up

SOUND = "standard North South 0 2; North 0 y1b2 g3 -; South 1 r1y3 - g3; Alpha - r2 y1 b1"
P = parse_piece


@pytest.fixture
def editor(screen, data_dir):
    app = make_app(screen, still=True)
    app.scenes.reset(app.make_scene("title"))
    app.open_scene("editor", parse_position(SOUND))
    run_frames(app, screen)
    scene = app.scenes.top
    assert isinstance(scene, EditorScene)
    return app, scene, screen


def bank_cell(scene, piece):
    return scene.layouts(scene.app.size)[2].cells[P(piece)].box.center


def open_space(scene):
    """A point of the map with no system: the left edge of the board, half way down."""
    board = scene.layouts(scene.app.size)[0].board
    return (board.x + 12, board.y + board.h / 2)


def system_box(scene, name):
    return scene.layouts(scene.app.size)[1].system(name).box


def test_a_bank_piece_dragged_into_space_begins_a_named_system(editor):
    app, scene, screen = editor
    before = len(scene.model.board.systems)
    run_frames(app, screen, drag(bank_cell(scene, "g2"), open_space(scene)))
    systems = scene.model.board.systems
    assert len(systems) == before + 1
    new = systems[-1]
    assert new.stars == (P("g2"),) and new.home == NO_HOME and new.name not in ("North", "South", "Alpha")
    # It has no ship yet: the panel says so, and the board cannot be played.
    assert [p.code for p in scene.model.problems] == ["position-empty-system"]
    assert not scene.panel.hotseat.enabled and not scene.panel.versus.enabled


def test_a_piece_dropped_on_a_systems_side_is_a_ship_of_that_side_and_goes_back_to_the_bank(editor):
    app, scene, screen = editor
    box = system_box(scene, "Alpha")
    run_frames(app, screen, drag(bank_cell(scene, "r1"), (box.x + box.w / 2, box.bottom - 4)))
    alpha = scene.model.system("Alpha")
    assert P("r1") in alpha.ships_of(BOTTOM)
    box = system_box(scene, "Alpha")
    run_frames(app, screen, drag(bank_cell(scene, "b3"), (box.x + box.w / 2, box.y + 4)))
    assert P("b3") in scene.model.system("Alpha").ships_of(1 - BOTTOM)
    # Dragged from the board back onto the bank, the ship leaves the board.
    place = next(pp for pp in scene.layouts(app.size)[1].system("Alpha").pieces if pp.piece == P("b3"))
    run_frames(app, screen, drag(place.box.center, bank_cell(scene, "g1")))
    assert P("b3") not in scene.model.system("Alpha").ships_of(1 - BOTTOM)
    assert scene.model.board.bank[P("b3")] == 3


def test_a_board_that_cannot_be_played_keeps_play_off_and_says_why(screen, data_dir):
    app = make_app(screen, still=True)
    app.scenes.reset(app.make_scene("title"))
    app.open_scene("editor", read_board_text("standard North South 0 2; North 0 y1b2 - g3; South 1 r1y3 - g3"))
    run_frames(app, screen)
    scene = app.scenes.top
    assert [p.code for p in scene.model.problems] == ["position-home-lost"]
    assert not any(b.enabled for b in (scene.panel.versus, scene.panel.hotseat, scene.panel.analysis))
    run_frames(app, screen, click(scene.panel.hotseat.rect.center))
    assert app.scenes.top is scene  # nothing started


def test_an_edited_board_plays_on_at_one_screen_and_its_game_saves_and_loads(editor):
    from hwgame import persist

    app, scene, screen = editor
    run_frames(app, screen, click(scene.panel.hotseat.rect.center))
    play = app.scenes.top
    assert isinstance(play, PlayScene)
    game = play.ctl.game
    assert game.positions[0] == parse_position(SOUND)
    game.play(parse_turn("build g1 North"))  # a legal turn, played on the board from the editor
    app.autosave(play.ctl)
    path = persist.default_store().autosave_of(game)
    loaded = persist.load_game(path)
    assert loaded.save.start == SOUND
    assert loaded.game.position == game.position


def test_against_the_computer_asks_side_and_level(editor):
    app, scene, screen = editor
    app.opponent = fake_opponent()
    run_frames(app, screen, click(scene.panel.versus.rect.center))
    card = app.scenes.top
    assert isinstance(card, VersusCard)
    run_frames(app, screen, [key(pygame.K_RETURN)])
    play = app.scenes.top
    assert isinstance(play, PlayScene)
    assert play.ctl.seats[BOTTOM] == HUMAN and play.ctl.seats[1 - BOTTOM] != HUMAN


def test_a_bad_paste_is_refused_with_the_reason_and_the_board_is_kept(editor):
    app, scene, screen = editor
    before = scene.model.board
    run_frames(app, screen, click(scene.panel.text.rect.center))
    form = app.scenes.top
    assert isinstance(form, LineForm) and form.field.text == SOUND
    form.field.text = "standard North South 0 2; North 0 y1b2 g3 -; Alpha x r2 y1 -"
    run_frames(app, screen, [key(pygame.K_RETURN)])
    assert app.scenes.top is form and "owner" in form.problem
    assert scene.model.board == before
    form.field.text = "standard North South 1 2; North 0 g1b2 g3 -; South 1 r1y3 - g3"
    run_frames(app, screen, [key(pygame.K_RETURN)])
    assert app.scenes.top is scene and scene.model.board.to_move == 1 and scene.model.playable


def test_a_pasted_board_names_its_own_players_on_the_mover_switch(editor):
    app, scene, screen = editor
    run_frames(app, screen, click(scene.panel.text.rect.center))
    form = app.scenes.top
    form.field.text = "sdg Ann Bob 1 2; Ann 0 g3b2 y1y3 -; Bob 1 y2b1 g2 g1g3; Zoop - g1 y1y3 -"
    run_frames(app, screen, [key(pygame.K_RETURN)])
    assert app.scenes.top is scene and scene.model.playable
    assert [text_of(label) for label in scene.panel.mover.labels] == ["Ann", "Bob"] and scene.panel.mover.index == 1


def test_a_click_on_a_system_offers_its_homeworld_and_name(editor):
    app, scene, screen = editor
    box = system_box(scene, "Alpha")
    run_frames(app, screen, click((box.x + 8, box.y + 6)))
    menu = app.scenes.top
    assert isinstance(menu, ChoiceMenu)
    labels = [b.text for b in menu.buttons]
    assert "Make it North's homeworld" in labels and any(t.startswith("Rename Alpha") for t in labels)
    run_frames(app, screen, click(menu.buttons[labels.index("Make it North's homeworld")].rect.center))
    assert scene.model.system("Alpha").home == 0 and scene.model.system("North").home == NO_HOME


def test_the_title_the_game_menu_and_the_replay_open_the_editor(screen, data_dir):
    app = make_app(screen, still=True)
    app.scenes.reset(app.make_scene("title"))
    run_frames(app, screen)
    title = app.scenes.top
    study = next(b for b in title.buttons if b.text == "Study")
    run_frames(app, screen, click(study.rect.center))
    menu = app.scenes.top
    run_frames(app, screen, click(next(b for b in menu.buttons if b.text == "Board editor").rect.center))
    assert isinstance(app.scenes.top, EditorScene) and not app.scenes.top.model.board.systems
    # From a game in progress: the board shown, the game untouched.
    game = Game.from_position(parse_position(SOUND))
    ctl = PlayController(game, (HUMAN, HUMAN), ("easy", "easy"), fake_opponent())
    app.scenes.reset(PlayScene(app, ctl))
    run_frames(app, screen, [key(pygame.K_ESCAPE)])
    menu = app.scenes.top
    run_frames(app, screen, click(next(b for b in menu.buttons if b.text == "Edit this board").rect.center))
    editor = app.scenes.top
    assert isinstance(editor, EditorScene) and editor.model.board == game.position
    editor.model.clear()
    run_frames(app, screen, [key(pygame.K_ESCAPE)])
    assert isinstance(app.scenes.top, PlayScene) and game.position == parse_position(SOUND)
    # From the replay viewer: the board shown.
    app.open_scene("replay", game)
    run_frames(app, screen)
    replay = app.scenes.top
    run_frames(app, screen, click(replay.edit_button.rect.center))
    assert isinstance(app.scenes.top, EditorScene) and app.scenes.top.model.board == game.position


@pytest.mark.slow
def test_a_monkey_at_the_editor_raises_nothing_and_the_check_holds(screen, data_dir):
    """Random drags between pieces, systems, the bank and open space, clicks and keys: nothing raises, and
    whenever the editor says the board can be played, it is a position a game begins from."""
    app = make_app(screen, still=True)
    rng = random.Random(5)
    app.scenes.reset(app.make_scene("title"))
    app.open_scene("editor", parse_position(SOUND))
    scene = app.scenes.top
    for _ in range(600):
        if app.scenes.top is not scene:
            app.scenes.reset(app.make_scene("title"))
            app.scenes.push(scene)
        _screen, lay, bank = scene.layouts(app.size)
        points = [c.box.center for c in bank.cells] + [pp.box.center for pp in lay.pieces()]
        points += [sp.box.center for sp in lay.systems] + [open_space(scene), (rng.randrange(1280), rng.randrange(800))]
        a, b = rng.choice(points), rng.choice(points)
        r = rng.random()
        if r < 0.75:
            events = [down(a), motion(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)), motion(b), up(b)]
        elif r < 0.85:
            events = [down(a), up(a)]
        else:
            events = [key(rng.choice([pygame.K_z, pygame.K_ESCAPE, pygame.K_c]), pygame.KMOD_CTRL)]
        run_frames(app, screen, events, 0)
        if scene.model.playable:
            assert Game.from_position(scene.model.playable_position()).legal_actions()
