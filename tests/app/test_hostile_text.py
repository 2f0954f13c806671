"""Text a file hands the window (titles, names, notes) holding what no font draws or far too much:
it costs its own row at most, never the screen, and is measured and drawn in linear time."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pygame
import pytest

from hwgame import persist
from hwgame.app.panels.save_list import SaveList
from hwgame.app.scenes.saves import LoadScene
from hwgame.app.view.theme import Theme

from .helpers import make_app, run_frames

EXAMPLE = Path(__file__).resolve().parents[2] / "saves" / "mid-game.json"
HOSTILE = ["a\u0000b", "x\ud800y", "a\u001b[2Jb\u0007", "\u2028\u2029\ufeff", "T" * 1_000_000, "ぱ" * 300_000,
           "ー" * 300_000, "a\u0000\ud800 " * 100_000]  # fmt: skip


def _load_screen(app, screen) -> LoadScene:
    app.boot()
    run_frames(app, screen)
    scene = app.open_scene("load")
    run_frames(app, screen, frames=3)
    assert app.scenes.top is scene
    return scene


def test_hostile_titles_cost_their_row_and_every_good_save_still_opens(screen, data_dir):
    data = json.loads(EXAMPLE.read_text())
    folder = persist.default_store().saves_dir
    folder.mkdir(parents=True, exist_ok=True)
    for i, title in enumerate(HOSTILE):
        (folder / f"hostile{i}.json").write_text(json.dumps({**data, "title": title, "game_id": f"h{i}"}))
    (folder / "good.json").write_text(json.dumps({**data, "title": "A fine game"}))
    app = make_app(screen)
    start = time.perf_counter()
    scene = _load_screen(app, screen)
    assert time.perf_counter() - start < 20  # the 1M-character titles are refused unread, not drawn
    rows = {e.name: e for e in scene.list.entries}
    assert all(rows[f"hostile{i}"].error for i in range(len(HOSTILE)))
    assert rows["good"].error is None
    scene.list.select(next(i for i, e in enumerate(scene.list.entries) if e.name == "good"))
    scene.open()
    run_frames(app, screen, frames=2)
    assert type(app.scenes.top).__name__ == "PlayScene"  # the good save opened from the window


@pytest.mark.parametrize("title", HOSTILE)
def test_a_row_whose_text_cannot_be_drawn_is_still_a_row(screen, data_dir, title):
    """Even a title the files would refuse, handed to the list directly, is drawn or costs its row."""
    loaded = persist.load_game(EXAMPLE)
    info = persist.SaveInfo(EXAMPLE, title, False, 0.0, players=tuple(loaded.save.players), rules="standard",
                            title=title, turns_played=3)  # fmt: skip
    good = persist.SaveInfo(EXAMPLE.with_name("good.json"), "good", False, 0.0, title="Good", rules="standard")
    listing = SaveList()
    listing.rect = pygame.Rect(0, 0, 900, 400)
    listing.set_entries([info, good])
    theme = Theme()
    start = time.perf_counter()
    listing.draw(screen, theme)
    assert time.perf_counter() - start < 5


@pytest.mark.slow
@pytest.mark.parametrize("length", [100_000, 1_000_000])
def test_fitting_and_wrapping_a_long_line_takes_linear_time(screen, length):
    theme = Theme()
    for text in ("T" * length, "ぱ" * length, "a\u0000\ud800 " * (length // 4)):
        start = time.perf_counter()
        surf = theme.fit_text(text, 23, 600)
        assert surf.get_width() <= 600
        assert time.perf_counter() - start < 2
    runs = theme.font(20).runs("ab" * (length // 2))  # cut into runs of faces once, not char by char
    assert "".join(piece for _, piece in runs) == "ab" * (length // 2)
