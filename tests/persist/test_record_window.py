"""A finished game the record cannot take at once (another window holds its lock) counts as recorded
only once it is written: it waits, is shown meanwhile, and goes in at the next try or the next start."""

from __future__ import annotations

import json
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from hwgame import persist  # noqa: E402
from hwgame.app.control.controller import COMPUTER, HUMAN  # noqa: E402
from hwgame.app.control.options import GameConfig  # noqa: E402
from hwgame.persist import record as rec  # noqa: E402

from ..app.helpers import make_app, run_frames  # noqa: E402


@pytest.fixture
def screen(monkeypatch):
    monkeypatch.setenv("LANGUAGE", "en")
    pygame.display.init()
    pygame.font.init()
    return pygame.display.set_mode((1280, 800))


def test_a_game_the_record_cannot_take_yet_waits_and_goes_in_later(screen, data_dir, monkeypatch):
    monkeypatch.setattr(rec, "LOCK_WAIT", 0.1)
    record_path = persist.default_store().record_path
    lock = record_path.with_name("record.json.lock")
    lock.parent.mkdir(parents=True, exist_ok=True)
    lock.write_text(str(os.getppid()))  # another window, alive, in the middle of a write
    app = make_app(screen, still=True)
    app.new_game(GameConfig(("Ann", "Hal"), (HUMAN, COMPUTER), ("easy", "easy"), auto_setup=True))
    run_frames(app, screen)
    ctl = app.playing
    ctl.opponent.cancel()
    ctl.game.resign(1)
    app.autosave(ctl)
    assert "not added to the record" in app.toast_text and "kept" in app.toast_text
    assert ctl.game not in app._recorded
    assert not record_path.exists()
    assert len(persist.game_record().games) == 1  # shown while it waits
    lock.unlink()
    make_app(screen, still=True)  # the next start writes what waited
    assert len(json.loads(record_path.read_text())["games"]) == 1
    assert not [p for p in record_path.parent.iterdir() if ".pending-" in p.name]
    app.autosave(ctl)  # the first window tries again: the game is there already, once
    assert ctl.game in app._recorded
    assert len(persist.game_record().games) == 1
