"""Whole-turn successors for the searcher, scored and optionally cut by a beam.

``rules.legal_turns`` lists every distinct successor, which is right for the rules but can be far too
many for search: a large yellow sacrifice with ten ships on the board gives hundreds of thousands of
three-move turns. ``scored_turns`` builds the same successors level by level (level n = turns with n
non-catastrophe actions) and scores every one with the static evaluation. Turns with one action are
always complete. Inside a sacrifice it keeps, per sacrifice and per level, only the ``width`` best
partial turns for further actions (a beam), and it stops adding once ``cap`` successors exist.
Without a width and a cap it yields exactly the successors of ``legal_turns``.

Catastrophes may come at any point of a turn; every state is closed under them, so a catastrophe
before, between or after actions is always considered.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from hwgame.rules import (
    PASS,
    Action,
    Catastrophe,
    EndTurn,
    Pass,
    Position,
    PositionKey,
    Turn,
    TurnState,
    apply_action,
    catastrophe_actions,
    end_turn,
    legal_actions,
    start_turn,
)


class Successors(list["Scored"]):
    """Scored successors, best first; ``complete`` is False when a beam or the cap left some out."""

    complete: bool = True


class Scored(NamedTuple):
    """A successor with its static score from the view of the player who played the turn."""

    score: float
    turn: Turn
    position: Position
    key: PositionKey  # position.key(), kept because computing it again is not free


# A partial turn on the frontier: the score of ending it now, the state it reached, its actions.
_Partial = tuple[float, TurnState, Turn]


def scored_turns(
    position: Position,
    score: Callable[[Position], float],
    width: int | None = None,
    cap: int | None = None,
    tick: Callable[[], None] | None = None,
) -> Successors:
    """Distinct successors of ``position`` with ``score(successor)`` for the mover, best first.

    ``score`` gets the position after the turn (the opponent to move) and must return the value
    for the player who moved. ``tick`` is called once per state examined and may raise to stop.
    """
    results: dict[PositionKey, Scored] = {}
    seen: set[tuple[PositionKey, bool, int, int]] = set()

    def closure(state: TurnState, turn: Turn, out: list[_Partial]) -> None:
        """Record ``state`` and every state reachable from it by catastrophes alone."""
        stack = [(state, turn)]
        while stack:
            st, tu = stack.pop()
            pos = st.position
            k = pos.key()
            skey = (k, st.free, st.sac_color, st.sac_left)
            if skey in seen:
                continue
            seen.add(skey)
            if tick is not None:
                tick()
            end = end_turn(pos)
            ekey = end.key()
            found = results.get(ekey)
            if found is None:
                found = Scored(score(end), tu or (PASS,), end, ekey)
                results[ekey] = found
            out.append((found.score, st, tu))
            for a in catastrophe_actions(pos):
                stack.append((apply_action(st, a), tu + (a,)))

    frontier: list[_Partial] = []
    complete = True
    closure(start_turn(position), (), frontier)
    level = 0
    while frontier:
        groups: dict[Action | None, list[_Partial]] = {}
        for _, state, turn in frontier:
            if state.done:
                continue
            for a in legal_actions(state):
                kind = type(a)
                if kind is EndTurn or kind is Pass or kind is Catastrophe:
                    continue
                made: list[_Partial] = []
                closure(apply_action(state, a), turn + (a,), made)
                for item in made:
                    if not item[1].done:
                        # Group by the sacrifice that opened the turn, so every sacrifice keeps a beam.
                        group = next((x for x in item[2] if type(x) is not Catastrophe), None)
                        groups.setdefault(group, []).append(item)
                if cap is not None and len(results) >= cap:
                    return _ordered(results, complete=False)
        level += 1
        queues = []
        for items in groups.values():
            if width is not None and level >= 2 and len(items) > width:
                items.sort(key=lambda item: -item[0])
                items = items[:width]
                complete = False
            elif cap is not None:
                items.sort(key=lambda item: -item[0])
            queues.append(items)
        # Taken in turns, the best of every sacrifice first: when the cap cuts the generation, each
        # sacrifice has had its best continuations looked at, not the first few sacrifices all of them.
        frontier = [q[i] for i in range(max(map(len, queues), default=0)) for q in queues if i < len(q)]
    return _ordered(results, complete)


def _ordered(results: dict[PositionKey, Scored], complete: bool = True) -> Successors:
    out = Successors(sorted(results.values(), key=lambda s: -s.score))
    out.complete = complete
    return out


__all__ = ["Scored", "Successors", "scored_turns"]
