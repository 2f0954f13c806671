"""The analysis board in words: a line's verdict in a word or two, a line of turns, the depth reached.

A verdict is read through the small protocols of ``verdict`` (a proof's result and turns, a chance), for
the player whose side it is told from: a proven result is said as a result ("wins in 3", "loses",
"draw"), never as a percentage; a chance as a percentage.
"""

from __future__ import annotations

from collections.abc import Sequence

from hwgame.i18n import _, ngettext, pgettext
from hwgame.rules import Action

from .phrases import chance_text, sentences
from .told import POSSIBLE, Voice, narrate_turn
from .verdict import DRAW, LOSS, ProofLike


def line_verdict(proof: ProofLike | None, chance: float | None) -> str:
    """A line's verdict for the player it is told for, in a word or two: "wins in 3", "loses", "draw",
    else the chance to win ("64%"); "" while nothing is known."""
    if proof is not None:
        if proof.result == DRAW:
            return pgettext("a line's verdict", "draw")
        if proof.result == LOSS:
            # Translators: a proven loss of the player the line is told for, however it is played.
            return pgettext("a line's verdict", "loses")
        n = max(1, proof.turns)
        # Translators: a proven win of the player the line is told for, in {n} of their turns.
        return ngettext("wins in {n} turn", "wins in {n} turns", n).format(n=n)
    return "" if chance is None else chance_text(chance)


def line_words(turns: Sequence[Sequence[Action]], first: int, voice: Voice) -> str:
    """A line of turns told one sentence a turn, ``first`` playing the first and the players taking
    turns after it: "North builds a green 1 at Alpha. South moves ..." (as turns that could be played)."""
    return sentences([narrate_turn(turn, (first + k) % 2, voice, POSSIBLE) for k, turn in enumerate(turns)])


def depth_text(depth: int, running: bool) -> str:
    """How deep the analysis has looked: "depth 7", and whether it goes on ("depth 7, deepening...")."""
    if depth <= 0:
        return _("thinking...") if running else ""
    if running:
        # Translators: the analysis board's search has reached depth {depth} and goes on deeper.
        return _("depth {depth}, deepening...").format(depth=depth)
    return _("depth {depth}").format(depth=depth)


__all__ = ["depth_text", "line_verdict", "line_words"]
