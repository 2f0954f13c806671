"""Writing a file so that a crash, a full disk or a killed process never leaves it half written.

The new content goes to a temporary file in the same folder (so the final rename stays on one file
system), is flushed and fsynced, and only then replaces the old file with ``os.replace``, which is atomic
on every platform Python supports. Before that, the old content is copied to ``NAME.bak``: even a save
that was complete but wrong (a bug, a bad click) can be recovered by hand.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

BACKUP_SUFFIX = ".bak"
TEMP_SUFFIX = ".tmp"
_CHUNK = 1 << 16
# On Windows a file that another program (an indexer, an antivirus) has open cannot be replaced for a
# moment; a few short retries ride that out.
_REPLACE_TRIES = 5


def backup_path(path: Path) -> Path:
    """Where the previous version of ``path`` is kept."""
    return path.with_name(path.name + BACKUP_SUFFIX)


def is_temporary(path: Path) -> bool:
    """True for a temporary file left by an interrupted write (never a save to list)."""
    return path.name.startswith(".") and path.name.endswith(TEMP_SUFFIX)


def _temp_path(path: Path) -> Path:
    return path.with_name(f".{path.name}.{os.getpid()}-{secrets.token_hex(4)}{TEMP_SUFFIX}")


def _write_chunks(handle: BinaryIO, data: bytes) -> None:
    """Write ``data`` in pieces (a separate function so a test can slow it down)."""
    for start in range(0, len(data), _CHUNK):
        handle.write(data[start : start + _CHUNK])


def _fsync_folder(folder: Path) -> None:
    # Makes the rename itself durable. Windows cannot open a folder this way and needs no such step.
    if sys.platform.startswith("win"):
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _replace(source: Path, target: Path) -> None:
    for attempt in range(_REPLACE_TRIES):
        try:
            os.replace(source, target)
            return
        except PermissionError:
            if attempt == _REPLACE_TRIES - 1 or not sys.platform.startswith("win"):
                raise
            time.sleep(0.05 * (attempt + 1))


def _write_new(path: Path, data: bytes) -> None:
    """Put ``data`` at ``path`` through a synced temporary file; on failure leave ``path`` untouched."""
    temp = _temp_path(path)
    try:
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o644)
        with os.fdopen(fd, "wb") as handle:
            _write_chunks(handle, data)
            handle.flush()
            os.fsync(handle.fileno())
        _replace(temp, path)
    except BaseException:
        try:
            temp.unlink()
        except OSError:
            pass
        raise
    _fsync_folder(path.parent)


def atomic_write(path: str | Path, data: bytes, backup: bool = True) -> Path:
    """Replace the file at ``path`` with ``data`` atomically; raise OSError and change nothing on failure.

    With ``backup`` the current content, if any, is first kept in ``NAME.bak`` (itself written atomically,
    so a crash at any moment leaves either the old or the new file complete at ``path``).
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    if backup and path.is_file():
        _write_new(backup_path(path), path.read_bytes())
    _write_new(path, data)
    return path


LOCK_NAME = ".hwgame.lock"
_LOCK_WAIT = 5.0  # seconds: the writes it guards take milliseconds; a stuck holder is not waited for long


@contextlib.contextmanager
def folder_lock(folder: Path) -> Iterator[bool]:
    """Hold the lock of ``folder`` (a file ``.hwgame.lock`` there) while the block runs, so that two
    windows of the game on one data folder never interleave a look at a file and the write that
    depends on it. Yields whether the lock was had: without it (a folder that cannot be written, a
    holder stuck for seconds) the block still runs, each write still atomic on its own."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd = os.open(folder / LOCK_NAME, os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0), 0o644)
    except OSError:
        yield False
        return
    try:
        held = _take(fd)
        try:
            yield held
        finally:
            if held:
                _release(fd)
    finally:
        os.close(fd)


def _take(fd: int) -> bool:
    """Lock the open file ``fd`` for this process, waiting at most ``_LOCK_WAIT`` seconds."""
    deadline = time.monotonic() + _LOCK_WAIT
    while True:
        try:
            if sys.platform.startswith("win"):
                import msvcrt

                msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
            else:
                import fcntl

                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except OSError:
            if time.monotonic() > deadline:
                return False
            time.sleep(0.01)


def _release(fd: int) -> None:
    try:
        if sys.platform.startswith("win"):
            import msvcrt

            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
        else:
            import fcntl

            fcntl.flock(fd, fcntl.LOCK_UN)
    except OSError:
        pass  # closing the file lets the lock go anyway


def _writer_of(path: Path) -> int | None:
    """The process id a temporary file's name records (``.NAME.PID-HEX.tmp``), or None."""
    stem = path.name[: -len(TEMP_SUFFIX)]
    pid_part = stem.rsplit(".", 1)[-1].split("-", 1)[0]
    return int(pid_part) if pid_part.isdigit() and len(pid_part) <= 10 else None


def _process_gone(pid: int | None) -> bool:
    """True when no process ``pid`` runs on this machine (never claimed where it cannot be told)."""
    if pid is None or pid == os.getpid() or sys.platform.startswith("win"):
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except (PermissionError, OverflowError, OSError):
        return False  # a process of another user holds that id: alive, as far as we can tell
    return False


def stale_temporaries(folder: Path, older_than: float = 3600.0) -> list[Path]:
    """Temporary files in ``folder`` left by interrupted writes: the process that wrote one is gone
    (where that can be told), or it was left more than ``older_than`` seconds ago."""
    now = time.time()
    found = []
    try:
        entries = list(folder.iterdir())
    except OSError:
        return []
    for p in entries:
        try:
            if is_temporary(p) and (_process_gone(_writer_of(p)) or now - p.stat().st_mtime > older_than):
                found.append(p)
        except OSError:
            continue
    return found
