"""A whole game: setup, turns, the turn in progress, undo/redo, outcome and repetition."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple

from .actions import END_TURN, PASS, Action, Discover, EndTurn, Pass, Turn
from .apply import TurnState, apply_action, end_turn, start_turn
from .errors import HomeworldsError, IllegalActionError, Refusal
from .handicap import Handicap, HandicapEffect, apply_handicap
from .movegen import legal_actions, new_system_name
from .position import PLAYING, STANDARD, Position, PositionKey, RuleSet, initial_position, opponent_of, player_pair
from .validate import check_action

# The ways to lose off the board (``Game.concede``): resigning, running out of time on a site, or a
# record that names the winner of a game its turns leave undecided.
CONCEDED = ("win-resigned", "win-timeout", "win-recorded")


@dataclass(frozen=True)
class Outcome:
    """How a game ended: ``winner`` is 0, 1 or None for a draw; ``code`` (``errors.OUTCOME_CODES``) and
    ``values`` say how (worded by ``hwgame.words.refusal_text``; saves keep its English words)."""

    winner: int | None
    code: str
    values: Mapping[str, Any] = field(default_factory=dict)

    @property
    def is_draw(self) -> bool:
        """True for a draw."""
        return self.winner is None

    @property
    def refusal(self) -> Refusal:
        """The code and values as a Refusal, to be worded like one."""
        return Refusal(self.code, self.values)


def _win(position: Position, loser: int, code: str) -> Outcome:
    players = position.players
    winner = opponent_of(loser)
    return Outcome(winner, code, {"winner": players[winner], "loser": players[loser]})


def outcome_of(position: Position) -> Outcome | None:
    """The result decided by the end-of-turn check in ``position``, or None while the game goes on."""
    lost = position.losers()
    if not lost:
        return None
    if len(lost) == 2:
        return Outcome(None, "draw-both-lost")
    loser = lost[0]
    home = position.home_of(loser)
    if home is None or not home.stars:
        return _win(position, loser, "win-homeworld-gone")
    if home.ships_of(opponent_of(loser)):
        return _win(position, loser, "win-home-held")
    return _win(position, loser, "win-home-empty")


class TurnStep(NamedTuple):
    """One action of a turn with the positions around it (``before`` and ``after`` are mid-turn)."""

    action: Action
    before: Position
    after: Position


def turn_steps(position: Position, turn: Iterable[Action]) -> list[TurnStep]:
    """The actions of ``turn`` played from the start-of-turn ``position``, each with the position before
    and after it, every one checked by the validator (for animation and narration).

    The end of the turn is not a step. Raises IllegalActionError at the first action that is not legal.
    A game that plays the turn gets the same steps from ``Game.play``.
    """
    state = start_turn(position)
    steps = []
    for action in turn:
        if isinstance(action, EndTurn):
            break
        canonical = check_action(state, action)
        after = apply_action(state, canonical)  # checked just above
        steps.append(TurnStep(canonical, state.position, after.position))
        state = after
    return steps


class Game:
    """A game in progress: committed turns, the turn being played, undo and redo.

    Every action goes through the validator (``validate.check_action``) once, then is applied as
    checked; nothing reaches the position unchecked.
    Under standard rules a third repetition ends the game at once when ``auto_repetition_draw`` is set
    (games against the computer); otherwise it only lets the player to move ``claim_draw`` (hotseat).
    A ``handicap`` (``rules.handicap``) is applied to the position in which both homeworlds first stand,
    each time a turn brings the game there (so undo, redo and a replayed save give the same board).
    """

    def __init__(
        self,
        rules: RuleSet = STANDARD,
        players: tuple[str, str] = ("North", "South"),
        auto_repetition_draw: bool = True,
        handicap: Handicap | None = None,
    ):
        players = player_pair(players)
        if players[0].lower() == players[1].lower():
            raise HomeworldsError("players-same-name")
        self.rules = rules
        self.auto_repetition_draw = auto_repetition_draw
        self.players = players
        self.positions: list[Position] = [initial_position(rules, self.players)]
        self.turns: list[Turn] = []
        self.pending: list[Action] = []  # canonical actions of the turn in progress
        self.state: TurnState = start_turn(self.positions[0])
        self._redo: list[Turn] = []
        self._declared: Outcome | None = None  # resignation or draw by agreement/claim
        self.handicap = handicap
        # What the handicap did, and the index in ``positions`` of the board it did it to.
        self._handicap_effect: tuple[int, HandicapEffect] | None = None

    @classmethod
    def from_position(cls, position: Position, auto_repetition_draw: bool = True,
                      handicap: Handicap | None = None) -> Game:
        """A game whose current turn starts at ``position`` (a composed board: a puzzle, a lesson, a
        record that did not begin at the start). Its rules and players are the position's; there is
        nothing to undo before it. A ``handicap`` applies only if the setup is still to be finished."""
        game = cls(position.rules, position.players, auto_repetition_draw, handicap)
        game.positions = [position]
        game.state = start_turn(position)
        return game

    # --- reading ---
    @property
    def position(self) -> Position:
        """The position at the start of the current turn."""
        return self.positions[-1]

    @property
    def to_move(self) -> int:
        """The player whose turn it is."""
        return self.position.to_move

    def outcome(self) -> Outcome | None:
        """The result if the game is over, else None."""
        if self._declared is not None:
            return self._declared
        found = outcome_of(self.position)
        if found is not None:
            return found
        if self.rules.repetition_draw and self.auto_repetition_draw and self.repetitions() >= 3:
            return Outcome(None, "draw-repetition")
        return None

    def is_over(self) -> bool:
        """True when the game has ended."""
        return self.outcome() is not None

    def repetitions(self) -> int:
        """How many times the current position (by key, same player to move) has occurred."""
        key = self.position.key()
        return sum(1 for p in self.positions if p.key() == key)

    def repetition_counts(self) -> Counter[PositionKey]:
        """Occurrences of every position key in the game so far."""
        return Counter(p.key() for p in self.positions)

    def legal_actions(self) -> list[Action]:
        """Every legal action now (none once the game is over)."""
        if self.is_over():
            return []
        return legal_actions(self.state)

    # --- the names a discovery is offered ---
    def names_used(self) -> set[str]:
        """Lower-case names of the players and of every system this game has had so far, those gone too:
        what a name offered for a discovery keeps clear of, so that one game never holds two different
        Alphas (the rules allow a name again once its system is gone; only the offer avoids it)."""
        names = {player.lower() for player in self.players}
        for position in (*self.positions, self.state.position):
            names.update(system.name.lower() for system in position.systems)
        for turn in (*self.turns, self.pending):
            names.update(action.name.lower() for action in turn if isinstance(action, Discover))
        return names

    def new_system_name(self) -> str:
        """The name offered for a system discovered now: free on the board and never used before in
        this game (``names_used``)."""
        return new_system_name(self.state.position, self.names_used())

    def with_new_names(self, turn: Iterable[Action]) -> Turn:
        """``turn`` (from the computer, a hint) with each system it discovers under a name this game used
        before renamed as ``new_system_name`` would name it, and the later actions of the turn that name
        that system following it; the other actions are as given."""
        taken = self.names_used()
        renamed: dict[str, str] = {}
        out: list[Action] = []
        for action in turn:
            fields = {key: renamed.get(getattr(action, key).lower(), getattr(action, key))
                      for key in ("system", "origin", "destination") if hasattr(action, key)}
            if fields:
                action = replace(action, **fields)
            if isinstance(action, Discover):
                if action.name.lower() in taken:
                    fresh = new_system_name(self.state.position, taken)
                    renamed[action.name.lower()] = fresh
                    action = replace(action, name=fresh)
                taken.add(action.name.lower())
            out.append(action)
        return tuple(out)

    # --- playing ---
    def act(self, action: Action) -> Action:
        """Apply one action of the current turn (EndTurn commits it); return the canonical action."""
        if self.is_over():
            raise IllegalActionError("game-over")
        if isinstance(action, EndTurn):
            check_action(self.state, action)
            self.commit()
            return action
        canonical = check_action(self.state, action)
        self.state = apply_action(self.state, canonical)  # checked just above
        self.pending.append(canonical)
        return canonical

    def commit(self) -> Position:
        """End the turn in progress: record it, run the end-of-turn check, pass the move."""
        if self.is_over():
            raise IllegalActionError("game-over")
        check_action(self.state, END_TURN)
        turn = tuple(self.pending) or (PASS,)
        after = end_turn(self.state.position)
        if self.handicap is not None and after.stage == PLAYING and self.position.stage != PLAYING:
            # Both homeworlds stand for the first time: the handicap changes the starting fleets now.
            effect = apply_handicap(after, self.handicap)
            after = effect.position
            self._handicap_effect = (len(self.positions), effect)
        self.positions.append(after)
        self.turns.append(turn)
        self.pending = []
        self.state = start_turn(self.position)
        self._redo.clear()
        return self.position

    def play(self, turn: Iterable[Action]) -> list[TurnStep]:
        """Play a whole turn (a sequence of actions) and commit it, or change nothing and raise.

        Each action is checked by the validator once; the steps returned are the canonical actions with
        the positions before and after each (what ``turn_steps`` gives), for the screen to show the turn
        without checking it again. The error says which action of the turn failed (a ``turn-action``
        frame) and why.
        """
        if self.pending:
            raise IllegalActionError("turn-in-progress")
        saved = (self.state, list(self.pending))
        state = self.state
        steps: list[TurnStep] = []
        actions = list(turn)
        for i, action in enumerate(actions):
            if isinstance(action, EndTurn):
                if i != len(actions) - 1:
                    raise IllegalActionError("turn-already-ended").within("turn-action", action=i + 2)
                break
            try:
                if not steps and self.is_over():
                    raise IllegalActionError("game-over")
                canonical = check_action(state, action)
            except IllegalActionError as exc:
                raise IllegalActionError.of(exc.refusal).within("turn-action", action=i + 1) from None
            after = apply_action(state, canonical)  # checked just above
            steps.append(TurnStep(canonical, state.position, after.position))
            state = after
        self.state, self.pending = state, [step.action for step in steps]
        try:
            self.commit()
        except IllegalActionError:
            self.state, self.pending = saved
            raise
        return steps

    def restart_turn(self) -> None:
        """Forget every action of the turn in progress."""
        self.pending = []
        self.state = start_turn(self.position)

    def undo_action(self) -> bool:
        """Take back the last action of the turn in progress; False when there is none."""
        if not self.pending:
            return False
        actions = self.pending[:-1]
        self.restart_turn()
        for a in actions:
            self.act(a)
        return True

    def undo(self) -> bool:
        """Take back the turn in progress if any, else the last committed turn; False if nothing to undo."""
        if self.pending:
            self.restart_turn()
            return True
        if self._declared is not None:
            self._declared = None
            return True
        if not self.turns:
            return False
        self._redo.append(self.turns.pop())
        self.positions.pop()
        if self._handicap_effect is not None and self._handicap_effect[0] >= len(self.positions):
            self._handicap_effect = None  # taken back with the turn that finished the setup
        self.state = start_turn(self.position)
        return True

    def redo(self) -> bool:
        """Play again the last undone turn; False when there is none."""
        if not self._redo or self.pending:
            return False
        turn = self._redo.pop()
        keep = list(self._redo)
        self.play(turn)
        self._redo = keep
        return True

    def can_redo(self) -> bool:
        """True when a turn was undone and can be replayed."""
        return bool(self._redo)

    # --- ending by agreement ---
    def _refuse_if_over(self) -> None:
        if self.is_over():
            raise IllegalActionError("game-over")

    def resign(self, player: int) -> None:
        """A player resigns: the other wins."""
        self.concede(player, "win-resigned")

    def concede(self, player: int, code: str = "win-resigned") -> None:
        """``player`` loses off the board: ``code`` says how, "win-resigned", "win-timeout" (out of time
        on a site) or "win-recorded" (a game record names the winner without saying how)."""
        if code not in CONCEDED:
            raise ValueError(f"{code!r} is not a way to lose off the board")
        self._refuse_if_over()
        winner = opponent_of(player)
        self._declared = Outcome(winner, code, {"winner": self.players[winner], "loser": self.players[player]})

    def agree_draw(self) -> None:
        """Both players agree to a draw."""
        self._refuse_if_over()
        self._declared = Outcome(None, "draw-agreement")

    def claim_draw(self) -> None:
        """The player to move claims a draw by threefold repetition (standard rules)."""
        self._refuse_if_over()
        if not self.rules.repetition_draw:
            raise IllegalActionError("no-repetition-rule")
        if self.repetitions() < 3:
            raise IllegalActionError("repetition-needs-three")
        self._declared = Outcome(None, "draw-repetition")

    @property
    def handicap_effect(self) -> HandicapEffect | None:
        """What the handicap did to the starting fleets, once both homeworlds stand (None before, and in a
        game without a handicap)."""
        return None if self._handicap_effect is None else self._handicap_effect[1]

    @property
    def in_setup(self) -> bool:
        """True while homeworlds are still being set up."""
        return self.position.stage < PLAYING


__all__ = ["Game", "Outcome", "outcome_of", "Pass"]
