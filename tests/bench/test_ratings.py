"""The ratings fitted to match scores: the Elo gaps they say, the anchor, and intervals that narrow with games."""

from __future__ import annotations

import pytest

from hwgame.bench.ratings import Result, fit, gap, parse_result


def test_a_score_of_three_in_four_is_about_191_points():
    difference, _variance = gap(Result("a", "b", 15, 20))
    assert difference == pytest.approx(190.8, abs=0.5)
    assert gap(Result("a", "b", 10, 20))[0] == pytest.approx(0.0)


def test_a_chain_of_results_adds_up_and_the_anchor_stays():
    ratings = {r.name: r for r in fit([Result("easy", "beginner", 15, 20), Result("normal", "easy", 15, 20)],
                                      "beginner", 800)}  # fmt: skip
    assert ratings["beginner"].rating == 800 and ratings["beginner"].within == 0
    assert ratings["easy"].rating == pytest.approx(990.8, abs=1)
    assert ratings["normal"].rating == pytest.approx(1181.6, abs=1)
    assert ratings["normal"].within > ratings["easy"].within > 0  # two links are less sure than one


def test_more_games_narrow_the_interval_and_all_wins_stay_finite():
    few = {r.name: r for r in fit([Result("b", "a", 15, 20)], "a", 1000)}["b"]
    many = {r.name: r for r in fit([Result("b", "a", 150, 200)], "a", 1000)}["b"]
    assert many.within < few.within / 2 and many.rating == pytest.approx(few.rating)
    sweep = {r.name: r for r in fit([Result("b", "a", 20, 20)], "a", 1000)}["b"]
    assert 1400 < sweep.rating < 1800


def test_bad_results_are_refused_in_words():
    assert parse_result("normal easy 19.5 20") == Result("normal", "easy", 19.5, 20)
    for text in ("normal easy 21 20", "normal normal 1 2", "normal easy 1"):
        with pytest.raises(ValueError):
            parse_result(text)
    with pytest.raises(ValueError, match="not linked"):
        fit([Result("a", "b", 1, 2), Result("c", "d", 1, 2)], "a", 800)
