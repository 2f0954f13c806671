"""The example saves in the project's saves/ folder load, and the script that made them still works."""

from __future__ import annotations

import json
from pathlib import Path

from hwgame.persist import Store
from hwgame.persist.examples import write_examples

SAVES = Path(__file__).resolve().parents[2] / "saves"


def test_the_example_saves_load(saves):
    demo = saves.load(SAVES / "demo-finished.json")
    assert demo.game.is_over()
    assert demo.save.result is not None and demo.save.result.winner is not None
    assert len(demo.game.turns) >= 20
    mid = saves.load(SAVES / "mid-game.json")
    assert not mid.game.is_over()
    assert mid.game.pending, "the mid-game example has a turn in progress"


def test_the_script_writes_loadable_examples(tmp_path):
    written = write_examples(tmp_path)
    assert sorted(p.name for p in written) == ["demo-finished.json", "mid-game.json"]
    store = Store(tmp_path / "data")
    for path in written:
        store.load(path)
        assert json.loads(path.read_text())["created"] == "2025-01-01T12:00:00Z"
