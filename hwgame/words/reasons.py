"""What a turn changed on the board, in words: the reasons a coach gives for a mark or a hint when
nothing was captured or destroyed ("Your homeworld is left with a single ship.").

The reasons come from ``hwgame.ai.reasons``; this module reads them through the protocol below.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from hwgame.i18n import N_, _

from .names import colour_name, piece_name
from .phrases import homeworld_of, sentences
from .spacing import fill
from .told import Voice

# The kinds of change (``ai.reasons.KINDS``).
ONE_SHIP, NO_LARGE, COLOUR_LOST, CATASTROPHE_NEAR, CUT_OFF, CAPTURABLE = (
    "one_ship", "no_large", "colour_lost", "catastrophe_near", "cut_off", "capturable")  # fmt: skip


class ReasonLike(Protocol):
    """One change on the board (``ai.reasons.Reason``)."""

    @property
    def kind(self) -> str: ...
    @property
    def player(self) -> int: ...
    @property
    def system(self) -> str: ...
    @property
    def colour(self) -> int | None: ...
    @property
    def at_home(self) -> bool: ...
    @property
    def piece(self) -> int | None: ...


def reason_text(reason: ReasonLike, voice: Voice) -> str:
    """One reason as a sentence, for the player it costs."""
    cap = voice.sentence  # a sentence begins with a capital, a player's name as written
    home = homeworld_of(reason.player, voice)
    place = home if reason.at_home else voice.place(reason.system)
    colour = colour_name(reason.colour) if reason.colour is not None else ""
    if reason.kind == ONE_SHIP:
        # Translators: {home} is "your homeworld", "the computer's homeworld" or "Vega's homeworld".
        return cap(fill(_("{home} is left with a single ship: losing it loses the game."),
            home=home))
    if reason.kind == NO_LARGE:
        return cap(fill(_("{home} no longer has its large ship to defend it."), home=home))
    if reason.kind == COLOUR_LOST:
        # Translators: {colour} is a colour's name ("green").
        return cap(fill(_("{home} has no {colour} any more, so that power is lost there."),
            home=home, colour=colour))
    if reason.kind == CATASTROPHE_NEAR:
        # Translators: {place} is a system; {colour} a colour's name.
        return cap(fill(_("Three {colour} pieces stand at {place}: one more lets a {colour} catastrophe destroy "
                           "every {colour} piece there."), colour=colour, place=place))
    if reason.kind == CUT_OFF:
        # Translators: {owner} is "your", "the computer's" or "Vega's"; {target} a homeworld.
        return cap(fill(_("None of {owner} ships stands within one move of {target} any more."),
            owner=voice.owner(reason.player), target=homeworld_of(1 - reason.player, voice)))
    if reason.kind == CAPTURABLE and reason.piece is not None:
        # Translators: {owner} is "your", "the computer's" or "Vega's"; {piece} a ship ("green 3"); {place} a system.
        return cap(fill(_("{owner} {piece} at {place} can now be captured."),
            owner=voice.owner(reason.player), piece=piece_name(reason.piece), place=place))
    return ""


# The evaluation's groups (``ai.reasons.GROUPS``), as what a turn weakens.
GROUP_WORDS = {
    # Translators: what a turn weakens; {owner} is "your", "the computer's" or "Vega's".
    "fleet": N_("{owner} fleet"),
    # Translators: {home} is "your homeworld", "the computer's homeworld"...
    "home_powers": N_("the powers at {home}"),
    "defence": N_("the defence of {home}"),
    "colonies": N_("{owner} colonies"),
    "danger": N_("the safety of {owner} ships"),
    # Translators: {target} is the other player's homeworld.
    "pressure": N_("{owner} pressure on {target}"),
    "growth": N_("what {owner} ships can build"),
    "clumsy": N_("the mobility of {owner} ships"),
}


def _group_words(groups: Sequence[str], player: int, voice: Voice) -> list[str]:
    """The groups as ``player``'s: "your fleet", "the defence of your homeworld"."""
    return [fill(_(GROUP_WORDS[g]), owner=voice.owner(player), home=homeworld_of(player, voice),
                                     target=homeworld_of(1 - player, voice))
            for g in groups if g in GROUP_WORDS]  # fmt: skip


def weighed_text(groups: Sequence[str], player: int, voice: Voice) -> str:
    """What the turn weakens against the better turn, as a sentence ("Compared with the better turn,
    this turn weakens the defence of your homeworld and your fleet."); empty without a group."""
    words = _group_words(groups, player, voice)
    if not words:
        return ""
    if len(words) == 1:
        return fill(_("Compared with the better turn, this turn weakens {what}."), what=words[0])
    return fill(_("Compared with the better turn, this turn weakens {first} and {second}."),
        first=words[0], second=words[1])


def strengthens_text(groups: Sequence[str], player: int, voice: Voice) -> str:
    """What a quiet turn does for its mover, against a pass: "It strengthens the defence of your
    homeworld and your fleet."; empty without a group."""
    words = _group_words(groups, player, voice)
    if not words:
        return ""
    if len(words) == 1:
        return fill(_("It strengthens {what}."), what=words[0])
    return fill(_("It strengthens {first} and {second}."), first=words[0], second=words[1])


def reasons_text(reasons: Sequence[ReasonLike], voice: Voice) -> str:
    """The reasons as sentences, one after another (empty without one)."""
    return sentences([reason_text(r, voice) for r in reasons])


__all__ = ["GROUP_WORDS", "reason_text", "reasons_text", "strengthens_text", "weighed_text"]
