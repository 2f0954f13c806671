"""What a line of play does to the players' pieces: the events a coach names.

A review or a hint has a principal line from the search (the turns it expects). ``line_events`` plays
it out on the board and lists what happens to ships and homeworlds, turn by turn: a ship captured, the
pieces a catastrophe returns to the bank (and whether they include a homeworld's star), and the game
won. These are facts of the line, read off the board as it is played, so that the words built on them
("your green 3 at Alpha is captured next turn") are true of the line the search found.

Pure: imports the rules only.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from hwgame.rules import (
    Capture,
    Catastrophe,
    EndTurn,
    HomeworldsError,
    Position,
    Turn,
    apply_checked,
    color_of,
    end_turn,
    opponent_of,
    start_turn,
)

CAPTURE = "capture"
CATASTROPHE = "catastrophe"
WIN = "win"
KINDS = (CAPTURE, CATASTROPHE, WIN)


@dataclass(frozen=True)
class Event:
    """One thing a line does to a player: ``kind`` (``KINDS``), the ``actor`` who does it, the ``victim``
    who suffers it, at ``system`` (for a win: the loser's homeworld, or "" when it is gone), the
    ``pieces`` the victim loses (ships; a catastrophe's stars are in ``stars``), a catastrophe's
    ``color``, whether ``system`` is the victim's homeworld, and ``turn``: 0 for the turn judged
    itself, 1 for the turn after it (the other side's reply), and so on."""

    kind: str
    actor: int
    victim: int
    turn: int
    system: str = ""
    pieces: tuple[int, ...] = ()
    stars: tuple[int, ...] = ()
    color: int | None = None
    at_home: bool = False


def _played(turn: Iterable[object]) -> list[object]:
    return [a for a in turn if not isinstance(a, EndTurn)]


def turn_events(position: Position, turn: Turn, number: int = 0) -> tuple[list[Event], Position | None]:
    """The events of one ``turn`` played at ``position`` (numbered ``number``), and the position after
    it (None when the turn is not legal there)."""
    actor = position.to_move
    events: list[Event] = []
    try:
        state = start_turn(position)
        for action in _played(turn):
            board = state.position
            if isinstance(action, Capture):
                victim = opponent_of(actor)
                system = board.system_named(action.system)
                home = system is not None and system.home == victim
                events.append(Event(CAPTURE, actor, victim, number, action.system, (action.piece,), at_home=home))
            elif isinstance(action, Catastrophe):
                system = board.system_named(action.system)
                if system is not None:
                    stars = tuple(p for p in system.stars if color_of(p) == action.color)
                    for victim in (opponent_of(actor), actor):
                        ships = tuple(p for p in system.ships_of(victim) if color_of(p) == action.color)
                        home_stars = stars if system.home == victim else ()
                        if ships or home_stars:
                            events.append(Event(CATASTROPHE, actor, victim, number, action.system, ships,
                                                home_stars, action.color, system.home == victim))  # fmt: skip
            state = apply_checked(state, action)  # type: ignore[arg-type]  # checked: a line may not fit the board
        after = end_turn(state.position)
    except HomeworldsError:
        return events, None
    winner = after.winner()
    if winner is not None:
        loser = opponent_of(winner)
        homeworld = after.home_of(loser)
        events.append(Event(WIN, winner, loser, number, homeworld.name if homeworld is not None else ""))
    return events, after


def line_events(position: Position, line: Sequence[Turn], first: int = 1) -> list[Event]:
    """The events of the turns of ``line`` played one after another from ``position``, the first
    numbered ``first``; the line stops early at an illegal turn or at the end of the game."""
    out: list[Event] = []
    pos: Position | None = position
    for offset, turn in enumerate(line):
        if pos is None or pos.is_over():
            break
        found, pos = turn_events(pos, turn, first + offset)
        out.extend(found)
    return out


def losses_of(events: Iterable[Event], player: int) -> list[Event]:
    """The events in which ``player`` loses something (ships, a star of the homeworld, the game)."""
    return [e for e in events if e.victim == player and (e.kind == WIN or e.pieces or e.stars)]


__all__ = ["CAPTURE", "CATASTROPHE", "KINDS", "WIN", "Event", "line_events", "losses_of", "turn_events"]
