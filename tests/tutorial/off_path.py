"""Lessons played off the beaten path: every legal action (or a seeded sample) from each step's start.

For each step, each action is played through the runner as a learner would, then (after a sacrifice,
whose actions go on) a sample of the actions that may follow, and End Turn. Every card the learner
would then read is checked against the board and the turn it speaks of:

- a mistake that tells of an action ("You traded ...", "You built at ...") follows such an action;
- a claim about the learner's ships ("Your only ship at Sol is green") is true of the board it is read on;
- the warning of an empty homeworld comes only while no ship of the learner is at home;
- a turn that goes on can still reach the goal (no dead end), and restarting the step or taking back
  the action always gives back the step's starting board, from which the intended play still works;
- a step that starts again starts from the step's own board.

``explore(lesson)`` returns the counts and the problems; ``python -m tests.tutorial.off_path`` prints
them for every lesson.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

from hwgame.i18n import set_language
from hwgame.rules import (
    Action,
    Build,
    Capture,
    Discover,
    EndTurn,
    Move,
    Pass,
    Position,
    Sacrifice,
    Trade,
    color_of,
    legal_actions,
    parse_action,
    size_of,
)
from hwgame.tutorial import Feedback, Lesson, LessonRunner
from hwgame.tutorial.runner import goal_reachable

SAMPLE = 200  # at most this many first actions per step
FOLLOW = 12  # at most this many follow-ups after an action that leaves the turn going on
SEED = 21

# Words of a card that tell of an action played, and the kind of action they need.
ACTION_CLAIMS = (
    (re.compile(r"\bYou traded\b|\bA trade (swaps|changes)\b|let you trade|\bA large blue gives you\b"), Trade),
    (re.compile(r"\bYou built\b|\bBoth builds\b"), Build),
    (re.compile(r"\bYou discovered\b"), Discover),
    (re.compile(r"\bYou moved\b"), Move),
    (re.compile(r"\bYou took\b"), Capture),
    (re.compile(r"\bYou sacrificed\b"), Sacrifice),
)
COLOURS = ("red", "yellow", "green", "blue")
SIZES = ("small", "medium", "large")
ONLY_SHIP = re.compile(
    r"\b[Yy]our (?:only ship|ship) at (\w+) is (?:a |an )?(small |medium |large )?(red|yellow|green|blue)\b"
)
HOME_WARNING = "none of your ships is at your homeworld"


@dataclass
class Report:
    """What one lesson's exploration did and found."""

    lesson: str
    actions: int = 0
    cards: int = 0
    problems: list[str] = field(default_factory=list)


def _claims_hold(text: str, played: list[Action], board: Position, learner: int) -> list[str]:
    """The claims of a card that are false of the actions played and the board it is read on."""
    out = []
    for pattern, kind in ACTION_CLAIMS:
        if pattern.search(text) and not any(isinstance(a, kind) for a in played):
            out.append(f"speaks of a {kind.__name__.lower()} that was not played")
    for name, size, colour in ONLY_SHIP.findall(text):
        system = board.system_named(name)
        ships = system.ships_of(learner) if system is not None else ()
        c = COLOURS.index(colour)
        fits = len(ships) == 1 and color_of(ships[0]) == c
        if size:
            fits = fits and size_of(ships[0]) == SIZES.index(size.strip()) + 1
        if not fits:
            out.append(f"says your only ship at {name} is {size}{colour}, but you have {len(ships)} there")
    home = board.home_of(learner)
    if HOME_WARNING in text and home is not None and home.ships_of(learner):
        out.append("warns of an empty homeworld that is not empty")
    return out


def _fresh(lesson: Lesson, i: int) -> LessonRunner:
    return LessonRunner(lesson, i)


def _sample(actions: list[Action], k: int, rng: random.Random) -> list[Action]:
    actions = [a for a in actions if not isinstance(a, (EndTurn, Pass))]
    return actions if len(actions) <= k else rng.sample(actions, k)


def explore_step(lesson: Lesson, i: int, report: Report, rng: random.Random) -> None:
    """Try the actions from step ``i``'s start, as the module doc says, adding to ``report``."""
    runner = _fresh(lesson, i)
    start = runner.position
    where = f"{lesson.id} step {i}"

    def check(feedback: Feedback, played: list[Action], board: Position) -> None:
        report.cards += 1
        for problem in _claims_hold(feedback.message, played, board, runner.learner):
            report.problems.append(f"{where}, after {played}: {problem}: {feedback.message!r}")
        if feedback.reset and (runner.position != start or not runner.game.state.free):
            report.problems.append(f"{where}, after {played}: the step started again elsewhere")

    def refused_card(played: list[Action]) -> None:
        """In a turn going on, the step's sample refusal gets advice true of the board now."""
        step = runner.step
        if step is None or not step.illegal:
            return
        action = parse_action(step.illegal.split(";")[-1].strip())
        if runner.refusal(action) is None:
            return
        feedback = runner.try_action(action)
        check(feedback, played, runner.position)

    first = _sample(runner.legal_actions(), SAMPLE, rng)
    for action in first:
        if runner.step_index != i:
            runner = _fresh(lesson, i)
        report.actions += 1
        before = runner.position
        feedback = runner.try_action(action)
        check(feedback, [action], runner.position if not feedback.reset else before)
        if feedback.step_done or feedback.reset:
            continue
        state = runner.game.state
        ctx = runner._context()  # noqa: SLF001 - the runner's own view of the turn
        if not goal_reachable(ctx, state, runner.step):
            report.problems.append(f"{where}, after {action}: the turn goes on but cannot reach the goal")
        refused_card([action])
        # Taking the action back gives the step's start again.
        runner.game.undo_action()
        if runner.position != start:
            report.problems.append(f"{where}, after {action}: taking it back does not give the start")
        runner.try_action(action)
        if state.sac_left:
            for follow in _sample(legal_actions(runner.game.state), FOLLOW, rng):
                report.actions += 1
                feedback = runner.try_action(follow)
                check(feedback, [action, follow], runner.position)
                if feedback.step_done:
                    runner = _fresh(lesson, i)
                    break
                if not feedback.reset:
                    runner.reset_step()
                runner.try_action(action)
        if runner.step_index == i and runner.game.pending:
            report.actions += 1
            feedback = runner.try_action(EndTurn())
            check(feedback, list(runner.game.pending) or [action], runner.position)
        if runner.step_index == i:
            runner.reset_step()
            if runner.position != start:
                report.problems.append(f"{where}, after {action}: restarting the step does not give the start")
    # After all that, the step's intended play still works from its start.
    runner = _fresh(lesson, i)
    feedback = None
    for text in runner.step.solution if runner.step else ():
        feedback = runner.try_action(text)
    if feedback is None or not feedback.step_done:
        report.problems.append(f"{where}: the intended play no longer completes the step")


def explore(lesson: Lesson, seed: int = SEED) -> Report:
    """Every step of ``lesson`` explored off its path (see the module doc), in English."""
    set_language("en")
    report = Report(lesson.id)
    rng = random.Random(f"{seed}:{lesson.id}")
    for i in range(len(lesson.steps)):
        explore_step(lesson, i, report, rng)
    return report


if __name__ == "__main__":
    from hwgame.tutorial import LESSONS

    for number, each in enumerate(LESSONS, 1):
        found = explore(each)
        print(f"{number:2} {found.lesson:28} actions {found.actions:4}  cards {found.cards:4}  "
              f"problems {len(found.problems)}")
        for problem in found.problems[:5]:
            print("     ", problem)
