"""Atomic writes: a writer killed at any moment, or a rename or disk that fails, leaves the previous save
complete and loadable; each save keeps the version before it as ``NAME.json.bak``."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from hwgame.persist import SaveError, atomic
from hwgame.persist.atomic import backup_path, is_temporary

from .games import random_game
from .test_roundtrip import assert_same_game

REPO = Path(__file__).resolve().parents[2]

# A process that starts to save a long game over "mine" and stops, for the test to kill it: in the middle
# of writing the backup's temporary file, of the save's temporary file, or just before the rename.
WRITER = textwrap.dedent(
    """
    import sys, time
    from hwgame.persist import atomic
    from hwgame.persist.store import Store
    from tests.persist.games import random_game

    folder, marker, where = sys.argv[1:4]

    def stop():
        open(marker, "w").close()
        time.sleep(120)

    if where in ("backup", "writing"):
        real = atomic._write_chunks
        calls = []
        def slow(handle, data):
            calls.append(1)
            if len(calls) == (1 if where == "backup" else 2):
                handle.write(data[: len(data) // 2])
                handle.flush()
                stop()
            real(handle, data)
        atomic._write_chunks = slow
    else:
        real = atomic._replace
        def late(source, target):
            if target.name == "mine.json":
                stop()
            real(source, target)
        atomic._replace = late

    seed = 0
    game = random_game(seed, max_turns=80)
    while len(game.turns) < 30:
        seed += 1
        game = random_game(seed, max_turns=80)
    Store(folder).save(game, "mine", overwrite=True)
    """
)


def a_game(min_turns: int = 8):
    seed = 100
    while True:
        game = random_game(seed)
        if len(game.turns) >= min_turns:
            return game
        seed += 1


@pytest.mark.slow
@pytest.mark.parametrize("where", ["backup", "writing", "renaming"])
def test_a_writer_killed_mid_save_leaves_the_previous_save(saves, data_dir, tmp_path, where):
    game = a_game()
    path = saves.save(game, "mine")
    before = path.read_bytes()
    marker = tmp_path / "marker"
    proc = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(data_dir), str(marker), where], cwd=REPO, stderr=subprocess.PIPE
    )
    try:
        deadline = time.monotonic() + 60
        while not marker.exists():
            assert proc.poll() is None, proc.stderr.read().decode()
            assert time.monotonic() < deadline, "the writer never started writing"
            time.sleep(0.02)
        leftovers = [p for p in path.parent.iterdir() if is_temporary(p)]
        assert leftovers, "the writer should be in the middle of a temporary file"
    finally:
        proc.kill()
        proc.wait()
    assert path.read_bytes() == before
    assert_same_game(game, saves.load(path).game)
    # The unfinished temporary file is no save: the list does not show it.
    assert [info.name for info in saves.list_saves()] == ["mine"]
    if where != "backup":
        assert backup_path(path).read_bytes() == before


def test_a_failing_rename_leaves_the_previous_save(saves, monkeypatch):
    game = a_game()
    path = saves.save(game, "mine")
    before = path.read_bytes()
    real = os.replace

    def refuse(source, target, *args, **kwargs):
        if Path(target) == path:
            raise PermissionError(errno.EACCES, "Permission denied")
        return real(source, target, *args, **kwargs)

    monkeypatch.setattr(os, "replace", refuse)
    game.undo()
    with pytest.raises(SaveError, match="could not be saved .*Permission denied.*the previous version is intact"):
        saves.save(game, "mine")
    assert path.read_bytes() == before
    assert not [p for p in path.parent.iterdir() if is_temporary(p)]
    monkeypatch.setattr(os, "replace", real)
    saves.load(path)


def test_a_full_disk_leaves_the_previous_save(saves, monkeypatch):
    game = a_game()
    path = saves.save(game, "mine")
    before = path.read_bytes()

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(SaveError, match="No space left on device"):
        saves.autosave(game)
    with pytest.raises(SaveError, match="No space left on device"):
        saves.save(game, "mine")
    assert path.read_bytes() == before
    assert not [p for p in path.parent.iterdir() if is_temporary(p)]


def test_each_save_keeps_the_one_before(saves):
    game = a_game(10)
    first = saves.save(game, "mine")
    first_bytes = first.read_bytes()
    assert not backup_path(first).exists()
    game.undo()
    game.undo()
    saves.save(game, "mine")
    assert backup_path(first).read_bytes() == first_bytes
    assert len(saves.load(backup_path(first)).game.turns) == len(game.turns) + 2


def test_atomic_write_replaces_whole_files(tmp_path):
    path = tmp_path / "sub" / "f.json"
    atomic.atomic_write(path, b"one")
    atomic.atomic_write(path, b"two")
    assert path.read_bytes() == b"two"
    assert backup_path(path).read_bytes() == b"one"
    assert sorted(p.name for p in path.parent.iterdir()) == ["f.json", "f.json.bak"]


def test_stale_temporaries_are_found(tmp_path):
    old = tmp_path / ".x.json.1-ab.tmp"
    old.write_bytes(b"{")
    os.utime(old, (time.time() - 7200, time.time() - 7200))
    (tmp_path / ".y.json.1-cd.tmp").write_bytes(b"{")
    assert atomic.stale_temporaries(tmp_path) == [old]


@pytest.mark.skipif(sys.platform.startswith("win"), reason="whether a process id is alive is not told there")
def test_a_fresh_temporary_whose_writer_is_gone_is_stale_at_once(tmp_path):
    # A killed save leaves its temporary file: the next start sweeps it without waiting an hour.
    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    dead = int(done.stdout)
    orphan = tmp_path / f".x.json.{dead}-ab.tmp"
    orphan.write_bytes(b"{")
    mine = tmp_path / f".y.json.{os.getpid()}-cd.tmp"  # a write of this very process, in progress
    mine.write_bytes(b"{")
    assert atomic.stale_temporaries(tmp_path) == [orphan]


def test_a_failed_first_save_does_not_speak_of_a_previous_version(saves, monkeypatch):
    game = a_game()

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(SaveError) as caught:
        saves.save(game, "first")
    assert "nothing was written" in caught.value.message
    assert "previous version" not in caught.value.message
    assert not (saves.saves_dir / "first.json").exists()


def test_a_store_sweeps_old_temporaries_from_its_folder(saves):
    saves.saves_dir.mkdir(parents=True)
    old = saves.saves_dir / ".mine.json.1-ab.tmp"
    old.write_bytes(b'{"half": ')
    os.utime(old, (time.time() - 7200, time.time() - 7200))
    fresh = saves.saves_dir / ".mine.json.2-cd.tmp"  # perhaps another window writing right now
    fresh.write_bytes(b"{")
    saves.autosave(a_game(2))
    assert not old.exists()
    assert fresh.exists()
