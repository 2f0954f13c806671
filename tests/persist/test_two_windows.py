"""Two windows of the game on one data folder (a player started it twice): their autosaves, saves
and settings never spoil each other's, tested with two real processes writing at once."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from hwgame import persist
from hwgame.persist import load_game
from hwgame.persist.atomic import LOCK_NAME, folder_lock
from hwgame.persist.settings_file import read_settings
from hwgame.rules import Game, parse_turn

ROOT = Path(__file__).resolve().parents[2]
TURNS = 25


def _start_shared_game() -> Path:
    game = Game(players=("Vega", "Rigel"))
    for text in ("homeworld y1 g3 g2", "homeworld b1 b3 r2", "build g1 Vega"):
        game.play(parse_turn(text))
    return persist.autosave(game)


@pytest.mark.slow
def test_two_processes_playing_on_one_folder_keep_every_file_whole(data_dir):
    shared = _start_shared_game()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    runs = [subprocess.Popen([sys.executable, "-m", "tests.persist.window_writer", str(seed), str(TURNS), str(shared)],
                             cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            for seed in (1, 2)]  # fmt: skip
    reports = []
    for run in runs:
        out, err = run.communicate(timeout=300)
        assert run.returncode == 0, err[-2000:]
        reports.append(json.loads(out))
    saves = data_dir / "saves"
    # Every file the two wrote is whole: each save loads, no temporary file is left, the settings
    # read without a repair.
    files = sorted(saves.glob("*.json"))
    assert len(files) >= 4  # the shared game, kept by one window and moved on by the other; two own games
    for path in files:
        load_game(path)
    assert not [p for p in saves.iterdir() if p.name.endswith(".tmp")]
    settings, notices = read_settings(data_dir / "settings.json")
    assert notices == [] and 0.5 <= settings.animation_speed <= 2.5
    # Each window's games end exactly as it played them, in the autosave it last wrote to.
    for report in reports:
        for name, (path, turns) in report.items():
            assert len(load_game(Path(path)).game.turns) == turns, name
    ends = {Path(report["shared"][0]) for report in reports}
    assert len(ends) == 2 and shared in ends  # one window kept the game's file, the other moved on


def test_the_folder_lock_is_held_by_one_writer_at_a_time(data_dir, tmp_path):
    folder = tmp_path / "locked"
    with folder_lock(folder) as held:
        assert held and (folder / LOCK_NAME).exists()
        probe = subprocess.run(
            [sys.executable, "-c",
             "import sys; from pathlib import Path; from hwgame.persist import atomic; atomic._LOCK_WAIT = 0.2\n"
             "with atomic.folder_lock(Path(sys.argv[1])) as held: print(held)", str(folder)],
            cwd=ROOT, capture_output=True, text=True, timeout=60,
        )  # fmt: skip
        assert probe.stdout.strip() == "False"  # another process waits, and gives up after its wait
    with folder_lock(folder) as held:
        assert held  # let go at the end of the block
