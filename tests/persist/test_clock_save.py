"""A game's clock in its save: kept to the millisecond, left out of a game without one, and a clock field
that is out of range or of the wrong kind refused with a clear message, the file left as it was."""

from __future__ import annotations

import json

import pytest

from hwgame.persist import SaveError
from hwgame.persist.schema import ClockData
from hwgame.persist.store import encode
from hwgame.rules import STANDARD, Game

from .games import random_game

CLOCK = {"kind": "game", "base_ms": 300_000, "increment_ms": 5_000, "remaining_ms": [287_654, 301_200],
         "running": 1, "used_ms": 4_321, "starts": [[0, 300_000, 300_000], [1, 287_654, 300_000]]}


def _game_in_progress() -> Game:
    seed = 0
    while True:
        game = random_game(seed, max_turns=12)
        if len(game.turns) >= 6 and game.outcome() is None and not game.pending:
            return game
        seed += 1


def test_a_clock_is_saved_and_read_back_to_the_millisecond(saves):
    game = _game_in_progress()
    saves.remember(game, clock=ClockData.model_validate(CLOCK))
    path = saves.save(game, "timed")
    data = json.loads(path.read_bytes())
    assert data["clock"]["remaining_ms"] == [287_654, 301_200] and data["clock"]["running"] == 1
    loaded = saves.load(path)
    assert loaded.save.clock == ClockData.model_validate(CLOCK)
    # Saved again (a later save of the loaded game), the clock stays.
    again = saves.save(loaded.game, "timed")
    assert json.loads(again.read_bytes())["clock"] == data["clock"]


def test_a_game_without_a_clock_writes_no_clock_field(saves):
    game = _game_in_progress()
    assert "clock" not in json.loads(encode(saves.snapshot(game)))


# (case, a change of the clock's fields, words the message must hold)
HOSTILE = [
    ("negative", {"remaining_ms": [-1, 300_000]}, ["clock.remaining_ms[0]", "at least 0"]),
    ("huge", {"remaining_ms": [300_000, 10**15]}, ["clock.remaining_ms[1]", "at most 86400000"]),
    ("huge-base", {"base_ms": 10**12}, ["clock.base_ms", "at most"]),
    ("wrong-kind", {"kind": "blitz"}, ["clock.kind", "'game' or 'turn'"]),
    ("text-time", {"used_ms": "soon"}, ["clock.used_ms", "whole number"]),
    ("fraction", {"used_ms": 1.5}, ["clock.used_ms", "whole number"]),
    ("three-players", {"remaining_ms": [1, 2, 3]}, ["clock.remaining_ms", "at most 2"]),
    ("no-such-side", {"running": 2}, ["clock.running"]),
    ("turn-increment", {"kind": "turn", "base_ms": 30_000}, ["a time per turn has no increment"]),
    ("both", {"delay_ms": 1_000}, ["an increment or a delay, not both"]),
    ("future-turn", {"starts": [[999, 1, 1]]}, ["the clock names a turn the game has not reached"]),
    ("unknown-field", {"bonus": 5}, ["clock.bonus", "not a field of a save"]),
    ("not-an-object", None, ["clock", "object"]),
]


@pytest.mark.parametrize(("case", "change", "words"), HOSTILE, ids=[c[0] for c in HOSTILE])
def test_a_hostile_clock_is_refused_and_the_file_left_alone(saves, case, change, words):
    game = _game_in_progress()
    data = json.loads(encode(saves.snapshot(game)))
    data["clock"] = "fast" if change is None else {**CLOCK, **change}
    path = saves.saves_dir / "autosave-hostile.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    raw = json.dumps(data).encode()
    path.write_bytes(raw)
    with pytest.raises(SaveError) as caught:
        saves.load(path)
    message = caught.value.message
    assert message.startswith(f"{path}: ") and "\n" not in message and len(message) < 400
    for word in words:
        assert word in message
    assert path.read_bytes() == raw
    other = Game(STANDARD, players=("Ann", "Bob"))
    assert saves.autosave(other) != path and path.read_bytes() == raw  # nothing is written over it
