"""Actions, turns and turn states in plain words: the one describer of the game.

A caption ("Move yellow 3 from North to Alpha"), the narration of a turn ("The computer sacrifices
yellow 2 at North and moves green 1 and blue 1 from North to Alpha."), a line of the move log and
what the tutorial tells a learner ("You build a green 1 at Sol.", "Vega captures your blue 2 at
Sol") are built from the same phrases, so a player meets the same words everywhere. Pieces are
"green 1", never "G1"; taking an enemy ship is a "capture". SDG notation keeps its own words
(``rules.format_turn``) for the log's notation view and for export.

Pure Python on the rules alone: the window and the tutorial both use it.
"""

from __future__ import annotations

from dataclasses import dataclass

from hwgame.rules import (
    COLOR_NAMES,
    POWER_NAMES,
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
    format_turn,
    piece_words,
)

ENEMY = "the enemy"  # whose ship a capture takes, in a caption (the player about to capture reads it)


def _star_words(action: Homeworld) -> str:
    stars = piece_words(action.star1)
    return stars if action.star2 is None else f"{stars} and {piece_words(action.star2)}"


def phrase(action, victim: str = ENEMY) -> tuple[str, str]:
    """``(verb, rest)`` of an action: the verb in its plain form, then the words after it.

    ``("move", "yellow 3 from North to Alpha")``. ``victim`` is whose ship a capture takes
    ("the enemy", "your", "Ann's"). Captions and narration both start from these words.
    """
    if isinstance(action, Build):
        return "build", f"a {piece_words(action.piece)} at {action.system}"
    if isinstance(action, Trade):
        return "trade", f"{piece_words(action.old)} for {piece_words(action.new)} at {action.system}"
    if isinstance(action, Move):
        return "move", f"{piece_words(action.ship)} from {action.origin} to {action.destination}"
    if isinstance(action, Discover):
        star, ship = piece_words(action.star), piece_words(action.ship)
        return "discover", f"{action.name} (a {star} star) with {ship} from {action.origin}"
    if isinstance(action, Capture):
        return "capture", f"{victim} {piece_words(action.piece)} at {action.system}"
    if isinstance(action, Sacrifice):
        return "sacrifice", f"{piece_words(action.ship)} at {action.system}"
    if isinstance(action, Catastrophe):
        return "trigger", f"a {COLOR_NAMES[action.color]} catastrophe at {action.system}"
    if isinstance(action, Homeworld):
        return "set up", f"a homeworld: stars {_star_words(action)}, ship {piece_words(action.ship)}"
    if isinstance(action, Pass):
        return "pass", ""
    if isinstance(action, EndTurn):
        return "end", "the turn"
    return "play", str(action)


def describe_action(action) -> str:
    """One short caption for an action, for example ``"Move yellow 3 from North to Alpha"``."""
    verb, rest = phrase(action)
    text = f"{verb.capitalize()} {rest}".rstrip()
    if isinstance(action, Sacrifice):
        n = action.ship % 3 + 1
        text += f": {n} {POWER_NAMES[action.ship // 3]} action{'s' * (n > 1)}"
    elif isinstance(action, Catastrophe):
        text += f": every {COLOR_NAMES[action.color]} piece there returns to the bank"
    elif isinstance(action, Pass):
        text += " (give up what is left of the turn)"
    return text


# --- whole turns, told as a sentence ---


@dataclass(frozen=True)
class Voice:
    """Who the words speak to: the players' names, the seat called "you" and the seat called
    "the computer" (each None when there is none, for example two people at one screen)."""

    names: tuple[str, str]
    you: int | None = None
    computer: int | None = None

    def subject(self, player: int) -> str:
        """How a sentence about ``player``'s turn begins: "You", "The computer" or the name."""
        if player == self.you:
            return "You"
        if player == self.computer:
            return "The computer"
        return self.names[player]

    def owner(self, player: int) -> str:
        """Whose ship: "your", "the computer's", "Ann's"."""
        if player == self.you:
            return "your"
        if player == self.computer:
            return "the computer's"
        return f"{self.names[player]}'s"


def _conjugate(verb: str, second_person: bool) -> str:
    """The verb after "You" (plain) or after a name ("moves", "passes", "sets up")."""
    if second_person:
        return verb
    head, _, tail = verb.partition(" ")
    head += "es" if head.endswith(("s", "sh", "ch", "x")) else "s"
    return f"{head} {tail}" if tail else head


def _join(words: list[str]) -> str:
    """``"a"``, ``"a and b"``, ``"a, b and c"``."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def _group_key(action):
    """Actions with the same key, one after the other, are told together ("moves green 1 and blue 1
    from North to Alpha"): moves along the same way, builds or captures in the same system."""
    if isinstance(action, Move):
        return ("move", action.origin, action.destination)
    if isinstance(action, (Build, Capture)):
        return (type(action).__name__, action.system)
    return None


def _groups(actions: list) -> list[list]:
    out: list[list] = []
    for a in actions:
        key = _group_key(a)
        if out and key is not None and _group_key(out[-1][0]) == key:
            out[-1].append(a)
        else:
            out.append([a])
    return out


def _clause(group: list, second_person: bool, victim: str) -> str:
    """One verb phrase for a group of like actions (see ``_group_key``)."""
    first = group[0]
    verb = _conjugate(phrase(first, victim)[0], second_person)
    if len(group) == 1:
        return f"{verb} {phrase(first, victim)[1]}".rstrip()
    if isinstance(first, Move):
        ships = _join([piece_words(a.ship) for a in group])
        return f"{verb} {ships} from {first.origin} to {first.destination}"
    if isinstance(first, Build):
        return f"{verb} {_join([f'a {piece_words(a.piece)}' for a in group])} at {first.system}"
    return f"{verb} {victim} {_join([piece_words(a.piece) for a in group])} at {first.system}"


def narrate_clauses(actions, player: int, voice: Voice) -> list[str]:
    """The verb phrases of a turn (or of its actions so far), like actions grouped, without a subject.

    A pass after other actions is left out: it only gives up what the turn had left, and the board
    does not change.
    """
    actions = [a for a in actions if not isinstance(a, EndTurn)]
    if any(not isinstance(a, Pass) for a in actions):
        actions = [a for a in actions if not isinstance(a, Pass)]
    elif not actions:
        actions = [Pass()]
    second = player == voice.you
    victim = voice.owner(1 - player)
    return [_clause(group, second, victim) for group in _groups(actions)]


def narrate_turn(actions, player: int, voice: Voice) -> str:
    """A turn in one sentence: ``"The computer sacrifices yellow 2 at North and moves green 1 and
    blue 1 from North to Alpha."`` An empty turn is a pass."""
    return f"{voice.subject(player)} {_join(narrate_clauses(actions, player, voice))}."


def log_entry(number: int, turn, player: int, voice: Voice, notation: bool = False) -> str:
    """One line of the move log: the turn's number, then who did what in the narration's words, or
    in SDG notation (``notation`` True) as the archive writes it."""
    if notation:
        return f"{number}. {voice.names[player]}: {format_turn(turn)}"
    return f"{number}. {narrate_turn(turn, player, voice)}"


# --- the tutorial's sentences ---


def sentence(text: str) -> str:
    """The text with a capital first letter and a closing full stop (engine reasons are lower case)."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


def _speaker(player: str) -> Voice:
    """The voice of a tutorial sentence about ``player``: the learner ("you") or the rival by name, the
    other side being the learner ("your") or the rival ("the enemy's")."""
    if player == "you":
        return Voice(("you", "the enemy"), you=0)
    return Voice((player, "you"), you=1)


def describe_turn(turn, player: str = "you") -> str:
    """A whole turn as the tutorial tells it, without the closing full stop: ``"you sacrifice yellow 3
    at Sol and move green 1 from Sol to Alpha"`` or, for the rival, ``"Vega captures your blue 2 at
    Sol"``. The words are the narration's (``narrate_clauses``)."""
    subject = "you" if player == "you" else player
    return f"{subject} {_join(narrate_clauses(turn, 0, _speaker(player)))}"


# --- the turn in progress ---


def turn_left(state: TurnState) -> str:
    """What the turn in progress still allows, for the side panel."""
    if state.position.stage < 2:
        return "set up a homeworld" if state.free else "homeworld ready: end the turn"
    if state.free:
        return "one action (or a sacrifice)"
    if state.sac_left:
        n = state.sac_left
        color = COLOR_NAMES[state.sac_color]
        power = POWER_NAMES[state.sac_color]
        return f"{n} {color} action{'s' * (n > 1)} ({power}) from the sacrifice"
    return "action used: catastrophes or End Turn"
