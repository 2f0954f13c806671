"""The small parts: the board text form, goals and their words, action words."""

from __future__ import annotations

import pytest

from hwgame.rules import Game, HomeworldsError, parse_turn
from hwgame.tutorial.board import B3, G1, Y1, board_dict, empty_board, read_board
from hwgame.tutorial.goals import (
    ANY,
    NEW,
    RIVAL,
    Context,
    Draws,
    Gone,
    HasShip,
    HomeSetUp,
    More,
    NoColor,
    NoShip,
    Not,
    Safe,
    Wins,
    both,
    either,
)
from hwgame.words import describe_turn, sentence

BOARD = """
Sol@0:  y1 b2 | g3 g1 |
Vega@1: r1 g3 |       | b3
Alpha:  y3    | g1    | b1
"""


def test_board_text_reads_into_a_sound_position():
    pos = read_board(BOARD)
    assert [s.name for s in pos.systems] == ["Sol", "Vega", "Alpha"]
    assert pos.home_of(0).name == "Sol" and pos.home_of(1).name == "Vega"
    assert pos.system_named("Alpha").ships_of(1) == (9,)
    assert pos.bank[G1] == 1 and pos.bank[B3] == 2
    assert board_dict(BOARD)["systems"][2]["home"] is None
    assert empty_board().stage == 0 and sum(empty_board().bank) == 36
    with pytest.raises(ValueError):
        read_board("Sol y1 b2")
    with pytest.raises(ValueError):
        read_board("Sol: y1 | | | g1")
    with pytest.raises(HomeworldsError):
        read_board("Sol@0: y1 y1 | y1 y1 |")


def _after(text: str, board: str = BOARD):
    start = read_board(board)
    game = Game.from_position(start)
    for action in parse_turn(text):
        game.act(action)
    names = frozenset(a.name.lower() for a in game.pending if hasattr(a, "name") and isinstance(a.name, str))
    return Context(start, game.state.position, 0, names)


def test_ship_goals():
    ctx = _after("move g1 Alpha Sol")
    assert HasShip("Sol", piece=G1, count=2).met(ctx)
    assert not HasShip("Alpha").met(ctx)
    assert Gone("Alpha").met(ctx) is False  # Vega's blue keeps Alpha on the map
    assert HasShip(ANY, owner=RIVAL, color=3).met(ctx)
    assert NoShip("Alpha", owner="me").met(ctx)
    assert "you still do not have" in HasShip("Alpha").shortfall(ctx)
    assert HasShip("Sol", size=1, count=2).describe(ctx) == "you have 2 small ships at Sol"
    assert More("Sol").met(ctx) and not More("Sol", by=2).met(ctx)
    assert "more" in More("Sol").describe(ctx)


def test_new_systems_are_told_apart_even_when_a_name_is_reused():
    board = """
    Sol@0:  y1 b2 | g3 y2 |
    Vega@1: r1 g3 |       | b3
    Alpha:  y3    | g1    |
    """
    ctx = _after("sacrifice y2 Sol; move g1 Alpha Sol; discover g3 Sol y3 Alpha", board)
    assert ctx.now.system_named("Alpha") is not None
    assert HasShip(NEW, star=11 - 6).met(ctx)  # the new Alpha's star is a large yellow
    plain = Context(ctx.start, ctx.now, 0)
    assert not HasShip(NEW).met(plain), "without the turn's discoveries a reused name looks old"


def test_combined_goals_and_words():
    ctx = _after("move g1 Alpha Sol")
    goal = both(HasShip("Sol"), NoShip("Alpha"))
    assert not goal.met(ctx)
    assert "Vega still has a ship at Alpha" in goal.shortfall(ctx)
    assert either(HasShip("Sol"), NoShip("Alpha")).met(ctx)
    assert Not(HasShip("Sol"), "no ship at Sol").describe(ctx) == "no ship at Sol"
    assert NoColor("Alpha", 2).met(ctx) and not NoColor("Sol", 2).met(ctx)
    assert "still" in NoColor("Sol", 2).shortfall(ctx)
    assert not Wins().met(ctx) and "still has a ship" in Wins().shortfall(ctx)
    assert not Draws().met(ctx)
    assert Safe().met(ctx)
    assert HomeSetUp().met(ctx) and HomeSetUp(good=True).met(ctx)
    flawed = _after("pass", "Sol@0: y1 y2 | r1 |\nVega@1: r3 g3 | | b3")
    problems = HomeSetUp(good=True).problems(flawed)
    assert len(problems) == 4, problems  # small ship, one colour twice, no green or blue, direct road


def test_words():
    assert sentence("you have no ship") == "You have no ship."
    assert sentence("") == ""
    turn = parse_turn("sacrifice y3 Sol; move b1 Alpha Vega; catastrophe Vega b")
    # The narration's words, the same as the window's log: "yellow 3", a capture of "your" ships.
    text = describe_turn(turn, "Vega")
    # The rival's homeworld, named after the rival, is worded as a homeworld: the rival's own.
    assert text == ("Vega sacrifices yellow 3 at Sol, moves blue 1 from Alpha to their homeworld "
                    "and triggers a blue catastrophe at their homeworld")
    assert describe_turn(parse_turn("capture g1 Sol"), "Vega") == "Vega captures your green 1 at Sol"
    assert describe_turn(parse_turn("capture g1 Sol"), "you") == "you capture the enemy's green 1 at Sol"
    assert describe_turn((), "you") == "you pass"
    assert Y1 == 3
