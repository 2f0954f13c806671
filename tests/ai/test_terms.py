"""The evaluation's terms: their weighted sum is the evaluation, and the growth terms read the bank."""

from __future__ import annotations

import pytest

from hwgame.ai.evaluate import DEFAULT_WEIGHTS, TERMS, evaluate, terms, weights_for

from .helpers import make_position
from .test_search import BIG, MIDDLE


def _term(position, name: str) -> float:
    return terms(position)[TERMS.index(name)]


@pytest.mark.parametrize("position", [MIDDLE, BIG, MIDDLE._replace(to_move=1), BIG._replace(to_move=1)])
@pytest.mark.parametrize("persona", ["balanced", "aggressive"])
def test_evaluation_is_the_weighted_sum_of_its_terms(position, persona):
    # The tuner fits weights to ``terms``: they must be exactly what the evaluation adds up.
    w = weights_for(persona)
    assert evaluate(position, w) == pytest.approx(sum(w[k] * v for k, v in zip(TERMS, terms(position), strict=True)))


def test_every_weight_has_a_term():
    assert set(TERMS) <= set(DEFAULT_WEIGHTS)


def test_a_colour_only_the_mover_can_build_is_an_edge():
    # North has green at home and a red ship there: red is North's to build; South has no green.
    only_north = make_position("""
        North: g3 b2 | r1 y3 |
        South: y1 b3 | | r3
    """)
    assert _term(only_north, "build_edge") > 0
    assert _term(only_north._replace(to_move=1), "build_edge") < 0


def test_taking_the_last_small_piece_hands_over_the_medium():
    # Both can build yellow (both have green where a yellow ship of theirs is).
    two_left = make_position("""
        North: g3 b2 | y2 |
        South: g2 b3 | | y2
        Alpha: y1 | g1 |
    """)
    one_left = make_position("""
        North: g3 b2 | y2 |
        South: g2 b3 | | y2
        Alpha: y1 | g1 |
        Beta: y1 | g2 |
    """)
    assert _term(two_left, "build_race") > _term(one_left, "build_race")


def test_ships_without_yellow_or_blue_are_stuck():
    stuck = make_position("""
        North: g3 b2 | y3 |
        South: y1 b3 | | g3
        Alpha: r2 | g1 |
    """)
    free = make_position("""
        North: g3 b2 | y3 |
        South: y1 b3 | | g3
        Alpha: y2 | g1 |
    """)
    # North's green 1 at the red star Alpha can neither leave nor trade; every other fleet can.
    assert _term(stuck, "stuck") == 1
    assert _term(stuck._replace(to_move=1), "stuck") == -1
    assert _term(free, "stuck") == 0


def test_an_overwhelming_side_still_gains_from_bringing_ships_to_the_enemy_home():
    # North owns the board; South has one ship left. Beyond the pressure term's cap, only the
    # crushing term still rewards a fourth large ship next to South's home.
    three = make_position("""
        North: g3 b2 | y3 g2 |
        South: r2 b3 | | y1
        Delta: b1 | r3 g3 b3 y2 |
    """)
    four = make_position("""
        North: g3 b2 | y3 g2 |
        South: r2 b3 | | y1
        Delta: b1 | r3 g3 b3 y2 r2 |
    """)
    assert _term(four, "crushing") > _term(three, "crushing") > 0
    even = make_position("""
        North: g3 b2 | y3 |
        South: r2 b3 | | y3 g3 r3
        Delta: b1 | r3 g3 b3 y2 r2 |
    """)
    assert _term(even, "crushing") == 0  # no crushing without more than twice the material


def test_a_stepping_stone_needs_a_bank_piece_to_discover():
    # North's ships at Alpha (a blue 2 star) are two moves from South's home (stars of sizes 1 and 2):
    # the way there is to discover a system of size 3 next door. That way counts as pressure while
    # the bank holds a piece of size 3; with every such piece on the board, it is gone.
    alpha = "South: r1 g2 | | y3 r3\nAlpha: b2 | r3 y1 |\n"
    with_bank = make_position("North: b3 y2 | g3 |\n" + alpha)
    assert _term(with_bank, "pressure") > 0
    spent = make_position("North: b3 y2 | g3 g3 g3 r3 y3 y3 b3 b3 |\n" + alpha)
    assert spent.bank[2::3] == (0, 0, 0, 0)
    assert _term(spent, "pressure") == 0
