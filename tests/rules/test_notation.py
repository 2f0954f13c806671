"""SDG notation: every spelling the archive and players use, both written styles, and clear errors."""

from __future__ import annotations

import re
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hwgame.rules import (
    END_TURN,
    PASS,
    Build,
    Capture,
    Catastrophe,
    Discover,
    Homeworld,
    Move,
    NotationError,
    Sacrifice,
    Trade,
)
from hwgame.rules.notation import (
    MAX_NAME,
    format_action,
    format_turn,
    keyword_of,
    parse_action,
    parse_sdg_line,
    parse_turn,
    quote,
)
from hwgame.rules.pieces import BLUE, GREEN, RED, YELLOW
from hwgame.words import name_problem, refusal_text
from tests.refusing import refuses
from tests.rules.helpers import B1, B2, B3, G1, G2, G3, R1, R2, R3, Y1, Y2, Y3

# --- keywords -------------------------------------------------------------------------------------


@pytest.mark.parametrize("word", ["Build", "build", "BUILD", "b", "B", "bu", "buil", "construct", "Construct", "con"])
def test_build_spellings(word):
    assert parse_action(f"{word} G1 Dsheldon") == Build(G1, "Dsheldon")


@pytest.mark.parametrize("word", ["Trade", "trade", "t", "T", "tr", "tra"])
def test_trade_spellings(word):
    assert parse_action(f"{word} G1 Y1 Sys") == Trade(G1, Y1, "Sys")


@pytest.mark.parametrize("word", ["Move", "move", "m", "M", "mo"])
def test_move_spellings(word):
    assert parse_action(f"{word} B2 From To") == Move(B2, "From", "To")


@pytest.mark.parametrize("word", ["Discover", "discover", "d", "D", "disc"])
def test_discover_spellings(word):
    assert parse_action(f"{word} G1 From B1 NewName") == Discover(G1, "From", B1, "NewName")


@pytest.mark.parametrize("word", ["Attack", "attack", "a", "A", "att", "capture", "Capture", "cap"])
def test_attack_spellings(word):
    assert parse_action(f"{word} G1 Sys") == Capture(G1, "Sys")


@pytest.mark.parametrize("word", ["Sacrifice", "sacrifice", "s", "S", "sac", "Sac", "sacr"])
def test_sacrifice_spellings(word):
    assert parse_action(f"{word} Y3 Sys") == Sacrifice(Y3, "Sys")


@pytest.mark.parametrize("word", ["Catastrophe", "catastrophe", "c", "C", "cat", "Cat", "cata"])
def test_catastrophe_spellings(word):
    assert parse_action(f"{word} Sys G") == Catastrophe("Sys", GREEN)


@pytest.mark.parametrize("word", ["Pass", "pass", "PASS", "p", "P", "pa"])
def test_pass_spellings(word):
    assert parse_action(word) is PASS or parse_action(word) == PASS


@pytest.mark.parametrize("word", ["Homeworld", "homeworld", "h", "H", "hom", "home"])
def test_homeworld_spellings(word):
    assert parse_action(f"{word} Y2 B1 G3") == Homeworld(Y2, B1, G3)


@pytest.mark.parametrize("word", ["EndTurn", "endturn", "end", "e"])
def test_end_turn_spellings(word):
    assert parse_action(word) == END_TURN


def test_one_letter_c_is_catastrophe_and_ca_is_ambiguous():
    assert keyword_of("c") == "catastrophe"
    assert keyword_of("ca") is None  # capture or catastrophe
    assert keyword_of("co") == "build"  # only construct
    assert keyword_of("x") is None


# --- pieces, suffixes, colours --------------------------------------------------------------------


@pytest.mark.parametrize("suffix", ["N", "S", "E", "W", "n", "s", "e", "w"])
def test_an_owner_suffix_on_a_ship_is_ignored(suffix):
    assert parse_action(f"Attack G1{suffix} Sys") == Capture(G1, "Sys")
    assert parse_action(f"Build Y1{suffix} Home") == Build(Y1, "Home")
    assert parse_action(f"Sacrifice R2{suffix} Home") == Sacrifice(R2, "Home")
    assert parse_action(f"Move B3{suffix} A B") == Move(B3, "A", "B")


def test_a_star_takes_no_owner_suffix():
    with refuses(NotationError, "not a star"):
        parse_action("Discover G1 From B1N NewName")


@pytest.mark.parametrize(
    "text, piece", [("g1", G1), ("G2", G2), ("r3", R3), ("Y1", Y1), ("b2", B2), ("R1", R1), ("y2", Y2), ("B3", B3)]
)
def test_pieces_are_case_insensitive(text, piece):
    assert parse_action(f"build {text} alpha") == Build(piece, "alpha")


@pytest.mark.parametrize(
    "word, color",
    [("G", GREEN), ("g", GREEN), ("Green", GREEN), ("GREEN", GREEN), ("Blue", BLUE), ("b", BLUE),
     ("R", RED), ("red", RED), ("Yellow", YELLOW), ("y", YELLOW)],
)  # fmt: skip
def test_catastrophe_colour_as_letter_or_word(word, color):
    assert parse_action(f"Catastrophe Lorem {word}") == Catastrophe("Lorem", color)


def test_system_names_keep_their_case():
    assert parse_action("build g1 New_derbyshire") == Build(G1, "New_derbyshire")
    assert parse_action("MOVE B2 ALPHA beta") == Move(B2, "ALPHA", "beta")


def test_a_system_may_be_named_like_a_piece_or_a_keyword():
    assert parse_action("Move B1 Trydnt G3") == Move(B1, "Trydnt", "G3")
    assert parse_action("Move B1 G3 Build") == Move(B1, "G3", "Build")


# --- homeworld ------------------------------------------------------------------------------------


def test_homeworld_stars_then_ship():
    assert parse_action("Homeworld Y2 B1 G3") == Homeworld(Y2, B1, G3)


def test_homeworld_star_marker_is_ignored():
    assert parse_action("Homeworld B1 G3 B3 *") == Homeworld(B1, G3, B3)


def test_homeworld_missing_star_is_a_dash():
    assert parse_action("Homeworld B1 - G3") == Homeworld(B1, None, G3)
    assert parse_action("h - b1 g3 *") == Homeworld(B1, None, G3)


def test_homeworld_needs_a_star():
    with refuses(NotationError, "at least one star"):
        parse_action("Homeworld - - G3")


# --- errors ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, why",
    [
        ("", "empty"),
        ("   ", "empty"),
        ("Fly G1 Sys", "not a known action"),
        ("ca G1 Sys", "not a known action"),
        ("Build G1", "build takes 2 words after it"),
        ("Build G1 Sys Extra", "build takes 2 words after it"),
        ("Trade G1 Sys", "trade takes 3 words"),
        ("Move B2 From", "move takes 3 words"),
        ("Discover G1 From B1", "discover takes 4 words"),
        ("Attack G1 Sol North", "attack takes 2 words"),
        ("Pass now", "pass takes no words after it, not 1"),
        ("Homeworld Y2 B1", "homeworld takes 3 or 4 words"),
        ("Homeworld Y2 B1 G3 * extra", "homeworld takes 3 or 4 words"),
        ("Build G4 Sys", "'G4' is not a piece"),
        ("Build Q1 Sys", "'Q1' is not a piece"),
        ("Build G1! Sys", "'G1!' is not a piece"),
        ("Sacrifice Y Sys", "'Y' is not a ship"),
        ("Catastrophe Sys Purple", "'Purple' is not a colour"),
        ("Discover G1 From Blue NewName", "'Blue' is not a star"),
    ],
)
def test_junk_raises_notation_error_quoting_the_input(text, why):
    with pytest.raises(NotationError) as info:
        parse_action(text)
    message = refusal_text(info.value)
    assert repr(text) in message
    assert why in message


def test_non_text_is_a_notation_error():
    with pytest.raises(NotationError):
        parse_action(None)  # type: ignore[arg-type]
    with pytest.raises(NotationError):
        parse_turn(42)  # type: ignore[arg-type]


@given(st.text(max_size=40))
def test_any_text_parses_or_raises_only_notation_error(text):
    try:
        parse_action(text)
    except NotationError:
        pass
    try:
        parse_sdg_line(text)
    except NotationError:
        pass


# --- the lenient reading of the archive -------------------------------------------------------------


@pytest.mark.parametrize(
    "text, action, ignored",
    [
        ("Attack G1 Pluma North", Capture(G1, "Pluma"), "North"),
        ("Build Y1 Jgabin1 (n)", Build(Y1, "Jgabin1"), "(n)"),
        ("Discover G2 Personman Y1 Torn Shut", Discover(G2, "Personman", Y1, "Torn"), "Shut"),
        ("Sacrifice Y1 Lorgar Move Y3 Bigbird Elmo", Sacrifice(Y1, "Lorgar"), "Move Y3 Bigbird Elmo"),
        ("Build G1! Draw5playall", Build(G1, "Draw5playall"), ""),
        ("Homeworld B3 R1 G3 Null", Homeworld(B3, R1, G3), ""),
        ("Build G1 Sys", Build(G1, "Sys"), ""),
    ],
)
def test_sdg_lines_drop_what_the_site_ignored(text, action, ignored):
    assert parse_sdg_line(text) == (action, ignored)


def test_sdg_lines_still_need_enough_words():
    with refuses(NotationError, "build takes 2 words"):
        parse_sdg_line("Build G1")


# --- formatting and round trips -------------------------------------------------------------------

EVERY_KIND = [
    Homeworld(Y2, B1, G3),
    Homeworld(B1, None, G3),
    Build(G1, "Dsheldon"),
    Trade(G1, Y1, "Alpha"),
    Move(B2, "Alpha", "New_derbyshire"),
    Discover(G1, "Alpha", B1, "Beta"),
    Capture(R2, "Sol"),
    Sacrifice(Y3, "Sol"),
    Catastrophe("Lorem", BLUE),
    PASS,
    END_TURN,
]


def test_sdg_style_text():
    written = [format_action(a) for a in EVERY_KIND]
    assert written == [
        "Homeworld Y2 B1 G3",
        "Homeworld B1 - G3",
        "Build G1 Dsheldon",
        "Trade G1 Y1 Alpha",
        "Move B2 Alpha New_derbyshire",
        "Discover G1 Alpha B1 Beta",
        "Attack R2 Sol",
        "Sacrifice Y3 Sol",
        "Catastrophe Lorem B",
        "Pass",
        "EndTurn",
    ]


def test_canonical_style_is_lower_case_but_keeps_names():
    written = [format_action(a, style="canonical") for a in EVERY_KIND]
    assert written == [
        "homeworld y2 b1 g3",
        "homeworld b1 - g3",
        "build g1 Dsheldon",
        "trade g1 y1 Alpha",
        "move b2 Alpha New_derbyshire",
        "discover g1 Alpha b1 Beta",
        "attack r2 Sol",
        "sacrifice y3 Sol",
        "catastrophe Lorem b",
        "pass",
        "endturn",
    ]


@pytest.mark.parametrize("style", ["sdg", "canonical"])
@pytest.mark.parametrize("action", EVERY_KIND, ids=repr)
def test_format_then_parse_gives_the_action_back(action, style):
    assert parse_action(format_action(action, style)) == action


@given(
    st.sampled_from(["build", "trade", "move", "discover", "attack", "sacrifice", "catastrophe"]),
    st.lists(st.integers(0, 11), min_size=3, max_size=3),
    st.sampled_from(["Alpha", "dsheldon", "New_derbyshire", "X9"]),
    st.sampled_from(["sdg", "canonical"]),
)
def test_round_trip_over_pieces_and_names(kind, p, name, style):
    action = {
        "build": Build(p[0], name),
        "trade": Trade(p[0], p[1], name),
        "move": Move(p[0], name, "Other"),
        "discover": Discover(p[0], name, p[1], "Fresh"),
        "attack": Capture(p[0], name),
        "sacrifice": Sacrifice(p[0], name),
        "catastrophe": Catastrophe(name, p[2] // 3),
    }[kind]
    assert parse_action(format_action(action, style)) == action


def test_unknown_style_is_refused():
    with refuses(ValueError, "style"):
        format_action(PASS, style="fancy")


# --- turns ----------------------------------------------------------------------------------------


def test_parse_turn_with_semicolons_and_new_lines():
    expected = (Sacrifice(Y3, "Sit"), Move(B2, "Sit", "Sindern"), Move(B2, "Sindern", "Evilaxe"),
                Catastrophe("Evilaxe", BLUE))  # fmt: skip
    assert parse_turn("Sacrifice Y3 Sit; Move B2 Sit Sindern\nMove B2 Sindern Evilaxe ;Catastrophe Evilaxe Blue") == (
        expected
    )
    assert parse_turn("s y3 Sit;;\n\n m b2 Sit Sindern; m b2 Sindern Evilaxe; c Evilaxe b;") == expected


def test_format_turn_joins_with_semicolons():
    turn = (Sacrifice(G2, "Home"), Build(G1, "Home"), PASS)
    assert format_turn(turn) == "Sacrifice G2 Home; Build G1 Home; Pass"
    assert format_turn(turn, style="canonical") == "sacrifice g2 Home; build g1 Home; pass"
    assert parse_turn(format_turn(turn)) == turn


def test_an_empty_turn_text_is_an_empty_turn():
    assert parse_turn("") == ()
    assert format_turn(()) == ""


def test_a_bad_action_in_a_turn_names_that_action():
    with refuses(NotationError, "'Fly G1 Sys'"):
        parse_turn("Build G1 Sys; Fly G1 Sys")


# --- names in any script, and untrusted text ------------------------------------------------------


@pytest.mark.parametrize("name", ["Dy/dx", "Ærø", "ぱぱ", "織女", "x" * 40, "Sol-3", "a'b", "Ω"])
def test_names_are_any_printable_characters_in_any_script(name):
    for text, action in (
        (f"Discover G1 Alpha B1 {name}", Discover(G1, "Alpha", B1, name)),
        (f"Move B2 {name} Alpha", Move(B2, name, "Alpha")),
        (f"Catastrophe {name} G", Catastrophe(name, GREEN)),
    ):
        assert parse_action(text) == action
        assert parse_sdg_line(text) == (action, "")
        for style in ("sdg", "canonical"):
            assert parse_action(format_action(action, style)) == action


@pytest.mark.parametrize(
    "name, why",
    [
        ("x" * 41, "too long for a system name (at most 40 characters)"),
        ("a\x00b", "a character that cannot be printed"),
        ("zero\u200bwidth", "a character that cannot be printed"),
        ("\x1b[31mred", "a character that cannot be printed"),
    ],
)
def test_a_word_no_name_could_be_is_refused(name, why):
    for read in (parse_action, parse_sdg_line):
        with refuses(NotationError, re.escape(why)):
            read(f"Build G1 {name}")


def test_name_problem_says_why():
    assert name_problem("織女") is None
    assert name_problem("") == "a system name cannot be empty"
    assert "holds a space" in name_problem("two words", "a player name")
    assert MAX_NAME == 40  # RULES.md


def test_quote_escapes_and_cuts_untrusted_text():
    assert quote("Build G1 Sys") == "'Build G1 Sys'"
    assert quote("a\nb\x00\x1b") == r"'a\nb\x00\x1b'"
    long = quote("y" * 1_000_000)
    assert len(long) < 100 and long.endswith("... (1000000 characters)")
    assert "\n" not in quote("\n" * 1000) and len(quote("\n" * 1000)) < 200


@pytest.mark.parametrize(
    "text",
    [
        "Build G1 " + "x" * 1_000_000,
        "Fly " + "x" * 1_000_000,
        "Build " + "y" * 1_000_000 + " Sys",
        "Catastrophe Sys " + "z" * 1_000_000,
        "\n" * 1_000_000 + "Fly",
    ],
    ids=["name", "keyword", "piece", "colour", "new-lines"],
)
def test_a_message_quotes_little_of_a_huge_line(text):
    for read in (parse_action, parse_sdg_line, parse_turn):
        with pytest.raises(NotationError) as info:
            read(text)
        message = refusal_text(info.value)
        assert len(message) < 400 and "\n" not in message


SPACES = " " * 200_000


@pytest.mark.parametrize(
    "text",
    [
        SPACES,
        "b" + SPACES + "g1",
        "Build G1" + SPACES + "Sys" + SPACES + "x",
        "g1" * 100_000,
        "Build " + "g1n" * 70_000 + " S",
    ],
    ids=["spaces", "spaced-words", "spaces-between", "pieces", "long-piece"],
)
def test_reading_a_long_line_takes_linear_time(text):
    # A quadratic reading of 200,000 characters takes minutes; a linear one a few milliseconds.
    start = time.perf_counter()
    for read in (parse_action, parse_sdg_line, parse_turn):
        try:
            read(text)
        except NotationError:
            pass
    assert time.perf_counter() - start < 2.0
