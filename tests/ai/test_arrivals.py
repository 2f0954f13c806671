"""Arrivals at the enemy homeworld: the first turns of wins in two that the root's beam drops."""

from __future__ import annotations

from hwgame.ai.arrivals import arrivals
from hwgame.ai.bots import LEVELS, choose_turn
from hwgame.ai.evaluate import WIN
from hwgame.ai.wintwo import played_if_legal, wins_whatever_reply
from hwgame.rules import YELLOW, Catastrophe, Move, Sacrifice, apply_turn_unchecked, format_turn

from .helpers import make_position

# South to move. A yellow 3 at South's home pays for three moves: the red 2 and red 3 at Mire and the
# blue 3 at Ford (stars of size 1, one move from North's sizes 2 and 3) walk into North. Whatever North
# does then, South's next turn wins there (a capture, or a catastrophe of red or blue). Taken alone,
# the first move looks like a ship handed to North, and South has a rich capture at Mire instead.
WALK_IN = """
South: y1 b2 | b1 | r1 r2 y3
North: r3 b2 | g2 g3 |
Gate: y3 | | y2 g2 b3
Mire: y1 | g1 b2 | r2 r3
Ford: g1 | | r3 b1 b3
"""


def _south_ships_at_north(position) -> int:
    return next(len(s.ships1) for s in position.systems if s.name == "North")


def test_every_arrival_is_legal_pays_with_yellow_and_brings_ships_in():
    position = make_position(WALK_IN, to_move=1)
    built = arrivals(position)
    assert built
    for turn, after in built:
        assert played_if_legal(position, turn) == after, format_turn(turn)
        assert isinstance(turn[0], Sacrifice) and turn[0].ship // 3 == YELLOW
        # No ship is left on the way: the last move of each ship ends at North, and unless a
        # catastrophe there followed, they all stand there after the turn.
        moved = [a for a in turn if isinstance(a, Move)]
        assert moved and moved[-1].destination == "North"
        if not any(isinstance(a, Catastrophe) for a in turn):
            assert _south_ships_at_north(after) == sum(m.destination == "North" for m in moved)


def test_the_win_in_two_is_among_the_arrivals_and_early():
    position = make_position(WALK_IN, to_move=1)
    winning = [i for i, (_, after) in enumerate(arrivals(position)) if wins_whatever_reply(after)]
    assert winning and winning[0] < 10


def test_no_arrivals_without_a_yellow_ship_to_pay_for_them():
    board = WALK_IN.replace("r1 r2 y3", "r1 r2").replace("| y2 g2 b3", "| g2 b3")
    assert arrivals(make_position(board, to_move=1)) == []


def test_no_arrivals_once_the_game_is_over():
    position = make_position(WALK_IN.replace("North: r3 b2 | g2 g3 |", "North: r3 b2 | |"), to_move=1)
    assert position.is_over()
    assert arrivals(position) == []


def test_normal_and_hard_play_the_walk_in_and_claim_the_win():
    position = make_position(WALK_IN, to_move=1)
    for name in ("normal", "hard"):
        reply = choose_turn(position, LEVELS[name], seed=1)
        assert reply.score >= WIN - 2, (name, format_turn(reply.turn))
        assert wins_whatever_reply(apply_turn_unchecked(position, reply.turn)), (name, format_turn(reply.turn))
