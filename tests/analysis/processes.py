"""The processes a test started, read from ``/proc`` (Linux): which are descended from a process, and
whether they are gone. A process is named by its pid and its start time, so a pid the system hands out
again later is not taken for the one that ended."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

needs_proc = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="processes are read from /proc")

Proc = tuple[int, int]  # (pid, start time in clock ticks since boot)


def _stat(pid: int) -> tuple[str, int, int] | None:
    """(state, parent pid, start time) of a process, or None when there is no such process."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    # The command name is in parentheses and may hold spaces: the fields after its last ")" are plain.
    fields = text[text.rindex(")") + 2 :].split()
    return fields[0], int(fields[1]), int(fields[19])


def descendants(root: int) -> set[Proc]:
    """Every process descended from ``root`` (children, their children...), as (pid, start time)."""
    children: dict[int, list[int]] = {}
    started: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            found = _stat(int(entry))
            if found is not None:
                children.setdefault(found[1], []).append(int(entry))
                started[int(entry)] = found[2]
    out: set[Proc] = set()
    todo = list(children.get(root, []))
    while todo:
        pid = todo.pop()
        out.add((pid, started[pid]))
        todo += children.get(pid, [])
    return out


def cmdline(pid: int) -> str:
    """The command line of a process (empty when it is gone)."""
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def alive(proc: Proc) -> bool:
    """True while the process runs: not ended, not a zombie waiting to be reaped."""
    found = _stat(proc[0])
    return found is not None and found[2] == proc[1] and found[0] not in ("Z", "X")


def still_alive(procs: set[Proc], within: float) -> set[Proc]:
    """The processes of ``procs`` still alive after waiting at most ``within`` seconds for all to end."""
    until = time.monotonic() + within
    left = {p for p in procs if alive(p)}
    while left and time.monotonic() < until:
        time.sleep(0.05)
        left = {p for p in left if alive(p)}
    return left


def workers_of(root: int) -> set[Proc]:
    """The processes ``multiprocessing`` started for ``root`` to search in (its resource tracker left out)."""
    return {p for p in descendants(root) if "spawn_main" in cmdline(p[0])}


def wait_for_workers(root: int, count: int, within: float = 60.0) -> set[Proc]:
    """The search processes of ``root`` once ``count`` of them run (fails after ``within`` seconds)."""
    until = time.monotonic() + within
    while time.monotonic() < until:
        found = workers_of(root)
        if len(found) >= count:
            return found
        time.sleep(0.05)
    raise AssertionError(f"process {root} did not start {count} search processes within {within} s")
