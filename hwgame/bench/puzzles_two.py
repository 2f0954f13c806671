"""Win-in-two puzzles from real games, for ``python -m hwgame.bench puzzles``.

A position of the archive becomes a puzzle when the side to move has no win at once, and exactly one
distinct position reached by a first turn wins in two: whatever the opponent replies, a win at once
is left. Both halves are proven by walking turns (``hwgame.ai.wintwo``):

- every first turn is looked at; most fall at once to the cheap test that a pass parries them
  (``threatens``), and the few real threats have every reply walked, parries met before tried first;
- a second threat that survives every reply makes the position ambiguous, and it is dropped.

The opponent's answer the window plays after the right first turn is the most stubborn one found
within a budget: the real reply (a turn that changes the board) that leaves the fewest winning turns.

Only the last turns of each decided game are looked at (where the wins in two are); each position
has a budget of CPU seconds and of turns, so the miner's time is bounded.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from hwgame.ai.tactics import find_win
from hwgame.ai.wintwo import threatens, wins_whatever_reply
from hwgame.bench.archive import decided_positions
from hwgame.rules import PLAYING, Position, Turn, end_turn, iter_turns, legal_turns

MOST_FIRST = 6000  # first turns a puzzle may have (every one is looked at by the proof)
MOST_REPLIES = 2500  # replies to the solution (the window walks them all to judge it)
LAST_PLIES = 6  # positions looked at: this many before the end of each decided game
DEFENCE_SECONDS = 5.0  # CPU seconds to look for the most stubborn answer


class OutOfBudget(Exception):
    """The position has more turns than a puzzle may, or its proof ran past its time."""


def budget(seconds: float) -> Callable[[], None]:
    """A tick that raises ``OutOfBudget`` once ``seconds`` of CPU time have passed."""
    until = time.process_time() + seconds
    count = [0]

    def tick() -> None:
        count[0] += 1
        if not count[0] & 63 and time.process_time() > until:
            raise OutOfBudget

    return tick


@dataclass(frozen=True)
class Proof:
    """A unique win in two: the first turn, how many first turns there are (all looked at), how many
    of them threaten a win (walked over every reply), and how many replies the solution has."""

    turn: Turn
    position: Position
    turns: int
    threats: int
    replies: int


AT_ONCE = -1  # what ``wins_in_two`` says of a position with a win at once (a puzzle of another kind)


def wins_in_two(position: Position, seconds: float) -> tuple[int, Proof | None]:
    """(how many distinct first turns win in two at ``position``, 0, 1 or 2 for two or more; the proof
    when exactly one does). ``AT_ONCE`` when a turn wins at once. Raises ``OutOfBudget``."""
    tick = budget(seconds)
    if position.stage < PLAYING or position.is_over() or find_win(position, tick) is not None:
        return AT_ONCE, None
    found: list[tuple[Turn, Position]] = []
    defences: list[Turn] = []
    count = threats = 0
    for successor in iter_turns(position):
        count += 1
        if count > MOST_FIRST:
            raise OutOfBudget
        tick()
        after = successor.position
        if after.is_over() or not threatens(after, tick):
            continue  # a loss, or no threat: the pass refutes it
        threats += 1
        if wins_whatever_reply(after, tick, defences=defences):
            found.append((successor.turn, after))
            if len(found) > 1:
                return 2, None
    if not found:
        return 0, None
    turn, after = found[0]
    replies = sum(1 for _ in iter_turns(after))
    if replies > MOST_REPLIES:
        raise OutOfBudget
    return 1, Proof(turn, after, count, threats, replies)


def stubborn_reply(after: Position, seconds: float = DEFENCE_SECONDS) -> Turn | None:
    """The opponent's answer after the solution: the real reply (not a pass, nor a turn that ends the
    game) leaving the fewest winning turns, among those looked at within ``seconds``; None when
    every reply is a pass or ends the game."""
    me = 1 - after.to_move
    until = time.process_time() + seconds
    idle = end_turn(after)
    best: Turn | None = None
    fewest = 0
    for reply in legal_turns(after):
        pos = reply.position
        if pos.is_over() or pos == idle:
            continue
        if best is not None and time.process_time() > until:
            break
        wins = 0
        for succ in iter_turns(pos):
            if succ.position.winner() == me:
                wins += 1
                if best is not None and wins >= fewest:
                    break  # no better than the best so far: stop counting
        if best is None or wins < fewest:
            best, fewest = reply.turn, wins
    return best


def candidates(path: Path) -> Iterator[tuple[int, Position]]:
    """(turns played, position) of the last ``LAST_PLIES`` positions of a decided record still in play
    (a resigned game's last position among them)."""
    positions = list(decided_positions(path))
    for played, position, _winner in positions[-LAST_PLIES:]:
        if position.stage >= PLAYING and not position.is_over():
            yield played, position


@dataclass
class Tally:
    """What the miner looked at: positions tried (in play, no win at once), those out of budget, those
    with a win in two proven, those where it is unique, and the CPU seconds spent."""

    tried: int = 0
    too_big: int = 0
    proven: int = 0
    unique: int = 0
    seconds: float = 0.0


def mine_two(
    folder: Path, most: int, seconds: float, tally: Tally, per_game: int = 2
) -> Iterator[tuple[Path, int, Position, Proof, Turn | None]]:
    """(record, turns played, position, proof, the opponent's answer) of each unique win in two of the
    records of ``folder`` in sorted order: at most ``per_game`` a record and ``most`` in all."""
    found = 0
    for path in sorted(folder.glob("*.raw")):
        taken = 0
        for played, position in candidates(path):
            start = time.process_time()
            try:
                wins, proof = wins_in_two(position, seconds)
            except OutOfBudget:
                wins, proof = 0, None
                tally.too_big += 1
            reply = stubborn_reply(proof.position) if proof is not None else None
            tally.seconds += time.process_time() - start
            if wins == AT_ONCE:
                continue
            tally.tried += 1
            tally.proven += wins > 0
            if proof is None:
                continue
            tally.unique += 1
            found += 1
            taken += 1
            yield path, played, position, proof, reply
            if found >= most:
                return
            if taken >= per_game:
                break


__all__ = ["AT_ONCE", "MOST_FIRST", "MOST_REPLIES", "OutOfBudget", "Proof", "Tally", "candidates", "mine_two",
           "stubborn_reply", "wins_in_two"]  # fmt: skip
