"""The game window: the only package that imports pygame (scenes, board view, input, controller)."""

import os

# pygame prints a greeting on import unless told not to; the game's output stays for the game.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
