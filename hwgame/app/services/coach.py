"""The coach: the window's one client of the computer's judgement of a position.

The play flow, the puzzles and the tutorial judge positions through here and never import the computer
(``hwgame.ai``) or the analysis layer (``hwgame.analysis``) themselves, so that one module of the window
says what it asks of them: the verdict of a position (kept per game in an ``Analyst``, asked for in the
search process through the opponent with ``verdict_chooser`` and read from its reply with
``verdict_of``), whether ending a turn lets the opponent win at once, the turn that undoes a hint, the rungs of a
hint (``hint_ladder``), and the winning turn of a puzzle taken from a real game. The types
a screen reads (``Verdict``, ``Why``, ``SearchReply``) are named here for the same reason.
"""

from __future__ import annotations

import time
from functools import partial
from typing import TYPE_CHECKING

from hwgame.ai.bots import reversal_of
from hwgame.ai.proofs import draw_keys, survives
from hwgame.ai.tactics import find_win
from hwgame.analysis import Analyst, Verdict, verdict_of, verdict_reply
from hwgame.analysis.ideas import Idea, Ladder, Lit, ladder_of
from hwgame.rules import Position, Turn, end_turn, opponent_of

if TYPE_CHECKING:
    from hwgame.ai.handoff import Chooser, History, SearchReply
    from hwgame.ai.why import Why

__all__ = ["Analyst", "Idea", "Ladder", "Lit", "SearchReply", "Verdict", "Why", "ending_loses", "find_win",
           "hint_ladder", "undo_of", "verdict_chooser", "verdict_of"]


class _TooLong(Exception):
    """The check of a turn about to be ended ran past its time."""


def verdict_chooser(turn_index: int, quick: bool) -> Chooser:
    """What the search process runs to judge the position a turn starts from: the quick proofs only
    (``quick``) or the whole verdict; ``turn_index`` is that turn's place in the game."""
    return partial(verdict_reply, turn_index=turn_index, quick=quick)


def ending_loses(position: Position, history: History, seconds: float) -> bool | None:
    """Whether ending the turn at ``position`` (the turn so far played) lets the opponent win at once,
    every answer of the mover's then being lost; None when that was not worked out in ``seconds`` of CPU
    time. ``history`` counts the game's positions, for the draws by repetition."""
    me = position.to_move
    after = end_turn(position)
    if after.is_over():
        return after.winner() == opponent_of(me)
    draws = draw_keys(position, history)
    deadline = time.thread_time() + seconds

    def tick() -> None:
        if time.thread_time() > deadline:
            raise _TooLong

    try:
        return not survives(after, me, tick, draws)
    except _TooLong:
        return None


def hint_ladder(position: Position, verdict: Verdict) -> Ladder:
    """The rungs of the hint of ``verdict`` at ``position`` (``analysis.ideas.ladder_of``): the ideas,
    each checked against the verdict's line, the pieces that act in it, and the best turn."""
    return ladder_of(position, verdict)


def undo_of(turn: Turn) -> Turn | None:
    """The turn that takes ``turn`` back (a trade traded back, a move moved back), if there is one."""
    return reversal_of(turn)
