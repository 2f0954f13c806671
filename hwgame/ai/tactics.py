"""Exact tactics: does the side to move have a turn that wins at once, and which?

A player loses at the end of a turn when no ship of theirs is left at their homeworld or the homeworld
has no star. Enemy ships leave a homeworld only by capture (red) or catastrophe, and stars only by
catastrophe. Every action adds at most one piece of one colour to a system (a move in, a build, a
trade). From these facts come:

- ``win_possible``: a cheap necessary condition (no move generation at all). When it says False the
  side to move has no winning turn. The safety check of the searcher calls it for every candidate.
- ``find_win``: an exact search over the actions of one turn that prunes every partial turn which can
  no longer win by the same counting argument, so it stays small even when the whole turn tree has
  hundreds of thousands of leaves.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from hwgame.rules import (
    PLAYING,
    Action,
    Build,
    Capture,
    Catastrophe,
    Discover,
    EndTurn,
    Move,
    Pass,
    Position,
    PositionKey,
    System,
    Trade,
    Turn,
    TurnState,
    apply_action,
    color_of,
    end_turn,
    legal_actions,
    opponent_of,
    size_of,
    start_turn,
)

RED, YELLOW, GREEN, BLUE = range(4)

# ``win_possible`` and its helpers read pieces by arithmetic, ``p // 3`` the colour and ``p % 3`` the
# size less one, not through ``color_of``/``size_of``: the searcher asks it of every candidate, and the
# calls cost several per cent of its time (measured against the same code written with them).


def color_counts(system: System) -> list[int]:
    """Pieces of each colour (r, y, g, b) in ``system``: stars and both players' ships."""
    counts = [0, 0, 0, 0]
    for p in system.stars:
        counts[p // 3] += 1
    for p in system.ships0:
        counts[p // 3] += 1
    for p in system.ships1:
        counts[p // 3] += 1
    return counts


def _needs(target: System, defender: int) -> tuple[list[int], int] | None:
    """What is still needed to clear ``target`` of the defender: (sizes of ships that no present
    overpopulation removes, fewest pieces to add for catastrophes to do the whole job).
    None when catastrophes already possible clear it."""
    counts = color_counts(target)
    over = [c >= 4 for c in counts]
    if all(over[p // 3] for p in target.stars):
        return None
    theirs = target.ships1 if defender else target.ships0
    left = [p for p in theirs if not over[p // 3]]
    if not left:
        return None
    by_ships = sum(4 - counts[c] for c in {p // 3 for p in left})
    by_stars = sum(4 - counts[c] for c in {p // 3 for p in target.stars} if not over[c])
    return [p % 3 for p in left], min(by_ships, by_stars)


def win_possible(position: Position) -> bool:
    """A necessary condition for the side to move to win this turn (False means: surely no win)."""
    if position.stage < PLAYING or position.is_over():
        return False
    me = position.to_move
    enemy = opponent_of(me)
    target = position.home_of(enemy)
    if target is None:
        return True
    need = _needs(target, enemy)
    if need is None:
        return True
    left, adds = need
    mine_there = target.ships1 if me else target.ships0
    biggest = [0, 0, 0, 0]  # my largest ship of each colour anywhere, by size 1..3 (0: none)
    yellow_access = False
    for s in position.systems:
        mine = s.ships1 if me else s.ships0
        if not mine:
            continue
        for p in mine:
            c = p // 3
            if p % 3 + 1 > biggest[c]:
                biggest[c] = p % 3 + 1
            if c == YELLOW:
                yellow_access = True
        if not yellow_access and any(p // 3 == YELLOW for p in s.stars):
            yellow_access = True
    if mine_there:
        access = {p // 3 for p in target.stars} | {p // 3 for p in mine_there}
        reach = max(p % 3 for p in mine_there)
        captures = max(1 if RED in access else 0, biggest[RED])
        if captures >= len(left) and reach >= max(left):
            return True
        add_budget = max(
            1 if (GREEN in access or BLUE in access or yellow_access) else 0,
            biggest[YELLOW],
            biggest[GREEN],
            biggest[BLUE],
        )
    else:
        add_budget = max(1 if yellow_access else 0, biggest[YELLOW])
    return 0 < adds <= add_budget


def _yellow_cost(position: Position, target: System, me: int, counts: list[int], colors: Iterable[int]) -> int:
    """Fewest yellow actions to bring 4 of each colour in ``colors`` to ``target`` (a lower bound):
    a ship one move away costs 1, any other ship 2; a colour short of ships cannot be done."""
    mask = target.star_sizes()
    cost = 0
    for c in colors:
        deficit = 4 - counts[c]
        if deficit <= 0:
            continue
        steps: list[int] = []
        for s in position.systems:
            if s is target:
                continue
            mine = s.ships1 if me else s.ships0
            near = 1 if not (s.star_sizes() & mask) else 2
            steps.extend(near for p in mine if p // 3 == c)
        if len(steps) < deficit:
            return 99
        steps.sort()
        cost += sum(steps[:deficit])
    return cost


def _plans(target: System, defender: int) -> tuple[list[int], list[int], set[int], set[int]]:
    """Counts at ``target``, its colours, the colours that remove every defender ship and those that
    remove every star."""
    counts = color_counts(target)
    theirs = target.ships1 if defender else target.ships0
    overpopulated = [c for c in range(4) if counts[c] >= 4]
    return counts, overpopulated, {color_of(p) for p in theirs}, {color_of(p) for p in target.stars}


def _partial_can_win(position: Position, state: TurnState, me: int) -> bool:
    """Can a partial turn (after its free action) still win? Counting bound per remaining action."""
    enemy = opponent_of(me)
    target = position.home_of(enemy)
    if target is None:
        return True
    need = _needs(target, enemy)
    if need is None:
        return True
    k = state.sac_left
    if k == 0:
        return False
    left, adds = need
    color = state.sac_color
    mine_there = target.ships1 if me else target.ships0
    if color == RED:
        # ``left`` holds sizes less one, as ``_needs`` gives them.
        return bool(mine_there) and len(left) <= k and max(size_of(p) for p in mine_there) - 1 >= max(left)
    if adds > k:
        return False
    if color == YELLOW:
        counts, _, ship_colors, star_colors = _plans(target, enemy)
        return (
            min(
                _yellow_cost(position, target, me, counts, ship_colors),
                _yellow_cost(position, target, me, counts, star_colors),
            )
            <= k
        )
    if not mine_there:
        return False
    if color == GREEN:
        # Builds add only colours of my ships there, and only while the bank has that colour.
        counts, _, ship_colors, star_colors = _plans(target, enemy)
        have = {color_of(p) for p in mine_there}
        bank = position.bank
        for colors in (ship_colors, star_colors):
            short = [c for c in colors if counts[c] < 4]
            if all(c in have and sum(bank[c * 3 : c * 3 + 3]) >= 4 - counts[c] for c in short):
                if sum(4 - counts[c] for c in short) <= k:
                    return True
        return False
    return True


def _needed_colors(position: Position, me: int) -> set[int]:
    """Colours whose count at the enemy home a winning turn may have to raise."""
    enemy = opponent_of(me)
    target = position.home_of(enemy)
    if target is None:
        return set()
    _, _, ship_colors, star_colors = _plans(target, enemy)
    return ship_colors | star_colors


def _relevant(
    action: Action, state: TurnState, me: int, target_name: str | None, home_name: str, needed: set[int]
) -> bool:
    """Actions granted by a sacrifice (catastrophes, passes and the end aside) that can matter for a win
    this turn (see module docstring)."""
    color = state.sac_color
    if color == RED:
        return isinstance(action, Capture) and action.system == target_name
    if color == GREEN:
        return isinstance(action, Build) and action.system == target_name
    if color == BLUE:
        if not isinstance(action, Trade):
            return False  # a blue sacrifice grants trades only
        if action.system == target_name:
            return True
        # A trade elsewhere matters only to put back a piece the bank lacks, for a trade at the target.
        bank = state.position.bank
        return color_of(action.old) in needed and bank[action.old] == 0
    # Yellow: ships of a colour the target needs, and moves into the target or back home, decide.
    # Other ships could only matter by emptying a colony so that its star returns to the bank for a
    # discovery, when the bank has no other piece of a usable size; that case is left out.
    if isinstance(action, Move) and (action.destination == target_name or action.destination == home_name):
        return True
    return isinstance(action, Move | Discover) and color_of(action.ship) in needed


def iter_wins(position: Position, tick: Callable[[], None] | None = None) -> Iterator[Turn]:
    """Every turn after which the side to move has won (the enemy lost, not a draw), one at a time.

    ``tick`` is called for every partial turn examined (it may raise to abandon the search).
    It prunes only partial turns that cannot win by the counting argument, and yellow moves that
    cannot help (one contrived case aside, see ``_relevant``); compared with the plain check of every
    successor over a few hundred thousand positions from play, it never missed a win. A winning turn is
    not extended further, and partial turns reaching the same board are walked once, so two turns
    given differ by more than the order of their actions.
    """
    if not win_possible(position):
        return
    me = position.to_move
    target = position.home_of(opponent_of(me))
    target_name = target.name if target is not None else None
    home = position.home_of(me)
    if home is None:
        return  # a position in play always has the mover's homeworld
    home_name = home.name
    needed = _needed_colors(position, me)
    seen: set[tuple[PositionKey, bool, int, int]] = set()
    stack: list[tuple[TurnState, Turn]] = [(start_turn(position), ())]
    while stack:
        state, turn = stack.pop()
        pos = state.position
        skey = (pos.key(), state.free, state.sac_color, state.sac_left)
        if skey in seen:
            continue
        seen.add(skey)
        if tick is not None:
            tick()
        if turn and end_turn(pos).winner() == me:
            yield turn
            continue
        if not state.free and not _partial_can_win(pos, state, me):
            continue
        later: list[Action] = []
        for a in legal_actions(state):
            kind = type(a)
            if kind is EndTurn or kind is Pass:
                continue
            if (
                not state.free
                and kind is not Catastrophe
                and not _relevant(a, state, me, target_name, home_name, needed)
            ):
                continue
            # Actions at the target are tried first (pushed last): wins are found early.
            if (
                kind is Catastrophe
                or getattr(a, "system", None) == target_name
                or getattr(a, "destination", None) == target_name
            ):
                later.append(a)
            else:
                stack.append((apply_action(state, a), turn + (a,)))
        for a in later:
            stack.append((apply_action(state, a), turn + (a,)))


def find_win(position: Position, tick: Callable[[], None] | None = None) -> Turn | None:
    """A turn after which the side to move has won (the enemy lost, not a draw), or None: the first
    that ``iter_wins`` finds."""
    return next(iter_wins(position, tick), None)


def opponent_can_win(position: Position, tick: Callable[[], None] | None = None) -> bool:
    """True when the side to move in ``position`` has a turn that wins at once."""
    return find_win(position, tick) is not None


__all__ = ["color_counts", "find_win", "iter_wins", "opponent_can_win", "win_possible"]
