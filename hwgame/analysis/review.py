"""A review of a whole game: the engine's verdict on every turn, like a coach's.

The replay viewer, its strip and ``hwgame analyze`` take a game's review from here (``judge_game``):
what judges a position or a game is the analysis layer's business.

For the position before every turn, one search (``verdict_at``: the level's thinking with its random
choices switched off) ranks the engine's best turn and, in the same search and to the same depth, the
turn that was played. The two scores are read as win chances (``winchance``) for the player who moved:
``chance_before`` is what the best turn keeps, ``chance_after`` what the played turn keeps, and the
fall between them marks the turn:

- **missed win**: a turn that wins at once existed (``tactics.find_win`` is exact), or the search
  proved a forced win that the turn played gave up;
- **blunder**: after the turn the opponent has a winning reply, or the search proves a forced loss,
  while the engine's best turn avoided it (a loss every turn shares was forced, and is not marked);
  or the chance fell by ``BLUNDER_FALL`` or more;
- **mistake**: the chance fell by ``MISTAKE_FALL`` or more; **inaccuracy**: by ``INACCURACY_FALL``.

The search's principal lines, after the turn played and after the best one, are kept with each turn;
``TurnReview.harm`` and ``TurnReview.gain`` read them as events on the board (``consequence``), which
the words turn into sentences ("your green 3 at Alpha is captured next turn").

The searches are independent of each other, so ``review_game`` can spread them over processes
(``workers``), each handed one position at a time. Those processes never outlive their review: a cancel
or the review's end stops and ends them, ``end_reviews`` kills them at once (the program is closing),
and each ends by itself as soon as the process that started it is gone. The review is plain data:
``Review.to_data`` / ``Review.from_data`` turn it into JSON-friendly dicts (turns in canonical notation)
for a save to cache. Pure: imports the rules and the AI only.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import signal
import threading
import time
from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from multiprocessing.context import SpawnContext
from typing import Any, TypedDict

from hwgame.ai.bots import params_for
from hwgame.ai.consequence import Event, line_events, losses_of, turn_events
from hwgame.ai.evaluate import WIN
from hwgame.ai.flag import SharedFlag
from hwgame.ai.process import end_with_parent, lower_priority
from hwgame.ai.proofs import DRAW, LOSS, THREATS_LISTED, Proven, draw_keys, proven_of_score, short_proof
from hwgame.ai.proofs import WIN as WON
from hwgame.ai.proofs import threats as threats_of
from hwgame.ai.reasons import Reason, changes, weighed
from hwgame.ai.search import Cancel, cancel_test, search
from hwgame.ai.tactics import find_win
from hwgame.ai.thinking import Thinking
from hwgame.ai.winchance import estimate_chance, percent, phase_of_turn, turns_in_play
from hwgame.rules import (
    PLAYING,
    Action,
    EndTurn,
    Game,
    HomeworldsError,
    Position,
    PositionKey,
    Turn,
    apply_checked,
    end_turn,
    format_turn,
    opponent_of,
    parse_turn,
    shown,
    start_turn,
)

MISSED_WIN = "missed_win"
BLUNDER = "blunder"
MISTAKE = "mistake"
INACCURACY = "inaccuracy"
KINDS = (MISSED_WIN, BLUNDER, MISTAKE, INACCURACY)
# The fall in the mover's win chance (best turn against turn played, same search) that marks a turn.
INACCURACY_FALL = 0.10
MISTAKE_FALL = 0.20
BLUNDER_FALL = 0.30
# What a review's data says about how it was made: a review kept by an older version compared other
# scores (before and after the turn, from two searches), so it is made again rather than shown.
METHOD = 3
LINE_TURNS = 4  # turns of a principal line kept with a reviewed turn

class TurnData(TypedDict):
    """One reviewed turn as plain data (turns in canonical notation)."""

    before: float | None
    after: float | None
    best: str | None
    kind: str | None
    note: str
    refutation: str | None
    line: list[str]
    better_line: list[str]
    later: float | None
    proof_before: list[Any] | None
    proof_after: list[Any] | None
    threats: list[str]
    second: float | None


class ReviewData(TypedDict):
    """A review as plain data, the form ``Review.to_data`` gives and a save keeps."""

    level: str
    total: int
    method: int
    turns: list[TurnData]
    final_best: str | None
    final_score: float | None


class _Stop(Exception):
    """The review was cancelled (raised from inside a search or ``find_win`` through its tick)."""


@dataclass(frozen=True)
class Findings:
    """What the review found at a position, for the turn played there: the engine's ``best`` turn and
    its ``best_score``, the ``played_score`` of the turn played (same search, same depth; both for the
    side to move), the lines expected after each (``line`` after the turn played, ``better_line``
    after the best), a turn that wins at once here (``win``, exact), the opponent's winning reply
    after the turn played (``reply``, exact), whether the best turn leaves no such reply, the exact
    short ``proof`` of the position for the side to move (``proofs.short_proof``), the opponent's
    ``threats`` (``proofs.threats``) and ``second_score``, the best score of any other turn the search
    ranked at its root (an upper bound where the search cut it off; None when there was no other)."""

    best: Turn | None
    best_score: float
    played_score: float | None = None
    line: tuple[Turn, ...] = ()
    better_line: tuple[Turn, ...] = ()
    win: Turn | None = None
    reply: Turn | None = None
    best_safe: bool = True
    depth: int = 0
    proof: Proven | None = None
    threats: tuple[Turn, ...] = ()
    second_score: float | None = None


@dataclass(frozen=True)
class TurnReview:
    """The review of one turn.

    ``index`` is the turn's place in the game (0-based; the turn number is ``index + 1``), ``player``
    the mover (0 or 1), ``before`` the score of the engine's best turn and ``after`` the score of the
    turn played, both for the mover from the same search (None during setup), ``best`` the engine's
    turn, ``kind`` one of ``KINDS`` or None, ``note`` the mark in plain English with its turns in SDG
    notation (empty without a mark), ``refutation`` the winning turn that was missed, or the
    opponent's winning reply; ``line`` and ``better_line`` the turns the search expected after the turn
    played and after the best one; ``position`` the board before the turn (not kept in the data: the
    game gives it); ``later`` the best score of the next position for its side to move.

    ``proof_before`` and ``proof_after`` are proven results for the mover at the board before and
    after the turn (``proofs.Proven``; None where nothing is proven), ``threats`` the opponent's turns
    that would win at once had the mover passed; ``second`` the score (for the mover) of the best other
    turn the search ranked before the turn (``Findings.second_score``). The judgement before the turn is
    the verdict of the board before it, the judgement after it the verdict of the board after it (the
    next position's): a proof where one is known, else the search's estimate. The fall that marks a turn
    is the one between the two, and the graph and the words read the same two numbers.
    """

    index: int
    player: int
    turn: Turn
    before: float | None = None
    after: float | None = None
    best: Turn | None = None
    kind: str | None = None
    note: str = ""
    refutation: Turn | None = None
    line: tuple[Turn, ...] = ()
    better_line: tuple[Turn, ...] = ()
    position: Position | None = field(default=None, compare=False, repr=False)
    later: float | None = None
    proof_before: Proven | None = None
    proof_after: Proven | None = None
    threats: tuple[Turn, ...] = ()
    second: float | None = None

    @property
    def phase(self) -> str:
        """The phase of the game at this turn (``winchance.PHASES``)."""
        return phase_of_turn(turns_in_play(self.index))

    @property
    def chance_before(self) -> float | None:
        """The mover's chance to win at the board before the turn (None during setup): 1 or 0 where
        proven, else what the engine's best turn keeps."""
        if self.proof_before is not None:
            return _certain(self.proof_before)
        return None if self.before is None else estimate_chance(self.before, self.phase)

    @property
    def chance_after(self) -> float | None:
        """The mover's chance to win at the board after the turn (None during setup): 1 or 0 where
        proven, else the next position's verdict (its mover's best, turned to this mover), else the
        turn's own score in this search when there is no next one."""
        if self.before is None:
            return None
        if self.proof_after is not None:
            return _certain(self.proof_after)
        if self.later is not None:
            return 1.0 - estimate_chance(-self.later, phase_of_turn(turns_in_play(self.index + 1)))
        return None if self.after is None else estimate_chance(self.after, self.phase)

    @property
    def fall(self) -> float:
        """How much of the mover's chance to win the turn gave away: the verdict before it against the
        verdict after it (>= 0)."""
        if self.chance_before is None or self.chance_after is None:
            return 0.0
        return max(0.0, self.chance_before - self.chance_after)

    @property
    def number(self) -> int:
        """The turn number as the move log shows it (1 is the first setup turn)."""
        return self.index + 1

    def chance_for(self, player: int) -> float | None:
        """``player``'s chance to win after the turn (None during setup): ``chance_after`` from that
        player's side."""
        chance = self.chance_after
        if chance is None:
            return None
        return chance if player == self.player else 1.0 - chance

    def value_for(self, player: int) -> float | None:
        """The evaluation after the turn from ``player``'s side (None during setup)."""
        if self.after is None:
            return None
        return self.after if player == self.player else -self.after

    def harm(self) -> list[Event]:
        """What the line after the turn played costs its mover: captures, catastrophes, the game, in
        the order they come (empty when the board before the turn is not known)."""
        if self.position is None or self.before is None:
            return []
        found, after = turn_events(self.position, self.turn, 0)
        if after is None:
            return []
        events = found + line_events(after, self.line, 1)
        return losses_of(events, self.player)

    def reasons(self) -> list[Reason]:
        """What the turn changed on the board that costs its mover (``reasons.changes``): a homeworld
        left with one ship, a colour lost from it, a catastrophe building... (empty when the board
        before the turn is not known)."""
        if self.position is None or self.before is None:
            return []
        after = _after(self.position, self.turn)
        if after is None or after.is_over():
            return []
        return changes(self.position, after, self.player)

    def weighed(self) -> list[str]:
        """Where the board after the turn is worse for its mover than after the engine's better turn, in
        the evaluation's groups (``reasons.weighed``: the fleet, the homeworld's defence...)."""
        if self.position is None or self.before is None or self.best is None:
            return []
        played, better = _after(self.position, self.turn), _after(self.position, self.best)
        if played is None or better is None:
            return []
        # The costliest groups; where none costs much, the one that costs most still says where.
        return weighed(played, better, self.player) or weighed(played, better, self.player, 1, 0.0)

    def gain(self) -> list[Event]:
        """What the engine's best turn and the line after it cost the opponent: its captures and
        catastrophes, and the game when the line wins it."""
        if self.position is None or self.best is None:
            return []
        found, after = turn_events(self.position, self.best, 0)
        if after is None:
            return []
        events = found + line_events(after, self.better_line, 1)
        return losses_of(events, opponent_of(self.player))


def _certain(proof: Proven) -> float:
    """The chance a proven result stands for: 1 won, 0 lost, a half drawn."""
    return 1.0 if proof.result == WON else 0.0 if proof.result == LOSS else 0.5


def flip(proof: Proven | None) -> Proven | None:
    """A proven result seen from the other player's side (its winning turn dropped)."""
    if proof is None:
        return None
    return Proven({WON: LOSS, LOSS: WON}.get(proof.result, proof.result), proof.turns)


@dataclass
class Review:
    """The review of a game: one ``TurnReview`` per turn reviewed, in order.

    ``players`` are the names; ``level`` names the level that thought; ``total`` is how many turns the game
    has (``complete`` is False when a cancel stopped the review before the last one); ``final_best``
    and ``final_score`` are the engine's turn and score for the side to move after the last turn
    (None when the game is over there or the review did not get that far).
    """

    players: tuple[str, str]
    level: str = ""
    turns: list[TurnReview] = field(default_factory=list)
    total: int = 0
    final_best: Turn | None = None
    final_score: float | None = None

    @property
    def complete(self) -> bool:
        """True when every turn of the game was reviewed."""
        return len(self.turns) >= self.total

    def marks(self) -> list[TurnReview]:
        """The turns with a mark, in order."""
        return [t for t in self.turns if t.kind is not None]

    def at(self, index: int) -> TurnReview | None:
        """The review of turn ``index`` (0-based), or None when it was not reviewed."""
        return self.turns[index] if 0 <= index < len(self.turns) else None

    def best_before(self, index: int) -> Turn | None:
        """The engine's turn at the start of turn ``index`` (after the last turn: ``final_best``)."""
        if index == len(self.turns) and self.complete:
            return self.final_best
        entry = self.at(index)
        return entry.best if entry is not None else None

    def average_loss(self, player: int) -> float | None:
        """The mean fall in win chance over ``player``'s reviewed turns in play (None without any)."""
        falls = [t.fall for t in self.turns if t.player == player and t.before is not None]
        return sum(falls) / len(falls) if falls else None

    def counts(self, player: int) -> dict[str, int]:
        """How many marks of each kind ``player``'s turns have (every kind listed, zero included)."""
        found = Counter(t.kind for t in self.turns if t.player == player and t.kind is not None)
        return {kind: found.get(kind, 0) for kind in KINDS}

    # --- plain data, for a save to keep ---
    def to_data(self) -> ReviewData:
        """The review as plain JSON-friendly data (turns in canonical notation)."""
        return {
            "level": self.level,
            "total": self.total,
            "method": METHOD,
            "turns": [
                {
                    "before": t.before,
                    "after": t.after,
                    "best": _text(t.best),
                    "kind": t.kind,
                    "note": t.note,
                    "refutation": _text(t.refutation),
                    "line": [format_turn(x, "canonical") for x in t.line],
                    "better_line": [format_turn(x, "canonical") for x in t.better_line],
                    "later": t.later,
                    "proof_before": _proof_data(t.proof_before),
                    "proof_after": _proof_data(t.proof_after),
                    "threats": [format_turn(x, "canonical") for x in t.threats],
                    "second": t.second,
                }
                for t in self.turns
            ],
            "final_best": _text(self.final_best),
            "final_score": self.final_score,
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any], positions: Sequence[Position], turns: Sequence[Turn]) -> Review:
        """The review ``to_data`` gave, for the game of these ``positions`` and ``turns`` (as for
        ``review_game``); raise ValueError when the data does not fit the game (another number of
        turns, bad notation, an unknown mark) or was made the way older versions made reviews."""
        if data.get("method") != METHOD:
            raise ValueError("the review was made by an older version")
        entries = list(data.get("turns") or [])
        total = int(data.get("total", len(turns)))
        if total != len(turns) or len(entries) > len(turns):
            raise ValueError(f"the review covers {total} turns, the game has {len(turns)}")
        out = [turn_review_of(i, positions[i], tuple(turns[i]), entry) for i, entry in enumerate(entries)]
        a, b = positions[0].players
        return cls((a, b), str(data.get("level") or ""), out, total, _turn(data.get("final_best")),
                   _number(data.get("final_score")))  # fmt: skip


def turn_review_of(index: int, position: Position, turn: Turn, entry: Mapping[str, Any]) -> TurnReview:
    """The review of turn ``index`` (played ``turn`` from ``position``) from its plain data, as
    ``Review.to_data`` keeps it; raise ValueError on an unknown mark or bad notation."""
    kind = entry.get("kind")
    if kind is not None and kind not in KINDS:
        raise ValueError(f"turn {index + 1}: unknown mark {shown(kind)}")
    line = tuple(_turn(x) or () for x in (entry.get("line") or ())[:LINE_TURNS])
    better = tuple(_turn(x) or () for x in (entry.get("better_line") or ())[:LINE_TURNS])
    threats = tuple(_turn(x) or () for x in (entry.get("threats") or ())[:THREATS_LISTED])
    return TurnReview(index, position.to_move, turn, _number(entry.get("before")), _number(entry.get("after")),
                      _turn(entry.get("best")), kind, str(entry.get("note") or ""), _turn(entry.get("refutation")),
                      line, better, position, _number(entry.get("later")), _proof(entry.get("proof_before")),
                      _proof(entry.get("proof_after")), threats, _number(entry.get("second")))  # fmt: skip


def _proof_data(proof: Proven | None) -> list[Any] | None:
    return None if proof is None else [proof.result, proof.turns]


def _proof(data: object) -> Proven | None:
    """A proven result kept as ``[result, turns]``; anything else is no proof (ValueError if malformed)."""
    if data is None:
        return None
    if (not isinstance(data, list | tuple) or len(data) != 2 or data[0] not in (WON, LOSS, DRAW)
            or not isinstance(data[1], int) or not 0 <= data[1] < 1000):  # fmt: skip
        raise ValueError(f"a proven result that is not one: {shown(str(data))}")
    return Proven(data[0], data[1])


def _text(turn: Turn | None) -> str | None:
    return None if turn is None else format_turn(turn, "canonical")


def _turn(text: object) -> Turn | None:
    if text is None:
        return None
    try:
        return parse_turn(str(text))
    except HomeworldsError as exc:
        raise ValueError(f"bad turn {shown(text)} in a review: {exc}") from None


def _number(value: object) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"{shown(value)} is not an evaluation")
    return float(value)


def fingerprint(turns: Sequence[Turn]) -> str:
    """A digest of a game's turns: a cached review belongs to the game whose turns give the same one."""
    text = "\n".join(format_turn(_played(t), "canonical") for t in turns)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


# How much longer than its CPU budget a review's search may take on the wall clock (see analysis_thinking).
REVIEW_WALL_FACTOR = 4.0


def analysis_thinking(thinking: Thinking) -> Thinking:
    """``thinking`` with its human touches removed: no look at a few turns only, and the safety
    check on. A review wants the engine's own best turn, the same on a busy machine as on an idle one:
    its searches run on CPU budgets, with a wall-clock backstop wide enough (``REVIEW_WALL_FACTOR``) that
    the other programs of the machine only make it slower, never shallower."""
    return (thinking.with_manner(sample=0, safety=True)
            .with_machine(wall_factor=max(thinking.machine.wall_factor, REVIEW_WALL_FACTOR)))


def _played(turn: Iterable[Action]) -> Turn:
    return tuple(a for a in turn if not isinstance(a, EndTurn))


def _after(position: Position, turn: Turn) -> Position | None:
    """The position after a whole turn, through the validator (None if the turn is not legal here)."""
    try:
        state = start_turn(position)
        for action in _played(turn):
            state = apply_checked(state, action)
        return end_turn(state.position)
    except HomeworldsError:
        return None


def _result_value(position: Position, player: int) -> float:
    """The value of a finished position for ``player``: a won, lost or drawn game."""
    winner = position.winner()
    if winner is None:
        return 0.0
    return float(WIN) if winner == player else -float(WIN)


def verdict_at(
    position: Position,
    turn: Turn | None,
    thinking: Thinking,
    seed: int | None = 0,
    history: Mapping[PositionKey, int] | None = None,
    cancel: Cancel = None,
) -> Findings:
    """What the review finds at ``position`` (in play, not over) on ``turn``, the turn played there
    (None: only the best turn is wanted): the exact proofs and threats first, then one search.
    ``thinking`` is applied as ``analysis_thinking`` gives it; ``history`` counts the positions seen so far
    (draws by repetition); ``cancel`` stops it (raising ``_Stop``). ``seed`` is accepted for symmetry
    with ``choose_turn``: the analysis makes no random choice."""
    del seed
    stopped = cancel_test(cancel)

    def tick() -> None:
        if stopped():
            raise _Stop

    draws = draw_keys(position, history)
    proof = short_proof(position, tick, draws)
    threats = threats_of(position, tick)
    played = _played(turn) if turn is not None else None
    result = search(position, params_for(analysis_thinking(thinking), True, history), cancel, also=played)
    if result.cancelled or stopped():
        raise _Stop
    win = result.turn if result.won else None
    if proof is not None and proof.result == WON and win is None:
        win = proof.turn
    reply = None
    if played is not None:
        after = _after(position, played)
        if after is not None and not after.is_over():
            reply = find_win(after, tick)
    best_safe = True
    if result.turn is not None and not result.won:
        best_after = _after(position, result.turn)
        best_safe = best_after is not None and (
            best_after.winner() == position.to_move
            or (not best_after.is_over() and find_win(best_after, tick) is None))
    if proof is None:
        proof = proven_of_score(result.score)
        if proof is not None:
            proof = Proven(proof.result, proof.turns, result.turn)
    line = tuple(result.also_line[:LINE_TURNS]) if played is not None else ()
    others = [score for score, turn in result.ranked if turn != result.turn]
    second = float(max(others)) if others else None
    return Findings(result.turn, float(result.score), result.also_score, line, tuple(result.line[:LINE_TURNS]), win,
                    reply, best_safe, result.depth, proof, threats, second)  # fmt: skip


def _after_proof(after: Position, me: int, following: Findings | None, further: Findings | None) -> Proven | None:
    """The proven result for ``me`` at ``after``, the board after ``me``'s turn: the game's end; the
    next position's proof turned to ``me``; or, when the opponent's turn played there left ``me`` lost
    at once (``further``, the findings of the board after it), a loss in two, proven by that turn."""
    if after.is_over():
        winner = after.winner()
        return Proven(DRAW, 0) if winner is None else Proven(WON if winner == me else LOSS, 0)
    mine = flip(following.proof) if following is not None else None
    if mine is not None:
        return mine
    if further is not None and further.proof is not None and further.proof.result == LOSS and further.proof.turns == 1:
        return Proven(LOSS, 2)
    return None


def mark_turn(
    index: int, before: Position, turn: Turn, after: Position, verdict: Findings | None, following: Findings | None,
    further: Findings | None = None,
) -> TurnReview:
    """The review of turn ``index`` from what was found at the board before it (``verdict``; None during
    setup or at a finished board), at the board after it (``following``) and at the board after the
    opponent's answer (``further``); None where there is none."""
    me = before.to_move
    played = _played(turn)
    if before.stage < PLAYING or verdict is None:
        return TurnReview(index, me, played, position=before)
    best_score = verdict.best_score
    score = verdict.played_score
    if after.is_over():
        score = _result_value(after, me)
    if score is None:
        score = best_score
    if score > best_score:
        best_score = score  # the turn played beat every turn the engine looked at
    line, better = verdict.line, verdict.better_line
    if verdict.reply is not None:
        line = (verdict.reply,)  # the opponent's winning reply is a fact: it is the line
    if verdict.win is not None:
        better = ()  # the best turn wins at once: nothing follows it
    later = None
    if after.is_over():
        later = score
    elif following is not None:
        later = -following.best_score
    proof_after = _after_proof(after, me, following, further)
    proof_before = verdict.proof
    if proof_before is None and proof_after is not None and proof_after.result == WON:
        proof_before = Proven(WON, proof_after.turns + (0 if after.is_over() else 1), played)  # this turn forced it
    entry = TurnReview(index, me, played, best_score, score, verdict.best, None, "", None, line, better, before, later,
                       proof_before, proof_after, verdict.threats, verdict.second_score)  # fmt: skip
    kind, note, refutation = _mark(entry, before, after, verdict)
    if kind is None:
        return entry
    return TurnReview(index, me, played, best_score, score, verdict.best, kind, note, refutation, line, better,
                      before, later, proof_before, proof_after, verdict.threats, verdict.second_score)  # fmt: skip


def _mark(
    entry: TurnReview, before: Position, after: Position, verdict: Findings
) -> tuple[str | None, str, Turn | None]:
    """(kind, sentence in plain English, refutation) of a reviewed turn, or (None, "", None).

    Proofs mark first: a forced win given up is a missed win (a turn that only puts the win off, the
    win still forced after it, is not), the turn after which every line loses (while some turn did
    not) a blunder; then the fall of the chance to win."""
    me, names = before.to_move, before.players
    if after.winner() == me:
        return None, "", None  # the turn won the game
    won_before = entry.proof_before is not None and entry.proof_before.result == WON
    won_after = entry.proof_after is not None and entry.proof_after.result == WON
    lost_before = entry.proof_before is not None and entry.proof_before.result == LOSS
    lost_after = entry.proof_after is not None and entry.proof_after.result == LOSS
    if verdict.win is not None and not won_after:
        note = f"missed win: {names[me]} could have won at once with {format_turn(verdict.win)}"
        if lost_after:
            note += "; instead, " + _loss_words(names, me, verdict.reply, entry.proof_after)
        return MISSED_WIN, note, verdict.win
    if won_before and not won_after:
        best = entry.proof_before.turn if entry.proof_before is not None else None
        best = best or entry.best
        return MISSED_WIN, f"missed win: {names[me]} had a forced win with {format_turn(best or ())}", best
    if lost_after and not lost_before:
        return BLUNDER, "blunder: " + _loss_words(names, me, verdict.reply, entry.proof_after), verdict.reply
    if lost_before:
        return None, "", None  # the game was already lost: no turn saves it
    if verdict.best is not None:
        best_after = _after(before, verdict.best)
        if best_after is not None and best_after.key() == after.key():
            # The engine's own turn: a fall after it is the search's horizon, not the player's choice.
            return None, "", None
    fall = entry.fall
    for kind, threshold in ((BLUNDER, BLUNDER_FALL), (MISTAKE, MISTAKE_FALL), (INACCURACY, INACCURACY_FALL)):
        if fall >= threshold:
            start = entry.chance_before or 0.0
            end = entry.chance_after or 0.0
            words = f"{names[me]}'s chance falls from {percent(start)}% to {percent(end)}%"
            return kind, f"{kind}: {words}", None
    return None, "", None


def _loss_words(names: Sequence[str], me: int, reply: Turn | None, proof: Proven | None = None) -> str:
    them = names[opponent_of(me)]
    if reply is not None:
        return f"after this, {them} wins with {format_turn(reply)}"
    if proof is not None and proof.turns == 0:
        return f"this turn loses the game for {names[me]} at once"
    turns = proof.turns if proof is not None else 2
    return f"after this turn every line loses: {them} wins within {turns} turns whatever {names[me]} plays"


# --- the review of a whole game, on one process or several ---


def review_workers() -> int:
    """How many processes a review spreads over: every core this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


class _Tasks:
    """The searches of one review: which positions need one, and their history of positions."""

    def __init__(self, positions: Sequence[Position], turns: Sequence[Turn],
                 history: Mapping[PositionKey, int] | None) -> None:  # fmt: skip
        self.positions = positions
        self.turns = turns
        self.base = Counter(history or {})

    def wanted(self, i: int) -> bool:
        """True when position ``i`` is searched: in play and not over."""
        pos = self.positions[i]
        return pos.stage >= PLAYING and not pos.is_over()

    def args(self, i: int) -> tuple[Position, Turn | None, Mapping[PositionKey, int] | None]:
        """(position, turn played there or None after the last, history) for the search at ``i``."""
        pos = self.positions[i]
        history: Counter[PositionKey] | None = None
        if pos.rules.repetition_draw:
            history = self.base + Counter(p.key() for p in self.positions[: i + 1])
        turn = _played(self.turns[i]) if i < len(self.turns) else None
        return pos, turn, history


def _verdicts_here(tasks: _Tasks, thinking: Thinking, cancel: Cancel) -> Iterator[tuple[int, Findings | None]]:
    """Each position's verdict in order, searched in this process."""
    for i in range(len(tasks.positions)):
        if not tasks.wanted(i):
            yield i, None
            continue
        pos, turn, history = tasks.args(i)
        yield i, verdict_at(pos, turn, thinking, history=history, cancel=cancel)


# What crosses a review process's pipe: a search to make, one way, and, the other way, the process's
# pid once it has started, then each search's findings (None when the shared flag cut it short) or the
# error that stopped it, in words.
@dataclass(frozen=True)
class _Task:
    index: int
    position: Position
    turn: Turn | None
    thinking: Thinking
    history: Mapping[PositionKey, int] | None


@dataclass(frozen=True)
class _Ready:
    pid: int


@dataclass(frozen=True)
class _Found:
    index: int
    findings: Findings | None
    error: str | None = None


def _serve(conn: Connection, flag: SharedFlag) -> None:
    """A review process: search each ``_Task`` that comes on ``conn`` and send back what it found, until
    anything else comes or the pipe ends. It gives way to the window, leaves Ctrl+C to its parent, and
    ends at once when its parent is gone (``process.end_with_parent``)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    lower_priority()
    end_with_parent()
    try:
        conn.send(_Ready(os.getpid()))
        while True:
            task = conn.recv()
            if not isinstance(task, _Task):
                break
            try:
                found = _Found(task.index, verdict_at(task.position, task.turn, task.thinking, history=task.history,
                                                      cancel=flag))  # fmt: skip
            except _Stop:
                found = _Found(task.index, None)
            except Exception as exc:  # a fault in the search: the review says so
                found = _Found(task.index, None, f"{type(exc).__name__}: {exc}")
            conn.send(found)
    except (EOFError, OSError):
        pass
    # At once: freeing the search's tables object by object would only make the end wait.
    os._exit(0)


class _Worker:
    """One review process and this end of its pipe; ``index`` is the position it searches (None: idle)."""

    def __init__(self, ctx: SpawnContext, flag: SharedFlag, number: int) -> None:
        self.conn, child_end = ctx.Pipe()
        self.process = ctx.Process(target=_serve, args=(child_end, flag), name=f"hwgame-review-{number}",
                                   daemon=True)  # fmt: skip
        self.process.start()
        child_end.close()  # the process's end then shows as the end of the pipe
        self.pid: int | None = None  # once it has started
        self.index: int | None = None
        self.dead = False

    def send(self, message: object) -> bool:
        """Send ``message``; False (and the process counted dead) when it cannot be."""
        try:
            self.conn.send(message)
            return True
        except (OSError, ValueError):
            self.dead = True
            return False


# The pools of the reviews running in this process, for ``end_reviews``.
_pools: set[_Pool] = set()
_pools_lock = threading.Lock()
CLOSE_GRACE = 0.5  # seconds a pool's processes get to end when told, before they are killed


class _Pool:
    """The processes of one review (``spawn``, one per worker), each handed one position at a time. A
    shared flag cuts every running search short; ``close`` ends them all, and every process also ends by
    itself when this one is gone."""

    def __init__(self, workers: int) -> None:
        ctx = multiprocessing.get_context("spawn")
        self.flag = SharedFlag(ctx)
        self.workers: list[_Worker] = []
        with _pools_lock:
            _pools.add(self)
        for number in range(1, workers + 1):
            try:
                self.workers.append(_Worker(ctx, self.flag, number))
            except Exception:
                break  # no more processes here (a limit, a build without support): with those there are
        if not self.workers:
            self.close()
            raise RuntimeError("no review process could start")

    def hand_out(self, waiting: deque[int], task: Callable[[int], _Task]) -> None:
        """Give each idle process that has started the next position ``waiting`` (in order)."""
        for worker in self.workers:
            if waiting and worker.pid is not None and worker.index is None and not worker.dead:
                index = waiting.popleft()
                if worker.send(task(index)):
                    worker.index = index
                else:
                    waiting.appendleft(index)

    def collect(self, timeout: float, waiting: deque[int]) -> list[tuple[int, Findings]]:
        """The findings that came within ``timeout`` seconds, as (position, findings). A process that
        died gives its position back to ``waiting``; raises ``_Stop`` once the flag has cut a search
        short, and RuntimeError for a fault of the search or when no process is left."""
        alive = {worker.conn: worker for worker in self.workers if not worker.dead}
        out: list[tuple[int, Findings]] = []
        ready = wait(list(alive), timeout)
        for worker in [worker for conn, worker in alive.items() if conn in ready]:
            try:
                message = worker.conn.recv()
            except (EOFError, OSError):
                worker.dead = True
                if worker.index is not None:
                    waiting.appendleft(worker.index)
                    worker.index = None
                continue
            if isinstance(message, _Ready):
                worker.pid = message.pid
            elif isinstance(message, _Found):
                worker.index = None
                if message.error is not None:
                    raise RuntimeError(message.error)
                if message.findings is None:
                    raise _Stop
                out.append((message.index, message.findings))
        if self.flag.is_set():
            raise _Stop
        if all(worker.dead for worker in self.workers):
            raise RuntimeError("the review's processes stopped unexpectedly")
        return out

    @property
    def pids(self) -> list[int]:
        """The process ids of the pool's processes that have started and search (or wait for a search)."""
        return [worker.pid for worker in self.workers if worker.pid is not None and not worker.dead]

    def kill(self, wait_for: float = 1.0) -> None:
        """Stop every search and end every process at once, waiting at most ``wait_for`` seconds for them
        to be gone (another thread may do this while the review's own thread uses the pool)."""
        self.flag.set()
        for worker in self.workers:
            try:
                worker.process.kill()
            except (OSError, ValueError, AttributeError):
                pass  # ended already
        self._wait_gone(time.monotonic() + wait_for)

    def close(self, grace: float = CLOSE_GRACE) -> None:
        """Stop every search and end every process: told to end, given ``grace`` seconds, then killed."""
        self.flag.set()  # searches still running stop within milliseconds
        for worker in self.workers:
            if not worker.dead:
                worker.send(None)
        until = time.monotonic() + grace
        for worker in self.workers:
            worker.process.join(max(0.0, until - time.monotonic()))
        for worker in self.workers:
            if worker.process.is_alive():
                worker.process.kill()
        self._wait_gone(time.monotonic() + 1.0)
        for worker in self.workers:
            worker.process.join(0.0)  # reaped now, not left to the garbage collector
            worker.conn.close()
        with _pools_lock:
            _pools.discard(self)

    def _wait_gone(self, until: float) -> None:
        sentinels = []
        for worker in self.workers:
            try:
                sentinels.append(worker.process.sentinel)
            except ValueError:
                pass  # never started, or closed
        while sentinels and time.monotonic() < until:
            ended = wait(sentinels, max(0.0, until - time.monotonic()))
            sentinels = [sentinel for sentinel in sentinels if sentinel not in ended]


def end_reviews(wait_for: float = 1.0) -> None:
    """End every review running in this process at once (the program is closing): their searches stop,
    their processes are killed, and each review returns the turns it judged. Waits at most ``wait_for``
    seconds for the processes to be gone."""
    with _pools_lock:
        pools = list(_pools)
    until = time.monotonic() + wait_for
    for pool in pools:
        pool.kill(max(0.0, until - time.monotonic()))


def review_pids() -> list[int]:
    """The process ids of the processes of every review running in this process, once each has started."""
    with _pools_lock:
        pools = list(_pools)
    return [pid for pool in pools for pid in pool.pids]


def _verdicts_pooled(
    tasks: _Tasks, thinking: Thinking, cancel: Cancel, workers: int
) -> Iterator[tuple[int, Findings | None]]:
    """Each position's verdict in order, searched by ``workers`` processes (by this one when none can
    start); a cancel stops them all."""
    stopped = cancel_test(cancel)
    try:
        pool = _Pool(workers)
    except Exception:
        yield from _verdicts_here(tasks, thinking, cancel)
        return

    def task(i: int) -> _Task:
        position, turn, history = tasks.args(i)
        return _Task(i, position, turn, thinking, history)

    try:
        # Handed out in order, so the first turns come back first and show at once.
        waiting = deque(i for i in range(len(tasks.positions)) if tasks.wanted(i))
        found: dict[int, Findings] = {}
        for i in range(len(tasks.positions)):
            if not tasks.wanted(i):
                yield i, None
                continue
            while i not in found:
                if stopped():
                    raise _Stop
                pool.hand_out(waiting, task)
                found.update(pool.collect(0.1, waiting))
            yield i, found.pop(i)
    finally:
        pool.close()


def review_game(
    positions: Sequence[Position],
    turns: Sequence[Turn],
    thinking: Thinking,
    cancel: Cancel = None,
    progress: Callable[[int, int], None] | None = None,
    *,
    on_turn: Callable[[TurnReview], None] | None = None,
    seed: int | None = 0,
    level: str = "",
    history: Mapping[PositionKey, int] | None = None,
    workers: int = 1,
) -> Review:
    """Review every turn of a game: ``positions[i]`` is the board before ``turns[i]`` (so there is one
    position more than turns: the board after the last turn ends the list).

    ``thinking`` is how hard the engine thinks at each position (``analysis_thinking`` is applied); the
    review makes no random choice (``seed`` is kept for callers that pass one); ``cancel`` (an Event,
    or a callable returning True) stops it, and the review of the turns done so far is returned;
    ``progress(done, total)`` is called as turns are finished, and ``on_turn`` with each finished
    ``TurnReview`` (to print it at once); ``history`` counts positions seen before ``positions[0]``;
    ``level`` names it in the summary; ``workers`` above 1 spreads the searches over that many
    processes (``review_workers()`` gives every core).
    """
    del seed
    if len(positions) != len(turns) + 1:
        raise ValueError(f"a review needs one position more than turns ({len(positions)} for {len(turns)})")
    players = tuple(positions[0].players)
    review = Review((players[0], players[1]), level, [], len(turns))
    tasks = _Tasks(positions, turns, history)
    total = len(turns)
    if progress is not None:
        progress(0, total)
    searched = (_verdicts_pooled(tasks, thinking, cancel, workers) if workers > 1 and total > 1
                else _verdicts_here(tasks, thinking, cancel))  # fmt: skip
    stopped = cancel_test(cancel)
    found: dict[int, Findings | None] = {}  # what each position gave, until the turns that read it are judged
    judged = 0  # the next turn to judge: it waits for the two positions after it

    def emit(j: int) -> None:
        entry = mark_turn(j, positions[j], turns[j], positions[j + 1], found.get(j), found.get(j + 1), found.get(j + 2))
        review.turns.append(entry)
        found.pop(j - 1, None)
        if on_turn is not None:
            on_turn(entry)
        if progress is not None:
            progress(j + 1, total)

    last = -1
    try:
        for i, verdict in searched:
            if stopped():
                break
            found[i], last = verdict, i
            if i == total and verdict is not None:
                review.final_best, review.final_score = verdict.best, verdict.best_score
            while judged < total and judged + 2 <= i:
                emit(judged)
                judged += 1
    except _Stop:
        pass
    finally:
        close = getattr(searched, "close", None)
        if close is not None:
            close()
    if stopped():
        return review  # cancelled: the turns judged so far
    # The last turns: each needs at least the position after it.
    while judged < total and judged + 1 <= last:
        emit(judged)
        judged += 1
    return review


def standing(proof: Proven | None) -> str | None:
    """How a proven result stands for its player, as the review's words read it (``words.score_text``):
    "proven-win", "proven-loss", or None where nothing is proven (the chance is then said instead)."""
    if proof is None or proof.result == DRAW:
        return None
    return "proven-win" if proof.result == WON else "proven-loss"


def review_of(
    game: Game,
    thinking: Thinking,
    cancel: Cancel = None,
    progress: Callable[[int, int], None] | None = None,
    **options: Any,
) -> Review:
    """``review_game`` over a ``rules.Game``'s committed turns (``options`` as ``review_game`` takes them)."""
    return review_game(game.positions, game.turns, thinking, cancel, progress, **options)


def judge_game(positions: Sequence[Position], turns: Sequence[Turn], thinking: Thinking, cancel: Cancel = None,
               progress: Callable[[int, int], None] | None = None, **options: Any) -> Review:  # fmt: skip
    """Every position of a game judged and every turn marked (``review_game``, whose options it takes):
    ``positions[i]`` is the board before ``turns[i]``."""
    return review_game(positions, turns, thinking, cancel, progress, **options)


__all__ = ["BLUNDER", "BLUNDER_FALL", "INACCURACY", "INACCURACY_FALL", "KINDS", "METHOD", "MISSED_WIN", "MISTAKE",
           "MISTAKE_FALL", "Findings", "Review", "ReviewData", "TurnData", "TurnReview", "analysis_thinking",
           "end_reviews", "fingerprint", "flip", "judge_game", "mark_turn", "review_game", "review_of", "review_pids",
           "review_workers", "standing", "turn_review_of", "verdict_at"]  # fmt: skip
