"""The archive's decided games, replayed: what the fits and benchmarks of real results read."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from hwgame.rules import SDG, HomeworldsError, Position, apply_turn_unchecked, initial_position, read_transcript


def decided_positions(path: Path) -> Iterator[tuple[int, Position, int]]:
    """(turns played, the position after them, the winner's seat) for every position of a record
    whose winner is known, in order; nothing for a record that cannot be read, and it stops where a
    record cannot be replayed further."""
    try:
        record = read_transcript(path)
    except (HomeworldsError, ValueError, OSError):
        return
    if record.winner is None or record.winner not in record.players:
        return
    winner = record.players.index(record.winner)
    pos = initial_position(SDG, record.players)
    for n, turn in enumerate(record.turns):
        try:
            pos = apply_turn_unchecked(pos, turn)
        except (HomeworldsError, ValueError, KeyError, IndexError):
            return
        yield n + 1, pos, winner


__all__ = ["decided_positions"]
