"""The window at rest: ``python -m hwgame.bench idle [--seconds N] [--settle S]``.

Opens the game in a real window, as a separate process, and measures the processor time it takes
while nobody touches it: once on the title screen, once on the player's own turn of a game against
the computer (homeworlds built, nothing moving). The figure is processor seconds per second of wall
time, as a percentage of one core, summed over the game's process and any process it started (the
computer's search). Target: at most 5% of one core on each screen. The X server's own work over the
same seconds (copying the window's pictures to the screen) is printed beside it when the server is a
process of this machine, since a desktop pays for that too.

The window needs an X display: the one in ``DISPLAY``, else an Xvfb the benchmark starts itself (and
stops). Processor times are read from ``/proc``, so this runs on Linux.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

TARGET = 5.0  # percent of one core
SIZE = "1280x800"
SCREENS: dict[str, tuple[str, ...]] = {
    "title screen": (),
    "your turn": ("--new-game", "--opponent", "computer", "--level", "normal", "--first", "me", "--setup", "auto",
                  "--seed", "7"),
}


def _ticks() -> int:
    """Clock ticks per second of the times in ``/proc/PID/stat``."""
    return int(os.sysconf("SC_CLK_TCK"))


def _stat(pid: int) -> tuple[int, int] | None:
    """(parent pid, user + system ticks) of a process, or None when it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    # The command name is in parentheses and may hold spaces: the fields after its last ")" are plain.
    fields = text[text.rindex(")") + 2:].split()
    return int(fields[1]), int(fields[11]) + int(fields[12])


def tree_ticks(root: int) -> int:
    """Processor ticks used so far by ``root`` and every process descended from it."""
    parents: dict[int, int] = {}
    used: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            found = _stat(int(entry))
            if found is not None:
                parents[int(entry)], used[int(entry)] = found
    total = 0
    for pid, ticks in used.items():
        walk = pid
        while walk > 1 and walk != root:
            walk = parents.get(walk, 0)
        if walk == root:
            total += ticks
    return total


def server_pid(where: str) -> int | None:
    """The process id of the X server (Xvfb, Xorg) of display ``where`` when it runs here, else None."""
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            args = Path(f"/proc/{entry}/cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if args and Path(args[0].decode(errors="replace")).name in ("Xvfb", "Xorg", "X") and \
                where.encode() in args[1:]:
            return int(entry)
    return None


def _ticks_of(pid: int | None) -> int:
    found = _stat(pid) if pid is not None else None
    return found[1] if found is not None else 0


@contextmanager
def display() -> Iterator[str]:
    """The X display to open the window on: ``DISPLAY``, else an Xvfb started for the run."""
    if os.environ.get("DISPLAY"):
        yield os.environ["DISPLAY"]
        return
    xvfb = shutil.which("Xvfb")
    if xvfb is None:
        raise SystemExit("no DISPLAY and no Xvfb: install xvfb, or run under an X display")
    for number in range(97, 140):
        if Path(f"/tmp/.X11-unix/X{number}").exists() or Path(f"/tmp/.X{number}-lock").exists():
            continue
        proc = subprocess.Popen([xvfb, f":{number}", "-screen", "0", "1400x900x24", "-nolisten", "tcp"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and proc.poll() is None:
            if Path(f"/tmp/.X11-unix/X{number}").exists():
                break
            time.sleep(0.05)
        if proc.poll() is None:
            try:
                yield f":{number}"
            finally:
                proc.terminate()
                proc.wait(timeout=10)
            return
    raise SystemExit("Xvfb would not start")


def measure(screen_args: tuple[str, ...], where: str, settle: float, seconds: float) -> tuple[float, float | None]:
    """Open the window with ``screen_args``, let it settle, and return its processor use over ``seconds``
    of wall time, in percent of one core: (the game, the X server or None when it is not found here)."""
    server = server_pid(where)
    with tempfile.TemporaryDirectory(prefix="hwgame-idle-") as data:
        env = dict(os.environ, DISPLAY=where, SDL_AUDIODRIVER="dummy", LANGUAGE="en", SDL_VIDEO_WINDOW_POS="0,0")
        env.pop("SDL_VIDEODRIVER", None)
        env.pop("WAYLAND_DISPLAY", None)
        command = [sys.executable, "-m", "hwgame", "--data-dir", data, "--size", SIZE, *screen_args]
        proc = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            time.sleep(settle)
            if proc.poll() is not None:
                raise SystemExit(f"the game stopped before it was measured (status {proc.returncode})")
            t0, c0, x0 = time.monotonic(), tree_ticks(proc.pid), _ticks_of(server)
            time.sleep(seconds)
            t1, c1, x1 = time.monotonic(), tree_ticks(proc.pid), _ticks_of(server)
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
    share = 100 / _ticks() / (t1 - t0)
    return (c1 - c0) * share, (x1 - x0) * share if server is not None else None


def run(argv: list[str]) -> int:
    """Measure each screen at rest and print the figures."""
    parser = argparse.ArgumentParser(prog="python -m hwgame.bench idle")
    parser.add_argument("--seconds", type=float, default=10.0, help="wall time measured on each screen")
    parser.add_argument("--settle", type=float, default=5.0, help="seconds left to the window to open and settle")
    args = parser.parse_args(argv)
    if not Path("/proc/self/stat").exists():
        print("the idle benchmark reads processor times from /proc (Linux only)")
        return 1
    ok = True
    with display() as where:
        print(f"window {SIZE} on display {where}; {args.seconds:.0f} s measured after {args.settle:.0f} s to settle")
        for name, screen_args in SCREENS.items():
            share, server = measure(screen_args, where, args.settle, args.seconds)
            ok = ok and share <= TARGET
            beside = f"; the X server {server:.1f}%" if server is not None else ""
            print(f"{name}: {share:.1f}% of one core at rest (target <= {TARGET:.0f}%){beside}", flush=True)
    print("targets met" if ok else "targets NOT met")
    return 0


if __name__ == "__main__":
    sys.exit(run(sys.argv[1:]))
