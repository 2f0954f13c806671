"""The record of finished games against hostile files and states: a date out of range in one entry, a
pipe or a link to a device where the record should be, locks that are stale, in the way or cannot be
removed, a write killed midway, an older or newer copy of the game on the same folder, a record of more
entries than are kept. Each time: a clear message, nothing that hangs, and no game lost."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import textwrap
import threading
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from pydantic import ValidationError

from hwgame.persist import SaveError, lockfile
from hwgame.persist import record as rec
from hwgame.persist.atomic import backup_path, is_temporary
from hwgame.persist.store import Store

from .test_record import REPO, computer_seats, finished_game

BAD_DATES = ["0001-01-01T00:00:00+05:00", "9999-12-31T23:59:59-05:00", "0001-01-01T00:00:00", "9999-12-31T23:00:00Z"]
POSIX = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="pipes and modes of this kind are POSIX")


def soon(action, seconds: float = 8.0):
    """Run ``action`` and return what it returns (or raise what it raises), failing the test if it has
    not ended within ``seconds``: a hang fails instead of stopping the suite."""
    out: dict = {}

    def run() -> None:
        try:
            out["value"] = action()
        except BaseException as exc:  # noqa: BLE001 - handed to the test
            out["error"] = exc

    worker = threading.Thread(target=run, daemon=True)
    start = time.monotonic()
    worker.start()
    worker.join(seconds)
    assert not worker.is_alive(), f"still running after {seconds} s: it hangs"
    out["seconds"] = time.monotonic() - start
    if "error" in out:
        raise out["error"]
    return out["value"]


def recorded(saves: Store, *seeds: int) -> list:
    games = [finished_game(seed) for seed in seeds]
    for game in games:
        saves.record_game(game, computer_seats(game), seat=0)
    return games


def entries_in_file(path: Path) -> list:
    return json.loads(path.read_text(encoding="utf-8"))["games"]


def waiting_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.name.startswith("record.json.pending-"))


# --- a date out of range in one entry ---
@pytest.mark.parametrize("date", BAD_DATES)
def test_a_date_out_of_range_is_a_refusal_never_an_exception_of_another_kind(date):
    entry = rec.entry_of(Store().snapshot(finished_game(70), None), 0).model_dump(mode="json")
    entry["finished"] = date
    with pytest.raises(ValidationError) as caught:
        rec.RecordedGame.model_validate(entry)
    assert "finished" in str(caught.value)


@pytest.mark.parametrize("date", BAD_DATES[:2])
def test_one_entry_with_a_date_out_of_range_hides_no_other_and_recording_goes_on(saves, date):
    games = recorded(saves, 71, 72, 73)
    data = json.loads(saves.record_path.read_text())
    bad = data["games"][1]
    bad["finished"] = date
    saves.record_path.write_text(json.dumps(data))
    record = saves.read_record()
    assert [g.game_id for g in record.games] == [data["games"][0]["game_id"], data["games"][2]["game_id"]]
    assert not record.broken
    (notice,) = record.notices
    assert "a game of the record could not be read" in notice and "out of the range of dates" in notice
    # Later games go in, and the entry that does not read is kept as it was, for a hand to mend it.
    recorded(saves, 74)
    after = saves.read_record()
    assert len(after.games) == 3 and len(after.kept) == 1
    assert bad in entries_in_file(saves.record_path)
    assert len(games) == 3


def test_an_entry_of_any_shape_is_kept_aside_and_the_rest_read(saves):
    recorded(saves, 75)
    data = json.loads(saves.record_path.read_text())
    data["games"] += [17, None, "text", [1, 2], {"finished": {"deep": [[[[]]]]}}]
    saves.record_path.write_text(json.dumps(data))
    record = saves.read_record()
    assert len(record.games) == 1 and len(record.kept) == 5
    assert any("5 games of the record could not be read" in n for n in record.notices)
    recorded(saves, 76)
    assert entries_in_file(saves.record_path)[:5] == [17, None, "text", [1, 2], {"finished": {"deep": [[[[]]]]}}]


def test_an_entry_with_half_a_surrogate_pair_is_kept_as_it_is_and_recording_goes_on(saves):
    recorded(saves, 77)
    data = json.loads(saves.record_path.read_text())
    data["games"].insert(0, {"game_id": "\ud800", "note": "\udfff"})
    saves.record_path.write_text(json.dumps(data))  # escaped: the file itself is valid UTF-8
    assert len(saves.read_record().kept) == 1
    recorded(saves, 78)
    assert entries_in_file(saves.record_path)[0] == {"game_id": "\ud800", "note": "\udfff"}
    assert len(saves.read_record().games) == 2


def test_a_record_that_would_outgrow_its_size_drops_the_turns_of_older_games_first(saves, monkeypatch):
    games = recorded(saves, 79, 179, 279)
    monkeypatch.setattr(rec, "MAX_BYTES", saves.record_path.stat().st_size + 500)
    games += recorded(saves, 379)
    assert saves.record_path.stat().st_size <= rec.MAX_BYTES
    kept = saves.read_record().games
    assert [g.turn_count for g in kept] == [len(g.turns) for g in games]  # every result is kept
    assert not kept[0].replayable and kept[-1].replayable


# --- a pipe or a device where the record should be ---
@POSIX
def test_a_pipe_as_the_record_neither_blocks_reading_nor_recording(saves):
    path = saves.record_path
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)
    record = soon(saves.read_record)
    assert record.broken and any("not a regular file" in n for n in record.notices)
    game = finished_game(80)
    soon(lambda: saves.record_game(game, seat=0))
    assert stat.S_ISFIFO(os.lstat(path.with_name("record.json.broken")).st_mode)  # moved aside, unread
    assert stat.S_ISREG(os.lstat(path).st_mode)
    assert [g.turn_count for g in saves.read_record().games] == [len(game.turns)]
    assert not path.with_name("record.json.lock").exists() and waiting_files(path.parent) == []


@POSIX
@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_a_link_to_an_endless_device_is_moved_aside_without_being_read(saves):
    path = saves.record_path
    path.parent.mkdir(parents=True, exist_ok=True)
    os.symlink("/dev/zero", path)
    record = soon(saves.read_record, 4)
    assert record.broken and any("not a regular file" in n for n in record.notices)
    soon(lambda: recorded(saves, 81), 4)
    assert os.readlink(path.with_name("record.json.broken")) == "/dev/zero"
    assert len(saves.read_record().games) == 1
    assert sum(p.stat().st_size for p in path.parent.iterdir() if p.is_file() and not p.is_symlink()) < 1_000_000


def test_a_record_far_too_large_is_moved_aside_unread(saves, monkeypatch):
    monkeypatch.setattr(rec, "MAX_BYTES", 10_000)
    path = saves.record_path
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as handle:
        handle.truncate(50_000)
    assert any("far too large" in n for n in saves.read_record().notices)
    recorded(saves, 82)
    assert path.with_name("record.json.broken").stat().st_size == 50_000
    assert len(saves.read_record().games) == 1


# --- locks ---
def _lock(saves: Store) -> Path:
    lock = saves.record_path.with_name("record.json.lock")
    lock.parent.mkdir(parents=True, exist_ok=True)
    return lock


def test_an_empty_lock_left_by_a_killed_writer_is_taken_over_at_once(saves):
    lock = _lock(saves)
    lock.write_bytes(b"")
    past = time.time() - 10
    os.utime(lock, (past, past))
    recorded(saves, 83)
    assert len(saves.read_record().games) == 1 and not lock.exists()


def test_a_fresh_empty_lock_is_waited_for_only_a_moment(saves, monkeypatch):
    monkeypatch.setattr(lockfile, "UNWRITTEN", 0.3)
    lock = _lock(saves)
    lock.write_bytes(b"")
    start = time.monotonic()
    recorded(saves, 84)
    assert time.monotonic() - start < 3 and len(saves.read_record().games) == 1


def test_a_lock_with_a_time_far_in_the_future_is_stale(saves):
    lock = _lock(saves)
    lock.write_text(str(os.getppid()))  # a live process, but a time no lock of a running write has
    future = time.time() + 86_400
    os.utime(lock, (future, future))
    soon(lambda: recorded(saves, 85))
    assert len(saves.read_record().games) == 1


def test_an_empty_folder_as_the_lock_is_removed(saves):
    _lock(saves).mkdir()
    soon(lambda: recorded(saves, 86))
    assert len(saves.read_record().games) == 1 and not _lock(saves).exists()


def test_a_folder_with_files_as_the_lock_ends_the_wait_at_once_and_the_game_waits(saves):
    lock = _lock(saves)
    lock.mkdir()
    (lock / "keep.txt").write_text("mine")
    game = finished_game(87)
    start = time.monotonic()
    with pytest.raises(SaveError, match="folder in the way of the lock.*remove it by hand.*kept"):
        soon(lambda: saves.record_game(game, seat=0))
    assert time.monotonic() - start < 2
    assert (lock / "keep.txt").read_text() == "mine"
    assert len(waiting_files(lock.parent)) == 1
    assert [g.turn_count for g in saves.read_record().games] == [len(game.turns)]  # shown while it waits
    (lock / "keep.txt").unlink()
    lock.rmdir()
    assert rec.write_waiting(saves.record_path) == 1
    assert len(entries_in_file(saves.record_path)) == 1 and waiting_files(lock.parent) == []


@POSIX
def test_a_pipe_as_the_lock_is_removed_without_being_opened(saves):
    os.mkfifo(_lock(saves))
    soon(lambda: recorded(saves, 88))
    assert len(saves.read_record().games) == 1 and not os.path.lexists(_lock(saves))


@POSIX
def test_a_link_as_the_lock_is_removed_not_its_target(saves, tmp_path):
    target = tmp_path / "elsewhere.txt"
    target.write_text("not a lock")
    _lock(saves).symlink_to(target)
    soon(lambda: recorded(saves, 89))
    assert target.read_text() == "not a lock" and not os.path.lexists(_lock(saves))


def modes_hold(folder: Path) -> bool:
    """Whether a folder's mode stops this process from writing in it (not for a superuser)."""
    probe = folder / "probe"
    probe.mkdir(parents=True)
    os.chmod(probe, 0o555)
    try:
        (probe / "file").touch()
    except PermissionError:
        return True
    finally:
        os.chmod(probe, 0o755)
    return False


@POSIX
def test_a_stale_lock_in_a_read_only_folder_is_said_at_once_not_spun_on(saves, tmp_path):
    if not modes_hold(tmp_path):
        pytest.skip("this process writes in read-only folders (a superuser)")
    recorded(saves, 90)
    lock = _lock(saves)
    lock.write_bytes(b"")
    past = time.time() - 100
    os.utime(lock, (past, past))
    folder = lock.parent
    os.chmod(folder, 0o555)
    try:
        start = time.monotonic()
        with pytest.raises(SaveError, match="cannot be removed.*remove it by hand") as caught:
            soon(lambda: recorded(saves, 91))
        assert time.monotonic() - start < 2
        assert "if this window stays open" in str(caught.value)  # the folder cannot keep it either
        assert len(saves.read_record().games) == 2  # waits in memory meanwhile
    finally:
        os.chmod(folder, 0o755)
    lock.unlink()
    assert rec.write_waiting(saves.record_path) == 1
    assert len(entries_in_file(saves.record_path)) == 2


def test_a_lock_held_by_a_live_window_is_waited_for_a_bounded_time(saves, monkeypatch):
    monkeypatch.setattr(rec, "LOCK_WAIT", 0.3)
    _lock(saves).write_text(str(os.getppid()))
    start = time.monotonic()
    with pytest.raises(SaveError, match="another window"):
        soon(lambda: recorded(saves, 92))
    assert time.monotonic() - start < 2


def test_a_lock_taken_over_meanwhile_is_not_removed_by_the_writer_it_was_taken_from(saves):
    lock = _lock(saves)
    with lockfile.locked(saves.record_path):
        # Another window judged the lock stale and put its own in its place.
        theirs = lock.with_name("theirs")
        theirs.write_text(str(os.getppid()))
        os.replace(theirs, lock)
    assert lock.read_text() == str(os.getppid())


# --- a write killed midway ---
# Adds a game to a record of one game and stops in the middle of writing the record itself (its waiting
# file is whole by then), for the test to kill it there with SIGKILL.
KILLED = textwrap.dedent(
    """
    import sys, time
    from hwgame.persist import atomic
    from hwgame.persist.store import Store
    from tests.persist.test_record import finished_game

    folder, marker = sys.argv[1:3]
    real = atomic._write_chunks
    def slow(handle, data):
        if data.count(b'"game_id"') >= 2:  # the record itself (its waiting file and its backup hold one game)
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
@POSIX
def test_a_game_whose_write_was_killed_goes_in_later_and_the_leftovers_are_swept(saves, data_dir, tmp_path):
    recorded(saves, 93)
    before = saves.record_path.read_bytes()
    marker = tmp_path / "marker"
    proc = subprocess.Popen([sys.executable, "-c", KILLED, str(data_dir), str(marker)], cwd=REPO,
                            stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        while not marker.exists():
            assert proc.poll() is None, proc.stderr.read().decode() if proc.stderr else ""
            assert time.monotonic() < deadline, "the writer never started writing"
            time.sleep(0.02)
    finally:
        proc.kill()
        proc.wait()
    temps = [p for p in data_dir.iterdir() if is_temporary(p)]
    assert temps and _lock(saves).exists()
    assert saves.record_path.read_bytes() == before
    waiting = Store(data_dir).read_record()
    assert len(waiting.games) == 2 and waiting.pending == 1  # the killed game, shown while it waits
    start = time.monotonic()
    recorded(Store(data_dir), 94)
    assert time.monotonic() - start < 2  # the killed writer's lock is taken over at once
    assert len(entries_in_file(saves.record_path)) == 3
    assert not any(is_temporary(p) for p in data_dir.iterdir()) and waiting_files(data_dir) == []
    assert not _lock(saves).exists()


def test_old_temporaries_of_the_record_are_swept_and_no_other(saves, data_dir):
    data_dir.mkdir(parents=True, exist_ok=True)
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    leftovers = [data_dir / f".record.json.{dead.pid}-0a0b0c0d.tmp", data_dir / f".record.json.bak.{dead.pid}-1.tmp"]
    others = [data_dir / f".settings.json.{dead.pid}-0a0b0c0d.tmp"]
    for path in leftovers + others:
        path.write_bytes(b"x" * 1000)
    recorded(saves, 95)
    assert not any(p.exists() for p in leftovers) and all(p.exists() for p in others)


def test_a_waiting_game_goes_in_with_the_next_one(saves, monkeypatch):
    monkeypatch.setattr(rec, "LOCK_WAIT", 0.1)
    lock = _lock(saves)
    lock.write_text(str(os.getppid()))
    with pytest.raises(SaveError):
        recorded(saves, 96)
    lock.unlink()
    recorded(saves, 97)
    assert len(entries_in_file(saves.record_path)) == 2 and waiting_files(lock.parent) == []


# --- copies of other versions on one folder ---
def test_the_record_says_its_format_so_that_older_copies_never_write_over_it(saves, monkeypatch):
    game = finished_game(100)
    entry = rec.entry_of(saves.snapshot(game, computer_seats(game)), 0)
    entry = entry.model_copy(update={"handicap": rec.HandicapData(kind="extra-small", seat=0)})
    rec.add_to_record(saves.record_path, entry)
    data = json.loads(saves.record_path.read_text())
    assert data["schema_version"] == 2 > 1 and data["writable_from"] == 2  # format-1 copies only read it
    before = saves.record_path.read_bytes()
    # A copy that writes format 1 only: it reads the file, and leaves it (and its backup) as they are.
    monkeypatch.setattr(rec, "RECORD_VERSION", 1)
    older = Store(saves.record_path.parent)
    assert older.read_record().newer
    for seed in (101, 102):
        with pytest.raises(SaveError, match="newer version"):
            older.record_game(finished_game(seed), seat=0)
    assert saves.record_path.read_bytes() == before
    monkeypatch.setattr(rec, "RECORD_VERSION", 2)
    rec.write_waiting(saves.record_path)  # this version again: the two games that waited go in
    games = saves.read_record().games
    assert len(games) == 3 and sum(g.handicap is not None for g in games) == 1


def test_a_newer_format_that_only_adds_is_written_with_all_it_holds(saves):
    recorded(saves, 103)
    data = json.loads(saves.record_path.read_text())
    data["schema_version"], data["writable_from"], data["colour"] = 3, 2, {"theme": "dark"}
    data["games"][0]["mood"] = "calm"  # a field of format 3
    unknown = dict(data["games"][0], game_id="new-kind", handicap={"kind": "huge-star", "seat": 1})
    data["games"].append(unknown)  # a value this version cannot read
    saves.record_path.write_text(json.dumps(data))
    record = saves.read_record()
    assert not record.newer and len(record.games) == 1 and len(record.kept) == 1
    recorded(saves, 104)
    after = json.loads(saves.record_path.read_text())
    assert after["schema_version"] == 3 and after["writable_from"] == 2 and after["colour"] == {"theme": "dark"}
    assert unknown in after["games"]
    assert [g.get("mood") for g in after["games"] if g["game_id"] != "new-kind"] == ["calm", None]
    assert json.loads(backup_path(saves.record_path).read_text()) == data


def test_a_format_1_record_is_read_and_written_as_format_2(saves):
    recorded(saves, 105)
    data = json.loads(saves.record_path.read_text())
    saves.record_path.write_text(json.dumps({"schema_version": 1, "games": data["games"]}))
    recorded(saves, 106)
    after = json.loads(saves.record_path.read_text())
    assert after["schema_version"] == 2 and len(after["games"]) == 2


# --- a record of more entries than are kept ---
@pytest.mark.slow
def test_a_record_of_more_than_ten_thousand_entries_keeps_its_newest(saves):
    recorded(saves, 107)
    (template,) = entries_in_file(saves.record_path)
    template = dict(template, setup=None, turns=None)
    count = rec.READ_GAMES + 50
    start = datetime(2000, 1, 1, tzinfo=UTC)
    many = [dict(template, game_id=f"g{i}", finished=(start + timedelta(minutes=i)).isoformat())
            for i in range(count)]  # fmt: skip
    newest = [e["game_id"] for e in many[-rec.MAX_GAMES:]]
    saves.record_path.write_text(json.dumps({"schema_version": 2, "games": many, "writable_from": 2}))
    record = saves.read_record()
    assert record.games[-1].game_id == f"g{count - 1}"
    assert any("the oldest 50 are left out" in n for n in record.notices)
    recorded(saves, 108)
    ids = [e["game_id"] for e in entries_in_file(saves.record_path)]
    assert len(ids) == rec.MAX_GAMES and ids[:-1] == newest[1:]
