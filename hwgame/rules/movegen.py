"""Move generation: the legal actions inside a turn, and every distinct whole-turn successor."""

from __future__ import annotations

from typing import NamedTuple

from .actions import (
    END_TURN,
    PASS,
    Build,
    Capture,
    Catastrophe,
    Discover,
    Homeworld,
    Move,
    Sacrifice,
    Trade,
)
from .apply import TurnState, apply_action, end_turn, start_turn
from .pieces import BLUE, GREEN, RED, YELLOW
from .position import PLAYING, Position

STAR_NAMES = (
    "Alpha", "Beta", "Gamma", "Delta", "Epsilon", "Zeta", "Eta", "Theta", "Iota", "Kappa", "Lambda",
    "Mu", "Nu", "Xi", "Omicron", "Pi", "Rho", "Sigma", "Tau", "Upsilon", "Phi", "Chi", "Psi", "Omega",
)  # fmt: skip


def new_system_name(position: Position) -> str:
    """A name for a newly discovered system that no system or player uses yet."""
    used = position.names_in_use()
    for name in STAR_NAMES:
        if name.lower() not in used:
            return name
    n = 1
    while f"star{n}" in used:
        n += 1
    return f"Star{n}"


def _setup_actions(position: Position) -> list:
    bank = position.bank
    avail = [p for p in range(12) if bank[p]]
    out = []
    for i, a in enumerate(avail):
        for b in avail[i:]:
            if a == b and bank[a] < 2:
                continue
            for ship in avail:
                need = (a == ship) + (b == ship) + 1
                if bank[ship] >= need:
                    out.append(Homeworld(a, b, ship))
    if position.rules.single_star_home:
        for a in avail:
            for ship in avail:
                if bank[ship] >= (a == ship) + 1:
                    out.append(Homeworld(a, None, ship))
    return out


def _power_actions(state: TurnState, new_name: str | None) -> list:
    """Basic actions (free or granted by a sacrifice), sacrifices, but not catastrophes or pass."""
    pos = state.position
    me = pos.to_move
    bank = pos.bank
    systems = pos.systems
    free = state.free
    power = state.sac_color
    out = []
    for s in systems:
        mine = s.ships1 if me else s.ships0
        if not mine:
            continue
        name = s.name
        distinct = sorted(set(mine))
        if free:
            access = {p // 3 for p in s.stars}
            access.update(p // 3 for p in mine)
        else:
            access = (power,)
        if GREEN in access:
            for c in {p // 3 for p in mine}:
                base = c * 3
                for q in (base, base + 1, base + 2):
                    if bank[q]:
                        out.append(Build(q, name))
                        break
        if BLUE in access:
            for p in distinct:
                size0 = p % 3
                for c in range(4):
                    q = c * 3 + size0
                    if q != p and bank[q]:
                        out.append(Trade(p, q, name))
        if YELLOW in access:
            mask = s.star_sizes()
            for t in systems:
                if not (t.star_sizes() & mask):
                    tname = t.name
                    for p in distinct:
                        out.append(Move(p, name, tname))
            if new_name is not None:
                stars = [q for q in range(12) if bank[q] and not (mask >> (q % 3)) & 1]
                for p in distinct:
                    for q in stars:
                        out.append(Discover(p, name, q, new_name))
        if RED in access:
            theirs = s.ships0 if me else s.ships1
            if theirs:
                # Ships sort by piece code (colour first): the largest size is a max, not the last.
                biggest = max(p % 3 for p in mine)
                for e in sorted(set(theirs)):
                    if e % 3 <= biggest:
                        out.append(Capture(e, name))
        if free:
            for p in distinct:
                out.append(Sacrifice(p, name))
    return out


def _catastrophes(position: Position) -> list:
    out = []
    for s in position.systems:
        for c in s.overpopulated():
            out.append(Catastrophe(s.name, c))
    return out


def legal_actions(state: TurnState) -> list:
    """Every legal atomic action now: basic actions, sacrifices, catastrophes, pass and EndTurn.

    The caller makes sure the game was not over when the turn started (see ``Game``).
    """
    pos = state.position
    if pos.stage < PLAYING:
        return _setup_actions(pos) if state.free else [END_TURN]
    out = []
    if state.free or state.sac_left:
        out = _power_actions(state, new_system_name(pos))
        out.append(PASS)
    out.extend(_catastrophes(pos))
    out.append(END_TURN)
    return out


class Successor(NamedTuple):
    """A whole-turn successor: the turn played and the position it reaches."""

    turn: tuple
    position: Position


def legal_turns(position: Position) -> list[Successor]:
    """Every distinct position reachable by one whole turn, with one turn that reaches each.

    Positions are told apart by ``Position.key`` (names of discovered systems do not count).
    Catastrophes anywhere in the turn are included. A finished game has no successors.
    """
    if position.stage < PLAYING:
        results = {}
        for a in _setup_actions(position):
            nxt = end_turn(apply_action(start_turn(position), a).position)
            results.setdefault(nxt.key(), Successor((a,), nxt))
        return list(results.values())
    if position.is_over():
        return []
    results: dict = {}
    seen: set = set()
    stack = [(start_turn(position), ())]
    while stack:
        state, turn = stack.pop()
        pos = state.position
        pkey = pos.key()
        skey = (pkey, state.free, state.sac_color, state.sac_left)
        if skey in seen:
            continue
        seen.add(skey)
        if pkey not in results:
            results[pkey] = (turn or (PASS,), pos)
        actions = _catastrophes(pos)
        if state.free or state.sac_left:
            actions += _power_actions(state, new_system_name(pos))
        for a in actions:
            stack.append((apply_action(state, a), turn + (a,)))
    return [Successor(turn, end_turn(pos)) for turn, pos in results.values()]
