"""How a position's verdict is reached, and where it is kept for the game.

``judge`` makes the one verdict of a position: the exact proofs first (``ai.proofs``: a win at once, a
loss at once, the opponent's threats), then, where nothing is proven, one search (``choose_turn`` under
the analysis's thinking: no random choice) whose score becomes the estimate and whose turn, line and facts
are the verdict's best turn. A loss is only ever claimed from the exact check; a search that believes a
loss it cannot prove gives an estimate at the curve's surest. With ``quick`` only the threats and a
win at once are looked for: known in milliseconds, before a search could say anything.

``verdict_reply`` is ``judge`` in the shape of a chooser, for the search process: the window's worker
sends it with a request and gets the verdict back in the reply's ``info``, a ``VerdictInfo``
(``verdict_of`` reads it).

``Analyst`` keeps the verdicts of one game, one per position, and lets a better one (a proof, or a
deeper search) replace a worse one, so every reader of a position sees the best known.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from hwgame.ai.bots import choose_turn
from hwgame.ai.handoff import SearchInfo, SearchReply
from hwgame.ai.proofs import LOSS, WIN, Proven, draw_keys, in_play, passed, short_proof, threats
from hwgame.ai.reasons import weighed
from hwgame.ai.search_params import Cancel, cancel_test
from hwgame.ai.tactics import find_win
from hwgame.ai.thinking import Thinking
from hwgame.analysis.review import analysis_thinking
from hwgame.rules import HomeworldsError, Position, PositionKey, Turn, apply_turn_unchecked

from .verdict import Proof, Verdict, estimate_of, proof_from_score, proof_of

Tick = Callable[[], None]
# The verdicts an analyst keeps: a long game's every position, and then some (each is a few hundred
# bytes: a few turns, a few numbers).
KEPT = 2000


@dataclass(frozen=True, kw_only=True)
class VerdictInfo(SearchInfo):
    """What a reply of ``verdict_reply`` tells: the search's figures, and the ``verdict`` reached."""

    verdict: Verdict


class Stopped(Exception):
    """The verdict was cancelled before it was reached."""


def _ticker(cancel: Cancel) -> Tick:
    stopped = cancel_test(cancel)
    count = [0]

    def tick() -> None:
        count[0] += 1
        if not count[0] & 63 and stopped():
            raise Stopped

    return tick


def final_verdict(position: Position) -> Verdict:
    """The verdict of a finished game's last position, for the side to move there."""
    winner = position.winner()
    me = position.to_move
    if winner is None:
        return Verdict(me, Proof("draw", 0))
    return Verdict(me, Proof(WIN if winner == me else LOSS, 0))


def exact_verdict(position: Position, cancel: Cancel = None, history: Mapping[PositionKey, int] | None = None,
                  losses: bool = True) -> Verdict:  # fmt: skip
    """The verdict the exact proofs alone give (threats, a win or loss at once); no estimate. Without
    ``losses`` a loss at once is not looked for: the threats and a win at once take milliseconds, while
    the walk over every turn of a threatened position can take seconds. Raises ``Stopped`` when
    cancelled."""
    me = position.to_move
    if position.is_over():
        return final_verdict(position)
    if not in_play(position):
        return Verdict(me)
    tick = _ticker(cancel)
    found = threats(position, tick)
    if losses:
        proven = short_proof(position, tick, draw_keys(position, history))
    else:
        win = find_win(position, tick)
        proven = Proven(WIN, 1, win) if win is not None else None
    if proven is None:
        return Verdict(me, threats=found)
    best = proven.turn
    return Verdict(me, proof_of(proven), best=best, line=(best,) if best else (), threats=found)


def judge(position: Position, thinking: Thinking, turn_index: int, history: Mapping[PositionKey, int] | None = None,
          cancel: Cancel = None, progress: Any = None, quick: bool = False) -> Verdict:  # fmt: skip
    """The verdict of ``position`` (``turn_index`` turns into its game), see the module docstring.
    ``thinking`` is the search's (taken as ``analysis.review.analysis_thinking`` gives it); ``history`` counts the
    positions met so far (draws by repetition). Raises ``Stopped`` when cancelled."""
    exact = exact_verdict(position, cancel, history, losses=not quick)
    if quick or not in_play(position) or (exact.proof is not None and exact.proof.result == WIN):
        return exact
    reply = choose_turn(position, analysis_thinking(thinking).explaining(), None, cancel, progress,
                        history=history)  # fmt: skip
    if reply.turn is None or cancel_test(cancel)():
        if exact.proof is not None:
            return exact
        raise Stopped
    info = reply.info
    depth, line, why = info.depth, info.line, info.why
    if exact.proof is not None:
        # Lost at once: every turn loses; the search's best is the one that makes the win hardest.
        return Verdict(position.to_move, exact.proof, best=reply.turn, line=line, threats=exact.threats,
                       depth=depth, why=why)  # fmt: skip
    # The position's value is the search's best score, whichever turn a hint's filters picked.
    score = reply.score if info.best_score is None else info.best_score
    proof = proof_from_score(score)  # a win the search proved; a loss only the exact check proves
    if proof is not None:
        # A proven win is the search's own turn: a hint's filters never trade it for another.
        won = info.best_turn or reply.turn
        return Verdict(position.to_move, proof, None, won, (), exact.threats, depth)
    estimate = estimate_of(score, turn_index)
    return Verdict(position.to_move, proof, estimate, reply.turn, line, exact.threats, depth, why,
                   strengthens=strengthened(position, reply.turn))


def strengthened(position: Position, turn: Turn) -> tuple[str, ...]:
    """The evaluation's groups in which ``turn`` leaves its mover better off than a pass would."""
    try:
        after = apply_turn_unchecked(position, turn)
    except HomeworldsError:
        return ()
    return tuple(weighed(passed(position), after, position.to_move))


def verdict_reply(position: Position, thinking: Thinking, seed: int | None = None, cancel: Cancel = None,
                  progress: Any = None, history: Mapping[PositionKey, int] | None = None, *,
                  turn_index: int = 0, quick: bool = False) -> SearchReply:  # fmt: skip
    """``judge`` as a chooser for the search process (bind ``turn_index`` and ``quick`` with
    ``functools.partial``): the reply's turn is the verdict's best turn and its ``info`` a
    ``VerdictInfo`` holding the verdict; a cancelled judgement replies with no turn."""
    del seed  # the analysis makes no random choice
    try:
        verdict = judge(position, thinking, turn_index, history, cancel, progress, quick)
    except Stopped:
        return SearchReply(None, info=SearchInfo(cancelled=True))
    score = 0.0 if verdict.estimate is None else verdict.estimate.score
    info = VerdictInfo(verdict=verdict, depth=verdict.depth, why=verdict.why, line=verdict.line)
    return SearchReply(verdict.best, score, info)


def verdict_of(reply: SearchReply) -> Verdict | None:
    """The verdict a reply of ``verdict_reply`` holds; None for a judgement cancelled or failed."""
    return reply.info.verdict if isinstance(reply.info, VerdictInfo) else None


class Analyst:
    """The verdicts of one game, a position each (keyed by the turn index and the board): a better
    verdict replaces a worse one (``Verdict.deeper_than``), the oldest are forgotten past ``KEPT``."""

    def __init__(self, kept: int = KEPT) -> None:
        self.kept = kept
        self._verdicts: OrderedDict[tuple[int, PositionKey], Verdict] = OrderedDict()

    def __len__(self) -> int:
        return len(self._verdicts)

    def get(self, position: Position, turn_index: int) -> Verdict | None:
        """The best verdict known of ``position`` at ``turn_index``, or None."""
        return self._verdicts.get((turn_index, position.key()))

    def offer(self, position: Position, turn_index: int, verdict: Verdict) -> Verdict:
        """Keep ``verdict`` unless a better one is known; return the one now kept."""
        key = (turn_index, position.key())
        known = self._verdicts.get(key)
        if known is not None and known.deeper_than > verdict.deeper_than:
            self._verdicts.move_to_end(key)
            return known
        if known is not None and verdict.proof is None and known.threats and not verdict.threats:
            verdict = replace(verdict, threats=known.threats)
        self._verdicts[key] = verdict
        self._verdicts.move_to_end(key)
        while len(self._verdicts) > self.kept:
            self._verdicts.popitem(last=False)
        return verdict

    def clear(self) -> None:
        """Forget every verdict (a new game)."""
        self._verdicts.clear()


__all__ = ["KEPT", "Analyst", "Stopped", "VerdictInfo", "exact_verdict", "final_verdict", "judge", "verdict_of",
           "verdict_reply"]
