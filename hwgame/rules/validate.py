"""The one validator every move passes through: check an action, explain a refusal, then apply it.

``apply_checked`` raises ``IllegalActionError`` whose code names the rule that stopped the action and
whose values say where and with what (``errors.REFUSAL_CODES``). System names are matched
case-insensitively and rewritten to the exact names on the board, so the applied action is canonical.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NoReturn, TypeVar, cast

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
from .notation import name_refusal, quote, shown
from .pieces import BLUE, COLOR_NAMES, GREEN, POWER_NAMES, RED, YELLOW, color_of, piece_text, size_of, smallest_in_bank
from .position import LATE_HOME, PLAYING, Position, System, connected, opponent_of

# Any one kind of action: the validator gives back the kind it was given.
ActionT = TypeVar("ActionT", bound=Action)


def _fail(code: str, **values: Any) -> NoReturn:
    raise IllegalActionError(code, **values)


def _system(pos: Position, name: str) -> System:
    s = pos.system_named(name)
    if s is None:
        _fail("no-such-system", system=quote(name))
    return s


def _own_ship(pos: Position, s: System, piece: int, code: str) -> None:
    if piece not in s.ships_of(pos.to_move):
        _fail(code, piece=piece_text(piece), system=s.name)


def _power(state: TurnState, s: System, color: int) -> None:
    """Check that the turn allows one action of ``color`` at ``s`` (free action with access, or sacrifice)."""
    if state.sac_left:
        if state.sac_color != color:
            given = state.sac_color
            _fail("sacrifice-gave-other-power", colour=COLOR_NAMES[given], power=POWER_NAMES[given],
                  wanted_power=POWER_NAMES[color])  # fmt: skip
        return
    if not state.free:
        _fail("action-already-used")
    me = state.position.to_move
    if any(color_of(p) == color for p in s.stars) or any(color_of(p) == color for p in s.ships_of(me)):
        return
    _fail("no-power-here", colour=COLOR_NAMES[color], system=s.name, power=POWER_NAMES[color])


def _check_build(state: TurnState, a: Build) -> Build:
    pos = state.position
    s = _system(pos, a.system)
    _power(state, s, GREEN)
    color = color_of(a.piece)
    cname = COLOR_NAMES[color]
    if not any(color_of(p) == color for p in s.ships_of(pos.to_move)):
        _fail("build-needs-own-colour", colour=cname, system=s.name)
    smallest = smallest_in_bank(pos.bank, color)
    if smallest is None:
        _fail("build-bank-empty", colour=cname)
    if smallest != a.piece:
        _fail("build-not-smallest", colour=cname, piece=piece_text(smallest))
    return Build(a.piece, s.name)


def _check_trade(state: TurnState, a: Trade) -> Trade:
    pos = state.position
    s = _system(pos, a.system)
    _power(state, s, BLUE)
    _own_ship(pos, s, a.old, "no-ship-to-trade")
    if size_of(a.old) != size_of(a.new):
        _fail("trade-needs-same-size")
    if color_of(a.old) == color_of(a.new):
        _fail("trade-needs-other-colour")
    if not pos.bank[a.new]:
        _fail("trade-bank-empty", piece=piece_text(a.new))
    return Trade(a.old, a.new, s.name)


def _check_move(state: TurnState, a: Move) -> Move:
    pos = state.position
    s = _system(pos, a.origin)
    d = _system(pos, a.destination)
    _power(state, s, YELLOW)
    _own_ship(pos, s, a.ship, "no-ship-to-move")
    if s is d:
        _fail("move-to-same-system", system=s.name)
    if not connected(s, d):
        _fail("not-connected", origin=s.name, destination=d.name)
    return Move(a.ship, s.name, d.name)


def _check_discover(state: TurnState, a: Discover) -> Discover:
    pos = state.position
    s = _system(pos, a.origin)
    _power(state, s, YELLOW)
    _own_ship(pos, s, a.ship, "no-ship-to-move")
    if not pos.bank[a.star]:
        _fail("star-bank-empty", piece=piece_text(a.star))
    if s.star_sizes() >> (size_of(a.star) - 1) & 1:
        _fail("star-shares-size", system=s.name, piece=piece_text(a.star))
    why = name_refusal(a.name, "system")
    if why is not None:
        raise IllegalActionError.of(why)
    if a.name.lower() in pos.names_in_use():
        _name_taken(pos, a.name)
    return Discover(a.ship, s.name, a.star, a.name)


def _name_taken(pos: Position, name: str) -> NoReturn:
    """Refuse ``name`` for a new system: a system or a player has it, whatever the case."""
    holder = pos.system_named(name)
    case = ""
    if holder is not None:
        if holder.name != name:
            case = "-case"  # the refusal adds that names are matched whatever their case
        _fail("name-taken-by-system" + case, name=quote(name), system=holder.name)
    same = next((p for p in pos.players if p.lower() == name.lower()), name)
    if same != name:
        case = "-case"
    _fail("name-taken-by-player" + case, name=quote(name), player=same)


def _check_capture(state: TurnState, a: Capture) -> Capture:
    pos = state.position
    s = _system(pos, a.system)
    _power(state, s, RED)
    me = pos.to_move
    if a.piece not in s.ships_of(opponent_of(me)):
        _fail("capture-no-enemy-ship", piece=piece_text(a.piece), system=s.name)
    mine = s.ships_of(me)
    if not mine:
        _fail("capture-needs-own-ship", system=s.name)
    # Ships are sorted by piece code (colour first), so the largest size is a max, not the last one.
    largest = max(size_of(p) for p in mine)
    if largest < size_of(a.piece):
        _fail("capture-too-small", system=s.name, size=largest, target_size=size_of(a.piece))
    return Capture(a.piece, s.name)


def _check_sacrifice(state: TurnState, a: Sacrifice) -> Sacrifice:
    pos = state.position
    s = _system(pos, a.system)
    if state.sac_left:
        _fail("second-sacrifice")
    if not state.free:
        _fail("action-already-used")
    _own_ship(pos, s, a.ship, "no-ship-to-sacrifice")
    return Sacrifice(a.ship, s.name)


def _check_catastrophe(state: TurnState, a: Catastrophe) -> Catastrophe:
    pos = state.position
    s = _system(pos, a.system)
    n = s.count_color(a.color)
    if n < 4:
        _fail("catastrophe-too-few", system=s.name, count=n, colour=COLOR_NAMES[a.color])
    return Catastrophe(s.name, a.color)


def _check_pass(state: TurnState, a: Pass) -> Pass:
    return a


def _check_homeworld(state: TurnState, a: Homeworld) -> Homeworld:
    pos = state.position
    if not state.free:
        _fail("homeworld-already-set")
    stars = [p for p in (a.star1, a.star2) if p is not None]
    if not stars:
        _fail("homeworld-no-star")
    if len(stars) < 2 and not pos.rules.single_star_home:
        _fail("homeworld-two-stars")
    need = [0] * 12
    for p in (*stars, a.ship):
        need[p] += 1
    for p, n in enumerate(need):
        if n > pos.bank[p]:
            _fail("homeworld-bank-short", count=pos.bank[p], piece=piece_text(p))
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


def _check_fields(action: Action) -> None:
    """Refuse field values that are not pieces, colours or names (a hand-made or corrupt action)."""
    for field in _PIECE_FIELDS:
        value = getattr(action, field, 0)
        if value is None and field in ("star1", "star2"):
            continue  # a missing star is judged by the homeworld check
        if type(value) is not int or not 0 <= value < 12:
            _fail("field-not-a-piece", value=shown(value))
    for field in _NAME_FIELDS:
        value = getattr(action, field, "")
        if type(value) is not str:
            _fail("field-not-a-name", value=shown(value))
    color = getattr(action, "color", 0)
    if type(color) is not int or not 0 <= color < 4:
        _fail("field-not-a-colour", value=shown(color))


def refusal_of(state: TurnState, action: Action) -> IllegalActionError | None:
    """The validator's refusal of ``action`` now, or None when it is legal; changes nothing."""
    try:
        check_action(state, action)
    except IllegalActionError as exc:
        return exc
    return None


def check_action(state: TurnState, action: ActionT) -> ActionT:
    """Return the canonical form of ``action`` if it is legal now; raise IllegalActionError if not.

    The canonical form is an action of the same kind, with system names as the board writes them.
    EndTurn is always legal once setup has placed a homeworld; the Game decides what ending means.
    """
    pos = state.position
    if isinstance(action, EndTurn):
        if pos.stage < PLAYING and state.free:
            _fail("homeworld-first")
        return action
    check = _CHECKS.get(type(action))
    if check is None:
        _fail("not-an-action", value=shown(action))
    _check_fields(action)
    if pos.stage < PLAYING and not isinstance(action, Homeworld):
        # A pass after the homeworld forfeits nothing, and SDG records hold such setup turns; under
        # late_home the second player may pass instead of setting up (see LATE_HOME).
        if not (isinstance(action, Pass) and (not state.free or (pos.stage == 1 and pos.rules.late_home))):
            _fail("setup-not-done")
    if pos.stage >= PLAYING and isinstance(action, Homeworld) and not _late_homeworld(state):
        _fail("homeworld-after-setup")
    # Each check returns the kind of action it was filed under, the kind of ``action`` itself.
    return cast(ActionT, check(state, action))


def _late_homeworld(state: TurnState) -> bool:
    """True when the second player, who passed instead of setting up, may build the homeworld now:
    as the first action of a turn of theirs while the game waits for it (``LATE_HOME``)."""
    pos = state.position
    return pos.stage == LATE_HOME and pos.to_move == 1 and state.free and pos.home_of(1) is None


def apply_checked(state: TurnState, action: Action) -> TurnState:
    """Apply ``action`` after checking it; raise IllegalActionError naming the broken rule."""
    canonical = check_action(state, action)
    if isinstance(canonical, EndTurn):
        _fail("end-turn-not-applied")
    return apply_action(state, canonical)
