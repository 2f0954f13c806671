"""Fixtures of the persist tests: every test gets its own data folder, never the player's real one."""

from __future__ import annotations

import pytest

from hwgame.persist import paths, store


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    """A fresh data folder, set as HWGAME_DATA_DIR for this test and the processes it starts."""
    folder = tmp_path / "data"
    monkeypatch.setattr(paths, "_override", None)
    monkeypatch.setenv(paths.ENV_VAR, str(folder))
    monkeypatch.setattr(store, "_stores", {})
    return folder


@pytest.fixture
def saves(data_dir):
    """A Store on the test's data folder."""
    return store.Store(data_dir)
