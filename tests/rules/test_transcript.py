"""Reading SDG transcripts: headers, chat, seating, the site's habits, replay errors and export."""

from __future__ import annotations

import time

import pytest

from hwgame.rules import (
    PASS,
    SDG,
    STANDARD,
    Build,
    Game,
    Homeworld,
    NotationError,
    Refusal,
    Sacrifice,
    Trade,
    UnsupportedGameError,
)
from hwgame.rules.transcript import (
    ReplayError,
    TranscriptLineError,
    export_sdg,
    parse_transcript,
    read_transcript,
    replay,
    sdg_home_name,
)
from hwgame.words import refusal_text
from tests.refusing import refuses
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
    assert [(note.code, note.frames) for note in t.notes] == [
        ("note-sacrifice-pass", (Refusal("in-turn", {"turn": 6}),))
    ]
    assert refusal_text(t.notes[0]) == "turn 6: a pass among a sacrifice's actions forfeited only that action"


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
    assert t.notes == [Refusal("note-setup-pass", {"player": "Alice"}, (Refusal("in-turn", {"turn": 1}),))]
    assert refusal_text(t.notes[0]).startswith("turn 1: Alice passed before both homeworlds were set up")


def test_a_pass_after_the_homeworld_is_harmless():
    text = HEAD + "\n1) Alice: Homeworld Y2 B1 G3 Null\nPass\n2) bob: Homeworld B3 R2 G3\n"
    game = replay(parse_transcript(text))
    assert game.turns[0] == (Homeworld(Y2, B1, G3), PASS)


def test_words_the_site_ignored_are_noted():
    text = HEAD + "\n1) Alice: Homeworld Y2 B1 G3\n2) bob: Homeworld B3 R2 G3\n3) Alice: Build G1 Alice (n)\n"
    t = parse_transcript(text, source="x.raw")
    assert t.turns[2] == (Build(G1, "Alice"),)
    assert [refusal_text(note) for note in t.notes] == ["x.raw:9: ignored '(n)' after the action, as SDG did"]
    assert t.notes[0].code == "note-ignored-words" and t.notes[0].values == {"ignored": "'(n)'"}


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
    with refuses(UnsupportedGameError, f"a game of {count} players .* is not supported"):
        parse_transcript(text)


def test_an_unreadable_action_names_its_line():
    text = HEAD + "\n1) Alice: Homeworld Y2 B1 G3\n2) bob: Fly G3 Bob\n"
    expected = r"^turn 2 \(t\.raw:8\): cannot read 'Fly G3 Bob': 'Fly' is not a known action"
    with refuses(TranscriptLineError, expected) as info:
        parse_transcript(text, source="t.raw")
    assert (info.value.line, info.value.turn) == (8, 2)
    assert isinstance(info.value, NotationError)


def test_a_missing_participants_line_is_an_error():
    with refuses(NotationError, "Participants"):
        parse_transcript("Homeworlds Online (SDG# 1)\n\n1) Alice: Homeworld Y2 B1 G3\n")


def test_a_skipped_turn_number_among_actions_is_an_error():
    text = HEAD + "\n1) Alice: Homeworld Y2 B1 G3\n3) Alice: Build G1 Alice\n"
    with refuses(NotationError, "turn 3 where turn 2 was expected"):
        parse_transcript(text)


def test_a_refused_action_names_turn_line_text_and_reason():
    text = HEAD + "\n1) Alice: Homeworld Y2 B1 G3\n2) bob: Homeworld B3 R2 G3\n3) Alice: Build G1 Alice\n"
    text += "4) bob: Build G1 Bob\n5) Alice: Trade G3 G3 Alice\n"
    with pytest.raises(ReplayError) as info:
        replay(parse_transcript(text, source="t.raw"))
    err = info.value
    assert (err.turn, err.line, err.text) == (5, 11, "Trade G3 G3 Alice")
    assert "trade changes the colour" in refusal_text(err.engine_refusal)
    assert refusal_text(err).startswith("turn 5 (t.raw:11), Alice: 'Trade G3 G3 Alice': a trade changes the colour")


def test_a_turn_by_the_wrong_player_is_refused():
    t = parse_transcript(HEAD + "\n1) Alice: Homeworld Y2 B1 G3\n2) bob: Homeworld B3 R2 G3\n")
    t.movers[1] = "Alice"
    with refuses(ReplayError, "it is bob's turn, not Alice's"):
        replay(t)


def test_one_star_homeworlds_need_the_sdg_rules():
    text = HEAD + "\n1) Alice: Homeworld Y2 - G3\n2) bob: Homeworld B3 R2 G3\n"
    assert replay(parse_transcript(text), SDG).position.home_of(0).stars == (Y2,)
    with refuses(ReplayError, "turn 1"):
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
    with refuses(NotationError, "cannot be written"):
        export_sdg(game)


# --- untrusted text -------------------------------------------------------------------------------

TWO = "Participants: Ann (N), Bob (S)\n\n"


def short_one_line(message: str) -> str:
    """The message, after checking that it is one short line, whatever the input was."""
    assert "\n" not in message and "\r" not in message
    assert len(message) < 300, message[:300]
    return message


@pytest.mark.parametrize(
    "participants, why",
    [
        ("Ann (N), Bob (N)", "line 1: both players sit North (N): a two-player game has one North (N) and one South"),
        ("Ann (S), Bob (S)", "line 1: both players sit South (S)"),
        ("Ann (N), ann (S)", "line 1: both players are called 'Ann': each homeworld is named after its player"),
        ("Ann, Bob (S)", "line 1: cannot read the participant 'Ann': write a name and a seat, as 'Ann (N)'"),
        ("Ann (X), Bob (S)", "line 1: cannot read the participant 'Ann (X)'"),
        ("Two Words (N), Bob (S)", "line 1: 'Two Words' cannot be a player name: it holds a space"),
        ("odd(n) (N), Bob (S)", "line 1: 'odd(n)' cannot be a player name: it holds ',', ':', '(' or ')'"),
        ("A\x00b (N), Bob (S)", r"line 1: 'A\x00b' cannot be a player name: it holds a character that cannot be"),
        ("A" * 41 + " (N), Bob (S)", "is too long for a player name (at most 40 characters)"),
    ],
)
def test_participants_that_cannot_play_are_refused_clearly(participants, why):
    text = f"Participants: {participants}\n\n1) Ann: Homeworld R1 B2 G3\n2) Bob: Homeworld R2 B1 G3\n"
    with pytest.raises(TranscriptLineError) as info:
        parse_transcript(text)
    assert why in short_one_line(refusal_text(info.value))
    assert info.value.line == 1 and info.value.turn is None


def test_two_players_in_one_seat_without_turns_are_refused_too():
    with refuses(TranscriptLineError, "both players sit South"):
        parse_transcript("Participants: Ann (S), Bob (S)\n")


def test_a_huge_turn_number_is_refused_before_it_is_converted():
    text = TWO + "9" * 5000 + ") Ann: Homeworld R1 B2 G3\n"
    with pytest.raises(TranscriptLineError) as info:
        parse_transcript(text, source="g.raw")
    message = short_one_line(refusal_text(info.value))
    assert message == "g.raw:3: a turn number of 5000 digits cannot be right: turns are numbered 1, 2, 3..."


def test_numbers_keep_to_a_few_digits():
    with refuses(TranscriptLineError, "an SDG game number of 5000 digits cannot be right"):
        parse_transcript("Homeworlds Online (SDG# " + "7" * 5000 + ")\n" + TWO)
    t = parse_transcript(TWO + "0001) Ann: Homeworld R1 B2 G3\n")  # leading zeros are still a small number
    assert t.numbers == [1]
    # In chat, a line numbered like a turn by someone who does not play stays chat.
    chat = TWO + "1) Ann: Homeworld R1 B2 G3\n\tBob: hi\n" + "9" * 5000 + ") Carol: hi\n"
    assert parse_transcript(chat).numbers == [1]


def test_a_huge_header_is_refused():
    expected = r"^line 1: the Variants line is 1000002 characters long \(at most 200\)$"
    with refuses(TranscriptLineError, expected):
        parse_transcript('Variants: "' + "v" * 1_000_000 + '"\n' + TWO)


def test_a_huge_player_name_gives_a_short_message():
    text = "Participants: " + "A" * 100 + " (N), Bob (S)\n\n1) Bob: Homeworld R1 B2 G3\n"
    with pytest.raises(TranscriptLineError) as info:
        parse_transcript(text)
    assert "too long for a player name" in short_one_line(refusal_text(info.value))
    with pytest.raises(TranscriptLineError) as info:
        parse_transcript("Participants: " + "A" * 1_000_000 + " (N), Bob (S)\n")
    short_one_line(refusal_text(info.value))


@pytest.mark.parametrize(
    "line",
    [
        "Build G1 " + "x" * 1_000_000,
        "Build G1 Ann " + "junk\x1b[2J" * 100_000,  # ignored as SDG did: the note quotes a little of it
        "Fly\x00 " + "\x1b" * 1_000_000,
    ],
    ids=["long-name", "long-junk", "control-characters"],
)
def test_messages_and_notes_quote_little_of_a_bad_line(line):
    text = TWO + "1) Ann: Homeworld R1 B2 G3\n2) Bob: Homeworld R2 B1 G3\n3) Ann: " + line + "\n"
    try:
        t = parse_transcript(text, source="g.raw")
    except TranscriptLineError as exc:
        assert refusal_text(exc).startswith("turn 3 (g.raw:5): cannot read ")
        short_one_line(refusal_text(exc))
    else:
        assert len(t.notes) == 1
        short_one_line(refusal_text(t.notes[0]))
        assert refusal_text(t.notes[0]).startswith("g.raw:5: ignored 'junk\\x1b[2J")


def test_a_refused_action_is_quoted_short():
    text = TWO + "1) Ann: Homeworld R1 B2 G3\n2) Bob: Homeworld R2 B1 G3\n3) Ann: Build G1 " + "Z" * 24 + "\n"
    with pytest.raises(ReplayError) as info:
        replay(parse_transcript(text))
    assert info.value.turn == 3 and info.value.line == 5
    short_one_line(refusal_text(info.value))


LONG = 200_000  # a quadratic reading of this many characters takes minutes, a linear one milliseconds


@pytest.mark.parametrize(
    "line",
    [
        " " * LONG,
        "1)" + " " * LONG + "x",
        "1) a" + " " * LONG + "x",
        "1) Ann" + " " * LONG + "x",
        "1) " + "a" * LONG,
        "1" * LONG + ")",
        "1) " + "a " * (LONG // 2),
        "(" * LONG,
        ":" * LONG,
        "Participants:" + " " * LONG + "x",
        "Homeworlds Online (SDG#" + " " * LONG,
        "Ann" + " " * LONG + "(N)x",
    ],
    ids=lambda line: f"{line[:12].strip() or 'spaces'}-{len(line)}",
)
def test_every_line_is_read_in_linear_time(line):
    texts = [
        line,  # where the title and headers are read
        "Participants: " + line,
        TWO + line,  # before the first turn: chat
        TWO + "1) Ann: Homeworld R1 B2 G3\n" + line,  # among a turn's actions
        TWO + "1) Ann: Homeworld R1 B2 G3\n\tBob: hi\n" + line,  # continuing a chat line
    ]
    start = time.perf_counter()
    for text in texts:
        try:
            parse_transcript(text)
        except NotationError as exc:
            short_one_line(refusal_text(exc))
    assert time.perf_counter() - start < 3.0


def test_only_line_ends_break_lines():
    # A form feed or a Unicode line separator in chat does not shift the line numbers of messages.
    text = TWO + "1) Ann: Homeworld R1 B2 G3\n\tBob: a\x0cb\u2028c\x85d\r\n2) Bob: Fly\n"
    with refuses(TranscriptLineError, r"^turn 2 \(line 5\)"):
        parse_transcript(text)
    old_mac = TWO.replace("\n", "\r") + "1) Ann: Homeworld R1 B2 G3\r2) Bob: Homeworld R2 B1 G3\r"
    assert parse_transcript(old_mac).numbers == [1, 2]


# --- names in any script --------------------------------------------------------------------------

WORLD = """Participants: ぱぱ (S), Ærø (N)
Winner: Ærø

1) Ærø: Homeworld Y2 B1 G3
2) ぱぱ: Homeworld Y3 R2 G3
3) Ærø: Build G1 ærø
4) ぱぱ: Build G1 ぱぱ
5) Ærø: Discover G1 Ærø B3 Dy/dx
6) ぱぱ: Discover G1 ぱぱ Y1 織女
"""


def test_names_in_any_script_are_read():
    t = parse_transcript(WORLD)
    assert t.players == ("Ærø", "ぱぱ") and t.winner_index() == 0
    assert t.turns[2] == (Build(G1, "ærø"),)
    assert t.turns[4][0].name == "Dy/dx" and t.turns[5][0].name == "織女"


def test_players_named_in_any_script_replay_and_export():
    text = "\n".join(WORLD.splitlines()[:7]) + "\n"  # up to the discoveries
    game = replay(parse_transcript(text))
    assert game.position.home_of(0).name == "Ærø" and game.position.home_of(1).name == "ぱぱ"
    exported = export_sdg(game)
    assert "Participants: ぱぱ (S), Ærø (N)" in exported.splitlines()
    assert "3) Ærø: Build G1 Ærø" in exported.splitlines()
    again = replay(parse_transcript(exported))
    assert (again.players, again.turns, again.positions) == (game.players, game.turns, game.positions)


def test_systems_discovered_with_names_in_any_script_replay():
    game = replay(parse_transcript(WORLD))
    assert {s.name for s in game.position.systems} >= {"Dy/dx", "織女"}


@pytest.mark.parametrize("player, home", [("dsheldon", "Dsheldon"), ("ærø", "Ærø"), ("ぱぱ", "ぱぱ"), ("ßa", "ßa")])
def test_sdg_home_names_still_match_their_player(player, home):
    assert sdg_home_name(player) == home
    assert sdg_home_name(player).lower() == player.lower()


# --- passes before the homeworlds -----------------------------------------------------------------


def test_any_number_of_passes_before_the_setup_change_nothing():
    text = TWO + "1) Ann: Pass\n2) Bob: Pass\n3) Ann: Pass\n\n4) Bob: Homeworld B3 R2 G3\n5) Ann: Homeworld Y2 B1 G3\n"
    text += "6) Bob: Build G1 Bob\n"
    t = parse_transcript(text)
    assert t.players == ("Bob", "Ann") and t.numbers == [4, 5, 6]
    assert [note.frames[0].values["turn"] for note in t.notes] == [1, 2, 3]
    assert [refusal_text(note).split(":")[0] for note in t.notes] == ["turn 1", "turn 2", "turn 3"]
    passed = "passed before both homeworlds were set up: the pass changed nothing"
    assert all(passed in refusal_text(n) for n in t.notes)
    game = replay(t)
    assert game.position.home_of(0).name == "Bob" and len(game.turns) == 3


def test_passes_while_waiting_for_the_other_homeworld_change_nothing():
    text = TWO + "1) Ann: Homeworld Y2 B1 G3\n2) Bob: Pass\n3) Ann: Pass\n4) Bob: Homeworld B3 R2 G3\n"
    text += "5) Ann: Build G1 Ann\n"
    t = parse_transcript(text)
    assert t.players == ("Ann", "Bob") and t.numbers == [1, 4, 5]
    assert len(replay(t).turns) == 3


def test_a_game_of_passes_only_has_no_turns():
    t = parse_transcript(TWO + "1) Ann: Pass\n2) Bob: Pass\n")
    assert t.turns == [] and t.players == ("Ann", "Bob")
    assert replay(t).turns == []


LATE_HOME_RECORD = """Homeworlds Online (SDG# 90001)
Participants: alice (N), bob (S)
Winner: alice

1) alice: Homeworld G3 B2 Y3
2) bob: Pass
3) alice: Build Y1 Alice
4) bob: Pass
5) alice: Build Y1 Alice
6) bob: Homeworld Y1 B3 G3
7) alice: Discover Y1 Alice R1 Far
8) bob: Build G1 Bob
"""


def test_a_player_may_play_on_while_the_other_has_passed_instead_of_setting_up():
    """SDG let the first player build while the second was still passing before setting up: under sdg
    the pass is a turn, the waiting player cannot lose, and builds the homeworld later."""
    from hwgame.rules import (
        LATE_HOME,
        PLAYING,
        HomeworldsError,
        format_position,
        parse_position,
        parse_transcript,
        replay,
    )

    tr = parse_transcript(LATE_HOME_RECORD)
    assert tr.numbers == [1, 2, 3, 4, 5, 6, 7, 8]  # both passes are turns of the game
    assert [n.code for n in tr.notes] == ["note-late-home", "note-late-home"]
    game = replay(tr, SDG)
    stages = [p.stage for p in game.positions]
    assert stages[2:6] == [LATE_HOME] * 4 and stages[6:] == [PLAYING] * 3
    assert game.outcome() is None  # bob had no homeworld for four turns and did not lose
    waiting = game.positions[3]
    assert parse_position(format_position(waiting)) == waiting
    # The standard rules know no such thing: a pass instead of a homeworld is refused there.
    with pytest.raises(HomeworldsError):
        replay(tr, STANDARD)


def test_a_name_stored_encoded_twice_is_repaired_and_noted():
    mangled = "ぱぱ".encode().decode("latin-1")  # "ã\x81±ã\x81±"
    text = (LATE_HOME_RECORD.split("\n1)")[0] + "\n\n1) alice: Homeworld G3 B2 Y3\n2) bob: Homeworld Y1 B3 G3\n"
            f"3) alice: Build Y1 Alice\n4) bob: Build G1 Bob\n5) alice: Discover Y1 Alice R1 {mangled}\n"
            "6) bob: Build G1 Bob\n7) alice: Move Y1 " + mangled + " Alice\n")  # fmt: skip
    from hwgame.rules import parse_transcript, replay
    from hwgame.rules.transcript import undouble

    tr = parse_transcript(text)
    game = replay(tr, SDG)
    assert any(s.name == "ぱぱ" for p in game.positions for s in p.systems)
    assert [n.code for n in tr.notes] == ["note-double-encoded"] and tr.notes[0].values["count"] == 2
    # Only text that decodes cleanly that way changes: Latin-1 text and other scripts stay as written.
    assert undouble("Café Zoë") == "Café Zoë" and undouble("織女") == "織女" and undouble("plain") == "plain"
