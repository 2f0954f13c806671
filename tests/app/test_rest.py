"""A window at rest: each screen says how long its picture stays as it is, and that promise holds.

The window loop sleeps for ``App.rest()`` seconds when nothing moves; these tests check that the
picture drawn after that sleep is the one drawn before it (so sleeping loses nothing), that it does
change once the time is up where something moves by itself (the title's fleets, a caret, a message),
and that a moving screen (an animation, the computer thinking) never rests.
"""

from __future__ import annotations

import math
import time
from concurrent.futures import Future

import pygame
import pytest

from hwgame.app.control.options import GameConfig
from hwgame.app.main import MAX_REST, wait_for_events
from hwgame.app.scenes.play import PlayScene
from hwgame.app.scenes.title import TitleScene, art_rest
from hwgame.app.services.opponent import Opponent
from hwgame.app.stage import Scene, SceneStack
from hwgame.app.view.widgets import TextField

from .helpers import down, make_app, motion, run_frames


def _picture(screen: pygame.Surface) -> bytes:
    return pygame.image.tobytes(screen, "RGB")


def _settle(app, screen, frames: int = 300) -> float:
    """Run frames until the window may rest; return its rest."""
    for _ in range(frames):
        app.step([], 1 / 60, screen)
        if app.rest() > 0:
            return app.rest()
    raise AssertionError("the window never came to rest")


def _wait(app, screen, seconds: float) -> None:
    """What the window loop does after sleeping ``seconds``: the timers move on, then a short frame."""
    app.pass_time(seconds)
    app.step([], 1 / 60, screen)


def _your_turn(app, screen) -> PlayScene:
    app.new_game(GameConfig(("You", "Computer"), ("human", "computer"), ("easy", "easy"), "standard", True))
    scene = app.scenes.top
    assert isinstance(scene, PlayScene)
    return scene


def test_the_title_picture_holds_until_the_fleets_drift(screen, data_dir):
    app = make_app(screen, boot=True)
    rest = _settle(app, screen)
    assert isinstance(app.scenes.top, TitleScene)
    assert 0 < rest <= 1.0
    before = _picture(screen)
    _wait(app, screen, rest * 0.8 - 1 / 60)
    assert _picture(screen) == before  # slept through most of its rest: nothing was missed
    changed = False
    for _ in range(10):  # the art moves a pixel once its rest is over
        _wait(app, screen, app.rest())
        if _picture(screen) != before:
            changed = True
            break
    assert changed


def test_art_rest_is_the_time_to_the_next_pixel_of_drift():
    for t in (0.0, 0.37, 1.9, 3.3):
        rest = art_rest(t)
        assert 0 < rest <= 1.0
    assert art_rest(0.0, horizon=0.05) <= 0.05


def test_the_players_turn_rests_until_input(screen, data_dir):
    app = make_app(screen)
    scene = _your_turn(app, screen)
    assert _settle(app, screen) == math.inf  # nothing moves on the player's own turn
    before = _picture(screen)
    _wait(app, screen, 30.0)  # a long look at the board
    assert _picture(screen) == before
    # The player takes a ship: the picture follows the pointer (the drag is drawn on each event).
    ship = next(pp for pp in scene.layouts(app.size, scene.display_position())[1].pieces() if pp.kind == "ship"
                and getattr(pp.target, "owner", None) == 0)
    centre = (ship.box.x + ship.box.w / 2, ship.box.y + ship.box.h / 2)
    run_frames(app, screen, [down(centre), motion((centre[0] + 40, centre[1] + 40))], 0)
    assert _picture(screen) != before


def test_a_piece_snapping_back_and_a_message_are_drawn_until_they_end(screen, data_dir):
    app = make_app(screen)
    scene = _your_turn(app, screen)
    _settle(app, screen)
    scene.flash("A message")
    rest = app.rest()
    assert 0 < rest < 4.5 and rest == scene.flash_time - 0.6  # still until it begins to fade
    _wait(app, screen, rest)
    assert app.rest() == 0.0  # fading: every frame
    _wait(app, screen, 0.7)
    assert app.rest() == math.inf
    scene.snap = [0, "ship", 1, 0, None, None, 0.0]
    assert app.rest() == 0.0


def test_the_computer_thinking_keeps_the_window_awake(screen, data_dir):
    class Silent:
        """A worker that never answers."""

        def request(self, *args, **kwargs):
            return Future()

        def cancel(self):
            pass

        def shutdown(self, wait=True):
            pass

    app = make_app(screen)
    app.opponent = Opponent(worker=Silent())
    app.new_game(GameConfig(("Computer", "You"), ("computer", "human"), ("easy", "easy"), "standard", False))
    for _ in range(5):
        app.step([], 1 / 60, screen)
    assert app.opponent.thinking
    assert app.rest() == 0.0  # its spinner turns and its answer is awaited


def test_a_toast_rests_until_it_goes(screen, data_dir):
    app = make_app(screen)
    _your_turn(app, screen)
    _settle(app, screen)
    app.toast("Saved", 3.0)
    assert app.rest() == 3.0
    _wait(app, screen, 3.0)
    assert app.rest() == math.inf


def test_a_caret_rests_between_blinks(screen):
    pygame.font.init()
    from hwgame.app.view.theme import Theme

    field = TextField("abc", (10, 10, 200, 40))
    assert field.rest() == math.inf  # no focus, no caret
    field.focused = True
    theme = Theme(False)

    def look() -> bytes:
        screen.fill((0, 0, 0))
        field.draw(screen, theme)
        return _picture(screen)

    shown = look()
    rest = field.rest()
    assert 0 < rest <= 1.0
    field.update(rest * 0.9)
    assert look() == shown
    field.update(rest * 0.2)
    assert look() != shown  # the caret blinked


class _Still(Scene):
    pass


class _Moving(Scene):
    def update(self, dt: float) -> None:
        pass


class _Timer(_Moving):
    def __init__(self, app, seconds: float, opaque: bool = True):
        super().__init__(app)
        self.seconds = seconds
        self.opaque = opaque

    def rest(self) -> float:
        return self.seconds


def test_a_scene_that_does_not_say_when_it_rests_is_taken_to_move():
    assert _Still(None).rest() == math.inf  # nothing changes it but input
    assert _Moving(None).rest() == 0.0  # it has an update: it may animate


def test_the_stack_rests_as_long_as_the_scenes_drawn():
    stack = SceneStack()
    stack.push(_Timer(None, 0.3))  # hidden below an opaque screen: its timer is nobody's business
    stack.push(_Timer(None, 2.0))
    stack.push(_Timer(None, 5.0, opaque=False))
    assert stack.rest() == 2.0
    stack.scenes[0].seconds = 0.0  # but a hidden scene at work keeps the window awake
    assert stack.rest() == 0.0
    assert SceneStack().rest() == math.inf


class _Queue:
    """Just enough of pygame for ``wait_for_events``: a queue of events and a count of looks at it."""

    def __init__(self, events=()):
        self.queue = list(events)
        self.looks = 0
        self.event = self

    def get(self):
        self.looks += 1
        out, self.queue = self.queue, []
        return out


@pytest.mark.slow
def test_waiting_returns_at_once_with_input_and_sleeps_without():
    queued = _Queue(["a key"])
    t0 = time.perf_counter()
    assert wait_for_events(queued, 10.0) == ["a key"]
    assert time.perf_counter() - t0 < 0.05
    assert wait_for_events(_Queue(), 0.0) == []  # moving: no wait at all
    empty = _Queue()
    t0 = time.perf_counter()
    assert wait_for_events(empty, 0.2) == []
    slept = time.perf_counter() - t0
    assert 0.19 <= slept < 0.6
    assert empty.looks < 60  # naps between looks, not a busy loop
    t0 = time.perf_counter()
    wait_for_events(_Queue(), math.inf)
    assert time.perf_counter() - t0 < MAX_REST + 0.5  # a still window still wakes now and then
