"""Shared test fixtures."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def games_dir() -> Path | None:
    """The folder of real game records (HWGAME_GAMES_DIR, else ../shared/games), or None if absent."""
    candidates = []
    if os.environ.get("HWGAME_GAMES_DIR"):
        candidates.append(Path(os.environ["HWGAME_GAMES_DIR"]))
    candidates.append(REPO.parent / "shared" / "games")
    for folder in candidates:
        if (folder / "sdg").is_dir():
            return folder
    return None


@pytest.fixture
def sdg_games() -> Path:
    """The folder of SuperDuperGames records; skips the test when it is not on this machine."""
    folder = games_dir()
    if folder is None:
        pytest.skip("the SuperDuperGames archive (../shared/games/sdg) is not on this machine")
    return folder / "sdg"


@pytest.fixture(autouse=True)
def english_by_default():
    """Each test starts in English and leaves the language as it found it, whatever it switched to."""
    from hwgame.i18n import current_language, set_language

    before = current_language()
    set_language("en")
    yield
    set_language(before)


# The suite's own check that every test file is collected (see tests/collection_guard.py).
from tests.collection_guard import pytest_collection_finish, pytest_collectreport  # noqa: E402, F401
