"""The review of a game: a real blunder of the SDG archive is marked with its refutation, a real turn
that loses ships is marked with the better turn, the words of a mark name what the search's line really
does, a game the computer played against itself has no mark, a missed win is named, a review spread over
processes finds the same, and a review can be stopped."""

from __future__ import annotations

import threading

import pytest

from hwgame.ai.bots import choose_turn, level
from hwgame.ai.consequence import CAPTURE, CATASTROPHE, WIN, line_events, turn_events
from hwgame.ai.tactics import find_win
from hwgame.ai.thinking import Limit, Thinking
from hwgame.analysis.review import (
    BLUNDER,
    INACCURACY_FALL,
    MISSED_WIN,
    MISTAKE,
    Review,
    TurnReview,
    fingerprint,
    review_game,
    review_of,
)
from hwgame.rules import PASS, SDG, Game, apply_turn_unchecked, format_turn, read_transcript, replay
from hwgame.words import Voice, mark_words, summary_text

LIGHT = Thinking(Limit(depth=1, nodes=2000))
# SDG game 17917: in turn 17 OnePageWars builds a fourth green at home; ts52 answers with a green
# catastrophe there, which leaves OnePageWars without a ship at home. Moving the blue 3 home instead
# (one of the 61 of 63 turns that leave no win) kept the game going.
BLUNDER_GAME = "17917.raw"
BLUNDER_TURN = 17


@pytest.fixture
def blunder_game(sdg_games):
    return replay(read_transcript(sdg_games / BLUNDER_GAME), SDG)


def test_a_real_blunder_is_marked_with_the_winning_reply(blunder_game):
    game = blunder_game
    review = review_of(game, LIGHT)
    assert review.complete and len(review.turns) == len(game.turns)
    # Only one turn walks into a loss; slower slips may be marked as well, never as blunders here.
    marked = [t for t in review.marks() if t.kind in (BLUNDER, MISSED_WIN)]
    assert [t.number for t in marked] == [BLUNDER_TURN]
    entry = marked[0]
    assert entry.kind == BLUNDER and game.players[entry.player] == "OnePageWars"
    # Its words say how ts52 wins: a green catastrophe at OnePageWars' homeworld, next turn.
    harm = entry.harm()
    assert [e.kind for e in harm] == [CATASTROPHE, WIN] and harm[0].at_home and harm[0].turn == 1
    words = mark_words(entry, Voice(("OnePageWars", "ts52")))
    assert words.startswith("blunder: after this, ts52 wins: ")
    # The refutation really wins for ts52 from the board after the blunder.
    after = game.positions[BLUNDER_TURN]
    assert apply_turn_unchecked(after, entry.refutation).winner() == game.players.index("ts52")
    assert entry.note == f"blunder: after this, ts52 wins with {format_turn(entry.refutation)}"
    # The engine's own turn there leaves ts52 no win, and the evaluations say who stands better.
    assert find_win(apply_turn_unchecked(game.positions[BLUNDER_TURN - 1], entry.best)) is None
    assert entry.after is not None and entry.after < -50_000 and entry.chance_after == 0.0
    assert review.turns[-1].after is not None and review.turns[-1].after > 50_000  # ts52's winning turn
    summary = summary_text(review)
    assert "OnePageWars 1 blunder, " in summary and "ts52 0 blunders, " in summary and "average loss" in summary


def test_a_game_of_the_engines_own_turns_has_no_mark(blunder_game):
    # From the middle of a real game, the computer plays both sides for a few turns.
    start = 11
    game = Game(SDG, blunder_game.players)
    for turn in blunder_game.turns[:start]:
        game.play(turn)
    for _ in range(10):
        if game.is_over():
            break
        game.play(choose_turn(game.position, LIGHT, seed=3).turn)
    played = game.turns[start:]
    assert len(played) >= 6
    review = review_game(game.positions[start:], played, LIGHT)
    assert review.complete
    assert review.marks() == []
    assert all(t.before is not None and t.best is not None for t in review.turns)
    # The engine's own turns: each gives away less than an inaccuracy between the verdict before it and
    # the verdict of the board after it.
    assert all(t.fall < INACCURACY_FALL for t in review.turns)
    assert review.average_loss(0) < INACCURACY_FALL and review.average_loss(1) < INACCURACY_FALL


def test_a_missed_win_names_the_winning_turn(blunder_game):
    game = blunder_game
    # At turn 18 ts52 can win; passing instead throws the win away.
    positions = list(game.positions[: BLUNDER_TURN + 1])
    positions.append(apply_turn_unchecked(positions[-1], (PASS,)))
    turns = list(game.turns[:BLUNDER_TURN]) + [(PASS,)]
    review = review_game(positions[-3:], turns[-2:], LIGHT)
    last = review.turns[-1]
    assert last.kind == MISSED_WIN
    assert apply_turn_unchecked(positions[-2], last.refutation).winner() == game.players.index("ts52")
    assert last.note.startswith(f"missed win: ts52 could have won at once with {format_turn(last.refutation)}")
    assert review.turns[0].kind == BLUNDER  # the blunder before it is still marked


def test_a_review_stops_when_cancelled_and_keeps_what_it_did(blunder_game):
    stop = threading.Event()
    seen = []

    def progress(done, total):
        seen.append((done, total))
        if done == 3:
            stop.set()

    review = review_of(blunder_game, LIGHT, stop, progress)
    assert not review.complete and len(review.turns) == 3
    assert seen[:4] == [(0, 18), (1, 18), (2, 18), (3, 18)]
    assert summary_text(review).startswith("3 of 18 turns reviewed")


def test_a_review_comes_back_from_its_data(blunder_game):
    game = blunder_game
    review = review_of(game, LIGHT, level="easy")
    again = Review.from_data(review.to_data(), game.positions, game.turns)
    assert again.turns == review.turns and again.final_best == review.final_best and again.level == "easy"
    assert [t.harm() for t in again.turns] == [t.harm() for t in review.turns]
    with pytest.raises(ValueError):
        Review.from_data(review.to_data(), game.positions[:-1], game.turns[:-1])
    older = dict(review.to_data())
    del older["method"]  # a review kept by an older version compared other scores: it is made again
    with pytest.raises(ValueError):
        Review.from_data(older, game.positions, game.turns)
    assert fingerprint(game.turns) != fingerprint(game.turns[:-1])


def _analyze(*args):
    import subprocess
    import sys

    return subprocess.run([sys.executable, "-m", "hwgame", "analyze", *map(str, args)], capture_output=True,
                          text=True, timeout=120)  # fmt: skip


@pytest.mark.slow
def test_hwgame_analyze_prints_a_line_per_turn_and_the_blunder(sdg_games):
    done = _analyze("--level", "easy", sdg_games / BLUNDER_GAME)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 18 + 1
    assert lines[0] == "1. OnePageWars: Homeworld G3 Y2 B3  [setup]"
    assert lines[BLUNDER_TURN - 1].startswith("17. OnePageWars: Build G2 OnePageWars  [after: lost (proven)]  blunder: "
                                              "after this, ts52 wins with ")  # fmt: skip
    assert [n for n, line in enumerate(lines[:-1], start=1) if "blunder" in line or "missed win" in line] == [17]
    assert "  better: " in lines[BLUNDER_TURN - 1]
    assert lines[-1].startswith("18 turns reviewed at easy: OnePageWars 1 blunder, ")
    assert "; ts52 0 blunders, " in lines[-1] and "average loss" in lines[-1]


@pytest.mark.slow
def test_hwgame_analyze_json_gives_an_object_per_turn_and_a_summary(sdg_games):
    import json

    done = _analyze("--json", "--level", "easy", sdg_games / BLUNDER_GAME)
    assert done.returncode == 0, done.stderr
    objects = [json.loads(line) for line in done.stdout.splitlines()]
    turns, summary = objects[:-1], objects[-1]
    keys = {"turn", "player", "played", "win_before", "win_after", "best", "mark", "why", "proven_before",
            "proven_after", "threats"}
    assert all(set(t) == keys for t in turns)
    assert [t["turn"] for t in turns] == list(range(1, 19))
    assert turns[0]["player"] == "OnePageWars" and turns[1]["player"] == "ts52"
    assert turns[0]["played"] == "Homeworld G3 Y2 B3" and turns[0]["win_before"] is None
    for t in turns[2:]:
        assert 0.0 <= t["win_before"] <= 1.0 and 0.0 <= t["win_after"] <= 1.0
        assert t["mark"] in (None, "inaccuracy", "mistake", "blunder", "missed-win")
    blunder = turns[BLUNDER_TURN - 1]
    assert blunder["mark"] == "blunder" and blunder["why"] and blunder["win_after"] == 0.0
    assert blunder["win_before"] > blunder["win_after"]
    assert [t["turn"] for t in turns if t["mark"] in ("blunder", "missed-win")] == [17]
    assert blunder["why"].startswith("blunder: after this, ts52 wins: ")
    assert all(t["why"] for t in turns if t["mark"]) and not any(t["why"] for t in turns if not t["mark"])
    assert summary["summary"] is True and summary["complete"] is True and summary["turns"] == 18
    assert summary["marks"]["OnePageWars"]["blunder"] == 1 and summary["marks"]["ts52"]["blunder"] == 0
    assert set(summary["marks"]["ts52"]) == {"inaccuracy", "mistake", "blunder", "missed-win"}
    assert 0.0 <= summary["average_loss"]["ts52"] < summary["average_loss"]["OnePageWars"] <= 1.0


@pytest.mark.slow
def test_hwgame_analyze_refuses_a_bad_file_in_one_line(sdg_games, tmp_path):
    text = (sdg_games / BLUNDER_GAME).read_text(encoding="utf-8")
    bad = tmp_path / "bad.raw"
    bad.write_text(text.replace("18) ts52: Build G2 Ts52", "18) ts52: Build G3 Ts52"), encoding="utf-8")
    done = _analyze(bad)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.strip() == (f"hwgame: {bad}: turn 18 (line 45): 'Build G3 Ts52': a build takes the smallest "
                                   "green in the bank, which is green 2")  # fmt: skip
    for path, why in ((tmp_path, "is a folder, not a transcript"), (tmp_path / "none.raw", "no such file")):
        done = _analyze(path)
        assert (done.returncode, done.stderr.strip()) == (1, f"hwgame: {path}: {why}")


@pytest.mark.slow
def test_hwgame_analyze_speaks_the_language_it_is_asked_for(sdg_games):
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "hwgame", "--lang", "ja", "analyze", "--level", "easy",
                           str(sdg_games / BLUNDER_GAME)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("1. OnePageWars: Homeworld G3 Y2 B3  [")  # the notation stays as it is
    assert "悪手" in lines[BLUNDER_TURN - 1] and "ts52" in lines[BLUNDER_TURN - 1]
    assert "悪手1回" in lines[-1] and "初級" in lines[-1]


# SDG game 1001, turn 56: MrStickman discovers Sit with his blue 2 and leaves two ships where Evilaxe's
# red ships can reach them; Evilaxe captures the blue 2 at Brent and the green 1 at Dolor next turn.
SHIP_GAME = "1001.raw"
SHIP_TURN = 56


def _slice_review(game, first, last, limit, **options):
    """The review of turns ``first`` to ``last`` (1-based, inclusive) of a game, with the positions
    seen before as history."""
    history = {}
    for position in game.positions[: first - 1]:
        history[position.key()] = history.get(position.key(), 0) + 1
    return review_game(game.positions[first - 1 : last + 1], game.turns[first - 1 : last], limit,
                       history=history, **options)  # fmt: skip


def _owned(position, player, piece, system):
    found = position.system_named(system)
    return found is not None and piece in found.ships_of(player)


def _check_events_are_true(entry: TurnReview):
    """Every ship an event says is lost was the victim's there before that turn, and the turn took it."""
    pos = entry.position
    turns = [entry.turn, *entry.line]
    events = entry.harm()
    assert events
    for number, turn in enumerate(turns):
        found, after = turn_events(pos, turn, number)
        for event in (e for e in events if e.turn == number and e.kind in (CAPTURE, CATASTROPHE)):
            assert event in found
            for piece in event.pieces:
                assert _owned(pos, event.victim, piece, event.system)
                before = pos.system_named(event.system).ships_of(event.victim).count(piece)
                left = after.system_named(event.system)
                now = left.ships_of(event.victim).count(piece) if left is not None else 0
                assert now < before
        if after is None or after.is_over():
            break
        pos = after


@pytest.mark.slow
def test_a_real_turn_that_loses_ships_is_marked_with_the_better_turn(sdg_games):
    game = replay(read_transcript(sdg_games / SHIP_GAME), SDG)
    review = _slice_review(game, SHIP_TURN - 1, SHIP_TURN + 1, level("normal"))
    entry = next(t for t in review.turns if t.index == 0 + 1)  # the second turn of the slice
    assert game.players[entry.player] == "MrStickman"
    assert entry.kind in (MISTAKE, BLUNDER)
    assert entry.best is not None and entry.best != entry.turn and entry.chance_before > entry.chance_after
    harm = entry.harm()
    assert harm[0].kind == CAPTURE and harm[0].turn == 1 and game.players[harm[0].actor] == "Evilaxe"
    _check_events_are_true(entry)
    words = mark_words(entry, Voice(tuple(game.players)))
    assert "Evilaxe captures MrStickman's blue 2 at Brent" in words and "next turn" in words
    # The better turn's own line does not lose those ships.
    gain = entry.gain()
    assert all(e.victim != entry.player for e in gain)


def test_the_words_of_every_mark_name_what_the_line_really_does(blunder_game):
    review = review_of(blunder_game, LIGHT)
    for entry in review.marks():
        if entry.harm():
            _check_events_are_true(entry)
        for event in line_events(apply_turn_unchecked(entry.position, entry.best), entry.better_line):
            assert event.turn >= 1


@pytest.mark.slow
def test_a_review_spread_over_processes_finds_the_same(blunder_game):
    alone = review_of(blunder_game, LIGHT)
    spread = review_of(blunder_game, LIGHT, workers=2)
    assert spread.complete and spread.turns == alone.turns and spread.final_best == alone.final_best
