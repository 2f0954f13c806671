"""The player's own opening book: each recorded game's opening is kept, also once the record drops the
game's turns; the file is read as untrusted and a broken one is set aside with a notice."""

from __future__ import annotations

import json
import os

from hwgame.persist import openings_file
from hwgame.persist import record as rec
from hwgame.persist.openings_file import OWN_FILE, read_own
from hwgame.persist.store import Store
from hwgame.rules import SDG, STANDARD, Game, initial_position

from .test_record import finished_game


def games_at_start(saves: Store) -> int:
    """The games of the own book, under either rule set (the random games use both)."""
    book, _notices = saves.own_openings()
    return sum(book.explore(initial_position(rules)).total.games for rules in (STANDARD, SDG))


def test_a_recorded_game_goes_into_the_own_book_once(saves):
    game = finished_game(1)
    saves.record_game(game, seat=0)
    saves.record_game(game, seat=0)
    assert games_at_start(saves) == 1
    book, notices = saves.own_openings()
    assert not notices
    # Its first turns are there, with the game's result for the side to move.
    after = book.explore(game.positions[2])
    assert after.total.games == 1 and after.next
    winner, side = game.outcome().winner, game.positions[2].to_move
    expected = (0, 1, 0) if winner is None else (1, 0, 0) if winner == side else (0, 0, 1)
    assert (after.total.wins, after.total.draws, after.total.losses) == expected


def test_games_whose_turns_the_record_drops_still_count(saves, monkeypatch):
    monkeypatch.setattr(rec, "KEEP_TURNS", 1)
    for seed in (1, 2, 3):
        saves.record_game(finished_game(seed), seat=0)
    assert sum(1 for g in saves.read_record().games if g.replayable) == 1
    assert games_at_start(saves) == 3


def test_record_games_missing_from_the_own_book_are_added_when_it_is_read(saves):
    saves.record_game(finished_game(4), seat=0)
    saves.record_game(finished_game(5), seat=0)
    os.unlink(saves.own_openings_path)  # as if recorded by a version without the own book
    assert games_at_start(saves) == 2
    assert len(read_own(saves.own_openings_path).paths) == 2  # and written back


def test_a_broken_own_book_is_set_aside_with_a_notice(saves):
    saves.record_game(finished_game(6), seat=0)
    path = saves.own_openings_path
    path.write_bytes(b"\x00not json{{{")
    book, notices = saves.own_openings()
    assert notices and "set aside" in str(notices[0]())
    assert (path.parent / (OWN_FILE + ".broken")).read_bytes() == b"\x00not json{{{"
    assert sum(book.explore(initial_position(r)).total.games for r in (STANDARD, SDG)) == 1  # from the record
    assert read_own(path).broken is False


def test_a_pipe_at_the_own_books_name_is_never_read(saves):
    if not hasattr(os, "mkfifo"):
        return
    os.makedirs(saves.own_openings_path.parent, exist_ok=True)
    os.mkfifo(saves.own_openings_path)
    book, notices = saves.own_openings()  # returns at once
    assert notices and book.explore(initial_position()).total.games == 0


def test_entries_that_do_not_read_are_left_out_with_a_notice(saves):
    saves.record_game(finished_game(7), seat=0)
    path = saves.own_openings_path
    data = json.loads(path.read_bytes())
    good = data["games"][0]
    data["games"] += [
        {**good, "id": "x1", "keys": "not a list"},
        {**good, "id": "x2", "winner": 7},
        {**good, "id": "x3", "turns": good["turns"] + ["extra"]},
        {**good, "id": "x4", "rules": "chess"},
        "not an entry",
    ]
    path.write_text(json.dumps(data))
    own = read_own(path)
    assert list(own.paths) == [good["id"]]
    assert own.notices and "5 entries" in str(own.notices[0]())


def test_the_own_book_keeps_the_newest_games_only(saves, monkeypatch):
    monkeypatch.setattr(openings_file, "MAX_GAMES", 2)
    for seed in (1, 2, 3):
        saves.record_game(finished_game(seed), seat=0)
    assert len(read_own(saves.own_openings_path).paths) <= 3
    data = json.loads(saves.own_openings_path.read_bytes())
    assert len(data["games"]) == 2


def test_an_own_book_that_cannot_be_written_does_not_stop_the_record(saves, monkeypatch):
    def refuse(*_args, **_kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(openings_file, "atomic_write", refuse)
    game: Game = finished_game(8)
    saves.record_game(game, seat=0)
    assert len(saves.read_record().games) == 1
    assert any("No space" in str(n()) for n in saves.notice_texts if callable(n))
