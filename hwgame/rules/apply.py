"""Applying actions: the turn in progress and the fast, unchecked apply used by search.

``TurnState`` is a position in the middle of a turn plus what the turn has left: the free action, or
the colour and number of actions a sacrifice granted. ``apply_action`` trusts its input (search only
applies generated actions); ``validate.apply_checked`` checks first and explains what is wrong.

The effect of each power is a primitive working on system indices (``build``, ``trade``, ``move``...):
``apply_action`` resolves names and calls it. The whole-turn search (``turnsearch``) reckons the same
effects on its interned system bodies (with ``_with``, ``_without`` and the rule of ``_settle``); the
tests check that every successor it finds is what these primitives reach.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

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
from .pieces import color_of, size_of
from .position import LATE_HOME, NO_HOME, PLAYING, Position, System, opponent_of

# Building tuples through tuple.__new__ skips the NamedTuple constructor's Python frame; these are the
# hottest allocations of move generation.
_tuple_new = tuple.__new__


class TurnState(NamedTuple):
    """A position inside a turn and what the player may still do this turn."""

    position: Position
    free: bool = True  # the one basic action (or a sacrifice) is still available
    sac_color: int = -1  # colour of the actions a sacrifice granted
    sac_left: int = 0  # how many of them remain

    @property
    def done(self) -> bool:
        """True when no action is left this turn (only catastrophes and ending the turn)."""
        return not self.free and not self.sac_left


def start_turn(position: Position) -> TurnState:
    """The state at the start of a turn."""
    return TurnState(position, True, -1, 0)


def _without(pieces: tuple[int, ...], piece: int) -> tuple[int, ...]:
    i = pieces.index(piece)
    return pieces[:i] + pieces[i + 1 :]


def _with(pieces: tuple[int, ...], piece: int) -> tuple[int, ...]:
    for i, p in enumerate(pieces):
        if p >= piece:
            return pieces[:i] + (piece,) + pieces[i:]
    return pieces + (piece,)


def system_index(systems: tuple[System, ...], name: str) -> int:
    """Index of the system called ``name`` (exact match first, then case-insensitive); KeyError if none."""
    for i, s in enumerate(systems):
        if s.name == name:
            return i
    low = name.lower()
    for i, s in enumerate(systems):
        if s.name.lower() == low:
            return i
    raise KeyError(name)


def _ships_changed(s: System, player: int, ships: tuple[int, ...]) -> System:
    if player:
        return _tuple_new(System, (s[0], s[1], s[2], ships, s[4]))
    return _tuple_new(System, (s[0], s[1], ships, s[3], s[4]))


def _settle(systems: list[System], bank: list[int], i: int) -> None:
    """Remove system ``i`` if it has disappeared (RULES.md "Systems that disappear"). A homeworld
    without ships stays while it has a star, until the end-of-turn check."""
    s = systems[i]
    if not s[1]:
        for p in s[2]:
            bank[p] += 1
        for p in s[3]:
            bank[p] += 1
        del systems[i]
    elif not s[2] and not s[3]:
        if s[0] == NO_HOME:
            for p in s[1]:
                bank[p] += 1
            del systems[i]


def _position(pos: Position, systems: list[System], bank: tuple[int, ...]) -> Position:
    return _tuple_new(Position, (tuple(systems), bank, pos[2], pos[3], pos[4], pos[5]))


# --- primitives: the effect of each action on a position, systems given by index ---


def build(pos: Position, i: int, piece: int) -> Position:
    """Player to move gets a new ship ``piece`` from the bank at system ``i``."""
    me = pos[2]
    systems = list(pos[0])
    s = systems[i]
    systems[i] = _ships_changed(s, me, _with(s[3] if me else s[2], piece))
    bank = list(pos[1])
    bank[piece] -= 1
    return _position(pos, systems, tuple(bank))


def trade(pos: Position, i: int, old: int, new: int) -> Position:
    """Player to move swaps ship ``old`` at system ``i`` for the bank's ``new``."""
    me = pos[2]
    systems = list(pos[0])
    s = systems[i]
    systems[i] = _ships_changed(s, me, _with(_without(s[3] if me else s[2], old), new))
    bank = list(pos[1])
    bank[old] += 1
    bank[new] -= 1
    return _position(pos, systems, tuple(bank))


def move(pos: Position, i: int, j: int, ship: int) -> Position:
    """Player to move moves ``ship`` from system ``i`` to system ``j``."""
    me = pos[2]
    systems = list(pos[0])
    s = systems[i]
    systems[i] = _ships_changed(s, me, _without(s[3] if me else s[2], ship))
    d = systems[j]
    systems[j] = _ships_changed(d, me, _with(d[3] if me else d[2], ship))
    s = systems[i]
    if s[2] or s[3]:  # the origin keeps ships: nothing can disappear
        return _position(pos, systems, pos[1])
    bank = list(pos[1])
    _settle(systems, bank, i)
    return _position(pos, systems, tuple(bank))


def discover(pos: Position, i: int, ship: int, star: int, name: str) -> Position:
    """Player to move takes ``star`` from the bank as a new system ``name`` and moves ``ship`` there."""
    me = pos[2]
    systems = list(pos[0])
    s = systems[i]
    systems[i] = _ships_changed(s, me, _without(s[3] if me else s[2], ship))
    ships = (ship,)
    systems.append(_tuple_new(System, (NO_HOME, (star,), () if me else ships, ships if me else (), name)))
    bank = list(pos[1])
    bank[star] -= 1
    _settle(systems, bank, i)
    return _position(pos, systems, tuple(bank))


def capture(pos: Position, i: int, piece: int) -> Position:
    """Player to move takes the enemy ship ``piece`` at system ``i``."""
    me = pos[2]
    systems = list(pos[0])
    s = systems[i]
    if me:
        systems[i] = _tuple_new(System, (s[0], s[1], _without(s[2], piece), _with(s[3], piece), s[4]))
    else:
        systems[i] = _tuple_new(System, (s[0], s[1], _with(s[2], piece), _without(s[3], piece), s[4]))
    return _position(pos, systems, pos[1])


def sacrifice(pos: Position, i: int, ship: int) -> Position:
    """Player to move returns ``ship`` at system ``i`` to the bank."""
    me = pos[2]
    systems = list(pos[0])
    s = systems[i]
    systems[i] = _ships_changed(s, me, _without(s[3] if me else s[2], ship))
    bank = list(pos[1])
    bank[ship] += 1
    _settle(systems, bank, i)
    return _position(pos, systems, tuple(bank))


def catastrophe(pos: Position, i: int, color: int) -> Position:
    """Every piece of ``color`` at system ``i`` returns to the bank."""
    systems = list(pos[0])
    s = systems[i]
    bank = list(pos[1])
    keep = []
    for group in (s[1], s[2], s[3]):
        kept = []
        for p in group:
            if color_of(p) == color:
                bank[p] += 1
            else:
                kept.append(p)
        keep.append(tuple(kept))
    systems[i] = _tuple_new(System, (s[0], keep[0], keep[1], keep[2], s[4]))
    _settle(systems, bank, i)
    return _position(pos, systems, tuple(bank))


def homeworld(pos: Position, stars: tuple[int, ...], ship: int) -> Position:
    """The player to move sets up a homeworld named after them."""
    me = pos[2]
    ships = (ship,)
    home = System(me, tuple(sorted(stars)), () if me else ships, ships if me else (), pos.players[me])
    bank = list(pos[1])
    for p in (*stars, ship):
        bank[p] -= 1
    return _position(pos, list(pos[0]) + [home], tuple(bank))


def end_turn(position: Position) -> Position:
    """The position after the turn is committed: the other player moves (setup advances a stage; a
    second player who passed instead of setting up leaves the game at ``LATE_HOME`` until they do)."""
    p = position
    stage = p[3]
    if stage != PLAYING:
        stage = stage + 1 if stage == 0 else (PLAYING if p.home_of(1) is not None else LATE_HOME)
    return _tuple_new(Position, (p[0], p[1], opponent_of(p[2]), stage, p[4], p[5]))


# --- actions by name ---


def _spent(state: TurnState, pos: Position) -> TurnState:
    """The state after one basic action (free or from a sacrifice) was used."""
    if state.sac_left:
        return TurnState(pos, False, state.sac_color, state.sac_left - 1)
    return TurnState(pos, False, -1, 0)


def apply_action(state: TurnState, action: Action) -> TurnState:
    """Apply an action known to be legal (no checks). EndTurn is not an action here: see end_turn."""
    pos = state.position
    systems = pos.systems
    if isinstance(action, Build):
        return _spent(state, build(pos, system_index(systems, action.system), action.piece))
    if isinstance(action, Trade):
        return _spent(state, trade(pos, system_index(systems, action.system), action.old, action.new))
    if isinstance(action, Move):
        i = system_index(systems, action.origin)
        j = system_index(systems, action.destination)
        return _spent(state, move(pos, i, j, action.ship))
    if isinstance(action, Discover):
        i = system_index(systems, action.origin)
        return _spent(state, discover(pos, i, action.ship, action.star, action.name))
    if isinstance(action, Capture):
        return _spent(state, capture(pos, system_index(systems, action.system), action.piece))
    if isinstance(action, Sacrifice):
        new = sacrifice(pos, system_index(systems, action.system), action.ship)
        return TurnState(new, False, color_of(action.ship), size_of(action.ship))
    if isinstance(action, Catastrophe):
        new = catastrophe(pos, system_index(systems, action.system), action.color)
        return TurnState(new, state.free, state.sac_color, state.sac_left)
    if isinstance(action, Pass):
        return TurnState(pos, False, -1, 0)
    if isinstance(action, Homeworld):
        stars = (action.star1,) if action.star2 is None else (action.star1, action.star2)
        return TurnState(homeworld(pos, stars, action.ship), False, -1, 0)
    raise TypeError(f"not an action: {action!r}")


def apply_turn_unchecked(position: Position, turn: Iterable[Action]) -> Position:
    """Apply every action of a legal turn and commit it."""
    state = start_turn(position)
    for action in turn:
        if type(action) is not EndTurn:
            state = apply_action(state, action)
    return end_turn(state.position)
