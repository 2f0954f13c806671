"""Where saves and settings live.

By default saves go to ``user_data_dir("hwgame")/saves`` and settings to ``user_config_dir("hwgame")``,
the places each desktop system expects. A portable install, or a test, moves both into one folder with
``--data-dir DIR`` or the environment variable ``HWGAME_DATA_DIR``: saves then go to ``DIR/saves`` and
the settings file into ``DIR``. The option wins over the variable.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import platformdirs

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
    _override = Path(folder).expanduser().resolve()
    os.environ[ENV_VAR] = str(_override)


def data_dir() -> Path | None:
    """The folder chosen by ``--data-dir`` or ``HWGAME_DATA_DIR``, or None for the platform defaults."""
    if _override is not None:
        return _override
    env = os.environ.get(ENV_VAR, "").strip()
    return Path(env).expanduser().resolve() if env else None


def locations(folder: str | Path | None = None) -> Locations:
    """Where saves and settings go: under ``folder`` if given, else the chosen data folder, else the defaults."""
    base = Path(folder).expanduser().resolve() if folder is not None else data_dir()
    if base is not None:
        return Locations(base / "saves", base / SETTINGS_FILE)
    saves = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / "saves"
    settings = Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)) / SETTINGS_FILE
    return Locations(saves, settings)
