"""The flow of a game in the window: whose turn, playing and committing, undo, the computer's turns, hints.

Pure logic on top of ``controller.ActionResolver`` (no pygame). Human actions go through ``Game.act``;
the computer's turn goes through ``Game.play`` before anything is shown, and the steps it validated are
handed to the screen as a list of Effects to animate one action at a time. Whether a reply is stale is
the AI worker's business: every change of the game that makes one so (undo, a new game, a load) cancels
the request, and a cancelled request never answers.

The window judges no position itself: on a human's turn it asks the worker for the verdict of the
position the turn starts from (``hwgame.analysis``), first the quick one (the threats and what is proven
at once, in a fraction of a second), then the full one (a search under the hint's limit), and keeps them
in an ``Analyst``. The hint is the verdict's best turn, the advantage bar reads the verdict of the board
shown, and the warnings (a threat to parry, a turn that lets the opponent win at once) read its threats.
The computer's own turn always goes first: asking for it withdraws an analysis out. In a teaching game
(``teaching.Teacher``) the computer's turn waits while the verdicts of the boards before and after the
player's turn are asked for, and while the player chooses after a turn that gave much away.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from hwgame.app.control.controller import COMPUTER, HUMAN, ActionResolver, Effect, GameJudge, Judge
from hwgame.app.control.events import AIFailed, Committed, ComputerPlayed, FlowEvent, HintReady
from hwgame.app.control.hint_ladder import IDEA, PIECES, TURN, HintLadder, lit_targets, shown_rung
from hwgame.app.control.targets import Target
from hwgame.app.control.teaching import TEACHING_HOLD, Slip, Teacher
from hwgame.app.control.text import Text, Worded, join_sentences
from hwgame.app.services.coach import Analyst, ending_loses, hint_ladder, undo_of, verdict_chooser, verdict_of
from hwgame.app.services.opponent import CAREFUL_NORMAL_LEVEL, Opponent, Purpose
from hwgame.i18n import _, pgettext
from hwgame.rules import (
    PLAYING,
    Action,
    EndTurn,
    Game,
    IllegalActionError,
    Position,
    Turn,
    format_turn,
    opponent_of,
)
from hwgame.words import (
    Voice,
    chance_sentence,
    describe_action,
    ideas_text,
    lit_text,
    losing_end_text,
    lost_hint_text,
    proof_text,
    refusal_text,
    rung_text,
    strengthens_text,
    threat_warning,
    why_sentences,
)

if TYPE_CHECKING:
    from hwgame.app.control.timing import GameClock
    from hwgame.app.services.coach import Ladder, SearchReply, Verdict, Why
    from hwgame.rules import PositionKey

# How long the window may spend (CPU seconds) finding out whether the turn about to be ended lets the
# opponent win at once; past it the answer is "unknown", and nothing is said.
LOSING_CHECK_SECONDS = 0.15


def full_verdict(verdict: Verdict) -> bool:
    """True when ``verdict`` is the full judgement (a best turn from the search, or a proven win), not
    only the quick proofs."""
    return verdict.best is not None and (verdict.depth > 0 or verdict.proof is not None)


class PlayController(ActionResolver):
    """A game with seats (human or computer), the turn in progress, and the computer's answers.

    ``effects`` collects every change of the board for the screen to animate; ``events`` collects
    short notices for the screen, the dataclasses of ``hwgame.app.control.events`` (``Committed``,
    ``ComputerPlayed``, ``AIFailed``, ``HintReady``).

    ``on_change(controller)`` is called whenever what a save holds changes: an action, a turn (either
    side's), an undo, a restarted turn, a seat taken over. The controller itself is handed over, so the
    autosave knows who sits where without looking for it. ``on_commit(game)`` is called after each turn
    and undo only.

    ``hint_text`` and ``ai_error`` are worded when read, in the language in force.
    """

    hint_text = Worded()
    ai_error: Worded[str | None] = Worded()

    def __init__(
        self,
        game: Judge | Game,
        seats: tuple[str, str] = (HUMAN, HUMAN),
        levels: tuple[str, str] = ("easy", "easy"),
        opponent: Opponent | None = None,
        on_commit: Callable[[Game], object] | None = None,
        on_change: Callable[[PlayController], object] | None = None,
    ):
        super().__init__(game)
        self.seats = list(seats)
        self.levels = list(levels)
        self.opponent = opponent or Opponent()
        self.on_commit = on_commit
        self.on_change = on_change
        self.effects: deque[Effect] = deque()
        self.events: deque[FlowEvent] = deque()
        self.ai_error = None
        self.hint: tuple | None = None
        self.hint_text = ""
        # The Hint button's ladder (``next_hint``): the rung reached, and the pieces the second rung rings.
        self.ladder = HintLadder()
        self.hint_lit: tuple[Target, ...] = ()
        # The verdicts of this game's positions (the hint, the bar and the warnings read them).
        self.analyst = Analyst()
        # The analysis out now: (turn index, board, quick or not, the position asked about).
        self._analysing: tuple[int, PositionKey, bool, Position] | None = None
        self._analysis_failed: set[tuple[int, PositionKey, bool]] = set()
        self._full_done: set[tuple[int, PositionKey]] = set()  # full verdicts that came back, good or not
        self._hint_wanted: tuple[int, PositionKey] | None = None  # the hint waits for this full verdict
        # Warnings are the screen's to switch: off in the settings, and never in a lesson or a puzzle.
        self.warnings_on = True
        self._losing: tuple[tuple, bool] | None = None  # (turn so far, whether ending it loses at once)
        # The last hint given: (the index the turn it was for has in the game, the hinted turn).
        self.last_hint: tuple[int, tuple] | None = None
        # Why the computer played its last turn: (index of that turn in the game, the search's facts).
        self.computer_why: tuple[int, Why] | None = None
        # Actions of the turn in progress taken back by Undo, latest last, for Redo to play again; a new
        # action forgets them (the game's own redo keeps whole turns).
        self._undone: list[Action] = []
        # The game's clock (``timing.GameClock``), None for a game without one; told of every turn and undo.
        self.clock: GameClock | None = None
        # A teaching game's checks of the player's turns (``teaching.Teacher``), None for a game without.
        self.teacher: Teacher | None = None

    def why_computer(self) -> list[str]:
        """Why the computer played the last turn of the game, in sentences from its search (empty when
        the last turn is not the computer's, or its search named nothing)."""
        found = self.computer_why
        if found is None or found[0] != len(self.game.turns) - 1 or self.game.pending:
            return []
        return why_sentences(found[1], self.voice(), gains=False)

    # --- the verdict of the board ---
    def turn_start(self, computer_showing: bool = False) -> tuple[Position, int] | None:
        """(position, turn index) of the start of the turn the board shows: the turn in progress, or,
        while the computer's last turn is still being animated, that turn; None during setup or once
        the game is over."""
        game = self.game
        if computer_showing and game.turns:
            n = len(game.turns) - 1
            position = game.positions[n]
        else:
            n, position = len(game.turns), game.position
        if position.stage < PLAYING or position.is_over() or (self.is_over() and not computer_showing):
            return None
        return position, n

    def verdict_shown(self, computer_showing: bool = False) -> Verdict | None:
        """The verdict known of the start of the turn the board shows (see ``turn_start``), or None."""
        start = self.turn_start(computer_showing)
        return None if start is None else self.analyst.get(*start)

    def advantage(self, player: int, computer_showing: bool = False) -> float | None:
        """``player``'s chance to win on the board shown, from its verdict (1 or 0 where proven); None
        while no verdict says, during setup or once the game is over. Never a search of the window's."""
        verdict = self.verdict_shown(computer_showing)
        return None if verdict is None else verdict.chance_for(player)

    # --- seats ---
    @property
    def vs_computer(self) -> bool:
        """True when one seat is the computer."""
        return COMPUTER in self.seats

    @property
    def bottom(self) -> int:
        """The player drawn at the bottom of the screen: the human against the computer, else player 0."""
        if self.seats[0] == COMPUTER and self.seats[1] == HUMAN:
            return 1
        return 0

    def voice(self) -> Voice:
        """Who the players are in words: against the computer the human is "you" and the other seat "the
        computer"; otherwise the player to move is "you" and the other is named."""
        if self.seats.count(COMPUTER) == 1:
            computer = self.seats.index(COMPUTER)
            return Voice(self.game.players, you=opponent_of(computer), computer=computer)
        return super().voice()

    def human_to_move(self) -> bool:
        """True when a human may act now (the game goes on and it is a human's turn)."""
        return not self.is_over() and self.seats[self.game.to_move] == HUMAN

    def computer_to_move(self) -> bool:
        """True when the computer should be choosing a turn now."""
        return not self.is_over() and self.seats[self.game.to_move] == COMPUTER

    @property
    def thinking(self) -> bool:
        """True while the computer searches for its own turn."""
        return self.opponent.purpose == Purpose.MOVE

    # --- human actions ---
    def drag_refusal(self, source: Target | None) -> str | None:
        """Why ``source`` cannot be dragged now (also: not your turn), or None."""
        if self.is_over():
            return _("the game is over")
        if not self.human_to_move():
            return _("wait: it is the computer's turn")
        return super().drag_refusal(source)

    def play(self, action: Action) -> str | None:
        """Apply one action of the human to move; return the engine's reason if it is refused."""
        if not self.human_to_move():
            return _("it is not your turn")
        before = self.game.state.position
        player = self.game.to_move
        try:
            canonical = self.judge.try_action(action)
        except IllegalActionError as exc:
            return refusal_text(exc, voice=self.voice())
        if isinstance(canonical, EndTurn):
            self._after_commit()
            return None
        if not isinstance(canonical, Action):  # only a game's judge plays here (a lesson plays its own way)
            return None
        self.effects.append(Effect(before, canonical, self.game.state.position, player))
        self._forget_hint()
        if not self._redoing:
            self._undone.clear()
        if not self.game.in_setup:
            # A homeworld is built and its setup turn ended in one step: only a turn in play is kept
            # half done (and a turn in progress must survive a window that closes).
            self._changed()
        return None

    def end_turn(self) -> str | None:
        """Commit the turn in progress (the screen asked for confirmation first); None when done."""
        if not self.human_to_move():
            return _("it is not your turn")
        try:
            self.game.commit()
        except IllegalActionError as exc:
            return refusal_text(exc, voice=self.voice())
        self._after_commit()
        return None

    def restart_turn(self) -> bool:
        """Take back every action of the turn in progress."""
        if not self.game.pending or not self.human_to_move():
            return False
        self.game.restart_turn()
        self.effects.clear()
        self._changed()
        return True

    def _after_commit(self) -> None:
        if self.clock is not None:
            self.clock.turn_ended(self.game)
        self._forget_hint()
        self.events.append(Committed())
        self._committed()
        self.start_computer()

    def _committed(self) -> None:
        """A turn was played or taken back."""
        if self.on_commit is not None:
            self.on_commit(self.game)
        self._changed()

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self)

    # --- undo ---
    def _undo_target(self) -> int | None:
        """Index of the latest committed turn the undo should go back to, or None."""
        positions = self.game.positions
        for k in range(len(self.game.turns) - 1, -1, -1):
            before = positions[k]
            if before.stage < PLAYING and not self.game.in_setup:
                return None  # never undo back into the setup once play has started
            if self.seats[before.to_move] == HUMAN:
                return k
        return None

    def undo(self) -> str:
        """Take back the last action of the turn in progress, else the last human turn (and the
        computer's answer to it). Returns a short message for the screen."""
        if self.thinking:
            self.opponent.cancel()
        self.ai_error = None
        self._forget_hint()
        self.effects.clear()
        if self.game.pending:
            self._undone.append(self.game.pending[-1])
            self.game.undo_action()
            self._changed()
            return _("Took back the last action.")
        if not self.vs_computer:
            last = len(self.game.turns) - 1
            if last < 0 or (self.game.positions[last].stage < PLAYING and not self.game.in_setup):
                return _("Nothing to take back.")
            self.game.undo()
            self._clock_taken_back()
            self.events.append(Committed(undo=True))
            self._committed()
            return _("Took back the last turn.")
        k = self._undo_target()
        if k is None:
            self.start_computer()
            return _("Nothing to take back.")
        undone = 0
        while len(self.game.turns) > k:
            self.game.undo()
            undone += 1
        self._clock_taken_back()
        self._committed()
        self.events.append(Committed(undo=True))
        return _("Took back your turn and the computer's answer.") if undone > 1 else _("Took back your turn.")

    _redoing = False  # True while Redo plays an action again (which must not forget the others undone)

    def can_redo(self) -> bool:
        """True when Redo has something to play again: an action or a turn taken back by Undo."""
        if not self.human_to_move():
            return False
        if self._undone:
            return True
        return isinstance(self.judge, GameJudge) and not self.game.pending and self.game.can_redo()

    def redo(self) -> str:
        """Play again what Undo took back last: an action of the turn in progress, else a whole turn
        (against the computer: the player's turn and the computer's answer, as Undo took them). Returns a
        short message for the screen."""
        if not self.can_redo():
            return _("Nothing to redo.")
        if self._undone:
            self._redoing = True
            try:
                reason = self.play(self._undone.pop())
            finally:
                self._redoing = False
            if reason:
                self._undone.clear()
                return reason
            return _("Played the action again.")
        self._forget_hint()
        self.effects.clear()
        replayed = 0
        while self.game.can_redo() and (replayed == 0 or self.computer_to_move()):
            self.game.redo()
            replayed += 1
        self._clock_taken_back()
        self._committed()
        self.events.append(Committed())
        self.start_computer()
        return _("Played the turn again.") if replayed == 1 else _("Played your turn and the computer's answer again.")

    # --- the clock ---
    def _clock_taken_back(self) -> None:
        if self.clock is not None:
            self.clock.taken_back(self.game)

    def check_time(self) -> None:
        """End the game when the running clock has reached zero: the player loses on time ("win-timeout"),
        through the same path as any other end (autosave, record, game-over card). A turn in progress
        is taken back first: it was never ended."""
        clock = self.clock
        if clock is None:
            return
        clock.follow(self.game)
        loser = clock.flagged(self.game)
        if loser is None:
            return
        if self.thinking:
            self.opponent.cancel()
        self.game.restart_turn()
        self._undone.clear()
        self.effects.clear()
        self.game.concede(loser, "win-timeout")
        clock.follow(self.game)
        self._forget_hint()
        self.events.append(Committed())
        self._committed()

    # --- a teaching game (``teaching``) ---
    def teach(self, on: bool = True) -> bool:
        """Make this game a teaching game (or not): against the computer only; True when it is one."""
        if not on or self.seats.count(COMPUTER) != 1:
            self.teacher = None
        else:
            computer = self.seats.index(COMPUTER)
            self.teacher = Teacher(opponent_of(computer), self.levels[computer], self.analyst.get, self._settled)
        return self.teacher is not None

    def _settled(self, position: Position, n: int) -> bool:
        """True when no better verdict of ``position`` (turn ``n``) is on its way: the full one is known,
        came back, or could not be had."""
        known = self.analyst.get(position, n)
        key = position.key()
        return (known is not None and full_verdict(known)) or (n, key) in self._full_done or (
            n, key, False) in self._analysis_failed

    def teaching_stop(self) -> Slip | None:
        """The turn a teaching game is stopped on, waiting for the player's choice, or None."""
        return None if self.teacher is None else self.teacher.stop(self.game)

    def teaching_check(self) -> bool:
        """True while a teaching game checks the player's last turn before the computer answers."""
        return self.teacher is not None and self.teacher.checking(self.game)

    def keep_turn(self) -> None:
        """The player keeps the turn a teaching game stopped on: the computer answers it."""
        if self.teacher is not None:
            self.teacher.keep(self.game)
        self._hold_for_teaching()
        self.start_computer()

    def _hold_for_teaching(self) -> bool:
        """Whether the computer waits for a teaching game's check or choice (its clock held meanwhile)."""
        holds = self.teacher is not None and self.teacher.holds(self.game)
        if self.clock is not None:
            self.clock.clock.hold(TEACHING_HOLD, holds)
        return holds

    # --- the computer ---
    def start_computer(self) -> None:
        """Ask the worker for the computer's turn if it is the computer's move and nothing is asked yet
        (a teaching game's check or stop first)."""
        held = self._hold_for_teaching()  # worked out on every call: the clock's hold is let go too
        if not self.computer_to_move() or self.thinking or self.ai_error or held:
            return
        if self.opponent.purpose is not None:
            self._stop_analysis()  # the computer's own turn goes before any analysis
        level = self.levels[self.game.to_move]
        # With a clock, the computer's search stays well inside the time it has left.
        history = self.game.repetition_counts()
        if self.clock is None:
            asked = self.opponent.request(self.game.position, level, Purpose.MOVE, history)
        else:
            budget = self.clock.budget_seconds(self.game.to_move)
            asked = self.opponent.request(self.game.position, level, Purpose.MOVE, history, seconds=budget)
        if isinstance(asked, str):
            self._ai_failed(asked)

    def _ai_failed(self, message: Text) -> None:
        """The computer cannot move; ``message`` (``Text``) says why."""
        self.ai_error = message
        self.events.append(AIFailed(message))

    def retry_computer(self) -> None:
        """After a failure: ask the computer again."""
        self.ai_error = None
        self.start_computer()

    def take_over(self) -> None:
        """After a failure: the computer's seat becomes a human seat (hotseat from here on)."""
        self.opponent.cancel()
        self.ai_error = None
        self.seats = [HUMAN, HUMAN]
        self.teach(False)
        self._changed()  # the save says who plays each side

    def update(self) -> None:
        """Poll the worker: play a finished computer turn (checked by the engine), or keep a verdict
        (and show the hint that waited for it); then ask for what is missing: the computer's turn, else
        the verdict of the human's position."""
        self.check_time()
        purpose = self.opponent.purpose
        reply = self.opponent.poll()
        if reply is not None:
            if purpose == Purpose.ANALYSE:
                self._analysis_ready(reply)
            else:
                self._computer_answer(reply)
        self.start_computer()
        self.start_analysis()

    def _computer_answer(self, reply: SearchReply) -> None:
        turn = reply.turn
        if turn is None:
            error = reply.error
            self._ai_failed(lambda: _("The computer could not choose a turn: {error}").format(
                error=error if error is not None else _("the computer found no turn")))
            return
        game = self.game
        player = game.to_move
        turn = game.with_new_names(turn)  # the computer names what it discovers as the window would
        try:
            steps = game.play(turn)
        except IllegalActionError as exc:
            refusal, voice = exc, self.voice()
            self._ai_failed(
                lambda: _("The computer chose an illegal turn ({reason}).").format(
                    reason=refusal_text(refusal, voice=voice)))
            return
        if self.clock is not None:
            self.clock.turn_ended(game)
        why = reply.info.why
        self.computer_why = (len(game.turns) - 1, why) if why is not None else None
        # The steps the game validated, one by one, so the screen can show each action.
        for step in steps:
            self.effects.append(Effect(step.before, step.action, step.after, player, by_computer=True))
        self.events.append(ComputerPlayed(format_turn(turn)))
        self._committed()

    # --- the verdict of the human's position ---
    def analysis_target(self) -> tuple[Position, int] | None:
        """(position, turn index) whose verdict is wanted now: the start of a human's turn in play,
        while the computer is not asked for its own; None otherwise."""
        if not self.human_to_move() or self.thinking or self.ai_error:
            return None
        position = self.game.position
        if position.stage < PLAYING or position.is_over():
            return None
        return position, len(self.game.turns)

    def _stop_analysis(self) -> None:
        if self.opponent.purpose == Purpose.ANALYSE:
            self.opponent.cancel()
        self._analysing = None

    def verdict_target(self) -> tuple[Position, int] | None:
        """(position, turn index) whose verdict is asked for now: the one a teaching game's check waits
        for, else the ``analysis_target``."""
        wanted = None if self.teacher is None else self.teacher.wanted(self.game)
        return wanted if wanted is not None and not self.thinking else self.analysis_target()

    def start_analysis(self) -> None:
        """Ask for the verdict of the human's position when it is not known yet: the quick one first,
        then the full one. An analysis out for another position is withdrawn."""
        target = self.verdict_target()
        out = self._analysing if self.opponent.purpose == Purpose.ANALYSE else None
        if out is not None and (target is None or out[:2] != (target[1], target[0].key())):
            self._stop_analysis()
            out = None
        if target is None or self.opponent.purpose is not None:
            return
        position, n = target
        key = position.key()
        known = self.analyst.get(position, n)
        if (n, key) in self._full_done or (known is not None and full_verdict(known)):
            return
        quick = known is None
        if (n, key, quick) in self._analysis_failed:
            if not quick or (n, key, False) in self._analysis_failed:
                return
            quick = False  # the quick proofs failed: the full verdict has them too
        self._ask_verdict(position, n, quick)

    def _ask_verdict(self, position: Position, n: int, quick: bool) -> str | None:
        """Send the request for a verdict; an error message when the computer cannot be asked."""
        avoid = () if quick or n != len(self.game.turns) else self._undoing_last_hint()
        history = Counter(p.key() for p in self.game.positions[: n + 1])  # the boards met up to turn ``n``
        asked = self.opponent.request(position, CAREFUL_NORMAL_LEVEL, Purpose.ANALYSE, history,
                                      avoid=avoid, choose=verdict_chooser(n, quick))  # fmt: skip
        if isinstance(asked, str):
            self._analysis_failed.add((n, position.key(), quick))
            return asked
        self._analysing = (n, position.key(), quick, position)
        return None

    def _analysis_ready(self, reply: SearchReply) -> None:
        """A verdict came back: keep it (whatever position it is of), and give the hint that waited."""
        asked, self._analysing = self._analysing, None
        if asked is None:
            return
        n, key, quick, position = asked
        verdict = verdict_of(reply)
        if verdict is None:
            if not reply.info.cancelled:
                self._analysis_failed.add((n, key, quick))
            if not quick:
                self._full_done.add((n, key))
                if self._hint_wanted == (n, key):
                    self._hint_wanted = None
                    self.hint_text = lambda: _("The hint failed.")
            return
        kept = self.analyst.offer(position, n, verdict)
        if not quick:
            self._full_done.add((n, key))
        if self._hint_wanted == (n, key) and (not quick or full_verdict(kept)):
            target = self.analysis_target()
            if target is not None and (target[1], target[0].key()) == (n, key):
                self._give_hint(kept)

    def current_verdict(self) -> Verdict | None:
        """The verdict known of the position the human's turn starts from, or None."""
        target = self.analysis_target()
        return None if target is None else self.analyst.get(*target)

    # --- warnings ---
    def threat_shown(self) -> tuple[Turn, ...]:
        """The opponent's turns that would win at once if the human passed, to warn of before the human
        acts (empty with the warnings off, once an action is played, or when the human wins first)."""
        if not self.warnings_on or self.game.pending:
            return ()
        verdict = self.current_verdict()
        if verdict is None or not verdict.threats:
            return ()
        proof = verdict.proof_for(self.game.to_move)
        if proof is not None and proof.result == "win" and proof.turns <= 1:
            return ()  # the player wins this turn: that is what the hint says
        return verdict.threats

    def threat_text(self) -> str:
        """The warning of a threat in words ("Danger: the computer can win on its next turn. ..."), or ""."""
        threats = self.threat_shown()
        if not threats:
            return ""
        return threat_warning(threats[0], len(threats), opponent_of(self.game.to_move), self.voice())

    def end_would_lose(self) -> bool:
        """True when ending the turn as it stands lets the opponent win at once, while a turn that
        survives existed (the verdict of the turn's start is not a proven loss). Worked out once per
        turn so far, within ``LOSING_CHECK_SECONDS``; an answer not reached in time is no warning."""
        if not self.warnings_on or not self.human_to_move():
            return False
        pos = self.game.state.position
        if pos.stage < PLAYING:
            return False
        start = self.current_verdict()
        proof = None if start is None else start.proof_for(self.game.to_move)
        if proof is not None and proof.result == "loss":
            return False  # every turn loses: there is no better turn to point to
        key = (len(self.game.turns), pos.key(), id(self.game.state))
        if self._losing is None or self._losing[0] != key:
            self._losing = (key, self._ending_loses(pos))
        return self._losing[1]

    def _ending_loses(self, pos: Position) -> bool:
        return ending_loses(pos, self.game.repetition_counts(), LOSING_CHECK_SECONDS) is True

    def end_turn_warnings(self) -> list[str]:
        """The rules' reasons to confirm (see ``ActionResolver``), and the warning of a turn after
        which the opponent can win at once."""
        out = super().end_turn_warnings()
        pos = self.game.state.position
        # A teaching game says it after the turn, with Try again and the reply shown: not twice.
        if pos.stage >= PLAYING and self.teacher is None and self.end_would_lose():
            from hwgame.rules import end_turn as ended

            if not ended(pos).is_over():  # a game lost by the turn itself is said by the rules' reasons
                out.append(losing_end_text(opponent_of(pos.to_move), self.voice()))
        return out

    # --- hints ---
    def next_hint(self) -> str:
        """The Hint button: the next rung of the hint's ladder (``hint_ladder``): the idea in words of the
        board, then the pieces that act, then the whole turn, which Show plays. Returns a message."""
        target = self.analysis_target()
        # The ladder speaks of the board the turn starts from, whose pieces it rings: once an action is
        # played the board differs, and the hint is the whole turn from the start, as it always was.
        if target is not None and self._hint_wanted is None and not self.game.pending:
            self.ladder.climb((target[1], target[0].key()))
        return self.request_hint()

    def request_hint(self) -> str:
        """The best turn of the verdict of this turn's start: at once when the full verdict is known,
        else when it comes (it is asked for now if it is not on its way). Returns a message."""
        if not self.human_to_move():
            return _("A hint is for your own turn.")
        if self.thinking:
            return _("The computer is busy.")
        target = self.analysis_target()
        if target is None:
            self.hint_text = lambda: _("No hint this time.")
            return ""
        position, n = target
        key = position.key()
        known = self.analyst.get(position, n)
        if known is not None and (full_verdict(known) or ((n, key) in self._full_done and known.best is not None)):
            self._give_hint(known)
            return ""
        self._hint_wanted = (n, key)
        out = self._analysing if self.opponent.purpose == Purpose.ANALYSE else None
        if out is None or out[:3] != (n, key, False):
            self._stop_analysis()
            self._analysis_failed.discard((n, key, False))  # asked again: try again
            self._full_done.discard((n, key))
            failed = self._ask_verdict(position, n, quick=False)
            if failed is not None:
                self._hint_wanted = None
                return failed
        self.hint_text = lambda: _("Thinking about a hint...")
        return ""

    @property
    def hint_waiting(self) -> bool:
        """True while a hint asked for waits for the verdict it is read from."""
        return self._hint_wanted is not None

    def _give_hint(self, verdict: Verdict) -> None:
        """Show ``verdict``'s best turn as the hint, worded for the position it was judged at; or, when
        the Hint button climbs the ladder, the rung reached (``_give_rung``)."""
        self._hint_wanted = None
        self.hint_lit = ()
        me, voice, from_start = self.game.to_move, self.voice(), bool(self.game.pending)
        position = self.game.position  # the turn's start, which the verdict judges
        rung = self.ladder.rung_at((len(self.game.turns), position.key()))
        if rung and rung < TURN and (verdict.best is not None or verdict.proof_for(me) is not None):
            ladder = hint_ladder(position, verdict)
            rung = shown_rung(rung, ladder)
            self.ladder.settle(rung)
            if rung in (IDEA, PIECES):
                if verdict.best is not None:  # the turn the player is led to: the next hint does not undo it
                    self.last_hint = (len(self.game.turns), self.game.with_new_names(verdict.best))
                self._give_rung(rung, ladder, position)
                return
        if verdict.best is None:
            proof = verdict.proof_for(me)
            if proof is not None:
                self.hint = None
                self.hint_text = lambda: proof_text(proof, me, voice)
            else:
                self.hint_text = lambda: _("No hint this time.")
            return
        hint = self.hint = self.game.with_new_names(verdict.best)  # no name this game used before
        self.last_hint = (len(self.game.turns), hint)
        self.hint_text = lambda: verdict_hint_words(verdict, me, hint, from_start, voice)
        self.events.append(HintReady(self.hint_text))

    def _give_rung(self, rung: int, ladder: Ladder, position: Position) -> None:
        """Show the first rung (the ideas) or the second (the ideas, and the pieces that act ringed)."""
        self.hint = None
        voice, ideas = self.voice(), ladder.ideas
        if rung == PIECES:
            lit = self.hint_lit = lit_targets(position, ladder.lit)
            self.hint_text = lambda: join_sentences([ideas_text(ideas, voice), lit_text(len(lit))])
        else:
            self.hint_text = lambda: join_sentences([ideas_text(ideas, voice), rung_text()])
        self.events.append(HintReady(self.hint_text))

    def _undoing_last_hint(self) -> tuple[Turn, ...]:
        """The turn that would undo the player's last turn, when that turn was the hint given for it: the
        next hint passes over it unless it parries a threat, which the hint then names (``Manner.avoid``)."""
        given = self.last_hint
        mine = len(self.game.turns) - 2  # the player's own last turn, before the other side's answer
        if given is None or mine < 0 or given[0] != mine or tuple(self.game.turns[mine]) != given[1]:
            return ()
        undo = undo_of(given[1])
        return (undo,) if undo is not None else ()

    def _forget_hint(self) -> None:
        """The hint no longer applies (an action, a turn, an undo); the analysis of the turn's start
        goes on, since the start has not changed."""
        self._hint_wanted = None
        self.hint = None
        self.hint_text = ""
        self.hint_lit = ()
        self.ladder.reset()

    def close(self) -> None:
        """Stop thinking (new game, quit) and forget the game's verdicts."""
        self.opponent.cancel()
        self._analysing = None
        self.analyst.clear()


def turn_words(turn: Iterable[Action], voice: Voice | None = None) -> str:
    """The actions of a hinted turn in a row: "Build ...; then Move ..."."""
    # Translators: between two actions of a hinted turn, "Build ...; then Move ...".
    return pgettext("between the actions of a hint", "; then ").join(describe_action(a, voice) for a in turn)


def verdict_hint_words(verdict: Verdict, player: int, turn: Iterable[Action], from_start: bool, voice: Voice) -> str:
    """The hint of a verdict for ``player`` (to move): a proven loss said as one, with the turn that
    makes the win hardest (and no plan the proof refutes); a proven result beside the turn; else the
    turn, the facts behind it and the chance to win, the same number the advantage bar shows."""
    proof = verdict.proof_for(player)
    if proof is not None and proof.result == "loss":
        return lost_hint_text(proof, player, voice, turn_words(turn, voice))
    if proof is not None:
        return hint_words(turn, from_start, [proof_text(proof, player, voice)], voice)
    why = why_sentences(verdict.why, voice, gains=False) if verdict.why is not None else []
    if not why and verdict.strengthens:
        # A quiet turn: what it does for the player's position, in pieces and places they can see.
        why = [strengthens_text(verdict.strengthens, player, voice)]
    chance = verdict.chance_for(player)
    told = [chance_sentence(player, chance, voice)] if chance is not None else []
    return hint_words(turn, from_start, [*why, *told], voice)


def hint_words(turn: Iterable[Action], from_start: bool, why: list[str], voice: Voice | None = None) -> str:
    """A hint as the panel shows it: the turn's actions, then ``why`` (sentences already worded: the
    facts of the search behind it, ``words.why_sentences``), in the language in force; ``voice`` words
    the homeworlds."""
    words = turn_words(turn, voice)
    if from_start:
        head = _("Hint (from the start of the turn): {turn}.").format(turn=words)
    else:
        head = _("Hint: {turn}.").format(turn=words)
    return join_sentences([head, *why])
