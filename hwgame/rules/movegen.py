"""Move generation: the legal actions inside a turn, and every distinct whole-turn successor.

Generation works on light edge tuples ``(kind, system index, ...)``; Action objects are only made for
what a caller sees (``legal_actions`` and the one turn kept per successor).

The whole-turn search (``legal_turns``, and ``iter_turns`` which streams the same successors) works on
its own compact form: systems interned by contents as ids, the effect of every action on a system worked
out once per id, and a position's key the product of its systems' primes (see "Whole-turn search"
below). Most successors are found as a key alone; a turn and a position are spelled out only for those
a caller keeps. The tests replay every kind of successor through the checked ``Game`` to hold the two
reckonings of each rule (these ids and ``apply``) together.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
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
from .apply import TurnState, _tuple_new, apply_action, end_turn, start_turn
from .pieces import BLUE, GREEN, RED, YELLOW
from .position import NO_HOME, PLAYING, Position, System, overpopulated_colors

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
    out: list[tuple] = []
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
            access = {power}
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
    return _named_action(pos[0], edge, new_name)


def _named_action(systems: tuple, edge: tuple, new_name: str):
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


def legal_turns(position: Position) -> list[Successor]:
    """Every distinct position reachable by one whole turn, with one turn that reaches each.

    Positions are told apart by ``Position.key`` (names of discovered systems do not count).
    Catastrophes anywhere in the turn are included. A finished game has no successors.
    """
    if position.stage < PLAYING:
        return _setup_successors(position)
    if position.is_over():
        return []
    # The turns and positions made here live until the list is returned; the cyclic garbage collector
    # would rescan them again and again (they hold no cycles), so it is paused meanwhile.
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        search = _Search(position)
        spell = search.spell
        return [spell(node, edge) for batch in search.batches() for node, edge in batch]
    finally:
        if gc_was_enabled:
            gc.enable()


def iter_turns(position: Position) -> Iterator[LazySuccessor]:
    """The successors of ``legal_turns`` one at a time, each turn and position spelled out only when asked.

    Nothing is kept of a successor once it is handed out but a number that tells it from the others, so
    counting or scanning the successors of a big sacrifice turn needs little memory. The positions are
    those of ``legal_turns``, in the same order and reached by the same turns.
    """
    if position.stage < PLAYING:
        yield from (LazySuccessor(None, None, s) for s in _setup_successors(position))
        return
    if position.is_over():
        return
    search = _Search(position)
    batches = search.batches()
    while True:
        # The collector is paused while the search runs (see legal_turns), not while the caller does.
        gc_was_enabled = gc.isenabled()
        gc.disable()
        try:
            batch = next(batches, None)
        finally:
            if gc_was_enabled:
                gc.enable()
        if batch is None:
            return
        for node, edge in batch:
            yield LazySuccessor(search, node, edge)


class LazySuccessor:
    """A successor streamed by ``iter_turns``: ``turn`` and ``position`` are worked out on first use."""

    __slots__ = ("_search", "_node", "_edge", "_done")

    def __init__(self, search, node, edge) -> None:
        self._search = search
        self._node = node
        self._edge = edge  # or, with no search, the Successor itself
        self._done: Successor | None = None if search is not None else edge

    def successor(self) -> Successor:
        """The turn and the position, as ``legal_turns`` gives them."""
        if self._done is None:
            self._done = self._search.spell(self._node, self._edge)
            self._search = self._node = self._edge = None  # the path may be freed once spelled
        return self._done

    @property
    def turn(self) -> tuple:
        """The actions of one turn that reaches the position."""
        return self.successor().turn

    @property
    def position(self) -> Position:
        """The position after the turn (the other player to move)."""
        return self.successor().position

    def __iter__(self):
        return iter(self.successor())


def _setup_successors(position: Position) -> list[Successor]:
    results: dict = {}
    for a in _setup_actions(position):
        nxt = end_turn(apply_action(start_turn(position), a).position)
        results.setdefault(nxt.key(), Successor((a,), nxt))
    return list(results.values())


# --- Whole-turn search ---
#
# The search works on its own light form of a position: the systems as a tuple of body ids (see
# _Bodies) in the order of Position.systems, so that edges index both, and the bank as an int with two
# bits per piece code. A state inside the turn is a tuple (code, key, overpopulated, node):
# - code: what the turn has left: _FREE, _DONE, or _SAC + 3 * colour + (actions left - 1);
# - key: the product of the primes of the ids: equal for the same multiset of systems, that is for
#   positions equal but for names and order; unique factorisation keeps it exact;
# - overpopulated: how many of the systems hold an overpopulated colour;
# - node: the path, a list [parent node, edge, ids, bank, position, actions, name] whose last three
#   (the Position, the actions leading there, the name a discovery from there takes) are filled in only
#   when a turn through it is spelled out.
# Successors are found as (node of the state acted in, edge): most are states after a turn's last
# action with no catastrophe to follow, and for those only the key is computed.

_FREE, _DONE, _SAC = 0, 1, 2
_BIT = tuple(1 << (2 * q) for q in range(12))
# The offset of a colour's smallest piece in the bank, from the colour's six bits of a bank int; -1: none.
_SMALLEST = tuple(0 if x & 3 else 1 if x & 12 else 2 if x & 48 else -1 for x in range(64))
_SAME_SIZE = tuple(tuple(q for q in range(p % 3, 12, 3) if q != p) for p in range(12))
_RED_BIT, _YELLOW_BIT, _GREEN_BIT, _BLUE_BIT = (1 << c for c in (RED, YELLOW, GREEN, BLUE))
_PRIMES = [2, 3, 5, 7]


def _prime(n: int) -> int:
    """The n-th prime (counting from 0)."""
    while n >= len(_PRIMES):
        limit = _PRIMES[-1] * 4
        sieve = bytearray([1]) * (limit + 1)
        sieve[0] = sieve[1] = 0
        for k in range(2, int(limit**0.5) + 1):
            if sieve[k]:
                sieve[k * k :: k] = bytes(len(range(k * k, limit + 1, k)))
        _PRIMES[:] = [k for k in range(limit + 1) if sieve[k]]
    return _PRIMES[n]


class _Memo(dict):
    """A table whose missing entries are computed by ``make`` once, then kept."""

    __slots__ = ("make",)

    def __init__(self, make) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key):
        value = self[key] = self.make(key)
        return value


class _Bodies:
    """The systems met in one turn's search, by contents (home, stars, ships of each player), as ids.

    Every fact move generation asks of a system, and the effect of each action on it, is worked out
    once per id for the player to move. Id 0 stands for a system that has gone: its prime is 1.
    Effects are keyed by numbers: ``remove[id * 12 + ship]`` and the like.
    """

    def __init__(self, me: int) -> None:
        self.me = me
        self.ids: dict = {}
        self.body: list = [(NO_HOME, (), (), ())]
        self.prime = [1]
        self.over = [0]  # 1 when some colour is overpopulated
        self.overs: list = [()]
        self.mask = [0]  # star sizes, bit 0 = small
        self.mine: list = [()]  # the mover's distinct ships
        self.access = [0]  # colours the mover may use with the free action, bit per colour
        self.colors: list = [()]  # colours of the mover's ships: what a build may take
        self.targets: list = [()]  # distinct enemy ships the mover's largest ship here may capture
        self.remove = _Memo(self._remove)  # id * 12 + ship -> (id, bank returned): a ship of the mover leaves
        self.add = _Memo(self._add)  # id * 12 + ship -> id: a ship of the mover arrives (or is built)
        self.trade = _Memo(self._trade)  # (id * 12 + old) * 12 + new -> id
        self.capture = _Memo(self._capture)  # id * 12 + ship -> id
        self.catastrophe = _Memo(self._catastrophe)  # id * 4 + colour -> (id, bank returned)
        self.new = _Memo(self._new)  # star * 12 + ship -> id of a discovered system

    def id_of(self, home: int, stars: tuple, ships0: tuple, ships1: tuple) -> int:
        """The id of a system's contents, made on first sight."""
        body = (home, stars, ships0, ships1)
        found = self.ids.get(body)
        if found is not None:
            return found
        n = self.ids[body] = len(self.body)
        mine, theirs = (ships1, ships0) if self.me else (ships0, ships1)
        self.body.append(body)
        self.prime.append(_prime(n - 1))
        overs = overpopulated_colors(body)  # type: ignore[arg-type]  # (home, stars, ships, ships) suffices
        self.overs.append(overs)
        self.over.append(1 if overs else 0)
        mask = 0
        for p in stars:
            mask |= 1 << (p % 3)
        self.mask.append(mask)
        self.mine.append(tuple(sorted(set(mine))))
        access = 0
        for p in stars + mine:
            access |= 1 << (p // 3)
        self.access.append(access)
        self.colors.append(tuple(sorted({p // 3 for p in mine})))
        # Ships sort by piece code (colour first): the largest size is a max, not the last.
        biggest = max((p % 3 for p in mine), default=-1)
        self.targets.append(tuple(sorted({e for e in theirs if e % 3 <= biggest})))
        return n

    def _settled(self, home: int, stars: tuple, ships0: tuple, ships1: tuple) -> tuple[int, int]:
        """(id, bank returned) of a system after an action, 0 if it has gone (see apply._settle)."""
        if not stars:
            return 0, sum(_BIT[p] for p in ships0 + ships1)
        if not ships0 and not ships1 and home == NO_HOME:
            return 0, sum(_BIT[p] for p in stars)
        return self.id_of(home, stars, ships0, ships1), 0

    def _with_mine(self, body: tuple, mine: tuple) -> tuple:
        return (body[0], body[1], body[2], mine) if self.me else (body[0], body[1], mine, body[3])

    def _remove(self, key: int) -> tuple[int, int]:
        body = self.body[key // 12]
        return self._settled(*self._with_mine(body, _ap._without(body[3 if self.me else 2], key % 12)))

    def _add(self, key: int) -> int:
        body = self.body[key // 12]
        return self.id_of(*self._with_mine(body, _ap._with(body[3 if self.me else 2], key % 12)))

    def _trade(self, key: int) -> int:
        body = self.body[key // 144]
        mine = _ap._with(_ap._without(body[3 if self.me else 2], key // 12 % 12), key % 12)
        return self.id_of(*self._with_mine(body, mine))

    def _capture(self, key: int) -> int:
        home, stars, ships0, ships1 = self.body[key // 12]
        e = key % 12
        if self.me:
            return self.id_of(home, stars, _ap._without(ships0, e), _ap._with(ships1, e))
        return self.id_of(home, stars, _ap._with(ships0, e), _ap._without(ships1, e))

    def _catastrophe(self, key: int) -> tuple[int, int]:
        home, *groups = self.body[key // 4]
        color = key % 4
        back = sum(_BIT[p] for group in groups for p in group if p // 3 == color)
        kept = [tuple(p for p in group if p // 3 != color) for group in groups]
        found, more = self._settled(home, *kept)
        return found, back + more

    def _new(self, key: int) -> int:
        ships = (key % 12,)
        return self.id_of(NO_HOME, (key // 12,), () if self.me else ships, ships if self.me else ())


class _Search:
    """One turn's search: the states left to expand, the keys seen, and the spelling out of successors."""

    def __init__(self, position: Position) -> None:
        self.bodies = bodies = _Bodies(position[2])
        ids = tuple(bodies.id_of(*s[:4]) for s in position[0])
        key = 1
        for b in ids:
            key *= bodies.prime[b]
        bank = 0
        for q, n in enumerate(position[1]):
            bank += n * _BIT[q]
        self.root = [None, None, ids, bank, position, (), None]
        self.results = {key}
        self.seen = {key << 4 | _FREE}
        self.stack = [(_FREE, key, sum(bodies.over[b] for b in ids), self.root)]
        # Successors share what they can: systems by (id, name), banks, and actions by what they do.
        self.systems: dict = {}
        self.banks: dict = {}
        self.actions: dict = {}

    def batches(self) -> Iterator[list]:
        """Per state expanded, the successors it adds as (node, edge) pairs; first (root, None): a pass."""
        yield [(self.root, None)]
        bodies, results, seen, stack = self.bodies, self.results, self.seen, self.stack
        while stack:
            found = _expand(stack.pop(), bodies, results, seen, stack)
            if found:
                yield found

    def spell(self, node: list, edge: tuple | None) -> Successor:
        """The turn and the position after it (the other player to move) of a successor (node, edge)."""
        if edge is None:
            pos, actions = self._reached(node)
            return Successor(actions or (PASS,), end_turn(pos))
        actions = self._reached(node)[1]
        return Successor((*actions, self._action(node, edge)), self._position(node, edge, True))

    def _reached(self, node: list) -> tuple[Position, tuple]:
        """The position at a node and the actions that led there, worked out once."""
        if node[4] is None:
            parent, edge = node[0], node[1]
            node[5] = (*self._reached(parent)[1], self._action(parent, edge))
            node[4] = self._position(parent, edge, False)
        return node[4], node[5]

    def _new_name(self, node: list) -> str:
        if node[6] is None:
            node[6] = new_system_name(self._reached(node)[0])
        return node[6]

    def _action(self, node: list, edge: tuple):
        """The Action an edge out of a node stands for (one object for all alike)."""
        systems = self._reached(node)[0][0]
        kind = edge[0]
        other = systems[edge[2]][4] if kind == MOVE else self._new_name(node) if kind == DISCOVER else ""
        key = (edge, systems[edge[1]][4], other)
        action = self.actions.get(key)
        if action is None:
            action = self.actions[key] = _named_action(systems, edge, other)
        return action

    def _position(self, node: list, edge: tuple, ended: bool) -> Position:
        """The Position after an edge out of a node; ``ended``: with the turn committed."""
        pos = self._reached(node)[0]
        changes, change = _changes(self.bodies, node[2], edge)
        out = list(pos[0])
        body, systems = self.bodies.body, self.systems
        for k, b in changes:
            if not b:
                del out[k]
                continue
            name = out[k][4] if k >= 0 else self._new_name(node)
            s = systems.get((b, name))
            if s is None:
                s = systems[b, name] = _tuple_new(System, (*body[b], name))
            if k >= 0:
                out[k] = s
            else:
                out.append(s)
        bank = node[3] + change
        counts = self.banks.get(bank)
        if counts is None:
            counts = self.banks[bank] = tuple(bank >> (2 * q) & 3 for q in range(12))
        to_move = 1 - pos[2] if ended else pos[2]
        return _tuple_new(Position, (tuple(out), counts, to_move, pos[3], pos[4], pos[5]))


def _changes(bodies: _Bodies, ids: tuple, edge: tuple) -> tuple[tuple, int]:
    """What an edge does, as the action helpers below reckon it on keys: (changes, change of the bank).

    Changes are (index, new id) pairs in order: index -1 appends a system, id 0 removes one. The acting
    system comes last, so that its removal leaves the other indices as they were (as apply does).
    """
    kind, i = edge[0], edge[1]
    b = ids[i]
    if kind == MOVE:
        o, back = bodies.remove[b * 12 + edge[3]]
        return ((edge[2], bodies.add[ids[edge[2]] * 12 + edge[3]]), (i, o)), back
    if kind == DISCOVER:
        o, back = bodies.remove[b * 12 + edge[2]]
        return ((-1, bodies.new[edge[3] * 12 + edge[2]]), (i, o)), back - _BIT[edge[3]]
    if kind == BUILD:
        return ((i, bodies.add[b * 12 + edge[2]]),), -_BIT[edge[2]]
    if kind == TRADE:
        return ((i, bodies.trade[(b * 12 + edge[2]) * 12 + edge[3]]),), _BIT[edge[2]] - _BIT[edge[3]]
    if kind == CAPTURE:
        return ((i, bodies.capture[b * 12 + edge[2]]),), 0
    if kind == SACRIFICE:
        o, back = bodies.remove[b * 12 + edge[2]]
        return ((i, o),), back + _BIT[edge[2]]
    o, back = bodies.catastrophe[b * 4 + edge[2]]
    return ((i, o),), back


def _after(bodies: _Bodies, ids: tuple, bank: int, edge: tuple) -> tuple[tuple, int]:
    """The ids and bank after an edge."""
    changes, change = _changes(bodies, ids, edge)
    child = list(ids)
    for k, b in changes:
        if not b:
            del child[k]
        elif k >= 0:
            child[k] = b
        else:
            child.append(b)
    return tuple(child), bank + change


def _expand(state: tuple, bodies: _Bodies, results: set, seen: set, stack: list) -> list:
    """Follow every edge out of a state: new successors are returned, states that may go on are stacked."""
    code, key, over, node = state
    found: list = []
    inner: list = []  # children that may still act or set off a catastrophe: (code, key, overpopulated, edge)
    ids, bank = node[2], node[3]
    if over:
        _catastrophes(ids, code, key, over, node, bodies, results, found, inner)
    if code != _DONE:
        if code == _FREE:
            power, after = -1, _DONE
        else:
            power, left = divmod(code - _SAC, 3)
            after = code - 1 if left else _DONE
        cx = (ids, bank, key, over, node, power, after, bodies, results, found, inner)
        _moves(cx)
        _discoveries(cx)
        _builds(cx)
        _trades(cx)
        _captures(cx)
        if code == _FREE:
            _sacrifices(cx)
    push = stack.append
    for child_code, child_key, child_over, edge in inner:
        skey = child_key << 4 | child_code
        if skey in seen:
            continue
        seen.add(skey)
        if child_key not in results:
            results.add(child_key)
            found.append((node, edge))
        push((child_code, child_key, child_over, [node, edge, *_after(bodies, ids, bank, edge), None, None, None]))
    return found


def _catastrophes(ids, code, key, over, node, bodies: _Bodies, results: set, found: list, inner: list) -> None:
    prime, overs, overflag, table = bodies.prime, bodies.overs, bodies.over, bodies.catastrophe
    for i, b in enumerate(ids):
        for color in overs[b]:
            o = table[b * 4 + color][0]
            child_key = key // prime[b] * prime[o]
            child_over = over - overflag[b] + overflag[o]
            if code == _DONE and not child_over:
                if child_key not in results:
                    results.add(child_key)
                    found.append((node, (CATASTROPHE, i, color)))
            else:
                inner.append((code, child_key, child_over, (CATASTROPHE, i, color)))


# The action helpers below are the hot path of the search: each runs once per state, over all systems,
# and the common case (the turn's last action, no catastrophe after it) is written out inline: only the
# key is computed, with no position, ids or edge made unless the key is new.


def _moves(cx: tuple) -> None:
    ids, bank, key, over, node, power, after, bodies, results, found, inner = cx
    if power not in (-1, YELLOW):
        return
    prime, overflag, mine, access, add, remove = (
        bodies.prime, bodies.over, bodies.mine, bodies.access, bodies.add, bodies.remove
    )  # fmt: skip
    masks = [bodies.mask[b] for b in ids]
    last = after == _DONE
    for i, b in enumerate(ids):
        ships = mine[b]
        if not ships or (power < 0 and not access[b] & _YELLOW_BIT):
            continue
        m = masks[i]
        dests = [j for j, mj in enumerate(masks) if not mj & m]
        for p in ships if dests else ():
            o = remove[b * 12 + p][0]
            base = key // prime[b] * prime[o]
            base_over = over - overflag[b] + overflag[o]
            for j in dests:
                dj = ids[j]
                d = add[dj * 12 + p]
                child_key = base // prime[dj] * prime[d]
                child_over = base_over - overflag[dj] + overflag[d]
                if last and not child_over:
                    if child_key not in results:
                        results.add(child_key)
                        found.append((node, (MOVE, i, j, p)))
                else:
                    inner.append((after, child_key, child_over, (MOVE, i, j, p)))


def _discoveries(cx: tuple) -> None:
    ids, bank, key, over, node, power, after, bodies, results, found, inner = cx
    if power not in (-1, YELLOW):
        return
    prime, overflag, mine, access, mask, remove, new = (
        bodies.prime, bodies.over, bodies.mine, bodies.access, bodies.mask, bodies.remove, bodies.new
    )  # fmt: skip
    in_bank = [q for q in range(12) if bank >> (2 * q) & 3]
    last = after == _DONE
    for i, b in enumerate(ids):
        ships = mine[b]
        if not ships or (power < 0 and not access[b] & _YELLOW_BIT):
            continue
        m = mask[b]
        stars = [q for q in in_bank if not m >> (q % 3) & 1]
        for p in ships if stars else ():
            o = remove[b * 12 + p][0]
            base = key // prime[b] * prime[o]
            # A discovered system holds one star and one ship: never overpopulated.
            child_over = over - overflag[b] + overflag[o]
            for q in stars:
                child_key = base * prime[new[q * 12 + p]]
                if last and not child_over:
                    if child_key not in results:
                        results.add(child_key)
                        found.append((node, (DISCOVER, i, p, q)))
                else:
                    inner.append((after, child_key, child_over, (DISCOVER, i, p, q)))


def _builds(cx: tuple) -> None:
    ids, bank, key, over, node, power, after, bodies, results, found, inner = cx
    if power not in (-1, GREEN):
        return
    prime, overflag, colors, access, add = bodies.prime, bodies.over, bodies.colors, bodies.access, bodies.add
    for i, b in enumerate(ids):
        if not colors[b] or (power < 0 and not access[b] & _GREEN_BIT):
            continue
        for c in colors[b]:
            offset = _SMALLEST[bank >> (6 * c) & 63]
            if offset >= 0:
                n = add[b * 12 + 3 * c + offset]
                _reach(cx, key // prime[b] * prime[n], over - overflag[b] + overflag[n], (BUILD, i, 3 * c + offset))


def _trades(cx: tuple) -> None:
    ids, bank, key, over, node, power, after, bodies, results, found, inner = cx
    if power not in (-1, BLUE):
        return
    prime, overflag, mine, access, trade = bodies.prime, bodies.over, bodies.mine, bodies.access, bodies.trade
    for i, b in enumerate(ids):
        ships = mine[b]
        if not ships or (power < 0 and not access[b] & _BLUE_BIT):
            continue
        for p in ships:
            for q in _SAME_SIZE[p]:
                if bank >> (2 * q) & 3:
                    n = trade[(b * 12 + p) * 12 + q]
                    _reach(cx, key // prime[b] * prime[n], over - overflag[b] + overflag[n], (TRADE, i, p, q))


def _captures(cx: tuple) -> None:
    ids, bank, key, over, node, power, after, bodies, results, found, inner = cx
    if power not in (-1, RED):
        return
    prime, overflag, targets, access, capture = (
        bodies.prime, bodies.over, bodies.targets, bodies.access, bodies.capture
    )  # fmt: skip
    for i, b in enumerate(ids):
        if not targets[b] or (power < 0 and not access[b] & _RED_BIT):
            continue
        for e in targets[b]:
            n = capture[b * 12 + e]
            _reach(cx, key // prime[b] * prime[n], over - overflag[b] + overflag[n], (CAPTURE, i, e))


def _sacrifices(cx: tuple) -> None:
    ids, bank, key, over, node, power, after, bodies, results, found, inner = cx
    prime, overflag, mine, remove = bodies.prime, bodies.over, bodies.mine, bodies.remove
    for i, b in enumerate(ids):
        for p in mine[b]:
            o = remove[b * 12 + p][0]
            code = _SAC + 3 * (p // 3) + p % 3  # the ship's size in actions of its colour
            inner.append((code, key // prime[b] * prime[o], over - overflag[b] + overflag[o], (SACRIFICE, i, p)))


def _reach(cx: tuple, child_key: int, child_over: int, edge: tuple) -> None:
    """Record the child a basic action reaches: a successor, or a state to go on from."""
    after, results, found, inner = cx[6], cx[8], cx[9], cx[10]
    if after == _DONE and not child_over:
        if child_key not in results:
            results.add(child_key)
            found.append((cx[4], edge))
    else:
        inner.append((after, child_key, child_over, edge))
