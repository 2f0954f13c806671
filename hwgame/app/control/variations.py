"""The turns tried on the analysis board, kept as a small tree of variations (no pygame).

The tree grows from one position, its root: each node is a turn played from its parent's position.
The **main line** follows each node's first child; the other children are **variations** branching
from it. There is always a **current** node, the position the board shows (the root at first).

- ``add(turn)`` plays a turn at the current node: a child that already has that turn is only moved to
  (trying the same turn twice never doubles a branch); otherwise a new child is added, first when the
  node had none (it continues the main line), last otherwise;
- ``back()`` / ``forward()`` step to the parent / the first child; ``go(node)`` jumps anywhere;
- ``promote(node)`` makes the line through ``node`` the main line (each node on its path becomes the
  first child of its parent); ``delete(node)`` removes a variation with everything after it;
- ``path(node)`` is the way from the root to a node, ``line()`` the line shown (the path to the
  current node, then the main line on from it), ``rows()`` what the panel lists.

Turns are compared as the rules write them (``format_turn``), so the same turn found twice (by a drop
and by a click on a line) is the same node. The tree is written to a save as flat entries (parent
index, turn), parents first, and read back with ``from_entries``; the turns are checked by the rules
where a save is read (``hwgame.persist``), never here.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from hwgame.rules import PASS, EndTurn, Turn, format_turn

MAX_NODES = 2000  # turns a tree may hold (a save holding more is refused)
MAX_DEPTH = 600  # turns on the longest line from the root


def clean_turn(turn: Sequence) -> Turn:
    """A turn as the tree keeps it: without an end-of-turn mark, a pass for a turn that did nothing."""
    actions = tuple(a for a in turn if not isinstance(a, EndTurn))
    return actions or (PASS,)


@dataclass(eq=False)
class Node:
    """A position of the tree: the turn that led to it from its parent (None at the root)."""

    turn: Turn | None = None
    parent: Node | None = None
    children: list[Node] = field(default_factory=list)

    @property
    def depth(self) -> int:
        """Turns from the root to this node (0 at the root)."""
        n, node = 0, self
        while node.parent is not None:
            n, node = n + 1, node.parent
        return n

    @property
    def key(self) -> str:
        """The turn as the rules write it ("" at the root): how two turns are found to be the same."""
        return "" if self.turn is None else format_turn(self.turn)

    def child(self, turn: Sequence) -> Node | None:
        """The child reached by ``turn``, if the tree has it."""
        key = format_turn(clean_turn(turn))
        return next((c for c in self.children if c.key == key), None)


@dataclass(frozen=True)
class Row:
    """One entry of the panel's list: ``node``; ``branch`` True for a variation that branches off the
    line shown (listed under the turn it replaces); ``current`` True for the node the board shows."""

    node: Node
    branch: bool
    current: bool


class Variations:
    """The tree of the turns tried (see the module doc)."""

    def __init__(self) -> None:
        self.root = Node()
        self.current = self.root

    # --- reading ---
    def __len__(self) -> int:
        """Turns the tree holds (the root not counted)."""
        return sum(1 for _ in self.nodes()) - 1

    def nodes(self) -> Iterator[Node]:
        """Every node, parents before children, children in order (the root first)."""
        stack = [self.root]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children))

    def path(self, node: Node | None = None) -> list[Node]:
        """The nodes from the root's first turn down to ``node`` (default: the current one); [] at the root."""
        node = self.current if node is None else node
        out: list[Node] = []
        while node.parent is not None:
            out.append(node)
            node = node.parent
        return out[::-1]

    def turns(self, node: Node | None = None) -> list[Turn]:
        """The turns from the root to ``node`` (default: the current one)."""
        return [n.turn for n in self.path(node) if n.turn is not None]

    def main_line(self, node: Node | None = None) -> list[Node]:
        """The nodes after ``node`` (default: the root) following first children."""
        node = self.root if node is None else node
        out = []
        while node.children:
            node = node.children[0]
            out.append(node)
        return out

    def line(self) -> list[Node]:
        """The line shown: the path to the current node, then the main line on from it."""
        return self.path() + self.main_line(self.current)

    def is_main(self, node: Node) -> bool:
        """True when ``node`` lies on the main line (each node of its path is its parent's first child)."""
        while node.parent is not None:
            if node.parent.children[0] is not node:
                return False
            node = node.parent
        return True

    def in_tree(self, node: Node) -> bool:
        """True when ``node`` is still part of this tree (not deleted)."""
        while node.parent is not None:
            if not any(c is node for c in node.parent.children):
                return False
            node = node.parent
        return node is self.root

    def rows(self) -> list[Row]:
        """The panel's list: each turn of the line shown, and after it the variations that branch off
        in its place (its siblings), in order."""
        out: list[Row] = []
        for node in self.line():
            out.append(Row(node, False, node is self.current))
            parent = node.parent
            if parent is not None:
                out += [Row(s, True, s is self.current) for s in parent.children if s is not node]
        return out

    # --- moving ---
    def add(self, turn: Sequence) -> Node:
        """Play ``turn`` at the current node and go to the node it leads to (see the module doc)."""
        found = self.current.child(turn)
        if found is None:
            found = Node(clean_turn(turn), self.current)
            self.current.children.append(found)
        self.current = found
        return found

    def go(self, node: Node) -> None:
        """Show ``node`` (a node of this tree)."""
        if not self.in_tree(node):
            raise ValueError("that node is not in the tree")
        self.current = node

    def back(self) -> bool:
        """One turn back towards the root; False at the root."""
        if self.current.parent is None:
            return False
        self.current = self.current.parent
        return True

    def forward(self) -> bool:
        """One turn on along the main line from here; False at the end of a line."""
        if not self.current.children:
            return False
        self.current = self.current.children[0]
        return True

    def to_start(self) -> None:
        """Back to the root."""
        self.current = self.root

    def to_end(self) -> None:
        """On to the end of the line shown."""
        while self.forward():
            pass

    # --- editing ---
    def promote(self, node: Node | None = None) -> None:
        """Make the line through ``node`` (default: the current one) the main line."""
        node = self.current if node is None else node
        while node.parent is not None:
            siblings = node.parent.children
            siblings.remove(node)
            siblings.insert(0, node)
            node = node.parent

    def delete(self, node: Node | None = None) -> Node:
        """Remove ``node`` (default: the current one) and everything after it; the board goes to its
        parent when it showed a node removed. Returns that parent. The root cannot be removed."""
        node = self.current if node is None else node
        parent = node.parent
        if parent is None:
            raise ValueError("the root of the tree cannot be deleted")
        parent.children = [c for c in parent.children if c is not node]
        if not self.in_tree(self.current):
            self.current = parent
        return parent

    # --- the flat form a save keeps ---
    def to_entries(self) -> tuple[list[tuple[int, Turn]], int]:
        """(entries, current): each node but the root as (index of its parent, -1 for the root; its
        turn), parents before children and children in order; ``current`` the index of the node shown
        (-1 for the root)."""
        index: dict[int, int] = {id(self.root): -1}
        entries: list[tuple[int, Turn]] = []
        current = -1
        for node in self.nodes():
            if node.parent is None or node.turn is None:
                continue
            index[id(node)] = len(entries)
            if node is self.current:
                current = len(entries)
            entries.append((index[id(node.parent)], node.turn))
        return entries, current

    @classmethod
    def from_entries(cls, entries: Sequence[tuple[int, Sequence]], current: int = -1) -> Variations:
        """The tree written as ``to_entries`` writes it; ValueError for entries that do not make a tree
        (a parent after its child, an index out of range) or that hold more than the limits."""
        if len(entries) > MAX_NODES:
            raise ValueError(f"more than {MAX_NODES} turns")
        tree = cls()
        made: list[Node] = []
        for parent, turn in entries:
            if not -1 <= parent < len(made):
                raise ValueError(f"entry {len(made)} names the parent {parent}, which does not come before it")
            above = tree.root if parent < 0 else made[parent]
            if above.child(turn) is not None:
                raise ValueError(f"entry {len(made)} repeats a turn of its parent")
            node = Node(clean_turn(turn), above)
            if node.depth > MAX_DEPTH:
                raise ValueError(f"a line longer than {MAX_DEPTH} turns")
            above.children.append(node)
            made.append(node)
        if not -1 <= current < len(made):
            raise ValueError(f"the current entry {current} is not in the tree")
        tree.current = tree.root if current < 0 else made[current]
        return tree


__all__ = ["MAX_DEPTH", "MAX_NODES", "Node", "Row", "Variations", "clean_turn"]
