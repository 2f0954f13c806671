"""Whole-turn successors: every distinct position one turn can reach, catastrophes anywhere in the turn."""

from __future__ import annotations

from hwgame.rules import PASS, Build, Catastrophe, Discover, Game, Sacrifice, end_turn, legal_turns
from tests.rules.helpers import B1, G1, G2, R3, Y2, Y3, board, layout

HOMES = """
North: g3 b2 | y3 |
South: r1 y2 |    | y3
"""


def layouts(position) -> list[dict]:
    """The board of every successor of a position."""
    return [layout(s.position) for s in legal_turns(position)]


def replays(position) -> None:
    """Every successor's turn, played through the checked Game, reaches exactly its position."""
    for successor in legal_turns(position):
        game = Game.from_position(position)
        game.play(successor.turn)
        assert game.position == successor.position


def test_the_smallest_position_has_exactly_ten_successors():
    # Pass, build a yellow 1, three trades of the large yellow, four discoveries (a size-1 star of each
    # colour) and the sacrifice that leaves North empty. No move: South shares the medium size.
    pos = board(HOMES)
    successors = legal_turns(pos)
    assert len(successors) == 10
    kinds = sorted(type(s.turn[0]).__name__ for s in successors)
    assert kinds == ["Build", "Discover", "Discover", "Discover", "Discover", "Pass", "Sacrifice"] + ["Trade"] * 3
    assert all(s.position.to_move == 1 for s in successors)
    replays(pos)


def test_pass_is_one_successor_and_a_turn_that_changes_nothing_is_the_same_one():
    # Sacrifice a small green and build it again: the same position as a pass.
    pos = board(HOMES + "Alpha: r1 | g1 g1 |\nBeta: b3 | g1 |")
    game = Game.from_position(pos)
    game.play([Sacrifice(G1, "Alpha"), Build(G1, "Alpha")])
    same = [s for s in legal_turns(pos) if s.position.key() == game.position.key()]
    assert len(same) == 1
    assert same[0].turn == (PASS,)
    assert same[0].position == end_turn(pos)


def test_a_catastrophe_after_the_action():
    pos = board(HOMES + "Alpha: g1 | g2 | g3 y1")
    # Build the fourth green at Alpha, then the catastrophe: Alpha loses its star and is gone.
    found = [s for s in legal_turns(pos) if layout(s.position) == layout(board(HOMES))]
    assert len(found) == 1
    assert found[0].position.bank == board(HOMES).bank
    assert any(isinstance(a, Build) for a in found[0].turn)
    assert isinstance(found[0].turn[-1], Catastrophe)
    replays(pos)


def test_a_catastrophe_before_the_action_changes_what_the_action_can_do():
    # Every small green is at Alpha; once a catastrophe returns them, Beta's build makes a small.
    pos = board(HOMES + "Alpha: g1 | g1 g3 | g1 y1\nBeta: r3 | g2 |")
    boards = layouts(pos)
    assert {"North": "g3 b2 | y3 | ", "South": "r1 y2 |  | y3", "Beta": "r3 | g1 g2 | "} in boards
    assert any(b.get("Beta") == "r3 | g2 g2 | " and "Alpha" in b for b in boards)
    replays(pos)


def test_a_catastrophe_alone_where_you_have_no_ship():
    pos = board(HOMES + "Beta: r2 | | b1 b1 b3 b3 y1")
    assert dict(layout(pos), Beta="r2 |  | y1") in layouts(pos)


def test_a_catastrophe_between_two_sacrifice_actions():
    # The first move brings a fourth green to Beta; the catastrophe there returns Beta's g2 star, the
    # only medium green the bank can get; the second action discovers a new system with that very piece.
    pos = board(HOMES.replace("| y3\n", "| y3 g2 g2\n") + "Alpha: b1 | y2 g1 |\nBeta: g2 | | g1 g3\nGamma: r1 | b3 |")
    assert pos.bank[G2] == 0
    wanted = ["g3 b2 | y3 | ", "r1 y2 |  | y3 g2 g2", "g2 | b3 | "]
    found = [s for s in legal_turns(pos) if sorted(layout(s.position).values()) == sorted(wanted)]
    assert len(found) == 1
    turn = found[0].turn
    kinds = [type(a).__name__ for a in turn]
    assert kinds == ["Sacrifice", "Move", "Catastrophe", "Discover"]
    replays(pos)


def test_discovered_systems_differing_only_in_name_are_one_successor():
    pos = board(HOMES + "Alpha: b1 | y2 g1 g2 |")
    one = Game.from_position(pos)
    one.play([Sacrifice(Y2, "Alpha"), Discover(G1, "Alpha", R3, "Vega"), Discover(G2, "Alpha", R3, "Deneb")])
    other = Game.from_position(pos)
    other.play([Sacrifice(Y2, "Alpha"), Discover(G2, "Alpha", R3, "Rigel"), Discover(G1, "Alpha", R3, "Sirius")])
    assert one.position != other.position
    assert one.position.key() == other.position.key()
    successors = legal_turns(pos)
    assert sum(s.position.key() == one.position.key() for s in successors) == 1
    # A single discovery: one successor per star piece, whatever the new system is called.
    found = [s for s in successors if s.turn == (Discover(Y3, "North", B1, getattr(s.turn[0], "name", "")),)]
    assert len(found) == 1
    keys = [s.position.key() for s in successors]
    assert len(keys) == len(set(keys))


def test_home_names_count_in_the_key():
    pos = board(HOMES + "Alpha: b1 | y2 |")
    renamed = board(HOMES + "Beta: b1 | y2 |")
    assert pos.key() == renamed.key()
    swapped = board("North: r1 y2 | | y3\nSouth: g3 b2 | y3 |\nAlpha: b1 | y2 |")
    assert pos.key() != swapped.key()


def test_a_finished_game_has_no_successors():
    pos = board("North: g3 b2 | y3 |\nSouth: r1 y2 | r2 |\nBeta: b1 | | g3")
    assert legal_turns(pos) == []
