"""Why a turn is good, in a sentence, and whether it leaves what it placed open to a catastrophe.

``reasons`` compares the evaluation's terms after the turn with their values after a pass (the same
player to move next, so only what the turn changed differs) and names the terms that gained most,
weighted as the evaluation weighs them. ``exposed_systems`` lists the systems where the turn placed
ships of a colour the opponent could then bring to four pieces: a catastrophe that would destroy them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from hwgame.rules import PASS, Action, Position, apply_turn_unchecked, color_of

from .evaluate import DEFAULT_WEIGHTS, TERMS, terms
from .threats import catastrophe_reachable

# What a gain in each term means to a player, in plain words (several terms share a meaning).
REASONS: dict[str, str] = {
    "material": "it adds to your fleet",
    "large": "it gives you a large ship",
    "medium": "it gives you a bigger ship",
    "supply": "it gives you a ship of a new colour",
    "home_access": "it brings a new power to your homeworld",
    "abroad_access": "it gives you a new power away from home",
    "spread": "it spreads your fleet over more systems",
    "diversity": "it gives your ships more powers where they are",
    "defence": "it strengthens the defence of your homeworld",
    "home_large": "it strengthens the defence of your homeworld",
    "overpop": "it eases the danger of a catastrophe at your homeworld",
    "capture_threat": "it eases the danger to your homeworld",
    "invasion": "it eases the danger to your homeworld",
    "pressure": "it brings your ships closer to the enemy homeworld",
    "catastrophes": "it keeps your ships out of reach of a catastrophe",
    "catastrophes_parried": "it threatens a catastrophe among the enemy's ships",
    "captures": "it keeps your ships out of reach of a capture",
    "captures_parried": "it threatens to capture enemy ships",
    "one_star_home": "it keeps both stars of your homeworld",
    "gun_fleet": "it builds a fleet that can capture anything",
    "builders": "it lets you build more colours",
    "build_edge": "it keeps the next piece of the bank for you",
    "build_race": "it keeps the next piece of the bank for you",
    "stuck": "it frees ships that could not move or trade",
    "lonely": "it gives a lonely ship company",
}


def reasons(
    position: Position, turn: Sequence[Action], weights: Mapping[str, float] | None = None, most: int = 2
) -> list[str]:
    """The (at most ``most``) main reasons, in plain words, why ``turn`` is good for the player to move
    in ``position``: what it gains over passing. Empty when it gains nothing the evaluation sees."""
    w = DEFAULT_WEIGHTS if weights is None else weights
    after = apply_turn_unchecked(position, turn)
    if after.is_over():
        return ["it wins the game"] if after.winner() == position.to_move else []
    passed = apply_turn_unchecked(position, (PASS,))
    if passed.is_over():
        return []
    # Terms are for the player to move next (the opponent): negated, they are the mover's.
    gains: dict[str, float] = {}
    for name, a, b in zip(TERMS, terms(after), terms(passed), strict=True):
        meaning = REASONS.get(name)
        if meaning is not None:
            gains[meaning] = gains.get(meaning, 0.0) + w[name] * (b - a)
    ranked = sorted((g, m) for m, g in gains.items() if g > 1.0)
    return [m for _, m in reversed(ranked[-most:])]


def because(position: Position, turn: Sequence[Action], weights: Mapping[str, float] | None = None) -> str:
    """A sentence saying why ``turn`` is good ("It adds to your fleet and ..."), or "" when none."""
    found = reasons(position, turn, weights)
    if not found:
        return ""
    rest = [r.removeprefix("it ") for r in found[1:]]  # "It adds to your fleet and brings ..."
    sentence = " and ".join([found[0], *rest])
    return sentence[0].upper() + sentence[1:] + "."


def exposed_systems(position: Position, turn: Sequence[Action]) -> list[str]:
    """Names of the systems where ``turn`` leaves ships of the mover, of a colour it added there, that
    the opponent could destroy at once by a catastrophe of that colour."""
    after = apply_turn_unchecked(position, turn)
    if after.is_over():
        return []
    me = position.to_move
    before = {s.name.lower(): s for s in position.systems}
    out = []
    for s in after.systems:
        mine = s.ships1 if me else s.ships0
        old = before.get(s.name.lower())
        old_mine = (old.ships1 if me else old.ships0) if old is not None else ()
        colors = {color_of(p) for p in mine}
        added = colors - {color_of(p) for p in old_mine} if old is not None else colors
        if old is not None:
            # A colour whose count of my ships grew counts too (a second green built beside one).
            added |= {color_of(p) for p in set(mine) if mine.count(p) > old_mine.count(p)}
        if any(catastrophe_reachable(after, s.name, c) for c in added):
            out.append(s.name)
    return out


__all__ = ["REASONS", "because", "exposed_systems", "reasons"]
