"""The analysis board's words: a proven result said as a result, never as a percentage; a line told turn by
turn with the players taking turns; the depth reached."""

from __future__ import annotations

from dataclasses import dataclass

from hwgame.rules import parse_turn
from hwgame.words import Voice, depth_text, line_verdict, line_words


@dataclass(frozen=True)
class Proven:
    result: str
    turns: int


def test_a_proven_result_is_said_as_a_result():
    assert line_verdict(Proven("win", 3), 1.0) == "wins in 3 turns"
    assert line_verdict(Proven("win", 1), 1.0) == "wins in 1 turn"
    assert line_verdict(Proven("loss", 2), 0.0) == "loses"
    assert line_verdict(Proven("draw", 0), 0.5) == "draw"


def test_a_chance_is_a_percentage_and_nothing_known_is_nothing():
    assert line_verdict(None, 0.641) == "64%"
    assert line_verdict(None, None) == ""


def test_a_line_is_told_turn_by_turn_from_its_first_player():
    voice = Voice(("Ann", "Bob"))
    turns = [parse_turn("build g1 Ann"), parse_turn("pass"), parse_turn("move g1 Ann Bob")]
    told = line_words(turns, 1, voice).rstrip(".").split(". ")
    assert told == ["Bob builds a green 1 at Ann's homeworld", "Ann passes",
                    "Bob moves green 1 from Ann's homeworld to their homeworld"]


def test_the_depth_reached_and_whether_it_goes_on():
    assert depth_text(7, False) == "depth 7"
    assert "7" in depth_text(7, True) and depth_text(7, True) != "depth 7"
    assert depth_text(0, False) == ""
