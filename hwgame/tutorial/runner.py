"""Playing a lesson: the learner's actions go to the engine, the step's goal judges the result.

``LessonRunner`` keeps a ``Game`` at the current step and is the judge of the window's gestures in a
lesson (``legal_actions``, ``refusal``, ``try_action``: the play screen's resolver asks it as it asks
a plain game). It passes every action through ``Game.act`` (the engine's validator) and answers with a
``Feedback``:

- refused by the engine: the engine's reason plus the step's advice; nothing changes;
- legal and the goal is reached: the turn is committed, the rival's scripted answer is played
  (checked by the engine too) and the next step begins;
- legal, the goal not reached, the turn not over (a sacrifice's actions, a catastrophe): go on;
- legal, the goal not reached and nothing left to do: why it missed, and the step starts again.

Progress is ``(lesson id, step index)``; a runner resumes from it by replaying the intended solutions
of the steps before (from the nearest step that has its own board).

Every sentence is made in the player's language at the moment it is asked for: the lesson data is
marked with ``N_()`` and translated here with ``_()``, and nothing translated is kept between calls.
A step's advice for a refusal is matched by the engine's reason code (``error.code``) or, for advice
still keyed by words, by a phrase of the English reason.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from hwgame.i18n import N_, _, current_language, ngettext, pgettext
from hwgame.rules import (
    NO_HOME,
    PASS,
    Action,
    Build,
    Capture,
    Catastrophe,
    Discover,
    EndTurn,
    Game,
    HomeworldsError,
    IllegalActionError,
    Move,
    Pass,
    Position,
    Sacrifice,
    Trade,
    Turn,
    TurnState,
    TurnStep,
    apply_action,
    check_action,
    legal_actions,
    opponent_of,
    parse_action,
    parse_turn,
    position_from_dict,
    refusal_of,
    turn_steps,
)
from hwgame.words import PLAYED, Voice, describe_turn, refusal_text, sentence, sentences

from .goals import Context
from .lesson import Highlight, Lesson, Step, hl_bank, hl_ship, hl_system

# A colour with its power, as the turn-left line names a sacrifice's actions (marked; shown with _()).
# Translators: a sacrificed colour and the power it gives, as in "2 yellow (move) actions left".
_SACRIFICE_KINDS = (N_("red (capture)"), N_("yellow (move)"), N_("green (build)"), N_("blue (trade)"))


Words = str | Callable[[], str]  # text, or a function that words it in the language in force


def _say(words: Words) -> str:
    return words() if callable(words) else words


@dataclass(frozen=True)
class Feedback:
    """The answer to one attempted action.

    ``ok`` is True when the action counted (legal and not a miss). ``legal`` is False when the engine
    refused it; ``reset`` is True when the step started again after a legal miss. ``reply`` holds the
    rival's answer in words when one was played; ``board_note`` says so when the next step starts on
    a board of its own (it is also the last sentence of ``message``). ``code`` is the engine's reason
    code of a refusal. ``played`` is the learner's action as the engine played it, with the positions
    around it (None when nothing was played, or the step started again), for a window to animate.

    The texts are kept as functions and worded when read, once per language (a miss may be explained
    by a search of the rival's replies), so a window showing a feedback follows a change of language.
    """

    ok: bool
    words: Words
    step_done: bool = False
    lesson_done: bool = False
    legal: bool = True
    reset: bool = False
    reply_words: Words = ""
    note_words: Words = ""
    code: str | None = None
    played: TurnStep | None = field(default=None, compare=False, repr=False)
    _worded: dict[tuple[str, str], str] = field(default_factory=dict, compare=False, repr=False)

    def _in_language(self, name: str, words: Words) -> str:
        key = (name, current_language())
        if key not in self._worded:
            self._worded[key] = _say(words)
        return self._worded[key]

    @property
    def message(self) -> str:
        """The whole answer, in the language in force."""
        return self._in_language("message", self.words)

    @property
    def reply(self) -> str:
        """The rival's answer in words ("" when none was played)."""
        return self._in_language("reply", self.reply_words)

    @property
    def board_note(self) -> str:
        """What changed when the next step brings its own board ("" otherwise)."""
        return self._in_language("note", self.note_words)


def same_action(a: Action, b: Action) -> bool:
    """Actions equal, except that the name given to a discovered system does not matter."""
    if isinstance(a, Discover) and isinstance(b, Discover):
        return (a.ship, a.origin.lower(), a.star) == (b.ship, b.origin.lower(), b.star)
    return a == b


def advice_matches(key: str, code: str | None) -> bool:
    """True when a step's advice ``key`` names this refusal: advice is keyed by the engine's reason
    codes (the words of a refusal differ from one language to another; its code does not)."""
    return bool(key) and key == code


def action_marks(action: Action | None, me: int) -> tuple[Highlight, ...]:
    """The marks that show where an action is made: the piece to take and where it goes.

    A catastrophe marks its overpopulation marker, as a highlight of kind ``"marker"`` whose ``piece``
    is the marker's colour."""
    if isinstance(action, Move):
        return (hl_ship(action.origin, action.ship, me), hl_system(action.destination))
    if isinstance(action, Build):
        return (hl_bank(action.piece), hl_system(action.system))
    if isinstance(action, Trade):
        return (hl_bank(action.new), hl_ship(action.system, action.old, me))
    if isinstance(action, Sacrifice):
        return (hl_ship(action.system, action.ship, me), hl_bank(action.ship))
    if isinstance(action, Capture):
        return (hl_ship(action.system, action.piece, opponent_of(me)),)
    if isinstance(action, Discover):
        return (hl_ship(action.origin, action.ship, me), hl_bank(action.star))
    if isinstance(action, Catastrophe):
        return (Highlight("marker", action.system, action.color),)
    return ()


def turn_left_words(state: TurnState) -> str:
    """What the learner may still do in the turn ``state``, in words."""
    if state.free:
        return _("You have one action (or one sacrifice) this turn.")
    if state.sac_left:
        n = state.sac_left
        kind = _(_SACRIFICE_KINDS[state.sac_color])
        return ngettext("You have {n} {kind} action left.", "You have {n} {kind} actions left.", n).format(
            n=n, kind=kind
        )
    if any(s.overpopulated() for s in state.position.systems):
        return _("Your action is used; you may still trigger a catastrophe.")
    return _("Your turn has nothing left to do.")


def names_of(position: Position, learner: int) -> tuple[str, str]:
    """The learner's and the rival's names, which their homeworlds bear (see ``words.describe_turn``)."""
    return (position.players[learner], position.players[opponent_of(learner)])


def hint_words(step: Step, k: int, names: tuple[str, str] | None = None) -> str:
    """The ``k``-th hint of a step (from 0); past the last one, the intended play in words (``names``:
    the learner's and the rival's, to word their homeworlds)."""
    if k < len(step.hints):
        return _(step.hints[k])
    return _("Try this: {play}.").format(play=describe_turn(parse_turn("; ".join(step.solution)), names=names))


def solution_words(step: Step, names: tuple[str, str] | None = None) -> str:
    """A step's intended play as one sentence ("You move blue 1 from your homeworld to Beta.")."""
    return sentence(describe_turn(parse_turn("; ".join(step.solution)), names=names))


def board_words(position: Position, learner: int) -> str:
    """The systems of a board in words, homeworlds saying whose they are: "Sol (your homeworld), ..."."""
    names = []
    for s in position.systems:
        if s.home == learner:
            names.append(_("{system} (your homeworld)").format(system=s.name))
        elif s.home != NO_HOME:
            names.append(_("{system} ({player}'s homeworld)").format(system=s.name, player=position.players[s.home]))
        else:
            names.append(s.name)
    if not names:
        return _("an empty map, every piece in the bank")
    # Translators: between the names of systems in a list ("Sol, Vega, Alpha").
    return pgettext("list separator", ", ").join(names)


def refusal_words(exc: HomeworldsError, step: Step, names: tuple[str, str] | None = None) -> str:
    """The engine's reason in the player's words, then the step's advice for it (or its first hint);
    ``names`` (the learner's and the rival's) word their homeworlds as homeworlds."""
    code = getattr(exc, "code", None)
    worded = refusal_text(exc, voice=Voice(names, you=0) if names is not None else None)
    tips = [_(text) for key, text in step.advice if advice_matches(key, code)]
    if not tips:
        tips = [_(text) for key, text in step.advice if not key]
    if not tips and step.hints:
        # Every refusal gets the step's own advice.
        tips = [_("Tip: {hint}").format(hint=_(step.hints[0]))]
    return sentences([_("Not allowed: {reason}").format(reason=sentence(worded)), *tips])


def missed_words(step: Step, ctx: Context, learner: int, ended: bool, dead_end: bool = False) -> str:
    """Why a legal turn (or an early End Turn) misses the step's goal, and that the step starts again;
    ``dead_end``: the turn goes on, but nothing left in it can reach the goal."""
    message = ""
    for mistake in step.mistakes:
        if mistake.applies(ctx):
            message = _(mistake.message)
            break
    if not message and step.goal.met(ctx) and learner in ctx.now.losers():
        message = _(
            "That reaches the goal, but leaves none of your ships at your homeworld: ending a turn "
            "like that loses the game. Keep a ship at home."
        )
    if not message:
        detail = step.goal.shortfall(ctx)
        if detail and dead_end:
            message = _("That is legal, but this turn can no longer reach the goal: {shortfall}.").format(
                shortfall=detail)
        elif detail:
            if ended:
                message = _("You ended the turn, but {shortfall}.").format(shortfall=detail)
            else:
                message = _("That is legal, but {shortfall}.").format(shortfall=detail)
        else:
            goal = _(step.goal_text) if step.goal_text else step.goal.describe(ctx)
            goal = goal[:1].lower() + goal[1:]
            if dead_end:
                message = _("That is legal, but this turn can no longer reach the goal: {goal}.").format(goal=goal)
            elif ended:
                message = _("You ended the turn, but it does not reach the goal: {goal}.").format(goal=goal)
            else:
                message = _("That is legal, but it does not reach the goal: {goal}.").format(goal=goal)
        if step.missed:
            message = sentences([message, _(step.missed)])
    return sentences([message, _("The board is back as it was: try again.")])


def goal_reachable(ctx: Context, state: TurnState, step: Step, limit: int = 5000) -> bool:
    """True when some sequence of legal actions in the turn ``state`` meets the step's goal.

    A depth-first walk over the turn's states (at most ``limit`` of them); ``ctx`` gives the start of
    the step and the learner. Lesson positions are small, so the walk is short; one that is cut short
    by the limit counts as reachable, so a learner is never sent back on a guess.
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
    return bool(stack)


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
        text = self.step.instruction if self.step else self.lesson.outro
        return _(text) if text else ""

    @property
    def goal_text(self) -> str:
        """The current goal in one sentence."""
        step = self.step
        if step is None:
            return ""
        return sentence(_(step.goal_text) if step.goal_text else step.goal.describe(self._context()))

    @property
    def highlights(self) -> tuple[Highlight, ...]:
        """What the window should point at now: the step's own marks at the start of its turn; once
        the learner has played the first actions of the intended solution, the pieces of the next
        one; and an overpopulation marker whenever a catastrophe is what comes next (or, off the
        intended path, whenever one can be triggered)."""
        step = self.step
        if step is None:
            return ()
        nxt = self.next_solution_action()
        if not self.game.pending:
            marks = step.highlights
            if isinstance(nxt, Catastrophe):
                marks = (*marks, *action_marks(nxt, self.learner))
            return marks
        if nxt is not None:
            return action_marks(nxt, self.learner)
        if self._catastrophes_possible():
            return tuple(
                Highlight("marker", s.name, c) for s in self.game.state.position.systems for c in s.overpopulated()
            )
        return step.highlights

    def turn_left(self) -> str:
        """What the learner may still do this turn, in words."""
        return turn_left_words(self.game.state)

    @property
    def names(self) -> tuple[str, str]:
        """The learner's and the rival's names: their homeworlds bear them ("at your homeworld")."""
        return names_of(self.position, self.learner)

    @property
    def hints_shown(self) -> int:
        """How many hints of the current step were given."""
        return self._hints_shown

    # --- the intended play ---
    def solution_turn(self) -> Turn:
        """The current step's intended actions (parsed), or () once the lesson is finished."""
        step = self.step
        return parse_turn("; ".join(step.solution)) if step is not None else ()

    def solution_steps(self) -> list[TurnStep]:
        """The intended play from the start of the turn, one ``TurnStep`` (action, position before,
        position after) per action: what "show me" plays out on the board."""
        try:
            return turn_steps(self.game.position, self.solution_turn())
        except IllegalActionError:
            return []  # the lessons' tests play every solution: nothing to show otherwise

    def next_solution_action(self) -> Action | None:
        """The intended action that comes next, when the turn so far follows the intended play; else
        None (also once every intended action is played)."""
        solution = [a for a in self.solution_turn() if not isinstance(a, (EndTurn, Pass))]
        done = list(self.game.pending)
        if len(done) >= len(solution):
            return None
        if not all(same_action(a, b) for a, b in zip(done, solution, strict=False)):
            return None
        return solution[len(done)]

    # --- judging (what the window's gesture resolver asks) ---
    def legal_actions(self) -> list[Action]:
        """Every action the engine allows now in the step's turn."""
        return self.game.legal_actions()

    def refusal(self, action: Action) -> IllegalActionError | None:
        """The engine's refusal of ``action`` now, or None when it may be tried (changes nothing)."""
        return refusal_of(self.game.state, action)

    # --- acting ---
    def try_action(self, action: Action | str) -> Feedback:
        """Attempt one action (an Action or its notation) and say how it went."""
        step = self.step
        if step is None:
            return Feedback(False, lambda: _("This lesson is complete."), lesson_done=True, legal=False)
        if isinstance(action, str):
            try:
                action = parse_action(action)
            except HomeworldsError as exc:
                error = exc
                return Feedback(False, lambda: sentence(refusal_text(error)), legal=False, code=exc.code)
        if isinstance(action, EndTurn):
            if not self.game.pending and self.game.state.free and not self.game.state.sac_left:
                # End Turn before any action is a pass, as in a game: a step may ask for exactly that.
                return self.try_action(PASS)
            try:
                check_action(self.game.state, action)
            except IllegalActionError as exc:
                return self._refused(exc, step)
            return self._missed(step, ended=True)
        before = self.game.state.position
        try:
            canonical = self.game.act(action)
        except IllegalActionError as exc:
            return self._refused(exc, step)
        played = TurnStep(canonical, before, self.game.state.position)
        ctx = self._context()
        home_empty = self.learner in ctx.now.losers()
        if step.goal.met(ctx) and (step.may_lose or not home_empty):
            return self._complete(step, played)
        if self._turn_over():
            return self._missed(step)
        if not goal_reachable(ctx, self.game.state, step):
            # Nothing left in this turn can reach the goal (the ship it needs was sacrificed, say): rather
            # than leave the learner in a turn that cannot succeed, say why and start the step again.
            return self._missed(step, dead_end=True)
        state = self.game.state
        names = self.names
        warn = home_empty and not step.may_lose  # in a draw lesson, leaving home is the point

        def words() -> str:
            parts = [sentence(describe_turn([canonical], names=names, mood=PLAYED)), turn_left_words(state)]
            if warn:
                parts.append(
                    _("Careful: none of your ships is at your homeworld; bring one back before the turn ends.")
                )
            return sentences(parts)

        return Feedback(True, words, played=played)

    def refused(self, exc: IllegalActionError) -> Feedback:
        """The answer to an action refused before it was tried (a drop the window's resolver found
        refused, by ``refusal``): the engine's reason and the step's advice for it, as ``try_action``
        gives."""
        step = self.step
        if step is None:
            return Feedback(False, lambda: _("This lesson is complete."), lesson_done=True, legal=False)
        return self._refused(exc, step)

    def hint(self) -> str:
        """The next hint of the current step; after the last one, the intended play in words."""
        step = self.step
        if step is None:
            return _("This lesson is complete.")
        text = hint_words(step, self._hints_shown, self.names)
        self._hints_shown += 1
        return text

    def solution_text(self) -> str:
        """The intended play of the current step in words (for a "show me" button)."""
        step = self.step
        return solution_words(step, self.names) if step is not None else ""

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
        return Context(self.start, self.game.state.position, self.learner, found, tuple(self.game.pending))

    def _catastrophes_possible(self) -> bool:
        return any(s.overpopulated() for s in self.game.state.position.systems)

    def _turn_over(self) -> bool:
        """True when the turn has no action left and no catastrophe could still change anything."""
        return self.game.state.done and not self._catastrophes_possible()

    def _refused(self, exc: HomeworldsError, step: Step) -> Feedback:
        names = self.names
        return Feedback(False, lambda: refusal_words(exc, step, names), legal=False, code=getattr(exc, "code", None))

    def _missed(self, step: Step, ended: bool = False, dead_end: bool = False) -> Feedback:
        ctx = self._context()
        learner = self.learner
        self.game.restart_turn()
        return Feedback(False, lambda: missed_words(step, ctx, learner, ended, dead_end), reset=True)

    def _complete(self, step: Step, played: TurnStep) -> Feedback:
        game = self.game
        game.commit()
        self.last_reply_turn = None
        reply: Words = ""
        if not game.is_over() and step.reply:
            rival = game.players[game.to_move]
            names = self.names
            before = game.position
            for text in step.reply:
                try:
                    turn = parse_turn(text)
                    game.play(turn)
                except HomeworldsError:
                    continue
                reply = lambda answer=turn: sentence(describe_turn(answer, rival, names, PLAYED))  # noqa: E731
                break
            else:
                turn = (PASS,)
                game.play(turn)
                reply = lambda: _("{player} passes.").format(player=rival)  # noqa: E731
            self.last_reply_turn = (before, turn)
        self.last_reply = _say(reply)
        self.step_index += 1
        done = self.finished
        note: Words = ""
        if not done:
            self._begin(game.position)
            nxt = self._current_step()
            if nxt.board is not None:
                # The next step brings its own position: say so, or the card would seem to speak of
                # the board that was just replaced.
                board, learner = self.position, self.learner
                note = lambda: _("New board: {systems}.").format(systems=board_words(board, learner))  # noqa: E731
            elif not self._replaying and not goal_reachable(self._context(), self.game.state, nxt):
                # This learner reached the goal in a way the next step cannot build on (a ship it needs
                # was sacrificed, say): the next step starts from the position the lesson intended.
                fresh = LessonRunner(self.lesson, self.step_index)
                self.start, self.game = fresh.start, fresh.game
                note = lambda: _("New board: the board has been set up again for the next step.")  # noqa: E731
        outro = self.lesson.outro if done else ""

        def words() -> str:
            parts = [_(step.done) if step.done else _("Well done!")]
            if reply:
                parts.append(_say(reply))
                if step.reply_note:
                    parts.append(_(step.reply_note))
            if outro:
                parts.append(_(outro))
            if note:
                parts.append(_say(note))
            return sentences(parts)

        return Feedback(True, words, step_done=True, lesson_done=done, reply_words=reply, note_words=note,
                        played=played)

    def board_words(self) -> str:
        """The systems of the board now, in words: homeworlds say whose they are."""
        return board_words(self.position, self.learner)

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


__all__ = [
    "Feedback", "LessonRunner", "action_marks", "advice_matches", "board_words", "goal_reachable", "hint_words",
    "missed_words", "names_of", "refusal_words", "same_action", "solution_words", "turn_left_words",
]  # fmt: skip
