"""The files the game ships (icon, fonts): where they are, and loading them.

The same code runs in three places, and each keeps the ``assets`` folder somewhere else:

- the source tree (a clone, or an editable install): ``assets/`` at the top of the repository;
- an installed copy (``pip install .``): the wheel puts them in ``PREFIX/share/hwgame/assets``;
- the single-file build: PyInstaller unpacks them into ``sys._MEIPASS/assets``.

The text font is pygame's own default font (``freesansbold.ttf``, inside the pygame package, which the
build carries along); a ``.ttf`` in ``assets/fonts`` is the fallback should that file be missing.
Nothing here imports pygame until a function needs it, so the lookup is testable without a display.
"""

from __future__ import annotations

import site
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pygame

ICON = "icon.png"
FONTS = "fonts"
# pygame draws its default font at 0.6875 of the size asked for; a fallback font is scaled the same
# way so that text keeps the size the layout was made for.
DEFAULT_FONT_SCALE = 0.6875
LANGUAGE_SUBSET_SUFFIX = "-hwgame.otf"  # the Japanese and Chinese subsets made by hwgame.i18n.font_subset


class AssetError(Exception):
    """A file the game needs is missing or unreadable; ``str()`` is one line for the player."""


def candidate_dirs() -> list[Path]:
    """Folders that may hold the assets, most specific first."""
    out = []
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        out.append(Path(bundle) / "assets")
    out.append(Path(__file__).resolve().parents[3] / "assets")
    out.append(Path(sys.prefix) / "share" / "hwgame" / "assets")
    user_base = getattr(site, "USER_BASE", None)
    if user_base:
        out.append(Path(user_base) / "share" / "hwgame" / "assets")
    return out


def asset_dir() -> Path | None:
    """The assets folder in use, or None when none is found."""
    for folder in candidate_dirs():
        if (folder / ICON).is_file():
            return folder
    return None


def find_asset(*parts: str) -> Path | None:
    """The path of an asset (``find_asset("fonts", "x.ttf")``), or None when it is not there."""
    folder = asset_dir()
    if folder is None:
        return None
    path = folder.joinpath(*parts)
    return path if path.is_file() else None


def asset_path(*parts: str) -> Path:
    """The path of an asset; raises AssetError naming the file when it is missing."""
    path = find_asset(*parts)
    if path is None:
        raise AssetError(f"the game's file {'/'.join(parts)} is missing (looked in {_places()})")
    return path


def _places() -> str:
    return ", ".join(str(p) for p in candidate_dirs())


def list_assets() -> list[Path]:
    """Every file in the assets folder (hidden files aside), sorted; empty when there is no folder."""
    folder = asset_dir()
    if folder is None:
        return []
    return sorted(p for p in folder.rglob("*") if p.is_file() and not p.name.startswith("."))


def default_font_file() -> Path:
    """pygame's own default font file (it may be missing from a broken build; callers check)."""
    import pygame

    return Path(pygame.__file__).resolve().parent / pygame.font.get_default_font()


def bundled_fonts() -> list[Path]:
    """Font files in ``assets/fonts``."""
    folder = asset_dir()
    if folder is None or not (folder / FONTS).is_dir():
        return []
    return sorted(p for p in (folder / FONTS).iterdir() if p.suffix.lower() in (".ttf", ".otf"))


def ui_font(size: int) -> pygame.font.Font:
    """The text font at a pixel size: pygame's default font, else a bundled one; AssetError if neither."""
    import pygame

    size = max(1, int(size))
    if default_font_file().is_file():
        return pygame.font.Font(None, size)
    # The language subsets shipped for Japanese and Chinese (``*-hwgame.otf``) have taller lines than
    # the default font, so a font of the player's own comes first and they are only the last resort.
    for path in sorted(bundled_fonts(), key=lambda p: p.name.endswith(LANGUAGE_SUBSET_SUFFIX)):
        try:
            return pygame.font.Font(str(path), max(1, round(size * DEFAULT_FONT_SCALE)))
        except (OSError, pygame.error):
            continue  # a damaged file: try the next one
    raise AssetError(f"no font found: {default_font_file().name} is missing and {FONTS}/ has none")


def load_image(*parts: str) -> pygame.Surface:
    """An image from the assets as a pygame Surface; AssetError when missing or unreadable."""
    import pygame

    path = asset_path(*parts)
    try:
        return pygame.image.load(str(path))
    except (OSError, pygame.error) as exc:
        raise AssetError(f"the game's file {path.name} cannot be read ({exc})") from None


def set_window_icon() -> bool:
    """Give the window the game's icon (call before opening it); False, and no fuss, if it is missing."""
    import pygame

    try:
        pygame.display.set_icon(load_image(ICON))
    except (AssetError, pygame.error):
        return False  # the window opens with the system's default icon: nothing the player must know
    return True
