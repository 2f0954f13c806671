"""Playing a lesson: the learner's actions go to the engine, the step's goal judges the result.

``LessonRunner`` keeps a ``Game`` at the current step (the window can hand that Game to the same
controller the play screen uses), passes every action through ``Game.act`` (the engine's validator)
and answers with a ``Feedback``:

- refused by the engine: the engine's reason plus the step's advice; nothing changes;
- legal and the goal is reached: the turn is committed, the rival's scripted answer is played
  (checked by the engine too) and the next step begins;
- legal, the goal not reached, the turn not over (a sacrifice's actions, a catastrophe): go on;
- legal, the goal not reached and nothing left to do: why it missed, and the step starts again.

Progress is ``(lesson id, step index)``; a runner resumes from it by replaying the intended solutions
of the steps before (from the nearest step that has its own board).
"""

from __future__ import annotations

from dataclasses import dataclass

from hwgame.rules import (
    COLOR_NAMES,
    PASS,
    POWER_NAMES,
    Discover,
    EndTurn,
    Game,
    HomeworldsError,
    IllegalActionError,
    Pass,
    Position,
    TurnState,
    apply_action,
    check_action,
    legal_actions,
    parse_action,
    parse_turn,
    position_from_dict,
)
from hwgame.words import describe_turn, sentence

from .goals import Context
from .lesson import Lesson, Step


@dataclass(frozen=True)
class Feedback:
    """The answer to one attempted action.

    ``ok`` is True when the action counted (legal and not a miss). ``legal`` is False when the engine
    refused it; ``reset`` is True when the step started again after a legal miss. ``reply`` holds the
    rival's answer in words when one was played.
    """

    ok: bool
    message: str
    step_done: bool = False
    lesson_done: bool = False
    legal: bool = True
    reset: bool = False
    reply: str = ""


def goal_reachable(ctx: Context, state: TurnState, step: Step, limit: int = 5000) -> bool:
    """True when some sequence of legal actions in the turn ``state`` meets the step's goal.

    A depth-first walk over the turn's states (at most ``limit`` of them); ``ctx`` gives the start of
    the step and the learner. Lesson positions are small, so the walk is short.
    """
    me = ctx.me
    seen: set[tuple[tuple, bool, int, int]] = set()
    stack: list[tuple[TurnState, frozenset[str]]] = [(state, frozenset())]
    while stack and len(seen) < limit:
        state, found = stack.pop()
        key = (state.position.key(), state.free, state.sac_color, state.sac_left)
        if key in seen:
            continue
        seen.add(key)
        for action in legal_actions(state):
            if isinstance(action, (EndTurn, Pass)):
                continue
            nxt = apply_action(state, action)
            names = found | {action.name.lower()} if isinstance(action, Discover) else found
            now = Context(ctx.start, nxt.position, me, names)
            if step.goal.met(now) and (step.may_lose or me not in nxt.position.losers()):
                return True
            if not nxt.done or any(s.overpopulated() for s in nxt.position.systems):
                stack.append((nxt, names))
    return False


class LessonRunner:
    """Runs one lesson for one learner: steps, goals, feedback, hints and the rival's answers."""

    def __init__(self, lesson: Lesson, step: int = 0):
        if not 0 <= step <= len(lesson.steps):
            raise ValueError(f"lesson {lesson.id!r} has no step {step}")
        self.lesson = lesson
        self.learner = lesson.position().to_move
        self.last_reply = ""
        # The rival's last answer as (position before it, turn), so a window can animate it.
        self.last_reply_turn: tuple[Position, tuple] | None = None
        # Resume from the nearest step at or before ``step`` that brings its own board, then replay.
        first = max(k for k in range(min(step, len(lesson.steps) - 1) + 1) if k == 0 or lesson.steps[k].board)
        self.step_index = first
        self._begin(lesson.position())
        self._replaying = True
        while self.step_index < step:
            self._play_solution()
        self._replaying = False

    # --- reading ---
    @property
    def step(self) -> Step | None:
        """The current step, or None once the lesson is finished."""
        if self.step_index >= len(self.lesson.steps):
            return None
        return self.lesson.steps[self.step_index]

    def _current_step(self) -> Step:
        """The current step; raise ValueError once the lesson is finished."""
        step = self.step
        if step is None:
            raise ValueError(f"lesson {self.lesson.id!r} is finished: it has no step {self.step_index}")
        return step

    @property
    def finished(self) -> bool:
        """True once every step is done."""
        return self.step_index >= len(self.lesson.steps)

    @property
    def progress(self) -> tuple[str, int]:
        """``(lesson id, step index)``: what the settings store to resume later."""
        return (self.lesson.id, self.step_index)

    @property
    def position(self) -> Position:
        """The position now, in the middle of the learner's turn."""
        return self.game.state.position

    @property
    def instruction(self) -> str:
        """What the current step asks (or the lesson's closing words once it is finished)."""
        return self.step.instruction if self.step else self.lesson.outro

    @property
    def goal_text(self) -> str:
        """The current goal in one sentence."""
        step = self.step
        if step is None:
            return ""
        return sentence(step.goal_text or step.goal.describe(self._context()))

    @property
    def highlights(self) -> tuple:
        """What the window should point at for the current step."""
        return self.step.highlights if self.step else ()

    def turn_left(self) -> str:
        """What the learner may still do this turn, in words."""
        state = self.game.state
        if state.free:
            return "You have one action (or one sacrifice) this turn."
        if state.sac_left:
            n = state.sac_left
            color = COLOR_NAMES[state.sac_color]
            return f"You have {n} {color} ({POWER_NAMES[state.sac_color]}) action{'s' * (n > 1)} left."
        if self._catastrophes_possible():
            return "Your action is used; you may still trigger a catastrophe."
        return "Your turn has nothing left to do."

    # --- acting ---
    def try_action(self, action) -> Feedback:
        """Attempt one action (an Action or its notation) and say how it went."""
        step = self.step
        if step is None:
            return Feedback(False, "This lesson is complete.", lesson_done=True, legal=False)
        if isinstance(action, str):
            try:
                action = parse_action(action)
            except HomeworldsError as exc:
                return Feedback(False, sentence(str(exc)), legal=False)
        if isinstance(action, EndTurn):
            try:
                check_action(self.game.state, action)
            except IllegalActionError as exc:
                return Feedback(False, self._refusal(exc.reason, step), legal=False)
            return self._missed(step, ended=True)
        try:
            canonical = self.game.act(action)
        except IllegalActionError as exc:
            return Feedback(False, self._refusal(exc.reason, step), legal=False)
        ctx = self._context()
        home_empty = self.learner in ctx.now.losers()
        if step.goal.met(ctx) and (step.may_lose or not home_empty):
            return self._complete(step)
        if self._turn_over():
            return self._missed(step)
        words = sentence(describe_turn([canonical]))
        warning = ""
        if home_empty and not step.may_lose:  # in a draw lesson, leaving home is the point
            warning = " Careful: none of your ships is at your homeworld; bring one back before the turn ends."
        return Feedback(True, f"{words} {self.turn_left()}{warning}")

    def hint(self) -> str:
        """The next hint of the current step; after the last one, the intended play in words."""
        step = self.step
        if step is None:
            return "This lesson is complete."
        if self._hints_shown < len(step.hints):
            text = step.hints[self._hints_shown]
        else:
            text = "Try this: " + describe_turn(parse_turn("; ".join(step.solution))) + "."
        self._hints_shown += 1
        return text

    def solution_text(self) -> str:
        """The intended play of the current step in words (for a "show me" button)."""
        step = self.step
        if step is None:
            return ""
        return sentence(describe_turn(parse_turn("; ".join(step.solution))))

    def reset_step(self) -> None:
        """Take back every action of the turn in progress: the step starts again."""
        self.game.restart_turn()

    # --- inside ---
    def _begin(self, position: Position) -> None:
        step = self.step
        if step is not None and step.board is not None:
            position = position_from_dict(step.board)
        self.start = position
        self.game = Game.from_position(position)
        self._hints_shown = 0

    def _context(self) -> Context:
        found = frozenset(a.name.lower() for a in self.game.pending if isinstance(a, Discover))
        return Context(self.start, self.game.state.position, self.learner, found)

    def _catastrophes_possible(self) -> bool:
        return any(s.overpopulated() for s in self.game.state.position.systems)

    def _turn_over(self) -> bool:
        """True when the turn has no action left and no catastrophe could still change anything."""
        return self.game.state.done and not self._catastrophes_possible()

    def _refusal(self, reason: str, step: Step) -> str:
        tips = [text for words, text in step.advice if words and words in reason]
        if not tips:
            tips = [text for words, text in step.advice if not words]
        if not tips and step.hints:
            tips = ["Tip: " + step.hints[0]]  # every refusal gets the step's own advice
        return " ".join(["Not allowed: " + sentence(reason), *tips])

    def _missed(self, step: Step, ended: bool = False) -> Feedback:
        ctx = self._context()
        message = ""
        for mistake in step.mistakes:
            if mistake.test.met(ctx):
                message = mistake.message
                break
        if not message and step.goal.met(ctx) and self.learner in ctx.now.losers():
            message = (
                "That reaches the goal, but leaves none of your ships at your homeworld: ending a turn "
                "like that loses the game. Keep a ship at home."
            )
        if not message:
            start = "You ended the turn, but" if ended else "That is legal, but"
            detail = step.goal.shortfall(ctx)
            if not detail:
                goal = step.goal_text or step.goal.describe(ctx)
                detail = f"it does not reach the goal: {goal[0].lower()}{goal[1:]}"
            message = f"{start} {detail}."
            if step.missed:
                message += " " + step.missed
        self.game.restart_turn()
        return Feedback(False, message + " The board is back as it was: try again.", reset=True)

    def _complete(self, step: Step) -> Feedback:
        game = self.game
        game.commit()
        reply = ""
        self.last_reply_turn = None
        if not game.is_over() and step.reply:
            rival = game.players[game.to_move]
            before = game.position
            for text in step.reply:
                try:
                    turn = parse_turn(text)
                    game.play(turn)
                except HomeworldsError:
                    continue
                reply = sentence(describe_turn(turn, rival))
                break
            else:
                turn = (PASS,)
                game.play(turn)
                reply = f"{rival} passes."
            self.last_reply_turn = (before, turn)
        self.last_reply = reply
        parts = [step.done or "Well done!"]
        if reply:
            parts.append(reply)
            if step.reply_note:
                parts.append(step.reply_note)
        self.step_index += 1
        done = self.finished
        if done:
            if self.lesson.outro:
                parts.append(self.lesson.outro)
        else:
            self._begin(game.position)
            nxt = self._current_step()
            if not self._replaying and nxt.board is None and not goal_reachable(self._context(), self.game.state, nxt):
                # This learner reached the goal in a way the next step cannot build on (a ship it needs
                # was sacrificed, say): the next step starts from the position the lesson intended.
                fresh = LessonRunner(self.lesson, self.step_index)
                self.start, self.game = fresh.start, fresh.game
                parts.append("The board has been set up again for the next step.")
        return Feedback(True, " ".join(parts), step_done=True, lesson_done=done, reply=reply)

    def _play_solution(self) -> None:
        """Complete the current step with its intended actions (used to resume)."""
        step = self._current_step()
        for text in step.solution:
            feedback = self.try_action(text)
            if feedback.step_done:
                return
            if not feedback.ok:
                raise ValueError(f"lesson {self.lesson.id!r} step {self.step_index}: {feedback.message}")
        raise ValueError(f"lesson {self.lesson.id!r} step {self.step_index}: the solution does not reach the goal")


__all__ = ["Feedback", "LessonRunner", "goal_reachable"]
