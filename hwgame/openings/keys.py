"""Positions and turns of the opening book written without names, and turns written back for a board.

A position is stored as ``key_text``: the player to move, the setup stage and the systems as
``Position.key`` orders them (owner, stars, each player's ships), without the systems' names, the
players' names or the rules' name, so that two games reach the same entry whatever their systems are
called and whichever move order led there.

A turn is stored as ``stored_turn``: SDG notation in which each system of the position it is played from
is named by its place in that position's key (``@0``, ``@1``...) and each system the turn discovers by
its order in the turn (``+0``, ``+1``...). ``turn_for`` writes such a turn back with the names of a
board that has the same key (two systems alike in every piece may swap: either leads to the same
position), checks it with the validator and makes sure it reaches the position the book says; should
it not, a bounded search among the board's legal turns finds one that does.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from hwgame.rules import (
    END_TURN,
    Action,
    Discover,
    Homeworld,
    HomeworldsError,
    Position,
    Turn,
    apply_checked,
    check_action,
    color_of,
    end_turn,
    format_turn,
    iter_turns,
    new_system_name,
    parse_turn,
    piece_text,
    size_of,
    start_turn,
)

# The fields of an action that name a system already on the board (a discovery's ``name`` is new).
_PLACES = ("system", "origin", "destination")
# How many legal turns the fallback search looks at before giving up (the stored turn nearly always
# fits; the search is there for a board the stored spelling cannot be mapped onto).
SEARCH_LIMIT = 20_000


def _pieces(pieces: Iterable[int]) -> str:
    return "".join(piece_text(p).lower() for p in pieces)


def key_text(position: Position) -> str:
    """The book's key of ``position``: ``Position.key`` without the rules' name, as short text.

    ``"02|0y1b2/g3/|1r3b1//g3"``: player 0 to move, both homeworlds set up; player 0's homeworld (stars
    y1 b2, a ship g3 of player 0), player 1's (stars r3 b1, a ship g3 of player 1)."""
    to_move, stage, _rules, bodies = position.key()
    parts = [f"{to_move}{stage}"]
    for home, stars, ships0, ships1 in bodies:
        owner = "-" if home < 0 else str(home)
        parts.append(f"{owner}{_pieces(stars)}/{_pieces(ships0)}/{_pieces(ships1)}")
    return "|".join(parts)


def _places(position: Position) -> list[str]:
    """The systems' names in the order of the position's key (``@i`` is the i-th of them)."""
    return [s.name for s in sorted(position.systems, key=lambda s: s[:4])]


def stored_turn(position: Position, turn: Iterable[Action]) -> str:
    """``turn``, played from ``position``, written without the board's names (see the module docstring)."""
    tokens = {name.lower(): f"@{i}" for i, name in enumerate(_places(position))}
    found = 0
    out: list[Action] = []
    for action in turn:
        changes = {f: tokens.get(getattr(action, f).lower(), "?") for f in _PLACES if hasattr(action, f)}
        if isinstance(action, Discover):
            changes["name"] = tokens[action.name.lower()] = f"+{found}"
            found += 1
        if isinstance(action, Homeworld) and action.star2 is not None:
            # The stars in one order, the smaller first, whichever order the game wrote them in.
            low, high = sorted((action.star1, action.star2), key=lambda p: (size_of(p), color_of(p)))
            action = replace(action, star1=low, star2=high)
        out.append(replace(action, **changes) if changes else action)  # type: ignore[arg-type]
    return format_turn(out)


def named_turn(position: Position, text: str, avoid: Iterable[str] = ()) -> tuple[Turn, Position]:
    """The stored turn ``text`` written with the names of ``position`` (discoveries get new names, none
    of ``avoid``), checked action by action; return it with the position after it. Raise
    HomeworldsError when it does not read or is not legal there."""
    places = _places(position)
    taken = {name.lower() for name in avoid}
    state = start_turn(position)
    out: list[Action] = []
    names: dict[str, str] = {}
    for action in parse_turn(text):
        changes: dict[str, str] = {}
        for f in _PLACES:
            token = getattr(action, f, None)
            if token is None:
                continue
            if token.startswith("@") and token[1:].isdigit() and int(token[1:]) < len(places):
                changes[f] = places[int(token[1:])]
            elif token in names:
                changes[f] = names[token]
            else:
                raise HomeworldsError("no-such-system", system=token)
        if isinstance(action, Discover):
            fresh = new_system_name(state.position, taken)
            taken.add(fresh.lower())
            names[action.name] = changes["name"] = fresh
        action = replace(action, **changes) if changes else action  # type: ignore[arg-type]
        state = apply_checked(state, action)
        out.append(action)
    check_action(state, END_TURN)
    return tuple(out), end_turn(state.position)


def turn_for(position: Position, text: str, child: str, avoid: Iterable[str] = ()) -> Turn | None:
    """A turn legal at ``position`` that leads to the position whose key text is ``child``: the stored
    turn ``text`` written with this board's names when it gets there, else one found among the legal
    turns (at most ``SEARCH_LIMIT`` looked at); None when neither does."""
    avoid = tuple(avoid)
    try:
        turn, after = named_turn(position, text, avoid)
        if key_text(after) == child:
            return turn
    except HomeworldsError:
        pass
    for k, successor in enumerate(iter_turns(position)):
        if k >= SEARCH_LIMIT:
            break
        if key_text(successor.position) == child:
            return successor.turn
    return None


__all__ = ["SEARCH_LIMIT", "key_text", "named_turn", "stored_turn", "turn_for"]
