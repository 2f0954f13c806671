"""The tutorial in the window (dummy video driver): every lesson played on its screen, puzzles judged
at End Turn, progress kept in the settings, the quick reference behind the title's Rules button."""

from __future__ import annotations

import os

import pytest

pygame = pytest.importorskip("pygame")

from hwgame.rules import (  # noqa: E402
    Homeworld,  # noqa: E402
    parse_action,
    parse_turn,
)
from hwgame.tutorial import LESSONS, PUZZLES, LessonRunner, solution  # noqa: E402
from hwgame.tutorial.solve import WIN_IN_TWO, winning_turn  # noqa: E402

SIZE = (1280, 800)


@pytest.fixture
def app(tmp_path):
    """A window app on the dummy driver, its settings in a temporary folder, animations off."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    from hwgame.app.app import App
    from hwgame.app.main import _parse
    from hwgame.persist import set_data_dir

    set_data_dir(tmp_path)
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode(SIZE)
    application = App(_parse(["--seed", "3"]), SIZE)
    application.strict = True  # an error in a screen fails the test
    application.settings.animation_speed = 0.0
    application.boot()
    application.screen = screen
    yield application
    application.shutdown()
    set_data_dir(None)


def frames(app, n: int = 2, events=()) -> None:
    app.step(list(events), 1 / 60, app.screen)
    for _ in range(n):
        app.step([], 1 / 60, app.screen)


def test_title_buttons_open_the_lessons_and_the_reference(app):
    from hwgame.app.scenes.reference import ReferenceScene
    from hwgame.app.scenes.tutorial import LessonList

    title = app.scenes.top
    title.tutorial()
    frames(app)
    assert isinstance(app.scenes.top, LessonList)
    assert [lesson for _, lesson in app.scenes.top.rows] == list(LESSONS)
    app.scenes.top.open_reference()
    frames(app)
    reference = app.scenes.top
    assert isinstance(reference, ReferenceScene)
    frames(app, 1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0)])
    app.scenes.pop(reference)
    app.scenes.pop(app.scenes.top)
    app.scenes.top.rules()
    frames(app)
    assert isinstance(app.scenes.top, ReferenceScene)
    app.scenes.top.open_full()
    frames(app)


@pytest.mark.slow
@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.id for lesson in LESSONS])
def test_every_lesson_plays_on_its_screen(app, lesson):
    from hwgame.app.kit.dialogs import Dialog

    scene = app.open_scene("lesson", LessonRunner(lesson))
    frames(app)
    scene.hint()
    assert scene.message.startswith("Hint: ")
    for i, step in enumerate(lesson.steps):
        for text in step.solution:
            action = parse_action(text)
            if isinstance(action, Homeworld):
                # The setup slots: click the bank cells of the two stars and the ship, then Build.
                _, _, bank = scene.play.layouts(app.size, scene.shown())
                for piece in (action.star1, action.star2, action.ship):
                    cell = next(c for c in bank.cells if c.piece == piece)
                    center = tuple(round(v) for v in cell.box.center)
                    frames(app, 1, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=center, button=1)])
                assert scene.slots == [action.star1, action.star2, action.ship]
                scene.build_home()
            else:
                assert scene.ctl.play(action) is None
            frames(app, 3)
        assert scene.runner.step_index == i + 1, scene.message
        assert app.settings.tutorial[lesson.id].step == i + 1
    assert app.settings.tutorial[lesson.id].completed
    assert isinstance(app.scenes.top, Dialog) and app.scenes.top.title == "Lesson complete"


def test_a_miss_and_a_refusal_show_on_the_card(app):
    lesson = next(lesson for lesson in LESSONS if lesson.id == "capture")
    scene = app.open_scene("lesson", LessonRunner(lesson))
    frames(app)
    scene.ctl.play(parse_action(lesson.steps[0].illegal))
    frames(app)
    assert not scene.message_ok and "Not allowed" in scene.message
    scene.ctl.play(parse_action(lesson.steps[0].wrong))
    frames(app)
    assert not scene.message_ok and "try again" in scene.message
    assert scene.runner.position == scene.runner.start
    scene.show_me()
    assert "capture" in scene.message.lower()
    scene.restart_step()
    scene.play.request_end_turn()  # End Turn with nothing done is a pass: not what this step asks
    frames(app)
    assert not scene.message_ok and "try again" in scene.message
    assert scene.runner.position == scene.runner.start


def test_the_pass_step_is_done_by_pressing_end_turn(app):
    lesson = next(lesson for lesson in LESSONS if any(step.solution == ("pass",) for step in lesson.steps))
    runner = LessonRunner(lesson, next(i for i, step in enumerate(lesson.steps) if step.solution == ("pass",)))
    scene = app.open_scene("lesson", runner)
    frames(app)
    before = runner.step_index
    scene.play.request_end_turn()
    frames(app, 3)
    assert runner.step_index == before + 1, scene.message


@pytest.mark.slow
@pytest.mark.parametrize(
    "puzzle", PUZZLES[:3] + tuple(p for p in PUZZLES if p.kind == WIN_IN_TWO)[:1], ids=lambda p: p.id
)
def test_puzzles_are_judged_at_end_turn(app, puzzle):
    from hwgame.app.kit.dialogs import Dialog

    scene = app.open_scene("puzzle", puzzle)
    frames(app)
    scene.play.request_end_turn()  # an empty turn: a pass, which solves nothing
    frames(app)
    assert not scene.message_ok and scene.ctl.session.stage == 1
    for action in solution(puzzle):
        assert scene.ctl.play(action) is None
    scene.play.request_end_turn()
    frames(app)
    if puzzle.kind == WIN_IN_TWO:
        assert scene.ctl.session.stage == 2 and "Now win" in scene.message
        for action in winning_turn(scene.ctl.session.position).turn:
            assert scene.ctl.play(action) is None
        scene.play.request_end_turn()
        frames(app)
    assert scene.ctl.session.solved
    assert isinstance(app.scenes.top, Dialog) and app.scenes.top.title == "Solved!"
    assert app.settings.tutorial["puzzle:" + puzzle.id].completed
    app.scenes.pop(app.scenes.top)
    scene.show_solution()
    scene.start_again()
    assert scene.ctl.game.state.position == puzzle.position()


def test_a_wrong_puzzle_answer_is_taken_back(app):
    puzzle = next(p for p in PUZZLES if p.id == "hold-the-fort")
    scene = app.open_scene("puzzle", puzzle)
    frames(app)
    for action in parse_turn("trade g3 y3 Sol"):
        scene.ctl.play(action)
    scene.play.request_end_turn()
    frames(app)
    assert "could then win" in scene.message
    assert scene.ctl.game.state.position == puzzle.position()
