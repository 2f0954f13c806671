"""The best few turns of a position, each judged: the lines of the study board and of ``go multiturn``.

``ranked_lines`` gives the ``count`` best distinct turns of the side to move, each as the ``Verdict`` of
the studied position if that turn is chosen: ``player`` the side to move, ``best`` the turn, ``line``
the turn and the continuation the search expects, a ``proof`` or an ``estimate`` of its value for that
player, and the depth. They come from one search of ranked lines (``ai.ranked``), deepened turn by turn
until ``cancel``, ``max_depth`` or the thinking's budget stops it; ``on_depth`` hears every whole depth.

The design, in short (the search's own docstring says more): the root's candidates are checked exactly
first, as ``analyst.judge`` does: a turn that wins at once is a proven win, and under a threat the turns
after which the opponent wins at once are proven losses (the check ``ai.proofs`` makes); a loss is
claimed only from that check, never from a search. The survivors are then searched with a window that
keeps the ``count`` best exact (each candidate's lower bound is the ``count``-th best score so far,
where a single search's is the best), so each line's score is its own and not a bound. A score the
search proved a win becomes a proof; any other score an estimate (``verdict.estimate_of``).

``lines_reply`` is ``ranked_lines`` in the shape of a chooser, for the window's search process: each
depth's lines go out as the search's progress, the last in the reply's ``info`` (a ``LinesInfo``).

Lines are ordered best first by ``line_value``: a proven win (the sooner the better), then estimates and
proven draws by score (a draw is worth a level score), then proven losses (the later the better).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import cast

from hwgame.ai.bots import MAX_DEPTH, params_for
from hwgame.ai.handoff import History, OnProgress, SearchInfo, SearchReply
from hwgame.ai.parallel import workers_wanted
from hwgame.ai.proofs import DRAW, LOSS, WIN, in_play, threats
from hwgame.ai.ranked import RankedDepth, RootLine, search_ranked
from hwgame.ai.search_params import Aborted, Cancel, Progress, cancel_test
from hwgame.ai.thinking import Breadth, Limit, Thinking
from hwgame.rules import Position, PositionKey, Turn

from .review import analysis_thinking
from .verdict import Verdict, estimate_of, proof_of

# "Until stopped": ten days, past any study left open.
STUDY_SECONDS = 864_000.0
# How the study board thinks: Expert's widths with no budget but the depth (``max_depth``) and a cancel.
STUDY = Thinking(Limit(time=STUDY_SECONDS, hard=STUDY_SECONDS, nodes=None, depth=MAX_DEPTH),
                 breadth=Breadth(beam=6, root_cap=5000, root_keep=20, inner_beam=3, inner_cap=700, inner_keep=8,
                                 win2=40_000, convert=False, survive=0.0))  # fmt: skip


@dataclass(frozen=True)
class Lines:
    """The ranked lines of a position after a whole depth of the search: one ``Verdict`` per distinct
    turn, best first (fewer where fewer turns exist), with the nodes and milliseconds spent so far, and
    ``done`` when nothing would change deeper (every line a proven win, nothing left to search, or the
    depth limit)."""

    depth: int
    verdicts: tuple[Verdict, ...]
    nodes: int
    elapsed_ms: int
    done: bool


def line_value(verdict: Verdict) -> tuple[int, float]:
    """How good a line is for the side to move, to order lines by (larger is better): a proven win above
    everything (sooner first), estimates and proven draws by score, proven losses below (later first)."""
    proof = verdict.proof
    if proof is not None:
        if proof.result == WIN:
            return 2, -float(proof.turns)
        if proof.result == LOSS:
            return 0, float(proof.turns)
        if proof.result == DRAW:
            return 1, 0.0
    return 1, verdict.estimate.score if verdict.estimate is not None else 0.0


def ranked_lines(position: Position, count: int, *, turn_index: int = 0,
                 history: Mapping[PositionKey, int] | None = None, cancel: Cancel = None,
                 on_depth: Callable[[Lines], None] | None = None, max_depth: int | None = None, workers: int = 1,
                 thinking: Thinking | None = None) -> Lines:  # fmt: skip
    """The ``count`` best lines of ``position`` (``turn_index`` turns into its game; ``history`` counts
    the positions met so far, for draws by repetition), after the deepest whole depth reached; see the
    module docstring. ``on_depth`` hears each depth's lines as it completes. It stops at ``cancel``, at
    ``max_depth``, or when ``thinking`` (default ``STUDY``: no budget) runs out, on ``workers``
    processes (0: every core). A position not in play has no lines (``done``)."""
    if not in_play(position) or count < 1:
        return Lines(0, (), 0, 0, True)
    thinking = analysis_thinking(thinking or STUDY)
    if max_depth is not None:
        thinking = thinking.with_limit(depth=max(1, min(max_depth, MAX_DEPTH)))
    params = params_for(thinking, safety=True, history=history)
    stopped = cancel_test(cancel)
    found = _threats(position, stopped)

    def judged(ranked: RankedDepth) -> Lines:
        verdicts = [_verdict(position, line, found, ranked.depth, turn_index) for line in ranked.lines]
        verdicts.sort(key=line_value, reverse=True)  # stable: the search's order among equals
        return Lines(ranked.depth, tuple(verdicts), ranked.nodes, round(ranked.seconds * 1000), ranked.done)

    def heard(ranked: RankedDepth) -> None:
        if on_depth is not None:
            on_depth(judged(ranked))

    return judged(search_ranked(position, params, count, cancel, heard, workers_wanted(workers)))


@dataclass(frozen=True, kw_only=True)
class LinesInfo(SearchInfo):
    """What a reply of ``lines_reply`` tells: the search's figures, the ``lines`` reached and the
    ``token`` its caller gave the request."""

    lines: Lines
    token: int = 0


def lines_reply(position: Position, thinking: Thinking, seed: int | None = None, cancel: Cancel = None,
                progress: OnProgress = None, history: History = None, *, count: int, turn_index: int = 0,
                token: int = 0, workers: int = 1) -> SearchReply:  # fmt: skip
    """``ranked_lines`` as a chooser for the search process (bind the keywords with
    ``functools.partial``): every depth's lines go to ``progress`` (under ``lines``, with ``token``, beside
    the usual depth, nodes, turn, score and seconds), and the reply's ``info`` is a ``LinesInfo`` with the
    last. ``thinking`` says how deep and how long (``STUDY``: until cancelled)."""
    del seed  # the analysis makes no random choice

    def heard(lines: Lines) -> None:
        if progress is not None and lines.verdicts:
            first = lines.verdicts[0]
            score = first.estimate.score if first.estimate is not None else 0.0
            progress(cast(Progress, {"depth": lines.depth, "nodes": lines.nodes, "turn": first.best, "score": score,
                                     "seconds": lines.elapsed_ms / 1000, "lines": lines, "token": token}))  # fmt: skip

    found = ranked_lines(position, count, turn_index=turn_index, history=history, cancel=cancel, on_depth=heard,
                         max_depth=thinking.limit.depth, workers=workers, thinking=thinking)  # fmt: skip
    best = found.verdicts[0].best if found.verdicts else None
    info = LinesInfo(lines=found, token=token, depth=found.depth, nodes=found.nodes,
                     seconds=found.elapsed_ms / 1000, cancelled=cancel_test(cancel)())  # fmt: skip
    return SearchReply(best, 0.0, info)


def _threats(position: Position, stopped: Callable[[], bool]) -> tuple[Turn, ...]:
    """The opponent's threats at ``position`` (none when cancelled first)."""

    def tick() -> None:
        if stopped():
            raise Aborted

    try:
        return threats(position, tick)
    except Aborted:
        return ()


def _verdict(position: Position, line: RootLine, found: tuple[Turn, ...], depth: int, turn_index: int) -> Verdict:
    """The verdict of ``position`` if the side to move plays the line's turn."""
    me = position.to_move
    turns = (line.turn, *line.line)
    if line.proven is not None:
        return Verdict(me, proof_of(line.proven), best=line.turn, line=turns, threats=found, depth=depth)
    return Verdict(me, estimate=estimate_of(line.score, turn_index), best=line.turn, line=turns, threats=found,
                   depth=depth)  # fmt: skip


__all__ = ["STUDY", "Lines", "LinesInfo", "line_value", "lines_reply", "ranked_lines"]
