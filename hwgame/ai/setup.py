"""Choosing a homeworld: the setups experienced players call sound, ranked by a few rules of thumb.

RULES.md lists the setups the program warns about (ship not large, stars of one size or colour, no
green and no blue, a homeworld connected to the enemy's, fewer than three colours). A good setup
avoids all of them; among those, green and blue are the economy and yellow at home lets the fleet
leave without a sacrifice, and small-medium stars keep the big pieces in play for ships.
"""

from __future__ import annotations

import random

from hwgame.rules import Homeworld, Position, Turn, color_of, legal_turns, opponent_of, size_of

RED, YELLOW, GREEN, BLUE = range(4)


def setup_score(position: Position, homeworld: Homeworld) -> float:
    """How good a homeworld action is for the player setting up (higher is better)."""
    stars = [p for p in (homeworld.star1, homeworld.star2) if p is not None]
    ship = homeworld.ship
    score = 0.0
    if size_of(ship) == 3:
        score += 20.0
    if len(stars) < 2:
        score -= 30.0
    else:
        a, b = stars
        if size_of(a) == size_of(b):
            score -= 15.0
        if color_of(a) == color_of(b):
            score -= 12.0
    star_colors = {color_of(p) for p in stars}
    colors = star_colors | {color_of(ship)}
    if GREEN not in colors and BLUE not in colors:
        score -= 20.0
    if len(colors) < 3:
        score -= 8.0
    score += 6.0 * (color_of(ship) == GREEN) + 2.0 * (color_of(ship) == BLUE)
    score += 4.0 * (YELLOW in star_colors) + 3.0 * (BLUE in star_colors)
    score += 2.0 * (GREEN in colors) - 3.0 * (RED in star_colors)
    score -= 3.0 * sum(1 for p in stars if size_of(p) == 3)  # large pieces are worth more as ships
    sizes = {size_of(p) for p in stars}
    score += 2.0 * (sizes == {1, 2}) + 1.0 * (sizes == {1, 3})
    other = position.home_of(opponent_of(position.to_move))
    if other is not None:
        other_sizes = {size_of(p) for p in other.stars}
        if not (sizes & other_sizes):
            score -= 25.0  # directly connected: the enemy fleet arrives in one move
    return score


def rank_setups(position: Position) -> list[tuple[float, Turn]]:
    """Every legal homeworld turn with its score, best first."""
    # During setup every legal turn is one Homeworld action.
    ranked = [
        (setup_score(position, first), s.turn)
        for s in legal_turns(position)
        if isinstance(first := s.turn[0], Homeworld)
    ]
    ranked.sort(key=lambda x: -x[0])
    return ranked


def sensible_setup(position: Position, rng: random.Random, margin: float = 6.0) -> Turn:
    """A random homeworld turn among those scoring within ``margin`` of the best."""
    ranked = rank_setups(position)
    top = ranked[0][0]
    good = [turn for score, turn in ranked if score >= top - margin]
    return rng.choice(good)


__all__ = ["rank_setups", "sensible_setup", "setup_score"]
