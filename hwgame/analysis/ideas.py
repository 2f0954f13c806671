"""A hint as a ladder, read off the one verdict of a position: the idea, the pieces that act, the turn.

The Hint button climbs three rungs. The first names the **idea** in words of the board (a threat
against a homeworld to parry, a ship to capture or to lay open to capture, a catastrophe building at a
named system in a named colour, a ship in danger, a weak homeworld, a win in so many turns that is
proven, or at least where a quiet turn is played and what it strengthens); the second lights
the **pieces** that act; the third gives the verdict's **best turn** (and Show plays it).

Every idea is found in the verdict (its proof, its threats, its best turn and the line the search
expects after it, the facts of ``Verdict.why``) and then checked against that line by ``holds``: a piece
the idea names must move or matter in the line, a blow the idea promises must land in the line, a threat
it names must be parried by the best turn. A sentence that fails the check is dropped at run time, and the
tests run the same check, so a hint never names a plan the verdict refutes. Nothing here judges a
position a second time: the line is played out on the board, nothing is searched.

Pure: imports the rules and the AI only.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from hwgame.ai.consequence import CAPTURE, CATASTROPHE, Event, line_events
from hwgame.ai.consequence import WIN as WON
from hwgame.ai.proofs import LOSS, WIN
from hwgame.ai.reasons import CAPTURABLE, CATASTROPHE_NEAR, changes
from hwgame.ai.tactics import find_win
from hwgame.rules import (
    Build,
    Capture,
    Catastrophe,
    Discover,
    EndTurn,
    HomeworldsError,
    Move,
    Position,
    Sacrifice,
    Trade,
    Turn,
    apply_checked,
    color_of,
    end_turn,
    opponent_of,
    size_of,
    start_turn,
)

from .verdict import Verdict

# The kinds of idea, most pressing first.
LOST = "lost"  # every turn loses (proven): the idea is to make the win hardest
PROVEN_WIN = "proven_win"  # a win in ``turns`` of the player's turns is proven
THREAT = "threat"  # the opponent wins next turn unless the threat is parried
TARGET = "target"  # an enemy ship to capture (this turn, or on the next one)
BUILDING = "building"  # a catastrophe of ``color`` at ``system`` (set off this turn, or building)
ATTACK = "attack"  # the line wins at the opponent's homeworld
NEAR = "near"  # the best turn builds up a catastrophe: a third piece of ``color`` where enemy ships stand
OPENED = "opened"  # the best turn lays an enemy ship open to capture
DANGER = "danger"  # one of the player's ships the opponent could take: the turn saves it
WEAK_HOME = "weak_home"  # the player's homeworld needs defending
FOCUS = "focus"  # no blow on either side: where the turn to find is played
KINDS = (LOST, PROVEN_WIN, THREAT, TARGET, BUILDING, ATTACK, NEAR, OPENED, DANGER, WEAK_HOME, FOCUS)

# How many ideas the first rung says at most (a hint is a nudge, not an essay).
MOST_IDEAS = 2
# How far into the line (in turns: 0 is the best turn itself, 2 the player's next) a blow is an idea.
BLOW_HORIZON = 2
# The evaluation's groups (``ai.reasons.GROUPS``) that speak of the mover's homeworld.
HOME_GROUPS = ("defence", "home_powers")

SHIP, STAR, BANK = "ship", "star", "bank"


@dataclass(frozen=True)
class Lit:
    """A piece the second rung lights: a ship (``owner``'s, at ``system``), a star of ``system``, or a
    piece of the bank (``system`` "", ``owner`` None)."""

    kind: str
    system: str
    owner: int | None
    piece: int


@dataclass(frozen=True)
class Idea:
    """One idea of a hint for ``player`` (the side to move): its ``kind`` (``KINDS``), the ``system`` it
    is about (a name on the board; "" for none), the ``pieces`` it names there (``owner``'s ships),
    a catastrophe's ``color``, the ``turn`` of the line it happens on (0: the best turn itself; 2: the
    player's next turn), ``turns`` of a proof, and whether ``system`` is a homeworld (``at_home``)."""

    kind: str
    player: int
    system: str = ""
    pieces: tuple[int, ...] = ()
    owner: int | None = None
    color: int | None = None
    turn: int = 0
    turns: int = 0
    at_home: bool = False
    # What a quiet turn strengthens (``Verdict.strengthens``, the evaluation's groups), said with ``FOCUS``.
    groups: tuple[str, ...] = ()


@dataclass(frozen=True)
class Ladder:
    """The three rungs of a hint: the ``ideas`` (each one passed ``holds``), the pieces ``lit`` (each a
    piece of the verdict's line), and the ``best`` turn (None where the verdict has none)."""

    ideas: tuple[Idea, ...]
    lit: tuple[Lit, ...]
    best: Turn | None


# --- the verdict's line on the board ---


def whole_line(verdict: Verdict) -> tuple[Turn, ...]:
    """The best turn and the turns the search expects after it. An exact proof keeps its best turn
    alone as its line; that turn is not counted twice."""
    if verdict.best is None:
        return ()
    rest = verdict.line[1:] if verdict.line[:1] == (verdict.best,) else verdict.line
    return (verdict.best, *rest)


@dataclass(frozen=True)
class Acting:
    """What a line does on the board: the pieces that act (``Lit`` values, a built or traded-for ship
    counted at its system too) and the systems where something is played, lower-cased; ``turns`` is how
    many turns of the line fit the board."""

    pieces: frozenset[Lit]
    systems: frozenset[str]
    turns: int


def acting(position: Position, line: Sequence[Turn], most: int | None = None) -> Acting:
    """The pieces and systems of the first ``most`` turns of ``line`` played from ``position`` (all of
    them by default); the line stops at a turn that does not fit the board."""
    pieces: set[Lit] = set()
    systems: set[str] = set()
    pos = position
    played = 0
    for turn in line[:most]:
        if pos.is_over():
            break
        me = pos.to_move
        found: set[Lit] = set()
        where: set[str] = set()
        try:
            state = start_turn(pos)
            for a in turn:
                if isinstance(a, EndTurn):
                    continue
                _touch(state.position, a, me, found, where)
                state = apply_checked(state, a)  # type: ignore[arg-type]  # a line may not fit the board
            pos = end_turn(state.position)
        except HomeworldsError:
            break
        pieces |= found
        systems |= where
        played += 1
    return Acting(frozenset(pieces), frozenset(systems), played)


def _touch(board: Position, a: object, me: int, found: set[Lit], where: set[str]) -> None:
    """Add the pieces action ``a`` of player ``me`` plays with, on ``board`` just before it."""
    them = opponent_of(me)
    if isinstance(a, Build):
        found |= {Lit(BANK, "", None, a.piece), Lit(SHIP, a.system.lower(), me, a.piece)}
        where.add(a.system.lower())
    elif isinstance(a, Move):
        found |= {Lit(SHIP, a.origin.lower(), me, a.ship), Lit(SHIP, a.destination.lower(), me, a.ship)}
        where |= {a.origin.lower(), a.destination.lower()}
    elif isinstance(a, Discover):
        found |= {Lit(SHIP, a.origin.lower(), me, a.ship), Lit(BANK, "", None, a.star)}
        where.add(a.origin.lower())
    elif isinstance(a, Trade):
        found |= {Lit(SHIP, a.system.lower(), me, a.old), Lit(BANK, "", None, a.new),
                  Lit(SHIP, a.system.lower(), me, a.new)}  # fmt: skip
        where.add(a.system.lower())
    elif isinstance(a, Sacrifice):
        found.add(Lit(SHIP, a.system.lower(), me, a.ship))
        where.add(a.system.lower())
    elif isinstance(a, Capture):
        found |= {Lit(SHIP, a.system.lower(), them, a.piece), Lit(SHIP, a.system.lower(), me, a.piece)}
        where.add(a.system.lower())
        system = board.system_named(a.system)
        if system is not None and system.ships_of(me):
            # The captor's largest ship there is the one whose size lets the capture be made.
            found.add(Lit(SHIP, a.system.lower(), me, max(system.ships_of(me), key=size_of)))
    elif isinstance(a, Catastrophe):
        where.add(a.system.lower())
        system = board.system_named(a.system)
        if system is not None:
            found |= {Lit(STAR, a.system.lower(), None, p) for p in system.stars if color_of(p) == a.color}
            for owner in (0, 1):
                found |= {Lit(SHIP, a.system.lower(), owner, p) for p in system.ships_of(owner)
                          if color_of(p) == a.color}  # fmt: skip


# --- the check ---


def _blows(position: Position, verdict: Verdict) -> list[Event]:
    """The events of the verdict's line (numbered from 0, the best turn)."""
    return line_events(position, whole_line(verdict), first=0)


def _same_blow(idea: Idea, event: Event) -> bool:
    if event.actor != idea.player or event.turn != idea.turn or event.system.lower() != idea.system.lower():
        return False
    if idea.kind == TARGET:
        return event.kind == CAPTURE and bool(set(idea.pieces) & set(event.pieces))
    if idea.kind == BUILDING:
        return event.kind == CATASTROPHE and event.color == idea.color
    return event.kind == WON


def _on_board(position: Position, idea: Idea) -> bool:
    """True when the system the idea names is on the board, with the pieces it names there."""
    if not idea.system:
        return idea.kind == LOST
    system = position.system_named(idea.system)
    if system is None:
        return False
    if idea.owner is None or not idea.pieces:
        return True
    return all(p in system.ships_of(idea.owner) for p in idea.pieces)


def holds(position: Position, verdict: Verdict, idea: Idea) -> bool:
    """True when ``idea`` is true of ``verdict``'s line at ``position`` (the module docstring): what it
    names is on the board, a proof it claims is the verdict's, a blow it promises lands in the line, a
    threat it names is parried by the best turn, and a piece or place it points to acts in the line. A
    plan is never named where the verdict proves every turn lost."""
    me = idea.player
    if me != position.to_move or not _on_board(position, idea):
        return False
    proof = verdict.proof_for(me)
    if idea.kind == LOST:
        return proof is not None and proof.result == LOSS and proof.turns == idea.turns
    if proof is not None and proof.result == LOSS:
        return False  # every plan is refuted: only the loss is said
    line = whole_line(verdict)
    if idea.kind == PROVEN_WIN:
        # Every win is won at the loser's homeworld; a win this turn must be the best turn's own.
        proven = proof is not None and proof.result == WIN and proof.turns == idea.turns
        return proven and (idea.turns > 1 or any(e.kind == WON and e.turn == 0 and e.actor == me
                                                 for e in _blows(position, verdict)))  # fmt: skip
    if not line:
        return False
    if idea.kind == THREAT:
        return bool(verdict.threats) and _parried(position, line[0])
    if idea.kind in (TARGET, BUILDING, ATTACK):
        return any(_same_blow(idea, e) for e in _blows(position, verdict) if e.turn <= BLOW_HORIZON)
    act = acting(position, line)
    if idea.kind in (NEAR, OPENED):
        return _set_up(position, line, act, idea)
    if idea.kind == DANGER:
        named = {Lit(SHIP, idea.system.lower(), me, p) for p in idea.pieces}
        saved = not any(e.victim == me and e.turn == 1 and e.system.lower() == idea.system.lower()
                        and set(e.pieces) & set(idea.pieces) for e in _blows(position, verdict))  # fmt: skip
        return saved and (bool(named & act.pieces) or idea.system.lower() in acting(position, line[:1]).systems)
    if idea.kind == FOCUS:
        # Its words say that no blow lands this turn: the best turn captures and destroys nothing.
        quiet = not any(e.turn == 0 and e.actor == me for e in _blows(position, verdict))
        said = set(idea.groups) <= set(verdict.strengthens)  # what it strengthens is the verdict's own
        return quiet and said and idea.system.lower() in acting(position, line[:1]).systems
    if idea.kind == WEAK_HOME:
        return idea.system.lower() in acting(position, line[:1]).systems
    return False


def _set_up(position: Position, line: Sequence[Turn], act: Acting, idea: Idea) -> bool:
    """A catastrophe built up or a ship laid open by the best turn: true of the board after it, and the
    best turn plays at that system (a piece of the colour brought there; the captor brought there, or the
    ship named acting later in the line)."""
    try:
        after = _played(position, line[0])
    except HomeworldsError:
        return False
    system = after.system_named(idea.system)
    if after.is_over() or system is None or idea.owner is None:
        return False
    place = idea.system.lower()
    first = acting(position, line[:1])
    if idea.kind == NEAR:
        count = sum(1 for p in (*system.stars, *system.ships0, *system.ships1) if color_of(p) == idea.color)
        brought = any(p.system == place and p.owner == idea.player and color_of(p.piece) == idea.color
                      for p in first.pieces)  # fmt: skip
        return count == 3 and bool(system.ships_of(idea.owner)) and brought
    named = {Lit(SHIP, place, idea.owner, p) for p in idea.pieces}
    still = all(p in system.ships_of(idea.owner) for p in idea.pieces)
    return still and (place in first.systems or bool(named & act.pieces))


def _parried(position: Position, best: Turn) -> bool:
    """True when, after ``best``, the opponent has no win at once any more (the exact check the verdict's
    threats come from): no threat is left standing, the one listed or another."""
    try:
        after = _played(position, best)
    except HomeworldsError:
        return False
    if after.is_over():
        return after.winner() == position.to_move
    return find_win(after) is None


def _played(position: Position, turn: Turn) -> Position:
    state = start_turn(position)
    for a in turn:
        if not isinstance(a, EndTurn):
            state = apply_checked(state, a)  # type: ignore[arg-type]
    return end_turn(state.position)


# --- finding the ideas ---


def _home_name(position: Position, player: int) -> str:
    home = position.home_of(player)
    return home.name if home is not None else ""


def _from_event(event: Event, me: int, position: Position) -> Idea | None:
    """The idea of one of the player's blows (an event of the line or of ``Why``)."""
    if event.actor != me:
        return None
    them = opponent_of(me)
    if event.kind == CAPTURE:
        return Idea(TARGET, me, event.system, event.pieces, them, turn=event.turn, at_home=event.at_home)
    if event.kind == CATASTROPHE and event.color is not None:
        return Idea(BUILDING, me, event.system, color=event.color, turn=event.turn, at_home=event.at_home)
    if event.kind == WON:
        return Idea(ATTACK, me, event.system or _home_name(position, them), turn=event.turn, at_home=True)
    return None


def candidates(position: Position, verdict: Verdict) -> list[Idea]:
    """Every idea the verdict suggests, most pressing first, before the check."""
    me = position.to_move
    proof = verdict.proof_for(me)
    if proof is not None and proof.result == LOSS:
        return [Idea(LOST, me, turns=proof.turns)]
    out: list[Idea] = []
    them = opponent_of(me)
    if proof is not None and proof.result == WIN:
        out.append(Idea(PROVEN_WIN, me, _home_name(position, them), turns=proof.turns, at_home=True))
    if verdict.threats:
        out.append(Idea(THREAT, me, _home_name(position, me), at_home=True))
    blows = [e for e in _blows(position, verdict) if e.turn <= BLOW_HORIZON and e.actor == me and e.turn % 2 == 0]
    why = verdict.why
    if why is not None:
        blows += [e for e in why.threatens if e.actor == me]
    for event in blows:
        idea = _from_event(event, me, position)
        if idea is not None and idea not in out:
            out.append(idea)
    out += _set_ups(position, verdict)
    if why is not None:
        for event in why.parried:
            if event.kind == CAPTURE and event.victim == me:
                out.append(Idea(DANGER, me, event.system, event.pieces, me, at_home=event.at_home))
    if any(g in HOME_GROUPS for g in verdict.strengthens):
        out.append(Idea(WEAK_HOME, me, _home_name(position, me), at_home=True))
    if verdict.best is not None:
        where = _focus(position, verdict.best)
        if where:
            out.append(Idea(FOCUS, me, where, at_home=where.lower() == _home_name(position, me).lower(),
                            groups=verdict.strengthens))
    return out


def _set_ups(position: Position, verdict: Verdict) -> list[Idea]:
    """What the best turn sets up against the opponent on the board (``ai.reasons.changes``): a
    catastrophe building where their ships stand, a ship of theirs open to capture."""
    if verdict.best is None:
        return []
    me = position.to_move
    them = opponent_of(me)
    try:
        after = _played(position, verdict.best)
    except HomeworldsError:
        return []
    if after.is_over():
        return []
    out = []
    for reason in changes(position, after, them):
        if reason.kind == CATASTROPHE_NEAR and reason.colour is not None:
            out.append(Idea(NEAR, me, reason.system, owner=them, color=reason.colour, at_home=reason.at_home))
        elif reason.kind == CAPTURABLE and reason.piece is not None:
            out.append(Idea(OPENED, me, reason.system, (reason.piece,), them, at_home=reason.at_home))
    return out


def _focus(position: Position, turn: Turn) -> str:
    """The system where ``turn`` plays its main action (its last one on the board: a sacrifice's
    powered actions come after it), by the board's own spelling; "" for none."""
    names = []
    for a in turn:
        for name in (getattr(a, "system", None), getattr(a, "destination", None), getattr(a, "origin", None)):
            if name and position.system_named(name) is not None:
                names.append(position.system_named(name).name)  # type: ignore[union-attr]
                break
    return names[-1] if names else ""


def ideas_of(position: Position, verdict: Verdict, most: int = MOST_IDEAS) -> tuple[Idea, ...]:
    """The first rung: at most ``most`` ideas of ``verdict`` at ``position`` that pass ``holds``; a
    place to look (``FOCUS``) only when no other idea does."""
    kept: list[Idea] = []
    for idea in candidates(position, verdict):
        if len(kept) == most:
            break
        if idea.kind == FOCUS and kept:
            continue
        if any(_repeats(idea, k) for k in kept):
            continue
        if holds(position, verdict, idea):
            kept.append(idea)
    return tuple(kept)


def _repeats(idea: Idea, other: Idea) -> bool:
    """True when ``idea`` says again what ``other`` said (the same blow seen twice)."""
    return (idea.kind, idea.system.lower(), idea.pieces, idea.color) == (
        other.kind, other.system.lower(), other.pieces, other.color)


def lit_pieces(position: Position, verdict: Verdict, ideas: Iterable[Idea] = ()) -> tuple[Lit, ...]:
    """The second rung: the pieces on the board the best turn plays with (ships, stars, bank pieces),
    then the ships ``ideas`` name; each one a piece of the verdict's line."""
    line = whole_line(verdict)
    if not line:
        return ()
    first = acting(position, line[:1]).pieces
    out: list[Lit] = [p for p in sorted(first, key=_order) if _present(position, p)]
    everything = acting(position, line).pieces | first
    for idea in ideas:
        if idea.owner is None:
            continue
        for p in idea.pieces:
            lit = Lit(SHIP, idea.system.lower(), idea.owner, p)
            if lit in everything and lit not in out and _present(position, lit):
                out.append(lit)
    return tuple(out)


def _order(lit: Lit) -> tuple:
    return (lit.kind, lit.system, -1 if lit.owner is None else lit.owner, lit.piece)


def _present(position: Position, lit: Lit) -> bool:
    """True when ``lit`` is on the board now (a ship built by the turn itself is not yet)."""
    if lit.kind == BANK:
        return position.bank[lit.piece] > 0
    system = position.system_named(lit.system)
    if system is None:
        return False
    if lit.kind == STAR:
        return lit.piece in system.stars
    return lit.owner is not None and lit.piece in system.ships_of(lit.owner)


def ladder_of(position: Position, verdict: Verdict) -> Ladder:
    """The three rungs of the hint of ``verdict`` at ``position`` (the start of the side to move's turn)."""
    ideas = ideas_of(position, verdict)
    return Ladder(ideas, lit_pieces(position, verdict, ideas), verdict.best)


__all__ = ["ATTACK", "BUILDING", "DANGER", "FOCUS", "KINDS", "LOST", "MOST_IDEAS", "NEAR", "OPENED", "PROVEN_WIN",
           "TARGET",
           "THREAT", "WEAK_HOME", "Acting", "Idea", "Ladder", "Lit", "acting", "candidates", "holds", "ideas_of",
           "ladder_of", "lit_pieces", "whole_line"]  # fmt: skip
