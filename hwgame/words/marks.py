"""The words of a review's marks: what a reviewed turn gave away, what it allowed, what it missed, and the better turn.

The review (``hwgame.analysis.review``) keeps, for each turn, the lines its search expected after the turn
played and after the best turn; ``hwgame.ai.consequence`` plays them out into events on the board (a
ship captured, pieces a catastrophe destroyed, the game won). This module words those events, so a
mark says what really happens in the line the search found: "Vega captures your green 3 at Alpha next
turn", "Vega destroys your homeworld with a red catastrophe in 3 turns". Without an event to name, it
says how far the chance to win fell.

Pure Python on the rules and the catalogs; the review and its events are read through the protocols
below, never imported.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from hwgame.i18n import N_, _, ngettext, pgettext
from hwgame.rules import Action

from .names import colour_name, piece_name
from .phrases import chance_text, homeworld_of, inside_sentence, sentences
from .spacing import fill
from .told import POSSIBLE, Voice, join_pieces, narrate_turn

if TYPE_CHECKING:
    from .reasons import ReasonLike
    from .verdict import ProofLike

CAPTURE, CATASTROPHE, WIN = "capture", "catastrophe", "win"  # ``ai.consequence.KINDS``
MISSED_WIN, BLUNDER, MISTAKE, INACCURACY = "missed_win", "blunder", "mistake", "inaccuracy"  # ``analysis.review.KINDS``

# Each mark's name, as a label before its sentence.
MARK_LABELS = {
    MISSED_WIN: N_("missed win"),
    BLUNDER: N_("blunder"),
    MISTAKE: N_("mistake"),
    INACCURACY: N_("inaccuracy"),
}


class Event(Protocol):
    """One event of a line (``ai.consequence.Event``)."""

    @property
    def kind(self) -> str: ...
    @property
    def actor(self) -> int: ...
    @property
    def victim(self) -> int: ...
    @property
    def turn(self) -> int: ...
    @property
    def system(self) -> str: ...
    @property
    def pieces(self) -> tuple[int, ...]: ...
    @property
    def stars(self) -> tuple[int, ...]: ...
    @property
    def color(self) -> int | None: ...
    @property
    def at_home(self) -> bool: ...


class Why(Protocol):
    """The facts behind a turn (``ai.why.Why``)."""

    @property
    def player(self) -> int: ...
    @property
    def gains(self) -> Sequence[Event]: ...
    @property
    def parried(self) -> Sequence[Event]: ...
    @property
    def threatens(self) -> Sequence[Event]: ...


class MarkedTurn(Protocol):
    """A reviewed turn as the coach reads it (``analysis.review.TurnReview``)."""

    @property
    def player(self) -> int: ...
    @property
    def kind(self) -> str | None: ...
    @property
    def best(self) -> Sequence[Action] | None: ...
    @property
    def chance_before(self) -> float | None: ...
    @property
    def chance_after(self) -> float | None: ...
    @property
    def fall(self) -> float: ...
    def harm(self) -> Sequence[Event]: ...
    def gain(self) -> Sequence[Event]: ...
    def reasons(self) -> Sequence[ReasonLike]: ...
    @property
    def line(self) -> Sequence[Sequence[Action]]: ...
    def weighed(self) -> Sequence[str]: ...
    @property
    def proof_after(self) -> ProofLike | None: ...


def mark_label(kind: str) -> str:
    """The name of a mark ("mistake"), in the language in force."""
    return _(MARK_LABELS[kind]) if kind in MARK_LABELS else kind


def when_text(turn: int) -> str:
    """When an event comes, counted in turns from the turn judged: "this turn", "next turn", "in 3 turns"."""
    if turn <= 0:
        return pgettext("when", "this turn")
    if turn == 1:
        return pgettext("when", "next turn")
    return fill(ngettext("in {n} turn", "in {n} turns", turn), n=turn)


def _place(event: Event, voice: Voice) -> str:
    """Where an event happens: the victim's homeworld as theirs, a homeworld named after a player as that
    player's homeworld (``Voice.place``), else the system's name."""
    if event.at_home:
        return homeworld_of(event.victim, voice)
    return voice.place(event.system)


def _actor(voice: Voice, player: int) -> str:
    """Who does something, inside a sentence: "you", "the computer", or the name as it is."""
    said = voice.subject(player)
    if player in (voice.you, voice.computer, voice.enemy):
        return said[:1].lower() + said[1:]  # the sentence's own start is capitalised where it is built
    return said


def could_text(event: Event, voice: Voice) -> str:
    """What a player could do on its next turn, as a clause: "you could capture Vega's yellow 2 at Beta"."""
    actor, owner = _actor(voice, event.actor), voice.owner(event.victim)
    pieces = join_pieces([piece_name(p) for p in event.pieces])
    if event.kind == CAPTURE and event.at_home:
        return fill(_("{actor} could capture the {pieces} at {home}"),
            actor=actor, pieces=pieces, home=homeworld_of(event.victim, voice))
    if event.kind == CAPTURE:
        return fill(_("{actor} could capture {owner} {pieces} at {place}"),
            actor=actor, owner=owner, pieces=pieces, place=_place(event, voice))
    if event.kind == CATASTROPHE:
        colour = colour_name(event.color if event.color is not None else 0)
        if event.stars and not event.pieces:
            return fill(_("{actor} could destroy the {colour} star of {home} with a catastrophe"),
                actor=actor, colour=colour, home=homeworld_of(event.victim, voice))
        if event.at_home:
            return fill(_("{actor} could destroy the {pieces} at {home} with a {colour} catastrophe"),
                actor=actor, pieces=pieces, home=homeworld_of(event.victim, voice), colour=colour)
        return fill(_("{actor} could destroy {owner} {pieces} at {place} with a {colour} catastrophe"),
            actor=actor, owner=owner, pieces=pieces, place=_place(event, voice), colour=colour)
    if event.kind == WIN:
        return fill(_("{actor} could win"), actor=actor)
    return ""


# Each kind of event as a clause, spoken of another player ("Vega captures ...") and of "you" ("you
# capture ..."): whole templates, so that every language words both its own way.
EVENT_TEMPLATES: dict[tuple[str, bool], str] = {
    ("capture-home", False): N_("{actor} captures the {pieces} at {home} {when}"),
    ("capture-home", True): N_("you capture the {pieces} at {home} {when}"),
    ("capture", False): N_("{actor} captures {owner} {pieces} at {place} {when}"),
    ("capture", True): N_("you capture {owner} {pieces} at {place} {when}"),
    ("star", False): N_("{actor} destroys the {colour} star of {home} with a catastrophe {when}"),
    ("star", True): N_("you destroy the {colour} star of {home} with a catastrophe {when}"),
    ("own", False): N_("{actor} destroys its own {pieces} at {place} with a {colour} catastrophe {when}"),
    ("own", True): N_("you destroy your own {pieces} at {place} with a {colour} catastrophe {when}"),
    ("catastrophe-home", False): N_("{actor} destroys the {pieces} at {home} with a {colour} catastrophe {when}"),
    ("catastrophe-home", True): N_("you destroy the {pieces} at {home} with a {colour} catastrophe {when}"),
    ("catastrophe", False): N_("{actor} destroys {owner} {pieces} at {place} with a {colour} catastrophe {when}"),
    ("catastrophe", True): N_("you destroy {owner} {pieces} at {place} with a {colour} catastrophe {when}"),
    ("win", False): N_("{actor} wins {when}"),
    ("win", True): N_("you win {when}"),
}


def _form(event: Event) -> str:
    """Which template words ``event`` (a key of ``EVENT_TEMPLATES``, without the person)."""
    if event.kind == CAPTURE:
        return "capture-home" if event.at_home else "capture"
    if event.kind == CATASTROPHE:
        if event.stars and not event.pieces:
            return "star"
        if event.actor == event.victim:
            return "own"
        return "catastrophe-home" if event.at_home else "catastrophe"
    return "win"


def event_text(event: Event, voice: Voice) -> str:
    """One event of a line as a clause: "Vega captures your green 3 at Alpha next turn"."""
    if event.kind not in (CAPTURE, CATASTROPHE, WIN):
        return ""
    template = EVENT_TEMPLATES[(_form(event), event.actor == voice.you)]
    colour = colour_name(event.color if event.color is not None else 0)
    return fill(_(template), actor=_actor(voice, event.actor), owner=voice.owner(event.victim),
                              pieces=join_pieces([piece_name(p) for p in event.pieces]),
                              home=homeworld_of(event.victim, voice), place=_place(event, voice), colour=colour,
                              when=when_text(event.turn))  # fmt: skip


def _telling(events: Sequence[Event]) -> list[Event]:
    """The events worth a sentence: those of the first turn that costs something (at most three), and
    the game when the line wins it; when a catastrophe at the homeworld wins it, that blow is named."""
    if not events:
        return []
    first_turn = events[0].turn
    told = [e for e in events if e.turn == first_turn and e.kind != WIN][:3]
    win = next((e for e in events if e.kind == WIN), None)
    if win is None:
        return told
    blow = next((e for e in events if e.turn == win.turn and e.kind == CATASTROPHE and e.at_home
                 and e.victim == win.victim), None)  # fmt: skip
    if blow is not None and blow not in told:
        told.append(blow)
    return [*told, win]


def consequence_text(events: Sequence[Event], voice: Voice) -> str:
    """The events of a line that matter, as one sentence ("Vega captures ... next turn, and Vega wins in
    3 turns."), or "" when there are none."""
    clauses = [event_text(e, voice) for e in _telling(events)]
    clauses = [c for c in clauses if c]
    if not clauses:
        return ""
    text = clauses[0]
    for clause in clauses[1:]:
        # Translators: joins two things that happen in a line of play ("A captures ..., then A wins ...").
        text = fill(_("{first}, then {next}"), first=text, next=clause)
    return voice.sentence(text) + pgettext("end of sentence", ".")


def fall_text(entry: MarkedTurn, voice: Voice) -> str:
    """How far the mover's chance fell: "Vega's chance to win falls from 61% to 38%."."""
    start = entry.chance_before or 0.0
    end = entry.chance_after if entry.chance_after is not None else max(0.0, start - entry.fall)
    return fill(_("{name}'s chance to win falls from {before} to {after}."),
        name=voice.names[entry.player], before=chance_text(start), after=chance_text(end))


def board_text(entry: MarkedTurn, voice: Voice) -> str:
    """What a marked turn did, in facts of the board: a loss it made certain (the proof), what the line
    after it gives away (captures, catastrophes), else what it changed on the board that costs its
    mover (``words.reasons``). Empty when none of these names anything."""
    said = consequence_text(entry.harm(), voice)
    proof = entry.proof_after
    if proof is not None and proof.result == "loss" and proof.turns > 0:
        from .verdict import proof_text

        head = _("After this turn every line loses.")
        return sentences((head, proof_text(proof, entry.player, voice, to_move=False), said))
    if said:
        return said
    from .reasons import reasons_text

    said = reasons_text(entry.reasons(), voice)
    if said or entry.kind == MISSED_WIN:
        return said
    gained = consequence_text(entry.gain(), voice)
    if gained:
        # Translators: what the engine's better turn and its line take, where the turn played gives up nothing.
        return fill(_("The better turn gains more: {what}"), what=inside_sentence(gained))
    from .reasons import weighed_text

    said = weighed_text(entry.weighed(), entry.player, voice)
    if said or not entry.line:
        return said
    # Nothing on the board says it yet: the reply the search expects, which the fall comes from.
    reply = narrate_turn(entry.line[0], 1 - entry.player, voice, POSSIBLE)
    # Translators: {reply} is the opponent's expected answer, told as a sentence.
    return fill(_("The expected reply: {reply}"), reply=reply)


def mark_text(entry: MarkedTurn, voice: Voice) -> str:
    """Why a marked turn is marked: ``board_text``, then how far the chance fell where nothing else
    names a piece. Empty for a turn without a mark."""
    if entry.kind is None:
        return ""
    said = board_text(entry, voice)
    if said and entry.proof_after is not None:
        return said
    return sentences((said, fall_text(entry, voice)))


def better_text(entry: MarkedTurn, voice: Voice) -> str:
    """The engine's better turn, told, with what its line wins: "Better: You capture ... Then ...".
    Empty without a better turn."""
    if entry.best is None:
        return ""
    told = narrate_turn(entry.best, entry.player, voice, POSSIBLE)
    later = [e for e in entry.gain() if e.turn > 0]
    gained = consequence_text(later, voice)
    if gained:
        # Translators: the engine's better turn, then what follows from it.
        return fill(_("Better: {turn} {then}"), turn=told, then=gained)
    return fill(_("Better: {turn}"), turn=told)


def why_sentences(why: Why, voice: Voice, gains: bool = True, chance: float | None = None) -> list[str]:
    """The facts behind a turn as sentences: what it takes (``gains``: off for a hint, whose own words
    already say it), what it stops ("Without it, Vega captures your green 3 at Alpha next turn."),
    what it threatens ("Then you could capture Vega's yellow 2 at Beta."); and, when nothing names a
    piece, the mover's ``chance`` to win after it."""
    out: list[str] = []
    if gains and why.gains:
        out.append(consequence_text(why.gains, voice))
    if why.parried:
        told = [event_text(e, voice) for e in _telling(why.parried)]
        # Translators: what the opponent does if the player does not play the turn explained.
        out.append(fill(_("Without it, {what}."), what=fill(_("{first}, then {next}"), first=told[0], next=told[1])
                                                    if len(told) > 1 else told[0]))
    if why.threatens:
        # Translators: what the turn explained sets up for the mover's next turn.
        out.append(fill(_("Then {what}."), what=could_text(_telling(why.threatens)[0], voice)))
    if not out and chance is not None:
        # Translators: {owner} is "your", "the computer's" or "Vega's".
        text = fill(_("{owner} chance to win after it: {chance}."), owner=voice.owner(why.player),
                                                                     chance=chance_text(chance))  # fmt: skip
        out.append(voice.sentence(text))
    return [voice.sentence(s) for s in out if s]


def mark_line(entry: MarkedTurn, voice: Voice) -> str:
    """A marked turn in one line: "mistake (61% → 38%): Vega captures your green 3 at Alpha next turn."."""
    if entry.kind is None:
        return ""
    start, end = entry.chance_before, entry.chance_after
    label = mark_label(entry.kind)
    said = board_text(entry, voice)
    if not said:
        return fill(_("{mark}: {why}"), mark=label, why=fall_text(entry, voice))
    if start is not None and end is not None and entry.kind != MISSED_WIN and entry.proof_after is None:
        label = fill(_("{mark} ({before} → {after})"), mark=label, before=chance_text(start), after=chance_text(end))
    return fill(_("{mark}: {why}"), mark=label, why=said)


__all__ = ["EVENT_TEMPLATES", "MARK_LABELS", "MarkedTurn", "Event", "Why", "better_text", "board_text", "chance_text",
           "mark_text", "consequence_text",
           "could_text", "event_text", "fall_text", "homeworld_of", "mark_label", "mark_line", "when_text",
           "why_sentences"]
