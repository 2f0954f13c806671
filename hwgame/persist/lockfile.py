"""A lock file that lets one writer at a time change a file, and that a stopped writer never leaves stuck.

The lock is a small file created beside the file it guards (``NAME.lock``, made with ``O_EXCL``, so only
one process can make it) holding the process id of its writer. Whatever is found at the lock's name, the
wait for it is bounded and always ends, with the lock or with a one-line ``SaveError``:

- a lock whose writer is gone (its process id no longer runs), that holds no process id a moment after
  it was made (the writer was stopped before it wrote one), or that is older than ``stale`` seconds was
  left by a writer that stopped in the middle: it is taken over;
- anything else at the lock's name (a folder, a pipe, a link, a device) is no lock of ours: it is
  removed when that loses nothing (an empty folder, a pipe, a link), else the error says to remove it;
- a stale lock that cannot be removed (a read-only folder) is an error at once, not a wait.

Nothing at the lock's name is ever opened in a way that could block: a pipe is looked at, not read.
"""

from __future__ import annotations

import os
import secrets
import stat
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from ..i18n import N_
from .atomic import TEMP_SUFFIX, _process_gone
from .errors import file_error, worded

LOCK_SUFFIX = ".lock"
WAIT = 5.0  # seconds a writer waits for another one: the writes a lock guards take milliseconds
STALE = 30.0  # a lock older than this, whoever holds it, was left by a writer that stopped
UNWRITTEN = 2.0  # a lock still without its process id this long after it was made: its writer stopped
_TAKEOVERS = 10  # stale locks taken over at once, at most, before the wait's deadline decides
_PID_BYTES = 32  # a process id is a few digits: more than this is no lock of ours


def lock_path(path: Path) -> Path:
    """The lock file of ``path``."""
    return path.with_name(path.name + LOCK_SUFFIX)


@contextmanager
def locked(path: Path, wait: float = WAIT, stale: float = STALE) -> Iterator[None]:
    """Hold the lock of ``path`` while the block runs; wait at most ``wait`` seconds for another
    writer, then raise SaveError (as at once for a lock that is in the way and cannot be removed)."""
    lock = lock_path(path)
    mine = _take(path, lock, wait, stale)
    try:
        yield
    finally:
        _let_go(lock, mine)


def _take(path: Path, lock: Path, wait: float, stale: float) -> os.stat_result:
    """Make the lock file and write this process's id in it; return what the file is (to let it go)."""
    deadline = time.monotonic() + wait
    takeovers = 0
    while True:
        try:
            fd = os.open(lock, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o644)
        except FileExistsError:
            if takeovers < _TAKEOVERS and _clear_if_stale(path, lock, stale):
                takeovers += 1
                continue
            if time.monotonic() >= deadline:
                raise file_error(path, worded(N_("is being written by another window")),
                                 of_file=False) from None
            time.sleep(0.02)
            continue
        except OSError as exc:
            raise file_error(path, worded(N_("could not be written: {why}"), why=exc.strerror or str(exc))) from None
        try:
            os.write(fd, str(os.getpid()).encode("ascii"))
            return os.fstat(fd)
        except OSError as exc:
            _let_go(lock, None)
            raise file_error(path, worded(N_("could not be written: {why}"), why=exc.strerror or str(exc))) from None
        finally:
            os.close(fd)


def _let_go(lock: Path, mine: os.stat_result | None) -> None:
    """Remove the lock file if it is still the one this process made (``mine``; None: whatever is there
    was made by this process a moment ago). A lock taken over meanwhile by another writer is left."""
    try:
        if mine is not None and not _same(os.lstat(lock), mine):
            return
        os.unlink(lock)
    except OSError:
        pass


def _same(a: os.stat_result, b: os.stat_result) -> bool:
    """True when ``a`` and ``b`` describe one file (its time too: a file number can be used again)."""
    return (a.st_ino, a.st_dev, a.st_mtime_ns) == (b.st_ino, b.st_dev, b.st_mtime_ns)


def _clear_if_stale(path: Path, lock: Path, stale: float) -> bool:
    """Remove what is at the lock's name if it is a stale lock or no lock at all; return True when the
    name is free again. Raise SaveError when it should go and cannot (the wait would never end)."""
    try:
        info = os.lstat(lock)
    except FileNotFoundError:
        return True  # let go meanwhile
    except OSError:
        return False  # cannot be looked at now: waited for, up to the deadline
    if stat.S_ISREG(info.st_mode) and not _is_stale(lock, info, stale):
        return False
    try:
        _remove(lock, info)
    except FileNotFoundError:
        return True
    except OSError as exc:
        why = exc.strerror or str(exc)
        if stat.S_ISDIR(info.st_mode):
            problem = worded(N_("is a folder in the way of the lock of {file}: remove it by hand"), file=path.name)
        elif stat.S_ISREG(info.st_mode):
            problem = worded(N_("is left by a window that stopped while writing {file} and cannot be removed "
                                "({why}): remove it by hand"), file=path.name, why=why)
        else:
            problem = worded(N_("is in the way of the lock of {file} (it is not a lock file) and cannot be "
                                "removed ({why}): remove it by hand"), file=path.name, why=why)
        raise file_error(lock, problem) from None
    return True


def _is_stale(lock: Path, info: os.stat_result, stale: float) -> bool:
    """True when the lock file ``info`` describes was left by a writer that stopped."""
    age = abs(time.time() - info.st_mtime)  # a time far in the future is as suspect as one far past
    if age > stale:
        return True
    text = _pid_text(lock, info)
    if text is None:
        return False  # cannot be read now: waited for, up to the deadline
    if not text:
        return age > UNWRITTEN  # made and not yet written, or never to be: its writer stopped in between
    if not (text.isdigit() and len(text) <= 10):
        return True  # not a lock this game writes
    return _process_gone(int(text))


def _pid_text(lock: Path, info: os.stat_result) -> str | None:
    """What the lock file holds (a process id), read without waiting and only if it is still the file
    ``info`` describes; None when it cannot be read."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(lock, flags)
    except OSError:
        return None
    try:
        now = os.fstat(fd)
        if not stat.S_ISREG(now.st_mode) or not _same(now, info):
            return None
        return os.read(fd, _PID_BYTES + 1).decode("ascii", "replace").strip()
    except OSError:
        return None
    finally:
        os.close(fd)


def _remove(lock: Path, info: os.stat_result) -> None:
    """Remove the stale lock ``info`` describes. A folder goes only when empty. Anything else is first
    renamed aside, so that a fresh lock another writer made meanwhile under the same name is not lost:
    if what was renamed is not the stale lock, it is put back."""
    if stat.S_ISDIR(info.st_mode):
        os.rmdir(lock)
        return
    # Named as a temporary file: if this process stops right here, the next sweep removes it.
    aside = lock.with_name(f".{lock.name}.{os.getpid()}-{secrets.token_hex(4)}{TEMP_SUFFIX}")
    os.rename(lock, aside)
    try:
        if not _same(os.lstat(aside), info):
            try:
                os.link(aside, lock, follow_symlinks=False)
            except (OSError, NotImplementedError):
                pass
    finally:
        try:
            os.unlink(aside)
        except OSError:
            pass


__all__ = ["LOCK_SUFFIX", "STALE", "UNWRITTEN", "WAIT", "lock_path", "locked"]
