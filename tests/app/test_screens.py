"""Screens: rendering to PNG, moving between scenes, setup warnings, game over, the command line."""

from __future__ import annotations

import os
import subprocess
import sys

import pygame
import pytest

from hwgame.app.control.advice import setup_warnings, sound_homeworlds, suggest_homeworld
from hwgame.app.control.controller import COMPUTER, HUMAN
from hwgame.app.control.options import GameConfig, config_from
from hwgame.app.scenes.menu import GameOverScene
from hwgame.app.scenes.play import PlayScene
from hwgame.app.scenes.setup import SetupScene
from hwgame.app.scenes.title import NewGameScene, TitleScene
from hwgame.rules import Game, Homeworld, initial_position, parse_piece

from .helpers import click, fake_opponent, key, make_app, run_frames

P = parse_piece


@pytest.mark.slow
def test_screenshots_are_written(tmp_path):
    from hwgame.app.tools.screenshots import render_all

    files = render_all(tmp_path / "shots")
    names = sorted(f.stem for f in files)
    assert names == ["drag", "gameover", "midgame", "setup", "title"]
    for f in files:
        image = pygame.image.load(str(f))
        assert image.get_size() == (1280, 800)
        # A real picture, not a blank one: many different colours.
        colours = {tuple(image.get_at((x, y))) for x in range(0, 1280, 11) for y in range(0, 800, 13)}
        assert len(colours) > 40, f.name


def _app(screen):
    return make_app(screen)


def _steps(app, screen, events=(), frames=3):
    run_frames(app, screen, events, frames)


def test_title_to_new_game_to_setup_to_play(screen, data_dir):
    app = _app(screen)
    app.boot()
    _steps(app, screen)
    title = app.scenes.top
    assert isinstance(title, TitleScene)
    assert not title.buttons[0].enabled  # nothing to continue yet
    new = next(b for b in title.buttons if b.text == "New game")
    _steps(app, screen, click(new.rect.center))
    form = app.scenes.top
    assert isinstance(form, NewGameScene)
    _steps(app, screen, click(form.start.rect.center))
    setup = app.scenes.top
    assert isinstance(setup, SetupScene)
    assert setup._complete()  # a sound homeworld is offered ready to build
    assert setup.warnings() == []
    _steps(app, screen, click(setup.build_button.rect.center), frames=4)
    play = app.scenes.top
    assert isinstance(play, PlayScene)
    assert not play.ctl.game.in_setup and play.ctl.human_to_move()
    # The autosave now holds both homeworlds; Continue appears on the title.
    app.to_title()
    _steps(app, screen)
    assert app.scenes.top.buttons[0].enabled
    _steps(app, screen, click(app.scenes.top.buttons[0].rect.center))
    assert isinstance(app.scenes.top, PlayScene)


def test_setup_by_drag_with_warnings_that_do_not_forbid(screen, data_dir):
    app = _app(screen)
    app.boot()
    app.new_game(GameConfig(("Ann", "Bob"), (HUMAN, HUMAN)))
    _steps(app, screen)
    setup = app.scenes.top
    _steps(app, screen, click(setup.clear_button.rect.center))
    assert setup.slots == [None, None, None]
    from hwgame.app.view.layout import bank_layout, screen_layout

    bank = bank_layout(screen_layout(*app.size).bank)

    def cell(piece):
        return bank.cells[P(piece)].box.center

    from .helpers import drag

    _steps(app, screen, drag(cell("y1"), setup.slot_rects[0].center))
    _steps(app, screen, drag(cell("y3"), setup.slot_rects[1].center))
    _steps(app, screen, click(cell("y2")))  # a click fills the first empty slot: the ship
    assert setup.slots == [P("y1"), P("y3"), P("y2")]
    warnings = setup.warnings()
    assert any("same colour" in w for w in warnings)
    assert any("large ship" in w for w in warnings)
    assert any("No green and no blue" in w for w in warnings)
    _steps(app, screen, [key(pygame.K_RETURN)])
    assert app.scenes.top.title == "Build this homeworld?"
    _steps(app, screen, [key(pygame.K_RETURN)])  # build it anyway
    assert setup.ctl.game.turns == [(Homeworld(P("y1"), P("y3"), P("y2")),)]
    # Bob is offered a sound homeworld next and builds it; play begins.
    _steps(app, screen, click(setup.build_button.rect.center), frames=4)
    assert isinstance(app.scenes.top, PlayScene)


def test_the_computer_builds_its_own_homeworld(screen, data_dir):
    app = _app(screen)
    app.boot()
    app.new_game(config_from("Ann", COMPUTER, None, "easy", "opponent", "standard"))
    _steps(app, screen, frames=4)
    setup = app.scenes.top
    assert isinstance(setup, SetupScene)
    assert len(setup.ctl.game.turns) == 1 and setup.ctl.human_to_move()


def test_setup_advice():
    pos = initial_position()
    assert setup_warnings([P("g1"), P("b2")], P("y3"), pos) == []
    w = setup_warnings([P("r1"), P("r1")], P("r3"), pos)
    assert any("same size" in x for x in w) and any("same colour" in x for x in w)
    assert any("fewer than three" in x or "Only two colours" in x for x in w)
    sound = sound_homeworlds(pos)
    assert sound and all(h.ship % 3 == 2 for h in sound)
    hw = suggest_homeworld(pos)
    assert setup_warnings([hw.star1, hw.star2], hw.ship, pos) == []
    # Connected to the opponent's homeworld: the second player is warned.
    game = Game()
    game.act(Homeworld(P("g1"), P("b2"), P("y3")))
    game.commit()
    w = setup_warnings([P("r3"), P("y3")], P("g3"), game.position)
    assert any("directly connected" in x for x in w)


def test_game_over_card_and_review(screen, data_dir):
    from hwgame.app.tools.samples import random_game

    game = next(g for g in (random_game(s, 200) for s in range(1, 100)) if g.is_over())
    app = _app(screen)
    app.boot()
    app.open_game(game, None)
    _steps(app, screen, frames=5)
    card = app.scenes.top
    assert isinstance(card, GameOverScene)
    labels = [b.text for b in card.buttons]
    assert labels[:4] == ["Rematch (sides swapped)", "New game", "Review the game", "Save the record"]
    _steps(app, screen, click(card.buttons[3].rect.center))  # the Save screen, a name offered
    _steps(app, screen, [key(pygame.K_RETURN)])
    assert app.scenes.top is card and app.toast_text.startswith("Saved as ")
    _steps(app, screen, click(card.buttons[2].rect.center))
    review = app.scenes.top
    _steps(app, screen, [key(pygame.K_HOME)])
    assert review.index == 0 and review.position == game.positions[0]
    _steps(app, screen, [key(pygame.K_RIGHT), key(pygame.K_END)])
    assert review.index == review.timeline.end and review.position == game.positions[-1]
    _steps(app, screen, [key(pygame.K_ESCAPE)])
    assert app.scenes.top is card


def test_ai_failure_offers_retry_or_hotseat(screen, data_dir):
    from hwgame.rules import Move

    app = _app(screen)
    app.opponent = fake_opponent(lambda pos: (Move(P("g3"), "Nowhere", "Else"),))
    app.boot()
    app.new_game(GameConfig(("Ann", "Bot"), (HUMAN, COMPUTER), ("easy", "easy"), "standard", True))
    _steps(app, screen)
    play = app.scenes.top
    play.ctl.play(play.ctl.legal[-2])  # anything: the pass before EndTurn
    play._end_turn()
    _steps(app, screen, frames=3)
    dialog = app.scenes.top
    assert dialog.title == "The computer could not move"
    assert [b.text for b in dialog.buttons][:2] == ["Try again", "Play its side myself"]
    _steps(app, screen, click(dialog.buttons[1].rect.center))
    assert play.ctl.seats == [HUMAN, HUMAN] and play.ctl.human_to_move()


def test_settings_and_rules_screens(screen, data_dir):
    app = _app(screen)
    app.boot()
    _steps(app, screen)
    title = app.scenes.top
    _steps(app, screen, click(next(b for b in title.buttons if b.text == "Settings").rect.center))
    settings = app.scenes.top
    _steps(app, screen, click(settings.colour_blind.rect.center))
    assert app.settings.colour_blind and app.theme.colour_blind
    _steps(app, screen, [key(pygame.K_ESCAPE)])
    _steps(app, screen, click(next(b for b in title.buttons if b.text == "Rules").rect.center))
    _steps(app, screen, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False), key(pygame.K_ESCAPE)])
    _steps(app, screen, click(next(b for b in title.buttons if b.text == "Load").rect.center))
    _steps(app, screen, [key(pygame.K_ESCAPE)])
    assert app.scenes.top is title


def test_no_display_prints_one_line_and_no_traceback(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    proc = subprocess.run([sys.executable, "-m", "hwgame", "--data-dir", str(tmp_path)], env=env,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "cannot open the game window" in lines[0]


@pytest.mark.slow
def test_window_opens_and_closes_on_the_dummy_driver(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    proc = subprocess.run([sys.executable, "-m", "hwgame", "--data-dir", str(tmp_path), "--new-game",
                           "--setup", "auto", "--max-frames", "20"], env=env, capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert len(list((tmp_path / "saves").glob("autosave-*.json"))) == 1  # the game's own autosave


def test_the_title_opens_the_tutorial(screen, data_dir):
    from hwgame.app.scenes.tutorial import LessonList

    app = _app(screen)
    app.boot()
    _steps(app, screen)
    title = app.scenes.top
    _steps(app, screen, click(next(b for b in title.buttons if b.text == "Tutorial").rect.center))
    lessons = app.scenes.top
    assert isinstance(lessons, LessonList) and len(lessons.rows) >= 10
    _steps(app, screen, click(lessons.rows[0][0].center))
    assert app.scenes.top is not lessons  # the first lesson is open
    _steps(app, screen, [key(pygame.K_ESCAPE)])
    _steps(app, screen, [key(pygame.K_ESCAPE)])


def test_resign_from_the_menu_ends_the_game(screen, data_dir):
    from hwgame.app.scenes.menu import GameMenu

    app = _app(screen)
    app.boot()
    app.new_game(GameConfig(("Ann", "Bob"), (HUMAN, HUMAN), ("easy", "easy"), "standard", True))
    _steps(app, screen)
    _steps(app, screen, [key(pygame.K_ESCAPE)])
    menu = app.scenes.top
    assert isinstance(menu, GameMenu)
    labels = [b.text for b in menu.buttons]
    assert "Resign" in labels and "Agree a draw" in labels
    _steps(app, screen, click(menu.buttons[labels.index("Agree a draw")].rect.center))
    _steps(app, screen, [key(pygame.K_RETURN)], frames=4)
    card = app.scenes.top
    assert isinstance(card, GameOverScene) and card.title == "Draw"


def test_the_rules_page_tells_the_rule_book_and_how_to_play_it_here():
    from hwgame.app.scenes.info import rules_text
    from hwgame.tutorial import full_rules_text

    text = rules_text()
    assert text.startswith(full_rules_text())
    assert "A homeworld left without ships stays on the map until the end of" in text
    assert "Systems left without ships, or without stars, disappear" not in text
    assert "drag" in text.lower() and "Ctrl+Z" in text


@pytest.mark.parametrize("size", [(1024, 700), (1280, 800)])
def test_the_longest_game_menu_keeps_every_button_inside_its_card_on_a_short_window(screen, data_dir, size):
    from hwgame.app.control.flow import PlayController
    from hwgame.app.scenes.menu import GameMenu
    from hwgame.app.tools.samples import busy_game

    screen = pygame.display.set_mode(size)
    try:
        app = _app(screen)
        game = busy_game(11, 70)
        ctl = PlayController(game, (HUMAN, HUMAN), ("easy", "easy"), app.opponent, on_commit=lambda g: None)
        app._open(app.make_scene("play", ctl))
        _steps(app, screen, [key(pygame.K_ESCAPE)])
        menu = app.scenes.top
        assert isinstance(menu, GameMenu)
        labels = [b.text for b in menu.buttons]
        assert {"Resign", "Agree a draw", "Analyse", "Edit this board", "Quit"} <= set(labels)
        rects = [b.rect for b in menu.buttons]
        assert all(menu.card.contains(r) for r in rects), (menu.card, rects[-1])
        assert all(a.bottom <= b.top for a, b in zip(rects, rects[1:], strict=False)), "buttons overlap"
        assert menu.card.top >= 40 and menu.card.bottom <= size[1] - 40  # room for a message above or below
        _steps(app, screen, click(menu.buttons[labels.index("Quit to title")].rect.center))
        assert isinstance(app.scenes.top, TitleScene)
        app.shutdown()
    finally:
        pygame.display.set_mode((1280, 800))
