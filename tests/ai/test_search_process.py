"""The search in its own process: it answers legal turns, repeats seeds, and survives a death or a hang."""

from __future__ import annotations

import os
import signal
import time

import pytest

from hwgame.ai.bots import LEVELS, choose_turn
from hwgame.ai.thinking import Breadth, Limit, Manner, Thinking
from hwgame.ai.worker import AIWorker
from hwgame.rules import apply_checked, start_turn

from . import search_hooks
from .test_worker import BIG, SLOW, SMALL, _wait_running

pytestmark = pytest.mark.slow

# Bound by nodes, not by the clock, so the same seed gives the same turn however busy the machine is.
COUNTED = Thinking(Limit(time=60.0, nodes=3000, depth=1), Manner(sample=4, among=8),
                   Breadth(beam=3, root_cap=2000, root_keep=8))


def _play(position, turn):
    state = start_turn(position)
    for action in turn:
        state = apply_checked(state, action)  # raises, naming the rule, on an illegal action
    return state


def test_the_search_process_answers_a_legal_turn_and_is_reused():
    worker = AIWorker()
    try:
        first = worker.request(BIG, LEVELS["easy"], seed=3).result(timeout=60)
        assert first.ok, first.error
        _play(BIG, first.turn)
        pid = worker.search_pid
        assert pid is not None and pid != os.getpid() and first.info.pid == pid
        second = worker.request(SMALL, LEVELS["easy"], seed=3).result(timeout=60)
        assert second.ok and second.info.pid == pid  # one process for every request
        _play(SMALL, second.turn)
    finally:
        worker.shutdown()


def test_the_search_process_never_loads_the_window():
    worker = AIWorker(choose=search_hooks.modules)
    try:
        result = worker.request(SMALL, LEVELS["easy"]).result(timeout=60)
        assert result.ok, result.error  # an error names the window's modules the process imported
        assert result.info.pid is not None and result.info.pid != os.getpid()
    finally:
        worker.shutdown()


def test_seeds_repeat_through_the_process():
    worker = AIWorker()
    try:
        here = choose_turn(BIG, COUNTED, seed=11).turn
        a = worker.request(BIG, COUNTED, seed=11).result(timeout=60)
        b = worker.request(BIG, COUNTED, seed=11).result(timeout=60)
        assert a.ok and a.turn == b.turn == here
    finally:
        worker.shutdown()


def test_a_killed_search_process_gives_an_error_and_the_next_request_answers():
    worker = AIWorker()
    try:
        future = worker.request(BIG, SLOW, seed=1)
        _wait_running(worker, timeout=60)
        pid = worker.search_pid
        os.kill(pid, getattr(signal, "SIGKILL", signal.SIGTERM))
        lost = future.result(timeout=30)
        assert not lost.ok and lost.turn is None
        assert "stopped unexpectedly" in lost.error
        assert not future.cancelled()  # still the request the game waits for, so it sees the error
        again = worker.request(SMALL, LEVELS["easy"], seed=1).result(timeout=60)
        assert again.ok, again.error
        _play(SMALL, again.turn)
        assert again.info.pid != pid
    finally:
        worker.shutdown()


def test_a_hung_search_process_is_ended_and_replaced():
    worker = AIWorker(choose=search_hooks.stuck, hang_timeout=1.0)
    try:
        stuck = worker.request(SMALL, LEVELS["easy"], seed=1)
        end = time.monotonic() + 60
        while worker.search_pid is None and time.monotonic() < end:
            time.sleep(0.01)
        pid = worker.search_pid
        assert pid is not None
        lost = stuck.result(timeout=30)
        assert not lost.ok and "did not answer" in lost.error
        again = worker.request(SMALL, LEVELS["easy"], seed=2).result(timeout=60)
        assert again.ok and again.turn == ("turn",)
        assert again.info.pid != pid
    finally:
        worker.shutdown()


def test_a_request_that_cannot_cross_to_the_process_is_an_error_not_a_crash():
    worker = AIWorker(choose=lambda *args, **kwargs: None)  # a lambda does not pickle
    try:
        result = worker.request(SMALL, LEVELS["easy"]).result(timeout=60)
        assert not result.ok and "could not be sent" in result.error
    finally:
        worker.shutdown()
