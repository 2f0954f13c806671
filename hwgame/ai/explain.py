"""Whether a turn leaves what it placed open to a catastrophe.

``exposed_systems`` lists the systems where the turn placed ships of a colour the opponent could then
bring to four pieces: a catastrophe that would destroy them. (Why a turn is good, in facts of the
board, is ``hwgame.ai.why``.)
"""

from __future__ import annotations

from collections.abc import Sequence

from hwgame.rules import Action, Position, apply_turn_unchecked, color_of

from .threats import catastrophe_reachable


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


__all__ = ["exposed_systems"]
