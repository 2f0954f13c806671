"""hwgame: a desktop game of Homeworlds."""

__version__ = "0.1.0"

# The rules refuse in reason codes; this makes every refusal's str() speak the player's language, for
# every entry point (the window, the command line, the tests).
from hwgame import refusals as _refusals  # noqa: E402, F401
