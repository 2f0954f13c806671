"""Actions and turn states in plain words, for captions, menus and the side panel. Pure Python."""

from __future__ import annotations

from hwgame.rules import (
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
)
from hwgame.rules.apply import TurnState
from hwgame.rules.pieces import COLOR_NAMES, POWER_NAMES, piece_words


def describe_action(action) -> str:
    """One short sentence for an action, for example ``"Move yellow 3 from North to Alpha"``."""
    if isinstance(action, Build):
        return f"Build a {piece_words(action.piece)} ship at {action.system}"
    if isinstance(action, Trade):
        return f"Trade {piece_words(action.old)} for {piece_words(action.new)} at {action.system}"
    if isinstance(action, Move):
        return f"Move {piece_words(action.ship)} from {action.origin} to {action.destination}"
    if isinstance(action, Discover):
        return f"Discover {action.name} (star {piece_words(action.star)}) with {piece_words(action.ship)}"
    if isinstance(action, Capture):
        return f"Capture the enemy {piece_words(action.piece)} at {action.system}"
    if isinstance(action, Sacrifice):
        n = action.ship % 3 + 1
        power = POWER_NAMES[action.ship // 3]
        return f"Sacrifice {piece_words(action.ship)} at {action.system}: {n} {power} action{'s' * (n > 1)}"
    if isinstance(action, Catastrophe):
        return f"Catastrophe: every {COLOR_NAMES[action.color]} piece at {action.system} returns to the bank"
    if isinstance(action, Pass):
        return "Pass (give up what is left of the turn)"
    if isinstance(action, EndTurn):
        return "End the turn"
    if isinstance(action, Homeworld):
        stars = piece_words(action.star1) + ("" if action.star2 is None else f" and {piece_words(action.star2)}")
        return f"Homeworld: stars {stars}, ship {piece_words(action.ship)}"
    return str(action)


def action_verb(action) -> str:
    """A one-word label for the kind of an action (for short captions)."""
    names = {
        Build: "Build",
        Trade: "Trade",
        Move: "Move",
        Discover: "Discover",
        Capture: "Capture",
        Sacrifice: "Sacrifice",
        Catastrophe: "Catastrophe",
        Pass: "Pass",
        EndTurn: "End turn",
        Homeworld: "Homeworld",
    }
    return names.get(type(action), "Action")


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


def plural(n: int, word: str) -> str:
    """``"1 turn"``, ``"2 turns"``."""
    return f"{n} {word}{'s' * (n != 1)}"
