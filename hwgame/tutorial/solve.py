"""Proofs for puzzles, by exhaustive whole-turn enumeration with the rules engine.

Every claim a puzzle makes is checked by walking ``legal_turns`` (each distinct position one whole
turn can reach, catastrophes and sacrifices included):

- win this turn: some successor has the other player lost (and the solver not);
- survive: some successor leaves the solver alive such that no reply of the opponent wins;
- win in two: some successor such that every reply leaves a winning turn for the solver.

Composed puzzle positions are kept small, so the largest proof (win in two) walks a few thousand
turns. Puzzles from real games are bigger: the window judges them with a ``Finder`` of its choosing
(the computer's exact search for a win at once) in place of ``first_win``, which walks every turn.
"""

from __future__ import annotations

from collections.abc import Callable

from hwgame.rules import (
    Game,
    HomeworldsError,
    Position,
    Successor,
    Turn,
    end_turn,
    iter_turns,
    legal_turns,
    parse_turn,
)

WIN, SURVIVE, WIN_IN_TWO = "win", "survive", "win-in-two"
KINDS = (WIN, SURVIVE, WIN_IN_TWO)


def won_by(position: Position, player: int) -> bool:
    """True when the game is over in ``position`` (between turns) and ``player`` won it."""
    return position.winner() == player


def winning_turn(position: Position) -> Successor | None:
    """A successor in which the player to move has won, or None."""
    me = position.to_move
    for succ in legal_turns(position):
        if won_by(succ.position, me):
            return succ
    return None


# Finds a turn that wins at once for the side to move (None when there is none); it must be exact.
Finder = Callable[[Position], Turn | None]


def first_win(position: Position) -> Turn | None:
    """A turn after which the side to move has won, walking the turns one at a time (None: no win)."""
    me = position.to_move
    for succ in iter_turns(position):
        if won_by(succ.position, me):
            return succ.turn
    return None


def opponent_cannot_win(after: Position, me: int) -> bool:
    """After ``me`` ended a turn (``after`` has the opponent to move): ``me`` is alive and no reply wins.

    A finished game counts as survived only when ``me`` won it.
    """
    if after.is_over():
        return won_by(after, me)
    return winning_turn(after) is None


def wins_next_turn(after: Position, me: int) -> bool:
    """After ``me`` ended a turn: whatever the opponent replies, ``me`` then has a winning turn."""
    if after.is_over():
        return won_by(after, me)
    for reply in legal_turns(after):
        pos = reply.position
        if pos.is_over():
            if not won_by(pos, me):
                return False
            continue
        if winning_turn(pos) is None:
            return False
    return True


def meets(kind: str, after: Position, me: int) -> bool:
    """True when the position after ``me``'s turn achieves a puzzle of ``kind``."""
    if kind == WIN:
        return won_by(after, me)
    if kind == SURVIVE:
        return opponent_cannot_win(after, me)
    if kind == WIN_IN_TWO:
        return wins_next_turn(after, me)
    raise ValueError(f"unknown puzzle kind {kind!r}")


def solutions(position: Position, kind: str, limit: int | None = None) -> list[Successor]:
    """Successors of ``position`` that solve a puzzle of ``kind`` (at most ``limit`` of them).

    Cheap candidates are tried first for the survive and win-in-two proofs: an immediate win solves
    both, so it is looked at before the others.
    """
    me = position.to_move
    succs = legal_turns(position)
    succs.sort(key=lambda s: not won_by(s.position, me))
    out = []
    for succ in succs:
        if meets(kind, succ.position, me):
            out.append(succ)
            if limit is not None and len(out) >= limit:
                break
    return out


def hardest_reply(after: Position, me: int) -> Successor | None:
    """The opponent's reply leaving ``me`` the fewest winning turns (for the second half of a win in two).

    Returns None when the game is already over.
    """
    if after.is_over():
        return None
    best = None
    best_count = None
    for reply in legal_turns(after):
        pos = reply.position
        if pos.is_over():
            continue
        count = sum(1 for s in legal_turns(pos) if won_by(s.position, me))
        if best_count is None or count < best_count:
            best, best_count = reply, count
    return best


def is_null(reply: Successor, before: Position) -> bool:
    """True when a turn changes nothing on the board: a pass, or the same as one."""
    return reply.position == end_turn(before)


def natural_reply(
    after: Position, me: int, scripted: tuple[str, ...] = (), finder: Finder | None = None
) -> Successor | None:
    """The opponent's answer in the second half of a win in two: a real turn, not a pass.

    ``after`` is the position after ``me``'s correct first turn. The puzzle's own answers (notation,
    in order) come first: the first one the engine accepts that leaves ``me`` a winning turn is played.
    Otherwise the most stubborn turn that changes the board (``hardest_reply`` among them); a pass only
    when nothing else is legal. None when the game is already over.

    With a ``finder`` (a puzzle from a real game, too big to count every winning turn after every
    reply), a scripted answer is checked with it, and without one the first real turn is played.
    """
    if after.is_over():
        return None
    for text in scripted:
        try:
            game = Game.from_position(after)
            game.play(parse_turn(text))
        except HomeworldsError:
            continue
        pos = game.position
        if not pos.is_over() and (finder or first_win)(pos) is not None:
            return Successor(tuple(game.turns[-1]), pos)
    real = [r for r in legal_turns(after) if not r.position.is_over() and not is_null(r, after)]
    if not real:
        return hardest_reply(after, me)
    if finder is not None:
        return real[0]  # every reply leaves a win (the first turn was judged): any real one will do
    return min(real, key=lambda r: sum(1 for s in legal_turns(r.position) if won_by(s.position, me)))


__all__ = [
    "KINDS", "SURVIVE", "WIN", "WIN_IN_TWO", "Finder", "first_win", "hardest_reply", "is_null", "meets",
    "natural_reply", "opponent_cannot_win", "solutions",
    "winning_turn", "wins_next_turn", "won_by",
]  # fmt: skip
