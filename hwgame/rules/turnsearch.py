"""The whole-turn search on keys: systems interned as ids, and the expansion of a state inside a turn.

The search works on its own light form of a position: the systems as a tuple of body ids (see
``Bodies``) in the order of Position.systems, so that edges index both, and the bank as an int with two
bits per piece code. A state inside the turn is a tuple (code, key, overpopulated, node):

- code: what the turn has left: ``FREE``, ``_DONE``, or ``_SAC + 3 * colour + (actions left - 1)``;
- key: the product of the primes of the ids: equal for the same multiset of systems, that is for
  positions equal but for names and order; unique factorisation keeps it exact;
- overpopulated: how many of the systems hold an overpopulated colour;
- node: the path, a list [parent node, edge, ids, bank, position, actions, name] whose last three
  (the Position, the actions leading there, the name a discovery from there takes) are filled in only
  when a turn through it is spelled out (see ``successors``).

Successors are found as (node of the state acted in, edge): most are states after a turn's last
action with no catastrophe to follow, and for those only the key is computed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from . import apply as _ap
from .movegen import BUILD, CAPTURE, CATASTROPHE, DISCOVER, MOVE, SACRIFICE, SIZE_BIT, TRADE, Edge
from .pieces import BLUE, GREEN, RED, YELLOW, color_of, size_of
from .position import NO_HOME, overpopulated_colors

Ids = tuple[int, ...]
Body = tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]  # home, stars, ships of 0, ships of 1
# A path node [parent node, edge, ids, bank, position, actions, name]: a list because it is made in
# the hottest loop and filled in place when spelled out; its items differ in type, so they are Any.
Node = list[Any]
State = tuple[int, int, int, Node]  # (code, key, overpopulated, node)
Found = tuple[Node, Edge | None]  # a successor: the node acted in and the edge taken (None: a pass)
Inner = tuple[int, int, int, Edge]  # a child that may go on: (code, key, overpopulated, edge)

FREE, _DONE, _SAC = 0, 1, 2
BIT = tuple(1 << (2 * q) for q in range(12))  # a piece code's unit in a bank int
# The offset of a colour's smallest piece in the bank, from the colour's six bits of a bank int; -1: none.
_SMALLEST = tuple(0 if x & 3 else 1 if x & 12 else 2 if x & 48 else -1 for x in range(64))
_SAME_SIZE = tuple(tuple(q for q in range(12) if size_of(q) == size_of(p) and q != p) for p in range(12))
# The code after sacrificing a ship: as many actions of its colour as its size.
_SAC_CODE = tuple(_SAC + 3 * color_of(p) + size_of(p) - 1 for p in range(12))
_RED_BIT, _YELLOW_BIT, _GREEN_BIT, _BLUE_BIT = (1 << c for c in (RED, YELLOW, GREEN, BLUE))
_PRIMES = [2, 3, 5, 7]

V = TypeVar("V")


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


class _Memo(dict[int, V]):
    """A table whose missing entries are computed by ``make`` once, then kept."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[[int], V]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: int) -> V:
        value = self[key] = self.make(key)
        return value


class Bodies:
    """The systems met in one turn's search, by contents (home, stars, ships of each player), as ids.

    Every fact move generation asks of a system, and the effect of each action on it, is worked out
    once per id for the player to move. Id 0 stands for a system that has gone: its prime is 1.
    Effects are keyed by numbers: ``remove[id * 12 + ship]`` and the like.
    """

    def __init__(self, me: int) -> None:
        self.me = me
        self.ids: dict[Body, int] = {}
        self.body: list[Body] = [(NO_HOME, (), (), ())]
        self.prime = [1]
        self.over = [0]  # 1 when some colour is overpopulated
        self.overs: list[tuple[int, ...]] = [()]
        self.mask = [0]  # star sizes, bit 0 = small
        self.mine: list[tuple[int, ...]] = [()]  # the mover's distinct ships
        self.access = [0]  # colours the mover may use with the free action, bit per colour
        self.colors: list[tuple[int, ...]] = [()]  # colours of the mover's ships: what a build may take
        self.targets: list[tuple[int, ...]] = [()]  # distinct enemy ships the mover's largest ship may capture
        self.remove = _Memo(self._remove)  # id * 12 + ship -> (id, bank returned): a ship of the mover leaves
        self.add = _Memo(self._add)  # id * 12 + ship -> id: a ship of the mover arrives (or is built)
        self.trade = _Memo(self._trade)  # (id * 12 + old) * 12 + new -> id
        self.capture = _Memo(self._capture)  # id * 12 + ship -> id
        self.catastrophe = _Memo(self._catastrophe)  # id * 4 + colour -> (id, bank returned)
        self.new = _Memo(self._new)  # star * 12 + ship -> id of a discovered system

    def id_of(self, home: int, stars: tuple[int, ...], ships0: tuple[int, ...], ships1: tuple[int, ...]) -> int:
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
            mask |= SIZE_BIT[p]
        self.mask.append(mask)
        self.mine.append(tuple(sorted(set(mine))))
        access = 0
        for p in stars + mine:
            access |= 1 << color_of(p)
        self.access.append(access)
        self.colors.append(tuple(sorted({color_of(p) for p in mine})))
        # Ships sort by piece code (colour first): the largest size is a max, not the last.
        biggest = max((size_of(p) for p in mine), default=0)
        self.targets.append(tuple(sorted({e for e in theirs if size_of(e) <= biggest})))
        return n

    def _settled(
        self, home: int, stars: tuple[int, ...], ships0: tuple[int, ...], ships1: tuple[int, ...]
    ) -> tuple[int, int]:
        """(id, bank returned) of a system after an action, 0 if it has gone (see apply._settle)."""
        if not stars:
            return 0, sum(BIT[p] for p in ships0 + ships1)
        if not ships0 and not ships1 and home == NO_HOME:
            return 0, sum(BIT[p] for p in stars)
        return self.id_of(home, stars, ships0, ships1), 0

    def _with_mine(self, body: Body, mine: tuple[int, ...]) -> Body:
        return (body[0], body[1], body[2], mine) if self.me else (body[0], body[1], mine, body[3])

    def _mine(self, body: Body) -> tuple[int, ...]:
        return body[3] if self.me else body[2]

    def _remove(self, key: int) -> tuple[int, int]:
        body = self.body[key // 12]
        return self._settled(*self._with_mine(body, _ap._without(self._mine(body), key % 12)))

    def _add(self, key: int) -> int:
        body = self.body[key // 12]
        return self.id_of(*self._with_mine(body, _ap._with(self._mine(body), key % 12)))

    def _trade(self, key: int) -> int:
        body = self.body[key // 144]
        mine = _ap._with(_ap._without(self._mine(body), key // 12 % 12), key % 12)
        return self.id_of(*self._with_mine(body, mine))

    def _capture(self, key: int) -> int:
        home, stars, ships0, ships1 = self.body[key // 12]
        e = key % 12
        if self.me:
            return self.id_of(home, stars, _ap._without(ships0, e), _ap._with(ships1, e))
        return self.id_of(home, stars, _ap._with(ships0, e), _ap._without(ships1, e))

    def _catastrophe(self, key: int) -> tuple[int, int]:
        home, stars, ships0, ships1 = self.body[key // 4]
        color = key % 4
        groups = (stars, ships0, ships1)
        back = sum(BIT[p] for group in groups for p in group if color_of(p) == color)
        kept = [tuple(p for p in group if color_of(p) != color) for group in groups]
        found, more = self._settled(home, kept[0], kept[1], kept[2])
        return found, back + more

    def _new(self, key: int) -> int:
        ships = (key % 12,)
        return self.id_of(NO_HOME, (key // 12,), () if self.me else ships, ships if self.me else ())


# What the helpers of one expansion share, as one tuple (unpacked once per helper, cheaper than
# attributes): ids, bank, key, overpopulated, node, power (-1: the free action), code after, the
# bodies, the keys of the successors found so far, the successors found, the children that go on.
Context = tuple[Ids, int, int, int, Node, int, int, Bodies, set[int], list[Found], list[Inner]]


def changes(bodies: Bodies, ids: Ids, edge: Edge) -> tuple[tuple[tuple[int, int], ...], int]:
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
        return ((-1, bodies.new[edge[3] * 12 + edge[2]]), (i, o)), back - BIT[edge[3]]
    if kind == BUILD:
        return ((i, bodies.add[b * 12 + edge[2]]),), -BIT[edge[2]]
    if kind == TRADE:
        return ((i, bodies.trade[(b * 12 + edge[2]) * 12 + edge[3]]),), BIT[edge[2]] - BIT[edge[3]]
    if kind == CAPTURE:
        return ((i, bodies.capture[b * 12 + edge[2]]),), 0
    if kind == SACRIFICE:
        o, back = bodies.remove[b * 12 + edge[2]]
        return ((i, o),), back + BIT[edge[2]]
    o, back = bodies.catastrophe[b * 4 + edge[2]]
    return ((i, o),), back


def after(bodies: Bodies, ids: Ids, bank: int, edge: Edge) -> tuple[Ids, int]:
    """The ids and bank after an edge."""
    done, change = changes(bodies, ids, edge)
    child = list(ids)
    for k, b in done:
        if not b:
            del child[k]
        elif k >= 0:
            child[k] = b
        else:
            child.append(b)
    return tuple(child), bank + change


def expand(state: State, bodies: Bodies, results: set[int], seen: set[int], stack: list[State]) -> list[Found]:
    """Follow every edge out of a state: new successors are returned, states that may go on are stacked."""
    code, key, over, node = state
    found: list[Found] = []
    inner: list[Inner] = []  # children that may still act or set off a catastrophe
    ids, bank = node[2], node[3]
    if over:
        _catastrophes(ids, code, key, over, node, bodies, results, found, inner)
    if code != _DONE:
        if code == FREE:
            power, then = -1, _DONE
        else:
            power, left = divmod(code - _SAC, 3)
            then = code - 1 if left else _DONE
        cx = (ids, bank, key, over, node, power, then, bodies, results, found, inner)
        _moves(cx)
        _discoveries(cx)
        _builds(cx)
        _trades(cx)
        _captures(cx)
        if code == FREE:
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
        push((child_code, child_key, child_over, [node, edge, *after(bodies, ids, bank, edge), None, None, None]))
    return found
def _catastrophes(
    ids: Ids, code: int, key: int, over: int, node: Node, bodies: Bodies, results: set[int],
    found: list[Found], inner: list[Inner],
) -> None:
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


def _moves(cx: Context) -> None:
    ids, bank, key, over, node, power, then, bodies, results, found, inner = cx
    if power not in (-1, YELLOW):
        return
    prime, overflag, mine, access, add, remove = (
        bodies.prime, bodies.over, bodies.mine, bodies.access, bodies.add, bodies.remove
    )  # fmt: skip
    masks = [bodies.mask[b] for b in ids]
    last = then == _DONE
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
                    inner.append((then, child_key, child_over, (MOVE, i, j, p)))


def _discoveries(cx: Context) -> None:
    ids, bank, key, over, node, power, then, bodies, results, found, inner = cx
    if power not in (-1, YELLOW):
        return
    prime, overflag, mine, access, mask, remove, new = (
        bodies.prime, bodies.over, bodies.mine, bodies.access, bodies.mask, bodies.remove, bodies.new
    )  # fmt: skip
    in_bank = [q for q in range(12) if bank >> (2 * q) & 3]
    size_bit = SIZE_BIT
    last = then == _DONE
    for i, b in enumerate(ids):
        ships = mine[b]
        if not ships or (power < 0 and not access[b] & _YELLOW_BIT):
            continue
        m = mask[b]
        stars = [q for q in in_bank if not m & size_bit[q]]
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
                    inner.append((then, child_key, child_over, (DISCOVER, i, p, q)))


def _builds(cx: Context) -> None:
    ids, bank, key, over, node, power, then, bodies, results, found, inner = cx
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


def _trades(cx: Context) -> None:
    ids, bank, key, over, node, power, then, bodies, results, found, inner = cx
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


def _captures(cx: Context) -> None:
    ids, bank, key, over, node, power, then, bodies, results, found, inner = cx
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


def _sacrifices(cx: Context) -> None:
    ids, bank, key, over, node, power, then, bodies, results, found, inner = cx
    prime, overflag, mine, remove = bodies.prime, bodies.over, bodies.mine, bodies.remove
    for i, b in enumerate(ids):
        for p in mine[b]:
            o = remove[b * 12 + p][0]
            child_key, child_over = key // prime[b] * prime[o], over - overflag[b] + overflag[o]
            inner.append((_SAC_CODE[p], child_key, child_over, (SACRIFICE, i, p)))


def _reach(cx: Context, child_key: int, child_over: int, edge: Edge) -> None:
    """Record the child a basic action reaches: a successor, or a state to go on from."""
    then, results, found, inner = cx[6], cx[8], cx[9], cx[10]
    if then == _DONE and not child_over:
        if child_key not in results:
            results.add(child_key)
            found.append((cx[4], edge))
    else:
        inner.append((then, child_key, child_over, edge))
