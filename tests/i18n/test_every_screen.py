"""Every screen in every language at 1024x700, the smallest window the game is laid out for: each lesson
and puzzle completed through the controller, the rules pages paged through, the main screens visited.
Every line drawn is audited: none may be cut to fit its box, none may hold a character that no
shipped font draws, none may be drawn over a system of the board (unless on a panel above it), and
no text may be broken inside a word, between a piece's colour and its size or after a lone bullet;
in Japanese and Chinese no English sentence may be left on screen, and no line may break inside a
word of the game or a katakana word, between a number and its counter or inside a key's name, nor
hold only a sentence's last kana (the audit's ``broken``)."""

from __future__ import annotations

import os
import re

import pytest

pytestmark = pytest.mark.slow

pygame = pytest.importorskip("pygame")

from hwgame.i18n import _, set_language  # noqa: E402
from hwgame.rules import Homeworld, parse_action  # noqa: E402
from hwgame.tutorial import LESSONS, PUZZLES, LessonRunner, solution  # noqa: E402
from hwgame.tutorial.solve import WIN_IN_TWO, winning_turn  # noqa: E402

SIZE = (1024, 700)
LANGUAGES = ["en", "ja", "zh-Hant"]
CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]")
ENGLISH_WORD = re.compile(r"\b[A-Za-z]{3,}\b")
# Words that stay as they are in every language: names of the seats, systems and players of the
# lessons and samples, SDG notation's verbs, key names.
KEPT = set(
    "Sol Vega Alpha Beta Gamma Delta North South Player Computer Homeworlds SDG Esc Enter Ctrl Shift Tab "
    "build move trade attack catastrophe sacrifice discover homeworld pass".split()
)


SIZE_AFTER = re.compile(r"^[123](?!\d)")


def bad_breaks(text: str, lines: list[str]) -> list[str]:
    """Where ``text`` was broken into ``lines`` badly: inside a word, between a piece's colour and its
    size ("赤 / 1", "green / 1"), or after a bullet left alone on its line."""
    from hwgame.words import colour_name

    colours = [colour_name(c) for c in range(4)]
    out = []
    for a, b in zip(lines, lines[1:], strict=False):
        head, tail = a.rstrip(), b.lstrip()
        if not head or not tail:
            continue
        if head == "•":
            out.append(f"a bullet alone on its line: {text[:60]!r}")
        elif head[-1].isascii() and head[-1].isalnum() and tail[0].isascii() and tail[0].isalnum() \
                and head + tail in text and f"{head} {tail}" not in text:
            out.append(f"a word broken ({head[-8:]!r} / {tail[:8]!r}): {text[:60]!r}")
        elif SIZE_AFTER.match(tail) and any(head.endswith(colour) for colour in colours):
            out.append(f"a colour parted from its size ({head[-6:]!r} / {tail[:4]!r}): {text[:60]!r}")
    return out


class Audit:
    """The text audit of every theme the app makes."""

    def __init__(self):
        from hwgame.app.view.theme import TextAudit

        self.audit = TextAudit()

    def problems(self, language: str, user_text: str = "") -> list[str]:
        """Lines cut, characters without a glyph and (in Japanese and Chinese) English sentences;
        ``user_text`` holds what the player wrote (save names, file names), which stays as written."""
        out = [f"cut to fit {width:.0f}px: {text[:60]!r}" for text, width in sorted(set(self.audit.cut))]
        out += [f"no glyph for {''.join(sorted(chars))!r} in {text[:40]!r}"
                for text, chars in self.audit.missing.items()]
        out += [f"drawn over the system {system}: {text[:60]!r}" for text, system in sorted(self.audit.overlaps)]
        out += [problem for text, lines in sorted(self.audit.lines.items()) for problem in bad_breaks(text, lines)]
        out += [f"{problem}: {text[:60]!r}"
                for text, problems in sorted(self.audit.broken.items()) for problem in problems]
        if language != "en":
            for text in sorted(self.audit.drawn):
                words = [w for w in ENGLISH_WORD.findall(text) if w not in KEPT]
                if f'"{text}"' in user_text or "/" in text or "\\" in text:
                    continue  # a save's name, a file or folder: the player's words, not the game's
                if len(words) >= 2 and not CJK.search(text):
                    out.append(f"left in English: {text[:60]!r}")
        return out


@pytest.fixture(params=LANGUAGES)
def language(request, monkeypatch):
    monkeypatch.setenv("LANGUAGE", request.param)  # the window starts in the system's language
    set_language(request.param)
    return request.param


@pytest.fixture
def audited(monkeypatch):
    from hwgame.app.view import theme

    audit = Audit()
    original = theme.Theme.__init__

    def init(self, *args, **kwargs):
        original(self, *args, **kwargs)
        self.audit = audit.audit

    monkeypatch.setattr(theme.Theme, "__init__", init)
    return audit


@pytest.fixture
def app(tmp_path, language, audited):
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    from hwgame.app.app import App
    from hwgame.app.main import _parse
    from hwgame.persist import set_data_dir

    set_data_dir(tmp_path)
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode(SIZE)
    application = App(_parse(["--seed", "3"]), SIZE)
    application.strict = True
    application.settings.animation_speed = 0.0
    application.boot()
    application.screen = screen
    yield application
    application.shutdown()
    set_data_dir(None)


def frames(app, n: int = 2, events=()) -> None:
    app.step(list(events), 1 / 60, app.screen)
    for _frame in range(n):
        app.step([], 1 / 60, app.screen)


def _play_homeworld(app, scene, action) -> None:
    _, _, bank = scene.play.layouts(app.size, scene.shown())
    for piece in (action.star1, action.star2, action.ship):
        cell = next(c for c in bank.cells if c.piece == piece)
        center = tuple(round(v) for v in cell.box.center)
        frames(app, 1, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=center, button=1)])
    scene.build_home()


def test_every_lesson_is_completed_in_every_language_and_its_cards_fit(app, language, audited):
    from hwgame.app.kit.dialogs import Dialog

    for lesson in LESSONS:
        scene = app.open_scene("lesson", LessonRunner(lesson))
        frames(app)
        scene.hint()
        frames(app)
        for i, step in enumerate(lesson.steps):
            for text in step.solution:
                action = parse_action(text)
                if isinstance(action, Homeworld):
                    _play_homeworld(app, scene, action)
                else:
                    assert scene.ctl.play(action) is None, (lesson.id, i, text)
                frames(app, 3)
            assert scene.runner.step_index == i + 1, (lesson.id, i, scene.message)
        assert app.settings.tutorial[lesson.id].completed
        assert isinstance(app.scenes.top, Dialog) and app.scenes.top.title == _("Lesson complete")
        while len(app.scenes.scenes) > 1:
            app.scenes.pop(app.scenes.top)
        frames(app, 1)
    found = audited.problems(language)
    assert not found, f"{len(found)} problems at 1024x700 in {language}:\n" + "\n".join(found[:30])


def test_every_strategy_lesson_reads_in_every_language_at_its_first_and_last_position(app, language, audited):
    from hwgame.tutorial.lessons_strategy import STRATEGY_LESSONS
    from hwgame.tutorial.strategy import study_positions

    # The names of real games' players and systems are theirs, drawn as they wrote them.
    names = {name for p in study_positions().values() for name in (*p.players, *(s.name for s in p.position.systems))}
    written = " ".join(f'"{name}"' for name in names)
    for lesson in STRATEGY_LESSONS:
        for step in (0, len(lesson.steps) - 1):
            scene = app.open_scene("strategy", lesson, step)
            frames(app)
            scene.hint()
            frames(app)
            scene.show_taught()
            frames(app, 3)
            assert scene.message and scene.task(), (lesson.id, step)
            while len(app.scenes.scenes) > 1:
                app.scenes.pop(app.scenes.top)
            frames(app, 1)
    found = audited.problems(language, written)
    assert not found, f"{len(found)} problems at 1024x700 in {language}:\n" + "\n".join(found[:30])


def test_every_puzzle_is_solved_in_every_language(app, language, audited):
    from hwgame.app.kit.dialogs import Dialog

    for puzzle in PUZZLES:
        scene = app.open_scene("puzzle", puzzle)
        frames(app)
        for action in solution(puzzle):
            assert scene.ctl.play(action) is None
        scene.play.request_end_turn()
        frames(app, 3)
        if puzzle.kind == WIN_IN_TWO:
            assert scene.ctl.session.stage == 2, (puzzle.id, scene.message)
            for action in winning_turn(scene.ctl.session.position).turn:
                assert scene.ctl.play(action) is None
            scene.play.request_end_turn()
            frames(app, 3)
        assert scene.ctl.session.solved, (puzzle.id, scene.message)
        assert isinstance(app.scenes.top, Dialog) and app.scenes.top.title == _("Solved!")
        while len(app.scenes.scenes) > 1:
            app.scenes.pop(app.scenes.top)
        frames(app, 1)
    found = audited.problems(language)
    assert not found, f"{len(found)} problems at 1024x700 in {language}:\n" + "\n".join(found[:30])


def test_the_rules_pages_and_lesson_list_fit_in_every_language(app, language, audited):
    page_down = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode="")
    for name in ("lessons", "reference", "rules", "settings"):
        scene = app.open_scene(name)
        frames(app)
        for _page in range(12):
            frames(app, 1, [page_down])
        if hasattr(scene, "open_full"):
            scene.open_full()
            frames(app)
            for _page in range(20):
                frames(app, 1, [page_down])
            app.scenes.pop(app.scenes.top)
        app.scenes.pop(scene)
        frames(app, 1)
    found = audited.problems(language)
    assert not found, f"{len(found)} problems at 1024x700 in {language}:\n" + "\n".join(found[:30])


# The main screens at the smallest window, at 1280x800, and as a 1920x1080 window draws them (its canvas:
# the screens at 1422x800, shown 1.35 times larger).
MAIN_SIZES = [(1024, 700), (1280, 800), (1422, 800)]


@pytest.mark.parametrize("size", MAIN_SIZES, ids=["1024x700", "1280x800", "1920x1080"])
def test_the_main_screens_fit_in_every_language(tmp_path, language, audited, size):
    from hwgame.app.tools.screenshots import render_all
    from hwgame.app.view.canvas import logical_size

    assert logical_size((1920, 1080)) == MAIN_SIZES[-1]
    shots = render_all(tmp_path / "shots", extra=True, size=size)
    assert len(shots) >= 10
    data = tmp_path / "shots" / "data"
    user_text = " ".join(
        [f'"{p.name}" "{p.stem}"' for p in data.rglob("*")]
        + [p.read_text(encoding="utf-8", errors="replace") for p in data.rglob("*") if p.is_file()]
    )
    found = audited.problems(language, user_text)
    assert not found, f"{len(found)} problems at {size} in {language}:\n" + "\n".join(found[:30])


def test_the_audit_finds_a_bad_break_and_passes_a_good_one():
    set_language("en")
    assert bad_breaks("Move a green 1 to Alpha", ["Move a green", "1 to Alpha"])
    assert bad_breaks("Discover Alpha now", ["Discover Alph", "a now"])
    assert bad_breaks("• Build a ship", ["•", "Build a ship"])
    assert not bad_breaks("Move a green 1 to Alpha", ["Move a green 1", "to Alpha"])
    audit = Audit()
    audit.audit.wrapped("（または犠牲）", ["（または犠", "牲）"])
    audit.audit.wrapped("2つの恒星", ["2", "つの恒星"])
    audit.audit.wrapped("（または犠牲）", ["（または", "犠牲）"])
    found = audit.problems("ja")
    assert len(found) == 2, found
    assert any("犠牲" in problem for problem in found) and any("counter" in problem for problem in found)
