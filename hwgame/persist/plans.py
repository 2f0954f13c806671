"""The answer to "where would this save go, and what is there": one ``SavePlan``, asked of the store once.

The Save screen reads a plan to tell the player what a save would replace (another game, or a file that
cannot be opened and is never written over); ``Store.save`` acts on the same plan, so a save over an
existing file reads that file once. A plan remembers the file's size and times as they were when it was
read: should the file change before the save is written (another window, another program), the plan no
longer holds and the store looks again.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .errors import SaveError
from .schema import SaveGame

# A file's modification time (ns), size and inode: what changes when anything writes or replaces it.
FileStamp = tuple[int, int, int]


def file_stamp(path: Path) -> FileStamp | None:
    """The stamp of the file at ``path`` now, or None when there is nothing there to stamp."""
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_size, st.st_ino)


@dataclass(frozen=True)
class SavePlan:
    """Where a save of a game under a name would go, and what the file there holds.

    ``existing`` is the save found there when it loads, ``problem`` why it does not; both are None when
    there is no file. ``stamp`` is the file as it was when read (see ``file_stamp``).
    """

    path: Path
    game_id: str  # the identity the game is saved under
    exists: bool = False
    existing: SaveGame | None = None
    problem: SaveError | None = None
    stamp: FileStamp | None = None

    @property
    def broken(self) -> bool:
        """True when a file is there that does not load: a save never writes over it."""
        return self.problem is not None

    @property
    def holds_another_game(self) -> bool:
        """True when the file there holds a different game: replacing it needs the player's word."""
        return self.existing is not None and self.existing.game_id != self.game_id

    def still_holds(self, path: Path, game_id: str) -> bool:
        """True when this plan answers for saving the game ``game_id`` at ``path`` and the file there has not
        changed since it was read."""
        return path == self.path and game_id == self.game_id and file_stamp(path) == self.stamp


__all__ = ["FileStamp", "SavePlan", "file_stamp"]
