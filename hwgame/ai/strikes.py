"""Strikes at the enemy homeworld: whole turns that bring ships of one colour into it and end in a
catastrophe that takes a star there, or every defending ship.

The root's beam keeps only the best-looking partial turns inside a sacrifice, and the first move of
such a strike looks poor on its own (one ship in the enemy home, open to capture), so the beam drops
the turn whose last action is the point of it. A side far ahead then gathers ships next to the enemy
home and never strikes. ``catastrophe_strikes`` builds these turns directly, for the root to judge
beside the beam's: a yellow ship sacrificed for as many moves as the colour lacks (or the one move a
ship may make where it has yellow), the ships of that colour that stand one move from the enemy home
moved in, the smallest first, and the catastrophe.
"""

from __future__ import annotations

from hwgame.rules import (
    Action,
    Catastrophe,
    HomeworldsError,
    Move,
    Position,
    Sacrifice,
    System,
    Turn,
    apply_checked,
    end_turn,
    opponent_of,
    start_turn,
)

YELLOW = 1
OVERPOPULATED = 4  # pieces of one colour in a system that make a catastrophe


def _hurts(home: System, defender: int, color: int) -> bool:
    """A catastrophe of ``color`` at ``home`` takes one of its stars or every defending ship."""
    theirs = home.ships1 if defender else home.ships0
    return any(p // 3 == color for p in home.stars) or all(p // 3 == color for p in theirs)


def _pieces_of(home: System, color: int) -> int:
    return sum(1 for p in home.stars + home.ships0 + home.ships1 if p // 3 == color)


def catastrophe_strikes(position: Position) -> list[Turn]:
    """Turns of the side to move that end in a catastrophe at the enemy homeworld which takes a star
    there or every defending ship, each legal by the rules (see the module docstring). Empty when
    there is none, or the game is not in play."""
    if position.is_over():
        return []
    me = position.to_move
    enemy = opponent_of(me)
    home = position.home_of(enemy)
    if home is None or not (home.ships1 if enemy else home.ships0):
        return []
    target_sizes = home.star_sizes()
    near = [s for s in position.systems if s is not home and not (s.star_sizes() & target_sizes)]
    found: list[Turn] = []
    for color in range(4):
        lacking = OVERPOPULATED - _pieces_of(home, color)
        if not 1 <= lacking <= 3 or not _hurts(home, enemy, color):
            continue
        movers = sorted(
            ((p, s) for s in near for p in (s.ships1 if me else s.ships0) if p // 3 == color),
            key=lambda m: m[0] % 3,
        )
        if len(movers) < lacking:
            continue
        moves: list[Action] = [Move(p, s.name, home.name) for p, s in movers[:lacking]]
        catastrophe = Catastrophe(home.name, color)
        tries: list[Turn] = []
        if lacking == 1:
            tries.append((moves[0], catastrophe))  # the ship's own yellow, where it has some
        moving = {(p, s.name) for p, s in movers[:lacking]}
        fuel = sorted(
            ((p, s) for s in position.systems if s is not home for p in (s.ships1 if me else s.ships0)
             if p // 3 == YELLOW and p % 3 + 1 >= lacking and (p, s.name) not in moving),
            key=lambda f: f[0] % 3,
        )  # fmt: skip
        if fuel:
            p, s = fuel[0]
            tries.append((Sacrifice(p, s.name), *moves, catastrophe))
        for turn in tries:
            if _legal(position, turn):
                found.append(turn)
                break
    return found


def _legal(position: Position, turn: Turn) -> bool:
    try:
        state = start_turn(position)
        for action in turn:
            state = apply_checked(state, action)
        end_turn(state.position)
    except HomeworldsError:
        return False
    return True


__all__ = ["catastrophe_strikes"]
