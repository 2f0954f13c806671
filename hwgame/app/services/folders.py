"""Showing a folder of the game's in the system's file manager, where the system has one.

Windows opens a folder with ``os.startfile``, macOS with ``open``, and the free desktops with
``xdg-open``; a machine without any of them (a server, a bare window manager) has no button for it.
The file manager is started and left to run: the game never waits for it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

# What starts the file manager on each kind of system, when it is installed.
_OPENERS = {"darwin": "open"}
_DEFAULT_OPENER = "xdg-open"


def opener() -> list[str] | None:
    """The command that shows a folder in the file manager (the folder's path is added after it), an
    empty list on Windows (``os.startfile`` does it), or None when this system has none."""
    if sys.platform.startswith("win"):
        return []
    program = shutil.which(_OPENERS.get(sys.platform, _DEFAULT_OPENER))
    return None if program is None else [program]


def can_show_folders() -> bool:
    """True when folders can be shown in a file manager here."""
    return opener() is not None


def show_folder(folder: Path) -> None:
    """Make ``folder`` if it is missing and show it in the file manager; raise OSError when it cannot."""
    folder.mkdir(parents=True, exist_ok=True)
    command = opener()
    if command is None:
        raise OSError("no file manager on this system")
    if not command:
        os.startfile(folder)  # type: ignore[attr-defined]  # Windows only
        return
    # Started alone, its output dropped: the file manager outlives nothing of the game's.
    subprocess.Popen([*command, str(folder)], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                     stderr=subprocess.DEVNULL, start_new_session=True)


__all__ = ["can_show_folders", "opener", "show_folder"]
