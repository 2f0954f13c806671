"""Where saves and settings live.

By default saves go to ``user_data_dir("hwgame")/saves`` and settings to ``user_config_dir("hwgame")``,
the places each desktop system expects. A portable install, or a test, moves both into one folder with
``--data-dir DIR`` or the environment variable ``HWGAME_DATA_DIR``: saves then go to ``DIR/saves`` and
the settings file into ``DIR``. The option wins over the variable.

A folder the player cannot enter, or a loop of symbolic links, is a ``SaveError`` of one line here
(``resolved``, ``exists``), never an ``OSError`` or ``RuntimeError`` escaping from ``pathlib``.
"""

from __future__ import annotations

import errno
import os
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from ..i18n import N_
from .errors import SaveError, file_error, worded

APP_NAME = "hwgame"
ENV_VAR = "HWGAME_DATA_DIR"
SETTINGS_FILE = "settings.json"

_override: Path | None = None


@dataclass(frozen=True)
class Locations:
    """The folder of saves and the settings file."""

    saves: Path
    settings: Path


def set_data_dir(folder: str | Path | None) -> None:
    """Move saves and settings into ``folder`` (the ``--data-dir`` option); None goes back to the default.

    The environment variable is set too, so that code started from here (a subprocess, the window)
    agrees on the place.
    """
    global _override
    if folder is None:
        _override = None
        os.environ.pop(ENV_VAR, None)
        return
    _override = resolved(Path(folder).expanduser())
    os.environ[ENV_VAR] = str(_override)


def data_dir() -> Path | None:
    """The folder chosen by ``--data-dir`` or ``HWGAME_DATA_DIR``, or None for the platform defaults."""
    if _override is not None:
        return _override
    env = os.environ.get(ENV_VAR, "").strip()
    return resolved(Path(env).expanduser()) if env else None


def locations(folder: str | Path | None = None) -> Locations:
    """Where saves and settings go: under ``folder`` if given, else the chosen data folder, else the defaults."""
    base = resolved(Path(folder).expanduser()) if folder is not None else data_dir()
    if base is not None:
        return Locations(base / "saves", base / SETTINGS_FILE)
    saves = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / "saves"
    settings = Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)) / SETTINGS_FILE
    return Locations(saves, settings)


def _unreachable(path: Path, exc: BaseException) -> SaveError:
    """The one-line error for a path the game cannot reach (``exc`` from the system)."""
    if isinstance(exc, RuntimeError) or getattr(exc, "errno", None) == errno.ELOOP:
        return file_error(path, worded(N_("cannot be reached: it is a loop of symbolic links")))
    if isinstance(exc, PermissionError):
        return file_error(path, worded(N_("cannot be reached: permission denied (a folder on the way cannot be "
                                          "entered)")))
    why = getattr(exc, "strerror", None) or str(exc)
    return file_error(path, worded(N_("cannot be reached: {why}"), why=why))


def resolved(path: Path) -> Path:
    """``path`` made absolute with its links followed; a SaveError for a loop of links or a folder
    on the way that cannot be entered."""
    try:
        return path.resolve()
    except (OSError, RuntimeError, ValueError) as exc:  # RuntimeError: pathlib's word for a loop
        raise _unreachable(path, exc) from None


def same_place(path: Path) -> Path:
    """``path`` resolved where it can be, else made absolute as it is: a key for remembering a
    file, never an error."""
    try:
        return path.resolve()
    except (OSError, RuntimeError, ValueError):
        return path.absolute()


def exists(path: Path) -> bool:
    """Whether anything is at ``path``; a SaveError (one line) when that cannot be told: a folder on
    the way that cannot be entered, a loop of links. pathlib's ``exists`` raises on the first."""
    try:
        os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        return False
    except (OSError, ValueError) as exc:
        raise _unreachable(path, exc) from None
    return True
