"""A review of a game never outlives the window: closing the window while the review searches ends it
and its processes within a second, and should the window's process be killed outright, the review's
processes end by themselves."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pygame
import pytest

from hwgame import persist
from hwgame.ai.thinking import Limit, Thinking
from hwgame.analysis.review import review_pids, review_workers
from hwgame.app.scenes.replay import ReplayScene
from hwgame.rules import SDG, read_transcript, replay
from tests.analysis.processes import needs_proc, still_alive, wait_for_workers, workers_of

from .helpers import click, make_app, run_frames

GAME = "17917.raw"
SLOW = Thinking(Limit(depth=6, nodes=None, time=60.0))  # every turn thinks deep: a review of minutes

pytestmark = [pytest.mark.slow, needs_proc,
              pytest.mark.skipif(review_workers() < 2, reason="on one core a review searches in its own process")]


def _searching(count: int, within: float = 60.0) -> None:
    """Wait until ``count`` processes of the review have started (and been handed a position)."""
    until = time.monotonic() + within
    while len(review_pids()) < count:
        assert time.monotonic() < until, "the review's processes did not start"
        time.sleep(0.05)
    time.sleep(0.3)


def test_closing_the_window_during_a_review_ends_it_and_its_processes_within_a_second(screen, data_dir, sdg_games):
    app = make_app(screen, still=True, boot=True)
    path = persist.save_game(replay(read_transcript(sdg_games / GAME), SDG), "SDG 17917")
    before = workers_of(os.getpid())
    scene = ReplayScene.from_file(app, path)
    scene.review_thinking = SLOW
    scene.review_workers = 2
    app.scenes.push(scene)
    run_frames(app, screen)
    run_frames(app, screen, click(scene.review_button.rect.center))
    run = scene.review_run
    assert run is not None
    _searching(2)
    started = workers_of(os.getpid()) - before
    assert len(started) == 2
    closed = time.perf_counter()
    # The window's close button (SDL turns SIGTERM into the same event), then what the loop does last.
    app.step([pygame.event.Event(pygame.QUIT)], 1 / 60, screen)
    app.shutdown()
    assert time.perf_counter() - closed < 1.0
    assert not app.running
    assert still_alive(started, 0.0) == set()  # gone already, not ending in the background
    assert review_pids() == [] and not run._thread.is_alive() and not run.review.complete


# The window's review, as the replay viewer starts it, in a process of its own: it says when its review's
# processes search.
WINDOW = """
import sys, time
from hwgame.ai.thinking import Limit, Thinking
from hwgame.analysis.review import review_pids
from hwgame.app.services.reviewer import ReviewRun
from hwgame.rules import SDG, read_transcript, replay

game = replay(read_transcript(sys.argv[1]), SDG)
run = ReviewRun(game.positions, game.turns, "normal", Thinking(Limit(depth=6, nodes=None, time=60.0)), workers=2)
while len(review_pids()) < 2:
    time.sleep(0.05)
print("searching", flush=True)
run.join(600)
"""


def test_the_window_killed_outright_during_a_review_leaves_no_process(sdg_games):
    window = subprocess.Popen([sys.executable, "-c", WINDOW, str(sdg_games / GAME)], stdout=subprocess.PIPE,
                              text=True)  # fmt: skip
    try:
        assert window.stdout is not None and window.stdout.readline() == "searching\n"
        started = wait_for_workers(window.pid, 2)
        time.sleep(0.3)
        window.send_signal(signal.SIGKILL)
        window.wait(10)
        assert still_alive(started, 5.0) == set()
    finally:
        window.kill()
        window.wait()
        if window.stdout is not None:
            window.stdout.close()
