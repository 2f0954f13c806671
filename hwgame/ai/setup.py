"""Choosing a homeworld: the setups experienced players call sound, ranked by a few rules of thumb.

RULES.md lists the setups the program warns about (ship not large, stars of one size or colour, no
green and no blue, a homeworld connected to the enemy's, fewer than three colours). A good setup
avoids all of them; among those, green and blue are the economy and yellow at home lets the fleet
leave without a sacrifice, and small-medium stars keep the big pieces in play for ships.
"""

from __future__ import annotations

import random

from hwgame.rules import Position, legal_turns

RED, YELLOW, GREEN, BLUE = range(4)


def setup_score(position: Position, homeworld) -> float:
    """How good a homeworld action is for the player setting up (higher is better)."""
    stars = [p for p in (homeworld.star1, homeworld.star2) if p is not None]
    ship = homeworld.ship
    score = 0.0
    if ship % 3 == 2:
        score += 20.0
    if len(stars) < 2:
        score -= 30.0
    else:
        a, b = stars
        if a % 3 == b % 3:
            score -= 15.0
        if a // 3 == b // 3:
            score -= 12.0
    colors = {p // 3 for p in stars} | {ship // 3}
    if GREEN not in colors and BLUE not in colors:
        score -= 20.0
    if len(colors) < 3:
        score -= 8.0
    score += 6.0 * (ship // 3 == GREEN) + 2.0 * (ship // 3 == BLUE)
    score += 4.0 * (YELLOW in {p // 3 for p in stars}) + 3.0 * (BLUE in {p // 3 for p in stars})
    score += 2.0 * (GREEN in colors) - 3.0 * (RED in {p // 3 for p in stars})
    score -= 3.0 * sum(1 for p in stars if p % 3 == 2)  # large pieces are worth more as ships
    sizes = {p % 3 for p in stars}
    score += 2.0 * (sizes == {0, 1}) + 1.0 * (sizes == {0, 2})
    other = position.home_of(1 - position.to_move)
    if other is not None:
        other_sizes = {p % 3 for p in other.stars}
        if not (sizes & other_sizes):
            score -= 25.0  # directly connected: the enemy fleet arrives in one move
    return score


def rank_setups(position: Position) -> list[tuple[float, tuple]]:
    """Every legal homeworld turn with its score, best first."""
    ranked = [(setup_score(position, s.turn[0]), s.turn) for s in legal_turns(position)]
    ranked.sort(key=lambda x: -x[0])
    return ranked


def sensible_setup(position: Position, rng: random.Random, margin: float = 6.0) -> tuple:
    """A random homeworld turn among those scoring within ``margin`` of the best."""
    ranked = rank_setups(position)
    top = ranked[0][0]
    good = [turn for score, turn in ranked if score >= top - margin]
    return rng.choice(good)


__all__ = ["rank_setups", "sensible_setup", "setup_score"]
