"""The tutorial tests drive lessons through the play screen's controller, which never opens a window."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
