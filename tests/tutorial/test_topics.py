"""What a learner depends on in the lessons' content: advice keyed by the engine's reason codes, a first
lesson that works whatever homeworld was picked, builds that are legal when the card asks for them,
advice that fits the mistake, and the topics every player meets (passing, unused sacrifice actions,
sacrificed builds, setup order, repetition and agreed draws), each checked with the rules engine."""

from __future__ import annotations

import pytest

from hwgame.rules import (
    GREEN,
    REFUSAL_CODES,
    YELLOW,
    Build,
    Game,
    IllegalActionError,
    check_action,
    color_of,
    parse_action,
    parse_turn,
)
from hwgame.tutorial import LESSONS, LessonRunner, lesson_by_id
from hwgame.tutorial.board import B2, G3, Y1
from hwgame.tutorial.lesson import Step

from .gestures import play


def _steps():
    return [(lesson, i, step) for lesson in LESSONS for i, step in enumerate(lesson.steps)]


def _texts(step: Step) -> list[str]:
    texts = [step.instruction, step.goal_text, step.reply_note, step.done, step.missed, *step.hints]
    texts += [text for _, text in step.advice] + [m.message for m in step.mistakes]
    return [t for t in texts if t]


def _all_texts() -> list[str]:
    out = []
    for lesson in LESSONS:
        out += [lesson.title, lesson.intro, lesson.outro]
        for step in lesson.steps:
            out += _texts(step)
    return [t for t in out if t]


# --- advice by reason code ---


def test_every_advice_key_is_a_reason_code_of_the_rules():
    for lesson, i, step in _steps():
        for key, text in step.advice:
            assert key in REFUSAL_CODES, f"{lesson.id} step {i}: advice keyed by {key!r}, not a reason code"
            assert text


@pytest.mark.parametrize(
    ("lesson", "i", "step"), [s for s in _steps() if s[2].illegal], ids=lambda v: getattr(v, "id", str(v))
)
def test_each_illegal_sample_is_refused_with_a_code_its_step_advises_on(lesson, i, step):
    runner = LessonRunner(lesson, i)
    *prefix, last = parse_turn(step.illegal)
    for action in prefix:
        assert runner.try_action(action).ok
    with pytest.raises(IllegalActionError) as refused:
        check_action(runner.game.state, last)
    assert refused.value.code in {key for key, _ in step.advice}, (lesson.id, i, refused.value.code)


# --- the first lesson, whatever was picked ---

PICKS = ["homeworld y1 b2 g3", "homeworld r1 r2 r3", "homeworld g1 g1 g1", "homeworld b3 y3 y1", "homeworld r3 g3 b1"]


@pytest.mark.parametrize("pick", PICKS)
def test_the_first_lesson_goes_on_from_any_homeworld_on_the_board_its_card_describes(pick):
    lesson = lesson_by_id("pieces-and-bank")
    runner = LessonRunner(lesson)
    feedback = runner.try_action(pick)
    assert feedback.step_done, feedback.message
    assert feedback.reply, "Vega sets up after the learner"
    # The card of the next step says plainly that the board is a prepared one, and describes it.
    step = runner.step
    assert "prepared board" in step.instruction
    sol = runner.position.system_named("Sol")
    assert sorted(sol.stars) == [Y1, B2] and sol.ships_of(0) == (G3,)
    for words in ("small yellow", "medium blue", "large green"):
        assert words in step.instruction
    assert runner.position.to_move == runner.learner, "the player who set up first moves first"
    for text in step.solution:
        feedback = play(runner, text)
    assert feedback.step_done and feedback.lesson_done


def test_the_build_the_reading_lesson_points_at_is_legal():
    # The card points at Sol's green star and says "build": dragging a green (or a yellow, the colour
    # of the other ship there) onto Sol must work before the build rule's own lesson.
    lesson = lesson_by_id("reading-a-position")
    for colour in (GREEN, YELLOW):
        runner = LessonRunner(lesson, 1)
        builds = [a for a in runner.game.legal_actions() if isinstance(a, Build) and a.system == "Sol"]
        build = next(a for a in builds if color_of(a.piece) == colour)
        feedback = play(runner, build)
        assert feedback.step_done, feedback.message
    assert "colour you already have a ship of" in lesson.steps[1].instruction


def test_a_wrong_build_gets_advice_about_builds():
    lesson = lesson_by_id("build")
    runner = LessonRunner(lesson)
    feedback = play(runner, "build y1 Alpha")
    assert feedback.reset and "You built at Alpha" in feedback.message
    assert "trade" not in feedback.message.lower()
    feedback = play(runner, "trade g3 y3 Sol")
    assert feedback.reset and "trade" in feedback.message.lower()
    runner = LessonRunner(lesson, 1)
    # The build at Sol uses the turn's action: the step starts again at once, and says why.
    feedback = play(runner, "build g3 Sol")
    assert feedback.reset and "You built at Sol" in feedback.message


def test_every_text_says_ships_point_away_from_their_owner():
    for text in _all_texts():
        lower = text.lower()
        assert "point your way" not in lower and "point towards" not in lower and "point toward" not in lower
        if "point" in lower and "ship" in lower:
            assert "away" in lower or "point up" in lower or "pointing up" in lower, text


def test_no_text_refers_to_a_book_the_learner_never_saw():
    for text in _all_texts():
        assert "rule book" not in text.lower(), text


# --- topics every player meets ---


def test_passing_is_taught_and_is_the_only_safe_turn():
    lesson = lesson_by_id("defending-home")
    i = next(k for k, step in enumerate(lesson.steps) if step.solution == ("pass",))
    runner = LessonRunner(lesson, i)
    assert "pass" in runner.step.instruction.lower()
    feedback = runner.try_action("pass")
    assert feedback.step_done and feedback.reply and not feedback.reply.endswith("passes.")
    # A move instead leaves one ship at home, and the runner names Vega's winning answer.
    runner = LessonRunner(lesson, i)
    feedback = play(runner, "discover y1 Sol g3 Alpha")
    assert feedback.reset and "could still win" in feedback.message


def test_a_sacrifice_may_leave_actions_unused():
    lesson = lesson_by_id("sacrifice")
    i = next(k for k, step in enumerate(lesson.steps) if step.solution[0] == "sacrifice y3 Sol")
    runner = LessonRunner(lesson, i)
    assert play(runner, "sacrifice y3 Sol").ok
    assert runner.game.state.sac_left == 3
    assert play(runner, "move g1 Sol Alpha").ok
    left = runner.game.state.sac_left
    feedback = play(runner, "move b1 Sol Beta")
    assert feedback.step_done and left == 2, "the step is done with a move still unused"
    assert "lost" in runner.lesson.steps[i].done


def test_a_sacrificed_build_still_needs_a_ship_of_that_colour_there():
    lesson = lesson_by_id("sacrifice")
    i = next(k for k, step in enumerate(lesson.steps) if step.solution[0] == "sacrifice g2 Sol")
    runner = LessonRunner(lesson, i)
    assert play(runner, "sacrifice g2 Sol").ok
    with pytest.raises(IllegalActionError) as refused:
        check_action(runner.game.state, parse_action("build r1 Alpha"))
    assert refused.value.code == "build-needs-own-colour"
    feedback = runner.try_action("build r1 Alpha")
    assert not feedback.legal and "even a sacrificed build" in feedback.message
    assert play(runner, "build y1 Alpha").ok
    assert play(runner, "build b1 Beta").step_done


def test_who_sets_up_and_moves_first():
    # Lesson 1: the learner sets up first, Vega second, then the learner moves.
    runner = LessonRunner(lesson_by_id("pieces-and-bank"))
    assert runner.position.to_move == runner.learner == 0
    runner.try_action("homeworld y1 b2 g3")
    before, turn = runner.last_reply_turn
    assert before.to_move == 1 and type(turn[0]).__name__ == "Homeworld"
    # A good homeworld: Vega set up first, so after the learner's setup Vega takes the first turn.
    lesson = lesson_by_id("good-homeworld")
    runner = LessonRunner(lesson)
    assert runner.position.home_of(0).name == "Vega" and runner.learner == 1
    feedback = runner.try_action(lesson.steps[0].solution[0])
    assert feedback.step_done and feedback.reply and not feedback.reply.endswith("passes.")
    before, turn = runner.last_reply_turn
    assert before.to_move == 0 and type(turn[0]).__name__ != "Pass"
    assert "first turn" in lesson.steps[0].reply_note


def test_the_repetition_steps_end_in_a_draw_by_the_engine():
    lesson = lesson_by_id("draws")
    i = next(k for k, step in enumerate(lesson.steps) if step.board and step.solution == ("attack g2 Beta",))
    steps = lesson.steps[i : i + 2]
    assert steps[1].board is None and "third time" in steps[1].instruction
    # The engine, with the game's whole history: the learner's capture and Vega's recapture, twice.
    game = Game.from_position(LessonRunner(lesson, i).position)
    for step in steps:
        game.play(parse_turn(step.solution[0]))
        assert not game.is_over()
        game.play(parse_turn(step.reply[0]))
    assert game.repetitions() == 3 and game.is_over() and game.outcome().winner is None
    # The lesson itself plays the same turns.
    runner = LessonRunner(lesson, i)
    for step in steps:
        feedback = play(runner, step.solution[0])
        assert feedback.step_done and "captures" in feedback.reply
    assert runner.finished


def test_an_agreed_draw_is_taught_and_ends_the_game_drawn():
    lesson = lesson_by_id("draws")
    assert "agree" in lesson.intro and any("agree a draw" in step.reply_note for step in lesson.steps)
    game = Game.from_position(lesson.position())
    game.agree_draw()
    assert game.is_over() and game.outcome().winner is None
