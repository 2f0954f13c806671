"""Every lesson step played off its path: what the card says is true, and the way back always works."""

from __future__ import annotations

import pytest

from hwgame.tutorial import LESSONS

from .off_path import explore

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.id for lesson in LESSONS])
def test_every_step_holds_off_the_beaten_path(lesson):
    report = explore(lesson)
    assert report.actions >= len(lesson.steps), "every step is tried with at least one action"
    assert report.cards >= report.actions
    assert not report.problems, f"{len(report.problems)} problems:\n" + "\n".join(report.problems[:20])


def test_a_sacrificed_ship_is_not_explained_as_a_trade():
    # Lesson 1, step 2: sacrificing the only ship leaves nothing to build with; the card says so, and
    # speaks neither of a trade nor of a green ship that is not there.
    from hwgame.tutorial import LessonRunner, lesson_by_id

    runner = LessonRunner(lesson_by_id("pieces-and-bank"), 1)
    start = runner.position
    feedback = runner.try_action("sacrifice g3 Sol")
    assert feedback.reset and "You sacrificed your only ship at Sol" in feedback.message
    assert "trade" not in feedback.message.lower()
    assert runner.position == start
    assert runner.try_action("build g1 Sol").step_done
