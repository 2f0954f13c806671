"""hwgame: a desktop game of Homeworlds."""

__version__ = "0.1.0"
