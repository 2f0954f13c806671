"""The puzzle deck's SM-2 schedule: a solved puzzle comes back later each time (1 day, 6 days, then the
interval times the ease), its ease rising with a clean solve and falling with a laboured one; a failed
puzzle comes back the next day, its repetitions started again and its ease kept; the due list."""

from __future__ import annotations

from datetime import date, datetime, timedelta

from hwgame.app.control.deck import (
    QUALITY_FAILED,
    QUALITY_HELPED,
    QUALITY_SOLVED,
    due_count,
    due_puzzles,
    first_schedule,
    grade,
    seat_of_player,
    sm2,
)
from hwgame.persist.deck_file import Deck, DeckPuzzle

DAY = date(2026, 3, 1)


def test_a_solved_puzzle_comes_back_later_each_time():
    s = first_schedule(DAY)
    assert s.due == DAY and s.ease == 2.5
    s = sm2(s, QUALITY_SOLVED, DAY)
    assert (s.repetitions, s.interval, s.due) == (1, 1, DAY + timedelta(days=1))
    assert s.ease == 2.6  # 2.5 + 0.1: a clean solve
    s = sm2(s, QUALITY_SOLVED, s.due)
    assert (s.repetitions, s.interval) == (2, 6)
    third = sm2(s, QUALITY_SOLVED, s.due)
    assert third.interval == round(6 * s.ease) and third.due == s.due + timedelta(days=third.interval)
    assert third.interval > s.interval > 1


def test_a_laboured_solve_lowers_the_ease_and_a_failure_brings_the_puzzle_back_tomorrow():
    s = sm2(sm2(first_schedule(DAY), QUALITY_SOLVED, DAY), QUALITY_SOLVED, DAY)
    helped = sm2(s, QUALITY_HELPED, DAY)
    assert helped.ease < s.ease and helped.repetitions == 3  # still remembered: the interval grows
    failed = sm2(s, QUALITY_FAILED, DAY)
    assert (failed.repetitions, failed.interval, failed.due) == (0, 1, DAY + timedelta(days=1))
    assert failed.ease == s.ease and failed.lapses == s.lapses + 1
    # After a failure the steps start again: 1 day, then 6.
    again = sm2(failed, QUALITY_SOLVED, failed.due)
    assert again.interval == 1
    # The ease never falls under SM-2's floor.
    low = s
    for _ in range(30):
        low = sm2(low, 3, DAY)
    assert low.ease >= 1.3


def test_grades():
    assert grade(True, 1, False) == QUALITY_SOLVED
    assert grade(True, 1, True) == QUALITY_HELPED
    assert QUALITY_HELPED < grade(True, 3, False) < QUALITY_SOLVED
    assert grade(False, 2, False) == QUALITY_FAILED


def _puzzle(n: int, due: date) -> DeckPuzzle:
    return DeckPuzzle.model_validate({"id": f"g:{n}", "game": "g", "index": n, "player": 0, "kind": "mistake",
                                      "played": "pass", "best": "pass", "added": datetime(2026, 1, 1),
                                      "schedule": first_schedule(due)})


def test_the_due_list_holds_the_puzzles_due_today_or_before_the_oldest_first():
    deck = Deck(puzzles=[_puzzle(1, DAY), _puzzle(2, DAY + timedelta(days=3)), _puzzle(3, DAY - timedelta(days=2))])
    assert [p.index for p in due_puzzles(deck, DAY)] == [3, 1]
    assert due_count(deck, DAY) == 2 and due_count(deck, DAY + timedelta(days=3)) == 3


def test_the_seat_of_the_player():
    assert seat_of_player(["computer", "human"], ["Bot", "Ann"], "") == 1
    assert seat_of_player(["human", "human"], ["Ann", "Bob"], "bob") == 1
    assert seat_of_player(["human", "human"], ["Ann", "Bob"], "Cy") is None
    assert seat_of_player(["computer", "computer"], ["A", "B"], "A") is None  # the computer against itself
    assert seat_of_player([], ["Ann", "Bob"], "Ann") == 0  # seats unknown: by name
