"""A game with a handicap in its files: the save, the record of finished games (marked, not rated) and
the SDG export all keep it; files written before handicaps existed read as games without one."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from hwgame.persist import SaveError, load_game
from hwgame.persist.convert import game_to_save, save_to_game
from hwgame.persist.record import RecordedGame, game_of
from hwgame.persist.schema import SaveGame
from hwgame.persist.sdg import export_save, transcript_game
from hwgame.persist.stats import rating, tallies
from hwgame.rules import EXTRA_SMALL, MEDIUM_SHIP, Game, Handicap, parse_turn

PLAYERS = ("Ann", "Bob")
EXTRA_FOR_BOB = Handicap(EXTRA_SMALL, 1)


def handicapped_game(handicap: Handicap = EXTRA_FOR_BOB, finished: bool = False) -> Game:
    game = Game(players=PLAYERS, handicap=handicap)
    # Bob's turn trades the extra small ship when he has one: the game replays only with its handicap.
    bobs = "trade y1 g1 Bob" if handicap.kind == EXTRA_SMALL else "trade y3 b3 Bob"
    for text in ("homeworld r2 b1 g3", "homeworld y1 b2 y3", "build g1 Ann", bobs):
        game.play(parse_turn(text))
    if finished:
        game.resign(0)
    return game


def test_a_save_keeps_the_handicap_and_loads_the_same_board(saves):
    game = handicapped_game()
    path = saves.save(game, "evened")
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["handicap"] == {"kind": "extra-small", "seat": 1}
    loaded = load_game(path)
    assert loaded.game.handicap == Handicap(EXTRA_SMALL, 1)
    assert loaded.game.position == game.position
    assert loaded.game.positions == game.positions


def test_a_save_without_a_handicap_is_written_as_before_and_loads_without_one(saves):
    game = Game(players=PLAYERS)
    for text in ("homeworld r2 b1 g3", "homeworld y1 b2 y3"):
        game.play(parse_turn(text))
    data = json.loads(saves.save(game, "even").read_text(encoding="utf-8"))
    assert "handicap" not in data  # an older copy of the game (unknown fields refused) still reads it
    assert load_game(saves.path_for("even")).game.handicap is None


def test_a_newer_field_inside_the_handicap_does_not_stop_the_save_reading():
    data = game_to_save(handicapped_game()).model_dump(mode="json")
    data["handicap"]["colour"] = "blue"  # a choice a later version may add
    save = SaveGame.model_validate(data)
    assert save_to_game(save).handicap == Handicap(EXTRA_SMALL, 1)


def test_a_handicap_this_version_does_not_know_is_refused_with_its_name(saves):
    path = saves.save(handicapped_game(), "odd")
    data = json.loads(path.read_text(encoding="utf-8"))
    data["handicap"]["kind"] = "two-stones" + "x" * 30
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveError) as refused:
        load_game(path)
    assert "two-stones" in refused.value.message and "handicap" in refused.value.message


def test_the_record_marks_the_game_keeps_its_handicap_and_replays_it(saves):
    game = handicapped_game(Handicap(MEDIUM_SHIP, 0), finished=True)
    seats = [{"name": "Ann"}, {"name": "Bob", "kind": "computer", "level": "normal"}]
    saves.record_game(game, seats, seat=0)
    entry = saves.read_record().games[0]
    assert entry.handicap is not None and entry.handicap.rules() == Handicap(MEDIUM_SHIP, 0)
    assert game_of(entry).positions == game.positions


def _entry(n: int, handicap: dict | None) -> RecordedGame:
    data = {"game_id": f"g{n}", "finished": datetime(2024, 1, 1, n, tzinfo=UTC),
            "players": [{"name": "Ann"}, {"name": "Bob", "kind": "computer", "level": "normal"}], "seat": 0,
            "result": {"winner": 0, "reason": "", "ending": "board"}, "turn_count": 20}
    if handicap is not None:
        data["handicap"] = handicap
    return RecordedGame.model_validate(data)


def test_games_with_a_handicap_count_in_the_results_but_not_in_the_rating():
    even = [_entry(1, None), _entry(2, None)]
    helped = [*even, _entry(3, {"kind": "extra-small", "seat": 0}), _entry(4, {"kind": "extra-small", "seat": 0})]
    normal = next(t for t in tallies(helped) if t.opponent == "normal")
    assert normal.wins == 4  # every game counts in the results against the level
    assert rating(helped) == rating(even)  # the two won with a handicap do not raise the rating
    assert rating(helped) is not None and rating(helped).games == 2


def test_an_entry_without_a_handicap_is_written_as_before():
    assert "handicap" not in _entry(1, None).model_dump(mode="json")


def test_the_sdg_export_names_the_handicap_and_its_import_plays_it_again(saves):
    saves.save(handicapped_game(), "evened")
    out = export_save("evened", saves)
    text = out.read_text(encoding="utf-8")
    assert "Handicap: Bob starts with an extra small ship" in text
    game, _record = transcript_game(out)
    assert game.handicap == Handicap(EXTRA_SMALL, 1)
    assert game.position.systems == handicapped_game().position.systems
