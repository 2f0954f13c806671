"""Warnings before a player moves, and the words the window reads a verdict with.

- ``threat_warning``: the opponent can win on its next turn unless the player parries it, and one way
  it would ("Danger: the computer can win on its next turn. Like this: The computer captures ...").
- ``losing_end_text``: the turn about to be ended lets the opponent win at once.
- ``lost_hint_text``: a hint in a lost position says so, and offers the turn that lasts longest.
- ``chance_label``: the advantage bar's small label, whose chance it is ("You: 64%", "You: lost
  (proven)").

Plain words over the rules' actions and a ``Voice``: no verdict object is imported here.
"""

from __future__ import annotations

from collections.abc import Sequence

from hwgame.i18n import _, pgettext
from hwgame.rules import Action

from .phrases import sentences
from .told import POSSIBLE, Voice, narrate_turn
from .verdict import ProofLike, proof_text, standing_text


def threat_warning(turn: Sequence[Action], ways: int, attacker: int, voice: Voice) -> str:
    """The opponent (``attacker``) could win on its next turn with ``turn`` if the player passed;
    ``ways`` is how many such turns were found (more than one: ``turn`` is an example)."""
    if attacker == voice.computer:
        head = _("Danger: the computer can win on its next turn.")
    else:
        # Translators: {name} is the other player's name; a threat the player must parry this turn.
        head = _("Danger: {name} can win on their next turn.").format(name=voice.names[attacker])
    told = narrate_turn(turn, attacker, voice, POSSIBLE)
    if ways > 1:
        # Translators: one of several winning turns of the opponent, told as a sentence.
        return sentences([head, _("For example: {turn}").format(turn=told)])
    # Translators: the opponent's winning turn, told as a sentence.
    return sentences([head, _("Like this: {turn}").format(turn=told)])


def losing_end_text(winner: int, voice: Voice) -> str:
    """The question before ending a turn after which ``winner`` (the opponent) can win at once."""
    if winner == voice.computer:
        return _("After this turn the computer can win at once. End the turn anyway?")
    # Translators: {name} is the other player's name.
    return _("After this turn {name} can win at once. End the turn anyway?").format(name=voice.names[winner])


def lost_hint_text(proof: ProofLike, player: int, voice: Voice, turn_words: str) -> str:
    """The hint in a position proven lost for ``player``: the proof in words, then the turn that makes
    the opponent's win hardest (``turn_words``, the turn already worded)."""
    winner = 1 - player
    lost = proof_text(proof, player, voice)
    if winner == voice.computer:
        # Translators: a hint in a lost position; {turn} lists the actions of the turn.
        last = _("This turn makes the win hardest for the computer: {turn}.").format(turn=turn_words)
    else:
        # Translators: a hint in a lost position; {name} is the winner's name, {turn} the actions.
        last = _("This turn makes the win hardest for {name}: {turn}.").format(name=voice.names[winner],
                                                                             turn=turn_words)  # fmt: skip
    return sentences([lost, last])


def chance_label(player: int, proof: ProofLike | None, chance: float | None, voice: Voice) -> str:
    """The advantage bar's label for ``player``: who, and the standing ("You: 64%", "You: lost
    (proven)", "Vega: 36%"); "" when nothing is known."""
    standing = standing_text(proof, chance)
    if not standing:
        return ""
    if player == voice.you:
        # Translators: the advantage bar's label: the player's chance to win ("64%") or "lost (proven)".
        return pgettext("advantage bar", "You: {standing}").format(standing=standing)
    if player == voice.computer:
        return pgettext("advantage bar", "Computer: {standing}").format(standing=standing)
    return pgettext("advantage bar", "{name}: {standing}").format(name=voice.names[player], standing=standing)


__all__ = ["chance_label", "losing_end_text", "lost_hint_text", "threat_warning"]
