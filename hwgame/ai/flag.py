"""A flag that a process and the processes it started all see: how a search in another process is
stopped while it runs (``process``: the window's search process; ``parallel``: the helpers of a search
on several cores; ``review``: the processes of a game's review)."""

from __future__ import annotations

from multiprocessing.context import SpawnContext
from typing import Any


class SharedFlag:
    """A flag both processes see: one byte of shared memory, set and cleared by the parent, read by the child.

    Not a ``multiprocessing.Event``: an Event takes a lock at every look, and a child killed while
    holding it would leave the window's process waiting forever at its next cancel. A byte needs no lock.
    """

    def __init__(self, ctx: SpawnContext):
        self._byte: Any = ctx.RawValue("b", 0)

    def set(self) -> None:
        """Raise the flag."""
        self._byte.value = 1

    def clear(self) -> None:
        """Lower the flag."""
        self._byte.value = 0

    def is_set(self) -> bool:
        """True while the flag is raised."""
        return bool(self._byte.value != 0)


__all__ = ["SharedFlag"]
