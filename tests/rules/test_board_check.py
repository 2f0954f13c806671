"""The board editor's check: every kind of board no game can go on from is refused with its reason and the
system concerned, and the check agrees with ``parse_position`` on what is a position."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hwgame.rules import (
    OVER_CODES,
    SDG,
    NotationError,
    board_problems,
    format_position,
    is_playable,
    parse_position,
    read_board_text,
)
from hwgame.words import refusal_text
from tests.rules.selfplay import random_game

GOOD = "standard North South 0 2; North 0 y1b2 g3 -; South 1 r1y3 - g3; Alpha - r2 y1 b1"


def problems_of(text: str) -> list[tuple[str, str | None]]:
    """(code, system) of each problem of the board written as ``text``."""
    return [(p.code, p.system) for p in board_problems(read_board_text(text))]


def test_a_sound_board_has_no_problem():
    assert problems_of(GOOD) == []
    assert is_playable(read_board_text(GOOD))


@pytest.mark.parametrize(("text", "expected"), [
    # A system without a star, and the same system with no ship: it would vanish.
    ("standard North South 0 2; North 0 y1b2 g3 -; South 1 r1y3 - g3; Alpha - - y1 -",
     [("position-no-star", "Alpha")]),
    ("standard North South 0 2; North 0 y1b2 g3 -; South 1 r1y3 - g3; Alpha - r2 - -",
     [("position-empty-system", "Alpha")]),
    ("standard North South 0 2; North 0 y1b2 g3 -; South 1 r1y3 - g3; Alpha - r2b1 g1 -",
     [("position-system-stars", "Alpha")]),
    ("standard North South 0 2; North 0 y1b2r3 g3 -; South 1 r1y3 - g3",
     [("position-homeworld-stars", "North")]),
    # Two homeworlds for one player; a name taken twice (whatever its case); a name no system may have.
    ("standard North South 0 2; North 0 y1b2 g3 -; South 1 r1y3 - g3; Home 0 r2 y1 -",
     [("position-second-homeworld", "Home")]),
    ("standard North South 0 2; North 0 y1b2 g3 -; South 1 r1y3 - g3; Alpha - r2 y1 -; ALPHA - b1 y2 -",
     [("position-name-taken", "ALPHA")]),
    ("standard North South 0 2; North 0 y1b2 g3 -; South 1 r1y3 - g3; " + "A" * 41 + " - r2 y1 -",
     [("name-too-long", "A" * 41)]),
    # More than three of a piece (only a pasted text can hold them).
    ("standard North South 0 2; North 0 y1b2 g3g3 -; South 1 r1y3 - g3g3",
     [("position-too-many-pieces", None)]),
    # No game could go on: a homeworld without its owner's ship, no homeworld at all, nothing on the board.
    ("standard North South 0 2; North 0 y1b2 - g3; South 1 r1y3 - g3",
     [("position-home-lost", "North")]),
    ("standard North South 0 2; South 1 r1y3 - g3; Alpha - r2 y1 -",
     [("position-no-homeworld", None)]),
    ("standard North South 0 2", [("position-empty-board", None)]),
    # A setup stage whose board does not fit it.
    ("standard North South 0 1; North 0 y1b2 g3 -", [("position-setup-mover", None)]),
])
def test_each_kind_of_illegal_board_is_refused_with_its_reason_and_place(text, expected):
    assert problems_of(text) == expected


def test_every_problem_is_listed_at_once_and_worded():
    text = ("standard North South 0 2; North 0 y1b2b3 - -; South 1 r1y3 - g3; Alpha - - y1 -; Beta - g1 - -; "
            "Gamma - g1g1g1 y1 -")
    found = board_problems(read_board_text(text))
    codes = {(p.code, p.system) for p in found}
    assert {("position-homeworld-stars", "North"), ("position-no-star", "Alpha"),
            ("position-empty-system", "Beta"), ("position-system-stars", "Gamma"),
            ("position-too-many-pieces", None), ("position-home-lost", "North")} <= codes
    for problem in found:
        words = refusal_text(problem.refusal, "en")
        assert words and "{" not in words and problem.code not in words
    assert "Alpha" in refusal_text(next(p for p in found if p.code == "position-no-star").refusal, "en")


def test_a_game_over_board_reads_but_cannot_be_played():
    text = "standard North South 1 2; North 0 y1b2 - g3; South 1 r1y3 - g3"
    parse_position(text)  # a position: the one that ends a game
    found = board_problems(read_board_text(text))
    assert [p.code for p in found] == ["position-home-lost"] and all(p.reads for p in found)


def test_sdg_boards_may_wait_for_the_second_homeworld():
    text = "sdg North South 0 3; North 0 y1b2 g3 -"
    assert problems_of(text) == []
    assert problems_of("sdg North South 0 3; North 0 y1b2 g3 -; South 1 r1y3 - g3") == [
        ("position-setup-systems", None)]


def test_unreadable_text_is_refused_by_the_reader_with_the_parsers_reason():
    for text in ("standard North South 0", "standard North South 0 2; Alpha - r2 y1",
                 "standard North South 0 2; Alpha x r2 y1 -", "standard North South 0 2; Alpha - q9 y1 -"):
        with pytest.raises(NotationError) as loose:
            read_board_text(text)
        with pytest.raises(NotationError) as strict:
            parse_position(text)
        assert loose.value.code == strict.value.code


# --- the check and the parser agree ---------------------------------------------------------------

def _positions(seed: int) -> list:
    game = random_game(seed, max_turns=30, rules=SDG if seed % 4 == 0 else None)
    return list(game.positions)


def _mutate(text: str, rng: random.Random) -> str:
    """A small change of a position's text that often breaks one of its promises."""
    parts = [p.strip() for p in text.split(";")]
    kind = rng.randrange(6)
    if kind == 0 and len(parts) > 1:  # a system goes
        del parts[rng.randrange(1, len(parts))]
    elif kind == 1 and len(parts) > 1:  # a system twice (a taken name, a second homeworld, too many pieces)
        parts.append(parts[rng.randrange(1, len(parts))])
    elif kind == 2 and len(parts) > 1:  # one word of a system changes
        i = rng.randrange(1, len(parts))
        words = parts[i].split()
        j = rng.randrange(1, 5)
        words[j] = rng.choice(["-", "0", "1", "g1", "r1b2", "y3y3", "b1g2r3", "g1g1g1g1"]) if j > 1 else \
            rng.choice("01-")
        parts[i] = " ".join(words)
    elif kind == 3:  # the mover or the stage
        head = parts[0].split()
        head[rng.choice((3, 4))] = rng.choice("0123")
        parts[0] = " ".join(head)
    elif kind == 4 and len(parts) > 1:  # a name
        i = rng.randrange(1, len(parts))
        words = parts[i].split()
        words[0] = rng.choice(["North", "south", "Alpha", "X" * 41, "Zed"])
        parts[i] = " ".join(words)
    return "; ".join(parts)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), mutations=st.integers(0, 2), pick=st.integers(0, 10_000))
def test_the_check_accepts_exactly_what_the_parser_accepts(seed, mutations, pick):
    positions = _positions(seed)
    rng = random.Random(pick)
    text = format_position(positions[pick % len(positions)])
    for _ in range(mutations):
        text = _mutate(text, rng)
    try:
        board = read_board_text(text)
    except NotationError:
        with pytest.raises(NotationError):
            parse_position(text)
        return
    found = board_problems(board)
    try:
        position = parse_position(text)
    except NotationError:
        assert any(not p.reads for p in found), text
        return
    assert all(p.reads for p in found), (text, found)
    # What reads is playable exactly when the game is not over on it (and the board is not empty).
    assert (not found) == (not position.is_over() and bool(position.systems)), text
    assert {p.code for p in found} <= OVER_CODES
