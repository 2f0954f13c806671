"""Why a turn is played, in facts of the board a player can check: what it takes, what it stops, what it threatens.

A hint or a computer turn is explained by what really happens around it, never by a stock phrase:

- **gains**: what the turn itself takes from the opponent (ships captured, pieces destroyed by a
  catastrophe, the game);
- **parried**: what the opponent could do to the mover next turn if the mover did nothing (its most
  damaging turn after a pass: a win at once, else the capture or catastrophe it scores best), and no
  longer can after this turn;
- **threatens**: what the mover could do on its next turn if the opponent did nothing in between;
- **chance**: the mover's chance to win after the turn, from the search's score.

Each list holds ``consequence.Event`` values (pure data, so a ``Why`` travels back from the search's
process in a reply). Pure: imports the rules and the AI only.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from hwgame.rules import PASS, PLAYING, Capture, Catastrophe, Position, Turn, apply_turn_unchecked, opponent_of

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


def damaging_turn(position: Position, number: int = 1) -> list[Event]:
    """The losses the side to move at ``position`` could inflict on its opponent this turn: a win at
    once, else the captures and catastrophes of the best-scored turn that has any (numbered
    ``number``); empty when it has none."""
    if position.stage < PLAYING or position.is_over():
        return []
    me = position.to_move
    win = find_win(position)
    if win is not None:
        return losses_of(turn_events(position, win, number)[0], opponent_of(me))
    best: tuple[float, list[Event]] | None = None
    for scored in scored_turns(position, lambda end: -evaluate(end), WIDTH, CAP):
        if not any(isinstance(a, Capture | Catastrophe) for a in scored.turn):
            continue
        hurt = losses_of(turn_events(position, scored.turn, number)[0], opponent_of(me))
        if hurt and (best is None or scored.score > best[0]):
            best = (scored.score, hurt)
    return best[1] if best is not None else []


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
    threat = damaging_turn(passed, 1) if not passed.is_over() else []
    parried = _left(threat, damaging_turn(after, 1)) if threat else ()
    waited = apply_turn_unchecked(after, (PASS,))
    threatens = tuple(damaging_turn(waited, 2)) if not waited.is_over() else ()
    return Why(me, gains, parried, threatens, chance)


__all__ = ["Why", "damaging_turn", "why_turn"]
