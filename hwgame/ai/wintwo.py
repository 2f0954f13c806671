"""A forced win in two: a turn after which every reply of the opponent leaves a win at once.

Proven, never guessed: every reply is walked (``iter_turns``, the rules' own list of successors), and
after each the winning turn is found by ``tactics.find_win``, which is exact. A reply that ends the
game counts for the prover only when the opponent lost by it; a reply reaching a position met twice
before (a draw by repetition, when the rules have it) refutes the win.

What keeps it cheap: most turns threaten nothing. A turn is only worth the walk over every reply when
its player would win at once if the opponent passed (a pass is always a legal reply, so a turn that
fails this test is refuted by it). That test costs ``win_possible`` (counting, no move generation) for
nearly every turn and ``find_win`` for the few that pass it. The walk over the replies of a real
threat then stops at the first defence.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from typing import Protocol

from hwgame.rules import PASS, Position, PositionKey, Turn, apply_turn_unchecked, iter_turns, opponent_of

from .tactics import find_win, win_possible

Tick = Callable[[], None]


class Candidate(Protocol):
    """A turn with the position it reaches (a ``Successor``, a search's ``Scored``)."""

    @property
    def turn(self) -> Turn:
        """The turn's actions."""
        ...

    @property
    def position(self) -> Position:
        """The position after the turn."""
        ...


def _nothing() -> None:
    return None


def wins_at_once(position: Position, player: int, tick: Tick = _nothing) -> bool:
    """True when ``player`` has won in ``position``, or is to move there and has a winning turn."""
    if position.is_over():
        return position.winner() == player
    if position.to_move != player:
        return False
    return win_possible(position) and find_win(position, tick) is not None


def threatens(after: Position, tick: Tick = _nothing) -> bool:
    """After a turn (``after``, the opponent to move): would its player win at once if the opponent
    passed? False proves that the turn is no win in two (the pass refutes it)."""
    if after.is_over():
        return False
    me = opponent_of(after.to_move)
    return wins_at_once(apply_turn_unchecked(after, (PASS,)), me, tick)


def wins_whatever_reply(after: Position, tick: Tick = _nothing, draws: Collection[PositionKey] = ()) -> bool:
    """After a turn (``after``, the opponent to move): does every reply leave the turn's player a win at
    once? ``draws`` holds the positions whose next occurrence is a draw (walked through, they refute)."""
    if after.is_over():
        return False  # a game already over is no win in two: a win at once, or a loss
    me = opponent_of(after.to_move)
    if not threatens(after, tick):
        return False
    for reply in iter_turns(after):
        tick()
        pos = reply.position
        if pos.is_over():
            if pos.winner() != me:
                return False
            continue
        if draws and pos.key() in draws:
            return False
        if not wins_at_once(pos, me, tick):
            return False
    return True


def find_win_in_two(
    position: Position,
    candidates: Iterable[Candidate] | None = None,
    tick: Tick = _nothing,
    draws: Collection[PositionKey] = (),
) -> Turn | None:
    """A turn of the side to move in ``position`` that wins in two whatever the reply, or None.

    ``candidates`` are the turns to try (default: every successor, in the rules' order); turns that
    win at once or lose are skipped, and so are turns into a position of ``draws``. ``tick`` is called
    for every turn and state looked at and may raise to stop the proof. Candidates are first screened
    with ``threatens``, then the threats are walked in the given order."""
    pool: Iterable[Candidate] = iter_turns(position) if candidates is None else candidates
    threats: list[Candidate] = []
    for candidate in pool:
        tick()
        after = candidate.position
        if after.is_over() or (draws and after.key() in draws):
            continue
        if threatens(after, tick):
            threats.append(candidate)
    for candidate in threats:
        if wins_whatever_reply(candidate.position, tick, draws):
            return candidate.turn
    return None


__all__ = ["find_win_in_two", "threatens", "wins_at_once", "wins_whatever_reply"]
