"""The root's checks before and beside the deepening search (``search.Searcher.run``).

- ``win_in_two``: the proof of a forced win in two (``wintwo``) over the root's best candidates, then
  the turns that bring ships into the enemy home (``arrivals``), then the rest, within a budget of its
  own; a side far ahead (``CONVERT_LEAD``) gives it more, and the search's deadlines move on by what it
  took (``extend_budget``).
- ``safe_first``: candidates after which the opponent wins at once go last; when none of the
  generated ones is safe, ``defences`` streams every successor for one that is, those that act where
  the threats are first.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from itertools import islice
from typing import NamedTuple

from hwgame.rules import Position, PositionKey, Turn, apply_turn_unchecked

from .arrivals import arrivals
from .evaluate import WIN
from .proofs import KNOWN_WINS, passed, still_wins
from .search_params import CONVERT_FACTOR, CONVERT_LEAD, CONVERT_TIME, Aborted, SearchState
from .tactics import find_win, iter_wins, win_possible
from .turns import Scored
from .wintwo import Tick, find_win_in_two, threat_systems, touching_first

NAMED_SHARE = 8  # how many times its budget the proof may spend on the turns named to it (see win_in_two)


class Built(NamedTuple):
    """A turn built beside the search's candidates, with the position it reaches."""

    turn: Turn
    position: Position


def _arrivals(position: Position, tick: Tick) -> Iterator[Built]:
    """The turns of ``arrivals``, built only when first asked for."""
    for turn, after in arrivals(position, tick):
        yield Built(turn, after)


def win_in_two(s: SearchState, position: Position, roots: list[Scored]) -> Scored | None:
    """A root candidate proven to win in two over every reply, or None. The proof has a budget of its
    own (``win2_nodes``, and a share of the soft time), small beside the search's, and its nodes
    count in the search's; only a cancel raises Aborted."""
    budget = s.p.win2_nodes
    if budget == 0 or not roots:
        return None
    count = 0
    until = s.start + s.p.win2_share * s.p.time_limit
    converting = s.p.convert and s.lead >= CONVERT_LEAD
    began, wall_began = s.clock(), time.perf_counter()
    wall_until = s.wall_limit
    if converting:
        budget = None if budget is None else budget * CONVERT_FACTOR
        until = began + CONVERT_TIME * s.p.time_limit
        wall_until = wall_began + 3 * CONVERT_TIME * s.p.time_limit * s.p.wall_factor  # a busy machine

    # The named turns (the search's best, the arrivals) may use NAMED_SHARE times the budget: a real
    # threat among them is proven by walking every reply, thousands of them. The stream of every other
    # turn stops at the budget itself, which a position without a win spends there. (A side converting
    # a lead has a budget many times larger already.)
    limit = None if budget is None else budget * (1 if converting else NAMED_SHARE)

    def tick() -> None:
        nonlocal count
        count += 1
        if count & 7:
            return
        if s.cancelled():
            s.was_cancelled = True
            raise Aborted
        if limit is not None and count > limit:
            raise Aborted
        if s.clock() > until or time.perf_counter() > wall_until:
            raise Aborted

    def stream_tick() -> None:
        nonlocal limit
        limit = budget
        tick()

    draws = s.draw_keys if position.rules.repetition_draw else ()
    turn = None
    try:
        # The turns that bring ships into the enemy home come right after the search's best: the first
        # turn of most wins in two the beam drops is one of them (``arrivals``). Screening every one of
        # the root's long list first would spend the budget before them.
        keep = s.p.root_keep
        turn = find_win_in_two(position, roots[:keep], tick, draws, then=(_arrivals(position, tick), roots[keep:]),
                               stream_tick=stream_tick)
    except Aborted:
        if s.was_cancelled:
            raise
    finally:
        s.nodes += count  # within the search's budget: a node budget holds whatever the proof took
        if converting:
            extend_budget(s, s.clock() - began, time.perf_counter() - wall_began, count)
        elif budget is not None and count > budget and s.node_cap is not None:
            # What the named turns took beyond the proof's own budget is not taken from the search's:
            # a long walk over the replies of a threat leaves the search its depth (the time share
            # still bounds the proof).
            s.node_cap += count - budget
    if turn is None:
        return None
    found = next((r for r in roots if r.turn == turn), None)
    if found is None:  # one the beam left out, found among every successor
        after = apply_turn_unchecked(position, turn)
        found = Scored(s.score_for_mover(after), turn, after, after.key())
        roots.append(found)
    return found


def extend_budget(s: SearchState, seconds: float, wall: float, nodes: int) -> None:
    """Give the search back what a proof of its own budget took: its deadlines move on by
    ``seconds`` (``wall`` for the wall-clock backstop) and its node budget by ``nodes``."""
    s.soft += seconds
    s.hard += seconds
    s.panic += seconds
    s.wall_limit += wall
    if s.node_cap is not None:
        s.node_cap += nodes


def safe_first(
    s: SearchState, position: Position, roots: list[Scored], scores: dict[PositionKey, float]
) -> list[Scored]:
    """Mark candidates after which the opponent wins at once; return the list with safe ones first.

    Safety comes before the time budget: candidates are checked in static order until
    ``root_keep`` are safe, or the hard deadline has passed and at least one is; only a cancel
    or the ``panic`` deadline stops the check earlier. If every generated candidate is unsafe
    (the beam may have cut the saving turn), every successor is tried."""
    safe: list[Scored] = []
    unsafe: list[Scored] = []
    cut = False
    try:
        for r in roots:
            if len(safe) >= s.p.root_keep or (safe and s.clock() > s.hard):
                break
            if r.position.is_over():
                continue  # a loss (or a draw) for the mover: its static score already says so
            if not win_possible(r.position) or find_win(r.position, s.safety_tick) is None:
                safe.append(r)
            else:
                unsafe.append(r)
                scores[r.key] = -(WIN - 2)
    except Aborted:
        if s.was_cancelled:
            raise
        cut = True  # the panic deadline: what was checked decides
    if not safe and s.p.survive > 0:
        # Every turn is looked at, however long the budget was: a turn that survives is never
        # missed because a beam, a cap or the clock left it out.
        safe = defences(s, position, scores, survive=True)
    elif not safe and not cut and not getattr(roots, "complete", True):
        safe = defences(s, position, scores)
    placed = {id(r) for r in safe} | {id(r) for r in unsafe}
    rest = [r for r in roots if id(r) not in placed]
    if cut and safe:
        # Unchecked candidates never win over a checked safe one.
        floor = max(scores[r.key] for r in safe) - 1
        for r in rest:
            scores[r.key] = min(scores[r.key], floor)
    return safe + rest + unsafe if safe else roots


def defences(
    s: SearchState, position: Position, scores: dict[PositionKey, float], most: int = 48, survive: bool = False
) -> list[Scored]:
    """Successors after which the opponent cannot win at once, found among every successor
    (no beam); only those are evaluated, and at most ``most`` are kept. With ``survive`` the
    stream is bounded by ``SearchParams.survive`` seconds instead of the panic deadline, and stops
    a moment after the first surviving turn."""
    found: list[Scored] = []
    tick = s.safety_tick
    if survive:
        until = time.perf_counter() + s.p.survive
        enough: list[float] = []  # when to stop once a surviving turn is found

        def tick() -> None:
            s.nodes += 1
            if s.nodes & 7:
                return
            if s.cancelled():
                s.was_cancelled = True
                raise Aborted
            now = time.perf_counter()
            if now > until or (enough and now > enough[0]):
                raise Aborted

    try:
        # The opponent's wins if nothing changed: most turns leave one of them standing, which a replay of
        # that win tells at once; only a turn that spoils every win known so far costs a search of its own
        # (and a win it finds joins the known ones).
        wins: list[Turn] = list(islice(iter_wins(passed(position), tick), KNOWN_WINS))
        # Streamed: positions and turns are only spelled out for the successors looked at. Those that
        # act where the threats are come first: a surviving turn nearly always does.
        near = set().union(*(threat_systems(position, w, position.to_move) for w in wins))
        for successor in touching_first(position, near):
            tick()
            after = successor.position
            if after.is_over():
                continue
            if any(still_wins(after, w) for w in wins):
                continue
            win = find_win(after, tick) if win_possible(after) else None
            if win is not None:
                wins.insert(0, win)
                del wins[KNOWN_WINS:]
            else:
                found.append(Scored(s.score_for_mover(after), successor.turn, after, after.key()))
                if survive and not enough:
                    enough.append(time.perf_counter() + min(0.5, s.p.time_limit / 2))
                if len(found) >= most:
                    break
    except Aborted:
        if s.was_cancelled:
            raise
    found.sort(key=lambda r: -r.score)
    for r in found:
        scores[r.key] = r.score
    return found


__all__ = ["defences", "extend_budget", "safe_first", "win_in_two"]
