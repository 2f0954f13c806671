"""The Statistics screen's figures: results per level, streaks, and the rating against the levels."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from hwgame.levels import LEVEL_NAMES, LEVEL_TABLE
from hwgame.persist.record import RecordedGame
from hwgame.persist.stats import (
    LEVEL_RATINGS,
    PROVISIONAL,
    best_streak,
    current_streak,
    expected,
    fit_rating,
    rating,
    tallies,
)

START = datetime(2024, 1, 1, tzinfo=UTC)


def entry(n: int, opponent: str, outcome: str, seat: int | None = 0) -> RecordedGame:
    """The ``n``-th game of a record: against a level (or ``hotseat``), won, lost or drawn by ``seat``."""
    players = [{"name": "Ann"}, {"name": "Bob"}]
    if opponent != "hotseat":
        players[1] = {"name": "Bob", "kind": "computer", "level": opponent}
    me = 0 if seat is None else seat
    winner = {"win": me, "loss": 1 - me, "draw": None}[outcome]
    return RecordedGame.model_validate({
        "game_id": f"g{n}", "finished": START + timedelta(hours=n), "players": players, "seat": seat,
        "result": {"winner": winner, "reason": "", "ending": "board"}, "turn_count": 20,
    })


def games(*spec: tuple[str, str]) -> list[RecordedGame]:
    return [entry(i, opponent, outcome) for i, (opponent, outcome) in enumerate(spec)]


def test_results_are_counted_per_level_in_the_table_order_then_two_players():
    record = games(("easy", "win"), ("easy", "loss"), ("hard", "draw"), ("easy", "win"), ("hotseat", "win"))
    by = {t.opponent: t for t in tallies(record)}
    assert [t.opponent for t in tallies(record)] == [*LEVEL_NAMES, "hotseat"]
    assert (by["easy"].games, by["easy"].wins, by["easy"].losses, by["easy"].draws) == (3, 2, 1, 0)
    assert (by["hard"].games, by["hard"].draws) == (1, 1)
    assert by["beginner"].games == 0
    assert by["hotseat"].wins == 1


def test_two_players_are_left_out_until_they_play():
    assert "hotseat" not in [t.opponent for t in tallies(games(("normal", "win")))]


def test_a_game_without_the_player_in_a_seat_counts_as_played_only():
    record = [entry(0, "hotseat", "win", seat=None)]
    (tally,) = [t for t in tallies(record) if t.opponent == "hotseat"]
    assert (tally.games, tally.wins, tally.losses, tally.draws) == (1, 0, 0, 0)
    assert current_streak(record) is None


def test_streaks_the_current_run_and_the_longest_run_of_wins():
    record = games(("easy", "win"), ("easy", "win"), ("easy", "win"), ("normal", "loss"), ("normal", "win"),
                   ("normal", "win"))
    streak = current_streak(record)
    assert streak is not None and (streak.outcome, streak.length) == ("win", 2)
    assert best_streak(record) == 3
    by = {t.opponent: t for t in tallies(record)}
    assert by["easy"].best_streak == 3 and by["normal"].best_streak == 2
    assert current_streak(games(("hard", "loss"), ("hard", "draw"), ("hard", "draw"))).length == 2


def test_the_levels_ratings_rise_with_the_level():
    ratings = [level.rating for level in LEVEL_TABLE]
    assert ratings == sorted(ratings) and len(set(ratings)) == len(ratings)


def test_the_fit_makes_expected_scores_match_the_scores_made():
    results = [(1000.0, 1.0), (1000.0, 0.0), (1200.0, 1.0), (800.0, 0.5)]
    r = fit_rating(results)
    assert sum(expected(r, against) for against, _ in results) == pytest.approx(2.5, abs=1e-6)
    # An even score against one opponent is that opponent's rating.
    assert fit_rating([(1300.0, 1.0), (1300.0, 0.0)]) == pytest.approx(1300.0, abs=0.01)
    # 75% against a player is about 191 points above it (the Elo table).
    assert fit_rating([(1000.0, 1.0)] * 3 + [(1000.0, 0.0)]) == pytest.approx(1190.8, abs=0.5)


def test_the_rating_follows_results_and_levels():
    assert rating([]) is None
    assert rating(games(("hotseat", "win"))) is None  # no level, no rating
    even = rating(games(*[("normal", "win"), ("normal", "loss")] * 10))
    assert even is not None and even.value == LEVEL_RATINGS["normal"] and not even.provisional
    strong = rating(games(*[("hard", "win")] * 3))
    weak = rating(games(*[("beginner", "loss")] * 3))
    assert strong is not None and weak is not None
    assert strong.value > LEVEL_RATINGS["normal"] > weak.value
    assert strong.provisional and strong.games == 3 < PROVISIONAL
    # Winning against a stronger level rates higher than the same wins against a weaker one.
    assert rating(games(*[("hard", "win")] * 3)).value > rating(games(*[("easy", "win")] * 3)).value
    # A single lucky win does not make a grandmaster: the virtual draw holds the first games back.
    assert rating(games(("hard", "win"))).value < LEVEL_RATINGS["hard"] + 400
