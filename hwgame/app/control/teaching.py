"""A teaching game: the game stops after a turn that gives much away, before the computer answers.

Pure logic (no pygame). A game against the computer may be played as a teaching game (an option of the
New game screen, kept in the save). After each turn of the player in play, the flow asks for two
verdicts, the very ones the advantage bar and the hint read: of the board the turn started from and of
the board it left (``PlayController``'s analysis, kept in its ``Analyst``). ``slip_of`` compares them:

- a turn after which the player is proven lost, while the board before was not, walks into a loss: the
  game stops whatever the level;
- otherwise the game stops when the player's chance to win fell by more than the level's threshold
  (``THRESHOLDS``), read as the bar reads it (a proof counts as 1, 0 or a half);
- it never stops on the verdict's own best turn (a fall after it is the search's horizon, not the
  player's choice), when the board before was already proven lost (no turn saves it), or while a
  verdict is missing (nothing is claimed that no verdict says).

The stop offers "Try again" (the turn taken back, the clock with it), "Show the reply" (the computer's
best answer, the after verdict's best turn, played with ghost pieces and taken back) and "Keep my turn"
(the computer then answers as usual). ``Teacher`` keeps, per turn, what was decided and what the player
chose; the flow asks it whether the computer must wait.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from hwgame.i18n import _
from hwgame.levels import LEVEL_NAMES
from hwgame.rules import PLAYING, Game, HomeworldsError, Position, Turn, apply_turn_unchecked
from hwgame.words import Voice, chance_text, level_label, proof_text

if TYPE_CHECKING:
    from hwgame.app.services.coach import Verdict
    from hwgame.rules import PositionKey

# The fall of the player's chance to win (0 to 1) past which a teaching game stops, per level of the
# computer. A stronger computer finds and punishes smaller slips, so its games stop on smaller falls;
# against the weaker levels only a turn that gives away much is worth a stop (the review calls a fall
# of 0.30 a blunder and of 0.20 a mistake: ``analysis.review``).
THRESHOLDS: dict[str, float] = {
    "beginner": 0.30,
    "easy": 0.25,
    "normal": 0.20,
    "hard": 0.15,
    "expert": 0.12,
}
TEACHING_HOLD = "teaching"  # the clock's hold while a turn is checked and the player chooses


def threshold_for(level: str) -> float:
    """The fall of the chance to win that stops a teaching game against ``level`` (the default level's
    for a name the table does not hold)."""
    return THRESHOLDS.get(level, THRESHOLDS["normal"])


def threshold_text(level: str) -> str:
    """The threshold of ``level`` in a sentence for the Settings screen."""
    # Translators: {level} is a level's label ("Normal"), {fall} a percentage ("20%").
    return _("Teaching games at {level} stop after a turn that costs more than {fall} of your chance to win."
             ).format(level=level_label(level), fall=chance_text(threshold_for(level)))


@dataclass(frozen=True)
class Slip:
    """A turn a teaching game stops on: its ``index`` in the game, the board ``after`` it, the player's
    chance to win before and after (None where unknown), ``lost`` when it walks into a proven loss (the
    after verdict's proof, turned to the player, is kept in ``verdict``), and the computer's best
    ``reply`` (None when the verdict has none)."""

    index: int
    player: int
    before: float | None
    after: float | None
    lost: bool
    reply: Turn | None
    position: Position
    verdict: Verdict

    def words(self, voice: Voice) -> str:
        """Why the game stopped, in a sentence: the proof of the loss, or the fall of the chance."""
        if self.lost:
            proof = self.verdict.proof_for(self.player)
            if proof is not None:
                return proof_text(proof, self.player, voice, to_move=False)
        if self.before is not None and self.after is not None:
            # Translators: a teaching game stopped after the player's turn; {before} and {after} are "58%".
            return _("This turn lowers your chance to win from {before} to {after}.").format(
                before=chance_text(self.before), after=chance_text(self.after))
        return ""


def _is_best(before_position: Position, best: Turn | None, after: Position) -> bool:
    """True when ``best`` played from ``before_position`` leads to the board ``after``."""
    if best is None:
        return False
    try:
        return apply_turn_unchecked(before_position, best).key() == after.key()
    except HomeworldsError:
        return False


def slip_of(index: int, before_position: Position, after_position: Position, before: Verdict | None,
            after: Verdict | None, player: int, threshold: float) -> Slip | None:
    """The slip the turn ``index`` of ``player`` is (see the module doc), or None when the game goes on.
    ``before`` and ``after`` are the verdicts of the boards the turn started from and left."""
    if after is None:
        return None
    proof_before = before.proof_for(player) if before is not None else None
    if proof_before is not None and proof_before.result == "loss":
        return None  # lost whatever was played: no turn to find
    if before is not None and _is_best(before_position, before.best, after_position):
        return None
    chance_after = after.chance_for(player)
    chance_before = before.chance_for(player) if before is not None else None
    proof_after = after.proof_for(player)
    lost = proof_after is not None and proof_after.result == "loss"
    fell = chance_before is not None and chance_after is not None and chance_before - chance_after > threshold
    if not (lost or fell):
        return None
    return Slip(index, player, chance_before, chance_after, lost, after.best, after_position, after)


Known = Callable[[Position, int], "Verdict | None"]
Settled = Callable[[Position, int], bool]


class Teacher:
    """The teaching of one game for the human in seat ``player`` against ``level``. ``known(position,
    n)`` is the verdict kept of a board (the flow's ``Analyst``), ``settled(position, n)`` whether no
    better one will come (the full verdict came back, or failed)."""

    def __init__(self, player: int, level: str, known: Known, settled: Settled):
        self.player = player
        self.level = level
        self.threshold = threshold_for(level)
        self.known = known
        self.settled = settled
        self._decided: dict[tuple[int, PositionKey], Slip | None] = {}
        self._kept: set[tuple[int, PositionKey]] = set()

    def checked_turn(self, game: Game) -> tuple[int, Position, Position] | None:
        """(index, board before, board after) of the player's turn that waits to be checked or chosen
        on: the game's last turn is the player's, in play, and the game goes on; else None."""
        n = len(game.turns) - 1
        if n < 0 or game.is_over() or game.pending:
            return None
        before, after = game.positions[n], game.positions[n + 1]
        if before.stage < PLAYING or before.to_move != self.player or after.to_move == self.player:
            return None
        return n, before, after

    def wanted(self, game: Game) -> tuple[Position, int] | None:
        """The board whose full verdict the check still waits for (the board before the turn first),
        or None."""
        turn = self.checked_turn(game)
        if turn is None or self._key(turn) in self._decided:
            return None
        n, before, after = turn
        if not self.settled(before, n):
            return before, n
        if not self.settled(after, n + 1):
            return after, n + 1
        return None

    @staticmethod
    def _key(turn: tuple[int, Position, Position]) -> tuple[int, PositionKey]:
        return turn[0], turn[2].key()

    def decide(self, game: Game) -> None:
        """Judge the player's last turn once both verdicts are settled."""
        turn = self.checked_turn(game)
        if turn is None or self._key(turn) in self._decided:
            return
        n, before, after = turn
        if not (self.settled(before, n) and self.settled(after, n + 1)):
            return
        self._decided[self._key(turn)] = slip_of(n, before, after, self.known(before, n), self.known(after, n + 1),
                                                 self.player, self.threshold)  # fmt: skip

    def checking(self, game: Game) -> bool:
        """True while the player's last turn waits for its verdicts."""
        turn = self.checked_turn(game)
        return turn is not None and self._key(turn) not in self._decided

    def stop(self, game: Game) -> Slip | None:
        """The slip the game is stopped on now (the player has not chosen to keep the turn), or None."""
        turn = self.checked_turn(game)
        if turn is None or self._key(turn) in self._kept:
            return None
        return self._decided.get(self._key(turn))

    def holds(self, game: Game) -> bool:
        """True when the computer must not answer yet: the turn is being checked, or stopped on."""
        self.decide(game)
        return self.checking(game) or self.stop(game) is not None

    def keep(self, game: Game) -> None:
        """The player keeps the turn the game stopped on: the computer answers it."""
        turn = self.checked_turn(game)
        if turn is not None:
            self._kept.add(self._key(turn))


def level_lines() -> list[str]:
    """Every level's threshold, weakest first: the lines the Settings screen shows."""
    return [threshold_text(name) for name in LEVEL_NAMES]


__all__ = ["TEACHING_HOLD", "THRESHOLDS", "Slip", "Teacher", "level_lines", "slip_of", "threshold_for",
           "threshold_text"]
