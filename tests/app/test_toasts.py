"""The window's short messages: they stack in one strip each screen keeps free of text, and cover no
text of any screen at 1024x700, 1280x800 and 1920x1080, as the screens' audit sees the lines drawn and
as the pixels of every text show."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from hwgame import persist
from hwgame.app.control.controller import COMPUTER, HUMAN
from hwgame.app.control.flow import PlayController
from hwgame.app.control.options import GameConfig
from hwgame.app.kit.dialogs import Dialog, StarChooser
from hwgame.app.scenes.replay import ReplayScene
from hwgame.app.tools.samples import busy_game, finished_game
from hwgame.app.view import theme as T
from hwgame.app.view.theme import TextAudit
from hwgame.app.view.toasts import MOST, Toasts, clear_of, place_toasts
from hwgame.rules import Discover
from hwgame.tutorial import LESSONS, PUZZLES, LessonRunner

from .helpers import make_app, run_frames
from .test_text_fits import _reviewed

SIZES = [(1024, 700), (1280, 800), (1920, 1080)]
SAVED = "Saved as \u201cEvening game\u201d."
EXPORTED = "Exported as an SDG transcript to /home/player/.local/share/hwgame/exports/Evening game.txt"
MARK = (255, 0, 255)  # every text of the screens is drawn in this colour while the pixels are looked at


def _play(app):
    game = busy_game(11, 70)
    seats = (HUMAN, COMPUTER) if game.to_move == 0 else (COMPUTER, HUMAN)
    ctl = PlayController(game, seats, ("beginner", "beginner"), app.opponent, on_commit=lambda g: None)
    scene = app.make_scene("play", ctl)
    app._open(scene)
    return scene


def _over_play(make: Callable) -> Callable:
    def build(app):
        scene = _play(app)
        app.scenes.push(make(app, scene))

    return build


def _chooser(app, play):
    discovers = [a for a in play.ctl.legal if isinstance(a, Discover)]
    return StarChooser(app, [a for a in discovers if a.ship == discovers[0].ship], lambda a: None)


def _replay(review: bool) -> Callable:
    def build(app):
        game = finished_game(5)
        scene = ReplayScene(app, game, name="Evening game")
        if review:
            scene.review, scene.show_review = _reviewed(game), True
        app.scenes.reset(scene)

    return build


def _dialog_over_replay(app):
    _replay(False)(app)
    app.scenes.push(Dialog(app, "Continue from here", ["A new game starts from the board shown."],
                           [("New game", None), ("Cancel", None)], width=620, column=True))


def _named(name: str, *args) -> Callable:
    def build(app):
        app.scenes.reset(app.make_scene("title"))
        app.open_scene(name, *args)

    return build


def _setup(app):
    app.new_game(GameConfig(("Player", "Computer"), ("human", "computer"), ("beginner", "beginner")))


def _saved_games(app):
    for i, name in enumerate(("Evening game", "Hotseat with Sam", "A quick win")):
        persist.save_game(busy_game(11 + i, 30 + 5 * i), name)
    _named("load")(app)


SCREENS: dict[str, Callable] = {
    "title": lambda app: app.scenes.reset(app.make_scene("title")),
    "new-game": _named("new-game"),
    "setup": _setup,
    "play": _play,
    "game-menu": _over_play(lambda app, play: app.make_scene("game-menu", play)),
    "star-chooser": _over_play(_chooser),
    "save-as": _over_play(lambda app, play: app.make_scene("save-as", play.ctl)),
    "game-over": lambda app: app.open_game(finished_game(), None),
    "load": _saved_games,
    "import": _named("import"),
    "replay": _replay(False),
    "review": _replay(True),
    "dialog": _dialog_over_replay,
    "statistics": _named("statistics"),
    "settings": _named("settings"),
    "rules": _named("rules"),
    "reference": _named("reference"),
    "lessons": _named("lessons"),
    "lesson": lambda app: app.open_scene("lesson", LessonRunner(LESSONS[3])),
    "puzzle": lambda app: app.open_scene("puzzle", PUZZLES[0]),
    "shortcuts": _named("shortcuts"),
}


def _inked(pixel) -> bool:
    """A pixel of a text drawn in ``MARK``, whole or dimmed by an overlay's veil."""
    r, g, b = pixel[:3]
    return min(r, b) > 60 and abs(r - b) < 40 and g < 0.35 * min(r, b)


@pytest.fixture
def marked_text(monkeypatch):
    """Every text of the screens drawn in ``MARK``, so that its pixels are found wherever it is drawn
    (on the window, or into a picture the window shows later, such as the board's)."""
    original = T.Theme.text

    def text(self, words, size, color=T.TEXT, bold=False):
        return original(self, words, size, MARK, bold)

    monkeypatch.setattr(T.Theme, "text", text)


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES, ids=["1024x700", "1280x800", "1920x1080"])
def test_messages_cover_no_text_of_any_screen(screen, data_dir, marked_text, size):
    screen = pygame.display.set_mode(size)
    app = make_app(screen, still=True, boot=True)
    app.theme.audit = audit = TextAudit()
    before: list[pygame.Surface] = []
    draw = app._draw_toasts

    def spy(surface):
        before.append(surface.copy())  # the screen as drawn, before the messages go over it
        draw(surface)

    app._draw_toasts = spy
    found = []
    try:
        for name, build in SCREENS.items():
            build(app)
            run_frames(app, screen, frames=3)
            app.toasts = Toasts()
            app.toast(SAVED, 30.0)
            app.toast(EXPORTED, 30.0)
            before.clear()
            audit.clear()
            run_frames(app, screen, frames=1)
            toasts = list(audit.toasts)
            assert toasts, f"{name}: no message drawn"
            assert all(screen.get_rect().contains(t) for t in toasts), name
            if audit.under_toasts:
                found.append(f"{name}: a message over {sorted(audit.under_toasts)[:3]}")
            shot = before[-1]
            inked = [(x, y) for t in toasts for x in range(t.left, t.right, 2) for y in range(t.top, t.bottom, 2)
                     if _inked(shot.get_at((x, y)))]
            if inked:
                found.append(f"{name}: a message over the text at {inked[:3]}")
            assert not [text for text, _w in audit.cut if text in (SAVED, EXPORTED)], f"{name}: a message cut"
            app.toasts = Toasts()
    finally:
        app.shutdown()
        pygame.display.set_mode((1280, 800))
    assert not found, "\n".join(found)


def test_without_marked_text_no_pixel_reads_as_text(screen, data_dir):
    """The pixels the test above reads as text are text's alone: a screen drawn in its own colours has
    none (pieces, panels, the starfield and the board's lines are none of them)."""
    app = make_app(screen, still=True, boot=True)
    for name in ("play", "title", "review"):
        SCREENS[name](app)
        run_frames(app, screen, frames=2)
        w, h = screen.get_size()
        assert not [(x, y) for x in range(0, w, 3) for y in range(0, h, 3) if _inked(screen.get_at((x, y)))], name


def test_messages_stack_newest_first_and_the_same_words_only_once(screen, data_dir):
    app = make_app(screen, still=True, boot=True)
    run_frames(app, screen)
    app.toast("One", 3.0)
    app.toast("Two", 5.0)
    app.toast("One", 4.0)  # the same words again: moved to the top, not shown twice
    assert [t.words for t in app.toasts.shown] == ["Two", "One"] and app.toast_text == "One"
    for n in range(MOST + 2):
        app.toast(f"Message {n}", 9.0)
    assert len(app.toasts.shown) == MOST and app.toast_text == f"Message {MOST + 1}"
    app.toasts = Toasts()
    app.toast("Short", 2.0)
    app.toast("Longer", 6.0)
    assert app.toasts.rest() == 2.0
    app.pass_time(2.5)
    assert [t.words for t in app.toasts.shown] == ["Longer"]
    strip = app.toast_strip(screen.get_size())
    placed = place_toasts(app.theme, strip, ["Newest", "Older"])
    assert [rect.y for rect, _px, _lines in placed] == sorted(rect.y for rect, _px, _lines in placed)
    assert all(strip.contains(rect) for rect, _px, _lines in placed)  # stacked inside the strip


def test_an_overlay_sends_the_messages_beside_its_card():
    strip = pygame.Rect(500, 500, 300, 150)
    card = pygame.Rect(300, 100, 400, 470)
    beside = clear_of(strip, card)
    assert not beside.colliderect(card) and strip.contains(beside)
    assert clear_of(strip, pygame.Rect(0, 0, 100, 100)) == strip
