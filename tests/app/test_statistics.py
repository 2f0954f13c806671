"""The record in the window: a finished game goes into it once, from the player's side; the Statistics
screen shows the results and opens a recent game in the replay viewer."""

from __future__ import annotations

import pygame

from hwgame import persist
from hwgame.app.control.controller import COMPUTER, HUMAN
from hwgame.app.control.options import GameConfig
from hwgame.app.scenes.replay import ReplayScene
from hwgame.app.scenes.stats import StatsScene
from hwgame.app.scenes.title import MENU, TitleScene
from hwgame.persist import record as rec

from .helpers import click, key, make_app, run_frames


def _finish_by_resigning(app, screen, config: GameConfig, resigner: int):
    """Start ``config`` with automatic homeworlds, let ``resigner`` resign, as the game menu does."""
    app.new_game(config)
    run_frames(app, screen)
    ctl = app.playing
    ctl.opponent.cancel()
    ctl.game.resign(resigner)
    app.autosave(ctl)
    return ctl


def test_a_game_against_the_computer_goes_into_the_record_once_from_the_players_side(screen, data_dir):
    app = make_app(screen, still=True)
    config = GameConfig(("Hal", "Ann"), (COMPUTER, HUMAN), ("hard", "hard"), auto_setup=True)
    ctl = _finish_by_resigning(app, screen, config, resigner=0)  # the computer gives up: Ann wins
    app.autosave(ctl)
    app.to_title()
    games = persist.game_record().games
    assert len(games) == 1
    (entry,) = games
    assert entry.opponent == "hard" and entry.seat == 1 and entry.score == 1.0
    assert entry.result.ending == "resignation"
    assert entry.turns == [t for t in persist.load_game(persist.default_store().autosave_of(ctl.game)).save.turns]


def test_at_one_screen_the_player_named_in_the_settings_is_the_records_player(screen, data_dir):
    app = make_app(screen, still=True)
    app.settings.player_name = "Bea"
    _finish_by_resigning(app, screen, GameConfig(("Ann", "Bea"), (HUMAN, HUMAN), auto_setup=True), resigner=1)
    _finish_by_resigning(app, screen, GameConfig(("Cy", "Dee"), (HUMAN, HUMAN), auto_setup=True), resigner=1)
    first, second = persist.game_record().games
    assert first.opponent == "hotseat" and first.seat == 1 and first.score == 0.0
    assert second.seat is None and second.score is None  # neither seat is the player's


def test_an_unfinished_game_is_not_recorded(screen, data_dir):
    app = make_app(screen, still=True)
    app.new_game(GameConfig(("Ann", "Hal"), (HUMAN, COMPUTER), auto_setup=True))
    run_frames(app, screen)
    app.to_title()
    assert persist.game_record().games == []


def _record_games(app, screen, count: int) -> None:
    for i in range(count):
        level = ("easy", "normal", "hard")[i % 3]
        config = GameConfig(("Ann", "Hal"), (HUMAN, COMPUTER), (level, level), auto_setup=True)
        _finish_by_resigning(app, screen, config, resigner=i % 2)
    app.to_title()


def test_the_title_opens_the_statistics_with_the_rating_and_results_per_level(screen, data_dir):
    app = make_app(screen, still=True)
    _record_games(app, screen, 4)  # Ann resigns against easy and hard, wins against normal and easy
    run_frames(app, screen)
    title = app.scenes.top
    assert isinstance(title, TitleScene)
    run_frames(app, screen, click(title.buttons[MENU.index("Statistics")].rect.center))
    stats = app.scenes.top
    assert isinstance(stats, StatsScene)
    by = {t.opponent: t for t in stats.tallies}
    assert (by["easy"].games, by["easy"].wins, by["easy"].losses) == (2, 1, 1)
    assert (by["normal"].games, by["normal"].wins) == (1, 1)
    assert (by["hard"].games, by["hard"].losses) == (1, 1)
    assert stats.rating is not None and stats.rating.games == 4 and stats.rating.provisional
    assert stats.streak is not None and (stats.streak.outcome, stats.streak.length) == ("win", 1)


def test_a_recent_game_opens_in_the_replay_viewer_with_its_turns(screen, data_dir):
    app = make_app(screen, still=True)
    _record_games(app, screen, 2)
    stats = app.open_scene("statistics")
    run_frames(app, screen)
    newest = stats.recent[0]
    row, index = stats.rows[0]
    assert index == 0
    run_frames(app, screen, click(row.center))
    viewer = app.scenes.top
    assert isinstance(viewer, ReplayScene)
    assert [p.name for p in viewer.players] == ["Ann", "Hal"]
    assert viewer.timeline.turn_count == newest.turn_count
    assert viewer.timeline.outcome is not None and viewer.timeline.outcome.winner == newest.result.winner
    run_frames(app, screen, [key(pygame.K_ESCAPE)])
    assert app.scenes.top is stats
    # Enter on the game chosen with the arrow keys opens it too.
    run_frames(app, screen, [key(pygame.K_DOWN), key(pygame.K_RETURN)])
    assert isinstance(app.scenes.top, ReplayScene)
    assert app.scenes.top.timeline.turn_count == stats.recent[1].turn_count


def test_a_game_kept_without_its_turns_says_so_instead_of_opening(screen, data_dir, monkeypatch):
    monkeypatch.setattr(rec, "KEEP_TURNS", 1)
    app = make_app(screen, still=True)
    _record_games(app, screen, 2)
    stats = app.open_scene("statistics")
    run_frames(app, screen)
    assert not stats.recent[1].replayable
    stats.open_game(1)
    run_frames(app, screen)
    assert app.scenes.top is stats
    assert "no longer kept" in stats.problem


def test_statistics_of_an_empty_record_say_how_to_begin(screen, data_dir):
    app = make_app(screen, still=True)
    stats = app.open_scene("statistics")
    run_frames(app, screen)
    assert stats.rating is None and stats.recent == []
    assert all(t.games == 0 for t in stats.tallies)
