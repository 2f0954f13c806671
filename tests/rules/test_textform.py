"""The one-line text form of a position, ``Game.from_position``, ``turn_steps`` and the steps of ``Game.play``."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from hwgame.rules import (
    NO_HOME,
    PLAYING,
    Build,
    EndTurn,
    Game,
    IllegalActionError,
    Move,
    NotationError,
    Sacrifice,
    format_position,
    initial_position,
    parse_piece,
    parse_position,
    parse_turn,
    read_transcript,
    replay,
    turn_steps,
)
from hwgame.words import refusal_text
from tests.conftest import games_dir


def pieces(*texts: str) -> tuple[int, ...]:
    return tuple(sorted(parse_piece(t) for t in texts))


_FOUND = games_dir()
GAMES = _FOUND / "sdg" if _FOUND is not None else Path("/nonexistent")
BOARD = "standard North South 0 2; North 0 y1b2 g3 -; South 1 r1y3 - g3b1; Alpha - r3 y1 b1"


def test_a_written_board_reads_as_the_position_it_describes():
    pos = parse_position(BOARD)
    assert pos.rules.name == "standard" and pos.players == ("North", "South")
    assert pos.to_move == 0 and pos.stage == PLAYING
    north, south, alpha = pos.systems
    assert north.home == 0 and north.stars == pieces("y1", "b2") and north.ships0 == pieces("g3")
    assert south.home == 1 and south.ships1 == pieces("g3", "b1") and not south.ships0
    assert alpha.home == NO_HOME and alpha.ships0 == pieces("y1") and alpha.ships1 == pieces("b1")
    # The bank is what the board does not hold: three of everything less what is on the map.
    assert sum(pos.bank) == 36 - 10 and pos.bank[parse_piece("y1")] == 1
    assert format_position(pos) == BOARD


def test_names_in_any_script_and_with_punctuation_round_trip():
    text = "sdg 織女 Ærø 1 2; 織女 0 y1b2 g3 -; Ærø 1 r1y3 - g3; Dy/dx - r2 y1 -; ぱぱ - g1 - y2"
    pos = parse_position(text)
    assert [s.name for s in pos.systems] == ["織女", "Ærø", "Dy/dx", "ぱぱ"]
    assert format_position(pos) == text


def test_setup_positions_round_trip():
    start = initial_position()
    assert format_position(start) == "standard North South 0 0"
    assert parse_position("standard North South 0 0") == start
    game = Game()
    game.play(parse_turn("Homeworld G3 B2 Y3"))
    assert parse_position(format_position(game.position)) == game.position


NO_ARCHIVE = "the SuperDuperGames archive (../shared/games/sdg or HWGAME_GAMES_DIR) is not on this machine"


@pytest.mark.slow
@pytest.mark.skipif(not GAMES.is_dir(), reason=NO_ARCHIVE)
def test_every_position_of_real_games_round_trips():
    count = 0
    for path in sorted(GAMES.glob("*.raw"))[::10]:
        try:
            game = replay(read_transcript(path))
        except Exception:  # noqa: BLE001 - site bugs are covered by the verify tests
            continue
        for pos in game.positions:
            assert parse_position(format_position(pos)) == pos, path.name
            count += 1
    assert count > 2000


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("", "should be: rules"),
        ("chess North South 0 2", "unknown rule set 'chess'"),
        ("standard North north 0 2", "different names"),
        ("standard North South 2 2", "must be 0 or 1"),
        ("standard North South 0 3", "must be 0 or 1"),
        ("standard North South 1 0", "player 0 is to move"),
        ("standard North South 0 0; North 0 y1b2 g3 -", "0 homeworlds"),
        (BOARD + ";", "needs five words"),
        (BOARD + "; Beta - r2", "needs five words"),
        (BOARD + "; Beta - q2 y1 -", "not a run of pieces"),
        (BOARD + "; Beta - r4 y1 -", "not a run of pieces"),
        (BOARD + "; Beta - r2g2 y1 -", "has 2 stars"),
        (BOARD + "; Beta - r3 - -", "has no ship"),
        (BOARD + "; Beta 0 r3 g1 -", "two homeworlds"),
        (BOARD + "; Beta 2 r3 g1 -", "write 0, 1 or -"),
        (BOARD + "; alpha - r3 g1 -", "share a name"),
        (BOARD + "; Beta - r3 y1y1y1 -", "more than 3 pieces of y1"),
        ("standard North South 0 2; North 0 - g3 -; South 1 r1 - g3", "has 0 stars"),
        ("standard Nor\u200bth South 0 2", "cannot be printed"),
    ],
)
def test_a_bad_line_is_refused_with_its_reason(text, why):
    with pytest.raises(NotationError) as caught:
        parse_position(text)
    message = refusal_text(caught.value)
    assert message.startswith("not a position") and why in message
    assert len(message) < 200 and "\n" not in message


def test_long_or_hostile_text_is_refused_quickly_and_quoted_short():
    for text in ("x" * 100_000, " " * 4000 + ";" * 90, "standard North South 0 2; " + "y1" * 1500 + " 0 - - -"):
        start = time.perf_counter()
        with pytest.raises(NotationError) as caught:
            parse_position(text)
        assert time.perf_counter() - start < 1.0
        assert len(refusal_text(caught.value)) < 200


def test_game_from_position_plays_on_from_it_and_cannot_undo_before_it():
    pos = parse_position(BOARD)
    game = Game.from_position(pos, auto_repetition_draw=False)
    assert game.position == pos and game.players == ("North", "South") and not game.auto_repetition_draw
    game.play(parse_turn("Build G1 North"))
    assert game.position.to_move == 1
    assert game.undo() and game.position == pos
    assert not game.undo()


def test_turn_steps_gives_each_action_with_the_boards_around_it():
    pos = parse_position(BOARD)
    turn = parse_turn("Sacrifice Y1 Alpha; Move G3 North Alpha")
    steps = turn_steps(pos, [*turn, EndTurn()])
    assert [type(s.action) for s in steps] == [Sacrifice, Move]
    assert steps[0].before == pos and steps[1].before == steps[0].after
    assert steps[1].after.system_named("North").ships0 == ()
    assert steps[1].after.system_named("Alpha").ships0 == pieces("g3")  # the yellow 1 went, the green 3 came
    with pytest.raises(IllegalActionError):
        turn_steps(pos, [Build(parse_piece("r1"), "Alpha")])  # no red ship of North's to build from


def test_play_checks_each_action_once_and_returns_the_steps_turn_steps_gives(monkeypatch):
    import hwgame.rules.game as game_module

    pos = parse_position(BOARD)
    turn = parse_turn("Sacrifice Y1 alpha; Move G3 North Alpha")  # a name in another case: made canonical
    expected = turn_steps(pos, turn)
    seen = []
    check = game_module.check_action

    def counted(state, action):
        seen.append(action)
        return check(state, action)

    monkeypatch.setattr(game_module, "check_action", counted)
    game = Game.from_position(pos)
    steps = game.play([*turn, EndTurn()])
    assert steps == expected and steps[0].action == Sacrifice(parse_piece("y1"), "Alpha")
    assert seen == [*turn, EndTurn()]  # each action checked once, then the end of the turn
    assert game.turns == [tuple(s.action for s in steps)] and game.position.to_move == 1
    seen.clear()
    with pytest.raises(IllegalActionError):
        Game.from_position(pos).play([turn[0], Build(parse_piece("r1"), "Alpha")])
    assert seen == [turn[0], Build(parse_piece("r1"), "Alpha")]
