"""The notices the game's flow hands to the screens, each a small frozen dataclass.

``PlayController.events`` (``hwgame.app.control.flow``) collects them as they happen; the play and setup
screens take them in their ``update``. Declared here in one module, as classes rather than strings, so
a screen matches on the type (a typo is an error, not a notice nobody hears) and every notice there is
can be read in one place.
"""

from __future__ import annotations

from dataclasses import dataclass

from hwgame.app.control.text import Text


@dataclass(frozen=True, slots=True)
class Committed:
    """A turn was committed, or (``undo`` True) committed turns were taken back."""

    undo: bool = False


@dataclass(frozen=True, slots=True)
class ComputerPlayed:
    """The computer's turn was played (checked by the engine); ``notation`` is the turn in SDG notation."""

    notation: str


@dataclass(frozen=True, slots=True)
class AIFailed:
    """The computer could not choose a turn; ``message`` says why, in words for the player (``Text``:
    a function is worded where it is shown)."""

    message: Text


@dataclass(frozen=True, slots=True)
class HintReady:
    """A hint arrived; ``text`` is what the screen shows."""

    text: str


FlowEvent = Committed | ComputerPlayed | AIFailed | HintReady

__all__ = ["AIFailed", "Committed", "ComputerPlayed", "FlowEvent", "HintReady"]
