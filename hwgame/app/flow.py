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

from hwgame.ai.explain import reasons
from hwgame.i18n import _, pgettext
from hwgame.rules import (
    PLAYING,
    Action,
    EndTurn,
    Game,
    IllegalActionError,
    format_turn,
    opponent_of,
)
from hwgame.words import Voice, describe_action, reason_sentences, refusal_text

from .controller import COMPUTER, HUMAN, ActionResolver, Effect, Judge
from .events import AIFailed, Committed, ComputerPlayed, FlowEvent, HintReady
from .opponent import HINT, HINT_LEVEL, MOVE, Opponent
from .targets import Target
from .text import Text, Worded, join_sentences

if TYPE_CHECKING:
    from hwgame.ai.handoff import SearchReply


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
        asked = self.opponent.request(self.game.position, HINT_LEVEL, HINT, self.game.repetition_counts())
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
        from_start = bool(self.game.pending)
        why = reasons(self.game.position, hint)  # the computer's reasons, worded when shown
        voice = self.voice()
        self.hint_text = lambda: hint_words(hint, from_start, why, voice)
        self.events.append(HintReady(self.hint_text))

    def _forget_hint(self) -> None:
        if self.opponent.purpose == HINT:
            self.opponent.cancel()
        self.hint = None
        self.hint_text = ""

    def close(self) -> None:
        """Stop thinking (new game, quit)."""
        self.opponent.cancel()


def hint_words(turn: Iterable[Action], from_start: bool, why: list[str], voice: Voice | None = None) -> str:
    """A hint as the panel shows it: the turn's actions, then the computer's reasons for it (the English
    reasons of ``ai.explain.reasons``), in the language in force; ``voice`` words the homeworlds."""
    # Translators: between two actions of a hinted turn, "Build ...; then Move ...".
    words = pgettext("between the actions of a hint", "; then ").join(describe_action(a, voice) for a in turn)
    if from_start:
        head = _("Hint (from the start of the turn): {turn}.").format(turn=words)
    else:
        head = _("Hint: {turn}.").format(turn=words)
    return join_sentences([head, *reason_sentences(why)])
