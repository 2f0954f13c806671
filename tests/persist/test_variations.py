"""The analysis board's tree of variations in a save: written with the game, read back through the rules,
and a hostile, oversized or illegal tree left out with a notice while the game still loads."""

from __future__ import annotations

import json
import random

import pytest

from hwgame.persist import VariationsData, export_game, exports_dir, replay_variations
from hwgame.persist.variations import MAX_DEPTH, MAX_NODES
from hwgame.rules import Game, format_turn, legal_turns, parse_transcript, replay

from .games import random_turn


def game_in_play(turns: int = 8) -> Game:
    """The first seeded random game still going after ``turns`` turns."""
    for seed in range(100):
        rng = random.Random(seed)
        game = Game(players=("North", "South"))
        while not game.is_over() and len(game.turns) < turns:
            random_turn(rng, game)
        if not game.is_over() and not game.in_setup:
            return game
    raise AssertionError("no game lasts")


def other_turns(game: Game, count: int) -> list:
    """``count`` different legal turns from the game's position that do not end the game."""
    found = []
    for successor in legal_turns(game.position):
        if not successor.position.losers():
            found.append(successor.turn)
        if len(found) == count:
            return found
    raise AssertionError("too few turns")


def analysed(saves):
    """A game of 8 turns, then a tree at its end: a main line of two turns and a variation of one;
    the game itself continued along the main line, as the analysis board saves it."""
    game = game_in_play()
    root = len(game.turns)
    first, second = other_turns(game, 2)
    game.play(first)
    reply = other_turns(game, 1)[0]
    game.play(reply)
    entries = [(-1, format_turn(game.turns[root])), (0, format_turn(game.turns[root + 1])), (-1, format_turn(second))]
    data = VariationsData.of(root, entries, current=2)
    saves.remember(game, variations=data)
    return game, data


def test_a_tree_is_saved_with_the_game_and_comes_back(saves):
    game, data = analysed(saves)
    path = saves.save(game, "study")
    loaded = saves.load(path)
    assert loaded.notices == []
    assert loaded.save.variations == data
    assert [tuple(t) for t in loaded.game.turns] == [tuple(t) for t in game.turns]
    entries = replay_variations(loaded.game, loaded.save.variations)
    assert [p for p, _t in entries] == [-1, 0, -1]
    assert entries[0][1] == tuple(game.turns[data.root])


def test_a_save_without_a_tree_is_written_as_before(saves):
    game = game_in_play()
    path = saves.save(game, "plain")
    assert "variations" not in json.loads(path.read_text())


def _with_tree(path, tree) -> None:
    data = json.loads(path.read_text())
    data["variations"] = tree
    path.write_text(json.dumps(data))


def _loads_without_tree(saves, path):
    loaded = saves.load(path)
    assert loaded.save.variations is None
    assert loaded.game.turns  # the game itself is whole
    assert any("variations" in n for n in loaded.notices)
    return loaded


@pytest.mark.parametrize("tree", [
    {"root": 0, "nodes": [{"parent": 0, "turn": "pass"}]},  # its own parent
    {"root": 0, "nodes": [{"parent": -1, "turn": "pass", "extra": 1}]},
    {"root": 0, "nodes": "everything"},
    {"root": 0, "nodes": [{"parent": -1, "turn": "x" * 5000}]},
    {"root": 0, "nodes": [{"parent": -1, "turn": "pass"}] * (MAX_NODES + 1)},
    {"root": 0, "nodes": [{"parent": i - 1, "turn": "pass"} for i in range(MAX_DEPTH + 1)]},
    {"root": 0, "nodes": [], "current": 4},
    json.loads("[" * 40 + "]" * 40),  # nested deeper than any tree
])
def test_a_tree_that_does_not_read_is_left_out_and_the_game_loads(saves, tree):
    game, _data = analysed(saves)
    path = saves.save(game, "hostile")
    _with_tree(path, tree)
    _loads_without_tree(saves, path)


def test_a_tree_with_an_illegal_turn_is_left_out(saves):
    game, data = analysed(saves)
    path = saves.save(game, "illegal")
    tree = data.model_dump()
    tree["nodes"][2]["turn"] = "capture y3 Nowhere"
    _with_tree(path, tree)
    loaded = _loads_without_tree(saves, path)
    assert any("variation 3" in n for n in loaded.notices)


def test_a_tree_whose_main_line_is_not_the_game_is_left_out(saves):
    game, data = analysed(saves)
    path = saves.save(game, "swapped")
    tree = data.model_dump()
    first, reply, second = tree["nodes"]
    # The variation listed first: the main line of the tree is no longer the game's own turns.
    tree["nodes"] = [second, first, {"parent": 1, "turn": reply["turn"]}]
    _with_tree(path, tree)
    _loads_without_tree(saves, path)


def test_a_tree_past_the_end_of_the_game_is_left_out(saves):
    game, data = analysed(saves)
    path = saves.save(game, "late")
    tree = data.model_dump()
    tree["root"] = 500
    _with_tree(path, tree)
    _loads_without_tree(saves, path)


def test_the_main_line_exported_as_a_transcript_replays_to_the_same_position(saves):
    game, _data = analysed(saves)
    out = export_game(game, "study line", saves)
    assert out.parent == exports_dir(saves)
    again = replay(parse_transcript(out.read_text()), game.rules)
    assert again.position.key() == game.position.key()
    assert export_game(game, "study line", saves) != out  # a second export never replaces the first
