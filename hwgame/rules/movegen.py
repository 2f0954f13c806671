"""Move generation: the legal actions inside a turn, and every distinct whole-turn successor.

Generation works on light edge tuples ``(kind, system index, ...)`` applied through the primitives of
``apply``; Action objects are only made for what a caller sees (``legal_actions`` and the one turn kept
per successor), which keeps whole-turn enumeration fast.
"""

from __future__ import annotations

import gc
from typing import NamedTuple

from . import apply as _ap
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
from .position import PLAYING, Position, overpopulated_colors

STAR_NAMES = (
    "Alpha", "Beta", "Gamma", "Delta", "Epsilon", "Zeta", "Eta", "Theta", "Iota", "Kappa", "Lambda",
    "Mu", "Nu", "Xi", "Omicron", "Pi", "Rho", "Sigma", "Tau", "Upsilon", "Phi", "Chi", "Psi", "Omega",
)  # fmt: skip

# Edge kinds.
BUILD, TRADE, MOVE, DISCOVER, CAPTURE, SACRIFICE, CATASTROPHE = range(7)


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


def _power_edges(pos: Position, free: bool, power: int) -> list:
    """Basic actions (free, or of colour ``power`` from a sacrifice) and sacrifices, as edges."""
    me = pos[2]
    bank = pos[1]
    systems = pos[0]
    masks = []
    for s in systems:
        m = 0
        for p in s[1]:
            m |= 1 << (p % 3)
        masks.append(m)
    out = []
    append = out.append
    for i, s in enumerate(systems):
        mine = s[3] if me else s[2]
        if not mine:
            continue
        distinct = sorted(set(mine)) if len(mine) > 1 else mine
        if free:
            access = {p // 3 for p in s[1]}
            access.update(p // 3 for p in mine)
        else:
            access = (power,)
        if GREEN in access:
            for c in {p // 3 for p in mine}:
                base = c * 3
                for q in (base, base + 1, base + 2):
                    if bank[q]:
                        append((BUILD, i, q))
                        break
        if BLUE in access:
            for p in distinct:
                size0 = p % 3
                for q in (size0, size0 + 3, size0 + 6, size0 + 9):
                    if q != p and bank[q]:
                        append((TRADE, i, p, q))
        if YELLOW in access:
            mask = masks[i]
            for j, m in enumerate(masks):
                if not (m & mask):
                    for p in distinct:
                        append((MOVE, i, j, p))
            stars = [q for q in range(12) if bank[q] and not (mask >> (q % 3)) & 1]
            if stars:
                for p in distinct:
                    for q in stars:
                        append((DISCOVER, i, p, q))
        if RED in access:
            theirs = s[2] if me else s[3]
            if theirs:
                # Ships sort by piece code (colour first): the largest size is a max, not the last.
                biggest = max(p % 3 for p in mine)
                for e in sorted(set(theirs)):
                    if e % 3 <= biggest:
                        append((CAPTURE, i, e))
        if free:
            for p in distinct:
                append((SACRIFICE, i, p))
    return out


def _catastrophe_edges(pos: Position) -> list:
    out = []
    for i, s in enumerate(pos[0]):
        for c in overpopulated_colors(s):
            out.append((CATASTROPHE, i, c))
    return out


def catastrophe_actions(position: Position) -> list:
    """Every catastrophe that may be set off in ``position`` now."""
    return [edge_action(position, e, "") for e in _catastrophe_edges(position)]


def edge_action(pos: Position, edge: tuple, new_name: str):
    """The Action object an edge stands for, in the position before it."""
    return _named_action(tuple(s[4] for s in pos[0]), edge, new_name)


def _named_action(names: tuple[str, ...], edge: tuple, new_name: str):
    kind = edge[0]
    name = names[edge[1]]
    if kind == BUILD:
        return Build(edge[2], name)
    if kind == TRADE:
        return Trade(edge[2], edge[3], name)
    if kind == MOVE:
        return Move(edge[3], name, names[edge[2]])
    if kind == DISCOVER:
        return Discover(edge[2], name, edge[3], new_name)
    if kind == CAPTURE:
        return Capture(edge[2], name)
    if kind == SACRIFICE:
        return Sacrifice(edge[2], name)
    return Catastrophe(name, edge[2])


def _follow(pos: Position, edge: tuple, new_name: str) -> Position:
    """Apply an edge to a position."""
    kind = edge[0]
    if kind == MOVE:
        return _ap.move(pos, edge[1], edge[2], edge[3])
    if kind == DISCOVER:
        return _ap.discover(pos, edge[1], edge[2], edge[3], new_name)
    if kind == TRADE:
        return _ap.trade(pos, edge[1], edge[2], edge[3])
    if kind == BUILD:
        return _ap.build(pos, edge[1], edge[2])
    if kind == CAPTURE:
        return _ap.capture(pos, edge[1], edge[2])
    if kind == SACRIFICE:
        return _ap.sacrifice(pos, edge[1], edge[2])
    return _ap.catastrophe(pos, edge[1], edge[2])


def legal_actions(state: TurnState) -> list:
    """Every legal atomic action now: basic actions, sacrifices, catastrophes, pass and EndTurn.

    The caller makes sure the game was not over when the turn started (see ``Game``).
    """
    pos = state.position
    if pos.stage < PLAYING:
        return _setup_actions(pos) if state.free else [END_TURN]
    edges = _catastrophe_edges(pos)
    if state.free or state.sac_left:
        edges += _power_edges(pos, state.free, state.sac_color)
    name = new_system_name(pos)
    out = [edge_action(pos, e, name) for e in edges]
    if state.free or state.sac_left:
        out.append(PASS)
    out.append(END_TURN)
    return out


class Successor(NamedTuple):
    """A whole-turn successor: the turn played and the position it reaches."""

    turn: tuple
    position: Position


def _body(s) -> bytes:
    """A system without its name, as bytes that sort canonically and concatenate unambiguously."""
    return bytes((s[0] + 1, len(s[1]), *s[1], len(s[2]), *s[2], len(s[3]), *s[3]))


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
    # The search allocates many small tuples that live until it returns; the cyclic garbage collector
    # would rescan them again and again (they hold no cycles), so it is paused meanwhile.
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        return _enumerate_turns(position)
    finally:
        if gc_was_enabled:
            gc.enable()


def _child_summaries(edge: tuple, before: int, after: tuple, bodies: list, overs: list) -> tuple[list, list]:
    """Bodies and overpopulated colours of a child's systems, updating only what the edge changed.

    ``before`` is the parent's number of systems, ``after`` the child's systems. An edge changes system
    ``edge[1]`` (and a move's destination), may remove the origin and a discovery appends a system.
    """
    bodies = bodies.copy()
    overs = overs.copy()
    i = edge[1]
    kind = edge[0]
    changed = [i]
    if len(after) < before + (kind == DISCOVER):  # system i disappeared
        del bodies[i]
        del overs[i]
        changed = []
        if kind == MOVE:
            j = edge[2]
            changed = [j if j < i else j - 1]
    elif kind == MOVE:
        changed.append(edge[2])
    if kind == DISCOVER:
        bodies.append(b"")
        overs.append(())
        changed.append(len(after) - 1)
    for k in changed:
        # _body written out, and the overpopulation count skipped for small systems: this runs for
        # every edge of the enumeration.
        s = after[k]
        stars, ships0, ships1 = s[1], s[2], s[3]
        bodies[k] = bytes((s[0] + 1, len(stars), *stars, len(ships0), *ships0, len(ships1), *ships1))
        overs[k] = overpopulated_colors(s) if len(stars) + len(ships0) + len(ships1) >= 4 else ()
    return bodies, overs


def _enumerate_turns(position: Position) -> list[Successor]:
    # Depth-first over states inside the turn. A state's key is its systems' bodies (see ``_body``)
    # sorted and joined: equal for positions that differ only in discovered systems' names. A child
    # recomputes the body (and overpopulated colours) of only the systems its edge changed. Each state
    # carries its path, a linked list (parent path, edge, discover name, system names before the edge)
    # sharing prefixes, so states that do not become results are freed at once and a turn is spelled
    # out only for results.
    results: dict = {}  # position key -> (path, position)
    seen: set = set()
    systems = position[0]
    stack = [(position, True, -1, 0, None, [_body(s) for s in systems], [overpopulated_colors(s) for s in systems])]
    pop = stack.pop
    push = stack.append
    while stack:
        pos, free, power, left, path, bodies, overs = pop()
        pkey = b"".join(sorted(bodies))
        skey = pkey + bytes((free, power + 1, left))
        if skey in seen:
            continue
        seen.add(skey)
        if pkey not in results:
            results[pkey] = (path, pos)
        edges = [(CATASTROPHE, i, c) for i, colors in enumerate(overs) for c in colors]
        if free or left:
            edges += _power_edges(pos, free, power)
        if not edges:
            continue
        name = new_system_name(pos) if free or left else ""
        systems = pos[0]
        count = len(systems)
        names = tuple(s[4] for s in systems)
        for edge in edges:
            kind = edge[0]
            nxt = _follow(pos, edge, name)
            child_path = (path, edge, name, names)
            cb, co = _child_summaries(edge, count, nxt[0], bodies, overs)
            if kind == CATASTROPHE:
                push((nxt, free, power, left, child_path, cb, co))
            elif kind == SACRIFICE:
                push((nxt, False, edge[2] // 3, edge[2] % 3 + 1, child_path, cb, co))
            elif left:
                push((nxt, False, power, left - 1, child_path, cb, co))
            else:
                push((nxt, False, -1, 0, child_path, cb, co))
    # Free the visited set before the turns are spelled out, and each path once it is, to keep the
    # peak memory of big sacrifice turns down.
    seen.clear()
    out = []
    for pkey in list(results):
        path, pos = results.pop(pkey)
        out.append(Successor(_spell(path), end_turn(pos)))
    return out


def _spell(path) -> tuple:
    """The actions along a linked path of (parent path, edge, discover name, system names before it)."""
    actions = []
    while path is not None:
        path, edge, name, names = path
        actions.append(_named_action(names, edge, name))
    actions.reverse()
    return tuple(actions) or (PASS,)
