"""Window tests run on SDL's dummy drivers: no screen, no sound card needed."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def system_speaks_english(monkeypatch):
    """The "system language" of the tests is English, whatever the machine running them speaks."""
    monkeypatch.setenv("LANGUAGE", "en")


@pytest.fixture
def screen():
    """A 1280x800 display surface on the dummy driver."""
    pygame.display.init()
    pygame.font.init()
    surface = pygame.display.set_mode((1280, 800))
    yield surface


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    """Saves and settings of the test go to a temporary folder."""
    from hwgame.persist import set_data_dir

    set_data_dir(tmp_path)
    yield tmp_path
    set_data_dir(None)
    monkeypatch.delenv("HWGAME_DATA_DIR", raising=False)
