"""A teaching game in the files: the save keeps the option, the record marks the game, and the rating
leaves it out; files of games that are not teaching games are written as before the option existed."""

from __future__ import annotations

import json
from datetime import UTC, datetime

from hwgame.persist import load_game
from hwgame.persist.record import RecordedGame
from hwgame.persist.schema import Settings
from hwgame.persist.stats import rating, tallies
from hwgame.rules import Game, parse_turn

PLAYERS = ("Ann", "Bob")
SEATS = [{"name": "Ann"}, {"name": "Bob", "kind": "computer", "level": "normal"}]


def _game(finished: bool = False) -> Game:
    game = Game(players=PLAYERS)
    for text in ("homeworld r2 b1 g3", "homeworld y1 b2 y3", "build g1 Ann"):
        game.play(parse_turn(text))
    if finished:
        game.resign(1)
    return game


def test_a_save_keeps_the_teaching_option_and_loads_it(saves):
    game = _game()
    saves.remember(game, teaching=True)
    path = saves.save(game, "lesson", SEATS)
    assert json.loads(path.read_text(encoding="utf-8"))["teaching"] is True
    loaded = load_game(path)
    assert loaded.save.teaching and loaded.game.positions == game.positions


def test_a_save_of_another_game_is_written_as_before_and_loads_as_no_teaching_game(saves):
    path = saves.save(_game(), "plain", SEATS)
    assert "teaching" not in json.loads(path.read_text(encoding="utf-8"))  # older copies still read it
    assert not load_game(path).save.teaching


def test_the_record_marks_a_teaching_game(saves):
    game = _game(finished=True)
    saves.remember(game, teaching=True)
    saves.record_game(game, SEATS, seat=0)
    entry = saves.read_record().games[0]
    assert entry.teaching and not entry.rated and entry.score == 1.0


def _entry(n: int, teaching: bool) -> RecordedGame:
    data = {"game_id": f"g{n}", "finished": datetime(2024, 1, 1, n, tzinfo=UTC), "players": SEATS, "seat": 0,
            "result": {"winner": 0, "reason": "", "ending": "board"}, "turn_count": 20}
    if teaching:
        data["teaching"] = True
    return RecordedGame.model_validate(data)


def test_teaching_games_count_in_the_results_but_not_in_the_rating():
    even = [_entry(1, False), _entry(2, False)]
    taught = [*even, _entry(3, True), _entry(4, True), _entry(5, True)]
    normal = next(t for t in tallies(taught) if t.opponent == "normal")
    assert normal.wins == 5
    assert rating(taught) == rating(even) and rating(taught).games == 2
    assert rating([_entry(1, True)]) is None
    assert "teaching" not in _entry(1, False).model_dump(mode="json")


def test_the_settings_remember_the_last_choice_and_default_to_no_teaching():
    assert Settings().last_teaching is False
    assert Settings.model_validate({"last_teaching": True}).last_teaching is True
