"""What a turn changed on the board that the evaluation weighs, for the player it hurts: the reasons a
coach gives when a turn captures and destroys nothing and yet costs its mover.

``changes(before, after, player)`` compares two boards for ``player`` and lists, most costly first:
- their homeworld left with a single ship (``ONE_SHIP``), or without its large ship (``NO_LARGE``);
- a colour lost from their homeworld, ships and stars together (``COLOUR_LOST``): no building, trading
  or moving with it there any more;
- a catastrophe building where their ships are (``CATASTROPHE_NEAR``): three pieces of one colour, so
  that one more lets either player destroy every piece of that colour there;
- their fleet cut off (``CUT_OFF``): no ship of theirs left at the enemy's homeworld or a system
  connected to it;
- a ship of theirs the opponent can now capture outright and could not before (``CAPTURABLE``: a red
  ship or star of the opponent's there, and a ship of the opponent's at least as large).
Facts only, read off the two boards: each reason names a system and a colour a player can check.
Pure: imports the rules only.
"""

from __future__ import annotations

from dataclasses import dataclass

from hwgame.rules import PLAYING, RED, Position, System, color_of, connected, size_of

from .evaluate import DEFAULT_WEIGHTS, TERMS, terms

ONE_SHIP, NO_LARGE, COLOUR_LOST, CATASTROPHE_NEAR, CUT_OFF, CAPTURABLE = (
    "one_ship", "no_large", "colour_lost", "catastrophe_near", "cut_off", "capturable")  # fmt: skip
KINDS = (ONE_SHIP, NO_LARGE, COLOUR_LOST, CATASTROPHE_NEAR, CUT_OFF, CAPTURABLE)
# How much each change costs, to put the worst first (a homeworld's defence before its economy before
# the reach of the fleet).
COST = {ONE_SHIP: 5, CATASTROPHE_NEAR: 4, CAPTURABLE: 3.5, COLOUR_LOST: 3, NO_LARGE: 2, CUT_OFF: 1}


@dataclass(frozen=True)
class Reason:
    """One change that costs ``player``: its ``kind`` (``KINDS``), the ``system`` it is at (by name), the
    ``colour`` concerned (None where none is) and whether the system is ``player``'s homeworld."""

    kind: str
    player: int
    system: str
    colour: int | None = None
    at_home: bool = False
    piece: int | None = None  # the ship concerned, where one is


def _ships(system: System, player: int) -> tuple[int, ...]:
    return system.ships1 if player else system.ships0


def _colours(system: System, player: int) -> set[int]:
    return {color_of(p) for p in system.stars} | {color_of(p) for p in _ships(system, player)}


def _crowded(position: Position, player: int) -> set[tuple[str, int]]:
    """(system, colour) where ``player`` has ships and three pieces of that colour stand."""
    out = set()
    for s in position.systems:
        if not _ships(s, player):
            continue
        pieces = [*s.stars, *s.ships0, *s.ships1]
        for colour in {color_of(p) for p in pieces}:
            if sum(1 for p in pieces if color_of(p) == colour) == 3:
                out.add((s.name.lower(), colour))
    return out


def _in_reach(position: Position, player: int) -> int:
    """How many of ``player``'s ships stand at the enemy's homeworld or one move from it."""
    target = position.home_of(1 - player)
    if target is None:
        return 0
    return sum(len(_ships(s, player)) for s in position.systems
               if s.name.lower() == target.name.lower() or connected(s, target))  # fmt: skip


def _capturable(position: Position, player: int) -> set[tuple[str, int]]:
    """(system, ship) of ``player``'s ships the opponent could capture outright: the opponent has red at
    the system (a red ship of its own there, or a red star) and a ship at least as large there."""
    out = set()
    enemy = 1 - player
    for s in position.systems:
        mine, theirs = _ships(s, player), _ships(s, enemy)
        if not mine or not theirs:
            continue
        if not (any(color_of(p) == RED for p in theirs) or any(color_of(p) == RED for p in s.stars)):
            continue
        biggest = max(size_of(p) for p in theirs)
        out |= {(s.name.lower(), p) for p in mine if size_of(p) <= biggest}
    return out


def changes(before: Position, after: Position, player: int, most: int = 3) -> list[Reason]:
    """What changed from ``before`` to ``after`` that costs ``player`` (see the module docstring), the
    most costly first, at most ``most``; empty when either board has no homeworld of ``player``."""
    old, new = before.home_of(player), after.home_of(player)
    if old is None or new is None:
        return []
    found: list[Reason] = []
    home = new.name
    old_ships, new_ships = _ships(old, player), _ships(new, player)
    if len(new_ships) == 1 and len(old_ships) > 1:
        found.append(Reason(ONE_SHIP, player, home, at_home=True))
    if any(size_of(p) == 3 for p in old_ships) and not any(size_of(p) == 3 for p in new_ships):
        found.append(Reason(NO_LARGE, player, home, at_home=True))
    for colour in sorted(_colours(old, player) - _colours(new, player)):
        found.append(Reason(COLOUR_LOST, player, home, colour, at_home=True))
    for name, colour in sorted(_crowded(after, player) - _crowded(before, player)):
        system = next(s for s in after.systems if s.name.lower() == name)
        found.append(Reason(CATASTROPHE_NEAR, player, system.name, colour, at_home=name == home.lower()))
    for name, piece in sorted(_capturable(after, player) - _capturable(before, player)):
        system = next(s for s in after.systems if s.name.lower() == name)
        found.append(Reason(CAPTURABLE, player, system.name, color_of(piece), name == home.lower(), piece))
    if _in_reach(before, player) and not _in_reach(after, player):
        target = after.home_of(1 - player)
        found.append(Reason(CUT_OFF, player, target.name if target is not None else ""))
    found.sort(key=lambda r: -(COST[r.kind] + (1 if r.at_home and r.kind == CATASTROPHE_NEAR else 0)))
    return found[:most]


# The evaluation's terms in groups a player can picture (``weighed``): the fleet, the homeworld's powers,
# its defence, colonies, the catastrophes and captures hanging over a player's ships, the pressure on
# the enemy's homeworld, what a player can build, and ships that can neither move nor grow.
FLEET, HOME_POWERS, DEFENCE, COLONIES, DANGER, PRESSURE, GROWTH, CLUMSY = (
    "fleet", "home_powers", "defence", "colonies", "danger", "pressure", "growth", "clumsy")  # fmt: skip
GROUPS = {
    FLEET: ("material", "large", "medium", "gun_fleet", "supply"),
    HOME_POWERS: ("home_access", "one_star_home"),
    DEFENCE: ("defence", "home_large", "invasion", "capture_threat", "overpop"),
    COLONIES: ("abroad_access", "spread", "diversity"),
    DANGER: ("catastrophes", "catastrophes_parried", "captures", "captures_parried"),
    PRESSURE: ("pressure", "crushing"),
    GROWTH: ("builders", "build_edge", "build_race"),
    CLUMSY: ("stuck", "lonely"),
}
# A group's cost below this many evaluation points is not worth a sentence.
WORTH = 2.0


def weighed(played: Position, better: Position, player: int, most: int = 2, worth: float = WORTH) -> list[str]:
    """The groups of the evaluation (``GROUPS``) in which the board after ``player``'s turn (``played``)
    is worse for ``player`` than the board after the better turn (``better``) by ``worth`` points or
    more, the costliest first; both boards have the opponent to move. Empty where either game is over
    or nothing costs enough."""
    if played.stage < PLAYING or better.stage < PLAYING or played.is_over() or better.is_over():
        return []
    if played.to_move == player or better.to_move == player:
        return []
    a, b = terms(played), terms(better)
    index = {name: k for k, name in enumerate(TERMS)}
    cost = {}
    for group, names in GROUPS.items():
        # Terms are for the side to move (the opponent): a rise there is a cost to ``player``.
        cost[group] = sum(DEFAULT_WEIGHTS.get(n, 0.0) * (a[index[n]] - b[index[n]]) for n in names if n in index)
    ranked = sorted((g for g in cost if cost[g] >= worth and cost[g] > 0), key=lambda g: -cost[g])
    return ranked[:most]


__all__ = ["CAPTURABLE", "CATASTROPHE_NEAR", "COLOUR_LOST", "CUT_OFF", "KINDS", "NO_LARGE", "ONE_SHIP", "Reason",
           "changes", "weighed"]  # fmt: skip
