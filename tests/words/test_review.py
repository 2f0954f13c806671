"""The review's words: an evaluation reads as a number, or as a proven or probable result when the
computer's search says so; the kinds of mark the words read are the review's own."""

from __future__ import annotations

import pytest

from hwgame.ai.evaluate import WIN
from hwgame.ai.proofs import Proven
from hwgame.analysis import review
from hwgame.words import review as review_words
from hwgame.words import score_text


@pytest.mark.parametrize(
    ("score", "proof", "words"),
    [(None, None, "setup"), (12.5, None, "+12.5"), (-3.0, None, "-3.0"), (40.0, Proven("win", 2), "winning (proven)"),
     (-40.0, Proven("loss", 1), "lost (proven)"), (WIN - 4, None, "+99996.0")],
)  # fmt: skip
def test_an_evaluation_in_words_is_a_proof_only_where_one_is_proven(score, proof, words):
    # A proven result reads as one whatever the score; a score alone never claims a proof.
    assert score_text(score, review.standing(proof)) == words


def test_the_marks_the_words_read_are_the_reviews_kinds():
    assert review_words.KINDS == review.KINDS
    from hwgame.ai import consequence
    from hwgame.words import marks

    assert (marks.CAPTURE, marks.CATASTROPHE, marks.WIN) == consequence.KINDS
    assert set(marks.MARK_LABELS) == set(review.KINDS)
    standings = {review.standing(p) for p in (Proven("win", 1), Proven("loss", 2), Proven("draw", 0), None)}
    assert standings == {review_words.PROVEN_WIN, review_words.PROVEN_LOSS, None}


def test_a_plain_score_is_shown_as_a_chance_to_win_when_one_is_given():
    from hwgame.words import chance_text, score_text

    assert score_text(35.0, None, 0.643) == "64%"
    assert score_text(35.0) == "+35.0"  # no chance given: the bare score (engine and tools)
    assert score_text(99_999.0, "proven-win", 1.0) == "winning (proven)"
    assert chance_text(0.004) == "1%" and chance_text(0.999) == "99%"
    assert chance_text(1.0) == "100%" and chance_text(0.0) == "0%"


def test_a_sentence_inside_another_keeps_a_players_name_as_it_is_written():
    from hwgame.words.phrases import inside_sentence

    assert inside_sentence("You capture the red 2 at Alpha.") == "you capture the red 2 at Alpha."
    assert inside_sentence("The computer destroys your homeworld.") == "the computer destroys your homeworld."
    assert inside_sentence("South destroys the computer's homeworld.") == "South destroys the computer's homeworld."
    assert inside_sentence("Dsheldon captures your green 3.") == "Dsheldon captures your green 3."
