"""A teaching game in the window: the New game row (against the computer only, remembered), the offer
on the play screen after a turn that walks into a loss (Try again, Show the reply, Keep my turn), the
option kept across an autosave and a load, and the game in the record but not in the rating."""

from __future__ import annotations

import pygame

from hwgame import persist
from hwgame.app.control.controller import COMPUTER, HUMAN
from hwgame.app.control.flow import PlayController
from hwgame.app.control.options import GameConfig, rematch
from hwgame.app.kit.dialogs import Dialog
from hwgame.app.scenes.play import PlayScene
from hwgame.app.scenes.stats import StatsScene, game_line, rating_line
from hwgame.app.scenes.title import NewGameScene
from hwgame.persist.stats import rating
from hwgame.rules import Game

from .control.test_teaching import THREAT
from .helpers import fake_opponent, key, make_app, position, run_frames


def _offer_scene(screen):
    """A teaching game at THREAT on the play screen (North, the human, to move)."""
    app = make_app(screen, still=True)
    app.settings.warnings = False  # End Turn asks nothing: the teaching game is what stops
    ctl = PlayController(Game.from_position(position(THREAT)), (HUMAN, COMPUTER), ("easy", "easy"), fake_opponent())
    assert ctl.teach()
    scene = PlayScene(app, ctl)
    app.scenes.reset(scene)
    run_frames(app, screen, frames=4)
    return app, scene, ctl, ctl.opponent._worker


def _stopped(app, screen, scene) -> Dialog:
    scene._end_turn()  # a pass (unasked): the computer's red 3 then takes North's last ship at home
    run_frames(app, screen, frames=6)
    offer = app.scenes.top
    assert isinstance(offer, Dialog) and offer.title == "Think again?"
    return offer


def _labels(dialog: Dialog) -> list[str]:
    return [b.text for b in dialog.buttons]


def test_the_play_screen_stops_after_a_losing_turn_and_try_again_takes_it_back(screen):
    app, scene, ctl, worker = _offer_scene(screen)
    start = ctl.game.position
    offer = _stopped(app, screen, scene)
    assert _labels(offer) == ["Try again", "Show the reply", "Keep my turn"]
    assert any("Lost" in line for line in offer.lines)
    assert worker.requests == []  # the computer has not answered
    assert scene.panel.status()[0].startswith("Stopped")
    run_frames(app, screen, [key(pygame.K_RETURN)], frames=3)  # Enter: Try again
    assert app.scenes.top is scene and ctl.game.position == start and not ctl.game.turns
    assert worker.requests == []


def test_show_the_reply_plays_the_computers_answer_with_ghosts_then_offers_again(screen):
    app, scene, ctl, worker = _offer_scene(screen)
    offer = _stopped(app, screen, scene)
    slip = ctl.teaching_stop()
    offer.buttons[1].action()  # Show the reply
    run_frames(app, screen)
    demo = scene.demo
    assert demo is not None and [s.action for s in demo.steps] == list(slip.reply)
    assert demo.home == ctl.game.position  # the demonstration only paints: the game is unchanged
    # Told as the computer's, to the player: "The computer captures your yellow 3 at your homeworld."
    assert demo.caption().startswith("The computer's answer: The computer captures your yellow 3")
    run_frames(app, screen, [key(pygame.K_SPACE)], frames=3)  # a key ends the demonstration
    again = app.scenes.top
    assert scene.demo is None and isinstance(again, Dialog) and again is not offer
    run_frames(app, screen, [key(pygame.K_ESCAPE)], frames=4)  # Escape: Keep my turn
    assert len(worker.requests) == 1 and len(ctl.game.turns) == 2  # the computer answered


def test_the_new_game_row_is_offered_against_the_computer_only_and_remembered(screen, data_dir):
    app = make_app(screen, still=True, boot=True)
    form = NewGameScene(app)
    form.teaching.set_value(True)
    assert form.teaching.visible
    form.opponent.set_value(HUMAN)
    form._changed(HUMAN)
    assert not form.teaching.visible
    form.opponent.set_value(COMPUTER)
    form._changed(COMPUTER)
    form.setup.set_value(True)
    form.begin()
    assert app.settings.last_teaching is True
    assert app.playing is not None and app.playing.teacher is not None
    assert app.config_of(app.playing).teaching and rematch(app.config_of(app.playing)).teaching
    assert NewGameScene(app).teaching.value is True  # offered again next time


def test_a_teaching_game_keeps_the_option_across_an_autosave_and_a_load(screen, data_dir):
    app = make_app(screen, still=True, boot=True)
    app.new_game(GameConfig(("Ann", "Hal"), (HUMAN, COMPUTER), ("hard", "hard"), auto_setup=True, teaching=True))
    path = persist.default_store().autosave_of(app.playing.game)
    assert path is not None and persist.load_game(path).save.teaching
    app.to_title()
    assert app.load(path)
    teacher = app.playing.teacher
    assert teacher is not None and teacher.level == "hard" and teacher.player == 0
    app.new_game(GameConfig(("Ann", "Hal"), (HUMAN, COMPUTER), ("easy", "easy"), auto_setup=True))
    assert app.playing.teacher is None
    assert not persist.load_game(persist.default_store().autosave_of(app.playing.game)).save.teaching


def test_a_finished_teaching_game_is_in_the_record_but_not_in_the_rating(screen, data_dir):
    app = make_app(screen, still=True, boot=True)
    app.new_game(GameConfig(("Ann", "Hal"), (HUMAN, COMPUTER), ("easy", "easy"), auto_setup=True, teaching=True))
    ctl = app.playing
    ctl.game.resign(1)
    app.autosave(ctl)
    games = persist.game_record().games
    assert len(games) == 1 and games[0].teaching and games[0].score == 1.0
    assert rating(games) is None
    assert "teaching game, not rated" in game_line(games[0])
    app.open_scene("statistics")
    stats = app.scenes.top
    assert isinstance(stats, StatsScene)
    run_frames(app, screen)
    assert stats.rating is None
    assert rating_line(None, teaching=True).startswith("No rating yet: teaching games")


def test_the_settings_say_where_a_teaching_game_at_the_chosen_level_stops_and_fit_a_small_window(data_dir):
    from hwgame.app.control.teaching import threshold_text
    from hwgame.app.scenes.info import SettingsScene

    pygame.display.init()
    pygame.font.init()
    small = pygame.display.set_mode((1024, 700))
    app = make_app(small, still=True, boot=True)
    drawn: list[str] = []
    fit_text = app.theme.fit_text
    app.theme.fit_text = lambda text, *args, **kw: (drawn.append(text), fit_text(text, *args, **kw))[1]
    app.open_scene("settings")
    settings = app.scenes.top
    assert isinstance(settings, SettingsScene)
    settings.level.set_value("hard")
    run_frames(app, small)
    assert threshold_text("hard") in drawn and "15%" in threshold_text("hard")
    assert settings.back.rect.bottom <= 700  # the line under the level leaves Back on screen
    form = NewGameScene(app)
    app.scenes.push(form)
    form.teaching.set_value(True)
    run_frames(app, small)
    assert form.start.rect.bottom <= 700 and form.teaching.rect.bottom <= form.first.rect.y
