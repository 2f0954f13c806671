"""A book file is untrusted: whatever it holds, reading it gives the book or one clear message."""

from __future__ import annotations

import gzip
import json
import os

import pytest

from hwgame.openings import Book, BookError, decode_book, encode_book, path_of, read_book
from hwgame.rules import STANDARD, Game, parse_turn


def small_book() -> Book:
    game = Game(STANDARD)
    for text in ("Homeworld Y1 B2 G3", "Homeworld R1 B3 G3", "Build G1 North"):
        game.play(parse_turn(text))
    return Book().extend([path_of(game)])


def packed(data: object) -> bytes:
    return gzip.compress(json.dumps(data).encode())


def good_data() -> dict:
    return json.loads(gzip.decompress(encode_book(small_book())))


def test_a_book_reads_back_as_it_was_written():
    book = small_book()
    again = decode_book(encode_book(book))
    assert again.nodes == book.nodes and again.links == book.links and again.games == book.games
    start = Game(STANDARD).position
    assert [n.turn for n in again.explore(start).next] == [n.turn for n in book.explore(start).next]


def _with(**changes) -> dict:
    data = good_data()
    data.update(changes)
    return data


HOSTILE = {
    "not gzip": b"{\"format\": \"hwgame-openings\"}",
    "empty": b"",
    "not json": gzip.compress(b"\xff\xfe{{{"),
    "a list": packed([1, 2, 3]),
    "another format": packed(_with(format="something")),
    "another version": packed(_with(version=99)),
    "no positions": packed(_with(positions=None)),
    "a turn to nowhere": packed(_with(turns=[[0, 10**6, "Pass", [1, 0, 0, 0]]])),
    "negative counts": packed(_with(positions=[["00", [-1, 0, 0, 0]]], turns=[])),
    "more results than games": packed(_with(positions=[["00", [1, 1, 1, 0]]], turns=[])),
    "a count that is text": packed(_with(positions=[["00", ["1", 0, 0, 0]]], turns=[])),
    "a boolean count": packed(_with(positions=[["00", [True, 0, 0, 0]]], turns=[])),
    "a huge key": packed(_with(positions=[["0" * 100_000, [1, 0, 0, 0]]], turns=[])),
    "deep nesting": gzip.compress(b"[" * 100_000 + b"]" * 100_000),
    "a bomb": gzip.compress(b" " * (80 << 20)),
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_a_hostile_book_gives_one_clear_message(name):
    with pytest.raises(BookError) as caught:
        decode_book(HOSTILE[name])
    message = caught.value.message
    assert message.startswith("The opening book cannot be read") and "\n" not in message and len(message) < 300


def test_a_stored_turn_that_does_not_fit_the_board_is_left_out_not_raised():
    data = good_data()
    for row in data["turns"]:
        row[2] = "Catastrophe @0 zz"  # not a turn at all
    book = decode_book(packed(data))
    explored = book.explore(Game(STANDARD).position)
    # The legal turns are searched instead: the turn is still found, written for this board.
    assert [str(n.turn) for n in explored.next] == [str(n.turn) for n in small_book().explore(
        Game(STANDARD).position).next]


def test_a_book_file_that_is_not_a_file_or_too_big_is_refused(tmp_path):
    with pytest.raises(BookError, match="missing"):
        read_book(tmp_path / "none.gz")
    with pytest.raises(BookError, match="not a file|cannot be opened"):
        read_book(tmp_path)
    big = tmp_path / "big.gz"
    with open(big, "wb") as handle:
        handle.truncate(64 << 20)
    with pytest.raises(BookError, match="too big"):
        read_book(big)
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "pipe.gz"
        os.mkfifo(fifo)
        with pytest.raises(BookError, match="not a file"):
            read_book(fifo)  # never waits for a writer
