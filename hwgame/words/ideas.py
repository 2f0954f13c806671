"""The first rungs of a hint in words: the idea of the turn to find, in pieces and places of the board.

An idea comes from ``hwgame.analysis.ideas`` (found in the verdict, checked against its line); this
module reads it through the protocol below and never imports it. The kinds are the same strings.
Every sentence speaks to the player to move, who is looking for the turn ("Your green 3 at Alpha is in
danger"); the words of the others are the game's own (``Voice``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from hwgame.i18n import _, ngettext

from .names import colour_name, piece_name
from .phrases import homeworld_of, sentences
from .reasons import strengthens_text
from .spacing import fill
from .told import Voice, join_pieces
from .verdict import in_sentence, proof_text

# The kinds of idea (``analysis.ideas.KINDS``).
LOST, PROVEN_WIN, THREAT, TARGET, BUILDING, ATTACK, NEAR, OPENED, DANGER, WEAK_HOME, FOCUS = (
    "lost", "proven_win", "threat", "target", "building", "attack", "near", "opened", "danger", "weak_home",
    "focus")  # fmt: skip


class IdeaLike(Protocol):
    """One idea of a hint (``analysis.ideas.Idea``)."""

    @property
    def kind(self) -> str: ...
    @property
    def player(self) -> int: ...
    @property
    def system(self) -> str: ...
    @property
    def pieces(self) -> tuple[int, ...]: ...
    @property
    def owner(self) -> int | None: ...
    @property
    def color(self) -> int | None: ...
    @property
    def turn(self) -> int: ...
    @property
    def turns(self) -> int: ...
    @property
    def at_home(self) -> bool: ...
    @property
    def groups(self) -> tuple[str, ...]: ...


@dataclass(frozen=True)
class _Proof:
    result: str
    turns: int


def idea_text(idea: IdeaLike, voice: Voice) -> str:
    """One idea as a sentence for the player to move (empty for a kind it does not know)."""
    cap = voice.sentence  # a sentence begins with a capital, a player's name as written
    me, them = idea.player, 1 - idea.player
    pieces = join_pieces([piece_name(p) for p in idea.pieces])
    owner = voice.owner(idea.owner) if idea.owner is not None else ""
    colour = colour_name(idea.color) if idea.color is not None else ""
    if idea.kind == LOST:
        head = proof_text(_Proof("loss", idea.turns), me, voice)
        return sentences((head, _("Look for the turn that makes the win hardest.")))
    if idea.kind == PROVEN_WIN:
        head = proof_text(_Proof("win", idea.turns), me, voice)
        # Translators: the aim of a proven win; {home} is "the computer's homeworld" or "Vega's homeworld".
        return sentences((head, fill(_("Aim at {home}."), home=homeworld_of(them, voice))))
    if idea.kind == THREAT:
        # Translators: {who} is "the computer", "the enemy" or a name; {home} is "your homeworld".
        return cap(fill(_("{who} threatens to win next turn at {home}: parry that threat first."),
                         who=in_sentence(voice, them), home=homeworld_of(me, voice)))
    if idea.kind == TARGET and idea.at_home:
        home = homeworld_of(them, voice)
        if idea.turn == 0:
            # Translators: {pieces} is "green 3"; {home} is "the computer's homeworld" or "Vega's homeworld".
            return cap(fill(_("The {pieces} at {home} can be captured this turn."), pieces=pieces, home=home))
        return cap(fill(_("The {pieces} at {home} is a target: prepare its capture for your next turn."),
                         pieces=pieces, home=home))
    if idea.kind == TARGET:
        place = voice.place(idea.system)
        if idea.turn == 0:
            # Translators: {owner} is "the computer's" or "Vega's"; {pieces} "green 3"; {place} a system.
            return cap(fill(_("{owner} {pieces} at {place} can be captured this turn."),
                             owner=owner, pieces=pieces, place=place))
        # Translators: a ship the player can set up to capture on the next turn.
        return cap(fill(_("{owner} {pieces} at {place} is a target: prepare its capture for your next turn."),
                         owner=owner, pieces=pieces, place=place))
    if idea.kind == BUILDING:
        place = homeworld_of(them, voice) if idea.at_home else voice.place(idea.system)
        if idea.turn == 0:
            # Translators: {colour} is a colour's name ("green"); {place} a system or a homeworld.
            return cap(fill(_("A {colour} catastrophe can be set off at {place} this turn."),
                             colour=colour, place=place))
        return cap(fill(_("A {colour} catastrophe is building at {place}: bring it about."),
                         colour=colour, place=place))
    if idea.kind == ATTACK:
        return cap(fill(_("{home} is open to attack: press it."), home=homeworld_of(them, voice)))
    if idea.kind == NEAR:
        place = homeworld_of(them, voice) if idea.at_home else voice.place(idea.system)
        # Translators: {colour} is a colour's name ("green"); {place} a system where the opponent's ships stand.
        return cap(fill(_("A {colour} catastrophe is building at {place}: this turn brings a third {colour} piece "
                           "there."), colour=colour, place=place))
    if idea.kind == OPENED and idea.at_home:
        return cap(fill(_("This turn can lay the {pieces} at {home} open to capture."),
                         pieces=pieces, home=homeworld_of(them, voice)))
    if idea.kind == OPENED:
        # Translators: {owner} is "the computer's" or "Vega's"; {pieces} "green 3"; {place} a system.
        return cap(fill(_("This turn can lay {owner} {pieces} at {place} open to capture."),
                         owner=owner, pieces=pieces, place=voice.place(idea.system)))
    if idea.kind == DANGER and idea.at_home:
        # Translators: {home} is "your homeworld"; {who} is "the computer" or a name.
        return cap(fill(_("The {pieces} at {home} is in danger: {who} could capture it next turn."),
                         pieces=pieces, home=homeworld_of(me, voice), who=in_sentence(voice, them)))
    if idea.kind == DANGER:
        place = voice.place(idea.system)
        # Translators: {owner} is "your"; {who} is "the computer" or a name.
        return cap(fill(_("{owner} {pieces} at {place} is in danger: {who} could capture it next turn."),
                         owner=owner, pieces=pieces, place=place, who=in_sentence(voice, them)))
    if idea.kind == WEAK_HOME:
        return cap(fill(_("{home} is weak: see to its defence."), home=homeworld_of(me, voice)))
    if idea.kind == FOCUS:
        place = homeworld_of(me, voice) if idea.at_home else voice.place(idea.system)
        # Translators: where the turn the hint points to is played; {place} a system or "your homeworld".
        where = cap(fill(_("No blow lands this turn: the turn to find is played at {place}."), place=place))
        return sentences((where, strengthens_text(idea.groups, me, voice)))
    return ""


def ideas_text(ideas: Sequence[IdeaLike], voice: Voice) -> str:
    """The first rung of a hint: its ideas, one sentence each (empty without one)."""
    return sentences([idea_text(i, voice) for i in ideas])


def lit_text(count: int) -> str:
    """The second rung's words, under the ideas: how many pieces are ringed on the board."""
    return ngettext("The piece that acts is ringed on the board.",
                    "The {n} pieces that act are ringed on the board.", count).format(n=count)  # fmt: skip


def rung_text() -> str:
    """Under the first rung: what pressing Hint again gives (the second rung needs no such line: the
    panel keeps its few lines for the ideas and the rings)."""
    return _("Press Hint again to see the pieces that act.")


__all__ = ["IdeaLike", "idea_text", "ideas_text", "lit_text", "rung_text"]
