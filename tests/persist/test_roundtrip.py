"""Save then load gives back the identical game, for thousands of seeded random games."""

from __future__ import annotations

import json

import pytest

from hwgame.persist.store import encode
from hwgame.rules import SDG, STANDARD, Game

from .games import random_game

GAMES = 2000
FILES_EVERY = 10  # one game in ten goes through a real file; the others through the same bytes in memory


def assert_same_game(a: Game, b: Game) -> None:
    """Two games are the same: rules, players, turns, every position, the turn in progress, the outcome."""
    assert b.rules == a.rules
    assert b.players == a.players
    assert b.auto_repetition_draw == a.auto_repetition_draw
    assert b.turns == a.turns
    assert b.positions == a.positions
    assert b.pending == a.pending
    assert b.state == a.state
    assert b.outcome() == a.outcome()


@pytest.mark.slow
def test_thousands_of_random_games_round_trip(saves, tmp_path):
    endings = set()
    for seed in range(GAMES):
        game = random_game(seed)
        if seed % FILES_EVERY == 0:
            path = saves.save(game, f"game-{seed}")
            loaded = saves.load(path)
        else:
            path = tmp_path / "memory.json"
            path.write_bytes(encode(saves.snapshot(game)))
            loaded = saves.load(path)
        assert_same_game(game, loaded.game)
        # Saving the loaded game again writes the same save, apart from the time of the save.
        again = saves.snapshot(loaded.game, loaded.players)
        assert again.model_dump(exclude={"updated"}) == loaded.save.model_dump(exclude={"updated"})
        if loaded.save.result:
            endings.add(loaded.save.result.ending)
    assert {"board", "resignation", "agreement"} <= endings


@pytest.mark.parametrize("automatic", [True, False])
def test_a_draw_by_repetition_round_trips(saves, automatic):
    game = Game(STANDARD, players=("Ann", "Bob"), auto_repetition_draw=automatic)
    game.play(game.legal_actions()[0:1])
    game.play([a for a in game.legal_actions() if "Homeworld" in type(a).__name__][-1:])
    for _ in range(4):
        game.play([])  # passes bring the same position back
    if not automatic:
        assert not game.is_over()
        game.claim_draw()
    path = saves.save(game, "draw")
    result = json.loads(path.read_text())["result"]
    assert result["winner"] is None
    assert result["ending"] == ("repetition" if automatic else "claim")
    assert_same_game(game, saves.load(path).game)


def test_sdg_one_star_homeworld_round_trips(saves):
    from hwgame.rules import Homeworld, parse_piece

    game = Game(SDG, players=("Ann", "Bob"))
    game.play([Homeworld(parse_piece("g1"), None, parse_piece("y3"))])
    path = saves.save(game, "one-star")
    assert json.loads(path.read_text())["setup"] == ["homeworld g1 - y3"]
    assert_same_game(game, saves.load(path).game)
