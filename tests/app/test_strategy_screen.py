"""A strategy lesson on the screen: opened from the list, every position reachable to the lesson's end, the
taught turn found and explained with the verdict's words, any other turn judged by the verdict of the
board after it (refused with the answer played by ghosts, or accepted within the margin), the test
counted, the place kept."""

from __future__ import annotations

import pytest

from hwgame.app.scenes.strategy import FOUND, SHOWN, StrategyScene
from hwgame.rules import apply_turn_unchecked, legal_turns
from hwgame.tutorial.lessons_strategy import STRATEGY_LESSONS, strategy_lesson_by_id
from hwgame.tutorial.strategy import study_position

from .helpers import click, make_app, run_frames


@pytest.fixture(autouse=True)
def own_settings(data_dir):
    """Progress is kept in the settings: each test keeps its own."""
    return data_dir


def _open(screen, lesson_id: str, step: int = 0):
    app = make_app(screen, still=True, boot=True)
    app.open_scene("strategy", strategy_lesson_by_id(lesson_id), step)
    run_frames(app, screen)
    scene = app.scenes.top
    assert isinstance(scene, StrategyScene)
    return app, scene


def _play(app, screen, scene, turn) -> None:
    for action in turn:
        scene.ctl.game.act(action)
    scene.play.request_end_turn()  # the play screen's End Turn
    run_frames(app, screen, frames=2)


@pytest.mark.parametrize("lesson", STRATEGY_LESSONS, ids=lambda lesson: lesson.id)
def test_every_position_of_a_lesson_is_reached_and_the_lesson_ends_with_its_test_counted(screen, lesson):
    app, scene = _open(screen, lesson.id)
    assert lesson.intro[:40] in scene.task()  # the idea first
    for step, example in enumerate(lesson.steps):
        scene = app.scenes.top
        assert isinstance(scene, StrategyScene) and scene.step == step
        study = study_position(example.position)
        assert scene.ctl.game.position == study.position
        assert study.players[0] in scene.task() and f"turn {study.number}" in scene.task()
        where = "test" if lesson.in_test(step) else "position"
        assert where in scene.header()
        if step == 0:
            _play(app, screen, scene, study.taught)  # found: the taught turn is accepted at once
            assert scene.ruling is not None and scene.ruling.accepted and scene.results[0] == FOUND
            assert scene.message.startswith("Found") and "The turn:" in scene.message
            entry = scene.ctl.entry
            if entry.proof_before is not None:
                assert "proved that this turn wins by force" in scene.message
            else:
                assert "Of the other turns the computer's search ranked here, the best keeps" in scene.message
        else:
            scene.show_taught()
            run_frames(app, screen)
            assert scene.demo is not None and scene.results[step] == SHOWN
        labels = [b.text for b in scene.card_buttons]
        assert labels[0] == ("Finish" if step == len(lesson.steps) - 1 else "Next")
        run_frames(app, screen, click(scene.card_buttons[0].rect.center), frames=2)
    dialog = app.scenes.top
    assert not isinstance(dialog, StrategyScene)
    from hwgame.app.control.text import text_of

    said = " ".join(text_of(line) for line in dialog.lines)
    assert f"Test: 0 of {len(lesson.test)} found without Show." in said
    assert app.settings.tutorial[lesson.id].completed


def test_the_card_names_what_the_real_player_chose(screen):
    lesson = STRATEGY_LESSONS[0]
    for step, example in enumerate(lesson.steps):
        study = study_position(example.position)
        app, scene = _open(screen, lesson.id, step)
        scene.show_taught()
        if study.played_taught():
            assert f"{study.mover} played it in the game." in scene.message
        else:
            assert f"In the game, {study.mover} chose another turn" in scene.message


def _other_turn(study):
    taught = apply_turn_unchecked(study.position, study.taught).key()
    me = study.position.to_move
    return next(t for t, _after in legal_turns(study.position)
                if (after := apply_turn_unchecked(study.position, t)).key() != taught and after.winner() != me
                and t != study.played)  # fmt: skip


def test_another_turn_is_judged_by_the_verdict_of_the_board_after_it(screen):
    lesson = strategy_lesson_by_id("economy")
    app, scene = _open(screen, lesson.id)
    worker = app.opponent._worker
    study = scene.study
    turn = _other_turn(study)
    # The verdict says the other player stands far better after it: refused, the answer shown by ghosts.
    worker.score = 3000.0
    _play(app, screen, scene, turn)
    assert worker.analyses and worker.analyses[-1][1] is False  # the full verdict of the board after the try
    assert scene.ruling is not None and not scene.ruling.accepted and scene.ruling.reply is not None
    assert scene.demo is not None and "The answer:" in scene.message and "Try again." in scene.message
    assert scene.ctl.game.position == study.position and not scene.ctl.game.pending  # a way back
    assert scene.results[0] is None
    # The verdict says the learner stands as well as after the taught turn: accepted, never called wrong.
    scene.stop_demo()
    worker.score = -3000.0
    _play(app, screen, scene, turn)
    assert scene.ruling is not None and scene.ruling.accepted and scene.results[0] == FOUND
    # The taught turn is still explained, and nothing then calls the learner's turn worse.
    assert "Your turn is as good by the computer's judgement. The turn this lesson teaches:" in scene.message
    assert "ranked here" not in scene.message


def _real_turns(marked: bool):
    """(lesson, step, study) where the real player chose another turn than the taught one, not ending the
    game, and the review marked that turn (``marked``) or not."""
    from hwgame.app.services.strategy import entry_of

    for lesson in STRATEGY_LESSONS:
        for step, example in enumerate(lesson.steps):
            study = study_position(example.position)
            if study.played_taught() or apply_turn_unchecked(study.position, study.played).is_over():
                continue
            if (entry_of(study).kind is not None) == marked:
                yield lesson, step, study


def test_the_real_players_turn_when_marked_is_refused_with_the_reviews_answer(screen):
    found = next(_real_turns(marked=True), None)
    if found is None:
        pytest.skip("no real player's turn of the lessons was marked by its review")
    lesson, step, study = found
    app, scene = _open(screen, lesson.id, step)
    _play(app, screen, scene, study.played)
    assert scene.ruling is not None and not scene.ruling.accepted
    assert "That is the turn played in the game." in scene.message


def test_the_real_players_turn_when_unmarked_is_judged_by_the_verdict_like_any_other(screen):
    found = next(_real_turns(marked=False), None)
    if found is None:
        pytest.skip("every real player's other turn was marked by its review")
    lesson, step, study = found
    app, scene = _open(screen, lesson.id, step)
    worker = app.opponent._worker
    worker.score = -3000.0  # the verdict finds it as good as the taught turn: accepted
    _play(app, screen, scene, study.played)
    assert worker.analyses and scene.ruling is not None and scene.ruling.accepted


def test_hints_come_one_by_one_then_show(screen):
    lesson = STRATEGY_LESSONS[0]
    app, scene = _open(screen, lesson.id)
    for hint in lesson.examples[0].hints:
        scene.hint()
        assert scene.message == f"Hint: {hint}"
    assert not scene.marks()
    scene.hint()  # where the taught turn begins, marked on the board
    study = scene.study
    system = next(getattr(a, "system", None) or a.origin for a in study.taught)
    assert scene.message.startswith("Hint: the turn begins at ")
    assert [(m.kind, m.system) for m in scene.marks()] == [("system", system)]
    scene.hint()
    assert scene.demo is not None and scene.results[0] == SHOWN


def test_the_list_shows_the_two_tiers_and_resumes_a_lesson_at_its_position(screen):
    from hwgame.app.scenes.tutorial import LessonList

    app, scene = _open(screen, "colours", 1)
    scene.leave()
    run_frames(app, screen)
    app.open_scene("lessons")
    run_frames(app, screen)
    listing = app.scenes.top
    assert isinstance(listing, LessonList)
    lesson = strategy_lesson_by_id("colours")
    button = next(b for strategy, b in listing.strategy_buttons if strategy.id == "colours")
    assert f"(position 2 of {len(lesson.steps)})" in button.text
    assert len(listing.strategy_buttons) == len(STRATEGY_LESSONS)
    run_frames(app, screen, click(button.rect.center), frames=2)
    opened = app.scenes.top
    assert isinstance(opened, StrategyScene) and opened.lesson.id == "colours" and opened.step == 1
