"""A side far ahead converts: the kill two turns away is found although the fleet is large.

The position comes from a game of Normal against the reference C++ engine's AI that ran into the turn
cap with every piece on the board: South (to move) has nineteen ships, North two at home and one away.
Sacrificing the yellow 3 at Gamma moves three ships into North's home, and North cannot answer all of
them. With so many ships, the proof once walked tens of thousands of turns to find it, more than the
usual budget; it now looks at such arrivals at the enemy home first.
"""

from __future__ import annotations

import pytest

from hwgame.ai.bots import LEVELS, choose_turn
from hwgame.ai.search import PROVEN, SearchParams, search
from hwgame.ai.wintwo import wins_whatever_reply
from hwgame.rules import apply_turn_unchecked

from .helpers import make_position

pytestmark = pytest.mark.slow

CRUSHING = """
North: r2 g3 | y3 b1 |
South: r1 b3 | | y1 y3 g1
Lebling: g2 | | r3 y1 b3
Alpha: y2 | | g2 b2
Minsky: b1 | | r1 r2 y1 y2 g3 g3
Beta: g1 | | b2
Gamma: g1 | r2 | r3 r3 y2 y3 b1 b3
Kotok: b2 | | r1 g2
"""


def test_normal_finds_the_kill_two_turns_away_when_far_ahead():
    pos = make_position(CRUSHING, to_move=1)
    # The CPU budget decides, not the wall clock of a machine busy with other tests.
    reply = choose_turn(pos, LEVELS["normal"].with_machine(wall_factor=4.0), seed=1)
    assert reply.turn is not None
    # The turn is a forced win in two: every reply of North leaves South a win at once.
    assert wins_whatever_reply(apply_turn_unchecked(pos, reply.turn))
    assert reply.score >= PROVEN


def test_the_search_alone_does_not_reach_it():
    # Without the proof of a win in two (which looks at the turns that bring ships into the enemy home,
    # the kill here), the same search settles for a capture: the test above passes because of the
    # proof, not by chance.
    pos = make_position(CRUSHING, to_move=1)
    limit, breadth = LEVELS["normal"].limit, LEVELS["normal"].breadth
    params = SearchParams(max_depth=limit.depth, time_limit=limit.time, node_limit=limit.nodes,
                          root_width=breadth.beam, root_cap=breadth.root_cap, root_keep=breadth.root_keep,
                          inner_width=breadth.inner_beam, inner_cap=breadth.inner_cap, inner_keep=breadth.inner_keep,
                          win2_nodes=0, convert=False)  # fmt: skip
    result = search(pos, params)
    assert result.score < PROVEN
