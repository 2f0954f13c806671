"""Every lesson: completed by its intended actions (through the play controller), every feedback path,
hints, the rival's scripted answers, resuming from saved progress, and alternative ways to the goal."""

from __future__ import annotations

import pytest

from hwgame.rules import (
    Discover,
    EndTurn,
    IllegalActionError,
    Pass,
    apply_action,
    check_action,
    end_turn,
    legal_actions,
    legal_turns,
    parse_action,
    parse_turn,
)
from hwgame.tutorial import LESSONS, TIERS, LessonRunner, lesson_by_id, lessons_in_tier, next_lesson, runner_for
from hwgame.tutorial.board import board_dict
from hwgame.tutorial.goals import NEW, Context, HasShip, Safe, rival_wins_with
from hwgame.tutorial.lesson import Highlight, Lesson, Step
from hwgame.words import Voice, refusal_text

from .gestures import HAVE_CONTROLLER, gesture, play, resolve

STEPS = [(lesson, i) for lesson in LESSONS for i in range(len(lesson.steps))]
STEP_IDS = [f"{lesson.id}-{i}" for lesson, i in STEPS]


def at_step(lesson, i) -> LessonRunner:
    """A runner at step ``i`` (resumed by replaying the steps before)."""
    return LessonRunner(lesson, i)


def test_catalogue_has_three_tiers_and_fourteen_lessons_or_more():
    assert len(LESSONS) >= 14
    assert len({lesson.id for lesson in LESSONS}) == len(LESSONS)
    for tier in TIERS:
        assert lessons_in_tier(tier), f"tier {tier} has no lesson"
    tiers = [lesson.tier for lesson in LESSONS]
    assert tiers == sorted(tiers), "lessons are listed in teaching order, tier by tier"
    assert next_lesson(LESSONS[0].id) is LESSONS[1]
    assert next_lesson(LESSONS[-1].id) is None
    assert lesson_by_id("capture").title.startswith("Capture")


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.id for lesson in LESSONS])
def test_lesson_completes_with_its_intended_actions(lesson):
    runner = LessonRunner(lesson)
    assert runner.progress == (lesson.id, 0)
    for i, step in enumerate(lesson.steps):
        assert runner.step is step
        assert runner.instruction == step.instruction
        assert runner.goal_text
        for k, text in enumerate(step.solution):
            feedback = play(runner, text)
            last = k == len(step.solution) - 1
            assert feedback.ok, f"{lesson.id} step {i}: {text}: {feedback.message}"
            assert feedback.step_done == last, f"{lesson.id} step {i}: {text}: {feedback.message}"
            assert feedback.message
        assert feedback.lesson_done == (i == len(lesson.steps) - 1)
        if step.reply and not feedback.lesson_done:
            assert feedback.reply, f"{lesson.id} step {i}: no answer of the rival was played"
            assert not feedback.reply.endswith("passes."), f"{lesson.id} step {i}: every scripted answer was refused"
        assert runner.progress == (lesson.id, i + 1)
    assert runner.finished
    assert runner.try_action("pass").lesson_done


def test_lessons_go_through_the_window_controller():
    # The tests above feed actions through the play screen's controller whenever the window package
    # is installed; this records that it is, so a broken import does not silently skip the check.
    assert HAVE_CONTROLLER


def test_every_lesson_has_an_illegal_and_a_wrong_sample():
    for lesson in LESSONS:
        assert any(step.illegal for step in lesson.steps), f"{lesson.id}: no illegal attempt"
        assert any(step.wrong for step in lesson.steps), f"{lesson.id}: no legal but wrong attempt"


@pytest.mark.parametrize(
    ("lesson", "i"),
    [s for s in STEPS if s[0].steps[s[1]].illegal],
    ids=[n for s, n in zip(STEPS, STEP_IDS, strict=True) if s[0].steps[s[1]].illegal],
)
def test_illegal_attempt_gets_the_engine_reason_and_advice(lesson, i):
    runner = at_step(lesson, i)
    step = runner.step
    *prefix, last = parse_turn(step.illegal)
    for action in prefix:
        assert play(runner, action).ok
    before = runner.game.state
    with pytest.raises(IllegalActionError) as refused:
        check_action(runner.game.state, last)
    # Homeworlds named after the players are worded as places ("your homeworld"), as the card says them.
    reason = refusal_text(refused.value, voice=Voice(runner.names, you=0))
    if HAVE_CONTROLLER and gesture(last, runner.learner) is not None and not isinstance(last, Discover):
        # The mouse path is refused for the same reason before the runner sees anything (unless the
        # gesture means another, legal action: dragging a small green to build takes the bank's smallest).
        resolved, why = resolve(runner, last)
        if resolved is None:
            assert why == reason
    feedback = runner.try_action(last)
    assert not feedback.ok and not feedback.legal and not feedback.step_done
    assert reason[1:] in feedback.message, feedback.message
    code = refused.value.code
    advice = [text for key, text in step.advice if key == code]
    assert advice, f"{lesson.id} step {i}: no lesson advice for the refusal {code!r} ({reason})"
    assert advice[0] in feedback.message
    assert runner.game.state == before, "a refused action changes nothing"


@pytest.mark.parametrize(
    ("lesson", "i"),
    [s for s in STEPS if s[0].steps[s[1]].wrong],
    ids=[n for s, n in zip(STEPS, STEP_IDS, strict=True) if s[0].steps[s[1]].wrong],
)
def test_legal_but_wrong_attempt_is_explained_and_the_step_restarts(lesson, i):
    runner = at_step(lesson, i)
    start = runner.position
    actions = parse_turn(step_text := runner.step.wrong)
    for action in actions:
        feedback = play(runner, action) if not isinstance(action, (EndTurn, Pass)) else runner.try_action(action)
        if feedback.reset:
            break  # the step starts again as soon as the turn can no longer reach the goal
        assert feedback.ok and not feedback.step_done, f"{step_text}: {feedback.message}"
    assert feedback.legal and not feedback.ok and feedback.reset and not feedback.step_done
    assert len(feedback.message) > 40, feedback.message
    assert "try again" in feedback.message
    assert runner.position == start and runner.game.state.free, "the step starts again"
    assert runner.progress == (lesson.id, i)
    # The step can still be completed afterwards.
    for text in runner.step.solution:
        feedback = play(runner, text)
    assert feedback.step_done


@pytest.mark.parametrize(("lesson", "i"), STEPS, ids=STEP_IDS)
def test_step_data_is_sound(lesson, i):
    step = lesson.steps[i]
    runner = at_step(lesson, i)
    assert runner.progress == (lesson.id, i)
    assert step.instruction and step.hints and all(step.hints)
    assert step.solution
    for h in step.highlights:
        assert isinstance(h, Highlight) and h.kind in ("system", "star", "ship", "bank")
        if h.kind != "bank":
            assert runner.position.system_named(h.system) is not None, f"highlight of a missing system {h}"
        if h.kind == "star":
            assert h.piece in runner.position.system_named(h.system).stars
        if h.kind == "ship":
            assert h.piece in runner.position.system_named(h.system).ships_of(h.owner)
    ctx = Context(runner.start, runner.position, runner.learner)
    if step.solution == ("pass",):
        # A step that teaches passing: its goal (safety) holds as things stand, and only a pass keeps it.
        assert isinstance(step.goal, Safe)
        start = runner.position
        others = [s for s in legal_turns(start) if s.position != end_turn(start)]
        assert others, "there must be other turns to turn down"
        for succ in others:
            after = succ.position
            lost = runner.learner in after.losers()
            assert lost or rival_wins_with(after) is not None, f"{succ.turn} is as safe as a pass"
        assert rival_wins_with(end_turn(start)) is None, "the pass itself is safe"
    else:
        assert not step.goal.met(ctx), "a step must not be done before the learner acts"
    assert runner.learner == runner.position.to_move


@pytest.mark.parametrize(("lesson", "i"), STEPS, ids=STEP_IDS)
def test_hints_come_one_at_a_time_then_the_solution(lesson, i):
    runner = at_step(lesson, i)
    step = runner.step
    shown = [runner.hint() for _ in range(len(step.hints) + 1)]
    assert shown[: len(step.hints)] == list(step.hints)
    assert shown[-1].startswith("Try this: ")
    assert runner.solution_text()
    # A new step starts its hints again.
    for text in step.solution:
        play(runner, text)
    if not runner.finished:
        assert runner.hint() == runner.step.hints[0]


def test_resuming_from_progress_matches_playing_through():
    for lesson in LESSONS:
        runner = LessonRunner(lesson)
        for i, step in enumerate(lesson.steps):
            resumed = runner_for((lesson.id, i))
            assert resumed.progress == (lesson.id, i)
            assert resumed.position == runner.position
            for text in step.solution:
                runner.try_action(text)
        assert runner_for((lesson.id, len(lesson.steps))).finished


def test_bad_progress_starts_over():
    assert runner_for(("no-such-lesson", 3)).progress == (LESSONS[0].id, 0)
    assert runner_for(("capture", 99)).progress == ("capture", 0)
    assert runner_for(("capture", -1)).progress == ("capture", 0)
    with pytest.raises(ValueError):
        LessonRunner(LESSONS[0], 99)


def test_reset_step_takes_back_the_turn_in_progress():
    runner = LessonRunner(lesson_by_id("sacrifice"))
    start = runner.position
    assert runner.try_action("sacrifice y2 Sol").ok
    assert runner.position != start
    runner.reset_step()
    assert runner.position == start and runner.game.state.free


def test_notation_that_cannot_be_read_is_refused_kindly():
    runner = LessonRunner(lesson_by_id("move"))
    feedback = runner.try_action("fly g3 to Alpha")
    assert not feedback.legal and "not a known action" in feedback.message


def test_leaving_home_empty_is_not_a_success():
    # Discovering with the only ship at home reaches "a ship at a new system" but would lose the game.
    lesson = Lesson(
        "home-alone",
        "Home alone",
        1,
        "",
        board_dict("Sol@0: y1 b2 | g3 |\nVega@1: r1 g3 | | b3"),
        (Step("Discover a system.", HasShip(NEW), ("Go.",), ("discover g3 Sol r3 Alpha",)),),
    )
    runner = LessonRunner(lesson)
    feedback = runner.try_action("discover g3 Sol r3 Alpha")
    assert feedback.reset and not feedback.step_done
    assert "none of your ships at your homeworld" in feedback.message


def test_a_sacrifice_warns_while_home_is_empty():
    # The only ship at home is sacrificed for moves; the goal can still be reached (a ship from Alpha
    # comes home, the other discovers), so the turn goes on, with a warning.
    lesson = Lesson(
        "home-empty",
        "Home empty",
        1,
        "",
        board_dict("Sol@0: y1 b2 | y3 |\nVega@1: r1 g3 | | b3\nAlpha: r3 | g1 g2 |"),
        (Step("Discover a system.", HasShip(NEW), ("Go.",), ("discover g1 Alpha b2 Beta",)),),
    )
    runner = LessonRunner(lesson)
    feedback = runner.try_action("sacrifice y3 Sol")
    assert feedback.ok and not feedback.step_done and "Careful" in feedback.message
    feedback = runner.try_action("move g2 Alpha Sol")
    assert feedback.ok and "Careful" not in feedback.message


def test_a_next_step_that_cannot_be_done_starts_from_the_intended_position():
    lesson = lesson_by_id("trade")
    runner = LessonRunner(lesson)
    # Sacrificing the blue ship at Alpha for a trade at Sol reaches the goal but leaves step 2 impossible.
    runner.try_action("sacrifice b1 Alpha")
    feedback = runner.try_action("trade r3 g3 Sol")
    assert feedback.step_done and "set up again" in feedback.message
    assert runner.position == LessonRunner(lesson, 1).position


# --- any play that reaches the goal counts ---


def _completions(runner, limit: int = 400):
    """Action sequences (one turn, at most ``limit`` explored states) that meet the step's goal."""
    step = runner.step
    me = runner.learner
    out = []
    stack = [(runner.game.state, ())]
    seen = set()
    while stack and len(seen) < limit:
        state, path = stack.pop()
        key = (state.position.key(), state.free, state.sac_left)
        if key in seen:
            continue
        seen.add(key)
        for action in legal_actions(state):
            if isinstance(action, (EndTurn, Pass)):
                continue
            nxt = apply_action(state, check_action(state, action))
            found = frozenset(a.name.lower() for a in (*path, action) if isinstance(a, Discover))
            ctx = Context(runner.start, nxt.position, me, found)
            if step.goal.met(ctx) and (step.may_lose or me not in nxt.position.losers()):
                out.append((*path, action))
            elif not nxt.done or any(s.overpopulated() for s in nxt.position.systems):
                stack.append((nxt, (*path, action)))
    return out


@pytest.mark.slow
@pytest.mark.parametrize(("lesson", "i"), STEPS, ids=STEP_IDS)
def test_other_ways_to_the_goal_count_and_lead_on(lesson, i):
    base = at_step(lesson, i)
    # A passing step has one way only (the test above proves it); the search here looks at actions.
    ways = [(Pass(),)] if lesson.steps[i].solution == ("pass",) else _completions(base)
    assert ways, "the goal can be reached"
    intended = tuple(parse_action(t) for t in lesson.steps[i].solution)
    for way in ways[:12]:
        runner = at_step(lesson, i)
        for action in way:
            feedback = runner.try_action(action)
            assert feedback.ok, f"{way}: {feedback.message}"
        assert feedback.step_done, f"{way} reaches the goal but the runner did not accept it"
        if runner.finished or runner.step.board is not None or way == intended:
            continue
        # The lesson goes on from where this learner got to: the next goal must still be reachable.
        assert _completions(runner, 2000), f"after {way} the next step of {lesson.id} cannot be done"


def test_a_refusal_without_matching_advice_gets_the_steps_first_hint():
    runner = LessonRunner(lesson_by_id("move"))
    feedback = runner.try_action("attack b1 Alpha")  # no red anywhere near: not what the step is about
    assert not feedback.legal
    assert "Tip: " + runner.step.hints[0] in feedback.message
