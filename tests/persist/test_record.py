"""The record of finished games: each game once, replayable, safe from a killed write, a broken file and
two windows writing at once; older games lose their turns but never their results."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from hwgame.persist import SaveError, game_of, game_record, record_game
from hwgame.persist import record as rec
from hwgame.persist.atomic import backup_path, is_temporary
from hwgame.persist.store import Store

from .games import random_game
from .test_roundtrip import assert_same_game

REPO = Path(__file__).resolve().parents[2]


def finished_game(seed: int, min_turns: int = 6):
    """A seeded random game that is over: played on to its end, or resigned by a seat chosen by the seed."""
    while True:
        game = random_game(seed, max_turns=60)
        if len(game.turns) >= min_turns:
            break
        seed += 1000
    if not game.is_over():
        game.restart_turn()
        game.resign(seed % 2)
    return game


def computer_seats(game, level: str = "normal", computer: int = 1) -> list[dict]:
    """The game's seats with the computer at ``level`` in seat ``computer``."""
    return [{"name": name, "kind": "computer", "level": level} if i == computer else {"name": name}
            for i, name in enumerate(game.players)]


def test_a_finished_game_is_recorded_once_and_replays_the_same(saves):
    game = finished_game(1)
    saves.record_game(game, computer_seats(game, "easy"), seat=0)
    saves.record_game(game, computer_seats(game, "easy"), seat=0)  # again: still one entry
    games = saves.read_record().games
    assert len(games) == 1
    entry = games[0]
    assert entry.opponent == "easy" and entry.seat == 0
    assert entry.result.winner == game.outcome().winner
    assert entry.turn_count == len(game.turns)
    assert_same_game(game, game_of(entry))


def test_the_record_lives_in_the_data_folder_beside_the_saves(data_dir):
    game = finished_game(2)
    path = record_game(game, seat=None)
    assert path == data_dir / "record.json"
    assert [g.game_id for g in game_record().games] != []


def test_an_unfinished_game_is_refused():
    game = random_game(5)
    while game.is_over():
        game = random_game(game.turns.__len__() + 7)
    with pytest.raises(ValueError):
        Store().record_game(game)


def test_games_are_kept_oldest_first_with_their_own_results(saves):
    games = [finished_game(seed) for seed in range(10, 14)]
    for game in games:
        saves.record_game(game, seat=0)
    kept = saves.read_record().games
    assert [g.turn_count for g in kept] == [len(g.turns) for g in games]
    assert [g.result.winner for g in kept] == [g.outcome().winner for g in games]


# A process that starts to add a game to the record and stops in the middle of writing it, for the
# test to kill it there.
WRITER = textwrap.dedent(
    """
    import sys, time
    from hwgame.persist import atomic
    from hwgame.persist.store import Store
    from tests.persist.test_record import finished_game

    folder, marker = sys.argv[1:3]
    real = atomic._write_chunks
    def slow(handle, data):
        if b'"games"' in data[:40]:
            handle.write(data[: len(data) // 2])
            handle.flush()
            open(marker, "w").close()
            time.sleep(120)
        real(handle, data)
    atomic._write_chunks = slow
    Store(folder).record_game(finished_game(99), seat=1)
    """
)


@pytest.mark.slow
def test_a_write_killed_midway_leaves_the_record_as_it_was(saves, data_dir, tmp_path):
    first = finished_game(3)
    saves.record_game(first, seat=0)
    before = saves.record_path.read_bytes()
    marker = tmp_path / "marker"
    proc = subprocess.Popen([sys.executable, "-c", WRITER, str(data_dir), str(marker)], cwd=REPO,
                            stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        while not marker.exists():
            assert proc.poll() is None, proc.stderr.read().decode()
            assert time.monotonic() < deadline, "the writer never started writing"
            time.sleep(0.02)
        assert any(is_temporary(p) for p in data_dir.iterdir()), "the writer should be in a temporary file"
    finally:
        proc.kill()
        proc.wait()
    assert saves.record_path.read_bytes() == before
    record = Store(data_dir).read_record()
    assert not record.broken and len(record.games) == 1
    assert_same_game(first, game_of(record.games[0]))
    # The killed window's lock does not stop the next game from going in; its temporary file is swept.
    Store(data_dir).record_game(finished_game(4), seat=0)
    assert len(Store(data_dir).read_record().games) == 2
    assert not any(is_temporary(p) for p in data_dir.iterdir())


def test_a_broken_file_is_read_from_its_backup_kept_aside_and_repaired(saves):
    for seed in (20, 21):
        saves.record_game(finished_game(seed), seat=0)
    path = saves.record_path
    damaged = path.read_bytes()[:-40]  # cut short, as a disk that failed might leave it
    path.write_bytes(damaged)
    record = Store(path.parent).read_record()
    assert record.broken
    assert len(record.games) == 1  # the backup: the record before the second game
    assert record.notice_texts
    saves.record_game(finished_game(22), seat=0)
    assert path.with_name("record.json.broken").read_bytes() == damaged
    repaired = Store(path.parent).read_record()
    assert not repaired.broken and len(repaired.games) == 2
    assert backup_path(path).read_bytes() != damaged  # the backup still holds a record that reads


def test_a_file_that_is_not_a_record_gives_an_empty_record_and_a_notice(saves):
    saves.record_path.parent.mkdir(parents=True, exist_ok=True)
    saves.record_path.write_bytes(b"\xff\xfe not json at all")
    record = saves.read_record()
    assert record.games == [] and record.broken
    assert any("record" in n for n in saves.notices)


def test_an_entry_that_does_not_read_is_left_out_and_the_others_kept(saves):
    for seed in (30, 31, 32):
        saves.record_game(finished_game(seed), seat=0)
    data = json.loads(saves.record_path.read_text())
    data["games"][1]["seat"] = 7
    data["games"][2]["players"] = "nobody"
    saves.record_path.write_text(json.dumps(data))
    record = saves.read_record()
    assert len(record.games) == 1
    assert any("2 games of the record" in n for n in saves.notices)


def test_a_record_of_a_newer_version_is_read_but_never_written_over(saves):
    saves.record_game(finished_game(40), seat=0)
    data = json.loads(saves.record_path.read_text())
    data["schema_version"] = data["writable_from"] = rec.RECORD_VERSION + 1
    saves.record_path.write_text(json.dumps(data))
    before = saves.record_path.read_bytes()
    assert len(saves.read_record().games) == 1
    with pytest.raises(SaveError, match="newer version.*kept and goes into the record"):
        saves.record_game(finished_game(41), seat=0)
    assert saves.record_path.read_bytes() == before
    assert len(saves.read_record().games) == 2  # the refused game waits, shown meanwhile


def test_older_games_lose_their_turns_but_keep_their_results(saves, monkeypatch):
    monkeypatch.setattr(rec, "KEEP_TURNS", 2)
    monkeypatch.setattr(rec, "MAX_GAMES", 3)
    games = [finished_game(seed) for seed in range(50, 54)]
    for game in games:
        saves.record_game(game, seat=0)
    kept = saves.read_record().games
    assert [g.result.winner for g in kept] == [g.outcome().winner for g in games[1:]]
    assert [g.replayable for g in kept] == [False, True, True]
    with pytest.raises(SaveError, match="no longer kept"):
        game_of(kept[0])


def test_a_lock_left_by_a_window_that_is_gone_is_taken_over(saves):
    lock = saves.record_path.with_name("record.json.lock")
    lock.parent.mkdir(parents=True, exist_ok=True)
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    lock.write_text(str(dead.pid))
    saves.record_game(finished_game(60), seat=0)
    assert len(saves.read_record().games) == 1
    assert not lock.exists()


def test_a_lock_held_by_a_live_window_makes_a_write_wait_then_give_up(saves, monkeypatch):
    monkeypatch.setattr(rec, "LOCK_WAIT", 0.2)
    lock = saves.record_path.with_name("record.json.lock")
    lock.parent.mkdir(parents=True, exist_ok=True)
    lock.write_text(str(os.getppid()))  # a process that is alive
    with pytest.raises(SaveError, match="another window"):
        saves.record_game(finished_game(61), seat=0)
    assert not saves.record_path.exists()
    lock.unlink()  # the other window is done: the game that waited goes in with the next write
    assert rec.write_waiting(saves.record_path) == 1
    assert len(saves.read_record().games) == 1 and saves.read_record().pending == 0


# Two windows on one data folder, each recording games as fast as it can.
WINDOW = textwrap.dedent(
    """
    import sys
    from hwgame.persist.store import Store
    from tests.persist.test_record import finished_game

    folder, first = sys.argv[1], int(sys.argv[2])
    for seed in range(first, first + 6):
        Store(folder).record_game(finished_game(seed), seat=0)
    """
)


@pytest.mark.slow
def test_two_windows_recording_at_once_lose_no_game(data_dir):
    procs = [subprocess.Popen([sys.executable, "-c", WINDOW, str(data_dir), str(first)], cwd=REPO,
                              stderr=subprocess.PIPE) for first in (100, 200)]  # fmt: skip
    for proc in procs:
        assert proc.wait(timeout=120) == 0, proc.stderr.read().decode()
    record = Store(data_dir).read_record()
    assert not record.broken
    assert len(record.games) == 12
