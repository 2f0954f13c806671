"""Applying actions: the turn in progress and the fast, unchecked apply used by search.

``TurnState`` is a position in the middle of a turn plus what the turn has left: the free action, or
the colour and number of actions a sacrifice granted. ``apply_action`` trusts its input (search only
applies generated actions); ``validate.apply_checked`` checks first and explains what is wrong.
"""

from __future__ import annotations

from typing import NamedTuple

from .actions import (
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
from .position import NO_HOME, PLAYING, Position, System


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


def _index(systems: tuple[System, ...], name: str) -> int:
    for i, s in enumerate(systems):
        if s.name == name:
            return i
    low = name.lower()
    for i, s in enumerate(systems):
        if s.name.lower() == low:
            return i
    raise KeyError(name)


def _set_ships(s: System, player: int, ships: tuple[int, ...]) -> System:
    if player:
        return System(s.home, s.stars, s.ships0, ships, s.name)
    return System(s.home, s.stars, ships, s.ships1, s.name)


def _settle(systems: list[System], bank: list[int], i: int, mover: int, enemy_home_vanishes: bool) -> None:
    """Remove system ``i`` if it has disappeared (RULES.md "Systems that disappear")."""
    s = systems[i]
    if not s.stars:
        for p in s.ships0:
            bank[p] += 1
        for p in s.ships1:
            bank[p] += 1
        del systems[i]
    elif not s.ships0 and not s.ships1:
        if s.home == NO_HOME or (enemy_home_vanishes and s.home != mover):
            for p in s.stars:
                bank[p] += 1
            del systems[i]


def _replace(pos: Position, systems, bank) -> Position:
    return Position(tuple(systems), tuple(bank), pos.to_move, pos.stage, pos.rules, pos.players)


def _after_action(state: TurnState, pos: Position) -> TurnState:
    if state.sac_left:
        return TurnState(pos, False, state.sac_color, state.sac_left - 1)
    return TurnState(pos, False, -1, 0)


def _apply_build(state: TurnState, a: Build) -> TurnState:
    pos = state.position
    me = pos.to_move
    systems = list(pos.systems)
    i = _index(pos.systems, a.system)
    s = systems[i]
    systems[i] = _set_ships(s, me, _with(s.ships_of(me), a.piece))
    bank = list(pos.bank)
    bank[a.piece] -= 1
    return _after_action(state, _replace(pos, systems, bank))


def _apply_trade(state: TurnState, a: Trade) -> TurnState:
    pos = state.position
    me = pos.to_move
    systems = list(pos.systems)
    i = _index(pos.systems, a.system)
    s = systems[i]
    systems[i] = _set_ships(s, me, _with(_without(s.ships_of(me), a.old), a.new))
    bank = list(pos.bank)
    bank[a.old] += 1
    bank[a.new] -= 1
    return _after_action(state, _replace(pos, systems, bank))


def _apply_move(state: TurnState, a: Move) -> TurnState:
    pos = state.position
    me = pos.to_move
    systems = list(pos.systems)
    i = _index(pos.systems, a.origin)
    j = _index(pos.systems, a.destination)
    s = systems[i]
    systems[i] = _set_ships(s, me, _without(s.ships_of(me), a.ship))
    d = systems[j]
    systems[j] = _set_ships(d, me, _with(d.ships_of(me), a.ship))
    bank = list(pos.bank)
    _settle(systems, bank, i, me, pos.rules.enemy_home_vanishes)
    return _after_action(state, _replace(pos, systems, bank))


def _apply_discover(state: TurnState, a: Discover) -> TurnState:
    pos = state.position
    me = pos.to_move
    systems = list(pos.systems)
    i = _index(pos.systems, a.origin)
    s = systems[i]
    systems[i] = _set_ships(s, me, _without(s.ships_of(me), a.ship))
    ships = (a.ship,)
    systems.append(System(NO_HOME, (a.star,), () if me else ships, ships if me else (), a.name))
    bank = list(pos.bank)
    bank[a.star] -= 1
    _settle(systems, bank, i, me, pos.rules.enemy_home_vanishes)
    return _after_action(state, _replace(pos, systems, bank))


def _apply_capture(state: TurnState, a: Capture) -> TurnState:
    pos = state.position
    me = pos.to_move
    systems = list(pos.systems)
    i = _index(pos.systems, a.system)
    s = systems[i]
    s = _set_ships(s, 1 - me, _without(s.ships_of(1 - me), a.piece))
    systems[i] = _set_ships(s, me, _with(s.ships_of(me), a.piece))
    return _after_action(state, _replace(pos, systems, pos.bank))


def _apply_sacrifice(state: TurnState, a: Sacrifice) -> TurnState:
    pos = state.position
    me = pos.to_move
    systems = list(pos.systems)
    i = _index(pos.systems, a.system)
    s = systems[i]
    systems[i] = _set_ships(s, me, _without(s.ships_of(me), a.ship))
    bank = list(pos.bank)
    bank[a.ship] += 1
    _settle(systems, bank, i, me, pos.rules.enemy_home_vanishes)
    return TurnState(_replace(pos, systems, bank), False, a.ship // 3, a.ship % 3 + 1)


def _apply_catastrophe(state: TurnState, a: Catastrophe) -> TurnState:
    pos = state.position
    systems = list(pos.systems)
    i = _index(pos.systems, a.system)
    s = systems[i]
    bank = list(pos.bank)
    keep = []
    for group in (s.stars, s.ships0, s.ships1):
        kept = []
        for p in group:
            if p // 3 == a.color:
                bank[p] += 1
            else:
                kept.append(p)
        keep.append(tuple(kept))
    systems[i] = System(s.home, keep[0], keep[1], keep[2], s.name)
    _settle(systems, bank, i, pos.to_move, pos.rules.enemy_home_vanishes)
    return state._replace(position=_replace(pos, systems, bank))


def _apply_pass(state: TurnState, a: Pass) -> TurnState:
    return TurnState(state.position, False, -1, 0)


def _apply_homeworld(state: TurnState, a: Homeworld) -> TurnState:
    pos = state.position
    me = pos.to_move
    stars = tuple(sorted(p for p in (a.star1, a.star2) if p is not None))
    ships = (a.ship,)
    home = System(me, stars, () if me else ships, ships if me else (), pos.players[me])
    bank = list(pos.bank)
    for p in stars + ships:
        bank[p] -= 1
    return TurnState(_replace(pos, list(pos.systems) + [home], bank), False, -1, 0)


def end_turn(position: Position) -> Position:
    """The position after the turn is committed: the other player moves (setup advances a stage)."""
    stage = position.stage + 1 if position.stage < PLAYING else PLAYING
    return Position(position.systems, position.bank, 1 - position.to_move, stage, position.rules, position.players)


_APPLY = {
    Build: _apply_build,
    Trade: _apply_trade,
    Move: _apply_move,
    Discover: _apply_discover,
    Capture: _apply_capture,
    Sacrifice: _apply_sacrifice,
    Catastrophe: _apply_catastrophe,
    Pass: _apply_pass,
    Homeworld: _apply_homeworld,
}


def apply_action(state: TurnState, action) -> TurnState:
    """Apply an action known to be legal (no checks). EndTurn is not an action here: see end_turn."""
    return _APPLY[type(action)](state, action)


def apply_turn_unchecked(position: Position, turn) -> Position:
    """Apply every action of a legal turn and commit it."""
    state = start_turn(position)
    for action in turn:
        if type(action) is not EndTurn:
            state = apply_action(state, action)
    return end_turn(state.position)
