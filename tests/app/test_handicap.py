"""A handicap chosen in New game: the game starts with it on the board, says what it changed, keeps it
through a save and a load, in a rematch (with its player) and in the form's memory."""

from __future__ import annotations

from hwgame.app.control.controller import COMPUTER, HUMAN
from hwgame.app.control.options import GameConfig, config_from, rematch
from hwgame.rules import EXTRA_SMALL, MEDIUM_SHIP, Handicap, parse_piece

from .helpers import click, make_app, run_frames


def _form(app, screen):
    from hwgame.app.scenes.title import NewGameScene

    form = NewGameScene(app)
    app.scenes.push(form)
    run_frames(app, screen)  # drawn once: the widgets have their places
    return form


def test_a_game_started_with_an_extra_small_ship_has_it_and_keeps_it_through_a_save(screen, data_dir):
    from hwgame import persist
    from hwgame.app.scenes.play import PlayScene

    app = make_app(screen, still=True)
    form = _form(app, screen)
    form.setup.set_value(True)  # homeworlds built at once: the first board is the handicapped one
    form.first.set_value("me")
    run_frames(app, screen, click(form.handicap.rect.center))  # None -> an extra small ship for you
    assert form.handicap.value == "extra-small:me"
    run_frames(app, screen, click(form.start.rect.center))
    ctl = app.playing
    assert ctl is not None and not ctl.game.in_setup
    game = ctl.game
    assert game.handicap == Handicap(EXTRA_SMALL, 0)
    home, other = game.positions[2].home_of(0), game.positions[2].home_of(1)
    assert home is not None and other is not None
    assert len(home.ships_of(0)) == 2 and len(other.ships_of(1)) == 1
    extra = min(home.ships_of(0))
    assert extra % 3 == 0 and extra // 3 == max(home.ships_of(0)) // 3  # small, the starting ship's colour
    scene = app.scenes.top
    assert isinstance(scene, PlayScene)
    assert "Handicap:" in scene.flash_text and "extra ship" in scene.flash_text
    # Saved, then loaded in a new window: the same game, handicap and board.
    app.keep_game()
    latest = persist.default_store().latest_unfinished()
    assert latest is not None
    again = make_app(screen, still=True)
    assert again.load(latest.path)
    loaded = again.playing.game
    assert loaded.handicap == game.handicap and loaded.positions == game.positions


def test_a_handicap_applies_when_the_homeworlds_are_built_on_the_setup_screen(screen, data_dir):
    from hwgame.app.scenes.play import PlayScene
    from hwgame.app.scenes.setup import SetupScene

    app = make_app(screen, still=True)
    app.new_game(GameConfig(("Ann", "Computer"), (HUMAN, COMPUTER), ("easy", "easy"), "standard", False,
                            Handicap(MEDIUM_SHIP, 0)))
    setup = app.scenes.top
    assert isinstance(setup, SetupScene)
    setup.slots = [parse_piece("r2"), parse_piece("b1"), parse_piece("g3")]
    setup._do_build()
    run_frames(app, screen, frames=4)  # the computer builds its homeworld; play begins
    assert isinstance(app.scenes.top, PlayScene)
    home = app.playing.game.positions[2].home_of(0)
    assert home is not None and home.ships_of(0) == (parse_piece("g2"),)  # a medium instead of the large


def test_a_rematch_keeps_the_handicap_with_the_weaker_player():
    first = config_from("Ann", COMPUTER, "Computer", "hard", "me", "standard", handicap="extra-small:me")
    assert first.handicap == Handicap(EXTRA_SMALL, 0)
    again = rematch(first)
    assert again.names == ("Computer", "Ann") and again.handicap == Handicap(EXTRA_SMALL, 1)
    moved_second = config_from("Ann", COMPUTER, "Computer", "hard", "opponent", "standard",
                               handicap="medium-ship:opponent")
    assert moved_second.handicap == Handicap(MEDIUM_SHIP, 0)  # the computer sits first and plays a medium
    assert rematch(moved_second).handicap == Handicap(MEDIUM_SHIP, 1)


def test_the_rematch_button_starts_the_game_with_the_handicap_swapped(screen, data_dir):
    from .test_redo_rematch import _button, _finished_game

    app = make_app(screen, still=True)
    config = GameConfig(("Ann", "Computer"), (HUMAN, COMPUTER), ("easy", "easy"), "standard", True,
                        Handicap(EXTRA_SMALL, 0))
    card = _finished_game(app, screen, config)
    run_frames(app, screen, click(_button(card, "Rematch (sides swapped)").rect.center))
    game = app.playing.game
    assert game.players == ("Computer", "Ann") and game.handicap == Handicap(EXTRA_SMALL, 1)
    home = game.positions[2].home_of(1)
    assert home is not None and len(home.ships_of(1)) == 2  # Ann, now second, still has her extra ship


def test_at_one_screen_the_handicap_is_for_the_first_or_second_player_and_is_remembered(screen, data_dir):
    from hwgame.app.scenes.title import NewGameScene

    app = make_app(screen, still=True)
    form = _form(app, screen)
    form.handicap.set_value("medium-ship:me")
    form.opponent.set_value(HUMAN)
    form._changed(HUMAN)
    assert form.handicap.value == "medium-ship:first"
    assert [v for _t, v in form.handicap.options] == ["none", "extra-small:first", "extra-small:second",
                                                      "medium-ship:first", "medium-ship:second"]
    form.handicap.set_value("extra-small:second")
    form.first.set_value("opponent")  # the second player is the one who sets up second, whoever it is
    form.begin()
    assert app.playing.game.handicap == Handicap(EXTRA_SMALL, 1)
    again = NewGameScene(make_app(screen))  # a new window reads the settings file
    assert again.opponent.value == HUMAN and again.handicap.value == "extra-small:second"


def test_the_card_offers_this_games_handicap_in_the_form(screen, data_dir):
    from hwgame.app.scenes.title import NewGameScene

    app = make_app(screen, still=True)
    preset = GameConfig(("Computer", "Bo"), (COMPUTER, HUMAN), ("hard", "hard"), "standard", True,
                        Handicap(EXTRA_SMALL, 1))
    form = NewGameScene(app, preset)
    assert form.handicap.value == "extra-small:me"  # Bo, the form's player, had the extra ship


def test_the_statistics_list_marks_a_game_played_with_a_handicap():
    from hwgame.app.scenes.stats import game_line
    from hwgame.persist.record import RecordedGame

    data = {"game_id": "g1", "finished": "2024-01-01T10:00:00Z", "seat": 0, "turn_count": 20,
            "players": [{"name": "Ann"}, {"name": "Bob", "kind": "computer", "level": "normal"}],
            "result": {"winner": 0, "reason": "Ann wins: Bob has no ship left at home", "ending": "board"}}
    assert "handicap" not in game_line(RecordedGame.model_validate(data))
    data["handicap"] = {"kind": "medium-ship", "seat": 1}
    assert "with a handicap, not rated" in game_line(RecordedGame.model_validate(data))
