"""How the AI's levels think and the one table of levels stay in step; the hand-off types are plain data."""

from __future__ import annotations

import pickle

from hwgame import levels
from hwgame.ai import bots
from hwgame.ai.handoff import SearchInfo, SearchReply, SearchRequest
from hwgame.rules import parse_turn

from .test_worker import SMALL


def test_every_level_of_the_table_thinks_in_the_same_order():
    assert tuple(bots.LEVELS) == levels.LEVEL_NAMES  # weakest first, as the window lists them
    assert levels.DEFAULT_LEVEL in bots.LEVELS
    assert len(set(levels.LEVEL_NAMES)) == len(levels.LEVEL_NAMES)
    assert all(level.name == level.name.lower() and level.label for level in levels.LEVEL_TABLE)


def test_a_request_and_a_reply_cross_a_pipe_unchanged():
    history = {SMALL.key(): 2}
    request = SearchRequest(SMALL, bots.LEVELS["easy"], seed=3, history=history, request_id=7)
    assert pickle.loads(pickle.dumps(request)) == request
    reply = SearchReply(parse_turn("build g1 North"), 1.5, SearchInfo(depth=2, nodes=10), request_id=7)
    again = pickle.loads(pickle.dumps(reply))
    assert again == reply and again.ok and not SearchReply(None, error="boom").ok


def test_choose_turn_answers_with_a_reply():
    reply = bots.choose_turn(SMALL, bots.LEVELS["beginner"], seed=1)
    assert isinstance(reply, SearchReply) and reply.ok and reply.request_id == 0
    info = reply.info
    assert info.depth == 1 and info.nodes > 0 and info.seconds > 0 and not info.cancelled
