"""Errors raised by the rules engine.

Every message is written for a player: it says what was wrong in plain words.
"""


class HomeworldsError(ValueError):
    """Base class of every error the rules engine raises on bad input."""


class NotationError(HomeworldsError):
    """A line of notation could not be read."""


class IllegalActionError(HomeworldsError):
    """An action or turn breaks a rule; the message names the rule."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class UnsupportedGameError(HomeworldsError):
    """A record of a game this program does not play (for example 3 or 4 players)."""
