"""Every way a save can be bad gives one clear SaveError, and the file is never changed.

Each case checks the message (which file, what is wrong, which turn) and that the file's bytes are the
same after the attempt to load it, after an autosave, and after a named save that would replace it.
"""

from __future__ import annotations

import json
import os

import pytest

from hwgame.persist import SaveError, Store
from hwgame.persist.schema import SCHEMA_VERSION
from hwgame.persist.store import encode
from hwgame.rules import STANDARD, Game, opponent_of

from .games import random_game


def good_save_data(saves) -> dict:
    """A valid save of a game in progress with at least six turns, as JSON data."""
    seed = 0
    while True:
        game = random_game(seed, max_turns=30)
        if len(game.turns) >= 6 and game.outcome() is None and not game.pending:
            return json.loads(encode(saves.snapshot(game)))
        seed += 1


def with_turn(data: dict, index: int, text: str) -> dict:
    data = json.loads(json.dumps(data))
    data["turns"][index] = text
    return data


def _json(data) -> bytes:
    return json.dumps(data, indent=2).encode()


# (case id, function of the good data -> the file's bytes, words the message must hold)
CASES = [
    ("empty", lambda d: b"", ["is empty"]),
    ("blank", lambda d: b"  \n\n", ["is empty"]),
    ("truncated", lambda d: _json(d)[: len(_json(d)) // 2], ["cut short", "incomplete"]),
    ("truncated-in-a-text", lambda d: _json(d)[: _json(d).index(b'"turns"') + 12], ["cut short"]),
    ("not-json", lambda d: b"this is not a saved game\n", ["not valid JSON", "line 1, column 1"]),
    ("not-text", lambda d: b"\x89PNG\r\n\x1a\n\x00\x00\xff\xfe", ["not text", "UTF-8"]),
    ("a-list", lambda d: b"[1, 2, 3]", ["not a hwgame save", "a list"]),
    ("no-version", lambda d: _json({k: v for k, v in d.items() if k != "schema_version"}), ["no 'schema_version'"]),
    ("version-text", lambda d: _json({**d, "schema_version": "two"}), ["whole number"]),
    ("newer", lambda d: _json({**d, "schema_version": SCHEMA_VERSION + 1, "program_version": "9.0"}),
     ["hwgame 9.0", f"format {SCHEMA_VERSION + 1}", "update the game"]),
    ("too-old", lambda d: _json({**d, "schema_version": 0}), ["format 0", "older than any"]),
    ("no-players", lambda d: _json({k: v for k, v in d.items() if k != "players"}), ["players is missing"]),
    ("bad-kind", lambda d: _json({**d, "players": [{"name": "A", "kind": "robot"}, d["players"][1]]}),
     ["players[0].kind", "'human' or 'computer'"]),
    ("computer-without-level", lambda d: _json({**d, "players": [{"name": "A", "kind": "computer"}, d["players"][1]]}),
     ["needs a level (beginner, easy, normal, hard, expert)"]),
    # A level is kept by name: an unknown one is refused like any other bad value of a save.
    ("unknown-level", lambda d: _json({**d, "players": [{"name": "A", "kind": "computer", "level": "master"},
                                                         d["players"][1]]}),
     ["players[0].level: should be 'beginner', 'easy', 'normal', 'hard' or 'expert'"]),
    ("level-number-in-format-3", lambda d: _json({**d, "players": [{"name": "A", "kind": "computer", "level": 3},
                                                                    d["players"][1]]}),
     ["players[0].level: should be a text"]),
    ("same-names", lambda d: _json({**d, "players": [d["players"][0], d["players"][0]]}), ["both players are called"]),
    ("bad-name", lambda d: _json({**d, "players": [{"name": "Ann Lee"}, d["players"][1]]}),
     ["'Ann Lee' cannot be a player name"]),
    ("unknown-field", lambda d: _json({**d, "colour": "blue"}), ["colour: is not a field"]),
    ("turns-not-list", lambda d: _json({**d, "turns": "build g1 North"}), ["turns: should be a list"]),
    ("bad-rules", lambda d: _json({**d, "rules": "chess"}), ["rules: should be 'standard' or 'sdg'"]),
    ("bad-time", lambda d: _json({**d, "created": "yesterday"}), ["created: should be a date and time"]),
    # Dates that are dates where they were written, but before the year 1 or after 9999 in UTC.
    ("time-before-year-1", lambda d: _json({**d, "created": "0001-01-01T00:00:00+05:00"}),
     ["created: 0001-01-01T00:00:00+05:00 is out of the range of dates (years 1 to 9999)"]),
    ("time-after-9999", lambda d: _json({**d, "updated": "9999-12-31T23:59:59-05:00"}),
     ["updated: 9999-12-31T23:59:59-05:00 is out of the range of dates (years 1 to 9999)"]),
    ("unreadable-turn", lambda d: _json(with_turn(d, 3, "fly g1 away")), ["turn 6: cannot read 'fly g1 away'"]),
    ("empty-turn", lambda d: _json(with_turn(d, 1, " ; ")), ["turn 4 is empty"]),
    ("illegal-turn", lambda d: _json(with_turn(d, 2, "build g1 Nowhere")),
     ["turn 5 ('build g1 Nowhere')", "is illegal", "no system named 'Nowhere'"]),
    ("setup-missing", lambda d: _json({**d, "setup": d["setup"][:1]}), ["is not listed as a setup turn"]),
    ("result-says-over", lambda d: _json({**d, "result": {"winner": 0, "reason": "won", "ending": "board"}}),
     ["the turns do not end it"]),
    ("huge-version", lambda d: _json(d).replace(b'"schema_version": %d' % SCHEMA_VERSION,
                                                 b'"schema_version": ' + b"9" * 5000),
     ["holds a number of 5000 digits"]),
    ("huge-float", lambda d: _json(d).replace(b'"schema_version": %d' % SCHEMA_VERSION,
                                               b'"schema_version": 1.' + b"5" * 5000),
     ["holds a number of 5002 digits"]),
    ("pending-ends-turn", lambda d: _json({**d, "turn_in_progress": ["endturn"]}), ["has not ended"]),
    ("illegal-pending", lambda d: _json({**d, "turn_in_progress": ["capture r3 Nowhere"]}),
     ["in progress, action 1", "is illegal"]),
]  # fmt: skip


@pytest.mark.slow
@pytest.mark.parametrize(("case", "make", "words"), CASES, ids=[c[0] for c in CASES])
def test_a_bad_save_is_reported_and_left_alone(saves, case, make, words):
    path = saves.saves_dir / "autosave.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    data = make(good_save_data(saves))
    path.write_bytes(data)

    with pytest.raises(SaveError) as caught:
        saves.load(path)
    message = caught.value.message
    assert message.startswith(f"{path}: ")
    assert "\n" not in message
    for word in words:
        assert word in message
    assert caught.value.path == path
    if case in ("unreadable-turn", "illegal-turn"):
        assert caught.value.turn == int(words[0].split()[1].rstrip(":"))
    assert path.read_bytes() == data

    # A new game autosaves to a file of its own and leaves the broken one as it is.
    game = Game(STANDARD, players=("Ann", "Bob"))
    own = saves.autosave(game)
    assert own != path and path.read_bytes() == data
    # Broken in place after the game wrote it, the game's own autosave is kept too: the game moves on.
    own.write_bytes(data)
    moved = saves.autosave(game)
    assert moved not in (own, path) and own.read_bytes() == data
    assert any(notice.startswith(f"{own}: ") and moved.name in notice for notice in saves.notices)
    # Later autosaves keep going to the new name, also in a later session that continues the game.
    assert saves.autosave(game) == moved
    later = Store(saves.saves_dir.parent)
    again = later.load(moved)
    assert later.autosave(again.game, again.players) == moved
    assert own.read_bytes() == data and path.read_bytes() == data

    # A named save will not replace such a file either, even when told to overwrite.
    mine = saves.saves_dir / "mine.json"
    mine.write_bytes(data)
    with pytest.raises(SaveError, match="not replaced by this save"):
        saves.save(game, "mine", overwrite=True)
    assert mine.read_bytes() == data
    assert not (saves.saves_dir / "mine.json.bak").exists()

    # The list shows it with its problem.
    broken = [info for info in saves.list_saves() if info.path == path]
    assert broken and broken[0].error is not None


def test_a_missing_file_and_a_folder(saves, tmp_path):
    with pytest.raises(SaveError, match="no such file"):
        saves.load(tmp_path / "nothing.json")
    with pytest.raises(SaveError, match="is a folder"):
        saves.load(tmp_path)


def test_a_huge_file_is_refused_unread(saves, tmp_path, monkeypatch):
    from hwgame.persist import files

    monkeypatch.setattr(files, "MAX_BYTES", 100)
    path = tmp_path / "big.json"
    path.write_bytes(b" " * 200)
    with pytest.raises(SaveError, match="too large"):
        saves.load(path)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")
def test_a_pipe_named_like_a_save_is_refused_without_blocking(saves):
    saves.saves_dir.mkdir(parents=True)
    pipe = saves.saves_dir / "mine.json"
    os.mkfifo(pipe)
    with pytest.raises(SaveError, match="is not a regular file"):
        saves.load(pipe)
    game = Game(STANDARD, players=("Ann", "Bob"))
    # Where a game's first autosave would go, a pipe is left alone and the next name is taken.
    taken = saves.saves_dir / f"autosave-{saves.snapshot(game).game_id[:8]}.json"
    os.mkfifo(taken)
    written = saves.autosave(game)
    assert written != taken and written.is_file()
    assert [i.path for i in saves.list_saves()] == [written]


def test_a_result_that_disagrees_with_the_board(saves):
    game = random_game(3)
    seed = 3
    while game.outcome() is None or game.outcome().winner is None or game.outcome().code == "win-resigned":
        seed += 1
        game = random_game(seed)
    data = json.loads(encode(saves.snapshot(game)))
    data["result"]["winner"] = opponent_of(data["result"]["winner"])
    path = saves.saves_dir / "liar.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(_json(data))
    with pytest.raises(SaveError, match="the file says .* won, but the turns say"):
        saves.load(path)


def test_a_stray_key_of_any_length_is_named_short(saves, tmp_path):
    data = good_save_data(saves)
    data[" " * 3000 + "turns\n"] = 1
    path = tmp_path / "stray.json"
    path.write_bytes(_json(data))
    with pytest.raises(SaveError) as caught:
        saves.load(path)
    message = caught.value.message
    assert "is not a field of a save" in message and "(3006 characters)" in message
    assert len(message) < 200 + len(str(path)) and "\n" not in message


# The first and last moments of the calendar in another zone: no such moment in UTC.
OUT_OF_RANGE = [("created", "0001-01-01T00:00:00+05:00"), ("updated", "9999-12-31T23:59:59-05:00"),
                ("updated", "0001-01-01T00:00:00+00:01"), ("created", "9999-12-31T23:59:59.999999-00:01")]  # fmt: skip


@pytest.mark.parametrize(("field", "date"), OUT_OF_RANGE)
def test_a_date_out_of_range_is_a_refusal_and_hides_no_other_save(saves, field, date):
    good = saves.save(random_game(1, max_turns=10), "good")
    good_bytes = good.read_bytes()
    data = {**good_save_data(saves), field: date}
    bad = saves.saves_dir / "bad.json"
    bad.write_bytes(_json(data))
    with pytest.raises(SaveError) as caught:
        saves.load(bad)
    assert caught.value.message == (f"{bad}: is not a valid save: {field}: {date} is out of the range of dates "
                                    "(years 1 to 9999)")  # fmt: skip
    infos = {info.name: info for info in saves.list_saves()}
    assert set(infos) == {"good", "bad"}
    assert infos["good"].error is None and infos["good"].turns_played > 0
    assert infos["bad"].error == f"is not a valid save: {field}: {date} is out of the range of dates (years 1 to 9999)"
    assert bad.read_bytes() == _json(data) and good.read_bytes() == good_bytes


def test_whatever_one_file_raises_the_others_are_listed(saves, monkeypatch):
    from hwgame.persist import store as store_module

    good = saves.save(random_game(1, max_turns=10), "good")
    other = saves.save(random_game(2, max_turns=10), "other")
    real = store_module._load_file

    def faulty(path):
        if path == other:
            raise OverflowError("date value out of range")
        return real(path)

    monkeypatch.setattr(store_module, "_load_file", faulty)
    infos = {info.path: info for info in saves.list_saves()}
    assert infos[good].error is None
    assert infos[other].error == "cannot be read: OverflowError: 'date value out of range'"
