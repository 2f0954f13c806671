"""Reading SDG transcripts: headers, chat, seating, the site's habits, replay errors and export."""

from __future__ import annotations

import pytest

from hwgame.rules import (
    PASS,
    SDG,
    STANDARD,
    Build,
    Game,
    Homeworld,
    NotationError,
    Sacrifice,
    Trade,
    UnsupportedGameError,
)
from hwgame.rules.transcript import ReplayError, export_sdg, parse_transcript, read_transcript, replay, sdg_home_name
from tests.rules.helpers import B1, B3, G1, G2, G3, R2, R3, Y1, Y2

HEAD = """Homeworlds Online (SDG# 777)
Variants: "Unrated, Hard time"
Started: 2010.1.1, Ended: 2010.1.2
Participants: bob (S), Alice (N)
Winner: Alice
"""

GAME = (
    HEAD
    + """
1) Alice: Homeworld Y2 B1 G3
\tbob: hello there
this continues the chat
1) a question that looks like a turn
Build G1 Bob
I think so.

2) bob: Homeworld B3 R2 G3 *
\tAlice: welcome
3) Carol: somebody who does not play
7) Alice: a later turn number in chat

3) Alice: Build G1 Alice

4) bob: b g1 bob
\tbob: typed short
\x20

5) Alice: Trade G1 Y1 Alice

6) bob: Sacrifice G3 Bob
Pass
Build G1 Bob
Build G1 Bob
\tAlice: nice

7) Alice:
Build G2 Alice
"""
)


def test_headers_and_seating():
    t = parse_transcript(GAME)
    assert t.sdg_number == 777
    assert t.players == ("Alice", "bob")  # North set up first: player 0
    assert t.seats == ("N", "S")
    assert t.winner == "Alice" and t.winner_index() == 0
    assert t.variants == ("Unrated", "Hard time")
    assert (t.started, t.ended) == ("2010.1.1", "2010.1.2")


def test_turns_actions_and_source_lines():
    t = parse_transcript(GAME, source="game.raw")
    assert t.numbers == [1, 2, 3, 4, 5, 6, 7]
    assert t.movers == ["Alice", "bob", "Alice", "bob", "Alice", "bob", "Alice"]
    assert t.turns[0] == (Homeworld(Y2, B1, G3),)
    assert t.turns[1] == (Homeworld(B3, R2, G3),)
    assert t.turns[3] == (Build(G1, "bob"),)
    assert t.turns[4] == (Trade(G1, Y1, "Alice"),)
    assert t.turns[6] == (Build(G2, "Alice"),)  # the action on the line after an empty header
    assert t.lines[0] == (7,)
    assert t.lines[6] == (34,)
    assert t.texts[6] == ("Build G2 Alice",)


def test_chat_never_becomes_a_move():
    t = parse_transcript(GAME)
    every_text = [text for turn in t.texts for text in turn]
    assert "Build G1 Bob" not in every_text[:2]  # the chat continuation that looks like a move
    assert not any("question" in text or "Carol" in text or "think" in text for text in every_text)
    assert len(t.turns[0]) == 1 and len(t.turns[1]) == 1


def test_a_pass_between_sacrifice_actions_forfeits_one_action():
    t = parse_transcript(GAME)
    assert t.turns[5] == (Sacrifice(G3, "Bob"), Build(G1, "Bob"), Build(G1, "Bob"))
    assert t.texts[5] == ("Sacrifice G3 Bob", "Build G1 Bob", "Build G1 Bob")
    assert any("turn 6" in note for note in t.notes)


def test_a_pass_with_too_many_actions_is_left_for_the_rules_to_refuse():
    text = (
        HEAD + "\n1) Alice: Homeworld Y2 B1 G3\n2) bob: Homeworld B3 R2 G3\n3) Alice: Sacrifice G3 Alice\nPass\nPass\n"
    )
    text += "Pass\nBuild G1 Alice\n"  # four actions from a ship that gives three
    t = parse_transcript(text)
    assert PASS in t.turns[2]
    with pytest.raises(ReplayError):
        replay(t)


def test_replay_plays_the_whole_game():
    game = replay(parse_transcript(GAME), SDG)
    assert len(game.turns) == 7
    assert game.players == ("Alice", "bob")
    home = game.position.home_of(1)
    assert home.name == "bob" and home.ships_of(1) == (G1, G1, G1)
    assert game.outcome() is None


def test_a_setup_pass_hands_the_first_setup_to_the_other_player():
    text = HEAD + "\n1) Alice: Pass\n\n2) bob: Homeworld B3 R2 G3\n3) Alice: Homeworld Y2 B1 G3\n4) bob: Build G1 Bob\n"
    t = parse_transcript(text)
    assert t.players == ("bob", "Alice")
    assert t.seats == ("S", "N")
    assert t.numbers == [2, 3, 4]
    assert t.winner_index() == 1
    game = replay(t)
    assert game.position.home_of(0).name == "bob"
    assert any("passed before setting up" in note for note in t.notes)


def test_a_pass_after_the_homeworld_is_harmless():
    text = HEAD + "\n1) Alice: Homeworld Y2 B1 G3 Null\nPass\n2) bob: Homeworld B3 R2 G3\n"
    game = replay(parse_transcript(text))
    assert game.turns[0] == (Homeworld(Y2, B1, G3), PASS)


def test_words_the_site_ignored_are_noted():
    text = HEAD + "\n1) Alice: Homeworld Y2 B1 G3\n2) bob: Homeworld B3 R2 G3\n3) Alice: Build G1 Alice (n)\n"
    t = parse_transcript(text, source="x.raw")
    assert t.turns[2] == (Build(G1, "Alice"),)
    assert t.notes == ["x.raw:9: ignored '(n)' after the action, as SDG did"]


@pytest.mark.parametrize(
    "participants, count",
    [
        ("MatrixFrog (S), rbryan (N), zevzimra (E)", 3),
        ("Aaron (S), istari (W), zevzimra (N), rootbeer (E)", 4),
        ("Aaron (S), istari (W)", 2),
    ],
)
def test_games_of_more_seats_are_not_supported(participants, count):
    text = (
        f"Homeworlds Online (SDG# 638)\nParticipants: {participants}\nWinner: rbryan\n\n1) rbryan: Homeworld B2 G1 Y3\n"
    )
    with pytest.raises(UnsupportedGameError, match=f"a game of {count} players .* is not supported"):
        parse_transcript(text)


def test_an_unreadable_action_names_its_line():
    text = HEAD + "\n1) Alice: Homeworld Y2 B1 G3\n2) bob: Fly G3 Bob\n"
    with pytest.raises(NotationError, match=r"t\.raw:8: cannot read 'Fly G3 Bob': 'Fly' is not a known action"):
        parse_transcript(text, source="t.raw")


def test_a_missing_participants_line_is_an_error():
    with pytest.raises(NotationError, match="Participants"):
        parse_transcript("Homeworlds Online (SDG# 1)\n\n1) Alice: Homeworld Y2 B1 G3\n")


def test_a_skipped_turn_number_among_actions_is_an_error():
    text = HEAD + "\n1) Alice: Homeworld Y2 B1 G3\n3) Alice: Build G1 Alice\n"
    with pytest.raises(NotationError, match="turn 3 where turn 2 was expected"):
        parse_transcript(text)


def test_a_refused_action_names_turn_line_text_and_reason():
    text = HEAD + "\n1) Alice: Homeworld Y2 B1 G3\n2) bob: Homeworld B3 R2 G3\n3) Alice: Build G1 Alice\n"
    text += "4) bob: Build G1 Bob\n5) Alice: Trade G3 G3 Alice\n"
    with pytest.raises(ReplayError) as info:
        replay(parse_transcript(text, source="t.raw"))
    err = info.value
    assert (err.turn, err.line, err.text) == (5, 11, "Trade G3 G3 Alice")
    assert "trade changes the colour" in err.engine_reason
    assert str(err).startswith("turn 5 (t.raw:11), Alice: 'Trade G3 G3 Alice': a trade changes the colour")


def test_a_turn_by_the_wrong_player_is_refused():
    t = parse_transcript(HEAD + "\n1) Alice: Homeworld Y2 B1 G3\n2) bob: Homeworld B3 R2 G3\n")
    t.movers[1] = "Alice"
    with pytest.raises(ReplayError, match="it is bob's turn, not Alice's"):
        replay(t)


def test_one_star_homeworlds_need_the_sdg_rules():
    text = HEAD + "\n1) Alice: Homeworld Y2 - G3\n2) bob: Homeworld B3 R2 G3\n"
    assert replay(parse_transcript(text), SDG).position.home_of(0).stars == (Y2,)
    with pytest.raises(ReplayError, match="turn 1"):
        replay(parse_transcript(text), STANDARD)


def test_read_transcript_from_a_file(tmp_path):
    path = tmp_path / "777.raw"
    path.write_text(GAME, encoding="utf-8")
    t = read_transcript(path)
    assert t.source == str(path) and len(t.turns) == 7


# --- export ---------------------------------------------------------------------------------------


def test_sdg_capitalises_home_names():
    assert sdg_home_name("dsheldon") == "Dsheldon"
    assert sdg_home_name("MrStickman") == "Mrstickman"


def test_export_writes_sdg_text():
    game = replay(parse_transcript(GAME))
    text = export_sdg(game, sdg_number=777)
    lines = text.splitlines()
    assert lines[0] == "Homeworlds Online (SDG# 777)"
    assert "Participants: bob (S), Alice (N)" in lines
    assert "6) bob: Sacrifice G3 Bob" in lines
    assert lines[lines.index("6) bob: Sacrifice G3 Bob") + 1] == "Build G1 Bob"
    assert "4) bob: Build G1 Bob" in lines  # the homeworld as SDG wrote it
    assert not any(line.startswith("Winner:") for line in lines)  # the game is not over


def test_export_then_import_gives_the_same_game():
    game = replay(parse_transcript(GAME))
    again = replay(parse_transcript(export_sdg(game)))
    assert again.players == game.players
    assert again.turns == game.turns
    assert again.positions == game.positions


def test_export_of_a_finished_game_names_the_winner():
    game = Game(SDG, players=("north", "south"))
    for turn in (
        [Homeworld(Y2, B1, G3)],
        [Homeworld(B3, Y1, G3)],
        [Build(G1, "north")],
        [Trade(G3, R3, "south")],  # any turn will do: north then resigns for south
    ):
        game.play(turn)
    game.resign(1)
    text = export_sdg(game, winner=None)
    assert "Winner: north" in text.splitlines()
    assert replay(parse_transcript(text)).turns == game.turns
    assert "Winner: south" in export_sdg(game, winner="south")


@pytest.mark.parametrize("name", ["two words", "a,b", "x:y", "odd(n)", ""])
def test_export_refuses_names_a_transcript_cannot_hold(name):
    game = Game(SDG, players=(name, "other"))
    with pytest.raises(NotationError, match="cannot be written"):
        export_sdg(game)
