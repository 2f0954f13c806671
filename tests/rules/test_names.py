"""Names of systems and players (RULES.md, "Systems and the map"): up to 40 printable characters
without whitespace, in any script, unique on the map whatever their case; one rule, ``name_problem``,
for the notation, the validator, the saves and the window."""

from __future__ import annotations

import pytest

from hwgame.rules import (
    MAX_NAME,
    PASS,
    Build,
    Discover,
    Game,
    Move,
    Sacrifice,
    format_turn,
    name_character,
    new_system_name,
    parse_turn,
)
from hwgame.words import name_problem
from tests.refusing import refuses
from tests.rules.helpers import B1, G1, R1, Y3, board, layout, refusal, run

HOMES = """
North: g3 b2 | y3 |
South: r1 y2 |    | y3
"""
NAMES = ["織女", "Dy/dx", "Ærø", "ぱぱ", "o'Neil", "x.y", "A" * MAX_NAME, "Ωμέγα", "Жар-птица", "٣"]


@pytest.mark.parametrize("name", NAMES)
def test_the_validator_accepts_a_discovery_named_in_any_script(name):
    after = run(board(HOMES), Discover(Y3, "North", B1, name)).position
    assert layout(after)[name] == "b1 | y3 | "
    assert after.system_named(name).name == name


@pytest.mark.parametrize(
    "name, reason",
    [
        ("two words", "'two words' cannot be a system name: it holds a space"),
        ("tab\there", r"'tab\there' cannot be a system name: it holds a tab, a line break or another kind of space"),
        ("織\u3000女", r"'織\u3000女' cannot be a system name: it holds a tab, a line break or another kind of space"),
        ("bell\x07", r"'bell\x07' cannot be a system name: it holds a character that cannot be printed"),
        ("zero\u200bwidth", r"'zero\u200bwidth' cannot be a system name: it holds a character that cannot be printed"),
        ("x" * 41, f"'{'x' * 41}' is too long for a system name (at most 40 characters)"),
        ("織" * 41, f"'{'織' * 41}' is too long for a system name (at most 40 characters)"),
        ("a;b", "'a;b' cannot be a system name: it holds ';', which separates the actions of a turn"),
        ("", "a system name cannot be empty"),
    ],
)
def test_the_validator_refuses_a_name_that_breaks_the_rule_in_plain_words(name, reason):
    assert refusal(board(HOMES), Discover(Y3, "North", R1, name)) == reason
    assert name_problem(name) == reason


def test_a_refused_name_is_quoted_short_and_escaped():
    huge = "\x1b" * 10_000
    why = refusal(board(HOMES), Discover(Y3, "North", R1, huge))
    assert why.endswith("(10000 characters) is too long for a system name (at most 40 characters)")
    assert "\x1b" not in why and len(why) < 140


@pytest.mark.parametrize(
    "taken, name",
    [("Ærø", "ærø"), ("Ærø", "ÆRØ"), ("Dy/dx", "dy/DX"), ("Ωμέγα", "ΩΜΈΓΑ"), ("Alpha", "ALPHA"), ("織女", "織女")],
)
def test_two_names_that_differ_only_by_case_clash(taken, name):
    pos = board(HOMES + f"{taken}: b1 | y1 |")
    why = refusal(pos, Discover(Y3, "North", R1, name))
    assert why.startswith(f"the name '{name}' is already taken: the system {taken} has it")
    assert why.endswith("(names are matched whatever their case)") == (name != taken)
    # Every action finds a system under any case of its name, and writes it as it is on the map.
    moved = run(pos, Move(Y3, "North", name))
    assert moved.position.system_named(taken).name == taken and Y3 in moved.position.system_named(taken).ships0


def test_a_discovery_cannot_take_a_players_name_in_another_case():
    players = ("Ærø", "ぱぱ")
    pos = board("Ærø: g3 b2 | y3 |\nぱぱ: r1 y2 |    | y3", players=players)
    assert refusal(pos, Discover(Y3, "Ærø", R1, "ærø")) == (
        "the name 'ærø' is already taken: the system Ærø has it (names are matched whatever their case)"
    )
    gone = board("Ærø: g3 b2 | y3 |\nAlpha: b1 | y1 |", players=players)  # ぱぱ's homeworld is gone
    assert refusal(gone, Discover(Y3, "Ærø", R1, "ぱぱ")) == (
        "the name 'ぱぱ' is already taken: ぱぱ is a player's name, kept for their homeworld"
    )


def test_players_named_only_apart_by_case_are_one_name():
    with refuses(ValueError, "the two players need different names"):
        Game(players=("Ærø", "ÆRØ"))


@pytest.mark.parametrize("ch", ["a", "Æ", "ぱ", "織", "/", "'", "-", "_", ".", "(", ":", "٣", "€"])
def test_name_characters_in_any_script(ch):
    assert name_character(ch)


@pytest.mark.parametrize("ch", [" ", "\t", "\n", "\u3000", "\xa0", "\x00", "\x1b", "\u200b", "\ufeff", ";"])
def test_what_no_name_may_hold(ch):
    assert not name_character(ch)
    assert name_problem(f"a{ch}b") is not None


def test_names_in_any_script_are_written_in_a_turn_and_read_back():
    turn = (Discover(Y3, "Ærø", B1, "織女"), Move(Y3, "織女", "Dy/dx"))
    for style in ("sdg", "canonical"):
        assert parse_turn(format_turn(turn, style)) == turn


def _alpha_gone() -> Game:
    """A game in which Alpha was discovered, then left empty (and so gone), South to pass."""
    game = Game.from_position(board("North: g3 b2 | y3 g1 |\nSouth: r1 y2 | | y3"))
    game.play((Discover(Y3, "North", B1, "Alpha"),))
    game.play((PASS,))
    game.play((Move(Y3, "Alpha", "North"),))
    game.play((PASS,))
    assert game.position.system_named("Alpha") is None
    return game


def test_a_name_offered_for_a_discovery_is_never_one_the_game_used_before():
    game = _alpha_gone()
    assert new_system_name(game.position) == "Alpha"  # free on the board...
    assert "alpha" in game.names_used() and game.new_system_name() == "Beta"  # ...but not offered again
    game.play((Discover(Y3, "North", B1, "Alpha"),))  # the rules still allow the name once its system is gone
    assert game.position.system_named("Alpha") is not None


def test_a_turn_that_discovers_under_a_used_name_takes_a_new_one_and_its_later_actions_follow():
    game = _alpha_gone()
    turn = (Sacrifice(Y3, "North"), Discover(G1, "North", B1, "Alpha"), Build(G1, "Alpha"), Move(G1, "Alpha", "Gamma"))
    assert game.with_new_names(turn) == (
        Sacrifice(Y3, "North"), Discover(G1, "North", B1, "Beta"), Build(G1, "Beta"), Move(G1, "Beta", "Gamma"))
    fresh = (Discover(Y3, "North", B1, "Delta"), Build(G1, "Delta"))
    assert game.with_new_names(fresh) == fresh  # a name never used is kept
