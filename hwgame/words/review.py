"""A game's review in words, in the player's language: evaluations ("probably winning"), the marks of
missed wins and blunders (told as the log tells turns, or with their turns in SDG notation) and the
one-line summary.

Used by the replay's review strip, the hints and ``hwgame analyze``. The words never read the
computer's code: a review and its turns are read through the small protocols below, and how far a
score stands from a proven result comes with it from the caller (``analysis.review.standing``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Protocol

from hwgame.i18n import _, ngettext
from hwgame.rules import Action, format_turn, opponent_of

from .marks import MarkedTurn, chance_text, mark_label, mark_line, mark_text
from .names import level_word
from .told import POSSIBLE, Voice, narrate_turn

# The kinds of mark a review gives a turn (``analysis.review.KINDS``), stable codes kept in saves.
MISSED_WIN = "missed_win"
BLUNDER = "blunder"
MISTAKE = "mistake"
INACCURACY = "inaccuracy"
KINDS = (MISSED_WIN, BLUNDER, MISTAKE, INACCURACY)

# How a score stands (``analysis.review.standing``): proven or probable, won or lost, or none of these.
PROVEN_WIN, PROVEN_LOSS, LIKELY_WIN, LIKELY_LOSS = "proven-win", "proven-loss", "likely-win", "likely-loss"

# What the review's own sentence (``entry.note``, in English) says after a missed win: the reply that
# wins for the other side, in notation, or that the turn lost at once.
_INSTEAD_REPLY = re.compile(r"; instead, after this, \S+ wins with (?P<turn>.+)$")
_INSTEAD_LOST = "; instead, this turn loses the game"
_INSTEAD = "; instead, "


class ReviewedTurn(MarkedTurn, Protocol):
    """One turn of a review, as the words read it (``analysis.review.TurnReview``)."""

    @property
    def note(self) -> str: ...
    @property
    def refutation(self) -> Sequence[Action] | None: ...


class Reviewed(Protocol):
    """A whole review, as the summary reads it (``analysis.review.Review``)."""

    @property
    def players(self) -> tuple[str, str]: ...
    @property
    def level(self) -> str: ...
    @property
    def total(self) -> int: ...
    @property
    def complete(self) -> bool: ...
    @property
    def turns(self) -> Sequence[ReviewedTurn]: ...
    def marks(self) -> Sequence[ReviewedTurn]: ...
    def counts(self, player: int) -> dict[str, int]: ...
    def average_loss(self, player: int) -> float | None: ...


def score_text(score: float | None, standing: str | None = None, chance: float | None = None) -> str:
    """An evaluation for a player: "64%" (its ``chance`` to win, when given), "winning (proven)",
    "probably lost", or the bare score "+12.5" when no chance is given. ``standing`` says whether the
    score is a proven or probable result (``analysis.review.standing``; None: a plain score)."""
    if score is None:
        # Translators: the evaluation of a setup turn, which is not evaluated.
        return _("setup")
    if standing == PROVEN_WIN:
        return _("winning (proven)")
    if standing == PROVEN_LOSS:
        return _("lost (proven)")
    if standing == LIKELY_WIN:
        return _("probably winning")
    if standing == LIKELY_LOSS:
        return _("probably lost")
    if chance is not None:
        return chance_text(chance)
    return f"{score:+.1f}"


def mark_notation(entry: ReviewedTurn, names: Sequence[str]) -> str:
    """The mark of a reviewed turn with its turns in SDG notation, in the language in force."""
    me, them = entry.player, opponent_of(entry.player)
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
        if "loses the game" in entry.note:
            return _("blunder: this turn loses the game for {name} at once").format(name=names[me])
    if entry.kind is None:
        return ""
    return mark_line(entry, Voice((names[0], names[1])))


def mark_words(entry: ReviewedTurn, voice: Voice) -> str:
    """The mark of a reviewed turn in plain words, its turns told as the log tells them: "blunder:
    after this, Vega wins: Vega sacrifices yellow 3 at Sol and moves ...", in the language in force.
    (The review keeps the same mark in SDG notation, ``entry.note``, for ``hwgame analyze``; the
    notation view words it with ``mark_notation``.)"""
    me, them = entry.player, opponent_of(entry.player)
    if entry.kind == MISSED_WIN and entry.refutation is not None:
        told = narrate_turn(entry.refutation, me, voice, POSSIBLE)
        if _INSTEAD in entry.note:
            return _("missed win: {name} could have won at once: {turn} Instead, this turn lets {other} win.").format(
                name=voice.names[me], turn=told, other=voice.names[them])
        return _("missed win: {name} could have won at once: {turn}").format(name=voice.names[me], turn=told)
    if entry.kind == BLUNDER and entry.refutation is not None:
        return _("blunder: after this, {name} wins: {turn}").format(
            name=voice.names[them], turn=narrate_turn(entry.refutation, them, voice, POSSIBLE))
    if entry.kind is None:
        return ""
    return mark_line(entry, voice)


def player_summary(review: Reviewed, player: int) -> str:
    """One player's marks and average loss: "Vega: 1 blunder, 2 mistakes, 0 inaccuracies, 0 missed wins,
    average loss 4%"."""
    counts = review.counts(player)
    parts = [
        ngettext("{n} blunder", "{n} blunders", counts.get(BLUNDER, 0)).format(n=counts.get(BLUNDER, 0)),
        ngettext("{n} mistake", "{n} mistakes", counts.get(MISTAKE, 0)).format(n=counts.get(MISTAKE, 0)),
        ngettext("{n} inaccuracy", "{n} inaccuracies", counts.get(INACCURACY, 0)).format(n=counts.get(INACCURACY, 0)),
        ngettext("{n} missed win", "{n} missed wins", counts.get(MISSED_WIN, 0)).format(n=counts.get(MISSED_WIN, 0)),
    ]
    text = _("{name} {marks}").format(name=review.players[player], marks=_(", ").join(parts))
    loss = review.average_loss(player)
    if loss is not None:
        # Translators: after a player's marks: how much win chance their turns gave away on average.
        average = _("{percent}%").format(percent=round(loss * 100))
        text = _("{marks}, average loss {loss}").format(marks=text, loss=average)
    return text


def summary_text(review: Reviewed) -> str:
    """One line: how many turns were reviewed (at which level), then each player's marks and average loss."""
    parts = [player_summary(review, player) for player in range(len(review.players))]
    if review.complete:
        done = ngettext("{n} turn reviewed", "{n} turns reviewed", review.total).format(n=review.total)
    else:
        done = _("{done} of {total} turns reviewed").format(done=len(review.turns), total=review.total)
    if review.level:
        done = _("{done} at {level}").format(done=done, level=level_word(review.level))
    # Translators: the review's summary: how many turns, then each player's marks, joined by "; ".
    return _("{done}: {players}").format(done=done, players=_("; ").join(parts))


__all__ = [
    "BLUNDER", "LIKELY_LOSS", "LIKELY_WIN", "MISSED_WIN", "PROVEN_LOSS", "PROVEN_WIN",
    "INACCURACY", "KINDS", "MISTAKE", "Reviewed", "ReviewedTurn", "chance_text", "mark_text", "mark_label",
    "mark_notation", "mark_words", "player_summary", "score_text", "summary_text",
]  # fmt: skip
