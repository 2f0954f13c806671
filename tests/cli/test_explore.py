"""``hwgame explore``: the archive's book at a position, as a table or one JSON object; a bad position or
a broken book is one clear message and a status, never a traceback."""

from __future__ import annotations

import json

import pytest

from hwgame.__main__ import main
from hwgame.openings import data
from hwgame.rules import SDG, STANDARD, Game, Homeworld, format_position, parse_turn


def run(capsys, *args: str) -> tuple[int, str, str]:
    status = main(["explore", *args])
    out = capsys.readouterr()
    return status, out.out, out.err


def test_json_holds_the_games_and_the_turns_played_next_most_played_first(capsys):
    status, out, _err = run(capsys, "--json", "--rules", "sdg")
    assert status == 0
    found = json.loads(out)
    assert set(found) >= {"games", "next"} and found["games"] > 0
    counts = [row["games"] for row in found["next"]]
    assert counts == sorted(counts, reverse=True) and sum(counts) <= found["games"]
    for row in found["next"]:
        assert set(row) == {"turn", "games", "wins", "draws", "losses"}
        assert row["wins"] + row["draws"] + row["losses"] <= row["games"]
        (action,) = parse_turn(row["turn"])
        assert isinstance(action, Homeworld)


def test_a_position_is_read_and_its_turns_are_written_with_its_names(capsys):
    game = Game(STANDARD, ("Ann", "Bob"))
    game.play(parse_turn("Homeworld Y1 B2 G3"))
    game.play(parse_turn("Homeworld R1 B3 G3"))
    status, out, _err = run(capsys, "--json", format_position(game.position))
    assert status == 0
    rows = json.loads(out)["next"]
    assert rows, "a common opening of the archive"
    for row in rows[:10]:
        again = Game.from_position(game.position)
        again.play(parse_turn(row["turn"]))  # legal on this board, with its names


def test_the_table_says_how_many_games_and_marks_few(capsys):
    status, out, _err = run(capsys, "--rules", "sdg")
    assert status == 0
    assert "games reached this position" in out and "(few games)" in out


def test_a_position_out_of_the_book_says_so(capsys):
    game = Game(SDG, ("Ann", "Bob"))
    game.play(parse_turn("Homeworld R3 R2 R1"))  # no one ever set up like this
    status, out, _err = run(capsys, format_position(game.position))
    assert status == 0 and "out of the book" in out
    status, out, _err = run(capsys, "--json", format_position(game.position))
    assert json.loads(out)["games"] == 0 and json.loads(out)["next"] == []


def test_a_bad_position_is_one_line_and_status_2(capsys):
    status, out, err = run(capsys, "not a position at all")
    assert status == 2 and out == "" and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_a_broken_book_is_one_line_and_status_1(capsys, tmp_path, monkeypatch):
    broken = tmp_path / "archive.json.gz"
    broken.write_bytes(b"\x1f\x8b broken")
    monkeypatch.setattr(data, "PACKAGE_FILE", broken)
    data.archive_book.cache_clear()
    try:
        status, out, err = run(capsys, "--json")
    finally:
        data.archive_book.cache_clear()
    assert status == 1 and out == "" and "opening book" in err and "Traceback" not in err


@pytest.mark.slow
def test_the_command_runs_as_a_program(tmp_path):
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "hwgame", "explore", "--json"], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0 and json.loads(done.stdout)["games"] > 0
