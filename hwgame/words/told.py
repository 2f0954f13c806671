"""Actions, turns and turn states in plain words: the one describer of the game, in the player's language.

A caption ("Move yellow 3 from North to Alpha"), the narration of a turn ("The computer sacrifices
yellow 2 at North and moves green 1 and blue 1 from North to Alpha."), a line of the move log and
what the tutorial tells a learner ("you build a green 1 at Sol", "Vega captures your blue 2 at
Sol") are built from the same templates, so a player meets the same words everywhere. Pieces are
"green 1", never "G1"; taking an enemy ship is a "capture". SDG notation keeps its own words
(``rules.format_turn``) for the log's notation view and for export.

Every phrase is a whole template with named placeholders, looked up in the catalogs when it is
worded (call these functions where the text is shown): a clause for each kind of action, in the
second person ("you build") and the third ("Ann builds"), a sentence for each kind of subject, and
joiners for lists of actions and of pieces ("a, b and c"), so that a language can order the words
its own way.

Pure Python on the rules and the catalogs: the window, the tutorial and the review all use it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from hwgame.i18n import _, is_cjk_language, ngettext, pgettext
from hwgame.rules import (
    Action,
    Build,
    Capture,
    Catastrophe,
    Discover,
    EndTurn,
    Homeworld,
    Move,
    Pass,
    Sacrifice,
    Trade,
    TurnState,
    color_of,
    format_turn,
    opponent_of,
    size_of,
)

from .names import colour_name, piece_name, power_name

# --- lists ---


def join_actions(clauses: list[str]) -> str:
    """Clauses of a turn as one list: ``"a"``, ``"a and b"``, ``"a, b and c"``."""
    if len(clauses) <= 1:
        return "".join(clauses)
    head = clauses[0]
    for clause in clauses[1:-1]:
        # Translators: joins the actions of a turn told in one sentence ("builds ..., moves ...").
        head = pgettext("joining actions", "{first}, {next}").format(first=head, next=clause)
    # Translators: joins the last action of a turn told in one sentence ("... and moves ...").
    return pgettext("joining actions", "{first} and {last}").format(first=head, last=clauses[-1])


def join_pieces(items: list[str]) -> str:
    """Pieces as one list: ``"green 1"``, ``"green 1 and blue 1"``, ``"green 1, blue 1 and red 2"``."""
    if len(items) <= 1:
        return "".join(items)
    head = items[0]
    for item in items[1:-1]:
        # Translators: joins pieces in a list ("green 1, blue 1 and red 2").
        head = pgettext("joining pieces", "{first}, {next}").format(first=head, next=item)
    # Translators: joins the last piece of a list ("green 1 and blue 1").
    return pgettext("joining pieces", "{first} and {last}").format(first=head, last=items[-1])


def _stars(action: Homeworld) -> str:
    if action.star2 is None:
        return piece_name(action.star1)
    return join_pieces([piece_name(action.star1), piece_name(action.star2)])


# --- captions ---


def _placed(action: Action, voice: Voice) -> Action:
    """The action with its systems worded as places (``Voice.place``), for telling it only: the
    result is never played. A discovered system keeps its name (it is new, so no one's homeworld)."""
    changes = {f: voice.place(getattr(action, f)) for f in ("system", "origin", "destination") if hasattr(action, f)}
    return replace(action, **changes) if changes else action  # type: ignore[arg-type]


def describe_action(action: Action, voice: Voice | None = None) -> str:
    """One short caption for an action, for example ``"Move yellow 3 from North to Alpha"``; with a
    ``voice``, a homeworld named after a player is worded as that player's homeworld (``Voice.place``)."""
    if voice is not None:
        action = _placed(action, voice)
    if isinstance(action, Build):
        return _("Build a {piece} at {system}").format(piece=piece_name(action.piece), system=action.system)
    if isinstance(action, Trade):
        return _("Trade {old} for {new} at {system}").format(
            old=piece_name(action.old), new=piece_name(action.new), system=action.system
        )
    if isinstance(action, Move):
        return _("Move {ship} from {origin} to {destination}").format(
            ship=piece_name(action.ship), origin=action.origin, destination=action.destination
        )
    if isinstance(action, Discover):
        return _("Discover {name} (a {star} star) with {ship} from {origin}").format(
            name=action.name, star=piece_name(action.star), ship=piece_name(action.ship), origin=action.origin
        )
    if isinstance(action, Capture):
        return _("Capture the enemy {piece} at {system}").format(piece=piece_name(action.piece), system=action.system)
    if isinstance(action, Sacrifice):
        n = size_of(action.ship)
        return ngettext(
            "Sacrifice {ship} at {system}: {n} {power} action",
            "Sacrifice {ship} at {system}: {n} {power} actions",
            n,
        ).format(ship=piece_name(action.ship), system=action.system, n=n, power=power_name(color_of(action.ship)))
    if isinstance(action, Catastrophe):
        return _("Trigger a {colour} catastrophe at {system}: every {colour} piece there returns to the bank").format(
            colour=colour_name(action.color), system=action.system
        )
    if isinstance(action, Homeworld):
        return _("Set up a homeworld: stars {stars}, ship {ship}").format(
            stars=_stars(action), ship=piece_name(action.ship)
        )
    if isinstance(action, Pass):
        return _("Pass (give up what is left of the turn)")
    if isinstance(action, EndTurn):
        return _("End the turn")
    return str(action)


# --- whole turns, told as a sentence ---


@dataclass(frozen=True)
class Voice:
    """Who the words speak to: the players' names, the seat called "you", the seat called "the
    computer" and the seat called "the enemy" (each None when there is none, for example two people
    at one screen)."""

    names: tuple[str, str]
    you: int | None = None
    computer: int | None = None
    enemy: int | None = None

    def place(self, system: str) -> str:
        """A system as a sentence names it: a homeworld named after a player is that player's homeworld
        ("your homeworld", "the computer's homeworld", "Vega's homeworld"), since a player's name read as
        a place ("you build at Computer") makes no sense; any other system by its name."""
        for seat in (0, 1):
            if system.lower() == self.names[seat].lower():
                if seat == self.you:
                    return pgettext("place", "your homeworld")
                if seat == self.computer:
                    return pgettext("place", "the computer's homeworld")
                # Translators: a homeworld named after its player, worded as a place: "Vega's homeworld".
                return pgettext("place", "{name}'s homeworld").format(name=self.names[seat])
        return system

    def subject(self, player: int) -> str:
        """Who does something, as a sentence names them: "You", "The computer", "The enemy" or the name."""
        if player == self.you:
            return pgettext("subject", "You")
        if player == self.computer:
            return pgettext("subject", "The computer")
        if player == self.enemy:
            return pgettext("subject", "The enemy")
        return self.names[player]

    def owner(self, player: int) -> str:
        """Whose ship: "your", "the computer's", "the enemy's", "Ann's"."""
        if player == self.you:
            return pgettext("whose ship", "your")
        if player == self.computer:
            return pgettext("whose ship", "the computer's")
        if player == self.enemy:
            return pgettext("whose ship", "the enemy's")
        # Translators: whose ship a capture takes, before the piece: "Ann's green 3".
        return pgettext("whose ship", "{name}'s").format(name=self.names[player])


def _pieces(group: list[Action]) -> list[int]:
    """The pieces a group of builds or captures takes (``_group_key`` groups only like actions)."""
    return [a.piece for a in group if isinstance(a, (Build, Capture))]


def _built(group: list[Action]) -> str:
    pieces = _pieces(group)
    if len(pieces) == 1:
        return piece_name(pieces[0])
    # Translators: one of several pieces built together, in a list ("a green 1 and a blue 1").
    return join_pieces([pgettext("built piece", "a {piece}").format(piece=piece_name(piece)) for piece in pieces])


def _clause(group: list[Action], second: bool, owner: str) -> str:
    """One verb phrase for a group of like actions (see ``_group_key``), in the second person ("you
    build") or the third ("Ann builds"), without its subject."""
    a = group[0]
    many = len(group) > 1
    if isinstance(a, Build):
        values = {"system": a.system}
        if many:
            values["pieces"] = _built(group)
            return (_("build {pieces} at {system}") if second else _("builds {pieces} at {system}")).format(**values)
        values["piece"] = piece_name(a.piece)
        return (_("build a {piece} at {system}") if second else _("builds a {piece} at {system}")).format(**values)
    if isinstance(a, Move):
        values = {"origin": a.origin, "destination": a.destination}
        if many:
            values["ships"] = join_pieces([piece_name(m.ship) for m in group if isinstance(m, Move)])
            template = (
                _("move {ships} from {origin} to {destination}")
                if second
                else _("moves {ships} from {origin} to {destination}")
            )
            return template.format(**values)
        values["ship"] = piece_name(a.ship)
        template = (
            _("move {ship} from {origin} to {destination}")
            if second
            else _("moves {ship} from {origin} to {destination}")
        )
        return template.format(**values)
    if isinstance(a, Capture):
        # {owner} is whose ship it was: "your", "the computer's", "Ann's" (Voice.owner).
        values = {"owner": owner, "system": a.system}
        if many:
            values["pieces"] = join_pieces([piece_name(piece) for piece in _pieces(group)])
            # Translators: {owner} is whose ships they were: "your", "the computer's", "Ann's".
            template = (
                _("capture {owner} {pieces} at {system}") if second else _("captures {owner} {pieces} at {system}")
            )
            return template.format(**values)
        values["piece"] = piece_name(a.piece)
        # Translators: {owner} is whose ship it was: "your", "the computer's", "Ann's".
        template = _("capture {owner} {piece} at {system}") if second else _("captures {owner} {piece} at {system}")
        return template.format(**values)
    return _single(a, second)


def _single(a: Action, second: bool) -> str:
    """The verb phrase of an action told on its own."""
    if isinstance(a, Trade):
        template = _("trade {old} for {new} at {system}") if second else _("trades {old} for {new} at {system}")
        return template.format(old=piece_name(a.old), new=piece_name(a.new), system=a.system)
    if isinstance(a, Discover):
        template = (
            _("discover {name} (a {star} star) with {ship} from {origin}")
            if second
            else _("discovers {name} (a {star} star) with {ship} from {origin}")
        )
        return template.format(name=a.name, star=piece_name(a.star), ship=piece_name(a.ship), origin=a.origin)
    if isinstance(a, Sacrifice):
        template = _("sacrifice {ship} at {system}") if second else _("sacrifices {ship} at {system}")
        return template.format(ship=piece_name(a.ship), system=a.system)
    if isinstance(a, Catastrophe):
        template = (
            _("trigger a {colour} catastrophe at {system}")
            if second
            else _("triggers a {colour} catastrophe at {system}")
        )
        return template.format(colour=colour_name(a.color), system=a.system)
    if isinstance(a, Homeworld):
        template = (
            _("set up a homeworld: stars {stars}, ship {ship}")
            if second
            else _("sets up a homeworld: stars {stars}, ship {ship}")
        )
        return template.format(stars=_stars(a), ship=piece_name(a.ship))
    if isinstance(a, Pass):
        return pgettext("a turn told", "pass") if second else pgettext("a turn told", "passes")
    if isinstance(a, EndTurn):
        return pgettext("a turn told", "end the turn") if second else pgettext("a turn told", "ends the turn")
    return str(a)


def _group_key(action: Action) -> tuple[str, ...] | None:
    """Actions with the same key, one after the other, are told together ("moves green 1 and blue 1
    from North to Alpha"): moves along the same way, builds or captures in the same system."""
    if isinstance(action, Move):
        return ("move", action.origin, action.destination)
    if isinstance(action, (Build, Capture)):
        return (type(action).__name__, action.system)
    return None


def _groups(actions: list[Action]) -> list[list[Action]]:
    out: list[list[Action]] = []
    for a in actions:
        key = _group_key(a)
        if out and key is not None and _group_key(out[-1][0]) == key:
            out[-1].append(a)
        else:
            out.append([a])
    return out


def narrate_clauses(actions: Iterable[Action], player: int, voice: Voice) -> list[str]:
    """The verb phrases of a turn (or of its actions so far), like actions grouped, without a subject.

    A pass after other actions is left out: it only gives up what the turn had left, and the board
    does not change.
    """
    actions = [_placed(a, voice) for a in actions if not isinstance(a, EndTurn)]
    if any(not isinstance(a, Pass) for a in actions):
        actions = [a for a in actions if not isinstance(a, Pass)]
    elif not actions:
        actions = [Pass()]
    second = player == voice.you
    owner = voice.owner(opponent_of(player))
    return [_clause(group, second, owner) for group in _groups(actions)]


def narrate_turn(actions: Iterable[Action], player: int, voice: Voice) -> str:
    """A turn in one sentence: ``"The computer sacrifices yellow 2 at North and moves green 1 and
    blue 1 from North to Alpha."`` An empty turn is a pass."""
    told = join_actions(narrate_clauses(actions, player, voice))
    if player == voice.you:
        return _("You {actions}.").format(actions=told)
    if player == voice.computer:
        return _("The computer {actions}.").format(actions=told)
    if player == voice.enemy:
        return _("The enemy {actions}.").format(actions=told)
    # Translators: a turn told in one sentence: a player's name, then what they did.
    return _("{player} {actions}.").format(player=voice.names[player], actions=told)


def log_entry(number: int, turn: Sequence[Action], player: int, voice: Voice, notation: bool = False) -> str:
    """One line of the move log: the turn's number, then who did what in the narration's words, or
    in SDG notation (``notation`` True) as the archive writes it."""
    if notation:
        # Translators: a line of the move log in SDG notation; {notation} stays as it is.
        return _("{number}. {player}: {notation}").format(
            number=number, player=voice.names[player], notation=format_turn(turn)
        )
    # Translators: a line of the move log: the turn's number, then the turn told in one sentence.
    return _("{number}. {turn}").format(number=number, turn=narrate_turn(turn, player, voice))


# --- the tutorial's sentences ---


def sentence(text: str) -> str:
    """The text as a sentence: a capital first letter and the closing full stop of the language in
    force (refusals and tutorial phrases are clauses)."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    if text[-1] in ".!?。！？":
        return text
    return text + ("。" if is_cjk_language() else ".")


def _speaker(player: str, names: tuple[str, str] | None) -> Voice:
    """The voice of a tutorial sentence about ``player``: the learner ("you") or the rival by name, the
    other side being the learner ("your") or the rival ("the enemy's"). ``names`` are the learner's and
    the rival's names, which their homeworlds bear ("at your homeworld", "at Vega's homeworld")."""
    learner, rival = names if names is not None else ("", "")
    if player == "you":
        return Voice((learner, rival), you=0, enemy=1)
    return Voice((player, learner), you=1)


def describe_turn(turn: Iterable[Action], player: str = "you", names: tuple[str, str] | None = None) -> str:
    """A whole turn as the tutorial tells it, without the closing full stop: ``"you sacrifice yellow 3
    at Sol and move green 1 from Sol to Alpha"`` or, for the rival, ``"Vega captures your blue 2 at
    Sol"``. The words are the narration's (``narrate_clauses``); with ``names`` (the learner's and the
    rival's), the homeworlds named after them are worded as homeworlds ("at your homeworld")."""
    voice = _speaker(player, names)
    told = join_actions(narrate_clauses(turn, 0, voice))
    if player == "you":
        # Translators: what the learner does, told to them without a capital or a full stop (the
        # tutorial makes a sentence of it): "you build a green 1 at Sol".
        return _("you {actions}").format(actions=told)
    # Translators: what the rival does in the tutorial, without a full stop: "Vega captures your blue 2".
    return _("{player} {actions}").format(player=player, actions=told)


# --- the turn in progress ---


def turn_left(state: TurnState) -> str:
    """What the turn in progress still allows, for the side panel."""
    if state.position.stage < 2:
        return _("set up a homeworld") if state.free else _("homeworld ready: end the turn")
    if state.free:
        return _("one action (or a sacrifice)")
    if state.sac_left:
        n = state.sac_left
        return ngettext(
            "{n} {colour} action ({power}) from the sacrifice",
            "{n} {colour} actions ({power}) from the sacrifice",
            n,
        ).format(n=n, colour=colour_name(state.sac_color), power=power_name(state.sac_color))
    return _("action used: catastrophes or End Turn")


__all__ = [
    "Voice", "describe_action", "describe_turn", "join_actions", "join_pieces", "log_entry", "narrate_clauses",
    "narrate_turn", "sentence", "turn_left",
]  # fmt: skip
