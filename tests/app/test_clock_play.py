"""Clocks in the window: a loss on time ends the game as any other end does (game-over card, autosave,
record, transcript), saves and loads keep the time, undo gives it back, a menu stops it, the ten-second
sound plays once a turn, and the computer keeps within its time."""

from __future__ import annotations

import time
from concurrent.futures import Future

import pygame
import pytest

from hwgame import persist
from hwgame.app.control.clock import TimeControl
from hwgame.app.control.controller import COMPUTER, HUMAN
from hwgame.app.control.flow import PlayController
from hwgame.app.control.options import GameConfig
from hwgame.app.control.timing import LOADED, GameClock
from hwgame.app.scenes.menu import GameMenu, GameOverScene
from hwgame.app.scenes.play import PlayScene
from hwgame.persist import store
from hwgame.persist.sdg import transcript_text

from .control.test_clock import FakeTime
from .helpers import click, key, make_app, run_frames


class Heard:
    """A stand-in for the app's sounds that lists what was played."""

    def __init__(self) -> None:
        self.played: list[str] = []

    def play(self, name: str) -> None:
        self.played.append(name)

    def prepare(self) -> bool:
        return False

    def close(self) -> None:
        pass


def _start(app, screen, clock: str, seats=(HUMAN, COMPUTER), names=("Ann", "Hal")):
    """A game with a clock whose time is moved by hand; returns (controller, time)."""
    app.new_game(GameConfig(names, seats, ("easy", "easy"), auto_setup=True, clock=clock))
    ctl = app.playing
    now = FakeTime()
    ctl.clock.clock.now = now  # before the clock has started: it starts on the first frame
    run_frames(app, screen, frames=2)
    return ctl, now


def _app(screen):
    app = make_app(screen, still=True, boot=True)
    app.sounds = Heard()
    return app


def test_running_out_of_time_loses_and_the_save_the_record_and_the_transcript_keep_it(screen, data_dir):
    app = _app(screen)
    ctl, now = _start(app, screen, "turn30")
    assert ctl.human_to_move() and ctl.clock.clock.running == 0
    now.pass_(29.9)
    run_frames(app, screen)
    assert not ctl.is_over()
    now.pass_(0.2)
    run_frames(app, screen, frames=2)
    outcome = ctl.outcome()
    assert outcome is not None and outcome.code == "win-timeout" and outcome.winner == 1
    over = app.scenes.top
    assert isinstance(over, GameOverScene)
    assert any("ran out of time" in text for text, _color in over.lines)
    saved = persist.load_game(persist.default_store().autosave_of(ctl.game))
    assert saved.save.result.ending == "timeout" and saved.save.result.winner == 1
    assert saved.save.clock is not None and saved.save.clock.running == 0
    entry = persist.game_record().games[-1]
    assert entry.result.ending == "timeout" and entry.score == 0.0
    text = transcript_text(saved)
    assert "Ending: timeout" in text and "Winner: Hal" in text
    # The clocks stop where they were.
    now.pass_(100.0)
    assert ctl.clock.shown(1) == 30_000


def test_the_computer_running_out_of_time_loses_too(screen, data_dir):
    app = _app(screen)
    ctl, now = _start(app, screen, "turn30", seats=(COMPUTER, HUMAN), names=("Hal", "Ann"))
    assert ctl.human_to_move()
    assert ctl.end_turn() is None
    ctl.opponent._future = Future()  # a search that never answers
    now.pass_(31.0)
    run_frames(app, screen)
    assert ctl.outcome().code == "win-timeout" and ctl.outcome().winner == 1


def test_save_and_load_keep_each_sides_time_and_the_loaded_clock_waits_for_the_player(screen, data_dir, monkeypatch):
    app = _app(screen)
    ctl, now = _start(app, screen, "10+10", seats=(HUMAN, HUMAN), names=("Ann", "Bea"))
    now.pass_(12.34)
    assert ctl.end_turn() is None
    run_frames(app, screen)
    now.pass_(3.21)
    run_frames(app, screen, [key(pygame.K_ESCAPE)])  # the menu: the clock is held, and saved as it stands
    assert isinstance(app.scenes.top, GameMenu)
    shown = (ctl.clock.shown(0), ctl.clock.shown(1))
    assert shown == (600_000 - 12_340 + 10_000, 600_000 - 3_210)
    path = persist.default_store().autosave_of(ctl.game)
    app.quit()

    monkeypatch.setattr(store, "_stores", {})  # a new start of the program
    later = _app(screen)
    assert later.load(path)
    ctl2 = later.playing
    assert isinstance(later.scenes.top, PlayScene)
    assert (ctl2.clock.shown(0), ctl2.clock.shown(1)) == shown and ctl2.clock.clock.running == 1
    assert ctl2.clock.control == TimeControl("game", 600_000, increment_ms=10_000)
    now2 = FakeTime()
    ctl2.clock.clock.now = now2
    ctl2.clock.clock.restore(ctl2.clock.state())  # counted from the new time source from here
    run_frames(later, screen)
    now2.pass_(50.0)
    run_frames(later, screen)
    assert ctl2.clock.shown(1) == shown[1] and LOADED in ctl2.clock.clock.holds  # held until the player acts
    run_frames(later, screen, click((5, 5)))
    now2.pass_(2.0)
    assert ctl2.clock.shown(1) == shown[1] - 2_000


def test_undo_gives_both_clocks_back_as_at_the_start_of_the_turn_taken_back(screen, data_dir):
    app = _app(screen)
    ctl, now = _start(app, screen, "10+10")
    now.pass_(5.0)
    assert ctl.end_turn() is None
    run_frames(app, screen, frames=3)  # the computer answers at once
    assert ctl.human_to_move() and len(ctl.game.turns) == 4
    assert (ctl.clock.shown(0), ctl.clock.shown(1)) == (605_000, 610_000)
    now.pass_(4.0)
    assert ctl.clock.shown(0) == 601_000
    play = app.scenes.top
    assert isinstance(play, PlayScene)
    play.undo()
    assert len(ctl.game.turns) == 2
    assert (ctl.clock.shown(0), ctl.clock.shown(1)) == (600_000, 600_000) and ctl.clock.clock.running == 0
    now.pass_(1.0)
    assert ctl.clock.shown(0) == 599_000


def test_a_menu_over_the_play_screen_stops_the_clock(screen, data_dir):
    app = _app(screen)
    ctl, now = _start(app, screen, "5+5")
    now.pass_(2.0)
    run_frames(app, screen, [key(pygame.K_ESCAPE)])
    assert isinstance(app.scenes.top, GameMenu)
    before = ctl.clock.shown(0)
    assert before == 298_000
    now.pass_(120.0)
    run_frames(app, screen, frames=3)
    assert ctl.clock.shown(0) == before and not ctl.clock.clock.ticking
    assert app.rest() > 1.0  # nothing to redraw while it is held
    app.scenes.pop()  # Resume
    run_frames(app, screen)
    now.pass_(1.0)
    assert ctl.clock.shown(0) == before - 1_000


def test_the_window_away_holds_the_clock_until_it_comes_back(screen, data_dir):
    app = _app(screen)
    ctl, now = _start(app, screen, "5+5")
    run_frames(app, screen, [pygame.event.Event(pygame.WINDOWFOCUSLOST)])
    now.pass_(60.0)
    assert ctl.clock.shown(0) == 300_000
    run_frames(app, screen, [pygame.event.Event(pygame.WINDOWFOCUSGAINED)])
    now.pass_(1.0)
    assert ctl.clock.shown(0) == 299_000


def test_the_ten_second_sound_plays_once_a_turn(screen, data_dir):
    app = _app(screen)
    ctl, now = _start(app, screen, "turn30", seats=(HUMAN, HUMAN), names=("Ann", "Bea"))
    now.pass_(19.0)
    run_frames(app, screen, frames=2)
    assert "clock-low" not in app.sounds.played
    now.pass_(1.5)
    run_frames(app, screen, frames=3)
    now.pass_(2.0)
    run_frames(app, screen, frames=3)
    assert app.sounds.played.count("clock-low") == 1
    assert ctl.end_turn() is None
    now.pass_(21.0)
    run_frames(app, screen, frames=2)
    assert app.sounds.played.count("clock-low") == 2


def test_a_game_without_a_clock_has_none_and_sleeps_as_before(screen, data_dir):
    app = _app(screen)
    app.new_game(GameConfig(("Ann", "Hal"), (HUMAN, COMPUTER), ("easy", "easy"), auto_setup=True))
    run_frames(app, screen, frames=2)
    assert app.playing.clock is None
    saved = persist.load_game(persist.default_store().autosave_of(app.playing.game))
    assert saved.save.clock is None


@pytest.mark.slow
def test_the_computer_with_a_small_time_does_not_lose_on_time():
    from hwgame.app.control.advice import suggest_homeworld
    from hwgame.app.services.opponent import Opponent
    from hwgame.rules import Game

    game = Game(players=("Hal", "Ivy"))
    while game.in_setup:
        game.act(suggest_homeworld(game.position))
        game.commit()
    opponent = Opponent(seed=3)
    ctl = PlayController(game, (COMPUTER, COMPUTER), ("normal", "normal"), opponent)
    ctl.clock = GameClock(TimeControl("game", 4_000, increment_ms=300))
    try:
        deadline = time.monotonic() + 60
        while len(game.turns) < 14 and not ctl.is_over() and time.monotonic() < deadline:
            ctl.update()
            time.sleep(0.01)
    finally:
        opponent.shutdown()
    assert ctl.ai_error is None
    outcome = ctl.outcome()
    assert outcome is None or outcome.code != "win-timeout", outcome
    assert len(game.turns) >= 14 or ctl.is_over()


def test_taking_back_a_turn_after_a_loss_on_time_plays_on_with_the_clock_of_that_turn(screen, data_dir):
    app = _app(screen)
    ctl, now = _start(app, screen, "5+5")
    now.pass_(10.0)
    assert ctl.end_turn() is None
    run_frames(app, screen, frames=3)  # the computer answers at once
    now.pass_(301.0)
    run_frames(app, screen, frames=2)
    assert ctl.outcome().code == "win-timeout"
    over = app.scenes.top
    assert isinstance(over, GameOverScene)
    over.take_back()
    assert ctl.outcome() is None and ctl.human_to_move() and len(ctl.game.turns) == 2
    assert (ctl.clock.shown(0), ctl.clock.shown(1)) == (300_000, 300_000)


def test_the_computer_is_asked_to_think_within_its_time():
    from hwgame.ai.bots import LEVELS
    from hwgame.app.services.opponent import within

    expert = LEVELS["expert"]
    quick = within(expert, 1.5)
    assert quick.limit.hard == 1.5 and quick.limit.wall_clock and quick.limit.time <= 1.5
    assert quick.limit.nodes == expert.limit.nodes  # the level's own budget where it has the time
    roomy = within(expert, 600.0)
    assert roomy.limit.time == expert.limit.time and roomy.limit.hard == expert.limit.most


def test_the_new_game_screen_offers_the_clock_fits_a_small_window_and_remembers_the_choice(data_dir):
    pygame.display.init()
    pygame.font.init()
    small = pygame.display.set_mode((1024, 700))
    app = make_app(small, still=True, boot=True)
    run_frames(app, small, [key(pygame.K_RETURN)])  # Enter on the title: the New game screen
    form = app.scenes.top
    assert form.clock.value == "none"  # no clock unless asked for
    form.clock.set_value("15d10")
    run_frames(app, small)
    assert form.clock.rect.bottom < form.name.rect.y and form.start.rect.bottom <= 700
    form.begin()
    assert app.settings.last_clock == "15d10"
    ctl = app.playing
    assert ctl.clock is not None and ctl.clock.control == TimeControl("game", 900_000, delay_ms=10_000)
    assert app.config_of(ctl).clock == "15d10"  # a rematch keeps it
    app.to_title()
    run_frames(app, small, [key(pygame.K_RETURN)])
    assert app.scenes.top.clock.value == "15d10"
