"""The search of ranked lines (``ai.ranked``): its window keeps the ``count`` best exact, one line agrees
with the single search, and the helpers' answer is the one this process finds alone."""

from __future__ import annotations

import time

import pytest

from hwgame.ai.bots import LEVELS, params_for
from hwgame.ai.evaluate import WIN
from hwgame.ai.parallel import pool, shutdown
from hwgame.ai.proofs import LOSS
from hwgame.ai.ranked import RankedDepth, RankedSearch, search_ranked
from hwgame.ai.search import Searcher, search
from hwgame.rules import apply_turn_unchecked, parse_position

MIDDLE = parse_position(
    "sdg tendrecube TwoShort 0 2; tendrecube 0 g3b2 y1y2 -; TwoShort 1 y1b2 - r1g1g3; Alias - y1 b1 -; "
    "Jed - y3 - g1; Jethro - y3 - g1; Bluestar - b3 r3g2 -"
)
# Only the depth stops these searches.
PARAMS = params_for(LEVELS["normal"].with_limit(time=120.0, nodes=None, depth=2))


def full_score(turn) -> float:
    """The score of ``turn`` at MIDDLE searched two turns deep with a full window, by a fresh searcher."""
    return -Searcher(PARAMS).negamax(apply_turn_unchecked(MIDDLE, turn), 1, -WIN * 2, WIN * 2, 1)


def test_each_line_has_its_own_exact_score_not_a_bound():
    found = search_ranked(MIDDLE, PARAMS, 4)
    assert found.depth == 2 and found.done and len(found.lines) == 4
    scores = [line.score for line in found.lines]
    assert scores == sorted(scores, reverse=True)
    for line in found.lines:
        assert line.score == pytest.approx(full_score(line.turn))
        assert line.proven is None


def test_one_line_is_the_single_searchs_turn_and_score():
    alone = search(MIDDLE, PARAMS)
    found = search_ranked(MIDDLE, PARAMS, 1)
    assert len(found.lines) == 1
    assert found.lines[0].turn == alone.turn
    assert found.lines[0].score == pytest.approx(alone.score)


def test_a_turn_lost_at_once_shows_the_winning_reply_and_is_never_searched():
    from tests.ai.helpers import make_position

    position = make_position("North: r1 | r1 |\nSouth: b3 y2 | | g3")
    found = search_ranked(position, PARAMS, 3)
    assert len(found.lines) == 2
    lost = found.lines[1]
    assert lost.proven is not None and lost.proven.result == LOSS and lost.score <= -(WIN - 1)
    assert apply_turn_unchecked(position, lost.turn).is_over()  # it empties North's home: lost on the spot


@pytest.mark.slow
def test_the_helpers_find_the_lines_this_process_finds_alone():
    helpers = pool()
    try:
        helpers.grow(2)
        assert len(helpers.ready(2, time.perf_counter() + 60)) == 2
        heard: list[RankedDepth] = []
        split = RankedSearch(helpers, 2, PARAMS, 3, None, heard.append)
        shared = split.rank(MIDDLE)
        assert split.helper_nodes, "no helper searched"
    finally:
        shutdown()
    alone = search_ranked(MIDDLE, PARAMS, 3)
    assert [h.depth for h in heard] == [1, 2]
    assert [(line.turn, round(line.score, 6)) for line in shared.lines] == [
        (line.turn, round(line.score, 6)) for line in alone.lines
    ]
    assert shared.lines[0].line  # the helper that searched the best line says what it expects after it
