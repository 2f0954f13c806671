"""Move generation inside a turn: the legal actions now, as light edges and as Action objects.

Generation works on light edge tuples ``(kind, system index, ...)``; Action objects are only made for
what a caller sees (``legal_actions``, and the turns the whole-turn search spells out). The whole-turn
successors (``legal_turns``, ``iter_turns``) are in ``successors``, and the search behind them, which
uses the same edges, in ``turnsearch``.
"""

from __future__ import annotations

from collections.abc import Iterable

from .actions import (
    END_TURN,
    PASS,
    Action,
    Build,
    Capture,
    Catastrophe,
    Discover,
    Homeworld,
    Move,
    Sacrifice,
    Trade,
)
from .apply import TurnState
from .pieces import BLUE, GREEN, RED, YELLOW, color_of, size_of
from .position import LATE_HOME, PLAYING, Position, System, opponent_of, overpopulated_colors

STAR_NAMES = (
    "Alpha", "Beta", "Gamma", "Delta", "Epsilon", "Zeta", "Eta", "Theta", "Iota", "Kappa", "Lambda",
    "Mu", "Nu", "Xi", "Omicron", "Pi", "Rho", "Sigma", "Tau", "Upsilon", "Phi", "Chi", "Psi", "Omega",
)  # fmt: skip

# Edge kinds.
BUILD, TRADE, MOVE, DISCOVER, CAPTURE, SACRIFICE, CATASTROPHE = range(7)

Edge = tuple[int, ...]
"""An action as (kind, index of the system acted at, then the kind's pieces, colour or second index):
(BUILD, i, piece), (TRADE, i, old, new), (MOVE, i, j, ship), (DISCOVER, i, ship, star), (CAPTURE, i,
piece), (SACRIFICE, i, ship), (CATASTROPHE, i, colour)."""

# A piece's size as a bit of a star-size mask (bit 0 = small), and its colour: tables, because these
# are read in the loops of generation, where a call per piece would cost more than the lookup.
SIZE_BIT = tuple(1 << (size_of(p) - 1) for p in range(12))
COLOR = tuple(color_of(p) for p in range(12))


def new_system_name(position: Position, avoid: Iterable[str] = ()) -> str:
    """A name for a newly discovered system that no system or player uses yet, nor any name of ``avoid``
    (``Game.names_used``: a name offered does not bring back one whose system is gone, which the rules
    would allow)."""
    used = position.names_in_use() | {name.lower() for name in avoid}
    for name in STAR_NAMES:
        if name.lower() not in used:
            return name
    n = 1
    while f"star{n}" in used:
        n += 1
    return f"Star{n}"


def setup_actions(position: Position) -> list[Action]:
    """Every homeworld the player to move may set up in ``position`` (a setup stage)."""
    bank = position.bank
    avail = [p for p in range(12) if bank[p]]
    out: list[Action] = []
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


def _power_edges(pos: Position, free: bool, power: int) -> list[Edge]:
    """Basic actions (free, or of colour ``power`` from a sacrifice) and sacrifices, as edges."""
    me = pos[2]
    bank = pos[1]
    systems = pos[0]
    size_bit, color = SIZE_BIT, COLOR
    masks = []
    for s in systems:
        m = 0
        for p in s[1]:
            m |= size_bit[p]
        masks.append(m)
    out: list[Edge] = []
    append = out.append
    for i, s in enumerate(systems):
        mine = s.ships_of(me)
        if not mine:
            continue
        distinct = sorted(set(mine)) if len(mine) > 1 else mine
        if free:
            access = {color[p] for p in s[1]}
            access.update(color[p] for p in mine)
        else:
            access = {power}
        if GREEN in access:
            for c in {color[p] for p in mine}:
                base = c * 3  # a colour's pieces are three codes in a row, smallest first
                for q in (base, base + 1, base + 2):
                    if bank[q]:
                        append((BUILD, i, q))
                        break
        if BLUE in access:
            for p in distinct:
                size0 = size_of(p) - 1  # pieces of one size are four codes apart, one per colour
                for q in (size0, size0 + 3, size0 + 6, size0 + 9):
                    if q != p and bank[q]:
                        append((TRADE, i, p, q))
        if YELLOW in access:
            mask = masks[i]
            for j, m in enumerate(masks):
                if not (m & mask):
                    for p in distinct:
                        append((MOVE, i, j, p))
            stars = [q for q in range(12) if bank[q] and not size_bit[q] & mask]
            if stars:
                for p in distinct:
                    for q in stars:
                        append((DISCOVER, i, p, q))
        if RED in access:
            theirs = s.ships_of(opponent_of(me))
            if theirs:
                # Ships sort by piece code (colour first): the largest size is a max, not the last.
                biggest = max(size_of(p) for p in mine)
                for e in sorted(set(theirs)):
                    if size_of(e) <= biggest:
                        append((CAPTURE, i, e))
        if free:
            for p in distinct:
                append((SACRIFICE, i, p))
    return out


def _catastrophe_edges(pos: Position) -> list[Edge]:
    out: list[Edge] = []
    for i, s in enumerate(pos[0]):
        for c in overpopulated_colors(s):
            out.append((CATASTROPHE, i, c))
    return out


def catastrophe_actions(position: Position) -> list[Action]:
    """Every catastrophe that may be set off in ``position`` now."""
    return [edge_action(position, e, "") for e in _catastrophe_edges(position)]


def edge_action(pos: Position, edge: Edge, new_name: str) -> Action:
    """The Action object an edge stands for, in the position before it (``new_name``: a discovery's)."""
    return named_action(pos[0], edge, new_name)


def named_action(systems: tuple[System, ...], edge: Edge, new_name: str) -> Action:
    """The Action object an edge stands for among ``systems`` (``new_name``: a discovery's)."""
    kind = edge[0]
    name = systems[edge[1]][4]
    if kind == BUILD:
        return Build(edge[2], name)
    if kind == TRADE:
        return Trade(edge[2], edge[3], name)
    if kind == MOVE:
        return Move(edge[3], name, systems[edge[2]][4])
    if kind == DISCOVER:
        return Discover(edge[2], name, edge[3], new_name)
    if kind == CAPTURE:
        return Capture(edge[2], name)
    if kind == SACRIFICE:
        return Sacrifice(edge[2], name)
    return Catastrophe(name, edge[2])


def awaits_homeworld(position: Position) -> bool:
    """True when the player to move passed instead of setting up and may build a homeworld now."""
    return position.stage == LATE_HOME and position.to_move == 1 and position.home_of(1) is None


def legal_actions(state: TurnState) -> list[Action]:
    """Every legal atomic action now: basic actions, sacrifices, catastrophes, pass and EndTurn.

    The caller makes sure the game was not over when the turn started (see ``Game``).
    """
    pos = state.position
    if pos.stage < PLAYING:
        return setup_actions(pos) if state.free else [END_TURN]
    if awaits_homeworld(pos) and state.free:
        return [*setup_actions(pos), PASS]  # the second player builds late, or passes again
    edges = _catastrophe_edges(pos)
    if state.free or state.sac_left:
        edges += _power_edges(pos, state.free, state.sac_color)
    name = new_system_name(pos)
    out = [edge_action(pos, e, name) for e in edges]
    if state.free or state.sac_left:
        out.append(PASS)
    out.append(END_TURN)
    return out
