"""The clock's arithmetic, exact to the millisecond: increments, delays, times per turn, holds, a flag at
zero, what a clock shows, and a game's clock across turns, undo and redo."""

from __future__ import annotations

import pytest

from hwgame.app.control.clock import (
    PRESETS,
    Clock,
    ClockState,
    TimeControl,
    format_clock,
    preset_label,
    preset_of,
)
from hwgame.app.control.timing import LOADED, GameClock
from hwgame.rules import PASS, Game

from ..helpers import position


class FakeTime:
    """A time source moved by hand."""

    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t

    def pass_(self, seconds: float) -> None:
        self.t += seconds


def clock_of(control: TimeControl) -> tuple[Clock, FakeTime]:
    now = FakeTime()
    clock = Clock(control, now)
    clock.start(0)
    return clock, now


def test_an_increment_is_added_after_the_time_used_is_taken():
    clock, now = clock_of(TimeControl("game", 300_000, increment_ms=5_000))
    now.pass_(12.3)
    assert clock.remaining_ms(0) == 287_700
    assert clock.remaining_ms(1) == 300_000  # the other clock stands still
    clock.end_turn(1)
    assert clock.remaining_ms(0) == 292_700
    now.pass_(2.0)
    assert clock.remaining_ms(1) == 298_000 and clock.remaining_ms(0) == 292_700
    clock.end_turn(0)
    assert clock.banked == [292_700, 303_000]  # a quick turn gains time


def test_a_delay_is_free_and_only_the_time_past_it_counts():
    clock, now = clock_of(TimeControl("game", 900_000, delay_ms=10_000))
    now.pass_(7.0)
    assert clock.remaining_ms(0) == 900_000
    clock.end_turn(1)
    assert clock.banked == [900_000, 900_000]  # a turn within the delay costs nothing, and gains nothing
    now.pass_(13.5)
    assert clock.remaining_ms(1) == 896_500
    clock.end_turn(0)
    assert clock.banked == [900_000, 896_500]


def test_a_time_per_turn_starts_afresh_each_turn_and_unused_time_is_lost():
    clock, now = clock_of(TimeControl("turn", 30_000))
    now.pass_(25.0)
    assert clock.remaining_ms(0) == 5_000 and clock.remaining_ms(1) == 30_000
    clock.end_turn(1)
    assert clock.remaining_ms(0) == 30_000 and clock.remaining_ms(1) == 30_000
    now.pass_(30.0)
    assert clock.flagged() == 1 and clock.remaining_ms(1) == 0


def test_a_clock_at_zero_flags_the_running_player_only():
    clock, now = clock_of(TimeControl("game", 60_000))
    now.pass_(59.999)
    assert clock.flagged() is None and clock.remaining_ms(0) == 1
    now.pass_(0.002)
    assert clock.flagged() == 0 and clock.remaining_ms(0) == 0


def test_a_held_clock_does_not_move_and_goes_on_from_where_it_was():
    clock, now = clock_of(TimeControl("game", 60_000))
    now.pass_(1.0)
    clock.hold("covered")
    now.pass_(500.0)
    assert clock.remaining_ms(0) == 59_000 and not clock.ticking
    clock.hold("away")
    clock.hold("covered", False)
    now.pass_(10.0)
    assert clock.remaining_ms(0) == 59_000  # one reason still holds it
    clock.hold("away", False)
    now.pass_(2.0)
    assert clock.remaining_ms(0) == 57_000 and clock.ticking


def test_a_snapshot_restores_the_clock_exactly():
    clock, now = clock_of(TimeControl("game", 600_000, increment_ms=10_000))
    now.pass_(3.25)
    clock.end_turn(1)
    now.pass_(4.5)
    state = clock.snapshot()
    assert state == ClockState((606_750, 600_000), 1, 4_500)
    now.pass_(100.0)
    clock.end_turn(0)
    clock.restore(state)
    assert clock.remaining_ms(1) == 595_500 and clock.remaining_ms(0) == 606_750
    now.pass_(0.5)
    assert clock.remaining_ms(1) == 595_000


@pytest.mark.parametrize(("ms", "shown"), [(0, "0:00.0"), (99, "0:00.0"), (9_499, "0:09.4"), (9_999, "0:09.9"),
                                           (10_000, "0:10"), (65_999, "1:05"), (1_800_000, "30:00"), (-5, "0:00.0")])
def test_a_clock_shows_minutes_and_seconds_and_tenths_under_ten_seconds(ms, shown):
    assert format_clock(ms) == shown


def test_the_window_sleeps_until_the_shown_time_changes():
    clock, now = clock_of(TimeControl("game", 65_000))
    now.pass_(0.3)
    assert clock.until_change() == pytest.approx(0.7)  # 64.7 s shows 1:04 until 64.0
    now.pass_(55.0)  # 9.7 s left: tenths
    assert clock.until_change() == pytest.approx(0.1)
    clock.hold("covered")
    assert clock.until_change() == float("inf")


def test_the_presets_start_with_no_clock_and_each_is_named():
    assert next(iter(PRESETS)) == "none" and PRESETS["none"] is None
    assert preset_label("5+5") == "5 min + 5 s"
    assert preset_label("15d10") == "15 min, 10 s delay"
    assert preset_label("turn60") == "1 min a turn"
    assert all(preset_of(control) == key for key, control in PRESETS.items())
    from typing import get_args

    from hwgame.persist.schema import ClockChoice

    assert set(get_args(ClockChoice)) == set(PRESETS)  # every preset can be remembered in the settings


def test_a_time_per_turn_has_no_increment():
    with pytest.raises(ValueError):
        TimeControl("turn", 30_000, increment_ms=1_000)
    with pytest.raises(ValueError):
        TimeControl("game", 0)


def game_in_play() -> Game:
    return Game.from_position(position("""
        North: g3 | y3 |
        South: b2 | | g3
    """))


def test_undo_shows_both_clocks_as_at_the_start_of_the_turn_taken_back_and_redo_as_after():
    now = FakeTime()
    game = game_in_play()
    gc = GameClock(TimeControl("game", 300_000, increment_ms=5_000), now)
    gc.follow(game)
    now.pass_(10.0)
    game.play([PASS])
    gc.turn_ended(game)  # North: 300 - 10 + 5
    now.pass_(20.0)
    game.play([PASS])
    gc.turn_ended(game)  # South: 300 - 20 + 5
    now.pass_(7.0)
    assert (gc.shown(0), gc.shown(1)) == (288_000, 285_000)
    game.undo()
    gc.taken_back(game)  # back to the start of South's turn
    assert (gc.shown(0), gc.shown(1)) == (295_000, 300_000) and gc.clock.running == 1
    game.undo()
    gc.taken_back(game)
    assert (gc.shown(0), gc.shown(1)) == (300_000, 300_000) and gc.clock.running == 0
    game.redo()
    game.redo()
    gc.taken_back(game)
    assert (gc.shown(0), gc.shown(1)) == (295_000, 285_000) and gc.clock.running == 0


def test_a_turn_played_after_an_undo_forgets_the_starts_taken_back():
    now = FakeTime()
    game = game_in_play()
    gc = GameClock(TimeControl("game", 60_000), now)
    gc.follow(game)
    now.pass_(5.0)
    game.play([PASS])
    gc.turn_ended(game)
    game.undo()
    gc.taken_back(game)
    now.pass_(1.0)
    game.play([PASS])
    gc.turn_ended(game)
    assert gc.starts == {0: (60_000, 60_000), 1: (59_000, 60_000)}


def test_the_ten_second_warning_comes_once_a_turn():
    now = FakeTime()
    game = game_in_play()
    gc = GameClock(TimeControl("turn", 30_000), now)
    gc.follow(game)
    now.pass_(19.0)
    assert not gc.low_warning(game)
    now.pass_(1.5)
    assert gc.low_warning(game)
    now.pass_(1.0)
    assert not gc.low_warning(game)
    game.play([PASS])
    gc.turn_ended(game)
    now.pass_(21.0)
    assert gc.low_warning(game)  # the next turn warns again


def test_the_computer_thinks_at_most_a_tenth_of_its_time():
    now = FakeTime()
    gc = GameClock(TimeControl("game", 20_000), now)
    gc.follow(game_in_play())
    assert gc.budget_seconds(0) <= 2.0
    per_turn = GameClock(TimeControl("turn", 30_000), now)
    assert per_turn.budget_seconds(0) <= 15.0


def test_a_clock_comes_back_from_its_save_held_with_the_same_times():
    now = FakeTime()
    game = game_in_play()
    gc = GameClock(TimeControl("game", 600_000, delay_ms=10_000), now)
    gc.follow(game)
    now.pass_(14.25)
    game.play([PASS])
    gc.turn_ended(game)
    now.pass_(3.0)
    back = GameClock.from_data(gc.data(), now)
    assert back.state() == gc.state() and back.starts == gc.starts
    assert LOADED in back.clock.holds
    now.pass_(60.0)
    assert back.shown(1) == gc.state().banked[1]  # held until the player acts
