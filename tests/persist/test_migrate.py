"""Saves of older formats load through the steps in ``migrate.MIGRATIONS``, and the files are left as they were."""

from __future__ import annotations

import json
import shutil
from datetime import UTC, datetime
from pathlib import Path

import pytest

from hwgame.persist import SaveError
from hwgame.persist.migrate import MIGRATIONS, OLDEST, upgrade
from hwgame.persist.schema import SCHEMA_VERSION
from hwgame.rules import STANDARD, Game, parse_action, parse_turn

from .test_roundtrip import assert_same_game

DATA = Path(__file__).resolve().parent / "data"
SAVES = Path(__file__).resolve().parents[2] / "saves"


def replayed(data: dict) -> Game:
    """The game a format-1 file describes, played directly through the rules."""
    game = Game(STANDARD, players=tuple(data["players"]), auto_repetition_draw=False)
    for text in data["turns"]:
        game.play(parse_turn(text))
    for text in data.get("pending", []):
        game.act(parse_action(text))
    if "resigned" in data:
        game.resign(data["resigned"])
    return game


def test_every_old_format_has_a_step_up_to_the_current_one():
    assert sorted(MIGRATIONS) == list(range(OLDEST, SCHEMA_VERSION))


@pytest.mark.parametrize("name", ["format1-in-progress.json", "format1-resigned.json"])
def test_a_format_1_save_loads(saves, tmp_path, name):
    path = tmp_path / name
    shutil.copy(DATA / name, path)
    before = path.read_bytes()
    data = json.loads(before)

    loaded = saves.load(path)
    assert loaded.upgraded_from == 1
    assert loaded.save.schema_version == SCHEMA_VERSION
    assert any("older format 1" in n for n in loaded.notices)
    assert_same_game(replayed(data), loaded.game)
    assert len(loaded.save.setup) == 2
    assert loaded.save.setup[0] == "homeworld y3 g3 r2"  # canonical notation now
    assert path.read_bytes() == before  # loading never writes, not even the upgrade

    if name == "format1-in-progress.json":
        assert [p.kind for p in loaded.players] == ["human", "computer"]
        assert loaded.players[1].level == "hard"  # format 1 kept it as the number 4
        assert loaded.save.created == datetime(2024, 6, 1, 16, 30, tzinfo=UTC)
        assert loaded.save.turn_in_progress == ["build r2 Alice"]
    else:
        assert loaded.save.result.ending == "resignation"
        assert loaded.game.outcome().winner == 1

    # Saving it again writes the current format, which loads to the same game.
    again = saves.save(loaded.game, "upgraded", loaded.players)
    assert json.loads(again.read_text())["schema_version"] == SCHEMA_VERSION
    assert saves.load(again).save.created == loaded.save.created
    assert_same_game(loaded.game, saves.load(again).game)


def format_2_save(level) -> dict:
    """The example game in progress as format 2 wrote it, its second seat the computer at ``level``."""
    data = json.loads((SAVES / "mid-game.json").read_text())
    return {**data, "schema_version": 2, "players": [data["players"][0], {**data["players"][1], "kind": "computer",
                                                                          "level": level}]}  # fmt: skip


@pytest.mark.parametrize(("number", "name"), [(1, "beginner"), (2, "easy"), (3, "normal"), (4, "hard"), (7, "hard")])
def test_a_format_2_save_loads_its_level_number_as_the_level_of_that_time(saves, tmp_path, number, name):
    path = tmp_path / "format2.json"
    path.write_text(json.dumps(format_2_save(number)))
    before = path.read_bytes()
    loaded = saves.load(path)
    assert loaded.upgraded_from == 2 and any("older format 2" in n for n in loaded.notices)
    assert loaded.players[0].level is None and loaded.players[1].level == name
    assert path.read_bytes() == before
    again = saves.save(loaded.game, "upgraded", loaded.players)
    data = json.loads(again.read_text())
    assert data["schema_version"] == SCHEMA_VERSION and data["players"][1]["level"] == name
    assert saves.load(again).players[1].level == name


@pytest.mark.parametrize("bad", [0, 11, "three"])
def test_a_format_2_level_that_was_never_a_level_is_a_clear_problem(saves, tmp_path, bad):
    path = tmp_path / "format2.json"
    path.write_text(json.dumps(format_2_save(bad)))
    with pytest.raises(SaveError) as caught:
        saves.load(path)
    assert "players[1].level" in caught.value.message


def test_upgrade_works_on_plain_data_step_by_step():
    data = json.loads((DATA / "format1-in-progress.json").read_text())
    upgraded, steps = upgrade(data)
    assert steps == list(range(1, SCHEMA_VERSION))
    assert upgraded["schema_version"] == SCHEMA_VERSION
    assert data["schema_version"] == 1  # the input is not changed


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"players": "Alice and Hal"}, "format 1 keeps 'players' as a list of names"),
        ({"levels": [1]}, "one entry of 'levels' per player"),
        ({"turns": ["Homeworld Y3 G3 R2", "Warp R1"]}, "turn 2: cannot read 'Warp R1'"),
        ({"resigned": "Alice"}, "upgrading format 1"),
    ],
)
def test_a_broken_old_save_says_what_is_wrong(saves, tmp_path, change, words):
    data = json.loads((DATA / "format1-in-progress.json").read_text())
    data.update(change)
    path = tmp_path / "old.json"
    path.write_text(json.dumps(data))
    before = path.read_bytes()
    with pytest.raises(SaveError) as caught:
        saves.load(path)
    assert "cannot be upgraded from save format 1" in caught.value.message
    assert words in caught.value.message
    assert path.read_bytes() == before
