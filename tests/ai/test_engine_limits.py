"""``hwgame engine``'s limits: a time searches deeper than the level would, a node budget is kept and
replays the same, and Expert looks deeper than Hard. Driven through ``Engine`` in this process, so
that the times measured are the search's and not an interpreter's start."""

from __future__ import annotations

import threading
import time

import pytest

from hwgame.ai.bots import LEVELS, MAX_DEPTH, choose_turn
from hwgame.cli.engine import ANALYSIS_SECONDS, Engine
from hwgame.rules import Game, parse_position

# A middle game of the archive (turn 20): hundreds of turns at the root, far from any win.
MIDDLE = parse_position(
    "sdg tendrecube TwoShort 0 2; tendrecube 0 g3b2 y1y2 -; TwoShort 1 y1b2 - r1g1g3; Alias - y1 b1 -; "
    "Jed - y3 - g1; Jethro - y3 - g1; Bluestar - b3 r3g2 -"
)


def go(options: str, position=MIDDLE) -> tuple[list[str], float]:
    """The lines ``go OPTIONS`` prints (info lines, then the answer) and the seconds it took."""
    engine = Engine()
    engine.game = Game.from_position(position)
    said: list[str] = []
    limit, seed, _, analysis = engine.parse_go(options)
    start = time.perf_counter()
    said += engine.search(limit, seed, analysis, threading.Event(), said.append)
    return said, time.perf_counter() - start


def totals(lines: list[str]) -> dict[str, str]:
    """The last info line's fields: depth, score, nodes, time (the turn left out)."""
    info = [line for line in lines if line.startswith("info ")][-1].split()
    return dict(zip(info[1:9:2], info[2:9:2], strict=True))


@pytest.mark.slow
def test_movetime_searches_past_the_levels_depth_and_answers_about_on_time():
    lines, seconds = go("level=normal movetime=1000")
    assert lines[-1].startswith("bestturn ")
    # The answer comes by the time asked (a little slack for a busy machine), not long before it:
    # the level's depth cap of 2 does not stop a search that was given a time.
    assert 0.7 <= seconds <= 1.3, seconds
    assert LEVELS["normal"].limit.depth == 2
    assert int(totals(lines)["depth"]) >= 3
    alone = choose_turn(MIDDLE, LEVELS["normal"], seed=1)
    assert alone.info.depth <= 2


def test_movetime_keeps_its_time_even_when_no_turn_survives_a_threat():
    thinking = Engine().parse_go("level=hard movetime=500")[0]
    limit = thinking.limit
    # The look through every turn for one that survives would take seconds of its own.
    assert thinking.breadth.survive == 0.0 and limit.hard == 0.5 and limit.depth == MAX_DEPTH and limit.nodes is None


@pytest.mark.slow
def test_a_node_budget_is_kept_and_gives_the_same_answer_every_time():
    lines, _ = go("nodes=4000 seed=1")
    again, _ = go("nodes=4000 seed=1")
    used = int(totals(lines)["nodes"])
    assert 4000 <= used <= 4000 + 8  # counted in steps of 8 nodes
    # No clock in it: the same budget makes the same search on any machine, however busy.
    assert [line.split(" time ")[0] for line in lines] == [line.split(" time ")[0] for line in again]
    assert lines[-1] == again[-1] and lines[-1].startswith("bestturn ")
    bigger, _ = go("nodes=12000 seed=1")
    assert int(totals(bigger)["depth"]) >= int(totals(lines)["depth"])
    assert int(totals(bigger)["nodes"]) > used


def test_a_node_budget_alone_has_no_time_limit_and_no_depth_cap():
    limit = Engine().parse_go("level=normal nodes=500")[0].limit
    assert limit.nodes == 500 and limit.depth == MAX_DEPTH and limit.time == ANALYSIS_SECONDS
    both = Engine().parse_go("nodes=500 movetime=300 depth=3")[0].limit
    assert both.nodes == 500 and both.hard == 0.3 and both.depth == 3  # each of them stops the search


@pytest.mark.parametrize("option", ["nodes=0", "nodes=-5", "nodes=1e6", "nodes=" + "9" * 40, "nodes"])
def test_a_bad_node_budget_is_refused_in_plain_words(option):
    engine = Engine()
    engine.game = Game.from_position(MIDDLE)
    answer = engine.handle(f"go {option}")
    assert answer is not None and len(answer) == 1 and answer[0].startswith("error ") and len(answer[0]) < 160


@pytest.mark.slow
def test_expert_thinks_deeper_and_longer_than_hard():
    expert, hard = LEVELS["expert"], LEVELS["hard"]
    assert expert.limit.depth > hard.limit.depth and expert.limit.nodes is not None and hard.limit.nodes is not None
    assert expert.limit.nodes > 2 * hard.limit.nodes and 5.0 <= expert.limit.time <= 15.0
    assert expert.manner.safety and expert.manner.sample == 0
    assert expert.breadth.survive >= hard.breadth.survive
    # An eighth of its budget already looks three turns ahead, as far as Hard reaches.
    depths: list[int] = []
    reply = choose_turn(MIDDLE, expert.with_limit(nodes=expert.limit.nodes // 8), seed=1,
                        progress=lambda info: depths.append(info["depth"]))  # fmt: skip
    assert reply.ok and max(depths) >= 3


def test_go_takes_the_expert_level_by_name():
    thinking = Engine().parse_go("level=Expert")[0]
    assert thinking == LEVELS["expert"]


@pytest.mark.slow
def test_hard_looks_a_turn_further_than_normal():
    # Hard's node budget, with no clock to run out, reaches its own next turn in a middle game; Normal
    # stops at the reply. The levels differ in what they see, not only in how long they take.
    day = 86_400.0
    depths = {}
    for name in ("normal", "hard"):
        thinking = LEVELS[name].with_limit(time=day, hard=day, most=day)
        depths[name] = choose_turn(MIDDLE, thinking, seed=1).info.depth
    assert depths == {"normal": 2, "hard": 3}


def test_infinite_keeps_a_movetime_a_node_budget_and_a_depth_given_with_it():
    alone = Engine().parse_go("infinite")[0].limit
    assert alone.time == ANALYSIS_SECONDS and alone.nodes is None and alone.depth == MAX_DEPTH
    timed = Engine().parse_go("infinite movetime=700")[0].limit
    assert timed.hard == 0.7 and timed.time < 0.7 and timed.wall_clock  # the search ends by then
    assert Engine().parse_go("infinite nodes=500")[0].limit.nodes == 500
    assert Engine().parse_go("infinite depth=3")[0].limit.depth == 3
    assert Engine().parse_go("infinite movetime=700")[2]  # still infinite: any stop reaches it
