"""Setup advice: the warnings of the rule book's "Setup" section, and a sound default homeworld.

The program warns and never forbids: any three pieces the bank holds make a legal homeworld under the
standard rules. Pure Python (used by the setup screen and by the computer when it builds its own).
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from hwgame.i18n import _
from hwgame.rules import BLUE, GREEN, Homeworld, Position, color_of, opponent_of, size_of
from hwgame.words import piece_name


def _sizes(stars: Iterable[int]) -> set[int]:
    return {size_of(p) for p in stars}


def setup_warnings(stars: list[int], ship: int | None, position: Position) -> list[str]:
    """Plain-words warnings about a (possibly unfinished) homeworld: stars so far and the ship, worded in
    the language in force (call it where the warnings are shown).

    ``position`` gives the opponent's homeworld, if it is already built, for the connection check.
    """
    out = []
    if ship is not None and size_of(ship) != 3:
        out.append(_("Your ship is a {piece}: most players start with a large ship.").format(piece=piece_name(ship)))
    if len(stars) == 2:
        a, b = stars
        if size_of(a) == size_of(b):
            out.append(_("Both stars are the same size: your homeworld connects to fewer systems."))
        if color_of(a) == color_of(b):
            out.append(_("Both stars are the same colour: you get fewer powers at home."))
    pieces = [*stars, *([ship] if ship is not None else [])]
    if len(pieces) == 3:
        colors = {color_of(p) for p in pieces}
        if GREEN not in colors and BLUE not in colors:
            out.append(_("No green and no blue: you can neither build nor trade at home."))
        if len(colors) < 3:
            out.append(_("Only two colours among your three pieces: three colours give more choice."))
    enemy = position.home_of(opponent_of(position.to_move))
    if enemy is not None and stars and len(stars) == 2 and not (_sizes(stars) & _sizes(enemy.stars)):
        out.append(_("Your homeworld shares no star size with {name}'s: the two are directly connected, so an "
                     "early invasion is easy for both sides.").format(name=enemy.name))
    return out


def _available(position: Position, pieces: Iterable[int]) -> bool:
    need = [0] * 12
    for p in pieces:
        need[p] += 1
    return all(need[p] <= position.bank[p] for p in range(12))


def sound_homeworlds(position: Position) -> list[Homeworld]:
    """Every homeworld the bank allows that draws no warning at all."""
    out = []
    for s1 in range(12):
        for s2 in range(s1 + 1, 12):
            for ship in range(2, 12, 3):  # large ships only
                if not _available(position, (s1, s2, ship)):
                    continue
                if not setup_warnings([s1, s2], ship, position):
                    out.append(Homeworld(s1, s2, ship))
    return out


def suggest_homeworld(position: Position, rng: random.Random | None = None) -> Homeworld:
    """A sound homeworld for the player to set up now: the default offered, and the computer's choice.

    Prefers a large green ship or a blue star (building early matters) when the bank allows it.
    """
    rng = rng or random.Random()
    sound = sound_homeworlds(position)
    if not sound:
        # Every sound choice is gone (a very odd bank): fall back to anything legal.
        avail = [p for p in range(12) for _copy in range(position.bank[p])]
        rng.shuffle(avail)
        return Homeworld(avail[0], avail[1], avail[2])
    strong = [
        h for h in sound
        if color_of(h.ship) == GREEN and any(p is not None and color_of(p) == BLUE for p in (h.star1, h.star2))
    ]
    return rng.choice(strong or sound)
