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

Most turns and replies leave a win found before standing: the winning turns found so far (``Wins``)
are replayed first, legal and still winning, and only a board that spoils all of them costs a search
of its own. A replay is exact, so this changes the cost, never the answer.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from typing import Protocol

from hwgame.rules import (
    PASS,
    Build,
    Capture,
    Catastrophe,
    Discover,
    HomeworldsError,
    LazySuccessor,
    Move,
    Position,
    PositionKey,
    Sacrifice,
    Trade,
    Turn,
    apply_checked,
    apply_turn_unchecked,
    end_turn,
    iter_turns,
    opponent_of,
    start_turn,
)

from .tactics import find_win, win_possible

Tick = Callable[[], None]
KEPT_DEFENCES = 6  # the parries remembered from one threat to the next
KEPT_WINS = 8  # the winning turns remembered from one board to the next


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


def wins_at_once(position: Position, player: int, tick: Tick = _nothing, known: Wins | None = None) -> bool:
    """True when ``player`` has won in ``position``, or is to move there and has a winning turn
    (``known``: winning turns of ``player`` found on other boards, replayed before a search)."""
    if position.is_over():
        return position.winner() == player
    if position.to_move != player:
        return False
    if known is not None:
        return known.holds(position, tick)
    return win_possible(position) and find_win(position, tick) is not None


def threatens(after: Position, tick: Tick = _nothing, known: Wins | None = None) -> bool:
    """After a turn (``after``, the opponent to move): would its player win at once if the opponent
    passed? False proves that the turn is no win in two (the pass refutes it)."""
    if after.is_over():
        return False
    me = opponent_of(after.to_move)
    return wins_at_once(apply_turn_unchecked(after, (PASS,)), me, tick, known)


def _parries(reply: Position, me: int, tick: Tick, draws: Collection[PositionKey], known: Wins | None) -> bool:
    """True when the position after a reply leaves ``me`` no win at once (or is a draw, or lost for me)."""
    if reply.is_over():
        return reply.winner() != me
    if draws and reply.key() in draws:
        return True
    return not wins_at_once(reply, me, tick, known)


def played_if_legal(after: Position, turn: Turn) -> Position | None:
    """The position after ``turn`` at ``after`` when the rules allow it there, else None."""
    try:
        state = start_turn(after)
        for action in turn:
            state = apply_checked(state, action)
        return end_turn(state.position)
    except HomeworldsError:
        return None


class Wins:
    """Winning turns of one player found on boards met so far, the latest first: a board where one
    of them is legal and wins needs no search (``holds``)."""

    def __init__(self) -> None:
        self.turns: list[Turn] = []

    def holds(self, position: Position, tick: Tick = _nothing) -> bool:
        """True when the side to move in ``position`` (not over) has a turn that wins at once: a
        known one replayed, else one searched for (and then known)."""
        me = position.to_move
        tick()  # the replays together cost about one node of a search
        for i, turn in enumerate(self.turns):
            after = played_if_legal(position, turn)
            if after is not None and after.winner() == me:
                if i:
                    self.turns.insert(0, self.turns.pop(i))
                return True
        if not win_possible(position):
            return False
        win = find_win(position, tick)
        if win is None:
            return False
        self.turns.insert(0, win)
        del self.turns[KEPT_WINS:]
        return True


def wins_whatever_reply(
    after: Position,
    tick: Tick = _nothing,
    draws: Collection[PositionKey] = (),
    defences: list[Turn] | None = None,
    known: Wins | None = None,
) -> bool:
    """After a turn (``after``, the opponent to move): does every reply leave the turn's player a win at
    once? ``draws`` holds the positions whose next occurrence is a draw (walked through, they refute).
    ``known`` holds the player's winning turns found so far (kept by the caller, or made here).

    ``defences`` (kept by the caller from one candidate to the next) are replies that parried earlier
    threats: they are tried first, where the rules allow them, and a new parry joins them. Threats of
    one position tend to be parried alike, so most are refuted without walking every reply."""
    if after.is_over():
        return False  # a game already over is no win in two: a win at once, or a loss
    me = opponent_of(after.to_move)
    known = Wins() if known is None else known
    if not threatens(after, tick, known):
        return False
    for turn in defences or ():
        tick()
        pos = played_if_legal(after, turn)
        if pos is not None and _parries(pos, me, tick, draws, known):
            return False
    # The replies that act where the threat is, or at the defender's home, are walked first: a parry is
    # nearly always among them.
    near = threat_systems(after, known.turns[0], after.to_move) if known.turns else set()
    for reply in touching_first(after, near):
        tick()
        if _parries(reply.position, me, tick, draws, known):
            if defences is not None:
                defences.insert(0, reply.turn)
                del defences[KEPT_DEFENCES:]
            return False
    return True


def systems_of(turn: Turn) -> set[str]:
    """The names of the systems a turn's actions name: where ships come from, go, and act."""
    names: set[str] = set()
    for action in turn:
        if isinstance(action, Move):
            names.add(action.origin)
            names.add(action.destination)
        elif isinstance(action, Discover):
            names.add(action.origin)
        elif isinstance(action, Build | Trade | Capture | Sacrifice | Catastrophe):
            names.add(action.system)
    return names


def threat_systems(position: Position, win: Turn, defender: int) -> set[str]:
    """Where a threat is: the systems a winning turn names, and the defender's homeworld."""
    home = position.home_of(defender)
    return systems_of(win) | ({home.name} if home is not None else set())


def touching_first(position: Position, near: Collection[str]) -> Iterator[LazySuccessor]:
    """Every successor of ``position``, those whose turn names a system of ``near`` first: a turn that
    parries a threat nearly always acts where it is. The rest follow, so none is left out; the
    successors are streamed twice, which costs little beside judging them."""
    if not near:
        yield from iter_turns(position)
        return
    for touching in (True, False):
        for successor in iter_turns(position):
            if systems_of(successor.turn).isdisjoint(near) != touching:
                yield successor


def find_win_in_two(
    position: Position,
    candidates: Sequence[Candidate] | None = None,
    tick: Tick = _nothing,
    draws: Collection[PositionKey] = (),
    every: bool = True,
    then: Sequence[Iterable[Candidate]] = (),
    stream_tick: Tick | None = None,
) -> Turn | None:
    """A turn of the side to move in ``position`` that wins in two whatever the reply, or None.

    ``candidates`` are tried first (a search's best turns): screened with ``threatens``, then their
    threats walked in the given order; each group of ``then`` (turns built beside them, or the
    rest of a long list, each read only when those before gave no win) likewise after them. Then,
    with ``every``, every other successor is streamed, each threat walked as it comes. Turns that win
    at once or lose are skipped, and so are turns into a position of ``draws``. ``tick`` is called for
    every turn and state looked at and may raise to stop the proof (``stream_tick``, where given, in
    place of it once the stream begins: a caller may allow the named turns more than the rest); None is
    only proven when ``every`` is set and nothing stopped it."""
    defences: list[Turn] = []
    known = Wins()
    tried: set[PositionKey] = set()

    def worth(after: Position) -> bool:
        return not after.is_over() and not (draws and after.key() in draws) and threatens(after, tick, known)

    for group in (candidates or (), *then):
        threats = []
        for candidate in group:
            tick()
            key = candidate.position.key()
            if key in tried:
                continue
            tried.add(key)
            if worth(candidate.position):
                threats.append(candidate)
        for candidate in threats:
            if wins_whatever_reply(candidate.position, tick, draws, defences, known):
                return candidate.turn
    if candidates is not None and not every:
        return None
    if stream_tick is not None:
        tick = stream_tick
    for successor in iter_turns(position):
        tick()
        after = successor.position
        if tried and after.key() in tried:
            continue
        if worth(after) and wins_whatever_reply(after, tick, draws, defences, known):
            return successor.turn
    return None


__all__ = ["Wins", "find_win_in_two", "played_if_legal", "systems_of", "threat_systems", "threatens", "touching_first",
           "wins_at_once", "wins_whatever_reply"]
