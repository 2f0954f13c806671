"""The win chance: a calibrated reading of a search score that a player can understand."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from hwgame.ai.search import PROVEN
from hwgame.ai.winchance import PHASES, SURE, Curve, phase_of_turn, turns_in_play, win_chance
from hwgame.words import chance_text

scores = st.floats(min_value=-PROVEN + 1, max_value=PROVEN - 1, allow_nan=False)


@given(scores, scores, st.sampled_from(PHASES))
def test_a_better_score_never_gives_a_smaller_chance(a, b, phase):
    low, high = sorted((a, b))
    assert win_chance(low, phase) <= win_chance(high, phase)


@given(scores, st.sampled_from(PHASES))
def test_an_unproven_score_is_never_a_certainty(score, phase):
    chance = win_chance(score, phase)
    assert 1 - SURE <= chance <= SURE
    assert chance_text(chance) not in ("0%", "100%")


def test_a_level_score_is_close_to_even_and_a_lead_is_more_than_even():
    for phase in PHASES:
        assert 0.4 < win_chance(0.0, phase) < 0.6
        assert win_chance(100.0, phase) > 0.6
        assert win_chance(-100.0, phase) < 0.4


def test_the_same_lead_says_more_late_in_the_game():
    assert win_chance(60.0, "opening") < win_chance(60.0, "end")


def test_proven_results_are_certain():
    assert win_chance(PROVEN + 5, "middle") == 1.0
    assert win_chance(-PROVEN - 5, "opening") == 0.0
    assert chance_text(1.0) == "100%" and chance_text(0.0) == "0%"


def test_phases_follow_the_turns_played_since_setup():
    assert turns_in_play(2) == 0  # the first position in play follows the two setup turns
    assert phase_of_turn(0) == "opening"
    assert phase_of_turn(15) == "middle"
    assert phase_of_turn(45) == "end"


def test_a_fit_of_the_benchmark_can_stand_in_for_the_shipped_curves():
    level = {phase: Curve(0.0, 0.0) for phase in PHASES}
    assert win_chance(300.0, "end", curves=level) == 0.5
    assert win_chance(PROVEN + 5, "end", curves=level) == 1.0  # a proof needs no curve


def test_a_reviewed_turn_gives_the_movers_chances_before_and_after():
    from hwgame.analysis.review import TurnReview

    # Both scores are the mover's, from the same search: the best turn's and the turn played.
    entry = TurnReview(index=20, player=0, turn=(), before=40.0, after=-60.0)
    phase = phase_of_turn(turns_in_play(20))
    assert entry.chance_before == win_chance(40.0, phase) and entry.chance_after == win_chance(-60.0, phase)
    assert entry.chance_after < 0.5 < entry.chance_before
    assert entry.fall == entry.chance_before - entry.chance_after
    assert entry.chance_for(1) == 1.0 - entry.chance_after
    # The next position's verdict (the opponent to move, +10 for them) is the judgement after the turn:
    # the fall runs from the verdict before the turn to it, and the graph reads the same number.
    later = TurnReview(index=20, player=0, turn=(), before=40.0, after=-60.0, later=-10.0)
    assert later.chance_after == 1.0 - win_chance(10.0, phase_of_turn(turns_in_play(21)))
    assert later.fall == later.chance_before - later.chance_after < entry.fall
    assert later.chance_for(0) == later.chance_after
    setup = TurnReview(index=0, player=0, turn=())
    assert setup.chance_before is None and setup.chance_for(1) is None
