"""A game's review in words, in the player's language: evaluations ("probably winning"), the marks of
missed wins and blunders with their turns in SDG notation, and the one-line summary. Used by the
replay's review strip and by ``hwgame analyze``; pure Python on the computer's review.
"""

from __future__ import annotations

import re

from hwgame.ai.review import BLUNDER, MISSED_WIN
from hwgame.ai.search import LIKELY, is_proven
from hwgame.i18n import _, ngettext
from hwgame.rules import format_turn
from hwgame.words import level_word

# What the review's own sentence (``entry.note``, in English) says after a missed win: the reply that
# wins for the other side, in notation, or that the turn lost at once.
_INSTEAD_REPLY = re.compile(r"; instead, after this, \S+ wins with (?P<turn>.+)$")
_INSTEAD_LOST = "; instead, this turn loses the game"


def score_text(score: float | None) -> str:
    """An evaluation for a player: "+12.5", "winning (proven)", "probably lost"."""
    if score is None:
        # Translators: the evaluation of a setup turn, which is not evaluated.
        return _("setup")
    if is_proven(score):
        return _("winning (proven)") if score > 0 else _("lost (proven)")
    if abs(score) >= LIKELY - 1000:
        return _("probably winning") if score > 0 else _("probably lost")
    return f"{score:+.1f}"


def mark_notation(entry, names) -> str:
    """The mark of a reviewed turn with its turns in SDG notation, in the language in force."""
    me, them = entry.player, 1 - entry.player
    if entry.kind == MISSED_WIN:
        if entry.refutation is None:
            return _("missed win: {name} could have won at once").format(name=names[me])
        win = format_turn(entry.refutation)
        reply = _INSTEAD_REPLY.search(entry.note)
        if reply is not None:
            return _("missed win: {name} could have won at once with {turn}; instead, after this, {other} wins with "
                     "{reply}").format(name=names[me], turn=win, other=names[them], reply=reply.group("turn"))
        if _INSTEAD_LOST in entry.note:
            return _("missed win: {name} could have won at once with {turn}; instead, this turn loses the game for "
                     "{name} at once").format(name=names[me], turn=win)
        return _("missed win: {name} could have won at once with {turn}").format(name=names[me], turn=win)
    if entry.kind == BLUNDER:
        if entry.refutation is not None:
            return _("blunder: after this, {name} wins with {turn}").format(
                name=names[them], turn=format_turn(entry.refutation))
        return _("blunder: this turn loses the game for {name} at once").format(name=names[me])
    return entry.note


def summary_text(review) -> str:
    """One line: how many turns were reviewed (at which level) and each player's marks."""
    parts = []
    for player, name in enumerate(review.players):
        mine = [t for t in review.marks() if t.player == player]
        blunders = sum(1 for t in mine if t.kind == BLUNDER)
        missed = sum(1 for t in mine if t.kind == MISSED_WIN)
        parts.append(_("{name} {blunders}, {missed}").format(
            name=name,
            blunders=ngettext("{n} blunder", "{n} blunders", blunders).format(n=blunders),
            missed=ngettext("{n} missed win", "{n} missed wins", missed).format(n=missed)))
    if review.complete:
        done = ngettext("{n} turn reviewed", "{n} turns reviewed", review.total).format(n=review.total)
    else:
        done = _("{done} of {total} turns reviewed").format(done=len(review.turns), total=review.total)
    if review.level:
        done = _("{done} at {level}").format(done=done, level=level_word(review.level))
    # Translators: the review's summary: how many turns, then each player's marks, joined by "; ".
    return _("{done}: {players}").format(done=done, players=_("; ").join(parts))


__all__ = ["mark_notation", "score_text", "summary_text"]
