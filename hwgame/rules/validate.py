"""The one validator every move passes through: check an action, explain a refusal, then apply it.

``apply_checked`` raises ``IllegalActionError`` with a sentence a player can read that names the rule
that stopped the action. System names are matched case-insensitively and rewritten to the exact names
on the board, so the applied action is canonical.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NoReturn

from .actions import (
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
)
from .apply import TurnState, apply_action
from .errors import IllegalActionError
from .notation import name_problem, quote
from .pieces import BLUE, COLOR_NAMES, GREEN, POWER_NAMES, RED, YELLOW, piece_words, smallest_in_bank
from .position import PLAYING, Position, System, connected

_VERBS = {GREEN: "build", BLUE: "trade", YELLOW: "move", RED: "capture"}


def _fail(reason: str) -> NoReturn:
    raise IllegalActionError(reason)


def _system(pos: Position, name: str) -> System:
    s = pos.system_named(name)
    if s is None:
        _fail(f"there is no system named {quote(name)}")
    return s


def _own_ship(pos: Position, s: System, piece: int, doing: str) -> None:
    if piece not in s.ships_of(pos.to_move):
        _fail(f"you have no {piece_words(piece)} ship at {s.name} to {doing}")


def _power(state: TurnState, s: System, color: int) -> None:
    """Check that the turn allows one action of ``color`` at ``s`` (free action with access, or sacrifice)."""
    verb = _VERBS[color]
    if state.sac_left:
        if state.sac_color != color:
            given = COLOR_NAMES[state.sac_color]
            _fail(f"your sacrifice gave {given} actions ({POWER_NAMES[state.sac_color]}), not {verb}")
        return
    if not state.free:
        _fail("you have already used your action this turn: end the turn or trigger a catastrophe")
    me = state.position.to_move
    if any(p // 3 == color for p in s.stars) or any(p // 3 == color for p in s.ships_of(me)):
        return
    name = COLOR_NAMES[color]
    _fail(f"no {name} at {s.name}: a {name} star or one of your {name} ships must be there to {verb}")


def _check_build(state: TurnState, a: Build) -> Build:
    pos = state.position
    s = _system(pos, a.system)
    _power(state, s, GREEN)
    color = a.piece // 3
    cname = COLOR_NAMES[color]
    if not any(p // 3 == color for p in s.ships_of(pos.to_move)):
        _fail(f"you have no {cname} ship at {s.name}: you can only build a colour you already have there")
    smallest = smallest_in_bank(pos.bank, color)
    if smallest is None:
        _fail(f"the bank has no {cname} pieces left to build")
    if smallest != a.piece:
        _fail(f"a build takes the smallest {cname} in the bank, which is {piece_words(smallest)}")
    return Build(a.piece, s.name)


def _check_trade(state: TurnState, a: Trade) -> Trade:
    pos = state.position
    s = _system(pos, a.system)
    _power(state, s, BLUE)
    _own_ship(pos, s, a.old, "trade")
    if a.old % 3 != a.new % 3:
        _fail("a trade keeps the size: the new piece must be the same size as the old ship")
    if a.old // 3 == a.new // 3:
        _fail("a trade changes the colour: pick a piece of another colour")
    if not pos.bank[a.new]:
        _fail(f"the bank has no {piece_words(a.new)} to trade for")
    return Trade(a.old, a.new, s.name)


def _check_move(state: TurnState, a: Move) -> Move:
    pos = state.position
    s = _system(pos, a.origin)
    d = _system(pos, a.destination)
    _power(state, s, YELLOW)
    _own_ship(pos, s, a.ship, "move")
    if s is d:
        _fail(f"the ship is already at {s.name}")
    if not connected(s, d):
        _fail(f"{s.name} and {d.name} are not connected: they share a star size")
    return Move(a.ship, s.name, d.name)


def _check_discover(state: TurnState, a: Discover) -> Discover:
    pos = state.position
    s = _system(pos, a.origin)
    _power(state, s, YELLOW)
    _own_ship(pos, s, a.ship, "move")
    if not pos.bank[a.star]:
        _fail(f"the bank has no {piece_words(a.star)} to make a new star")
    if s.star_sizes() >> (a.star % 3) & 1:
        _fail(f"a new star must not share a size with {s.name}'s stars: {piece_words(a.star)} would not be connected")
    why = name_problem(a.name, "a system name")
    if why is not None:
        _fail(why)
    if a.name.lower() in pos.names_in_use():
        _fail(_name_taken(pos, a.name))
    return Discover(a.ship, s.name, a.star, a.name)


def _name_taken(pos: Position, name: str) -> str:
    """Why a new system cannot take ``name``: a system or a player has it, whatever the case."""
    holder = pos.system_named(name)
    if holder is not None:
        taken = f"the system {holder.name} has it"
        same = holder.name
    else:
        same = next((p for p in pos.players if p.lower() == name.lower()), name)
        taken = f"{same} is a player's name, kept for their homeworld"
    case = "" if same == name else " (names are matched whatever their case)"
    return f"the name {quote(name)} is already taken: {taken}{case}"


def _check_capture(state: TurnState, a: Capture) -> Capture:
    pos = state.position
    s = _system(pos, a.system)
    _power(state, s, RED)
    me = pos.to_move
    if a.piece not in s.ships_of(1 - me):
        _fail(f"there is no enemy {piece_words(a.piece)} ship at {s.name} to capture")
    mine = s.ships_of(me)
    if not mine:
        _fail(f"you need a ship of your own at {s.name} to capture there")
    # Ships are sorted by piece code (colour first), so the largest size is a max, not the last one.
    largest = max(p % 3 for p in mine)
    if largest < a.piece % 3:
        _fail(
            f"your largest ship at {s.name} is size {largest + 1}: it cannot capture a "
            f"size {a.piece % 3 + 1} ship"
        )
    return Capture(a.piece, s.name)


def _check_sacrifice(state: TurnState, a: Sacrifice) -> Sacrifice:
    pos = state.position
    s = _system(pos, a.system)
    if state.sac_left:
        _fail("you are using a sacrifice's actions: a second sacrifice is not allowed in one turn")
    if not state.free:
        _fail("you have already used your action this turn")
    _own_ship(pos, s, a.ship, "sacrifice")
    return Sacrifice(a.ship, s.name)


def _check_catastrophe(state: TurnState, a: Catastrophe) -> Catastrophe:
    pos = state.position
    s = _system(pos, a.system)
    n = s.count_color(a.color)
    if n < 4:
        _fail(f"{s.name} has {n} {COLOR_NAMES[a.color]} pieces: a catastrophe needs 4 or more")
    return Catastrophe(s.name, a.color)


def _check_pass(state: TurnState, a: Pass) -> Pass:
    return a


def _check_homeworld(state: TurnState, a: Homeworld) -> Homeworld:
    pos = state.position
    if not state.free:
        _fail("your homeworld is already set up: end the turn")
    stars = [p for p in (a.star1, a.star2) if p is not None]
    if not stars:
        _fail("a homeworld needs a star")
    if len(stars) < 2 and not pos.rules.single_star_home:
        _fail("a homeworld needs two stars under the standard rules")
    need = [0] * 12
    for p in (*stars, a.ship):
        need[p] += 1
    for p, n in enumerate(need):
        if n > pos.bank[p]:
            _fail(f"the bank has only {pos.bank[p]} {piece_words(p)} left")
    return Homeworld(stars[0], stars[1] if len(stars) > 1 else None, a.ship)


# Each check takes the action type it is filed under; a dict's type cannot tie a value to its key,
# so the action parameter is Any here and check_action looks the check up by the action's own type.
_CHECKS: dict[type, Callable[[TurnState, Any], Action]] = {
    Build: _check_build,
    Trade: _check_trade,
    Move: _check_move,
    Discover: _check_discover,
    Capture: _check_capture,
    Sacrifice: _check_sacrifice,
    Catastrophe: _check_catastrophe,
    Pass: _check_pass,
    Homeworld: _check_homeworld,
}


_PIECE_FIELDS = ("piece", "old", "new", "ship", "star", "star1", "star2")
_NAME_FIELDS = ("system", "origin", "destination", "name")


def _check_fields(action) -> None:
    """Refuse field values that are not pieces, colours or names (a hand-made or corrupt action)."""
    for field in _PIECE_FIELDS:
        value = getattr(action, field, 0)
        if value is None and field in ("star1", "star2"):
            continue  # a missing star is judged by the homeworld check
        if type(value) is not int or not 0 <= value < 12:
            _fail(f"{value!r} is not a piece")
    for field in _NAME_FIELDS:
        value = getattr(action, field, "")
        if type(value) is not str:
            _fail(f"{value!r} is not a system name")
    color = getattr(action, "color", 0)
    if type(color) is not int or not 0 <= color < 4:
        _fail(f"{color!r} is not a colour")


def check_action(state: TurnState, action):
    """Return the canonical form of ``action`` if it is legal now; raise IllegalActionError if not.

    EndTurn is always legal once setup has placed a homeworld; the Game decides what ending means.
    """
    pos = state.position
    if isinstance(action, EndTurn):
        if pos.stage < PLAYING and state.free:
            _fail("set up your homeworld first: two stars and a ship")
        return action
    check = _CHECKS.get(type(action))
    if check is None:
        _fail(f"{action!r} is not an action")
    _check_fields(action)
    if pos.stage < PLAYING and not isinstance(action, Homeworld):
        # A pass after the homeworld forfeits nothing, and SDG records hold such setup turns.
        if not (isinstance(action, Pass) and not state.free):
            _fail("the game is still being set up: build your homeworld first")
    if pos.stage >= PLAYING and isinstance(action, Homeworld):
        _fail("homeworlds are set up only at the start of the game")
    return check(state, action)


def apply_checked(state: TurnState, action) -> TurnState:
    """Apply ``action`` after checking it; raise IllegalActionError naming the broken rule."""
    canonical = check_action(state, action)
    if isinstance(canonical, EndTurn):
        _fail("EndTurn is committed by the Game, not applied to a turn")
    return apply_action(state, canonical)
