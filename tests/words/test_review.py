"""The review's words: an evaluation reads as a number, or as a proven or probable result when the
computer's search says so; the kinds of mark the words read are the review's own."""

from __future__ import annotations

import pytest

from hwgame.ai import review
from hwgame.ai.evaluate import WIN
from hwgame.ai.search import LIKELY
from hwgame.words import review as review_words
from hwgame.words import score_text


@pytest.mark.parametrize(
    ("score", "words"),
    [(None, "setup"), (12.5, "+12.5"), (-3.0, "-3.0"), (WIN - 4, "winning (proven)"), (-(WIN - 4), "lost (proven)"),
     (LIKELY - 5, "probably winning"), (-(LIKELY - 5), "probably lost")],
)  # fmt: skip
def test_an_evaluation_in_words(score, words):
    assert score_text(score, review.standing(score)) == words


def test_the_marks_the_words_read_are_the_reviews_kinds():
    assert review_words.KINDS == review.KINDS
    from hwgame.ai import consequence
    from hwgame.words import coach

    assert (coach.CAPTURE, coach.CATASTROPHE, coach.WIN) == consequence.KINDS
    assert set(coach.MARK_LABELS) == set(review.KINDS)
    standings = {review.standing(s) for s in (WIN - 1, -(WIN - 1), LIKELY, -LIKELY, 0.0)}
    assert standings == {review_words.PROVEN_WIN, review_words.PROVEN_LOSS, review_words.LIKELY_WIN,
                         review_words.LIKELY_LOSS, None}


def test_a_plain_score_is_shown_as_a_chance_to_win_when_one_is_given():
    from hwgame.words import chance_text, score_text

    assert score_text(35.0, None, 0.643) == "64%"
    assert score_text(35.0) == "+35.0"  # no chance given: the bare score (engine and tools)
    assert score_text(99_999.0, "proven-win", 1.0) == "winning (proven)"
    assert chance_text(0.004) == "1%" and chance_text(0.999) == "99%"
    assert chance_text(1.0) == "100%" and chance_text(0.0) == "0%"
