"""Play lesson actions the way the mouse does: a gesture on the board, resolved by the play controller.

For each intended action the helper builds the drag (or click) a player would make, asks the window's
``ActionResolver`` what that gesture means on the runner's own Game, and hands the resolved action to
the LessonRunner. Setup (a homeworld) has its own screen and no board gesture, so it goes straight to
the runner; so do End Turn and Pass, which are buttons.
"""

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
    opponent_of,
    parse_action,
)

try:
    from hwgame.app.control.controller import ActionResolver
    from hwgame.app.control.targets import BANK, SPACE, BankPieceTarget, MarkerTarget, ShipTarget, SystemTarget
except ImportError:  # the window package is optional for the tutorial
    ActionResolver = None

HAVE_CONTROLLER = ActionResolver is not None


def gesture(action, me: int):
    """The (source, target) drag meaning ``action``, or ("click", target), or None for buttons and setup."""
    if isinstance(action, Move):
        return ShipTarget(action.origin, me, action.ship), SystemTarget(action.destination)
    if isinstance(action, Discover):
        return ShipTarget(action.origin, me, action.ship), SPACE
    if isinstance(action, Build):
        return BankPieceTarget(action.piece), SystemTarget(action.system)
    if isinstance(action, Trade):
        return BankPieceTarget(action.new), ShipTarget(action.system, me, action.old)
    if isinstance(action, Sacrifice):
        return ShipTarget(action.system, me, action.ship), BANK
    if isinstance(action, Capture):
        return "capture", ShipTarget(action.system, opponent_of(me), action.piece)
    if isinstance(action, Catastrophe):
        return "click", MarkerTarget(action.system, action.color)
    return None


def _same(a, b) -> bool:
    if isinstance(a, Discover) and isinstance(b, Discover):
        return (a.ship, a.origin, a.star) == (b.ship, b.origin, b.star)
    return a == b


def _reason(resolver, action) -> str:
    """The controller's words for a refusal (its public name, or the older private one)."""
    find = getattr(resolver, "reason_for", None) or resolver._reason
    return find(action)


def resolve(runner, action):
    """The action the controller makes of the gesture for ``action`` (with its refusal reason, if any).

    Returns ``(resolved action or None, reason or None)``.
    """
    if not HAVE_CONTROLLER or isinstance(action, (Homeworld, EndTurn, Pass)):
        return action, None
    resolver = ActionResolver(runner.game)
    me = runner.learner
    kind, target = gesture(action, me)
    if kind == "click":
        options = resolver.options_for(target)
        match = [a for a in options if _same(a, action)]
        return (match[0], None) if match else (None, _reason(resolver, action))
    if kind == "capture":
        # Drag one of your own ships in that system onto the enemy ship.
        pos = runner.position
        system = pos.system_named(action.system)
        mine = system.ships_of(me) if system else ()
        if not mine:
            return None, _reason(resolver, action)
        res = resolver.resolve(ShipTarget(system.name, me, mine[0]), target)
    else:
        res = resolver.resolve(kind, target)
    if not res.legal:
        return None, res.reason
    match = [a for a in res.actions if _same(a, action)]
    return (match[0] if match else res.actions[0]), None


def play(runner, text_or_action):
    """Feed one intended action through the controller's gesture path; return the runner's Feedback."""
    action = parse_action(text_or_action) if isinstance(text_or_action, str) else text_or_action
    resolved, reason = resolve(runner, action)
    if resolved is None:
        raise AssertionError(f"the controller refuses {action}: {reason}")
    return runner.try_action(resolved)


# --- the same gestures as mouse events in a window (for the screens' tests) ---


def point_of(play, target):
    """A window point over ``target`` on a play screen: a piece's centre, a system's name strip, a
    point of open space, the bank's title; None when the target is not on the screen."""
    screen, lay, bank = play.layouts(play.app.size, play.display_position())
    if isinstance(target, (ShipTarget, BankPieceTarget)):
        place = play.place_of(target)
        return None if place is None else tuple(round(v) for v in place.box.center)
    if isinstance(target, SystemTarget):
        sp = lay.system(target.system)
        return None if sp is None else tuple(round(v) for v in sp.label.center)
    if target == BANK:
        return tuple(round(v) for v in bank.title.center)
    if target == SPACE:
        b = screen.board
        for fy in (0.1, 0.3, 0.5, 0.7, 0.9):
            for fx in (0.05, 0.25, 0.75, 0.95):
                point = (round(b.x + b.w * fx), round(b.y + b.h * fy))
                if play.hit(point) == SPACE:
                    return point
    return None


def drag_events(pygame, start, end) -> list:
    """The mouse events of a drag from ``start`` to ``end``: press, two moves, release."""
    mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2 + 9)
    return [
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
        pygame.event.Event(pygame.MOUSEMOTION, pos=mid, rel=(0, 0), buttons=(1, 0, 0)),
        pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1),
    ]
