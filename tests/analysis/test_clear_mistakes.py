"""Which marked turns are met again and when the better turn is clear: a proof decides where there is
one; otherwise the better turn must lead every other turn the review's search ranked by CLEAR_LEAD."""

from __future__ import annotations

from hwgame.ai.proofs import LOSS, WIN, Proven
from hwgame.ai.winchance import estimate_chance
from hwgame.analysis.mistakes import CLEAR_LEAD, better_turn_is_clear, marked_turns
from hwgame.analysis.review import BLUNDER, INACCURACY, MISSED_WIN, MISTAKE, Review, TurnReview
from hwgame.rules import PASS, parse_turn

PLAYED = (PASS,)
BEST = parse_turn("trade r1 g1 home")
INDEX = 30  # a turn of the middle game


def entry(before=None, after=None, second=None, proof_before=None, proof_after=None, kind=MISTAKE, best=BEST,
          player=0, index=INDEX):
    return TurnReview(index, player, PLAYED, before, after, best, kind, proof_before=proof_before,
                      proof_after=proof_after, second=second)


def score_for(chance: float, phase: str) -> float:
    """A search score that reads as ``chance`` (bisected on the curve)."""
    lo, hi = -40_000.0, 40_000.0
    for _ in range(80):
        mid = (lo + hi) / 2
        if estimate_chance(mid, phase) < chance:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def test_a_proof_makes_the_better_turn_clear():
    assert better_turn_is_clear(entry(0.0, -90_000, proof_after=Proven(LOSS, 1)))  # walked into a loss
    assert better_turn_is_clear(entry(90_000, 0.0, proof_before=Proven(WIN, 1)))  # a forced win given up
    # A loss whatever is played, or a win the turn kept, has no clearly better turn.
    assert not better_turn_is_clear(entry(-90_000, -90_000, proof_before=Proven(LOSS, 2), proof_after=Proven(LOSS, 1)))
    assert not better_turn_is_clear(entry(90_000, 90_000, proof_before=Proven(WIN, 2), proof_after=Proven(WIN, 1)))


def test_without_a_proof_the_better_turn_must_lead_every_other_turn_ranked():
    phase = entry().phase
    high, low = score_for(0.70, phase), score_for(0.70 - CLEAR_LEAD - 0.05, phase)
    slight = score_for(0.70 - CLEAR_LEAD / 2, phase)
    # ``second``: the best score of the other turns the search ranked beside the better one.
    assert better_turn_is_clear(entry(high, low, second=low))
    # The turn played was far worse, but another turn was nearly as good: more than one answer.
    assert not better_turn_is_clear(entry(high, low, second=slight))
    assert not better_turn_is_clear(entry(high, low, second=None))  # an older review: only proofs count
    assert not better_turn_is_clear(entry(high, low, second=low, best=PLAYED))  # the turn played was the best
    assert not better_turn_is_clear(entry(high, low, second=low, best=None))


def test_the_marked_turns_of_a_player_leave_out_inaccuracies_and_the_other_player():
    turns = [entry(kind=kind, player=player, index=i) for i, (kind, player) in
             enumerate([(MISTAKE, 0), (BLUNDER, 1), (INACCURACY, 0), (None, 0), (MISSED_WIN, 0), (BLUNDER, 0)])]
    review = Review(("a", "b"), turns=turns, total=len(turns))
    assert [t.index for t in marked_turns(review, 0)] == [0, 4, 5]
    assert [t.index for t in marked_turns(review, 1)] == [1]
