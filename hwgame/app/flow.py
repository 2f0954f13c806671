"""The flow of a game in the window: whose turn, playing and committing, undo, the computer's turns, hints.

Pure logic on top of ``controller.ActionResolver`` (no pygame). Human actions go through ``Game.act``;
the computer's turn goes through ``Game.play`` before anything is shown, and the steps it validated are
handed to the screen as a list of Effects to animate one action at a time. Whether a reply is stale is
the AI worker's business: every change of the game that makes one so (undo, a new game, a load) cancels
the request, and a cancelled request never answers.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

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
from hwgame.words import Voice, describe_action, refusal_text, why_sentences

from .controller import COMPUTER, HUMAN, ActionResolver, Effect, GameJudge, Judge
from .events import AIFailed, Committed, ComputerPlayed, FlowEvent, HintReady
from .opponent import HINT, HINT_LEVEL, MOVE, Opponent
from .targets import Target
from .text import Text, Worded, join_sentences

if TYPE_CHECKING:
    from hwgame.ai.handoff import SearchReply
    from hwgame.ai.why import Why


class PlayController(ActionResolver):
    """A game with seats (human or computer), the turn in progress, and the computer's answers.

    ``effects`` collects every change of the board for the screen to animate; ``events`` collects
    short notices for the screen, the dataclasses of ``hwgame.app.events`` (``Committed``,
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
        self._advantage: tuple[tuple, float] | None = None  # (board, turns played) -> seat 0's chance
        # The last hint given: (the index the turn it was for has in the game, the hinted turn).
        self.last_hint: tuple[int, tuple] | None = None
        # Why the computer played its last turn: (index of that turn in the game, the search's facts).
        self.computer_why: tuple[int, Why] | None = None
        # Actions of the turn in progress taken back by Undo, latest last, for Redo to play again; a new
        # action forgets them (the game's own redo keeps whole turns).
        self._undone: list[Action] = []

    def why_computer(self) -> list[str]:
        """Why the computer played the last turn of the game, in sentences from its search (empty when
        the last turn is not the computer's, or its search named nothing)."""
        found = self.computer_why
        if found is None or found[0] != len(self.game.turns) - 1 or self.game.pending:
            return []
        return why_sentences(found[1], self.voice(), gains=False)

    def advantage(self, position: Position, player: int) -> float | None:
        """``player``'s chance to win at ``position`` (the board shown, mid-turn or not), from the
        computer's static evaluation read on the win-chance curves; None during setup or once the game
        is over. Kept for the last board asked about: the bar asks every frame."""
        if position.stage < PLAYING or position.is_over():
            return None
        key = (position.key(), len(self.game.turns))
        if self._advantage is None or self._advantage[0] != key:
            from hwgame.ai.evaluate import evaluate
            from hwgame.ai.tactics import find_win
            from hwgame.ai.winchance import SURE, phase_of_turn, turns_in_play, win_chance

            if find_win(position) is not None:
                chance = SURE  # the side to move wins this turn: the evaluation alone would not say so
            else:
                chance = win_chance(evaluate(position), phase_of_turn(turns_in_play(len(self.game.turns))))
            self._advantage = (key, chance if position.to_move == 0 else 1.0 - chance)
        seat0 = self._advantage[1]
        return seat0 if player == 0 else 1.0 - seat0

    def chance_of(self, score: float) -> float:
        """The chance to win of the side to move now, for a search ``score`` of its."""
        from hwgame.ai.winchance import phase_of_turn, turns_in_play, win_chance

        return win_chance(score, phase_of_turn(turns_in_play(len(self.game.turns))))

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
        return self.opponent.purpose == MOVE

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
        self._committed()
        self.events.append(Committed())
        self.start_computer()
        return _("Played the turn again.") if replayed == 1 else _("Played your turn and the computer's answer again.")

    # --- the computer ---
    def start_computer(self) -> None:
        """Ask the worker for the computer's turn if it is the computer's move and nothing is asked yet."""
        if not self.computer_to_move() or self.thinking or self.ai_error:
            return
        level = self.levels[self.game.to_move]
        asked = self.opponent.request(self.game.position, level, MOVE, self.game.repetition_counts())
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
        self._changed()  # the save says who plays each side

    def update(self) -> None:
        """Poll the worker: play a finished computer turn (checked by the engine) or show a hint."""
        purpose = self.opponent.purpose
        reply = self.opponent.poll()
        if reply is not None:
            if purpose == HINT:
                self._hint_ready(reply)
            else:
                self._computer_answer(reply)
        self.start_computer()

    def _computer_answer(self, reply: SearchReply) -> None:
        turn = reply.turn
        if turn is None:
            error = reply.error
            self._ai_failed(lambda: _("The computer could not choose a turn: {error}").format(
                error=error if error is not None else _("the computer found no turn")))
            return
        game = self.game
        player = game.to_move
        try:
            steps = game.play(turn)
        except IllegalActionError as exc:
            refusal, voice = exc, self.voice()
            self._ai_failed(
                lambda: _("The computer chose an illegal turn ({reason}).").format(
                    reason=refusal_text(refusal, voice=voice)))
            return
        why = reply.info.get("why")
        self.computer_why = (len(game.turns) - 1, why) if why is not None else None
        # The steps the game validated, one by one, so the screen can show each action.
        for step in steps:
            self.effects.append(Effect(step.before, step.action, step.after, player, by_computer=True))
        self.events.append(ComputerPlayed(format_turn(turn)))
        self._committed()

    # --- hints ---
    def request_hint(self) -> str:
        """Ask the computer what it would play from the start of this turn; returns a message."""
        if not self.human_to_move():
            return _("A hint is for your own turn.")
        if self.thinking:
            return _("The computer is busy.")
        asked = self.opponent.request(self.game.position, HINT_LEVEL, HINT, self.game.repetition_counts(),
                                      avoid=self._undoing_last_hint())
        if isinstance(asked, str):
            return asked
        self.hint_text = lambda: _("Thinking about a hint...")
        return ""

    def _hint_ready(self, reply: SearchReply) -> None:
        if reply.turn is None:
            if reply.error is None:
                self.hint_text = lambda: _("No hint this time.")
            else:
                self.hint_text = lambda: _("The hint failed.")
            return
        hint = self.hint = tuple(reply.turn)
        self.last_hint = (len(self.game.turns), hint)
        from_start = bool(self.game.pending)
        # The search's facts behind the hint, worded when shown.
        why, chance, voice = reply.info.get("why"), self.chance_of(reply.score), self.voice()
        self.hint_text = lambda: hint_words(hint, from_start, why_sentences(why, voice, gains=False, chance=chance)
                                            if why is not None else [], voice)  # fmt: skip
        self.events.append(HintReady(self.hint_text))

    def _undoing_last_hint(self) -> tuple[Turn, ...]:
        """The turn that would undo the player's last turn, when that turn was the hint given for it: the
        next hint passes over it unless it parries a threat, which the hint then names (``Limit.avoid``)."""
        from hwgame.ai.bots import reversal_of

        given = self.last_hint
        mine = len(self.game.turns) - 2  # the player's own last turn, before the other side's answer
        if given is None or mine < 0 or given[0] != mine or tuple(self.game.turns[mine]) != given[1]:
            return ()
        undo = reversal_of(given[1])
        return (undo,) if undo is not None else ()

    def _forget_hint(self) -> None:
        if self.opponent.purpose == HINT:
            self.opponent.cancel()
        self.hint = None
        self.hint_text = ""

    def close(self) -> None:
        """Stop thinking (new game, quit)."""
        self.opponent.cancel()


def hint_words(turn: Iterable[Action], from_start: bool, why: list[str], voice: Voice | None = None) -> str:
    """A hint as the panel shows it: the turn's actions, then ``why`` (sentences already worded: the
    facts of the search behind it, ``words.why_sentences``), in the language in force; ``voice`` words
    the homeworlds."""
    # Translators: between two actions of a hinted turn, "Build ...; then Move ...".
    words = pgettext("between the actions of a hint", "; then ").join(describe_action(a, voice) for a in turn)
    if from_start:
        head = _("Hint (from the start of the turn): {turn}.").format(turn=words)
    else:
        head = _("Hint: {turn}.").format(turn=words)
    return join_sentences([head, *why])
