"""The tree of variations of the analysis board: adding, stepping, promoting, deleting, its flat form."""

from __future__ import annotations

import pytest

from hwgame.app.control.variations import MAX_NODES, Variations
from hwgame.rules import END_TURN, parse_turn

A = parse_turn("build g1 Alpha")
B = parse_turn("build y1 Alpha")
C = parse_turn("move g1 Alpha Beta")
D = parse_turn("build b1 Beta")


def keys(nodes):
    return [n.key for n in nodes]


def test_turns_played_in_a_row_make_the_main_line():
    tree = Variations()
    tree.add(A)
    tree.add(C)
    assert tree.turns() == [A, C]
    assert keys(tree.main_line()) == keys(tree.path())
    assert len(tree) == 2


def test_a_turn_the_node_already_has_only_moves_there():
    tree = Variations()
    first = tree.add(A)
    tree.back()
    again = tree.add(A + (END_TURN,))  # the same turn, however it was ended
    assert again is first
    assert len(tree) == 1


def test_a_new_turn_at_a_node_is_a_variation_after_the_main_line():
    tree = Variations()
    tree.add(A)
    tree.add(C)
    tree.to_start()
    tree.add(B)
    assert keys(tree.main_line()) == keys([tree.root.children[0], tree.root.children[0].children[0]])
    assert tree.root.children[1].turn == B
    assert not tree.is_main(tree.current)
    # The panel lists the line shown, with the main line's first turn as the variation beside it.
    rows = tree.rows()
    assert [(r.node.turn, r.branch, r.current) for r in rows] == [(B, False, True), (A, True, False)]


def test_back_and_forward_walk_the_line():
    tree = Variations()
    tree.add(A)
    tree.add(C)
    tree.to_start()
    assert tree.current is tree.root
    assert not tree.back()
    assert tree.forward() and tree.current.turn == A
    assert tree.forward() and tree.current.turn == C
    assert not tree.forward()
    assert tree.back() and tree.current.turn == A


def test_promote_makes_a_variation_the_main_line():
    tree = Variations()
    tree.add(A)
    tree.to_start()
    tree.add(B)
    deep = tree.add(D)
    tree.promote(deep)
    assert [n.turn for n in tree.main_line()] == [B, D]
    assert tree.is_main(deep)


def test_delete_removes_a_variation_and_what_follows_it():
    tree = Variations()
    tree.add(A)
    tree.to_start()
    b = tree.add(B)
    tree.add(D)
    parent = tree.delete(b)
    assert parent is tree.root
    assert tree.current is tree.root  # the board showed a node that went
    assert [n.turn for n in tree.root.children] == [A]
    assert len(tree) == 1
    with pytest.raises(ValueError):
        tree.delete(tree.root)
    with pytest.raises(ValueError):
        tree.go(b)


def test_path_goes_from_the_root_to_a_node():
    tree = Variations()
    tree.add(A)
    c = tree.add(C)
    tree.to_start()
    assert tree.path() == []
    assert [n.turn for n in tree.path(c)] == [A, C]
    assert c.depth == 2


def test_the_flat_form_gives_back_the_same_tree():
    tree = Variations()
    tree.add(A)
    tree.add(C)
    tree.to_start()
    tree.add(B)
    shown = tree.add(D)
    entries, current = tree.to_entries()
    again = Variations.from_entries(entries, current)
    assert again.to_entries() == (entries, current)
    assert again.current.key == shown.key
    assert [n.key for n in again.nodes()] == [n.key for n in tree.nodes()]


@pytest.mark.parametrize("entries, current", [
    ([(0, A)], -1),  # its own parent
    ([(-1, A), (5, C)], -1),  # a parent that does not come before
    ([(-1, A), (-1, A)], -1),  # the same turn twice at one node
    ([(-1, A)], 3),  # the board at a node the tree lacks
    ([(-1, A)] + [(i, A) for i in range(MAX_NODES)], -1),  # too many
])
def test_entries_that_make_no_tree_are_refused(entries, current):
    with pytest.raises(ValueError):
        Variations.from_entries(entries, current)
