"""Draw the game's icon with pygame: ``python -m hwgame.app.tools.make_icon [FOLDER]`` (default: ``assets``).

Writes ``icon.png`` (256x256, used by the window) and ``icon.ico`` (16 to 256 pixels, used by the
Windows build). The picture is three Looney pyramids in the game's piece colours on a night sky.
Drawn large and scaled down so the edges come out smooth without any image library beyond pygame.
"""

from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402  (the environment above must be set first)

CANVAS = 1024  # drawing size; scaled down afterwards for smooth edges
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
SKY = (12, 15, 28)
SKY_EDGE = (48, 56, 86)
STARS = ((140, 170), (300, 96), (820, 150), (900, 330), (610, 120), (190, 420), (760, 260))
# (centre x, base y, width, height, colour): red small at the back, yellow large in front, blue medium.
PYRAMIDS = (
    (330, 860, 300, 420, (222, 62, 58)),
    (700, 860, 360, 560, (58, 118, 232)),
    (500, 900, 440, 700, (246, 206, 52)),
)


def _shade(rgb: tuple[int, int, int], factor: float) -> tuple[int, ...]:
    if factor >= 1:
        return tuple(min(255, round(c + (255 - c) * (factor - 1))) for c in rgb)
    return tuple(max(0, round(c * factor)) for c in rgb)


def _pyramid(surface: pygame.Surface, cx: int, base: int, width: int, height: int, rgb: tuple[int, int, int]
             ) -> None:
    """One pyramid seen from a little to the left: a lit face and a shaded face, with pips at the foot."""
    apex = (cx, base - height)
    left, right = (cx - width // 2, base), (cx + width // 2, base)
    middle = (cx - width // 10, base + width // 12)  # the front edge, nearer the viewer than the sides
    pygame.draw.polygon(surface, _shade(rgb, 1.18), (apex, left, middle))
    pygame.draw.polygon(surface, _shade(rgb, 0.72), (apex, middle, right))
    pygame.draw.lines(surface, _shade(rgb, 0.45), True, (apex, left, middle, right), 10)
    pygame.draw.line(surface, _shade(rgb, 0.45), apex, middle, 8)
    # Pips on the lit face near the foot, as on the real pieces (here just one row of three).
    for i in range(3):
        t = (i + 1) / 4
        x = round(left[0] + (middle[0] - left[0]) * t)
        y = round(left[1] + (middle[1] - left[1]) * t) - width // 9
        pygame.draw.circle(surface, _shade(rgb, 0.55), (x, y), max(6, width // 30))


def draw_icon(size: int = 256) -> pygame.Surface:
    """The icon at ``size`` pixels square, with an alpha channel (rounded corners are transparent)."""
    canvas = pygame.Surface((CANVAS, CANVAS), pygame.SRCALPHA)
    canvas.fill((0, 0, 0, 0))
    frame = canvas.get_rect().inflate(-24, -24)
    pygame.draw.rect(canvas, SKY, frame, border_radius=180)
    pygame.draw.rect(canvas, SKY_EDGE, frame, 16, border_radius=180)
    for x, y in STARS:
        pygame.draw.circle(canvas, (200, 210, 240), (x, y), 9)
    for cx, base, width, height, rgb in PYRAMIDS:
        _pyramid(canvas, cx, base, width, height, rgb)
    return pygame.transform.smoothscale(canvas, (size, size))


def png_bytes(surface: pygame.Surface) -> bytes:
    """The surface as PNG data."""
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "icon.png")
    return buffer.getvalue()


def ico_bytes(images: dict[int, bytes]) -> bytes:
    """An .ico file holding PNG images by size (Windows Vista and later read PNG entries)."""
    header = struct.pack("<HHH", 0, 1, len(images))
    entries, data = b"", b""
    offset = len(header) + 16 * len(images)
    for size, png in sorted(images.items()):
        side = 0 if size >= 256 else size  # 0 stands for 256 in the directory entry
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(png), offset + len(data))
        data += png
    return header + entries + data


def write_icons(folder: str | Path) -> list[Path]:
    """Write icon.png and icon.ico into ``folder``; return their paths."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    pygame.display.init()  # only what drawing needs: no sound device is opened
    sizes = {size: png_bytes(draw_icon(size)) for size in ICO_SIZES}
    png_path, ico_path = folder / "icon.png", folder / "icon.ico"
    png_path.write_bytes(sizes[256])
    ico_path.write_bytes(ico_bytes(sizes))
    return [png_path, ico_path]


def main(argv: list[str] | None = None) -> int:
    """Write the icons into the folder given, or into assets/ beside this script's parent folder."""
    argv = sys.argv[1:] if argv is None else argv
    folder = Path(argv[0]) if argv else Path(__file__).resolve().parents[3] / "assets"
    for path in write_icons(folder):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
