"""The search shared among helper processes (``hwgame.ai.rootsplit``, ``hwgame.ai.parallel``): the same
kind of answer as one process, proven wins found, a stop and a time honoured, a killed helper survived.

The helpers are started once for the module (about a second on a busy machine) and reused, as an
engine or the window's search process reuses them."""

from __future__ import annotations

import os
import signal
import threading
import time

import pytest

from hwgame.ai.bots import LEVELS, choose_turn, params_for, timed
from hwgame.ai.parallel import MOST_WORKERS, default_workers, pool, shutdown, workers_wanted
from hwgame.ai.rootsplit import RootSplit, search_on
from hwgame.ai.search import is_proven, search
from hwgame.cli.engine import Engine
from hwgame.rules import Game, parse_position

from .test_engine_limits import MIDDLE

pytestmark = pytest.mark.slow

# Forced wins in two of the archive (the win-in-two set): the winner to move; at depth two the search
# proves the win over every reply (the root's separate proof is switched off, so the iterations, that
# is the helpers, must find it).
WINS = [
    "sdg supergnouf captncavern 0 2; supergnouf 0 g3b1 r1r2 -; captncavern 1 b3 b2 r1r2g1; Caraba - g2 b1 r2; "
    "Azerty - y2 - r1; Vandemaar - b2 b1 -",
    "sdg zoltar Mandrel 0 2; zoltar 0 r1b3 y3 -; Mandrel 1 b2 y3 r2g1g1b1; Greenbelt - g2 y1 -; Light - g3 r2r3 -",
]

DAY = 86_400.0


def deep(depth: int, **breadth):
    """Hard's widths (some of them changed) searched ``depth`` turns deep, with no time or node budget."""
    return LEVELS["hard"].with_limit(time=DAY, hard=DAY, nodes=None, depth=depth).with_breadth(survive=0.0, **breadth)


@pytest.fixture(scope="module", autouse=True)
def helpers():
    """Two helpers, ready before the first test; ended after the last."""
    shutdown()
    pool().grow(2)
    assert len(pool().ready(2, time.perf_counter() + 60)) == 2
    yield pool()
    shutdown()


def legal(position, turn) -> bool:
    """True when ``turn`` is legal at ``position`` (the rules' validator plays it)."""
    game = Game.from_position(position)
    game.play(turn)
    return True


def test_two_processes_answer_a_legal_turn_searched_as_deep_as_asked_by_the_helpers(helpers):
    split = RootSplit(helpers, 2, params_for(deep(3)), None, None)
    result = split.run(MIDDLE)
    assert result.turn is not None and legal(MIDDLE, result.turn)
    assert result.depth == 3 and not result.cancelled
    # The iterations ran in the helpers, other processes than this one, and both took part.
    assert split.helper_cpu > 0 and len(split.helper_nodes) == 2
    assert all(h.process.pid != os.getpid() for h in split.helper_nodes)
    assert result.nodes > split.pre.nodes
    assert result.line, "the expected line comes back from the helper that searched the turn"


@pytest.mark.parametrize("text", WINS)
def test_two_processes_find_the_forced_win_one_process_finds(text):
    position = parse_position(text)
    limit = deep(3, win2=0)
    alone = search(position, params_for(limit))
    shared = search_on(2, position, params_for(limit))
    assert is_proven(alone.score) and alone.score > 0
    assert is_proven(shared.score) and shared.score > 0
    after = Game.from_position(position)
    after.play(shared.turn)
    # Proven over every reply: the opponent has no turn after which the winner cannot win at once.
    from hwgame.ai.tactics import find_win
    from hwgame.rules import iter_turns

    assert all(s.position.is_over() or find_win(s.position) is not None for s in iter_turns(after.position))


def test_a_stop_ends_the_shared_search_at_once_with_a_turn():
    stop = threading.Event()
    found = []
    worker = threading.Thread(target=lambda: found.append(search_on(2, MIDDLE, params_for(deep(12)), stop)))
    worker.start()
    time.sleep(1.5)
    stopped_at = time.perf_counter()
    stop.set()
    worker.join(10)
    assert not worker.is_alive()
    assert time.perf_counter() - stopped_at < 1.0
    result = found[0]
    assert result.cancelled and result.turn is not None and legal(MIDDLE, result.turn)


def test_a_time_limit_is_kept_with_two_processes():
    start = time.perf_counter()
    reply = choose_turn(MIDDLE, timed(LEVELS["hard"], 1.5).with_machine(workers=2))
    seconds = time.perf_counter() - start
    assert 1.0 <= seconds <= 2.0, seconds
    assert reply.ok and legal(MIDDLE, reply.turn) and reply.info.depth >= 2


def test_a_killed_helper_is_survived_and_replaced(helpers):
    victim = helpers.helpers[0]

    def kill_in_the_last_iteration(info) -> None:
        if info["depth"] == 3 and victim.process.is_alive():
            os.kill(victim.process.pid, signal.SIGKILL)  # while it searches a candidate of depth 3

    result = search_on(2, MIDDLE, params_for(deep(3)), progress=kill_in_the_last_iteration)
    # Its candidate went to the other helper: the search finished every iteration asked for.
    assert result.turn is not None and legal(MIDDLE, result.turn) and result.depth == 3
    assert victim.dead
    helpers.grow(2)  # the next search starts a new one
    assert len(helpers.ready(2, time.perf_counter() + 60)) == 2


def test_with_every_helper_gone_this_process_finishes_the_search(helpers):
    split = RootSplit(helpers, 2, params_for(deep(3)), None, None)
    for helper in helpers.helpers:
        os.kill(helper.process.pid, signal.SIGKILL)
    for helper in helpers.helpers:
        helper.process.join(5)
    result = split.run(MIDDLE)
    assert result.turn is not None and legal(MIDDLE, result.turn) and result.depth == 3
    helpers.grow(2)
    assert len(helpers.ready(2, time.perf_counter() + 60)) == 2


def test_how_many_processes_an_analysis_uses():
    assert 1 <= default_workers() <= MOST_WORKERS
    assert workers_wanted(0) == default_workers() and workers_wanted(1) == 1
    assert workers_wanted(1000) == MOST_WORKERS
    engine = Engine()
    # Every core for an analysis by time or depth and for Expert; one for a node budget (the same
    # answer on any machine) and for the other levels; threads= decides when given.
    assert engine.parse_go("infinite")[0].machine.workers == 0
    assert engine.parse_go("movetime=500")[0].machine.workers == 0
    assert engine.parse_go("depth=3")[0].machine.workers == 0
    assert engine.parse_go("nodes=500")[0].machine.workers == 1
    assert engine.parse_go("level=hard")[0].machine.workers == 1
    assert engine.parse_go("level=expert")[0].machine.workers == 0
    assert engine.parse_go("movetime=500 threads=3")[0].machine.workers == 3
    assert engine.parse_go("nodes=500 threads=2")[0].machine.workers == 2
    assert engine.handle("go threads=0")[0].startswith("error threads must be a whole number from 1 to")


def test_a_short_search_does_not_wait_for_helpers_to_start():
    """Starting helpers takes tenths of a second: a search of a second goes alone unless they are ready."""
    from hwgame.ai import parallel

    shutdown()
    reply = choose_turn(MIDDLE, timed(LEVELS["normal"], 1.0).with_machine(workers=2))
    assert reply.ok and legal(MIDDLE, reply.turn) and reply.info.depth >= 2
    assert parallel._pool is None
