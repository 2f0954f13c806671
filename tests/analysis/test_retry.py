"""Retry your mistakes on real archive games: the turns asked are the chosen player's marked ones (the
book's common opening turns left out), the best turn and a turn within the margin are accepted, a worse
turn is refused with the reply that punishes it, and the round counts what was found."""

from __future__ import annotations

import pytest

from hwgame.ai.thinking import Limit, Thinking
from hwgame.analysis import judge
from hwgame.analysis.retry import (
    ASKED_KINDS,
    BEST,
    CLEAR_LEAD,
    MARGIN,
    PLAYED,
    WITHIN,
    WORSE,
    RetryRound,
    asked_turns,
    better_turn_is_clear,
    judge_try,
    quick_ruling,
)
from hwgame.analysis.review import MISTAKE, Review, TurnReview, review_of
from hwgame.app.services.retry import BOOK_COMMON, book_common
from hwgame.openings import archive_book, key_text
from hwgame.rules import SDG, apply_turn_unchecked, iter_turns, opponent_of, parse_turn, read_transcript, replay

LIGHT = Thinking(Limit(depth=1, nodes=2000))
BLUNDER_GAME, BLUNDER_TURN = "17917.raw", 17  # OnePageWars builds a fourth green at home (tests/analysis/test_review)
# SDG game 10081, turn 23: Keith's turn is marked a mistake; a discovery keeps nearly what the best trade keeps.
MARGIN_GAME, MARGIN_TURN, NEAR_BEST = "10081.raw", 23, "Discover Y1 Keith G2 Alpha"


def _reviewed(sdg_games, name):
    game = replay(read_transcript(sdg_games / name), SDG)
    return game, review_of(game, LIGHT)


def test_the_retry_asks_exactly_the_chosen_players_marked_turns_in_order(sdg_games):
    game, review = _reviewed(sdg_games, BLUNDER_GAME)
    for player in (0, 1):
        asked = asked_turns(review, player)
        marked = [t.index for t in review.turns if t.player == player and t.kind in ASKED_KINDS]
        assert [t.index for t in asked] == marked
        assert all(t.position == game.positions[t.index] for t in asked)
    me = game.players.index("OnePageWars")
    assert [t.number for t in asked_turns(review, me)] == [BLUNDER_TURN]
    # Inaccuracies are never asked (the review has some in this game).
    assert any(t.kind == "inaccuracy" for t in review.marks())
    assert all(t.kind != "inaccuracy" for p in (0, 1) for t in asked_turns(review, p))


def test_an_opening_turn_many_archive_games_played_is_not_asked(sdg_games):
    book = archive_book()
    # A board after a common setup, and a turn from it that at least BOOK_COMMON archive games played.
    found = None
    for path in sorted(sdg_games.glob("1*.raw"))[:60]:
        game = replay(read_transcript(path), SDG)
        if len(game.positions) < 3:
            continue
        position = game.positions[2]
        explored = book.explore(position).next
        common = [n for n in explored if n.tally.games >= BOOK_COMMON]
        if common:
            # A turn no game of the book played from there.
            played = {n.child for n in explored}
            rare = next(s.turn for s in iter_turns(position) if key_text(s.position) not in played)
            found = position, common[0].turn, rare
            break
    assert found is not None
    position, often, seldom = found
    entries = [TurnReview(2, position.to_move, often, 0.0, -1.0, seldom, MISTAKE, position=position),
               TurnReview(2, position.to_move, seldom, 0.0, -1.0, often, MISTAKE, position=position)]
    review = Review(tuple(position.players), turns=entries, total=2)  # type: ignore[arg-type]
    assert len(asked_turns(review, position.to_move)) == 2
    asked = asked_turns(review, position.to_move, book_common(book))
    assert [t.turn for t in asked] == [seldom]


def test_the_best_turn_is_accepted_and_the_marked_turn_refused_with_its_punishing_reply(sdg_games):
    game, review = _reviewed(sdg_games, BLUNDER_GAME)
    entry = review.turns[BLUNDER_TURN - 1]
    assert entry.kind == "blunder" and entry.best is not None
    ruling = quick_ruling(entry, entry.best)
    assert ruling is not None and ruling.accepted and ruling.reason == BEST
    refused = judge_try(entry, entry.turn, None)
    assert not refused.accepted and refused.reason == PLAYED and refused.reply == entry.refutation
    after = apply_turn_unchecked(game.positions[entry.index], entry.turn)
    assert apply_turn_unchecked(after, refused.reply).winner() == opponent_of(entry.player)


def test_a_turn_the_verdict_shows_worse_is_refused_with_the_verdicts_reply(sdg_games):
    game, review = _reviewed(sdg_games, BLUNDER_GAME)
    entry = review.turns[BLUNDER_TURN - 1]
    tried = parse_turn("Pass")
    assert quick_ruling(entry, tried) is None
    verdict = judge(apply_turn_unchecked(entry.position, tried), LIGHT, entry.index + 1)
    ruling = judge_try(entry, tried, verdict)
    chance = verdict.chance_for(entry.player)
    assert chance is not None and entry.chance_before is not None and chance < entry.chance_before - MARGIN
    assert not ruling.accepted and ruling.reason == WORSE
    # The punishing reply is the verdict's best turn for the opponent, legal on the board after the try.
    assert ruling.reply == verdict.best and ruling.reply is not None
    apply_turn_unchecked(apply_turn_unchecked(entry.position, tried), ruling.reply)


@pytest.mark.slow
def test_a_turn_within_the_margin_of_the_best_is_accepted(sdg_games):
    game, review = _reviewed(sdg_games, MARGIN_GAME)
    entry = review.turns[MARGIN_TURN - 1]
    assert entry.kind == MISTAKE and entry in asked_turns(review, entry.player)
    tried = parse_turn(NEAR_BEST)
    assert quick_ruling(entry, tried) is None  # not the best turn, nor the one played
    verdict = judge(apply_turn_unchecked(entry.position, tried), LIGHT, entry.index + 1)
    chance = verdict.chance_for(entry.player)
    assert chance is not None and entry.chance_before is not None
    assert entry.chance_before - MARGIN <= chance < entry.chance_before
    ruling = judge_try(entry, tried, verdict)
    assert ruling.accepted and ruling.reason == WITHIN


def test_a_proven_win_is_accepted_only_from_a_turn_that_still_wins(sdg_games):
    game, review = _reviewed(sdg_games, BLUNDER_GAME)
    # ts52's last turn wins: the board before it is a proven win; a pass gives that up.
    entry = review.turns[-1]
    assert entry.proof_before is not None and entry.proof_before.result == "win"
    wins = quick_ruling(entry, entry.turn)
    assert wins is not None and wins.accepted
    tried = parse_turn("Pass")
    verdict = judge(apply_turn_unchecked(entry.position, tried), LIGHT, entry.index + 1)
    ruling = judge_try(entry, tried, verdict)
    proof = verdict.proof_for(entry.player)
    assert not ruling.accepted or (proof is not None and proof.result == "win")


@pytest.mark.slow
def test_the_round_counts_found_turns_and_skips(sdg_games):
    _game, review = _reviewed(sdg_games, MARGIN_GAME)
    entries = [t for p in (0, 1) for t in asked_turns(review, p)]
    assert len(entries) >= 2
    round_ = RetryRound(entries)
    assert (round_.found, round_.total) == (0, len(entries))
    first = round_.current
    assert first is not None and first.best is not None
    ruling = quick_ruling(first, first.best)
    assert ruling is not None
    round_.record(ruling)
    round_.next()
    round_.show()  # the second is shown: it does not count as found, even when then played
    best = entries[1].best
    assert best is not None
    again = quick_ruling(entries[1], best)
    assert again is not None
    round_.record(again)
    round_.skip()
    assert round_.found == 1 and round_.states[:2] == ["found", "shown"]
    while not round_.finished:
        round_.skip()
    assert round_.current is None and round_.found == 1


@pytest.mark.parametrize("name", [BLUNDER_GAME, pytest.param(MARGIN_GAME, marks=pytest.mark.slow)])
def test_a_better_turn_is_clear_turn_has_a_proof_or_a_lead_over_every_other_ranked_turn(sdg_games, name):
    from dataclasses import replace

    from hwgame.ai.winchance import estimate_chance

    _game, review = _reviewed(sdg_games, name)
    assert any(t.second is not None for t in review.marks())
    for entry in review.marks():
        proven = entry.proof_before is not None or entry.proof_after is not None
        if better_turn_is_clear(entry) and not proven:
            assert entry.second is not None and entry.before is not None
            lead = estimate_chance(entry.before, entry.phase) - estimate_chance(entry.second, entry.phase)
            assert lead >= CLEAR_LEAD
        # Without the other turns' score (a review kept by an older version) only a proof makes it clear.
        if not proven:
            assert not better_turn_is_clear(replace(entry, second=None))
    blunder = [t for t in review.marks() if t.kind == "blunder" and t.refutation is not None]
    assert all(better_turn_is_clear(t) for t in blunder)


def test_the_other_turns_score_survives_the_reviews_data(sdg_games):
    game, review = _reviewed(sdg_games, BLUNDER_GAME)
    again = Review.from_data(review.to_data(), game.positions, game.turns)
    assert [t.second for t in again.turns] == [t.second for t in review.turns]
    assert [better_turn_is_clear(t) for t in again.turns] == [better_turn_is_clear(t) for t in review.turns]
