"""Handicaps: what each one puts on the board, that the 36 pieces stay 36 and the position legal, that
undo and redo take it back and bring it again, and that a transcript carries it both ways."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hwgame.rules import (
    EXTRA_SMALL,
    MEDIUM_SHIP,
    PLAYING,
    SDG,
    STANDARD,
    Game,
    Handicap,
    Homeworld,
    HomeworldsError,
    apply_handicap,
    export_sdg,
    format_handicap,
    format_position,
    legal_turns,
    parse_handicap,
    parse_piece,
    parse_position,
    parse_transcript,
    parse_turn,
    replay,
)
from hwgame.rules.position import piece_count
from hwgame.rules.transcript import TranscriptLineError
from hwgame.words import refusal_text

P = parse_piece
PLAYERS = ("Ann", "Bob")


def _set_up(handicap: Handicap | None, first: str = "homeworld r2 b1 g3", second: str = "homeworld y1 b2 y3",
            rules=STANDARD) -> Game:
    game = Game(rules, PLAYERS, handicap=handicap)
    game.play(parse_turn(first))
    game.play(parse_turn(second))
    return game


def _home_ships(game: Game, seat: int) -> list[str]:
    home = game.position.home_of(seat)
    assert home is not None
    return sorted(f"{'rygb'[p // 3]}{p % 3 + 1}" for p in home.ships_of(seat))


def _whole(game: Game) -> None:
    """36 pieces, three of each, and a position the rules' own reader accepts."""
    assert piece_count(game.position) == [3] * 12
    assert parse_position(format_position(game.position)) == game.position


def test_the_weaker_player_gets_a_small_ship_of_their_starting_ships_colour():
    game = _set_up(Handicap(EXTRA_SMALL, 1))
    assert _home_ships(game, 1) == ["y1", "y3"]
    assert _home_ships(game, 0) == ["g3"]  # the other side is untouched
    assert game.position.bank[P("y1")] == 1  # one y1 a star, one the new ship
    assert game.to_move == 0 and game.position.stage == PLAYING
    assert game.handicap_effect is not None and game.handicap_effect.note.code == "note-handicap-extra-ship"
    _whole(game)


def test_without_a_small_of_that_colour_the_extra_ship_is_the_nearest_colour_and_says_so():
    # Three g1 are stars already: Ann's green ship cannot get a green 1, the first colour in the bank does.
    game = _set_up(Handicap(EXTRA_SMALL, 0), "homeworld g1 g2 g3", "homeworld g1 b2 y3")
    game_b = _set_up(Handicap(EXTRA_SMALL, 0), "homeworld g1 g1 g3", "homeworld g1 r2 y3")
    assert _home_ships(game, 0) == ["g1", "g3"]  # one g1 left: the colour asked for
    assert _home_ships(game_b, 0) == ["b1", "g3"]  # green gone: blue, the next colour tried
    effect = game_b.handicap_effect
    assert effect is not None and effect.note.code == "note-handicap-extra-other"
    assert effect.note.values == {"player": "Ann", "piece": "b1", "wanted_piece": "g1"}
    _whole(game_b)


def test_the_stronger_player_starts_with_a_medium_ship_of_the_same_colour():
    game = _set_up(Handicap(MEDIUM_SHIP, 0))
    assert _home_ships(game, 0) == ["g2"]
    assert game.position.bank[P("g3")] == 3  # the large went back to the bank
    effect = game.handicap_effect
    assert effect is not None and (effect.given, effect.taken) == (P("g2"), P("g3"))
    _whole(game)


def test_without_a_medium_of_that_colour_the_ship_is_a_small_one_of_it():
    game = _set_up(Handicap(MEDIUM_SHIP, 1), "homeworld r2 g2 g3", "homeworld r2 r1 r3")
    game_b = _set_up(Handicap(MEDIUM_SHIP, 1), "homeworld r2 r2 g3", "homeworld r2 y1 r3")
    assert _home_ships(game, 1) == ["r2"]
    assert _home_ships(game_b, 1) == ["r1"]  # every r2 is a star: the small red keeps the power
    assert game_b.handicap_effect is not None and game_b.handicap_effect.note.code == "note-handicap-smaller-other"
    _whole(game_b)


def test_a_starting_ship_that_is_not_large_stays_as_it_is():
    game = _set_up(Handicap(MEDIUM_SHIP, 0), "homeworld r2 b1 g2")
    assert _home_ships(game, 0) == ["g2"]
    effect = game.handicap_effect
    assert effect is not None and not effect.changed and effect.note.code == "note-handicap-not-large"


def test_nothing_changes_while_homeworlds_are_being_set_up():
    game = Game(STANDARD, PLAYERS, handicap=Handicap(EXTRA_SMALL, 0))
    game.play(parse_turn("homeworld r2 b1 g3"))
    assert _home_ships(game, 0) == ["g3"] and game.handicap_effect is None


def test_undo_takes_the_handicap_back_with_the_setup_and_redo_brings_it_again():
    game = _set_up(Handicap(EXTRA_SMALL, 0))
    handicapped = game.position
    assert game.undo()
    assert game.in_setup and game.handicap_effect is None
    assert game.position.home_of(0) is not None and _home_ships(game, 0) == ["g3"]
    assert game.redo()
    assert game.position == handicapped and game.handicap_effect is not None
    game.undo()
    game.play(parse_turn("homeworld y1 b2 g3"))  # another homeworld: the handicap applies to it as well
    assert _home_ships(game, 0) == ["g1", "g3"]
    _whole(game)


def test_the_handicap_applies_once_and_play_goes_on_from_the_handicapped_board():
    game = _set_up(Handicap(EXTRA_SMALL, 0))
    game.play(parse_turn("build g1 Ann"))  # the new ship gives Ann nothing she lacked; she builds anyway
    game.play(parse_turn("pass"))
    assert _home_ships(game, 0) == ["g1", "g1", "g3"]
    turns = legal_turns(game.position)
    assert turns  # the move generator works from the handicapped board
    _whole(game)


def test_a_late_homeworld_gets_the_handicap_when_it_is_built():
    game = Game(SDG, PLAYERS, handicap=Handicap(EXTRA_SMALL, 1))
    game.play(parse_turn("homeworld r2 b1 g3"))
    game.play(parse_turn("pass"))  # Bob passes instead of setting up (sdg lets him)
    game.play(parse_turn("pass"))
    assert game.handicap_effect is None
    game.play((Homeworld(P("y1"), P("b2"), P("y3")),))
    assert _home_ships(game, 1) == ["y1", "y3"]
    _whole(game)


def test_a_game_from_a_position_in_play_is_not_handicapped_again():
    played = _set_up(Handicap(EXTRA_SMALL, 0))
    again = Game.from_position(played.position, handicap=played.handicap)
    again.play(parse_turn("pass"))
    assert again.position.systems == played.position.systems and again.handicap_effect is None


def test_swapped_follows_the_player_to_the_other_seat():
    assert Handicap(EXTRA_SMALL, 0).swapped() == Handicap(EXTRA_SMALL, 1)
    assert Handicap(EXTRA_SMALL, 1).helped == 1
    assert Handicap(MEDIUM_SHIP, 1).helped == 0  # the stronger one's ship shrinks: the other is helped


def test_unknown_handicaps_are_refused():
    with pytest.raises(HomeworldsError) as kind:
        Handicap("two-ships", 0)
    assert kind.value.code == "unknown-handicap"
    with pytest.raises(HomeworldsError):
        Handicap(EXTRA_SMALL, 2)
    for text in ("Cid starts with an extra small ship", "Ann starts with two ships", "", "x" * 5000):
        with pytest.raises(HomeworldsError) as refused:
            parse_handicap(text, PLAYERS)
        assert len(str(refused.value)) < 200  # a short piece of the text, not all of it


def test_the_handicap_line_reads_back_in_any_case():
    for handicap in (Handicap(EXTRA_SMALL, 0), Handicap(MEDIUM_SHIP, 1)):
        line = format_handicap(handicap, PLAYERS)
        assert parse_handicap(line, PLAYERS) == handicap
        assert parse_handicap("  " + line.upper() + " ", PLAYERS) == handicap


def test_a_transcript_keeps_the_handicap_and_replays_to_the_same_board():
    game = _set_up(Handicap(MEDIUM_SHIP, 1))
    game.play(parse_turn("build g1 Ann"))
    text = export_sdg(game)
    assert "Handicap: Bob starts with a medium ship, not a large one" in text.splitlines()
    transcript = parse_transcript(text)
    assert transcript.handicap == Handicap(MEDIUM_SHIP, 1)
    again = replay(transcript, STANDARD)
    assert again.position == game.position and again.handicap == game.handicap


def test_a_transcript_without_a_handicap_line_reads_as_before():
    game = _set_up(None)
    text = export_sdg(game)
    assert "Handicap:" not in text
    assert parse_transcript(text).handicap is None


@pytest.mark.parametrize(
    ("line", "quoted"),
    [
        ("two stones for Bob", "'two stones for Bob'"),
        ("Cid starts with an extra small ship", "'Cid starts with an extra small ship'"),  # no such player
        ("Bob starts with two ships", "'Bob starts with two ships'"),
        ("", "''"),
        ("Bob \x1b[31m" + "x" * 180, r"'Bob \x1b[31mxxx"),  # escaped, and cut short
    ],
)
def test_a_handicap_line_that_says_no_handicap_is_refused_naming_its_line(line, quoted):
    # Left aside, the game would come in without its handicap (and count in the rating), or its turns
    # would be refused for a reason that is not theirs.
    text = export_sdg(_set_up(None)).replace("Participants:", f"Handicap: {line}\nParticipants:")
    number = next(i for i, said in enumerate(text.splitlines(), 1) if said.startswith("Handicap:"))
    with pytest.raises(TranscriptLineError) as refused:
        parse_transcript(text, source="game.raw")
    message = refusal_text(refused.value)
    assert message.startswith(f"game.raw:{number}: unknown handicap {quoted}")
    assert refused.value.line == number
    assert len(message) < 120 and "\x1b" not in message and "\n" not in message


_HOMES = st.tuples(st.sampled_from(range(12)), st.sampled_from(range(12)), st.sampled_from(range(12)))


@settings(max_examples=60, deadline=None)
@given(_HOMES, _HOMES, st.sampled_from((EXTRA_SMALL, MEDIUM_SHIP)), st.sampled_from((0, 1)))
def test_every_handicap_keeps_36_pieces_and_a_legal_position(first, second, kind, seat):
    game = Game(STANDARD, PLAYERS)
    for stars_and_ship in (first, second):
        try:
            game.play((Homeworld(stars_and_ship[0], stars_and_ship[1], stars_and_ship[2]),))
        except HomeworldsError:
            return  # not a homeworld the bank allows: nothing to handicap
    effect = apply_handicap(game.position, Handicap(kind, seat))
    after = effect.position
    assert piece_count(after) == [3] * 12
    assert parse_position(format_position(after)) == after
    assert (after.to_move, after.stage) == (game.position.to_move, game.position.stage)
    home, other = after.home_of(seat), after.home_of(1 - seat)
    assert home is not None and other == game.position.home_of(1 - seat)
    ships = len(home.ships_of(seat))
    assert ships == (2 if kind == EXTRA_SMALL else 1)
