"""Why a turn is played, in facts of the board a player can check: what it takes, what it stops, what it threatens.

A hint or a computer turn is explained by what really happens around it, never by a stock phrase:

- **gains**: what the turn itself takes from the opponent (ships captured, pieces destroyed by a
  catastrophe, the game);
- **parried**: what the opponent could do to the mover next turn if the mover did nothing (its most
  damaging turn after a pass: a win at once, else the capture or catastrophe it scores best), and no
  longer can after this turn;
- **threatens**: what the mover could do on its next turn if the opponent did nothing in between,
  and could not do before the turn;
- **chance**: the mover's chance to win after the turn, from the search's score.

Each list holds ``consequence.Event`` values (pure data, so a ``Why`` travels back from the search's
process in a reply). Pure: imports the rules and the AI only.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from hwgame.rules import (
    PASS,
    PLAYING,
    Capture,
    Catastrophe,
    Position,
    Turn,
    apply_turn_unchecked,
    legal_actions,
    opponent_of,
    start_turn,
)

from .consequence import CAPTURE, CATASTROPHE, WIN, Event, losses_of, turn_events
from .evaluate import evaluate
from .tactics import find_win
from .turns import scored_turns

# How many successors the look for a damaging turn generates (a beam, like a shallow search's).
WIDTH, CAP = 3, 400


@dataclass(frozen=True)
class Why:
    """The facts behind a turn (see the module docstring); ``player`` is the mover."""

    player: int
    gains: tuple[Event, ...] = ()
    parried: tuple[Event, ...] = ()
    threatens: tuple[Event, ...] = ()
    chance: float | None = None

    @property
    def empty(self) -> bool:
        """True when no fact names a piece (only the chance, if any, is left to say)."""
        return not (self.gains or self.parried or self.threatens)


def damaging(position: Position, number: int = 1) -> tuple[Turn | None, list[Event]]:
    """The most damaging turn of the side to move at ``position`` and the losses it inflicts on the
    opponent (numbered ``number``): a win at once, else the best-scored turn with a capture or a
    catastrophe that costs the opponent something; (None, []) when there is none."""
    if position.stage < PLAYING or position.is_over():
        return None, []
    me = position.to_move
    win = find_win(position)
    if win is not None:
        return win, losses_of(turn_events(position, win, number)[0], opponent_of(me))
    best: tuple[float, Turn, list[Event]] | None = None
    for scored in scored_turns(position, lambda end: -evaluate(end), WIDTH, CAP):
        if not any(isinstance(a, Capture | Catastrophe) for a in scored.turn):
            continue
        hurt = losses_of(turn_events(position, scored.turn, number)[0], opponent_of(me))
        if hurt and (best is None or scored.score > best[0]):
            best = (scored.score, scored.turn, hurt)
    return (best[1], best[2]) if best is not None else (None, [])


def damaging_turn(position: Position, number: int = 1) -> list[Event]:
    """The losses of ``damaging``'s turn (empty when there is none)."""
    return damaging(position, number)[1]


def _still_works(position: Position, turn: Turn, events: Iterable[Event]) -> bool:
    """True when ``turn`` can still be played at ``position`` and still inflicts every one of ``events``."""
    found, after = turn_events(position, turn, 1)
    return after is not None and all(any(_same(e, f) for f in found) for e in events)


def _same(a: Event, b: Event) -> bool:
    """The same blow: a win, or the same kind of loss of the same pieces at the same system."""
    if a.kind == WIN or b.kind == WIN:
        return a.kind == b.kind
    return a.kind == b.kind and a.system.lower() == b.system.lower() and set(a.pieces) & set(b.pieces) != set()


def _left(threat: Iterable[Event], still: list[Event]) -> tuple[Event, ...]:
    return tuple(e for e in threat if not any(_same(e, f) for f in still))


def why_turn(position: Position, turn: Turn, chance: float | None = None) -> Why:
    """The facts behind ``turn`` for the side to move at ``position`` (see the module docstring)."""
    me = position.to_move
    events, after = turn_events(position, turn, 0)
    if after is None:
        return Why(me, chance=chance)
    gains = tuple(e for e in events if e.victim == opponent_of(me) and e.kind in (CAPTURE, CATASTROPHE, WIN))
    if after.is_over():
        return Why(me, gains, chance=chance)
    passed = apply_turn_unchecked(position, (PASS,))
    blow, threat = damaging(passed, 1) if not passed.is_over() else (None, [])
    parried: tuple[Event, ...] = ()
    if blow is not None and not _still_works(after, blow, threat):
        # The same blow no longer lands; what the opponent's best blow now does may still cost the same,
        # and a ship at the same system that can still be captured (a traded one, say) is no escape.
        open_to = {a.system.lower() for a in legal_actions(start_turn(after)) if isinstance(a, Capture)}
        parried = tuple(e for e in _left(threat, damaging_turn(after, 1))
                        if not (e.kind == CAPTURE and e.system.lower() in open_to))  # fmt: skip
    waited = apply_turn_unchecked(after, (PASS,))
    threatens: tuple[Event, ...] = ()
    if not waited.is_over():
        # What was there for the taking already is not what this turn sets up.
        threatens = _left(damaging_turn(waited, 2), damaging_turn(position, 2))
    return Why(me, gains, parried, threatens, chance)


__all__ = ["Why", "damaging", "damaging_turn", "why_turn"]
