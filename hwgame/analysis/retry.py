"""Retry your mistakes: which marked turns of a reviewed game are asked again, and when a try is good.

A finished game's review (``review.Review``) marks turns by the chance to win they gave away. The retry
mode puts the board before each marked turn of one player back in front of that player and asks for a
better turn. Everything here reads the review's marks and the one verdict of a position
(``verdict.Verdict``): nothing searches on its own.

- **Which turns** (``asked_turns``): the kinds in ``ASKED_KINDS`` (missed wins, blunders, mistakes) of
  the chosen player, in the order of the game. Inaccuracies are left out: a fall of 10 to 20 points of
  chance is within what a review's search at its depth can misjudge, so the "better" turn would often
  be no better, and a player refused for an equal turn learns nothing. A turn of the opening that real
  players often chose (the caller's ``common`` test, the opening book's) is left out too.
- **The acceptance test** (``judge_try``): the best turn itself (any turn that reaches the same board)
  is always accepted; where the review proved a win before the turn, only a turn that still wins (a
  proof for the mover after it) is; otherwise a try is accepted when the verdict of the board after it
  leaves the mover within ``MARGIN`` of the chance the best turn keeps. The marked turn itself is
  refused with the review's own punishing reply.
- **A clear better turn**: ``mistakes.better_turn_is_clear``, the one test the puzzle deck uses too.
- **The progress** (``RetryRound``): where the player is among the asked turns and how many were found.

Pure: imports the rules, the AI's proofs and the review only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from hwgame.ai.proofs import LOSS, WIN
from hwgame.rules import EndTurn, HomeworldsError, Position, Turn, apply_turn_unchecked

from .mistakes import ASKED_KINDS, CLEAR_LEAD, MARGIN, better_turn_is_clear, marked_turns
from .review import MISSED_WIN, Review, TurnReview
from .verdict import Verdict

FOUND, SKIPPED, SHOWN = "found", "skipped", "shown"
# The reasons of a ruling (``Ruling.reason``).
BEST, WITHIN, STILL_WINS, WINS_NOW = "best", "within", "still-wins", "wins-now"
PLAYED, WORSE, GIVES_UP_WIN = "played", "worse", "gives-up-win"


def _played(turn: Sequence[object]) -> Turn:
    return tuple(a for a in turn if not isinstance(a, EndTurn))  # type: ignore[misc]


def _after(position: Position, turn: Turn) -> Position | None:
    try:
        return apply_turn_unchecked(position, _played(turn))
    except HomeworldsError:
        return None


def asked_turns(review: Review, player: int, common: Callable[[TurnReview], bool] | None = None) -> list[TurnReview]:
    """The turns of ``player`` the retry mode asks, in order: marked with one of ``ASKED_KINDS``, with
    the board before them and a better turn known, and not ``common`` (an opening turn many real players
    chose)."""
    return [entry for entry in marked_turns(review, player)
            if entry.position is not None and entry.best is not None and not (common is not None and common(entry))]


@dataclass(frozen=True)
class Ruling:
    """The judgement of one try: ``accepted``, its ``reason`` (one of the reasons above), the mover's
    chance after it (None where a proof or the review said it), the best turn's, and, when refused, the
    opponent's punishing ``reply`` with the ``line`` the search expects after it."""

    accepted: bool
    reason: str
    chance: float | None = None
    best_chance: float | None = None
    reply: Turn | None = None
    line: tuple[Turn, ...] = ()


def quick_ruling(entry: TurnReview, tried: Turn) -> Ruling | None:
    """The ruling on ``tried`` that needs no verdict: the best turn (or a turn reaching the same board)
    is accepted, a turn that wins the game at once is accepted, the turn played (when the review marked it)
    is refused with the review's punishing reply. None when the verdict of the board after the try is needed."""
    position = entry.position
    if position is None:
        return None
    after = _after(position, tried)
    if after is None:
        return Ruling(False, WORSE)
    if after.is_over() and after.winner() == entry.player:
        return Ruling(True, WINS_NOW, 1.0, entry.chance_before)
    if entry.best is not None:
        best_after = _after(position, entry.best)
        if best_after is not None and best_after.key() == after.key():
            return Ruling(True, BEST, entry.chance_before, entry.chance_before)
    played_after = _after(position, entry.turn)
    # The turn played is refused as the review marked it; unmarked (a lesson's position, where the real
    # player's turn may be as good), it is judged by the verdict like any other try.
    if entry.kind is not None and played_after is not None and played_after.key() == after.key():
        reply = entry.refutation if entry.kind != MISSED_WIN else None
        line = entry.line if reply is None else (reply,)
        return Ruling(False, PLAYED, entry.chance_after, entry.chance_before, reply or (line[0] if line else None),
                      line[1:] if reply is None else ())  # fmt: skip
    return None


def judge_try(entry: TurnReview, tried: Turn, verdict: Verdict | None) -> Ruling:
    """The ruling on ``tried`` at ``entry``'s board (see the module docstring): ``verdict`` is the one
    verdict of the board after the try (its side to move is the opponent); without it only the quick
    rulings can be given, and any other try is refused as unjudged (reason ``WORSE``, no reply)."""
    quick = quick_ruling(entry, tried)
    if quick is not None:
        return quick
    best_chance = entry.chance_before
    if verdict is None:
        return Ruling(False, WORSE, None, best_chance)
    me = entry.player
    proof = verdict.proof_for(me)
    chance = verdict.chance_for(me)
    reply, line = verdict.best, verdict.line[1:] if verdict.line[:1] == (verdict.best,) else verdict.line
    won_before = entry.proof_before is not None and entry.proof_before.result == WIN
    if won_before:
        if proof is not None and proof.result == WIN:
            return Ruling(True, STILL_WINS, 1.0, 1.0)
        return Ruling(False, GIVES_UP_WIN, chance, 1.0, reply, tuple(line))
    if proof is not None and proof.result == LOSS:
        return Ruling(False, WORSE, 0.0, best_chance, reply, tuple(line))
    if chance is not None and best_chance is not None and chance >= best_chance - MARGIN:
        return Ruling(True, WITHIN, chance, best_chance)
    return Ruling(False, WORSE, chance, best_chance, reply, tuple(line))


@dataclass
class RetryRound:
    """The turns asked in one retry of a game and how each went: ``entries`` in order, ``at`` the one
    shown, ``states`` what became of each (``FOUND``, ``SKIPPED``, ``SHOWN`` or None while open) and
    ``misses`` how many tries of each were refused."""

    entries: list[TurnReview]
    at: int = 0
    states: list[str | None] = field(default_factory=list)
    misses: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        if len(self.states) != len(self.entries):
            self.states = [None] * len(self.entries)
        if len(self.misses) != len(self.entries):
            self.misses = [0] * len(self.entries)

    @property
    def total(self) -> int:
        """How many turns are asked."""
        return len(self.entries)

    @property
    def found(self) -> int:
        """How many better turns the player found (without Show)."""
        return self.states.count(FOUND)

    @property
    def current(self) -> TurnReview | None:
        """The turn asked now, or None once the round is over."""
        return self.entries[self.at] if self.at < len(self.entries) else None

    @property
    def finished(self) -> bool:
        """True once every asked turn was found, skipped or shown and passed."""
        return self.at >= len(self.entries)

    def record(self, ruling: Ruling) -> None:
        """Keep an accepted try as found (a turn shown before stays shown), count a refused one."""
        if self.finished:
            return
        if not ruling.accepted:
            self.misses[self.at] += 1
        elif self.states[self.at] is None:
            self.states[self.at] = FOUND

    def show(self) -> None:
        """The better turn was shown: the turn no longer counts as found."""
        if not self.finished and self.states[self.at] is None:
            self.states[self.at] = SHOWN

    def skip(self) -> None:
        """Leave the turn asked now unanswered and go to the next."""
        if not self.finished:
            if self.states[self.at] is None:
                self.states[self.at] = SKIPPED
            self.at += 1

    def next(self) -> None:
        """Go to the next asked turn (after a found or shown one)."""
        if not self.finished:
            self.at += 1


__all__ = ["ASKED_KINDS", "BEST", "CLEAR_LEAD", "FOUND", "GIVES_UP_WIN", "MARGIN", "PLAYED", "SHOWN", "SKIPPED",
           "STILL_WINS", "WINS_NOW", "WITHIN", "WORSE", "RetryRound", "Ruling", "asked_turns", "better_turn_is_clear",
           "judge_try", "quick_ruling"]  # fmt: skip
