"""Small builders for hand-made positions in rule tests.

A position is written as one line per system::

    North: g3 b2 | y3 |
    South: r1 y2 |    | y3
    Alpha: b1    | g1 | r2

``NAME: STARS | SHIPS OF PLAYER 0 | SHIPS OF PLAYER 1``. A system named after a player is that player's
homeworld (players default to North and South); any other is a discovered system. The bank holds
whatever the board does not (three of each colour-size in total).
"""

from __future__ import annotations

from hwgame.rules import (
    EndTurn,
    IllegalActionError,
    Pass,
    Refusal,
    apply_action,
    end_turn,
    legal_actions,
    parse_piece,
    piece_text,
    start_turn,
)
from hwgame.rules.apply import TurnState
from hwgame.rules.pieces import COPIES
from hwgame.rules.position import NO_HOME, PLAYING, STANDARD, Position, RuleSet, System
from hwgame.rules.validate import apply_checked
from hwgame.words import refusal_text

PLAYERS = ("North", "South")

# Piece codes by name, so tests read like the rule book.
R1, R2, R3, Y1, Y2, Y3, G1, G2, G3, B1, B2, B3 = range(12)


def pc(text: str) -> int:
    """The piece code of a piece written like ``g1`` or ``B3``."""
    return parse_piece(text)


def pieces(text: str) -> tuple[int, ...]:
    """Sorted piece codes of a space-separated list such as ``"g1 y3"`` (empty text gives ``()``)."""
    return tuple(sorted(pc(t) for t in text.split()))


def system_line(line: str, players: tuple[str, str] = PLAYERS) -> System:
    """Read one ``NAME: STARS | SHIPS0 | SHIPS1`` line into a System."""
    name, _, rest = line.partition(":")
    name = name.strip()
    parts = rest.split("|")
    parts += [""] * (3 - len(parts))
    if len(parts) != 3:
        raise ValueError(f"bad system line {line!r}")
    home = players.index(name) if name in players else NO_HOME
    return System(home, pieces(parts[0]), pieces(parts[1]), pieces(parts[2]), name)


def board(text: str, to_move: int = 0, rules: RuleSet = STANDARD, players: tuple[str, str] = PLAYERS) -> Position:
    """A position in play built from system lines; the bank is 3 of each piece minus the board."""
    systems = [system_line(line, players) for line in text.strip().splitlines() if line.strip()]
    counts = [COPIES] * 12
    for s in systems:
        for p in s.stars + s.ships0 + s.ships1:
            counts[p] -= 1
    if min(counts) < 0:
        raise ValueError("more than three of a piece on the board")
    return Position(tuple(systems), tuple(counts), to_move, PLAYING, rules, tuple(players))


def layout(position: Position) -> dict[str, str]:
    """The board as ``{name: "STARS | SHIPS0 | SHIPS1"}`` in canonical piece text, for comparisons."""

    def text(group: tuple[int, ...]) -> str:
        return " ".join(piece_text(p) for p in group)

    return {s.name: f"{text(s.stars)} | {text(s.ships0)} | {text(s.ships1)}" for s in position.systems}


def bank_count(position: Position, word: str) -> int:
    """How many of the piece ``word`` (such as ``"g1"``) the bank holds."""
    return position.bank[pc(word)]


def run(position: Position | TurnState, *actions) -> TurnState:
    """Apply actions one after another through the checked validator, from a turn's start or a state."""
    state = position if isinstance(position, TurnState) else start_turn(position)
    for action in actions:
        state = apply_checked(state, action)
    return state


def refusal(position: Position | TurnState, *actions) -> str:
    """Apply actions through the validator and return the reason the last one is refused, in words.

    Fails the test if every action is accepted.
    """
    state = position if isinstance(position, TurnState) else start_turn(position)
    *first, last = actions
    for action in first:
        state = apply_checked(state, action)
    try:
        apply_checked(state, last)
    except IllegalActionError as exc:
        return refusal_text(exc)
    raise AssertionError(f"{last!r} was accepted")


def refused(position: Position | TurnState, *actions) -> Refusal:
    """Like ``refusal``, but the refusal itself: its reason code and values (and frames)."""
    state = position if isinstance(position, TurnState) else start_turn(position)
    *first, last = actions
    for action in first:
        state = apply_checked(state, action)
    try:
        apply_checked(state, last)
    except IllegalActionError as exc:
        return exc.refusal
    raise AssertionError(f"{last!r} was accepted")


def why(code: str, **values) -> Refusal:
    """The refusal of ``code`` with ``values`` and no frames, to compare with ``refused``."""
    return Refusal(code, values)


def unchecked(position: Position, *actions) -> TurnState:
    """Apply actions with the fast unchecked apply (for comparing with the checked one)."""
    state = start_turn(position)
    for action in actions:
        state = apply_action(state, action)
    return state


__all__ = [
    "R1",
    "R2",
    "R3",
    "Y1",
    "Y2",
    "Y3",
    "G1",
    "G2",
    "G3",
    "B1",
    "B2",
    "B3",
    "PLAYERS",
    "PLAYING",
    "board",
    "bank_count",
    "layout",
    "pc",
    "pieces",
    "refusal",
    "run",
    "system_line",
    "unchecked",
]


def brute_force_keys(position: Position) -> set:
    """Keys of every position one turn can reach, searched through legal_actions one action at a time.

    An enumeration independent of ``legal_turns``, to check it against.
    """
    keys = set()
    seen = set()
    stack = [start_turn(position)]
    while stack:
        state = stack.pop()
        mark = (state.position.key(), state.free, state.sac_color, state.sac_left)
        if mark in seen:
            continue
        seen.add(mark)
        keys.add(end_turn(state.position).key())
        for action in legal_actions(state):
            if not isinstance(action, EndTurn | Pass):
                stack.append(apply_action(state, action))
    return keys
