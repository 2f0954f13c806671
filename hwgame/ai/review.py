"""A review of a whole game: the engine's verdict on every turn, and the turns that lost the game.

``review_game(positions, turns, limit)`` searches the position before every turn once (with the
given Limit, its random choices switched off) and gives, for each turn, the evaluation for the player
who moved before and after it, the engine's best turn at that point, and a mark when the turn

- **missed a win**: a turn that wins at once existed (``tactics.find_win`` is exact) and the turn
  played did not win;
- **walked into a loss** (a blunder): after the turn the opponent has a winning reply, while the
  engine's best turn there avoided it. When every turn the engine found loses, the loss was forced
  and the turn is not marked.

Scores are for the side to move (``SearchReply.score``); those past ``search.PROVEN`` are proven
results, those near ``search.LIKELY`` results the search believes but did not prove.

The review is plain data: ``Review.to_data`` / ``Review.from_data`` turn it into JSON-friendly
dicts (turns in canonical notation) for a save to cache. Pure: imports the rules and the AI only.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypedDict

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

from .bots import Limit, choose_turn
from .evaluate import WIN
from .search import LIKELY, Cancel, cancel_test, is_proven
from .tactics import find_win
from .winchance import phase_of_turn, turns_in_play, win_chance

MISSED_WIN = "missed_win"
BLUNDER = "blunder"
KINDS = (MISSED_WIN, BLUNDER)


class Choice(Protocol):
    """What a turn chooser answers (a ``handoff.SearchReply``, from ``choose_turn`` or the AI worker): the turn it chose
    (None when it had none) and its score for the side to move. ``info``, ``cancelled`` and ``error``
    are read when the answer has them."""

    @property
    def turn(self) -> Turn | None:
        """The chosen turn, or None."""
        ...

    @property
    def score(self) -> float:
        """Its score for the side to move."""
        ...


class Chooser(Protocol):
    """Chooses a turn as ``bots.choose_turn`` does (the review passes these arguments by name)."""

    def __call__(
        self,
        position: Position,
        limit: Limit,
        *,
        seed: int | None,
        cancel: Cancel,
        history: Mapping[PositionKey, int] | None,
    ) -> Choice:
        """The chosen turn for the side to move in ``position``."""
        ...


class TurnData(TypedDict):
    """One reviewed turn as plain data (turns in canonical notation)."""

    before: float | None
    after: float | None
    best: str | None
    kind: str | None
    note: str
    refutation: str | None


class ReviewData(TypedDict):
    """A review as plain data, the form ``Review.to_data`` gives and a save keeps."""

    level: str
    total: int
    turns: list[TurnData]
    final_best: str | None
    final_score: float | None


class _Stop(Exception):
    """The review was cancelled (raised from inside ``find_win`` through its tick)."""


@dataclass(frozen=True)
class TurnReview:
    """The review of one turn.

    ``index`` is the turn's place in the game (0-based; the turn number is ``index + 1``), ``player``
    the mover (0 or 1), ``before`` / ``after`` the evaluation for the mover before and after the turn
    (None during setup), ``best`` the engine's turn at the start of this turn, ``kind`` one of
    ``KINDS`` or None, ``note`` the mark as a sentence (empty without a mark), ``refutation`` the
    winning turn that was missed, or the opponent's winning reply.
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

    @property
    def chance_before(self) -> float | None:
        """The mover's chance to win before the turn, from the engine's score (None during setup)."""
        if self.before is None:
            return None
        return win_chance(self.before, phase_of_turn(turns_in_play(self.index)))

    @property
    def chance_after(self) -> float | None:
        """The mover's chance to win after the turn (None during setup). The score after it is the
        opponent's to move, so the chance is read on the opponent's side and turned round."""
        if self.after is None:
            return None
        return 1.0 - win_chance(-self.after, phase_of_turn(turns_in_play(self.index + 1)))

    @property
    def number(self) -> int:
        """The turn number as the move log shows it (1 is the first setup turn)."""
        return self.index + 1

    def chance_for(self, player: int) -> float | None:
        """``player``'s chance to win after the turn (None during setup)."""
        chance = self.chance_after
        if chance is None:
            return None
        return chance if player == self.player else 1.0 - chance

    def value_for(self, player: int) -> float | None:
        """The evaluation after the turn from ``player``'s side (None during setup)."""
        if self.after is None:
            return None
        return self.after if player == self.player else -self.after


@dataclass
class Review:
    """The review of a game: one ``TurnReview`` per turn reviewed, in order.

    ``players`` are the names; ``level`` names the Limit used; ``total`` is how many turns the game
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

    # --- plain data, for a save to keep ---
    def to_data(self) -> ReviewData:
        """The review as plain JSON-friendly data (turns in canonical notation)."""
        return {
            "level": self.level,
            "total": self.total,
            "turns": [
                {
                    "before": t.before,
                    "after": t.after,
                    "best": _text(t.best),
                    "kind": t.kind,
                    "note": t.note,
                    "refutation": _text(t.refutation),
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
        turns, bad notation, an unknown mark)."""
        entries = list(data.get("turns") or [])
        total = int(data.get("total", len(turns)))
        if total != len(turns) or len(entries) > len(turns):
            raise ValueError(f"the review covers {total} turns, the game has {len(turns)}")
        out = []
        for i, entry in enumerate(entries):
            kind = entry.get("kind")
            if kind is not None and kind not in KINDS:
                raise ValueError(f"turn {i + 1}: unknown mark {shown(kind)}")
            out.append(TurnReview(i, positions[i].to_move, tuple(turns[i]), _number(entry.get("before")),
                                  _number(entry.get("after")), _turn(entry.get("best")), kind,
                                  str(entry.get("note") or ""), _turn(entry.get("refutation"))))  # fmt: skip
        a, b = positions[0].players
        return cls((a, b), str(data.get("level") or ""), out, total, _turn(data.get("final_best")),
                   _number(data.get("final_score")))  # fmt: skip


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


def analysis_limit(limit: Limit) -> Limit:
    """``limit`` with its human touches removed: no random choice among good turns, no skipped safety
    check. A review wants the engine's own best turn."""
    return limit.with_changes(temperature=0.0, oversight=0.0, safety=True)


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


class _Reviewer:
    """One review in progress: a search per position, kept so each is searched once."""

    def __init__(
        self,
        positions: list[Position],
        limit: Limit,
        seed: int | None,
        choose: Chooser,
        cancel: Cancel,
        history: Mapping[PositionKey, int] | None,
    ) -> None:
        self.positions = positions
        self.limit = analysis_limit(limit)
        self.seed = seed
        self.choose = choose
        self.cancel = cancel
        self.stopped = cancel_test(cancel)
        self.base = Counter(history or {})
        self.values: dict[int, tuple[float | None, Turn | None, bool]] = {}
        self.wins: dict[Position, Turn | None] = {}  # each board is asked twice: after one turn, before the next

    def tick(self) -> None:
        if self.stopped():
            raise _Stop

    def win(self, position: Position) -> Turn | None:
        """A turn that wins at once for the side to move, or None (exact)."""
        if position.stage < PLAYING or position.is_over():
            return None
        if position not in self.wins:
            self.wins[position] = find_win(position, self.tick)
        return self.wins[position]

    def value(self, i: int) -> tuple[float | None, Turn | None, bool]:
        """(score for the side to move, engine's turn, whether it wins at once) at position ``i``."""
        if i in self.values:
            return self.values[i]
        pos = self.positions[i]
        if pos.stage < PLAYING:
            found: tuple[float | None, Turn | None, bool] = (None, None, False)
        elif pos.is_over():
            found = (_result_value(pos, pos.to_move), None, False)
        else:
            history: Counter[PositionKey] | None = None
            if pos.rules.repetition_draw:
                history = self.base + Counter(p.key() for p in self.positions[: i + 1])
            result = self.choose(pos, self.limit, seed=self.seed, cancel=self.cancel, history=history)
            info = dict(getattr(result, "info", None) or {})
            if info.get("cancelled") or getattr(result, "cancelled", False) or self.stopped():
                raise _Stop
            error = getattr(result, "error", None)
            if error:
                raise RuntimeError(f"the search failed at turn {i + 1}: {error}")
            found = (float(result.score), result.turn, bool(info.get("won")))
        self.values[i] = found
        return found

    def review_turn(self, i: int, turn: Turn) -> TurnReview:
        """The review of turn ``i`` (positions ``i`` and ``i + 1`` are before and after it)."""
        before_pos, after_pos = self.positions[i], self.positions[i + 1]
        me = before_pos.to_move
        if before_pos.stage < PLAYING:
            return TurnReview(i, me, _played(turn))
        score, best, best_wins = self.value(i)
        after: float | None
        if after_pos.is_over():
            after = _result_value(after_pos, me)
        else:
            nxt = self.value(i + 1)[0]
            after = None if nxt is None else -nxt
        kind, note, refutation = self.mark(before_pos, after_pos, best, best_wins)
        return TurnReview(i, me, _played(turn), score, after, best, kind, note, refutation)

    def mark(
        self, before: Position, after: Position, best: Turn | None, best_wins: bool
    ) -> tuple[str | None, str, Turn | None]:
        """(kind, sentence, refutation) for a turn that missed a win or walked into a loss, else
        (None, "", None)."""
        me, names = before.to_move, before.players
        if after.winner() == me:
            return None, "", None  # the turn won the game
        win = best if best_wins and best is not None else self.win(before)
        reply, lost_at_once = None, me in after.losers()
        if not after.is_over():
            reply = self.win(after)
        walked_into_loss = lost_at_once or reply is not None
        if walked_into_loss and win is None and not self._avoidable(before, best):
            walked_into_loss = False  # every turn the engine found loses as well: it was forced
        if win is None and not walked_into_loss:
            return None, "", None
        loss = ""
        if walked_into_loss:
            if reply is not None:
                loss = f"after this, {names[opponent_of(me)]} wins with {format_turn(reply)}"
            else:
                loss = f"this turn loses the game for {names[me]} at once"
        if win is not None:
            note = f"missed win: {names[me]} could have won at once with {format_turn(win)}"
            return MISSED_WIN, note + (f"; instead, {loss}" if loss else ""), win
        return BLUNDER, f"blunder: {loss}", reply

    def _avoidable(self, before: Position, best: Turn | None) -> bool:
        """True when the engine's turn at ``before`` leaves no winning reply (and does not lose)."""
        if best is None:
            return False
        nxt = _after(before, best)
        if nxt is None:
            return False
        if nxt.is_over():
            return nxt.winner() == before.to_move
        return self.win(nxt) is None

    def final(self) -> tuple[Turn | None, float | None]:
        """The engine's turn and score after the last turn (None when the game is over there)."""
        last = len(self.positions) - 1
        pos = self.positions[last]
        if pos.stage < PLAYING or pos.is_over():
            return None, None
        score, best, _ = self.value(last)
        return best, score


def review_game(
    positions: Sequence[Position],
    turns: Sequence[Turn],
    limit: Limit,
    cancel: Cancel = None,
    progress: Callable[[int, int], None] | None = None,
    *,
    on_turn: Callable[[TurnReview], None] | None = None,
    seed: int | None = 0,
    level: str = "",
    choose: Chooser | None = None,
    history: Mapping[PositionKey, int] | None = None,
) -> Review:
    """Review every turn of a game: ``positions[i]`` is the board before ``turns[i]`` (so there is one
    position more than turns: the board after the last turn ends the list).

    ``limit`` is how hard the engine thinks at each position (``analysis_limit`` is applied); ``seed``
    keeps the review repeatable; ``cancel`` (an Event, or a callable returning True) is checked between
    turns and handed to every search, and a cancel returns the review of the turns done so far;
    ``progress(done, total)`` is called as turns are finished, and ``on_turn`` with each finished
    ``TurnReview`` (to print it at once). ``choose`` replaces
    ``bots.choose_turn`` (same arguments: position, limit, seed, cancel, history), for instance to
    search through the window's AI worker; ``history`` counts positions seen before ``positions[0]``.
    ``level`` names the limit in the summary.
    """
    if len(positions) != len(turns) + 1:
        raise ValueError(f"a review needs one position more than turns ({len(positions)} for {len(turns)})")
    players = tuple(positions[0].players)
    review = Review((players[0], players[1]), level, [], len(turns))
    worker = _Reviewer(list(positions), limit, seed, choose or choose_turn, cancel, history)
    total = len(turns)
    if progress is not None:
        progress(0, total)
    try:
        for i, turn in enumerate(turns):
            worker.tick()
            entry = worker.review_turn(i, turn)
            review.turns.append(entry)
            if on_turn is not None:
                on_turn(entry)
            if progress is not None:
                progress(i + 1, total)
        review.final_best, review.final_score = worker.final()
    except _Stop:
        pass
    return review


def standing(score: float | None) -> str | None:
    """How a score stands for its player, as the review's words read it (``words.score_text``):
    "proven-win", "proven-loss", "likely-win", "likely-loss", or None for a plain evaluation."""
    if score is None:
        return None
    if is_proven(score):
        return "proven-win" if score > 0 else "proven-loss"
    if abs(score) >= LIKELY - 1000:
        return "likely-win" if score > 0 else "likely-loss"
    return None


def review_of(
    game: Game,
    limit: Limit,
    cancel: Cancel = None,
    progress: Callable[[int, int], None] | None = None,
    **options: Any,
) -> Review:
    """``review_game`` over a ``rules.Game``'s committed turns (``options`` as ``review_game`` takes them)."""
    return review_game(game.positions, game.turns, limit, cancel, progress, **options)


__all__ = ["BLUNDER", "KINDS", "MISSED_WIN", "Choice", "Chooser", "Review", "ReviewData", "TurnData", "TurnReview",
           "analysis_limit", "fingerprint", "review_game", "review_of", "standing"]  # fmt: skip
