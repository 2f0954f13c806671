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

from collections.abc import Callable, Iterable, Sequence
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
from .spacing import fill

# --- lists ---


def join_actions(clauses: list[str]) -> str:
    """Clauses of a turn as one list: ``"a"``, ``"a and b"``, ``"a, b and c"``."""
    if len(clauses) <= 1:
        return "".join(clauses)
    head = clauses[0]
    for clause in clauses[1:-1]:
        # Translators: joins the actions of a turn told in one sentence ("builds ..., moves ...").
        head = fill(pgettext("joining actions", "{first}, {next}"), first=head, next=clause)
    # Translators: joins the last action of a turn told in one sentence ("... and moves ...").
    return fill(pgettext("joining actions", "{first} and {last}"), first=head, last=clauses[-1])


def join_pieces(items: list[str]) -> str:
    """Pieces as one list: ``"green 1"``, ``"green 1 and blue 1"``, ``"green 1, blue 1 and red 2"``."""
    if len(items) <= 1:
        return "".join(items)
    head = items[0]
    for item in items[1:-1]:
        # Translators: joins pieces in a list ("green 1, blue 1 and red 2").
        head = fill(pgettext("joining pieces", "{first}, {next}"), first=head, next=item)
    # Translators: joins the last piece of a list ("green 1 and blue 1").
    return fill(pgettext("joining pieces", "{first} and {last}"), first=head, last=items[-1])


def _stars(action: Homeworld) -> str:
    if action.star2 is None:
        return piece_name(action.star1)
    return join_pieces([piece_name(action.star1), piece_name(action.star2)])


# --- captions ---


def _placed(action: Action, voice: Voice, actor: int | None = None) -> Action:
    """The action with its systems worded as places (``Voice.place``; the ``actor``'s own homeworld as
    theirs), for telling it only: the result is never played. A discovered system keeps its name (it
    is new, so no one's homeworld)."""
    changes = {f: voice.place(getattr(action, f), actor)
               for f in ("system", "origin", "destination") if hasattr(action, f)}  # fmt: skip
    return replace(action, **changes) if changes else action  # type: ignore[arg-type]


def describe_action(action: Action, voice: Voice | None = None) -> str:
    """One short caption for an action, for example ``"Move yellow 3 from North to Alpha"``; with a
    ``voice``, a homeworld named after a player is worded as that player's homeworld (``Voice.place``)."""
    if voice is not None:
        action = _placed(action, voice)
    if isinstance(action, Build):
        return fill(_("Build a {piece} at {system}"), piece=piece_name(action.piece), system=action.system)
    if isinstance(action, Trade):
        return fill(_("Trade {old} for {new} at {system}"),
                    old=piece_name(action.old), new=piece_name(action.new), system=action.system)  # fmt: skip
    if isinstance(action, Move):
        return fill(_("Move {ship} from {origin} to {destination}"),
                    ship=piece_name(action.ship), origin=action.origin, destination=action.destination)  # fmt: skip
    if isinstance(action, Discover):
        return fill(_("Discover {name} (a {star} star) with {ship} from {origin}"), name=action.name,
                    star=piece_name(action.star), ship=piece_name(action.ship), origin=action.origin)  # fmt: skip
    if isinstance(action, Capture):
        return fill(_("Capture the enemy {piece} at {system}"), piece=piece_name(action.piece), system=action.system)
    if isinstance(action, Sacrifice):
        n = size_of(action.ship)
        template = ngettext(
            "Sacrifice {ship} at {system}: {n} {power} action",
            "Sacrifice {ship} at {system}: {n} {power} actions",
            n,
        )
        return fill(template, ship=piece_name(action.ship), system=action.system, n=n,
                    power=power_name(color_of(action.ship)))  # fmt: skip
    if isinstance(action, Catastrophe):
        return fill(_("Trigger a {colour} catastrophe at {system}: every {colour} piece there returns to the bank"),
                    colour=colour_name(action.color), system=action.system)  # fmt: skip
    if isinstance(action, Homeworld):
        return fill(_("Set up a homeworld: stars {stars}, ship {ship}"), stars=_stars(action),
                    ship=piece_name(action.ship))  # fmt: skip
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

    def sentence(self, text: str) -> str:
        """``text`` begun with a capital letter, as a sentence is, unless it begins with a player's name:
        a name is written as its player wrote it ("ts52 wins", never "Ts52 wins")."""
        if any(name and text.startswith(name) for name in self.names):
            return text
        return text[:1].upper() + text[1:]

    def place(self, system: str, actor: int | None = None) -> str:
        """A system as a sentence names it: a homeworld named after a player is that player's homeworld
        ("your homeworld", "the computer's homeworld", "Vega's homeworld"), since a player's name read as
        a place ("you build at Computer") makes no sense; any other system by its name. In a sentence
        whose subject is ``actor``, the actor's own homeworld is worded as theirs ("The computer builds
        a green 1 at its homeworld"), never with the subject named again."""
        for seat in (0, 1):
            if system.lower() == self.names[seat].lower():
                if seat == actor:
                    return self._own_home(seat)
                if seat == self.you:
                    return pgettext("place", "your homeworld")
                if seat == self.computer:
                    return pgettext("place", "the computer's homeworld")
                # Translators: a homeworld named after its player, worded as a place: "Vega's homeworld".
                return fill(pgettext("place", "{name}'s homeworld"), name=self.names[seat])
        return system

    def _own_home(self, seat: int) -> str:
        """The homeworld of the subject of a sentence, as that sentence words it."""
        # Translators: the homeworld of whoever the sentence is about ("You build a green 1 at your
        # homeworld"): a reflexive where the language has one (自分の, 自己的), never the name again.
        if seat == self.you:
            return pgettext("place, the subject's own", "your homeworld")
        # Translators: "The computer builds a green 1 at its homeworld": the subject's own homeworld.
        if seat in (self.computer, self.enemy):
            return pgettext("place, the subject's own", "its homeworld")
        # Translators: "Vega builds a green 1 at their homeworld": a named player's own homeworld.
        return pgettext("place, the subject's own", "their homeworld")

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
        return fill(pgettext("whose ship", "{name}'s"), name=self.names[player])


def _pieces(group: list[Action]) -> list[int]:
    """The pieces a group of builds or captures takes (``_group_key`` groups only like actions)."""
    return [a.piece for a in group if isinstance(a, (Build, Capture))]


def _built(group: list[Action]) -> str:
    pieces = _pieces(group)
    if len(pieces) == 1:
        return piece_name(pieces[0])
    # Translators: one of several pieces built together, in a list ("a green 1 and a blue 1").
    return join_pieces([fill(pgettext("built piece", "a {piece}"), piece=piece_name(piece)) for piece in pieces])


# How a turn is told (the ``mood`` of ``narrate_turn``): as PLAYED (the move log, the banner, the
# tutorial's rival), or as POSSIBLE, a turn that could be played (a threat, a better turn, a hint, a
# solution). English words both alike; a language that marks the time on its verb words each its own
# way (建造しました / 建造します).
PLAYED, POSSIBLE = "played", "possible"
LINK = "link"  # an action with another told after it in the same sentence ("sacrifices ..., moves ...")

# Each kind of action as a verb phrase without its subject, in the second person ("you build") and the
# third ("Ann builds"), in three forms: before another action of the same sentence (LINK), and as the
# last action of a turn PLAYED or POSSIBLE. Whole templates, so that each language words each form its
# own way ("…を建造し、…" / "…を建造しました。" / "…を建造します。"), never a piece joined to another.
_CLAUSES: dict[tuple[str, str, bool], Callable[[], str]] = {
    # Translators: an action told with another after it in the same sentence ("sacrifices yellow 2 at North,
    # moves ..."): the form of the verb that leads on to the next action (…を犠牲にし、).
    ("build", LINK, True): lambda: pgettext("a turn told, more follows", "build a {piece} at {system}"),
    ("build", LINK, False): lambda: pgettext("a turn told, more follows", "builds a {piece} at {system}"),
    ("build-n", LINK, True): lambda: pgettext("a turn told, more follows", "build {pieces} at {system}"),
    ("build-n", LINK, False): lambda: pgettext("a turn told, more follows", "builds {pieces} at {system}"),
    ("move", LINK, True): lambda: pgettext("a turn told, more follows", "move {ship} from {origin} to {destination}"),
    ("move", LINK, False): lambda: pgettext("a turn told, more follows",
                                            "moves {ship} from {origin} to {destination}"),
    ("move-n", LINK, True): lambda: pgettext("a turn told, more follows",
                                             "move {ships} from {origin} to {destination}"),
    ("move-n", LINK, False): lambda: pgettext("a turn told, more follows",
                                              "moves {ships} from {origin} to {destination}"),
    # Translators: {owner} is whose ship it was: "your", "the computer's", "Ann's".
    ("capture", LINK, True): lambda: pgettext("a turn told, more follows", "capture {owner} {piece} at {system}"),
    ("capture", LINK, False): lambda: pgettext("a turn told, more follows", "captures {owner} {piece} at {system}"),
    ("capture-n", LINK, True): lambda: pgettext("a turn told, more follows", "capture {owner} {pieces} at {system}"),
    ("capture-n", LINK, False): lambda: pgettext("a turn told, more follows",
                                                 "captures {owner} {pieces} at {system}"),
    ("trade", LINK, True): lambda: pgettext("a turn told, more follows", "trade {old} for {new} at {system}"),
    ("trade", LINK, False): lambda: pgettext("a turn told, more follows", "trades {old} for {new} at {system}"),
    ("discover", LINK, True): lambda: pgettext("a turn told, more follows",
                                               "discover {name} (a {star} star) with {ship} from {origin}"),
    ("discover", LINK, False): lambda: pgettext("a turn told, more follows",
                                                "discovers {name} (a {star} star) with {ship} from {origin}"),
    ("sacrifice", LINK, True): lambda: pgettext("a turn told, more follows", "sacrifice {ship} at {system}"),
    ("sacrifice", LINK, False): lambda: pgettext("a turn told, more follows", "sacrifices {ship} at {system}"),
    ("catastrophe", LINK, True): lambda: pgettext("a turn told, more follows",
                                                  "trigger a {colour} catastrophe at {system}"),
    ("catastrophe", LINK, False): lambda: pgettext("a turn told, more follows",
                                                   "triggers a {colour} catastrophe at {system}"),
    # Translators: the last action of a turn told as played, in the move log or the banner ("The computer
    # builds a green 1 at Alpha."): in the past where the language marks it (建造しました, 建造了).
    ("build", PLAYED, True): lambda: pgettext("a turn told, played", "build a {piece} at {system}"),
    ("build", PLAYED, False): lambda: pgettext("a turn told, played", "builds a {piece} at {system}"),
    ("build-n", PLAYED, True): lambda: pgettext("a turn told, played", "build {pieces} at {system}"),
    ("build-n", PLAYED, False): lambda: pgettext("a turn told, played", "builds {pieces} at {system}"),
    ("move", PLAYED, True): lambda: pgettext("a turn told, played", "move {ship} from {origin} to {destination}"),
    ("move", PLAYED, False): lambda: pgettext("a turn told, played", "moves {ship} from {origin} to {destination}"),
    ("move-n", PLAYED, True): lambda: pgettext("a turn told, played", "move {ships} from {origin} to {destination}"),
    ("move-n", PLAYED, False): lambda: pgettext("a turn told, played",
                                                "moves {ships} from {origin} to {destination}"),
    # Translators: {owner} is whose ship it was: "your", "the computer's", "Ann's".
    ("capture", PLAYED, True): lambda: pgettext("a turn told, played", "capture {owner} {piece} at {system}"),
    ("capture", PLAYED, False): lambda: pgettext("a turn told, played", "captures {owner} {piece} at {system}"),
    ("capture-n", PLAYED, True): lambda: pgettext("a turn told, played", "capture {owner} {pieces} at {system}"),
    ("capture-n", PLAYED, False): lambda: pgettext("a turn told, played", "captures {owner} {pieces} at {system}"),
    ("trade", PLAYED, True): lambda: pgettext("a turn told, played", "trade {old} for {new} at {system}"),
    ("trade", PLAYED, False): lambda: pgettext("a turn told, played", "trades {old} for {new} at {system}"),
    ("discover", PLAYED, True): lambda: pgettext("a turn told, played",
                                                 "discover {name} (a {star} star) with {ship} from {origin}"),
    ("discover", PLAYED, False): lambda: pgettext("a turn told, played",
                                                  "discovers {name} (a {star} star) with {ship} from {origin}"),
    ("sacrifice", PLAYED, True): lambda: pgettext("a turn told, played", "sacrifice {ship} at {system}"),
    ("sacrifice", PLAYED, False): lambda: pgettext("a turn told, played", "sacrifices {ship} at {system}"),
    ("catastrophe", PLAYED, True): lambda: pgettext("a turn told, played",
                                                    "trigger a {colour} catastrophe at {system}"),
    ("catastrophe", PLAYED, False): lambda: pgettext("a turn told, played",
                                                     "triggers a {colour} catastrophe at {system}"),
    ("homeworld", PLAYED, True): lambda: pgettext("a turn told, played",
                                                  "set up a homeworld: stars {stars}, ship {ship}"),
    ("homeworld", PLAYED, False): lambda: pgettext("a turn told, played",
                                                   "sets up a homeworld: stars {stars}, ship {ship}"),
    ("pass", PLAYED, True): lambda: pgettext("a turn told, played", "pass"),
    ("pass", PLAYED, False): lambda: pgettext("a turn told, played", "passes"),
    # Translators: the last action of a turn that could be played (a threat, a better turn, a hint, a
    # solution), not one already played: in the present where the language marks it (建造します).
    ("build", POSSIBLE, True): lambda: _("build a {piece} at {system}"),
    ("build", POSSIBLE, False): lambda: _("builds a {piece} at {system}"),
    ("build-n", POSSIBLE, True): lambda: _("build {pieces} at {system}"),
    ("build-n", POSSIBLE, False): lambda: _("builds {pieces} at {system}"),
    ("move", POSSIBLE, True): lambda: _("move {ship} from {origin} to {destination}"),
    ("move", POSSIBLE, False): lambda: _("moves {ship} from {origin} to {destination}"),
    ("move-n", POSSIBLE, True): lambda: _("move {ships} from {origin} to {destination}"),
    ("move-n", POSSIBLE, False): lambda: _("moves {ships} from {origin} to {destination}"),
    # Translators: {owner} is whose ship it was: "your", "the computer's", "Ann's".
    ("capture", POSSIBLE, True): lambda: _("capture {owner} {piece} at {system}"),
    ("capture", POSSIBLE, False): lambda: _("captures {owner} {piece} at {system}"),
    ("capture-n", POSSIBLE, True): lambda: _("capture {owner} {pieces} at {system}"),
    ("capture-n", POSSIBLE, False): lambda: _("captures {owner} {pieces} at {system}"),
    ("trade", POSSIBLE, True): lambda: _("trade {old} for {new} at {system}"),
    ("trade", POSSIBLE, False): lambda: _("trades {old} for {new} at {system}"),
    ("discover", POSSIBLE, True): lambda: _("discover {name} (a {star} star) with {ship} from {origin}"),
    ("discover", POSSIBLE, False): lambda: _("discovers {name} (a {star} star) with {ship} from {origin}"),
    ("sacrifice", POSSIBLE, True): lambda: _("sacrifice {ship} at {system}"),
    ("sacrifice", POSSIBLE, False): lambda: _("sacrifices {ship} at {system}"),
    ("catastrophe", POSSIBLE, True): lambda: _("trigger a {colour} catastrophe at {system}"),
    ("catastrophe", POSSIBLE, False): lambda: _("triggers a {colour} catastrophe at {system}"),
    ("homeworld", POSSIBLE, True): lambda: _("set up a homeworld: stars {stars}, ship {ship}"),
    ("homeworld", POSSIBLE, False): lambda: _("sets up a homeworld: stars {stars}, ship {ship}"),
    ("pass", POSSIBLE, True): lambda: pgettext("a turn told", "pass"),
    ("pass", POSSIBLE, False): lambda: pgettext("a turn told", "passes"),
}


def _kind(group: list[Action], owner: str) -> tuple[str, dict[str, object]]:
    """Which template of ``_CLAUSES`` tells a group of like actions (see ``_group_key``), and its
    values; ``owner`` is whose ships a capture takes ("your", "the computer's": ``Voice.owner``)."""
    a = group[0]
    many = len(group) > 1
    if isinstance(a, Build):
        if many:
            return "build-n", {"system": a.system, "pieces": _built(group)}
        return "build", {"system": a.system, "piece": piece_name(a.piece)}
    if isinstance(a, Move):
        values: dict[str, object] = {"origin": a.origin, "destination": a.destination}
        if many:
            return "move-n", {**values, "ships": join_pieces([piece_name(m.ship) for m in group
                                                              if isinstance(m, Move)])}  # fmt: skip
        return "move", {**values, "ship": piece_name(a.ship)}
    if isinstance(a, Capture):
        if many:
            return "capture-n", {"owner": owner, "system": a.system,
                                 "pieces": join_pieces([piece_name(piece) for piece in _pieces(group)])}  # fmt: skip
        return "capture", {"owner": owner, "system": a.system, "piece": piece_name(a.piece)}
    if isinstance(a, Trade):
        return "trade", {"old": piece_name(a.old), "new": piece_name(a.new), "system": a.system}
    if isinstance(a, Discover):
        return "discover", {"name": a.name, "star": piece_name(a.star), "ship": piece_name(a.ship),
                            "origin": a.origin}  # fmt: skip
    if isinstance(a, Sacrifice):
        return "sacrifice", {"ship": piece_name(a.ship), "system": a.system}
    if isinstance(a, Catastrophe):
        return "catastrophe", {"colour": colour_name(a.color), "system": a.system}
    if isinstance(a, Homeworld):
        return "homeworld", {"stars": _stars(a), "ship": piece_name(a.ship)}
    return "pass", {}


def _clause(group: list[Action], second: bool, owner: str, form: str) -> str:
    """One verb phrase for a group of like actions, in the second person ("you build") or the third
    ("Ann builds"), without its subject, in ``form``: LINK (another action follows), PLAYED or POSSIBLE
    (the last action of the sentence). A kind told only alone (a pass, a homeworld) has no LINK form."""
    kind, values = _kind(group, owner)
    template = _CLAUSES.get((kind, form, second)) or _CLAUSES[(kind, PLAYED, second)]
    return fill(template(), **values)


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


def narrate_clauses(actions: Iterable[Action], player: int, voice: Voice, mood: str = PLAYED) -> list[str]:
    """The verb phrases of a turn (or of its actions so far), like actions grouped, without a subject:
    each in the form that leads on to the next (LINK), the last in ``mood`` (PLAYED or POSSIBLE). The
    player's own homeworld is worded as theirs ("at its homeworld"), since the player is the subject.

    A pass after other actions is left out: it only gives up what the turn had left, and the board
    does not change.
    """
    actions = [_placed(a, voice, player) for a in actions if not isinstance(a, EndTurn)]
    if any(not isinstance(a, Pass) for a in actions):
        actions = [a for a in actions if not isinstance(a, Pass)]
    elif not actions:
        actions = [Pass()]
    second = player == voice.you
    owner = voice.owner(opponent_of(player))
    groups = _groups(actions)
    return [_clause(group, second, owner, LINK if k < len(groups) - 1 else mood) for k, group in enumerate(groups)]


def narrate_turn(actions: Iterable[Action], player: int, voice: Voice, mood: str = PLAYED) -> str:
    """A turn in one sentence: ``"The computer sacrifices yellow 2 at North and moves green 1 and
    blue 1 from North to Alpha."`` An empty turn is a pass. ``mood``: PLAYED (the log, the banner) or
    POSSIBLE (a threat, a better turn), which a language may word apart."""
    told = join_actions(narrate_clauses(actions, player, voice, mood))
    if player == voice.you:
        return fill(_("You {actions}."), actions=told)
    if player == voice.computer:
        return fill(_("The computer {actions}."), actions=told)
    if player == voice.enemy:
        return fill(_("The enemy {actions}."), actions=told)
    # Translators: a turn told in one sentence: a player's name, then what they did.
    return fill(_("{player} {actions}."), player=voice.names[player], actions=told)


def log_entry(number: int, turn: Sequence[Action], player: int, voice: Voice, notation: bool = False) -> str:
    """One line of the move log: the turn's number, then who did what in the narration's words, or
    in SDG notation (``notation`` True) as the archive writes it."""
    if notation:
        # Translators: a line of the move log in SDG notation; {notation} stays as it is.
        return fill(_("{number}. {player}: {notation}"), number=number, player=voice.names[player],
                    notation=format_turn(turn))  # fmt: skip
    # Translators: a line of the move log: the turn's number, then the turn told in one sentence.
    return fill(_("{number}. {turn}"), number=number, turn=narrate_turn(turn, player, voice))


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


def describe_turn(turn: Iterable[Action], player: str = "you", names: tuple[str, str] | None = None,
                  mood: str = POSSIBLE) -> str:
    """A whole turn as the tutorial tells it, without the closing full stop: ``"you sacrifice yellow 3
    at Sol and move green 1 from Sol to Alpha"`` or, for the rival, ``"Vega captures your blue 2 at
    Sol"``. The words are the narration's (``narrate_clauses``); with ``names`` (the learner's and the
    rival's), the homeworlds named after them are worded as homeworlds ("at your homeworld"). ``mood``:
    POSSIBLE for a turn to play (a hint, a solution, a threat), PLAYED for one just played."""
    voice = _speaker(player, names)
    told = join_actions(narrate_clauses(turn, 0, voice, mood))
    if player == "you":
        # Translators: what the learner does, told to them without a capital or a full stop (the
        # tutorial makes a sentence of it): "you build a green 1 at Sol".
        return fill(_("you {actions}"), actions=told)
    # Translators: what the rival does in the tutorial, without a full stop: "Vega captures your blue 2".
    return fill(_("{player} {actions}"), player=player, actions=told)


# --- the turn in progress ---


def turn_left(state: TurnState) -> str:
    """What the turn in progress still allows, as the side panel's line: one whole sentence for each
    case, so that each language words it as it says it."""
    if state.position.stage < 2:
        return _("This turn: set up a homeworld.") if state.free else _("This turn: homeworld ready, end the turn.")
    if state.free:
        return _("This turn: one action (or a sacrifice).")
    if state.sac_left:
        n = state.sac_left
        template = ngettext(
            "This turn: {n} {colour} action ({power}) from the sacrifice.",
            "This turn: {n} {colour} actions ({power}) from the sacrifice.",
            n,
        )
        return fill(template, n=n, colour=colour_name(state.sac_color), power=power_name(state.sac_color))
    return _("This turn: the action is used; trigger a catastrophe or press End Turn.")


__all__ = [
    "LINK", "PLAYED", "POSSIBLE", "Voice", "describe_action", "describe_turn", "join_actions", "join_pieces",
    "log_entry", "narrate_clauses", "narrate_turn", "sentence", "turn_left",
]  # fmt: skip
