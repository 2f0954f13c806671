"""A stand-in for the window's analysis service (``StudyAnalysis``): three lines at once, deeper on demand.

It has the service's shape (``start``, ``poll``, ``stop``, ``running``, ``position``, ``close``) and answers
with ``Lines``-shaped data of real ``Verdict`` objects: the first three legal turns that do not lose at
once, each with a chance to win that a test can set, one line deeper at each ``deepen()``.
"""

from __future__ import annotations

from dataclasses import dataclass

from hwgame.analysis import Estimate, Proof, Verdict
from hwgame.rules import iter_turns


@dataclass(frozen=True)
class FakeLines:
    depth: int
    verdicts: tuple
    nodes: int = 0
    elapsed_ms: int = 0
    done: bool = False


class FakeStudy:
    """See the module doc. ``starts`` lists every position started on; ``closed`` says ``close()`` ran."""

    def __init__(self, chances=(0.64, 0.55, 0.31), auto: bool = True, proof: Proof | None = None):
        self.chances = chances
        self.auto = auto  # answer at the first poll after a start (else only after ``deepen``)
        self.proof = proof  # the first line's proven result, if any
        self.starts = []
        self.histories = []
        self.closed = False
        self.stops = 0
        self._position = None
        self._depth = 0
        self._fresh = False
        self._running = False

    @property
    def running(self) -> bool:
        return self._running

    @property
    def position(self):
        return self._position

    def start(self, position, turn_index=0, history=None):
        self.starts.append(position)
        self.histories.append(history)
        self._position = position
        self._depth = 1
        self._fresh = self.auto
        self._running = True

    def deepen(self) -> None:
        """One depth more: the next poll returns it."""
        self._depth += 1
        self._fresh = True

    def stop(self):
        self.stops += 1
        self._running = False

    def close(self):
        self.closed = True
        self._running = False

    def lines(self, position, depth):
        turns = []
        for successor in iter_turns(position):  # lazily: a test's board has thousands of turns
            if not successor.position.losers():
                turns.append(successor)
            if len(turns) == 3:
                break
        me = position.to_move
        verdicts = []
        for k, successor in enumerate(turns):
            chance = self.chances[k] - 0.01 * depth * (k == 1)
            follow = _first(successor.position)
            proof = self.proof if k == 0 else None
            verdicts.append(Verdict(me, proof, None if proof else Estimate(0.0, chance), successor.turn,
                                    (successor.turn, *follow), (), depth))
        return FakeLines(depth, tuple(verdicts))

    def poll(self):
        if not self._fresh or self._position is None:
            return None
        self._fresh = False
        return self.lines(self._position, self._depth)


def _first(position) -> list:
    """The first turn from ``position``, as a line's second turn (none once the game is over)."""
    for successor in iter_turns(position):
        return [successor.turn]
    return []
