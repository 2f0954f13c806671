"""A review's processes never outlive it: ``hwgame analyze`` killed outright (SIGKILL), ended (SIGTERM),
stopped (Ctrl+C) or left without a reader of its output, in the middle of a real game's review, leaves
no process of its own behind, and nothing holding its output open."""

from __future__ import annotations

import queue
import signal
import subprocess
import sys
import threading
import time

import pytest

from hwgame.analysis.review import review_workers

from .processes import descendants, needs_proc, still_alive, wait_for_workers

LONG_GAME = "13529.raw"  # 99 turns: a review at easy still runs seconds after its first lines

pytestmark = [pytest.mark.slow, needs_proc,
              pytest.mark.skipif(review_workers() < 2, reason="on one core a review searches in its own process")]


class Analyze:
    """``hwgame analyze`` at easy on a long archive game, its output read line by line as it comes."""

    def __init__(self, sdg_games):
        game = sdg_games / LONG_GAME
        if not game.exists():
            pytest.skip(f"{LONG_GAME} is not in the archive here")
        self.process = subprocess.Popen([sys.executable, "-m", "hwgame", "analyze", "--level", "easy", str(game)],
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)  # fmt: skip
        self.lines: queue.Queue[str | None] = queue.Queue()  # None: the output's end

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def reviewing(self) -> set[tuple[int, int]]:
        """Every process the command started, once its review has printed a line (so its processes search)."""
        assert self.process.stdout is not None
        first = self.process.stdout.readline()
        assert first.startswith("1. "), first
        wait_for_workers(self.process.pid, 2)
        return descendants(self.process.pid)

    def output_ends(self, within: float) -> bool:
        """True when the output reaches its end within ``within`` seconds: nobody holds it open any more."""
        threading.Thread(target=self._read, daemon=True).start()
        until = time.monotonic() + within
        while True:
            try:
                if self.lines.get(timeout=max(0.01, until - time.monotonic())) is None:
                    return True
            except queue.Empty:
                return False

    def end(self) -> None:
        self.process.kill()
        self.process.wait()
        for stream in (self.process.stdout, self.process.stderr):
            if stream is not None:
                stream.close()


def test_hwgame_analyze_killed_outright_leaves_no_process_and_frees_its_output(sdg_games):
    run = Analyze(sdg_games)
    try:
        started = run.reviewing()
        assert len(started) >= 2
        run.process.send_signal(signal.SIGKILL)
        run.process.wait(10)
        assert still_alive(started, 5.0) == set()
        # ``hwgame analyze game | cat`` ends: no process of the review holds the pipe any more.
        assert run.output_ends(5.0)
    finally:
        run.end()


@pytest.mark.parametrize(("sign", "status"), [(signal.SIGTERM, 143), (signal.SIGINT, 130)])
def test_hwgame_analyze_ended_by_a_signal_ends_its_processes_first(sdg_games, sign, status):
    run = Analyze(sdg_games)
    try:
        started = run.reviewing()
        asked = time.monotonic()
        run.process.send_signal(sign)
        assert run.process.wait(10) == status
        assert time.monotonic() - asked < 3.0
        assert still_alive(started, 3.0) == set()
        assert run.output_ends(5.0)
        assert run.process.stderr is not None and run.process.stderr.read() == ""
    finally:
        run.end()


def test_hwgame_analyze_stops_when_the_reader_of_its_output_goes(sdg_games):
    run = Analyze(sdg_games)
    try:
        started = run.reviewing()
        asked = time.monotonic()
        assert run.process.stdout is not None
        run.process.stdout.close()  # what ``| head -1`` does once it has its line
        assert run.process.wait(10) == 1
        assert time.monotonic() - asked < 3.0
        assert still_alive(started, 3.0) == set()
        assert run.process.stderr is not None and run.process.stderr.read() == ""
    finally:
        run.end()
