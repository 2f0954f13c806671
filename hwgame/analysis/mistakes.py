"""A player's own mistakes, as the review marked them: which turns to meet again, and whether the better
turn there is clear enough to ask for.

Nothing here judges a position anew: both functions read the marks and the numbers the review kept
(``review.TurnReview``), which are the verdict's own (the proof where one is known, else the search's
estimate, read as a chance to win).

- ``marked_turns``: a player's turns marked BLUNDER, MISTAKE or MISSED_WIN, in order. INACCURACY is left
  out: a fall of a tenth of the chance to win is within what two searches of a moment may disagree on,
  so the "better" turn there is often only the engine's taste.
- ``better_turn_is_clear``: the review knows a better turn there and it stands above the others beyond
  doubt: a proof says so (a forced win the turn gave up, or a loss the turn walked into while the board
  before it was not lost), or, where nothing is proven, the better turn keeps at least ``CLEAR_LEAD``
  more chance than every other turn the review's search ranked at its root (``TurnReview.second``:
  their best score, exact or an upper bound, so the lead is never overstated). A review kept by an
  older version, without that score, has no clear turn but a proven one.
- ``MARGIN``: a try within this much chance of the better turn is as good as it (the retry mode and the
  puzzle deck both accept such a try); a clear turn leads every other by twice that, so that only one
  turn is ever within the margin of it.
"""

from __future__ import annotations

from hwgame.ai.proofs import LOSS, WIN
from hwgame.ai.winchance import estimate_chance

from .review import BLUNDER, MISSED_WIN, MISTAKE, Review, TurnReview

# The kinds of mark a player meets again (see the module docstring for why INACCURACY is not one).
ASKED_KINDS = (MISSED_WIN, BLUNDER, MISTAKE)
# A try within this much chance to win of the better turn is as good as it: five points, under what a
# review's search tells apart from one depth to the next.
MARGIN = 0.05
# A better turn is clear (without a proof) when it keeps this much more chance than every other turn the
# search ranked: twice the margin a try is accepted within.
CLEAR_LEAD = 2 * MARGIN


def marked_turns(review: Review, player: int) -> list[TurnReview]:
    """``player``'s turns (0 or 1) that the review marked BLUNDER, MISTAKE or MISSED_WIN, in the order
    they were played."""
    return [t for t in review.turns if t.player == player and t.kind in ASKED_KINDS]


def better_turn_is_clear(turn: TurnReview) -> bool:
    """True when the review knows a better turn than the one played at ``turn`` and it is clear: proven
    (a forced win given up, a loss walked into while the board before was not lost), or a lead of at least
    ``CLEAR_LEAD`` in win chance over every other turn the review's search ranked (see the module
    docstring)."""
    best = turn.best
    if best is None or turn.before is None or tuple(best) == tuple(turn.turn):
        return False
    before, after = turn.proof_before, turn.proof_after
    if before is not None and before.result == WIN:
        # A forced win: clear when the turn played gave it up (the better turn keeps it, proven).
        return after is None or after.result != WIN
    if after is not None and after.result == LOSS:
        # The turn played loses by force; clear when the board before it was not lost as well.
        return before is None or before.result != LOSS
    if before is not None or turn.second is None:
        return False  # a proven draw or loss before the turn, or no score of the other turns kept
    return estimate_chance(turn.before, turn.phase) - estimate_chance(turn.second, turn.phase) >= CLEAR_LEAD


def best_turn_lead(turn: TurnReview) -> float | None:
    """How clearly the review's best turn at ``turn`` stands above the rest, in win chance: 1.0 where a
    win is proven and the turn played (when it was another) did not keep it; else its lead over every
    other turn the search ranked at the root and over the turn played; None when a proof says otherwise
    or nothing else was ranked."""
    other = tuple(turn.turn) != tuple(turn.best or ())
    if turn.proof_before is not None:
        if turn.proof_before.result != WIN:
            return None
        # A win the turn played kept is no lead of the best turn's: the proof may even be the played turn's.
        return None if other and turn.proof_after is not None and turn.proof_after.result == WIN else 1.0
    if turn.before is None or turn.second is None:
        return None
    rival = turn.second
    if turn.after is not None and other:
        rival = max(rival, turn.after)  # the turn played is one of the others
    return estimate_chance(turn.before, turn.phase) - estimate_chance(rival, turn.phase)


__all__ = ["ASKED_KINDS", "CLEAR_LEAD", "MARGIN", "best_turn_lead", "better_turn_is_clear", "marked_turns"]
