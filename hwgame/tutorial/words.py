"""Pieces, actions and turns in plain words, for lesson and puzzle messages.

The tutorial speaks to a newcomer: "your large green ship", "Vega captures your small blue at Sol".
"""

from __future__ import annotations

from hwgame.rules import (
    COLOR_NAMES,
    POWER_NAMES,
    SIZE_NAMES,
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


def piece_name(piece: int) -> str:
    """``"large green"`` for g3."""
    return f"{SIZE_NAMES[piece % 3]} {COLOR_NAMES[piece // 3]}"


def a_piece(piece: int) -> str:
    """``"a large green"`` for g3 (with the right article)."""
    return f"a {piece_name(piece)}"


def sentence(text: str) -> str:
    """The text with a capital first letter and a closing full stop (engine reasons are lower case)."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


def describe_action(action, player: str = "you") -> str:
    """One action in words, from the point of view of ``player`` ("you" or a name)."""
    you = player == "you"
    s = "" if you else "s"
    if isinstance(action, Build):
        return f"{player} build{s} {a_piece(action.piece)} ship at {action.system}"
    if isinstance(action, Trade):
        return f"{player} trade{s} {a_piece(action.old)} for {a_piece(action.new)} at {action.system}"
    if isinstance(action, Move):
        return f"{player} move{s} {a_piece(action.ship)} from {action.origin} to {action.destination}"
    if isinstance(action, Discover):
        return (
            f"{player} discover{s} {action.name} (star {piece_name(action.star)}) "
            f"with {a_piece(action.ship)} from {action.origin}"
        )
    if isinstance(action, Capture):
        # Told from the learner's side: what "you" capture is the enemy's, what the rival captures is yours.
        whose = "the enemy" if you else "your"
        return f"{player} capture{s} {whose} {piece_name(action.piece)} ship at {action.system}"
    if isinstance(action, Sacrifice):
        n = action.ship % 3 + 1
        power = POWER_NAMES[action.ship // 3]
        return f"{player} sacrifice{s} {a_piece(action.ship)} at {action.system} for {n} {power} action{'s' * (n > 1)}"
    if isinstance(action, Catastrophe):
        return f"{player} trigger{s} a {COLOR_NAMES[action.color]} catastrophe at {action.system}"
    if isinstance(action, Homeworld):
        stars = piece_name(action.star1)
        if action.star2 is not None:
            stars += f" and {piece_name(action.star2)}"
        return f"{player} set{s} up a homeworld: stars {stars}, ship {piece_name(action.ship)}"
    if isinstance(action, Pass):
        return f"{player} pass{'es' if not you else ''}"
    if isinstance(action, EndTurn):
        return f"{player} end{s} the turn"
    return str(action)


def describe_turn(turn, player: str = "you") -> str:
    """A whole turn in words: its actions joined with "then"."""
    actions = [a for a in turn if not isinstance(a, EndTurn)]
    if not actions:
        return describe_action(Pass(), player)
    first = describe_action(actions[0], player)
    rest = [describe_action(a, player).split(" ", 1)[1] for a in actions[1:]]
    return ", then ".join([first, *rest])


__all__ = ["a_piece", "describe_action", "describe_turn", "piece_name", "sentence"]
