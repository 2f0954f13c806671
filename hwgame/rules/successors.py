"""Every distinct whole-turn successor of a position: ``legal_turns``, and ``iter_turns`` which streams them.

The search (``turnsearch``) finds most successors as a key alone; a turn and a position are spelled out
here only for those a caller keeps. The tests replay every kind of successor through the checked
``Game`` to hold the two reckonings of each rule (the search's ids and ``apply``) together.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from typing import NamedTuple

from .actions import PASS, Action, Turn
from .apply import _tuple_new, apply_action, end_turn, start_turn
from .movegen import DISCOVER, MOVE, Edge, awaits_homeworld, named_action, new_system_name, setup_actions
from .position import PLAYING, Position, System, opponent_of
from .turnsearch import BIT, FREE, Bodies, Found, Node, State, changes, expand


class Successor(NamedTuple):
    """A whole-turn successor: the turn played and the position it reaches."""

    turn: Turn
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
    if awaits_homeworld(position):
        return _setup_successors(position, with_pass=True)
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
        yield from (LazySuccessor.of(s) for s in _setup_successors(position))
        return
    if position.is_over():
        return
    if awaits_homeworld(position):
        yield from (LazySuccessor.of(s) for s in _setup_successors(position, with_pass=True))
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

    def __init__(self, search: _Search | None, node: Node | None, edge: Edge | None) -> None:
        self._search = search
        self._node = node
        self._edge = edge
        self._done: Successor | None = None

    @classmethod
    def of(cls, successor: Successor) -> LazySuccessor:
        """One already spelled out (a setup turn's)."""
        lazy = cls(None, None, None)
        lazy._done = successor
        return lazy

    def successor(self) -> Successor:
        """The turn and the position, as ``legal_turns`` gives them."""
        if self._done is None:
            assert self._search is not None and self._node is not None  # only a spelled one has none
            self._done = self._search.spell(self._node, self._edge)
            self._search = self._node = self._edge = None  # the path may be freed once spelled
        return self._done

    @property
    def turn(self) -> Turn:
        """The actions of one turn that reaches the position."""
        return self.successor().turn

    @property
    def position(self) -> Position:
        """The position after the turn (the other player to move)."""
        return self.successor().position

    def __iter__(self) -> Iterator[Turn | Position]:
        return iter(self.successor())


def _setup_successors(position: Position, with_pass: bool = False) -> list[Successor]:
    """The homeworlds the player to move may build (and a pass, when ``with_pass``), one turn each."""
    results: dict[tuple[object, ...], Successor] = {}
    for a in [*setup_actions(position), *([PASS] if with_pass else [])]:
        nxt = end_turn(apply_action(start_turn(position), a).position)
        results.setdefault(nxt.key(), Successor((a,), nxt))
    return list(results.values())


class _Search:
    """One turn's search: the states left to expand, the keys seen, and the spelling out of successors."""

    def __init__(self, position: Position) -> None:
        self.bodies = bodies = Bodies(position[2])
        ids = tuple(bodies.id_of(*s[:4]) for s in position[0])
        key = 1
        for b in ids:
            key *= bodies.prime[b]
        bank = 0
        for q, n in enumerate(position[1]):
            bank += n * BIT[q]
        self.root: Node = [None, None, ids, bank, position, (), None]
        self.results = {key}
        self.seen = {key << 4 | FREE}
        self.stack: list[State] = [(FREE, key, sum(bodies.over[b] for b in ids), self.root)]
        # Successors share what they can: systems by (id, name), banks, and actions by what they do.
        self.systems: dict[tuple[int, str], System] = {}
        self.banks: dict[int, tuple[int, ...]] = {}
        self.actions: dict[tuple[Edge, str, str], Action] = {}

    def batches(self) -> Iterator[list[Found]]:
        """Per state expanded, the successors it adds as (node, edge) pairs; first (root, None): a pass."""
        yield [(self.root, None)]
        bodies, results, seen, stack = self.bodies, self.results, self.seen, self.stack
        while stack:
            found = expand(stack.pop(), bodies, results, seen, stack)
            if found:
                yield found

    def spell(self, node: Node, edge: Edge | None) -> Successor:
        """The turn and the position after it (the other player to move) of a successor (node, edge)."""
        if edge is None:
            pos, actions = self._reached(node)
            return Successor(actions or (PASS,), end_turn(pos))
        actions = self._reached(node)[1]
        return Successor((*actions, self._action(node, edge)), self._position(node, edge, True))

    def _reached(self, node: Node) -> tuple[Position, Turn]:
        """The position at a node and the actions that led there, worked out once."""
        if node[4] is None:
            parent, edge = node[0], node[1]
            node[5] = (*self._reached(parent)[1], self._action(parent, edge))
            node[4] = self._position(parent, edge, False)
        return node[4], node[5]

    def _new_name(self, node: Node) -> str:
        if node[6] is None:
            node[6] = new_system_name(self._reached(node)[0])
        name: str = node[6]
        return name

    def _action(self, node: Node, edge: Edge) -> Action:
        """The Action an edge out of a node stands for (one object for all alike)."""
        systems = self._reached(node)[0][0]
        kind = edge[0]
        other = systems[edge[2]][4] if kind == MOVE else self._new_name(node) if kind == DISCOVER else ""
        key = (edge, systems[edge[1]][4], other)
        action = self.actions.get(key)
        if action is None:
            action = self.actions[key] = named_action(systems, edge, other)
        return action

    def _position(self, node: Node, edge: Edge, ended: bool) -> Position:
        """The Position after an edge out of a node; ``ended``: with the turn committed."""
        pos = self._reached(node)[0]
        done, change = changes(self.bodies, node[2], edge)
        out = list(pos[0])
        body, systems = self.bodies.body, self.systems
        for k, b in done:
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
        to_move = opponent_of(pos[2]) if ended else pos[2]
        return _tuple_new(Position, (tuple(out), counts, to_move, pos[3], pos[4], pos[5]))


__all__ = ["LazySuccessor", "Successor", "iter_turns", "legal_turns"]
