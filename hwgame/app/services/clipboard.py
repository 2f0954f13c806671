"""The system clipboard, where the video driver offers one: copy a line of text, read one back.

pygame-ce reaches the clipboard through SDL (``pygame.scrap.put_text`` / ``get_text``). Under some video
drivers (the dummy one of the tests, a bare X server) there is none, or it fails: every call here is
guarded, and says so by returning False or None, so the screen offers its text field instead. What is
read back is another program's text: the caller treats it as untrusted (it is cut at ``limit``
characters here, so a huge clipboard costs nothing).
"""

from __future__ import annotations

import pygame


def copy_text(text: str) -> bool:
    """Put ``text`` on the clipboard; False when there is no clipboard to put it on."""
    try:
        import pygame.scrap as scrap

        if not pygame.display.get_init() or pygame.display.get_surface() is None:
            return False
        scrap.put_text(text)
        return True
    except (pygame.error, ImportError, AttributeError, NotImplementedError, OSError, RuntimeError):
        return False


def paste_text(limit: int = 10_000) -> str | None:
    """The text on the clipboard (at most ``limit`` characters), or None when there is none to read."""
    try:
        import pygame.scrap as scrap

        if not pygame.display.get_init() or pygame.display.get_surface() is None:
            return None
        text = scrap.get_text()
    except (pygame.error, ImportError, AttributeError, NotImplementedError, OSError, RuntimeError):
        return None
    if not isinstance(text, str) or not text:
        return None
    return text[:limit]


__all__ = ["copy_text", "paste_text"]
