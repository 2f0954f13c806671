"""The puzzle deck's file and schedule: SM-2 moves a solved puzzle later and a failed one to tomorrow, a
finished game's mistakes go in once, a file that does not read is set aside with a message (never
silently emptied), and a write killed midway leaves the file as it was."""

from __future__ import annotations

import datetime as dt
import json
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from hwgame.persist import deck as deck_file
from hwgame.persist.atomic import is_temporary
from hwgame.persist.deck import (
    FOUND_AFTER_MISS,
    FOUND_FIRST,
    NOT_FOUND,
    DeckCard,
    add_cards,
    answer,
    grade_of,
    read_deck,
    schedule,
)
from hwgame.persist.errors import SaveError

REPO = Path(__file__).resolve().parents[2]
TODAY = dt.date(2026, 3, 1)


def card(n: int = 0, **changes) -> DeckCard:
    """A puzzle as the deck keeps it (its board need not be real for the schedule and the file)."""
    data = {"id": f"game:{n}", "position": {"board": n}, "index": n, "player": 0, "kind": "mistake",
            "turn": "Pass", "best": "Build G1 Alpha", "before": 10.0, "after": -200.0, "added": TODAY,
            "due": TODAY}
    data.update(changes)
    return DeckCard.model_validate(data)


def test_sm2_moves_a_solved_puzzle_later_each_time_and_a_failed_one_to_tomorrow():
    puzzle = card()
    days = []
    for _ in range(4):
        puzzle = schedule(puzzle, FOUND_FIRST, TODAY)
        days.append((puzzle.due - TODAY).days)
    # 1 day, then 6, then the interval times the ease (which grows with every clean answer).
    assert days[:2] == [1, 6]
    assert days[2] == round(6 * 2.7) and days[3] > days[2]
    assert puzzle.ease == pytest.approx(2.5 + 4 * 0.1)
    failed = schedule(puzzle, NOT_FOUND, TODAY)
    assert failed.due == TODAY + dt.timedelta(days=1) and failed.repetitions == 0
    assert failed.ease < puzzle.ease and failed.failed == 1
    # A puzzle found after a wrong try passes, with a smaller ease than a clean find.
    assert schedule(card(), FOUND_AFTER_MISS, TODAY).ease < schedule(card(), FOUND_FIRST, TODAY).ease
    # The ease never falls under SM-2's floor.
    worst = card()
    for _ in range(20):
        worst = schedule(worst, NOT_FOUND, TODAY)
    assert worst.ease == pytest.approx(1.3)


def test_grades_follow_how_the_puzzle_was_answered():
    assert grade_of(True, False, False) == FOUND_FIRST
    assert grade_of(True, True, False) == FOUND_AFTER_MISS
    assert grade_of(True, False, True) < 3 and grade_of(False, True, False) == NOT_FOUND


def test_cards_are_kept_once_with_their_schedules_and_due_ones_come_first(tmp_path):
    path = tmp_path / "deck.json"
    add_cards(path, [card(1), card(2, due=TODAY - dt.timedelta(days=3))])
    moved = answer(path, read_deck(path).cards["game:1"], FOUND_FIRST, TODAY)
    add_cards(path, [card(1), card(3, due=TODAY + dt.timedelta(days=5))])  # the same game reviewed again
    deck = read_deck(path)
    assert sorted(deck.cards) == ["game:1", "game:2", "game:3"] and not deck.notices
    assert deck.cards["game:1"].due == moved.due == TODAY + dt.timedelta(days=1)
    assert [c.id for c in deck.due(TODAY)] == ["game:2"]
    assert json.loads(path.read_text())["version"] == deck_file.VERSION


@pytest.mark.parametrize("damage", [b"{not json", b'{"format": "something else", "cards": []}', b"[1, 2]",
                                    b'{"format": "hwgame-deck", "version": 99, "cards": []}'])  # fmt: skip
def test_a_file_that_does_not_read_is_set_aside_with_a_message(tmp_path, damage):
    path = tmp_path / "deck.json"
    path.write_bytes(damage)
    deck = read_deck(path)
    assert deck.broken and not deck.cards and len(deck.notices) == 1
    assert "deck.json" in str(deck.notices[0]() if callable(deck.notices[0]) else deck.notices[0])
    assert path.read_bytes() == damage  # reading never changes it
    add_cards(path, [card(7)])
    assert (tmp_path / "deck.json.broken").read_bytes() == damage  # kept aside, not lost
    assert list(read_deck(path).cards) == ["game:7"]


def test_a_puzzle_that_does_not_read_is_left_out_with_a_message(tmp_path):
    path = tmp_path / "deck.json"
    add_cards(path, [card(1), card(2)])
    data = json.loads(path.read_text())
    data["cards"][0]["player"] = 7
    data["cards"].append("junk")
    path.write_text(json.dumps(data))
    deck = read_deck(path)
    assert list(deck.cards) == ["game:2"] and not deck.broken
    assert "2 puzzles did not read" in str(deck.notices[0]())


def test_a_folder_in_place_of_the_file_is_a_message_and_is_moved_aside_whole(tmp_path):
    path = tmp_path / "deck.json"
    path.mkdir()
    (path / "inside").write_text("kept")
    deck = read_deck(path)
    assert deck.broken and "is a folder" in str(deck.notices[0]())
    add_cards(path, [card(1)])
    assert (tmp_path / "deck.json.broken" / "inside").read_text() == "kept"
    assert list(read_deck(path).cards) == ["game:1"]


def test_a_deck_that_cannot_be_written_says_so(tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("")
    with pytest.raises(SaveError):
        add_cards(blocked / "deck.json", [card(1)])  # its folder is a file


WRITER = textwrap.dedent(
    """
    import datetime as dt, sys, time
    from hwgame.persist import atomic, deck
    from tests.persist.test_deck import card

    path, marker = sys.argv[1:3]
    real = atomic._write_chunks
    def slow(handle, data):
        handle.write(data[: len(data) // 2])
        handle.flush()
        open(marker, "w").close()
        time.sleep(120)
        real(handle, data)
    atomic._write_chunks = slow
    deck.add_cards(path, [card(9)])
    """
)


@pytest.mark.slow
def test_a_write_killed_midway_leaves_the_deck_as_it_was(tmp_path):
    path = tmp_path / "deck.json"
    add_cards(path, [card(1)])
    before = path.read_bytes()
    marker = tmp_path / "marker"
    proc = subprocess.Popen([sys.executable, "-c", WRITER, str(path), str(marker)], cwd=REPO, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        while not marker.exists():
            assert proc.poll() is None, proc.stderr.read().decode() if proc.stderr else ""
            assert time.monotonic() < deadline, "the writer never started writing"
            time.sleep(0.02)
        assert any(is_temporary(p) for p in tmp_path.iterdir())
    finally:
        proc.kill()
        proc.wait()
    assert path.read_bytes() == before
    deck = read_deck(path)
    assert not deck.broken and list(deck.cards) == ["game:1"]
    add_cards(path, [card(2)])  # the killed writer's lock does not stop the next write
    assert sorted(read_deck(path).cards) == ["game:1", "game:2"]
