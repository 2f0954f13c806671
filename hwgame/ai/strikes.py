"""Strikes at the enemy homeworld: whole turns that bring ships of one colour into it and end in a
catastrophe that takes a star there, or every defending ship.

The root's beam keeps only the best-looking partial turns inside a sacrifice, and the first move of
such a strike looks poor on its own (one ship in the enemy home, open to capture), so the beam drops
the turn whose last action is the point of it. A side far ahead then gathers ships next to the enemy
home and never strikes. ``catastrophe_strikes`` builds these turns directly, for the root to judge
beside the beam's: a yellow ship sacrificed for as many moves as the colour lacks, the ships of that
colour that stand one move from the enemy home moved in, the smallest first, and the catastrophe. (A
single move a ship makes with the yellow where it stands needs no sacrifice: such a turn has one
action, and the beam never drops those.)
"""

from __future__ import annotations

from hwgame.rules import YELLOW, Action, Catastrophe, Move, Position, Sacrifice, System, Turn, opponent_of

from .tactics import color_counts
from .wintwo import played_if_legal

OVERPOPULATED = 4  # pieces of one colour in a system that make a catastrophe


def _hurts(home: System, defender: int, color: int) -> bool:
    """A catastrophe of ``color`` at ``home`` takes one of its stars or every defending ship."""
    theirs = home.ships1 if defender else home.ships0
    return any(p // 3 == color for p in home.stars) or all(p // 3 == color for p in theirs)


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
    counts = color_counts(home)
    found: list[Turn] = []
    for color in range(4):
        lacking = OVERPOPULATED - counts[color]
        if not 1 <= lacking <= 3 or not _hurts(home, enemy, color):
            continue
        movers = sorted(
            ((p, s) for s in near for p in (s.ships1 if me else s.ships0) if p // 3 == color),
            key=lambda m: m[0] % 3,
        )[:lacking]
        if len(movers) < lacking:
            continue
        moving = {(p, s.name) for p, s in movers}
        fuel = min(
            ((p, s) for s in position.systems if s is not home for p in (s.ships1 if me else s.ships0)
             if p // 3 == YELLOW and p % 3 + 1 >= lacking and (p, s.name) not in moving),
            key=lambda f: f[0] % 3, default=None,
        )  # fmt: skip
        if fuel is None:
            continue
        moves: list[Action] = [Move(p, s.name, home.name) for p, s in movers]
        turn: Turn = (Sacrifice(fuel[0], fuel[1].name), *moves, Catastrophe(home.name, color))
        if played_if_legal(position, turn) is not None:
            found.append(turn)
    return found


__all__ = ["catastrophe_strikes"]
