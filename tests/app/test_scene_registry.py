"""Scenes by name: the table behind ``app.open_scene``, scene modules that never import each other, and
the tutorial's coaching card composed over a play screen on the scene stack."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from hwgame.app.kit.card import LessonCard
from hwgame.app.kit.dialogs import ChoiceMenu
from hwgame.app.scenes import SCENES, UnknownSceneError, scene_class
from hwgame.app.scenes.lesson import LessonScene
from hwgame.app.scenes.menu import GameMenu
from hwgame.app.scenes.play import PlayScene
from hwgame.app.scenes.puzzle import PuzzleScene
from hwgame.app.scenes.tutorial import LessonList
from hwgame.app.stage import Scene, SceneStack
from hwgame.tutorial import LESSONS, PUZZLES, LessonRunner

from .helpers import click, key, make_app, run_frames

SCENES_DIR = Path(__file__).resolve().parents[2] / "hwgame" / "app" / "scenes"


@pytest.mark.parametrize("name", sorted(SCENES))
def test_every_name_is_a_scene_class(name):
    cls = scene_class(name)
    assert isinstance(cls, type) and issubclass(cls, Scene)


def test_an_unknown_name_is_a_clear_error(screen, data_dir):
    app = make_app(screen)
    with pytest.raises(UnknownSceneError) as caught:
        app.open_scene("no-such-screen")
    message = str(caught.value)
    assert "'no-such-screen'" in message and "load" in message and "play" in message
    assert isinstance(caught.value, LookupError) and app.scenes.top is None


def _imports(path: Path) -> list[tuple[int, str]]:
    """(line, module) of every import in a scene module, inside functions too, as absolute names
    (``from . import x`` gives the package's ``x``)."""
    package = ["hwgame", "app", "scenes"]
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = ".".join(package[: len(package) + 1 - node.level]) if node.level else ""
            if node.module:
                out.append((node.lineno, f"{base}.{node.module}" if base else node.module))
            else:
                out += [(node.lineno, f"{base}.{alias.name}") for alias in node.names]
    return out


def test_no_scene_module_imports_another():
    found = []
    for path in sorted(SCENES_DIR.glob("*.py")):
        for line, module in _imports(path):
            if module == "hwgame.app.scenes" or module.startswith("hwgame.app.scenes."):
                found.append(f"{path.name}:{line}: {module}")
    assert found == []


def test_every_scene_module_holds_a_screen_of_the_table():
    from hwgame.app.scenes import SCENES

    screens = {where.partition(":")[0] for where in SCENES.values()}
    modules = {p.stem for p in SCENES_DIR.glob("*.py")} - {"__init__"}
    assert modules == screens


def test_no_scene_module_is_loaded_before_a_scene_is_made():
    code = ("import sys, hwgame.app.app, hwgame.app.scenes; "
            "print(sorted(m for m in sys.modules if m.startswith('hwgame.app.scenes.')))")
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True, env=env)
    assert out.stdout.strip().splitlines()[-1] == "[]"


class _Probe(Scene):
    """A scene that notes what the stack does to it."""

    def __init__(self, app, log, name):
        super().__init__(app)
        self.log, self.name = log, name

    def resume(self):
        self.log.append(f"resume {self.name}")

    def pause(self):
        self.log.append(f"pause {self.name}")

    def close(self):
        self.log.append(f"close {self.name}")


def test_a_composed_overlay_enters_and_leaves_with_the_scene_under_it():
    log: list[str] = []
    stack = SceneStack()
    home = _Probe(None, log, "home")
    stack.push(home)
    board, card = _Probe(None, log, "board"), _Probe(None, log, "card")
    card.under = board
    stack.push(card)
    assert stack.scenes == [home, board, card]
    other_board, other_card = _Probe(None, log, "board2"), _Probe(None, log, "card2")
    other_card.under = other_board
    stack.replace(other_card)
    assert stack.scenes == [home, other_board, other_card]
    assert "close board" in log and "close card" in log
    del log[:]
    stack.pop(other_card)
    assert stack.scenes == [home]
    assert log == ["pause card2", "close card2", "pause board2", "close board2", "resume home"]


def test_a_lesson_is_a_play_screen_with_the_card_over_it(screen, data_dir):
    app = make_app(screen, still=True, boot=True)
    lessons = app.open_scene("lessons")
    card = app.open_scene("lesson", LessonRunner(LESSONS[1]))
    run_frames(app, screen, frames=2)
    assert isinstance(card, LessonScene) and isinstance(card, LessonCard) and not card.opaque
    assert app.scenes.scenes[-3:] == [lessons, card.play, card]
    assert isinstance(card.play, PlayScene) and card.play.card is card and card.play.ctl is card.ctl
    assert not card.play.narrates  # the card says what happened; the board starts below it
    screen_box, _, _ = card.play.layouts(app.size, card.shown())
    assert screen_box.board.y >= card.card_height(app.size)
    card.leave()
    assert app.scenes.top is lessons and card.play not in app.scenes.scenes


def test_the_panel_and_escape_reach_the_card(screen, data_dir):
    app = make_app(screen, still=True, boot=True)
    card = app.open_scene("puzzle", PUZZLES[0])
    run_frames(app, screen, frames=2)
    panel = card.play.panel
    run_frames(app, screen, click(panel.hint.rect.center))
    assert card.message == "Hint: " + PUZZLES[0].hint
    run_frames(app, screen, click(panel.menu.rect.center))
    menu = app.scenes.top
    assert isinstance(menu, ChoiceMenu) and not isinstance(menu, GameMenu) and menu.title == "Tutorial"
    run_frames(app, screen, [key(pygame.K_ESCAPE)])
    assert app.scenes.top is card
    run_frames(app, screen, [key(pygame.K_ESCAPE)])
    assert isinstance(app.scenes.top, ChoiceMenu)
    labels = [b.text for b in app.scenes.top.buttons]
    run_frames(app, screen, click(app.scenes.top.buttons[labels.index("Back to the list")].rect.center))
    assert card not in app.scenes.scenes and card.play not in app.scenes.scenes


def test_next_puzzle_replaces_both_the_card_and_its_board(screen, data_dir):
    app = make_app(screen, still=True, boot=True)
    app.open_scene("lessons")
    first = app.open_scene("puzzle", PUZZLES[0])
    second = app.replace_scene("puzzle", PUZZLES[1])
    assert isinstance(second, PuzzleScene) and second.puzzle is PUZZLES[1]
    assert isinstance(app.scenes.scenes[-3], LessonList)
    assert app.scenes.scenes[-2:] == [second.play, second]
    assert first not in app.scenes.scenes and first.play not in app.scenes.scenes


def test_the_puzzle_of_the_day_heads_the_list_and_opens_from_its_real_game(screen, data_dir):
    from hwgame.tutorial import puzzle_of_the_day

    app = make_app(screen, still=True, boot=True)
    listing = app.open_scene("lessons")
    run_frames(app, screen)
    daily = puzzle_of_the_day()
    assert daily is not None and listing.daily == daily
    assert listing.daily_button.text.startswith("Puzzle of the day")
    run_frames(app, screen, click(listing.daily_button.rect.center))
    card = app.scenes.top
    assert isinstance(card, PuzzleScene) and card.puzzle is daily
    assert card.header() == (f"Puzzle of the day  ·  {daily.difficulty_name}  ·  from {daily.source}, "
                             f"turn {daily.source_turn}")
    # Solved with its one solution: the card says so, and the list marks it done.
    assert card.ctl.session.submit(daily.known).correct
