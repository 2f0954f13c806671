"""A game begun from a board set up in the editor saves the board it began from (``start``) and loads
by replaying its turns from there; a broken start refuses the save with a reason, nothing overwritten;
saves of ordinary games are written as before; the SDG export refuses such a game, and the record leaves
it out."""

from __future__ import annotations

import json

import pytest

from hwgame.persist import SaveError, load_game
from hwgame.persist.convert import game_to_save, save_to_game
from hwgame.persist.sdg import export_save
from hwgame.rules import Game, format_position, parse_position, parse_turn

START = "standard Ann Bob 0 2; Ann 0 y1b2 g2g3 -; Bob 1 r1y3 - g1g3; Alpha - r2 y1 b1"


def edited_game(finished: bool = False) -> Game:
    game = Game.from_position(parse_position(START))
    game.play(parse_turn("build g1 Ann"))  # Ann builds a green 1 (she has green there)
    game.play(parse_turn("move g1 Bob Alpha"))
    if finished:
        game.resign(1)
    return game


def test_a_game_from_an_edited_board_saves_and_loads_with_its_start(saves):
    game = edited_game()
    path = saves.save(game, "composed")
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["start"] == START
    assert data["turns"] == ["build g1 Ann", "move g1 Bob Alpha"]
    loaded = load_game(path)
    assert loaded.game.positions[0] == parse_position(START)
    assert loaded.game.position == game.position
    assert format_position(loaded.game.position) == format_position(game.position)


def test_an_ordinary_game_writes_no_start(saves):
    game = Game(players=("Ann", "Bob"))
    game.play(parse_turn("homeworld r2 b1 g3"))
    save = game_to_save(game)
    assert save.start is None
    assert "start" not in json.loads(save.model_dump_json())


@pytest.mark.parametrize(("start", "words"), [
    ("standard Ann Bob 0 2; Ann 0 y1b2 g3 -; Bob 1 r1y3 - g3; Alpha - r2 - -", "no ship"),
    ("nonsense", "should be"),
    ("standard Cy Dee 0 2; Cy 0 y1b2 g3 -; Dee 1 r1y3 - g3", "other rules or players"),
])
def test_a_broken_start_refuses_the_save_and_leaves_the_file(saves, start, words):
    path = saves.save(edited_game(), "composed")
    data = json.loads(path.read_text(encoding="utf-8"))
    data["start"] = start
    path.write_text(json.dumps(data), encoding="utf-8")
    before = path.read_bytes()
    with pytest.raises(SaveError) as caught:
        load_game(path)
    message = str(caught.value)
    assert "start" in message or "began from" in message
    assert words in message
    assert path.read_bytes() == before


def test_the_start_replays_through_the_rules():
    save = game_to_save(edited_game())
    assert save_to_game(save).position == edited_game().position
    bad = save.model_copy(update={"turns": ["build r1 Ann"]})  # no red at Ann's homeworld
    with pytest.raises(Exception, match="illegal"):
        save_to_game(bad)


def test_the_sdg_export_refuses_a_game_from_an_edited_board(saves):
    saves.save(edited_game(), "composed")
    with pytest.raises(SaveError, match="empty board"):
        export_save("composed", saves)


def test_the_record_leaves_out_a_game_from_an_edited_board(saves):
    game = edited_game(finished=True)
    saves.record_game(game, seat=0)
    assert saves.read_record().games == []
