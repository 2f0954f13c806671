"""Arrivals at the enemy homeworld: turns of a yellow sacrifice whose every move ends there.

The first turn of most wins in two that a search misses is one of these: a yellow ship sacrificed,
two or three ships brought into the enemy home (straight in, or through a system discovered on the
way), perhaps a catastrophe there at the end or between two ships; the next turn's captures or
catastrophes then finish whatever the defender does. The root's beam keeps only the best-looking
partial turns inside a sacrifice, and a single ship walked into the enemy home looks poor on its
own, so the beam drops them, and the stream of every turn reaches sacrifices last. ``arrivals``
builds them directly, for the proof of a win in two to look at first (``root_checks.win_in_two``).

Each ship is walked the whole way before the next one starts, so a turn is built once for each order
of its ships, and turns reaching the same board are kept once. Every move comes from the rules' own
list of legal actions and a catastrophe is made only where four pieces of its colour stand, so each
turn built is legal.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from hwgame.rules import (
    YELLOW,
    Action,
    Catastrophe,
    Discover,
    Move,
    Position,
    PositionKey,
    Sacrifice,
    Turn,
    TurnState,
    apply_action,
    end_turn,
    legal_actions,
    opponent_of,
    start_turn,
)

from .tactics import color_counts

OVERPOPULATED = 4  # pieces of one colour in a system that make a catastrophe
MOST_ARRIVALS = 400  # the turns built at most: a position with many yellow ships and many routes

Tick = Callable[[], None]


def _nothing() -> None:
    return None


def _steps_to(mask: int, target_mask: int) -> int:
    """The fewest moves from a system with star sizes ``mask`` to the target: 1 when they share no
    size, else 2 (through a system discovered or found on the way)."""
    return 1 if not mask & target_mask else 2


def _ship_steps(actions: list[Action]) -> dict[tuple[int, str], list[Move | Discover]]:
    """The moves and discoveries among ``actions``, by the ship and the system it leaves."""
    steps: dict[tuple[int, str], list[Move | Discover]] = {}
    for action in actions:
        if isinstance(action, Move | Discover):
            steps.setdefault((action.ship, action.origin), []).append(action)
    return steps


def _routes(
    state: TurnState, steps: list[Move | Discover], target: str, target_mask: int, left: int, tick: Tick
) -> Iterator[tuple[TurnState, list[Action]]]:
    """Ways for one ship to reach the target within ``left`` yellow actions, its first step among
    ``steps`` (its legal moves and discoveries in ``state``): the state after each and the actions."""
    sizes_found = 0
    for action in steps:
        if isinstance(action, Discover):
            # A system discovered on the way is left again in the same turn, and its star goes back to
            # the bank: the star's colour changes nothing but the turn's words, so one of each size.
            size = 1 << (action.star % 3)
            if sizes_found & size:
                continue
            sizes_found |= size
        if isinstance(action, Move):
            if action.destination == target:
                yield apply_action(state, action), [action]
                continue
            system = state.position.system_named(action.destination)
            mask = system.star_sizes() if system is not None else target_mask
        else:
            mask = 1 << (action.star % 3)  # the one star of the system discovered
        if left - 1 < _steps_to(mask, target_mask):
            continue
        after = apply_action(state, action)
        where = action.destination if isinstance(action, Move) else action.name
        tick()
        onward = _ship_steps(legal_actions(after)).get((action.ship, where), [])
        for end, rest in _routes(after, onward, target, target_mask, left - 1, tick):
            yield end, [action, *rest]


def _walks(
    state: TurnState, target: str, target_mask: int, me: int, start: int, tick: Tick
) -> Iterator[tuple[TurnState, list[Action]]]:
    """Every way to spend the yellow actions left in ``state`` bringing ships into the target, one
    ship after another (ships taken in the order of the systems from index ``start``, so each set of
    routes is built once per order); at least one ship arrives."""
    left = state.sac_left
    systems = state.position.systems
    tick()
    steps = _ship_steps(legal_actions(state))
    for index in range(start, len(systems)):
        system = systems[index]
        if system.name == target:
            continue
        need = _steps_to(system.star_sizes(), target_mask)
        if need > left:
            continue
        for ship in sorted(set(system.ships1 if me else system.ships0)):
            first = steps.get((ship, system.name), [])
            for after, actions in _routes(state, first, target, target_mask, left, tick):
                yield after, actions
                if after.sac_left:
                    # A catastrophe there may clear the way for the ships still to come: a star it
                    # takes opens the home to systems that shared its size (their ships come after).
                    for cleared, struck in _with_catastrophes(after, target):
                        mask = _target_mask(cleared, target) if struck else target_mask
                        for end, more in _walks(cleared, target, mask, me, 0 if struck else index, tick):
                            yield end, actions + struck + more


def _target_mask(state: TurnState, target: str) -> int:
    """The star sizes of the target now (0 once it is gone)."""
    system = state.position.system_named(target)
    return system.star_sizes() if system is not None else 0


def _with_catastrophes(state: TurnState, target: str) -> Iterator[tuple[TurnState, list[Action]]]:
    """The state as it is, then after each catastrophe the target allows, then after all of them."""
    yield state, []
    system = state.position.system_named(target)
    if system is None:
        return
    colors = [c for c, n in enumerate(color_counts(system)) if n >= OVERPOPULATED]
    for color in colors:
        yield apply_action(state, Catastrophe(target, color)), [Catastrophe(target, color)]
    if len(colors) > 1:
        for color in colors:
            state = apply_action(state, Catastrophe(target, color))
        yield state, [Catastrophe(target, c) for c in colors]


def arrivals(position: Position, tick: Tick = _nothing, most: int = MOST_ARRIVALS) -> list[tuple[Turn, Position]]:
    """Turns of the side to move that sacrifice a yellow ship and bring ships into the enemy homeworld
    with its moves (see the module docstring), each with the position it reaches; at most ``most``,
    those that bring more ships first. Empty when the game is not in play or the enemy home is gone.
    ``tick`` is called for every state whose actions are listed, and may raise to stop."""
    if position.is_over():
        return []
    me = position.to_move
    home = position.home_of(opponent_of(me))
    if home is None:
        return []
    target, target_mask = home.name, home.star_sizes()
    first = start_turn(position)
    fuel = {a for a in legal_actions(first) if isinstance(a, Sacrifice) and a.ship // 3 == YELLOW}
    found: dict[PositionKey, tuple[int, Turn, Position]] = {}
    for sacrifice in sorted(fuel, key=lambda a: (-a.ship, a.system)):
        spent = apply_action(first, sacrifice)
        for walked, actions in _walks(spent, target, target_mask, me, 0, tick):
            arrived = sum(isinstance(a, Move) and a.destination == target for a in actions)
            for ended, last in _with_catastrophes(walked, target):
                after = end_turn(ended.position)
                key = after.key()
                if key not in found and not after.is_over():
                    found[key] = (arrived, (sacrifice, *actions, *last), after)
            if len(found) >= most:
                break
        if len(found) >= most:
            break
    ranked = sorted(found.values(), key=lambda f: -f[0])
    return [(turn, after) for _, turn, after in ranked]


__all__ = ["arrivals"]
