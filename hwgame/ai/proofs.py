"""Exact short proofs about a position: what is certain, never guessed.

- ``threats``: the opponent's turns that would win at once if the side to move passed. A pass is
  always legal, so these are what the side to move must parry this turn.
- ``lost_at_once``: every turn of the side to move lets the opponent win on its next turn (or loses
  at once). Only a position under threat can be lost at once, so the walk over every turn happens
  only there, and it stops at the first turn that survives.
- a forced win in two turns of the side to move (``wintwo``), where asked for.
- ``short_proof``: the shortest of these that holds, as a ``Proven`` result.

Each proof walks the rules' own successors (``iter_turns``) and decides with ``tactics.find_win``,
which is exact. ``tick`` is called for every turn looked at and may raise to stop a proof (a budget);
a stopped proof proves nothing. Pure: imports the rules and the AI's tactics only.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from itertools import islice

from hwgame.rules import (
    PASS,
    PLAYING,
    HomeworldsError,
    Position,
    PositionKey,
    Turn,
    apply_checked,
    apply_turn_unchecked,
    end_turn,
    start_turn,
)

from .evaluate import WIN as WIN_SCORE
from .search_params import PROVEN
from .tactics import find_win, iter_wins, win_possible
from .wintwo import find_win_in_two, threat_systems, touching_first

Tick = Callable[[], None]
WIN, LOSS, DRAW = "win", "loss", "draw"
# The winning turns listed for a threat: enough to show each way the opponent can win, few enough that
# listing them stays as cheap as finding one.
THREATS_LISTED = 6
WINS_LOOKED_AT = 40  # the winning turns a threat's listing chooses from
KNOWN_WINS = 8  # the opponent's wins kept from one turn to the next while proving a loss at once


def _nothing() -> None:
    return None


@dataclass(frozen=True)
class Proven:
    """A result proven over every reply, for the side to move: ``result`` is ``WIN``, ``LOSS`` or
    ``DRAW`` and ``turns`` how many turns of the winner's it takes (1: the winner's next turn). ``turn``
    is the side to move's turn that forces a win (None for a loss or a draw)."""

    result: str
    turns: int
    turn: Turn | None = field(default=None, compare=False)  # how it is forced, not what is proven


def proven_of_score(score: float) -> Proven | None:
    """A search's score as a proof, where the search can prove it: a win past ``PROVEN`` (won over every
    reply it had to look at). A loss the search reports is not taken: its root keeps only its best
    candidates, so "every turn loses" is left to ``lost_at_once``, which walks them all.

    Scores count plies from the position searched: a win found on ply ``d`` is the mover's turn
    ``d // 2 + 1``."""
    if score < PROVEN:
        return None
    plies = max(0, int(round(WIN_SCORE - score)))
    return Proven(WIN, plies // 2 + 1)


def draw_keys(position: Position, history: Mapping[PositionKey, int] | None) -> Collection[PositionKey]:
    """The boards whose next occurrence is a draw by repetition (met twice already in ``history``, as
    ``Game.repetition_counts()`` gives it), where the rules have such draws."""
    if not history or not position.rules.repetition_draw:
        return ()
    return {k for k, n in history.items() if n >= 2}


def in_play(position: Position) -> bool:
    """True when the position is past setup and not over: the only positions with proofs to look for."""
    return position.stage >= PLAYING and not position.is_over()


def passed(position: Position) -> Position:
    """The position after the side to move passes: the opponent to move on the same board."""
    return apply_turn_unchecked(position, (PASS,))


def threats(position: Position, tick: Tick = _nothing, most: int = THREATS_LISTED) -> tuple[Turn, ...]:
    """The opponent's turns that would win at once if the side to move passed (at most ``most`` of
    them, each a different way to win: a turn that only adds actions to another listed one is left
    out); empty when there is no such turn."""
    if not in_play(position):
        return ()
    after = passed(position)
    if after.is_over():
        return ()
    found = list(islice(iter_wins(after, tick), WINS_LOOKED_AT))
    found.sort(key=len)
    kept: list[Turn] = []
    for turn in found:
        if not any(_within(k, turn) for k in kept):
            kept.append(turn)
    return tuple(kept[:most])


def _within(smaller: Turn, larger: Turn) -> bool:
    """True when every action of ``smaller`` is in ``larger`` (as many times)."""
    rest = list(larger)
    for action in smaller:
        if action not in rest:
            return False
        rest.remove(action)
    return True


def survives(after: Position, mover: int, tick: Tick = _nothing, draws: Collection[PositionKey] = ()) -> bool:
    """After a turn of ``mover`` (``after``, the opponent to move): True unless the turn lost at once or
    the opponent can now win at once. A draw (both homeworlds gone, or a third occurrence of a board in
    ``draws``) survives."""
    if after.is_over():
        return after.winner() != 1 - mover
    if draws and after.key() in draws:
        return True
    return not win_possible(after) or find_win(after, tick) is None


def still_wins(position: Position, turn: Turn) -> bool:
    """True when ``turn`` is legal for the side to move at ``position`` and wins at once there."""
    try:
        state = start_turn(position)
        for action in turn:
            state = apply_checked(state, action)
        return end_turn(state.position).winner() == position.to_move
    except HomeworldsError:
        return False


def surviving_turn(position: Position, tick: Tick = _nothing, draws: Collection[PositionKey] = ()) -> Turn | None:
    """A turn of the side to move after which the opponent cannot win at once, or None when every turn
    lets it (the position is lost at once). A pass is tried first: unthreatened, it survives.

    Most turns leave the opponent's winning turns as they were: the wins found so far are tried first
    on each turn's board (legal there and still winning), and only a turn that spoils all of them
    costs a search for a win of its own. The turns that act where a threat is (the systems its winning
    turn names, and the home) are looked at first."""
    if not in_play(position):
        return None
    me = position.to_move
    after_pass = passed(position)
    if survives(after_pass, me, tick, draws):
        return (PASS,)
    wins: list[Turn] = list(islice(iter_wins(after_pass, tick), KNOWN_WINS))
    # The turns that act where the threats are come first: a surviving turn nearly always does.
    near = set().union(*(threat_systems(position, w, me) for w in wins))
    for successor in touching_first(position, near):
        tick()
        after = successor.position
        if after.is_over():
            if after.winner() != 1 - me:
                return successor.turn
            continue
        if draws and after.key() in draws:
            return successor.turn
        if any(still_wins(after, w) for w in wins):
            continue
        win = find_win(after, tick) if win_possible(after) else None
        if win is None:
            return successor.turn
        wins.insert(0, win)
        del wins[KNOWN_WINS:]
    return None


def lost_at_once(position: Position, tick: Tick = _nothing, draws: Collection[PositionKey] = ()) -> bool:
    """True when every turn of the side to move lets the opponent win on its next turn (exact)."""
    return in_play(position) and surviving_turn(position, tick, draws) is None


def short_proof(position: Position, tick: Tick = _nothing, draws: Collection[PositionKey] = (),
                two: bool = False) -> Proven | None:  # fmt: skip
    """The shortest proven result of the side to move: a win at once, a loss at once, and with ``two`` a
    win in two; None when none of these holds (or ``tick`` stopped the proof)."""
    if not in_play(position):
        return None
    win = find_win(position, tick)
    if win is not None:
        return Proven(WIN, 1, win)
    if lost_at_once(position, tick, draws):
        return Proven(LOSS, 1)
    if two:
        turn = find_win_in_two(position, None, tick, draws)
        if turn is not None:
            return Proven(WIN, 2, turn)
    return None


__all__ = ["DRAW", "LOSS", "THREATS_LISTED", "WIN", "Proven", "draw_keys", "in_play", "lost_at_once", "passed",
           "proven_of_score", "short_proof", "still_wins", "survives", "surviving_turn", "threats"]  # fmt: skip
