"""Coming back to a game: Redo after Undo, a rematch with the sides swapped, a new-game form that
remembers the last game's choices."""

from __future__ import annotations

import pygame

from hwgame.app.control.controller import COMPUTER, HUMAN
from hwgame.app.control.flow import PlayController
from hwgame.rules import Game, Move, Pass, Sacrifice, parse_piece

from .helpers import fake_opponent, key, make_app, position, run_frames
from .test_controller import BOARD

P = parse_piece


def _vs_computer():
    game = Game.from_position(position(BOARD))
    return PlayController(game, (HUMAN, COMPUTER), ("easy", "easy"), fake_opponent(lambda pos: (Pass(),)))


def test_redo_plays_again_the_actions_undo_took_back():
    c = _vs_computer()
    assert not c.can_redo() and c.redo() == "Nothing to redo."
    actions = [Sacrifice(P("y3"), "North"), Move(P("g1"), "North", "Alpha")]
    for action in actions:
        assert c.play(action) is None
    c.undo()
    c.undo()
    assert not c.game.pending
    assert c.redo() == "Played the action again."
    assert c.redo() == "Played the action again."
    assert c.game.pending == actions
    assert not c.can_redo()


def test_a_new_action_forgets_what_undo_took_back():
    c = _vs_computer()
    c.play(Move(P("y3"), "North", "Alpha"))
    c.undo()
    c.play(Move(P("r2"), "North", "Alpha"))
    assert not c.can_redo()
    assert c.game.pending == [Move(P("r2"), "North", "Alpha")]


def test_redo_after_undo_brings_back_the_turn_and_the_computers_answer():
    c = _vs_computer()
    c.play(Move(P("y3"), "North", "Alpha"))
    c.end_turn()
    c.update()  # the computer answers (a pass)
    assert len(c.game.turns) == 2
    played = list(c.game.turns)
    c.undo()
    assert len(c.game.turns) == 0 and c.can_redo()
    assert c.redo() == "Played your turn and the computer's answer again."
    assert c.game.turns == played and c.game.to_move == 0
    assert not c.thinking  # its answer came back with the turn: the computer is not asked again


def test_hotseat_redo_is_one_turn():
    c = PlayController(Game.from_position(position(BOARD)))
    c.play(Pass())
    c.end_turn()
    c.undo()
    assert c.game.to_move == 0
    assert c.redo() == "Played the turn again."
    assert c.game.to_move == 1 and len(c.game.turns) == 1


def test_ctrl_y_and_ctrl_shift_z_redo_in_the_window(screen, data_dir):
    from hwgame.app.scenes.play import PlayScene

    app = make_app(screen, still=True)
    ctl = PlayController(Game.from_position(position(BOARD)), (HUMAN, COMPUTER), ("easy", "easy"), app.opponent)
    scene = PlayScene(app, ctl)
    app.scenes.reset(scene)
    ctl.play(Sacrifice(P("y3"), "North"))
    ctl.play(Move(P("g1"), "North", "Alpha"))
    run_frames(app, screen, [key(pygame.K_z, pygame.KMOD_CTRL), key(pygame.K_z, pygame.KMOD_CTRL)])
    assert not ctl.game.pending
    run_frames(app, screen, [key(pygame.K_y, pygame.KMOD_CTRL)])
    assert ctl.game.pending == [Sacrifice(P("y3"), "North")]
    run_frames(app, screen, [key(pygame.K_z, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)])
    assert len(ctl.game.pending) == 2
    assert scene.flash_text == "Played the action again."


def _finished_game(app, screen, config):
    """``config`` started and ended at once (the player to move resigns); the game-over card on top."""
    from hwgame.app.scenes.menu import GameOverScene

    app.new_game(config)
    ctl = app.playing
    run_frames(app, screen, frames=3)  # the computer, if it moves first, has played
    assert ctl.human_to_move()
    ctl.game.resign(ctl.game.to_move)
    run_frames(app, screen, frames=3)
    card = app.scenes.top
    assert isinstance(card, GameOverScene)
    return card


def _button(scene, label):
    return next(b for b in scene.buttons if b.text == label)


def test_rematch_swaps_the_sides_and_keeps_level_and_rules(screen, data_dir):
    from hwgame.app.control.options import GameConfig

    app = make_app(screen, still=True)
    first = GameConfig(("Ann", "Computer"), (HUMAN, COMPUTER), ("hard", "hard"), "sdg", True)
    card = _finished_game(app, screen, first)
    from .helpers import click

    run_frames(app, screen, click(_button(card, "Rematch (sides swapped)").rect.center))
    ctl = app.playing
    assert ctl.game.players == ("Computer", "Ann")
    assert tuple(ctl.seats) == (COMPUTER, HUMAN)
    assert tuple(ctl.levels) == ("hard", "hard")
    assert ctl.game.rules.name == "sdg"
    assert not ctl.game.in_setup  # the homeworlds were built automatically, as in the first game


def test_new_game_from_the_card_offers_this_games_choices(screen, data_dir):
    from hwgame.app.control.options import GameConfig
    from hwgame.app.scenes.title import NewGameScene

    app = make_app(screen, still=True)
    app.settings.ai_level = "beginner"  # the settings' level is not this game's
    card = _finished_game(app, screen, GameConfig(("Computer", "Bo"), (COMPUTER, HUMAN), ("hard", "hard"), "sdg",
                                                  True))
    from .helpers import click

    run_frames(app, screen, click(_button(card, "New game").rect.center))
    form = app.scenes.top
    assert isinstance(form, NewGameScene)
    assert (form.opponent.value, form.level.value, form.first.value, form.rules.value, form.setup.value) == (
        COMPUTER, "hard", "opponent", "sdg", True)
    assert (form.name.text, form.other.text) == ("Bo", "Computer")


def test_the_form_remembers_the_last_games_choices(screen, data_dir):
    from hwgame.app.scenes.title import NewGameScene

    app = make_app(screen, still=True)
    form = NewGameScene(app)
    form.opponent.set_value(HUMAN)
    form._changed(HUMAN)
    form.first.set_value("random")
    form.setup.set_value(True)
    form.begin()
    again = NewGameScene(make_app(screen))  # a new window reads the settings file
    assert (again.opponent.value, again.first.value, again.setup.value) == (HUMAN, "random", True)
    assert not again.level.visible  # no level against a person
