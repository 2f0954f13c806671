"""Start-up time and size: ``python -m hwgame.bench startup [--binary dist/hwgame] [--runs N]``.

Starts the game from source (``python -m hwgame``) and the built single-file executable, each on SDL's
dummy drivers with ``HWGAME_EXIT_AFTER_FIRST_FRAME=1`` and a fresh data folder, and times each run from
the moment the process is started to the line the window prints after its first frame. Also prints the
executable's size. Targets: first frame within 2 s from the executable, and at most 40 MB on disk.
The single-file executable unpacks itself into a temporary folder on every start, so its runs are all
alike; the first run may still be slower while the file is read from disk.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from hwgame.app.control.options import FIRST_FRAME_ENV, FIRST_FRAME_MARKER

TARGET_SECONDS = 2.0
TARGET_MB = 40.0
DEFAULT_BINARY = Path("dist") / ("hwgame.exe" if sys.platform == "win32" else "hwgame")


def time_to_first_frame(command: list[str], timeout: float = 60.0) -> float:
    """Seconds from starting ``command`` to its first-frame line; raises RuntimeError if it never comes."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    env[FIRST_FRAME_ENV] = "1"
    with tempfile.TemporaryDirectory(prefix="hwgame-startup-") as data:
        # A fresh data folder (no settings, no autosave to look for) and a fixed size, so nothing the
        # player has saved changes what is measured, and the window size is not written back.
        args = [*command, "--data-dir", data, "--size", "1280x800"]
        start = time.perf_counter()
        proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
                                env=env, text=True)
        seen = None
        try:
            stdout, stderr = proc.stdout, proc.stderr
            if stdout is None or stderr is None:  # both were asked for as pipes above
                raise RuntimeError("the game was started without its output pipes")
            for line in stdout:
                if line.strip() == FIRST_FRAME_MARKER:
                    seen = time.perf_counter() - start
                    break
            proc.wait(timeout=timeout)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
        if seen is None:
            reason = (stderr.read() or "").strip().splitlines()
            raise RuntimeError(reason[-1] if reason else f"exit status {proc.returncode}, no first frame")
    return seen


def measure(command: list[str], runs: int) -> list[float]:
    """Times to first frame of ``runs`` starts of ``command``, in order."""
    return [time_to_first_frame(command) for _ in range(runs)]


def _line(label: str, times: list[float]) -> str:
    return (f"{label}: first frame median {statistics.median(times):.2f} s  (first run {times[0]:.2f} s, "
            f"best {min(times):.2f} s, worst {max(times):.2f} s, {len(times)} runs)")


def run(argv: list[str]) -> int:
    """Measure and print; the exit status is 0 unless a run failed to show its first frame."""
    parser = argparse.ArgumentParser(prog="python -m hwgame.bench startup")
    parser.add_argument("--binary", type=Path, default=DEFAULT_BINARY,
                        help="the built executable (default: %(default)s)")
    parser.add_argument("--runs", type=int, default=5, help="starts of each (default: %(default)s)")
    args = parser.parse_args(argv)
    runs = max(1, args.runs)
    try:
        print(_line("source (python -m hwgame)", measure([sys.executable, "-m", "hwgame"], runs)), flush=True)
    except RuntimeError as exc:
        print(f"source: no first frame: {exc}")
        return 1
    binary = args.binary
    if not binary.is_file():
        print(f"binary: {binary} not found: build it with `pyinstaller --noconfirm --clean pyinstaller.spec`")
        return 0
    size_mb = binary.stat().st_size / 1e6
    print(f"binary size: {size_mb:.1f} MB ({binary.stat().st_size / 2**20:.1f} MiB) for {binary} "
          f"(target <= {TARGET_MB:.0f} MB)")
    ok = size_mb <= TARGET_MB
    try:
        times = measure([str(binary.resolve())], runs)
    except RuntimeError as exc:
        print(f"binary: no first frame: {exc}")
        return 1
    print(_line(f"binary ({binary})", times) + f" (target <= {TARGET_SECONDS:.0f} s)")
    ok = ok and statistics.median(times) <= TARGET_SECONDS
    print("targets met" if ok else "targets NOT met")
    return 0
