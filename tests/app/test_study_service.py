"""The study board's analysis service (``services.study.StudyAnalysis``): the lines of the position last
started and no other, handed on once each without waiting, and no process left behind."""

from __future__ import annotations

import os
import time
from concurrent.futures import Future
from typing import Any

import pytest

from hwgame.ai.handoff import SearchReply
from hwgame.analysis import Lines, Verdict
from hwgame.analysis.lines import LinesInfo
from hwgame.app.services.study import StudyAnalysis, machine_cores
from hwgame.rules import PASS, EndTurn, Position, apply_checked, end_turn, parse_position, start_turn
from tests.ai.helpers import make_position
from tests.analysis.processes import needs_proc, still_alive, wait_for_workers, workers_of

MIDDLE = parse_position(
    "sdg tendrecube TwoShort 0 2; tendrecube 0 g3b2 y1y2 -; TwoShort 1 y1b2 - r1g1g3; Alias - y1 b1 -; "
    "Jed - y3 - g1; Jethro - y3 - g1; Bluestar - b3 r3g2 -"
)
# Another board, with systems of other names: no turn of MIDDLE is legal here.
OTHER = make_position("North: b3 y2 | g3 y1 |\nSouth: r1 g2 | | y3 b1\nAlpha: g1 | r2 |")


class FakeWorker:
    """A stand-in for the AI worker: it keeps the requests and shows whatever progress a test sets."""

    def __init__(self) -> None:
        self.requests: list[tuple[Position, Any, Future[SearchReply]]] = []
        self.progress: dict[str, Any] = {}
        self.shut = False

    def request(self, position, thinking, seed=None, history=None, choose=None) -> Future[SearchReply]:
        future: Future[SearchReply] = Future()
        if self.requests:
            self.requests[-1][2].cancel()
        self.requests.append((position, choose, future))
        return future

    def cancel(self) -> None:
        if self.requests:
            self.requests[-1][2].cancel()

    def shutdown(self, wait: bool = True) -> None:
        self.shut = True

    def token(self, n: int = -1) -> int:
        return self.requests[n][1].keywords["token"]


def lines(depth: int, done: bool = False) -> Lines:
    return Lines(depth, (Verdict(0, best=(PASS,), line=((PASS,),), depth=depth),), 100 * depth, 10 * depth, done)


def test_poll_hands_on_each_depth_of_the_position_asked_once_and_never_waits():
    worker = FakeWorker()
    study = StudyAnalysis(3, workers=1, worker=worker)
    assert study.poll() is None and not study.running
    study.start(MIDDLE, 22)
    assert study.running and study.position is MIDDLE
    assert worker.requests[0][1].keywords["count"] == 3 and worker.requests[0][1].keywords["turn_index"] == 22
    worker.progress = {"token": worker.token(), "lines": lines(1)}
    assert study.poll() == lines(1)
    assert study.poll() is None  # handed on once
    worker.progress = {"token": worker.token(), "lines": lines(2)}
    assert study.poll() == lines(2)
    worker.requests[-1][2].set_result(SearchReply(None, info=LinesInfo(lines=lines(3, True), token=worker.token())))
    assert study.poll() == lines(3, True) and not study.running
    assert study.poll() is None


def test_after_a_new_start_no_lines_of_the_old_position_are_handed_on():
    worker = FakeWorker()
    study = StudyAnalysis(2, workers=1, worker=worker)
    study.start(MIDDLE)
    old = worker.token()
    study.start(OTHER)
    assert worker.requests[0][2].cancelled()  # the old search is withdrawn
    worker.progress = {"token": old, "lines": lines(5)}  # the old search still reports as it stops
    assert study.poll() is None
    worker.progress = {"token": worker.token(), "lines": lines(1)}
    assert study.poll() == lines(1) and study.position is OTHER
    study.close()
    assert worker.shut and study.poll() is None


def test_the_study_searches_on_every_core():
    assert StudyAnalysis().workers == machine_cores() == max(1, os.cpu_count() or 1)


def legal_at(position: Position, verdict: Verdict) -> bool:
    """True when the verdict's turn is legal at ``position`` (checked action by action)."""
    try:
        state = start_turn(position)
        for action in verdict.best or ():
            if not isinstance(action, EndTurn):
                state = apply_checked(state, action)
        end_turn(state.position)
        return True
    except Exception:
        return False


def polled(study: StudyAnalysis, until: float, enough: int) -> list[Lines]:
    """Lines polled (as a window does, every few ms) until ``enough`` depths came or ``until`` passed."""
    found: list[Lines] = []
    while len(found) < enough and time.monotonic() < until:
        got = study.poll()
        if got is not None:
            found.append(got)
        time.sleep(0.02)
    return found


@needs_proc
@pytest.mark.slow
def test_the_search_processes_deliver_lines_of_the_asked_position_and_end_at_close():
    others = workers_of(os.getpid())  # processes other tests of this run may keep (a search's helpers)
    study = StudyAnalysis(2, workers=2)
    try:
        study.start(MIDDLE, 22)
        first = polled(study, time.monotonic() + 60, 2)
        assert [f.depth for f in first] == [1, 2]
        assert all(legal_at(MIDDLE, v) and len(f.verdicts) == 2 for f in first for v in f.verdicts)
        # The search process and its two helpers.
        started = wait_for_workers(os.getpid(), len(others) + 3) - others
        study.start(OTHER)
        then = polled(study, time.monotonic() + 60, 1)
        assert then and all(legal_at(OTHER, v) for f in then for v in f.verdicts)
        assert all(not legal_at(MIDDLE, v) for f in then for v in f.verdicts)
        assert study.running
    finally:
        study.close()
    assert not study.running
    assert len(started) == 3
    assert still_alive(started, 10.0) == set()


def test_an_analysis_that_cannot_start_says_so_and_polls_nothing():
    class Broken(FakeWorker):
        def request(self, position, thinking, seed=None, history=None, choose=None):
            raise OSError("no processes here")

    study = StudyAnalysis(3, workers=1, worker=Broken())
    study.start(MIDDLE)
    assert study.error is not None and "no processes here" in study.error
    assert study.poll() is None and not study.running
