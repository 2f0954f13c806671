"""Hints: no advice that walks into a catastrophe."""

from __future__ import annotations

from hwgame.ai.bots import CAREFUL_NORMAL, careful_pick, choose_turn
from hwgame.ai.explain import exposed_systems
from hwgame.rules import Move, parse_piece

from .helpers import make_position

P = parse_piece


def test_ships_moved_next_to_three_of_their_colour_are_exposed():
    # Alpha holds three greens; North's green 1 moving in makes four: South may cause the catastrophe.
    pos = make_position("""
        North: y3 b2 | g1 r3 |
        South: y1 b3 | | g3 y2
        Alpha: g2 | | g2 g1
    """)
    assert exposed_systems(pos, (Move(P("g1"), "North", "Alpha"),)) == ["Alpha"]
    assert exposed_systems(pos, (Move(P("r3"), "North", "Alpha"),)) == []


def test_the_careful_pick_passes_over_an_exposed_turn():
    pos = make_position("""
        North: y3 b2 | g1 r3 |
        South: y1 b3 | | g3 y2
        Alpha: g2 | | g2 g1
    """)
    exposed = (Move(P("g1"), "North", "Alpha"),)
    safe = (Move(P("r3"), "North", "Alpha"),)
    ranked = [(30.0, exposed), (20.0, safe)]
    assert careful_pick(pos, ranked, ranked[0]) == (20.0, safe)
    assert careful_pick(pos, [(30.0, exposed)], (30.0, exposed)) == (30.0, exposed)  # nothing better


def test_a_hint_never_leaves_what_it_placed_open_when_it_need_not():
    pos = make_position("""
        North: y3 b2 | g1 r3 g2 |
        South: y1 b3 | | g3 y2
        Alpha: g2 | | g2 g1
    """)
    result = choose_turn(pos, CAREFUL_NORMAL.with_limit(nodes=3000), seed=1)
    assert result.turn is not None
    assert exposed_systems(pos, result.turn) == []
