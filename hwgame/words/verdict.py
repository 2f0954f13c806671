"""A position's verdict in words: a proven result said as a result, never as a percentage, and a chance
said as one, for the player it belongs to.

A verdict comes from ``hwgame.analysis``; this module reads it through the small protocol below, never
imports it. A proof's ``turns`` counts the winner's turns (1: the winner's next turn, or this turn when
the winner is to move).
"""

from __future__ import annotations

from typing import Protocol

from hwgame.i18n import _, ngettext

from .phrases import chance_text
from .told import Voice

WIN, LOSS, DRAW = "win", "loss", "draw"  # ``ai.proofs``'s results


class ProofLike(Protocol):
    """A proven result for one player (``analysis.Proof``)."""

    @property
    def result(self) -> str: ...
    @property
    def turns(self) -> int: ...


def in_sentence(voice: Voice, player: int) -> str:
    """Who ``player`` is inside a sentence: "you", "the computer", "the enemy" in small letters; a
    player's name as it is written (a name is never lowered)."""
    said = voice.subject(player)
    if player in (voice.you, voice.computer, voice.enemy):
        return said[:1].lower() + said[1:]
    return said


def proof_text(proof: ProofLike, player: int, voice: Voice, to_move: bool = True) -> str:
    """A proven result for ``player`` as a sentence: "Lost: the computer wins on its next turn whatever
    you play." ``to_move`` says whether ``player`` moves next at the position (a win in 1 is then this
    turn; else it is the player's next turn)."""
    other = 1 - player
    if proof.result == DRAW:
        return _("Drawn (proven).")
    if proof.result == LOSS:
        winner, loser = voice.subject(other), in_sentence(voice, player)
        if player == voice.you:  # "you play", not "you plays"
            if proof.turns <= 1:
                # Translators: a proven loss of the player; {winner} is "The computer" or a name.
                return _("Lost: {winner} wins on the next turn whatever you play.").format(winner=winner)
            return ngettext("Lost: {winner} wins within {n} turn whatever you play.",
                            "Lost: {winner} wins within {n} turns whatever you play.",
                            proof.turns).format(winner=winner, n=proof.turns)  # fmt: skip
        if other == voice.you:  # "you win", not "you wins"
            # Translators: a proven loss of {loser} (a name or "the computer"), won by the player.
            return ngettext("Lost: you win within {n} turn whatever {loser} plays.",
                            "Lost: you win within {n} turns whatever {loser} plays.",
                            max(1, proof.turns)).format(loser=loser, n=max(1, proof.turns))  # fmt: skip
        if proof.turns <= 1:
            # Translators: a proven loss; {winner} is "The computer", "You" or a name, {loser} a name.
            return _("Lost: {winner} wins on the next turn whatever {loser} plays.").format(
                winner=winner, loser=loser)
        return ngettext("Lost: {winner} wins within {n} turn whatever {loser} plays.",
                        "Lost: {winner} wins within {n} turns whatever {loser} plays.",
                        proof.turns).format(winner=winner, loser=loser, n=proof.turns)  # fmt: skip
    winner, loser = voice.subject(player), in_sentence(voice, other)
    if proof.turns <= 1 and to_move:
        # Translators: a proven win this turn; {winner} is "You", "The computer" or a name.
        return _("Won: {winner} can win this turn.").format(winner=winner)
    if player == voice.you:  # "you win", not "you wins"
        # Translators: {loser} is "the computer" or a name.
        return ngettext("Winning (proven): you win within {n} turn whatever {loser} plays.",
                        "Winning (proven): you win within {n} turns whatever {loser} plays.",
                        proof.turns).format(loser=loser, n=proof.turns)  # fmt: skip
    return ngettext("Winning (proven): {winner} wins within {n} turn whatever {loser} plays.",
                    "Winning (proven): {winner} wins within {n} turns whatever {loser} plays.",
                    proof.turns).format(winner=winner, loser=loser, n=proof.turns)  # fmt: skip


def proof_short(proof: ProofLike) -> str:
    """A proven result in a word or two, for a graph's label or a strip: "won (proven)", "lost (proven)"."""
    if proof.result == WIN:
        return _("winning (proven)")
    if proof.result == LOSS:
        return _("lost (proven)")
    return _("drawn (proven)")


def standing_text(proof: ProofLike | None, chance: float | None) -> str:
    """How a position stands for a player, in one short phrase: the proof's words, else the chance as a
    percentage ("64%"), else nothing."""
    if proof is not None:
        return proof_short(proof)
    return "" if chance is None else chance_text(chance)


def chance_sentence(player: int, chance: float, voice: Voice) -> str:
    """Whose chance to win it is, as a sentence: "Your chance to win: 64%." / "The computer's chance to
    win: 36%." """
    # Translators: {who} is "you", "the computer" or a name; {chance} is "64%".
    return _("Chance to win for {who}: {chance}.").format(who=in_sentence(voice, player), chance=chance_text(chance))


__all__ = ["chance_sentence", "in_sentence", "proof_short", "proof_text", "standing_text"]
