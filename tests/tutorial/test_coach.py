"""The coaching card shows rather than tells (dummy video driver): "Show me" acts the intended play
out with ghost pieces and gives the board back; a drop the play screen refuses brings the step's
advice; a step's own board is announced; the marks follow the turn; a message about actions taken
back goes with them; the card never cuts its text; puzzles solved with help are kept apart; every
word on these screens is looked up when it is drawn."""

from __future__ import annotations

import gettext
import os

import pytest

pygame = pytest.importorskip("pygame")

from hwgame import i18n  # noqa: E402
from hwgame.rules import (  # noqa: E402
    BLUE,
    Build,
    Capture,
    Catastrophe,
    Discover,
    Homeworld,
    IllegalActionError,
    Move,
    Sacrifice,
    Trade,
    check_action,
    parse_action,
    parse_turn,
)
from hwgame.tutorial import LESSONS, PUZZLES, LessonRunner, lesson_by_id, runner_for, solution  # noqa: E402
from hwgame.tutorial.runner import advice_matches, same_action  # noqa: E402

from .gestures import drag_events, gesture, point_of, resolve  # noqa: E402

STEPS = [(lesson, i) for lesson in LESSONS for i in range(len(lesson.steps))]
STEP_IDS = [f"{lesson.id}-{i}" for lesson, i in STEPS]


def make_app(tmp_path, size):
    """A window app on the dummy driver, its settings in a temporary folder, animations off."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    from hwgame.app.app import App
    from hwgame.app.main import _parse
    from hwgame.app.view.theme import TextAudit
    from hwgame.persist import set_data_dir

    set_data_dir(tmp_path)
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode(size)
    application = App(_parse(["--seed", "3"]), size)
    application.strict = True  # an error in a screen fails the test
    application.settings.animation_speed = 0.0
    application.boot()
    application.screen = screen
    application.theme.audit = TextAudit()
    return application


@pytest.fixture
def app(tmp_path):
    application = make_app(tmp_path, (1280, 800))
    yield application
    application.shutdown()
    from hwgame.persist import set_data_dir

    set_data_dir(None)


@pytest.fixture
def small(tmp_path):
    application = make_app(tmp_path, (1024, 700))
    yield application
    application.shutdown()
    from hwgame.persist import set_data_dir

    set_data_dir(None)


def frames(app, n: int = 2, events=(), dt: float = 1 / 60) -> None:
    app.step(list(events), dt, app.screen)
    for _ in range(n):
        app.step([], dt, app.screen)


def moving_pieces(action) -> set[int]:
    """The pieces a player picks up (or sends away) for an action: what its ghost must show."""
    if isinstance(action, (Move, Discover, Sacrifice)):
        return {action.ship}
    if isinstance(action, Build):
        return {action.piece}
    if isinstance(action, Trade):
        return {action.new}
    if isinstance(action, Capture):
        return {action.piece}
    if isinstance(action, Homeworld):
        return {action.star1, action.ship}
    if isinstance(action, Catastrophe):
        return {action.color * 3 + k for k in range(3)}
    return set()


def _distance(a, b) -> float:
    (ax, ay), (bx, by) = a.center, b.center
    return ((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5


# --- show me ---


@pytest.mark.slow
@pytest.mark.parametrize(
    ("lesson_id", "i"),
    [("pieces-and-bank", 0), ("build", 0), ("trade", 0), ("capture", 0), ("connections-and-discovery", 1),
     ("sacrifice", 0), ("catastrophe", 0), ("draws", 0)],
)
def test_show_me_moves_a_ghost_along_the_solution_and_gives_the_board_back(app, lesson_id, i):
    runner = runner_for((lesson_id, i))
    scene = app.open_scene("lesson", runner)
    frames(app)
    before = runner.game.state
    scene.show_me()
    demo = scene.demo
    assert demo is not None
    intended = list(parse_turn("; ".join(runner.step.solution)))
    assert len(demo.steps) == len(intended)
    assert all(same_action(s.action, a) for s, a in zip(demo.steps, intended, strict=True))
    for k, action in enumerate(intended):
        # Run the clock to the middle of this action's glide and look at the ghosts drawn.
        while True:
            phase = demo.phase()
            assert phase is not None, "the demonstration ended before every action was shown"
            if phase[0].index == k and phase[0].kind == "glide" and phase[1] >= 0.45:
                break
            frames(app, 0, dt=0.05)
        ghosts = scene.painter.ghosts
        assert ghosts, f"no ghost for {action}"
        assert moving_pieces(action) & {g[0] for g in ghosts}, f"{action}: ghosts of {[g[0] for g in ghosts]}"
        for _piece, box, start, end in ghosts:
            whole = _distance(start, end)
            if whole > 4:  # a ghost on its way: away from where it was, not yet where it goes
                assert 0 < _distance(box, start) < whole and 0 < _distance(box, end) < whole
        assert runner.game.state == before, "the demonstration does not play on the game"
    while scene.demo is not None:
        frames(app, 0, dt=0.1)
    assert runner.game.state == before and not runner.game.pending
    assert "Your turn:" in scene.message
    # The learner can now play it: the step's solution completes the step.
    for text in runner.step.solution:
        action = parse_action(text)
        if isinstance(action, Homeworld):
            scene.slots = [action.star1, action.star2, action.ship]
            scene.build_home()
        else:
            assert scene.ctl.play(action) is None
    frames(app)
    assert runner.step_index == i + 1


@pytest.mark.parametrize(("lesson", "i"), STEPS, ids=STEP_IDS)
def test_show_me_plays_every_steps_solution_from_the_start_of_the_turn(lesson, i):
    from hwgame.app.panels.show_me import Demo

    runner = LessonRunner(lesson, i)
    steps = runner.solution_steps()
    assert len(steps) == len([a for a in runner.step.solution if a.strip()])
    assert steps[0].before == runner.game.state.position
    for a, b in zip(steps, steps[1:], strict=False):
        assert a.after == b.before
    demo = Demo(steps, runner.position)
    demo.advance(demo.total / 2)
    assert not demo.done and demo.caption()
    demo.advance(demo.total)
    assert demo.done and demo.position() == runner.position


def test_show_me_after_some_actions_starts_the_step_again(app):
    lesson = lesson_by_id("sacrifice")
    scene = app.open_scene("lesson", LessonRunner(lesson))
    frames(app)
    start = scene.runner.game.state
    assert scene.ctl.play(parse_action(lesson.steps[0].solution[0])) is None
    frames(app)
    scene.show_me()
    assert scene.runner.game.state == start and "taken back" in scene.message
    frames(app, 1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ")])
    assert scene.demo is None, "a key ends the demonstration"


# --- a refused drop brings the lesson's advice ---


def _refused_drops():
    out = []
    for lesson, i in STEPS:
        step = lesson.steps[i]
        if not step.illegal:
            continue
        *prefix, last = parse_turn(step.illegal)
        kind = gesture(last, 0)
        if kind is None or kind[0] in ("click", "capture"):
            continue
        out.append((lesson, i))
    return out


@pytest.mark.slow
@pytest.mark.parametrize(("lesson", "i"), _refused_drops(), ids=[f"{lesson.id}-{i}" for lesson, i in _refused_drops()])
def test_a_refused_drop_in_a_lesson_shows_the_steps_advice(app, lesson, i):
    scene = app.open_scene("lesson", runner_for((lesson.id, i)))
    frames(app)
    runner = scene.runner
    step = runner.step
    *prefix, last = parse_turn(step.illegal)
    for action in prefix:
        assert scene.ctl.play(action) is None
    frames(app)
    resolved, reason = resolve(runner, last)
    if resolved is not None:
        pytest.skip("the mouse makes another, legal action of this gesture")
    with pytest.raises(IllegalActionError) as refused:
        check_action(runner.game.state, last)
    exc = refused.value
    advice = [text for key, text in step.advice if advice_matches(key, exc.code)]
    assert advice, "the step has advice for this refusal"
    source, target = gesture(last, runner.learner)
    start, end = point_of(scene.play, source), point_of(scene.play, target)
    assert start is not None and end is not None
    before = runner.game.state
    frames(app, 2, drag_events(pygame, start, end))
    assert runner.game.state == before, "a refused drop changes nothing"
    assert not scene.message_ok and advice[0] in scene.message, scene.message
    assert "Not possible" in scene.play.flash_text  # the board still says why, where the piece was let go


# --- a step's own board, marks that follow the turn, messages that go with an undo ---


@pytest.mark.slow
@pytest.mark.parametrize("lesson", [lesson for lesson in LESSONS if any(s.board for s in lesson.steps[1:])],
                         ids=lambda lesson: lesson.id)
def test_a_new_step_board_is_announced_on_the_card(small, lesson):
    k = next(k for k in range(1, len(lesson.steps)) if lesson.steps[k].board)
    scene = small.open_scene("lesson", runner_for((lesson.id, k - 1)))
    frames(small)
    for text in lesson.steps[k - 1].solution:
        action = parse_action(text)
        if isinstance(action, Homeworld):
            scene.slots = [action.star1, action.star2, action.ship]
            scene.build_home()
        else:
            assert scene.ctl.play(action) is None
    frames(small, 3)
    assert scene.runner.step_index == k
    assert scene.note.startswith("New board:"), scene.note
    for system in scene.runner.position.systems:
        assert system.name in scene.note
    layout = scene.card_layout(small.size)
    shown = " ".join(line.text for line in layout.visible(scene.scroll))
    assert "New board:" in shown, "the announcement is in view, not scrolled away"
    marks = scene.marks()
    assert marks[: len(lesson.steps[k].highlights)] == lesson.steps[k].highlights, "the new step's marks"


def test_after_an_overpopulation_the_marker_to_click_is_marked(app):
    from hwgame.tutorial import Highlight

    lesson = lesson_by_id("catastrophe")
    scene = app.open_scene("lesson", LessonRunner(lesson))
    frames(app)
    marker = Highlight("marker", "Beta", BLUE)
    assert scene.marks()[: len(lesson.steps[0].highlights)] == lesson.steps[0].highlights
    assert marker not in scene.marks()
    assert scene.ctl.play(parse_action("move b1 Sol Beta")) is None
    frames(app)
    assert scene.marks() == (marker,)
    # The mark is drawn on the marker itself: its ring shows in the pixels around the marker.
    _, lay, _ = scene.board()
    mbox = next(box for box, color in lay.system("Beta").markers if color == BLUE)
    rect = pygame.Rect(mbox.as_ints()).inflate(16, 16)
    colours = {tuple(app.screen.get_at((x, rect.top + 2)))[:3] for x in range(rect.left, rect.right)}
    colours |= {tuple(app.screen.get_at((rect.centerx, y)))[:3] for y in range(rect.top, rect.top + 8)}
    assert any(r > 200 and b > 150 and g < 200 for r, g, b in colours), "no mark around the marker"


def test_a_message_about_a_move_goes_with_its_undo(app):
    lesson = lesson_by_id("sacrifice")
    scene = app.open_scene("lesson", LessonRunner(lesson))
    frames(app)
    assert scene.ctl.play(parse_action(lesson.steps[0].solution[0])) is None
    frames(app)
    assert "sacrifice" in scene.message.lower()
    frames(app, 2, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="z")])
    assert not scene.runner.game.pending
    assert scene.message == ""
    # A refusal is not about a move: it stays until something else is said.
    scene.ctl.play(parse_action("build g1 Vega"))
    frames(app)
    assert not scene.message_ok and scene.message
    frames(app, 2)
    assert scene.message


# --- the card never cuts its text ---


def assert_card_whole(scene, size) -> None:
    """Every word of the card's paragraphs is on some line, every line fits, and scrolling shows each
    line whole; no text of the screen was cut to fit."""
    th = scene.app.theme
    lay = scene.card_layout(size)
    for line in lay.lines:
        assert th.font(line.size, line.bold).size(line.text)[0] <= lay.view.w, line.text
    text = "".join(words for _role, words, *_ in scene.blocks())
    assert "".join(line.text for line in lay.lines).replace(" ", "") == text.replace(" ", "")
    seen = set()
    for stop in [y for y in lay.stops if y <= lay.max_scroll]:
        seen |= {id(line) for line in lay.visible(stop)}
    assert seen == {id(line) for line in lay.lines}, "some line can never be seen whole"
    labels = {button.text for button in scene.card_buttons}
    assert not [text for text, _w in th.audit.cut if text in labels], th.audit.cut


@pytest.mark.slow
@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_the_card_never_cuts_text_at_1024x700(small, lesson):
    scene = small.open_scene("lesson", LessonRunner(lesson))
    frames(small)
    assert_card_whole(scene, small.size)
    for i, step in enumerate(lesson.steps):
        for _ in range(len(step.hints) + 1):
            scene.hint()
            frames(small, 1)
            assert_card_whole(scene, small.size)
        scene.show_me()
        frames(small, 1)
        assert_card_whole(scene, small.size)
        scene.stop_demo()
        assert_card_whole(scene, small.size)
        for sample in (step.illegal, step.wrong):  # a refusal with its advice, a miss with its reasons
            if not sample:
                continue
            for action in parse_turn(sample):
                scene.ctl.play(action)
                frames(small, 1)
                assert_card_whole(scene, small.size)
            scene.restart_step()
            assert scene.runner.step_index == i
        for text in step.solution:
            action = parse_action(text)
            if isinstance(action, Homeworld):
                scene.slots = [action.star1, action.star2, action.ship]
                scene.build_home()
            else:
                assert scene.ctl.play(action) is None
            frames(small, 2)
            assert_card_whole(scene, small.size)
        assert scene.runner.step_index == i + 1


def test_the_puzzle_card_never_cuts_text_at_1024x700(small):
    for puzzle in PUZZLES:
        scene = small.open_scene("puzzle", puzzle)
        frames(small)
        assert_card_whole(scene, small.size)
        scene.hint()
        frames(small)
        assert_card_whole(scene, small.size)
        scene.show_solution()
        frames(small)
        assert_card_whole(scene, small.size)
        small.scenes.pop(scene)


@pytest.mark.parametrize("which", ["small", "app"])
def test_a_long_japanese_message_scrolls_whole(request, which):
    application = request.getfixturevalue(which)
    scene = application.open_scene("lesson", LessonRunner(LESSONS[0]))
    frames(application)
    long_ja = "これはとても長い日本語の文章で、カードが文字を切らずに折り返してスクロールするかを確かめます。" * 14
    scene.say(long_ja)
    frames(application)
    lay = scene.card_layout(application.size)
    assert lay.max_scroll > 0, "the text is longer than the card"
    assert_card_whole(scene, application.size)
    # The message is scrolled into view; the wheel over the card and the arrow keys scroll it.
    assert scene.scroll == lay.message_top or lay.message_bottom - scene.scroll <= lay.view.h
    assert scene.scroll > 0
    frames(application, 1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_UP, mod=0, unicode="")] * 40)
    assert scene.scroll == 0
    inside = lay.rect.center
    frames(application, 1, [pygame.event.Event(pygame.MOUSEMOTION, pos=inside, rel=(0, 0), buttons=(0, 0, 0)),
                            pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)])
    assert scene.scroll > 0
    frames(application, 1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode="")] * 20)
    assert scene.scroll == lay.max_scroll


# --- the lesson list: check marks drawn, not a glyph; puzzles solved with help ---


def _solve(app, puzzle, help_first: str | None):
    from hwgame.tutorial.solve import winning_turn

    scene = app.open_scene("puzzle", puzzle)
    frames(app)
    if help_first == "show":
        scene.show_me()
        while scene.demo is not None:
            frames(app, 0, dt=0.2)
    elif help_first == "solution":
        scene.show_solution()
    for action in solution(puzzle):
        assert scene.ctl.play(action) is None
    scene.play.request_end_turn()
    frames(app)
    if scene.ctl.session.stage == 2:
        for action in winning_turn(scene.ctl.session.position).turn:
            assert scene.ctl.play(action) is None
        scene.play.request_end_turn()
        frames(app)
    assert scene.ctl.session.solved
    title = app.scenes.top.title
    app.scenes.pop(app.scenes.top)  # the dialog
    app.scenes.pop(app.scenes.top)  # the puzzle
    return title


@pytest.mark.slow
def test_puzzles_solved_with_help_are_kept_and_shown_apart(app):
    from hwgame.app.kit.card import progress_of
    from hwgame.app.scenes.tutorial import DONE, HELPED, LessonList

    a, b, c = PUZZLES[:3]
    assert _solve(app, a, "show") == "Solved with help"
    assert _solve(app, b, "solution") == "Solved with help"
    assert _solve(app, c, None) == "Solved!"
    assert progress_of(app, "puzzle:" + a.id) == (True, 0, True)
    assert progress_of(app, "puzzle:" + b.id) == (True, 0, True)
    assert progress_of(app, "puzzle:" + c.id) == (True, 0, False)
    # Solving again without help makes it a clean solve; with help after a clean one keeps it clean.
    _solve(app, b, None)
    _solve(app, c, "show")
    assert progress_of(app, "puzzle:" + b.id)[2] is False
    assert progress_of(app, "puzzle:" + c.id)[2] is False
    listing = LessonList(app)
    app.scenes.push(listing)
    frames(app)
    marks = [listing.marks.get(id(button)) for button in listing.puzzle_buttons[:4]]
    assert marks == [(HELPED, True), (DONE, False), (DONE, False), None]


def test_finished_lessons_carry_a_drawn_check_mark(app):
    from hwgame.app.kit.card import save_progress
    from hwgame.app.scenes.tutorial import DONE, GUTTER, LessonList

    save_progress(app, LESSONS[0].id, True, len(LESSONS[0].steps))
    listing = LessonList(app)
    app.scenes.push(listing)
    frames(app)
    assert not any("\u2713" in text or "\u2714" in text for text in app.theme.audit.drawn)
    assert not app.theme.audit.missing, app.theme.audit.missing
    row = listing.lesson_buttons[0][1].rect
    gutter = pygame.Rect(row.x - GUTTER, row.y, GUTTER, row.h)
    pixels = [tuple(app.screen.get_at((x, y)))[:3] for x in range(gutter.left, gutter.right)
              for y in range(gutter.top, gutter.bottom)]
    assert DONE in pixels, "the check mark is drawn beside a finished lesson"
    second = listing.lesson_buttons[1][1].rect
    pixels = [tuple(app.screen.get_at((x, y)))[:3] for x in range(second.x - GUTTER, second.x)
              for y in range(second.top, second.bottom)]
    assert DONE not in pixels, "and only there"


# --- every word through the catalogs, when it is drawn ---


class Marked(gettext.NullTranslations):
    """A catalog that wraps every text it is asked for, so a test sees which texts were looked up."""

    def gettext(self, message):
        return "«" + message + "»"

    def ngettext(self, singular, plural, n):
        return "«" + (singular if n == 1 else plural) + "»"

    def pgettext(self, context, message):
        return "«" + message + "»"


def test_every_text_of_the_lesson_card_is_looked_up_when_drawn(app, monkeypatch):
    lesson = lesson_by_id("sacrifice")
    scene = app.open_scene("lesson", LessonRunner(lesson))
    frames(app)
    scene.hint()
    frames(app)
    english = scene.header(), scene.task(), scene.goal(), scene.message
    monkeypatch.setattr(i18n, "_translations", Marked())
    frames(app)
    for words in (scene.header(), scene.task(), scene.goal(), scene.message):
        assert "«" in words, words
    assert all(button.text.startswith("«") for button in scene.card_buttons)
    monkeypatch.setattr(i18n, "_translations", gettext.NullTranslations())
    frames(app)
    assert (scene.header(), scene.task(), scene.goal(), scene.message) == english, "nothing kept from before"
    assert not any("«" in b.text for b in scene.card_buttons)


def test_the_lessons_answers_follow_a_change_of_language(app):
    lesson = lesson_by_id("build")
    scene = app.open_scene("lesson", LessonRunner(lesson))
    frames(app)
    for text in lesson.steps[0].solution:
        assert scene.ctl.play(parse_action(text)) is None
    frames(app)
    feedback = scene.ctl.feedback
    assert feedback.step_done and lesson.steps[0].done in feedback.message
    english = scene.message
    i18n.set_language("ja")
    frames(app)
    assert scene.message != english and i18n._(lesson.steps[0].done) in scene.message
    assert scene.task() == i18n._(lesson.steps[1].instruction) != lesson.steps[1].instruction
    i18n.set_language("en")
    frames(app)
    assert scene.message == english
