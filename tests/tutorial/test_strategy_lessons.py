"""The strategy lessons: two tiers after the rules, every position a real game's (named by its players and
turn), every taught turn legal and confirmed by the one verdict (a proof, or a lead over every other turn the
search ranked), and each test position accepting exactly the turns the verdict accepts."""

from __future__ import annotations

from functools import cache

import pytest

from hwgame.ai.bots import level
from hwgame.ai.proofs import WIN
from hwgame.ai.winchance import estimate_chance, phase_of_turn, turns_in_play
from hwgame.analysis.analyst import judge
from hwgame.analysis.mistakes import MARGIN
from hwgame.analysis.retry import judge_try
from hwgame.analysis.review import verdict_at
from hwgame.app.services.strategy import LEVEL, entry_of
from hwgame.rules import SDG, apply_turn_unchecked, legal_turns, read_transcript, replay, turn_steps
from hwgame.tutorial.lessons_strategy import STRATEGY_LESSONS, offered_strategy_lessons
from hwgame.tutorial.strategy import STRATEGY_TIERS, study_position, study_positions

ALL = [(lesson.id, k, example.position) for lesson in STRATEGY_LESSONS for k, example in enumerate(lesson.steps)]
TESTS = [(lesson.id, example.position) for lesson in STRATEGY_LESSONS for example in lesson.test]
SAMPLED = 4  # other legal turns of each test position judged by the verdict, spread over the list


def test_two_tiers_after_the_rules_hold_ten_lessons_or_more_each_with_examples_and_a_test():
    offered = offered_strategy_lessons()
    assert offered == STRATEGY_LESSONS  # every position of every lesson ships with the package
    assert len(offered) >= 10 and {lesson.tier for lesson in offered} == set(STRATEGY_TIERS) == {4, 5}
    for lesson in offered:
        assert len(lesson.examples) >= 2, lesson.id
        assert 2 <= len(lesson.test) <= 3, lesson.id
    ids = [pid for _lesson, _k, pid in ALL]
    assert len(ids) == len(set(ids)), "a position taught twice"
    assert set(ids) <= set(study_positions())


@cache
def _record(folder, game: str):
    return replay(read_transcript(folder / f"{game}.raw"), SDG)


@pytest.mark.parametrize("lesson_id,step,pid", ALL)
def test_every_position_is_the_board_of_its_real_game_at_its_turn(sdg_games, lesson_id, step, pid):
    study = study_position(pid)
    game = _record(sdg_games, study.game)
    assert tuple(game.players) == study.players
    assert game.positions[study.index] == study.position
    assert apply_turn_unchecked(study.position, study.played) == game.positions[study.index + 1]
    assert study.players[0] in study.source_text() and f"turn {study.number}" in study.source_text()


@pytest.mark.parametrize("lesson_id,step,pid", ALL)
def test_every_taught_turn_plays_on_its_board_and_is_confirmed_by_the_verdict(lesson_id, step, pid):
    study = study_position(pid)
    assert turn_steps(study.position, study.taught)  # every action through the validator
    me = study.position.to_move
    proven = entry_of(study).proof_before
    if proven is not None:
        # A proven win: the verdict of the board after the taught turn proves it (or the game is won).
        assert proven.result == WIN
        after = apply_turn_unchecked(study.position, study.taught)
        if after.winner() == me:
            return
        proof = judge(after, level(LEVEL), study.index + 1).proof_for(me)
        assert proof is not None and proof.result == WIN, f"{pid}: no win proven after the taught turn"
        return
    found = verdict_at(study.position, None, level(LEVEL))
    assert found.best is not None
    taught_after = apply_turn_unchecked(study.position, study.taught)
    assert apply_turn_unchecked(study.position, found.best).key() == taught_after.key(), (
        f"{pid}: the verdict's best turn is now {found.best}")
    assert found.second_score is not None
    phase = phase_of_turn(turns_in_play(study.index))
    lead = estimate_chance(found.best_score, phase) - estimate_chance(found.second_score, phase)
    assert lead >= MARGIN, f"{pid}: the taught turn leads the next by {lead:.3f} only"


def _sample(turns: list, count: int) -> list:
    step = max(1, len(turns) // count)
    return turns[::step][:count]


@pytest.mark.parametrize("lesson_id,pid", TESTS)
def test_a_test_position_accepts_exactly_the_turns_the_verdict_accepts(lesson_id, pid):
    study = study_position(pid)
    entry = entry_of(study)
    me = study.position.to_move
    thinking = level(LEVEL)
    taught_key = apply_turn_unchecked(study.position, study.taught).key()
    others = [t for t, _after in legal_turns(study.position)
              if apply_turn_unchecked(study.position, t).key() != taught_key]
    winning = [t for t in others if apply_turn_unchecked(study.position, t).winner() == me]
    assert judge_try(entry, study.taught, None).accepted  # the taught turn needs no search
    for turn in winning:
        assert judge_try(entry, turn, None).accepted  # a turn that wins at once always does
    for turn in [study.played, *_sample([t for t in others if t not in winning], SAMPLED)]:
        after = apply_turn_unchecked(study.position, turn)
        if after.key() == taught_key:
            continue
        verdict = judge(after, thinking, study.index + 1) if not after.is_over() else None
        ruling = judge_try(entry, turn, verdict)
        if after.is_over():
            assert ruling.accepted == (after.winner() == me)
            continue
        assert verdict is not None
        proof = verdict.proof_for(me)
        if entry.proof_before is not None and entry.proof_before.result == WIN:
            expected = proof is not None and proof.result == WIN
        elif proof is not None:
            expected = proof.result == WIN
        else:
            chance, best = verdict.chance_for(me), entry.chance_before
            expected = chance is not None and best is not None and chance >= best - MARGIN
        assert ruling.accepted == expected, f"{pid}: {turn}"
