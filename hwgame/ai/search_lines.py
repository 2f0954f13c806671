"""After a search: the line it expects, and the exact score of a turn it did not choose.

A review compares the turn a player made with the search's best in the same search
(``search(..., also=turn)``): ``score_turn`` searches that turn as deep as the root's candidates were,
and ``expected_line`` reads the turns expected after either from the table of best children.
"""

from __future__ import annotations

from hwgame.rules import PLAYING, Position, PositionKey, Turn, apply_turn_unchecked

from .evaluate import WIN
from .search_params import Aborted, SearchResult, SearchState
from .tactics import find_win, win_possible


def score_turn(s: SearchState, position: Position, after: Position) -> float:
    """The score for the mover at ``position`` (the root just searched) of the turn that leads to
    ``after``, searched as deep as the root's candidates were and with a full window, so that it
    compares exactly with the chosen turn's score. It gets a budget of its own (the root's budget
    is spent); if even that runs out, the depth-one score stands in."""
    me = position.to_move
    if after.is_over():
        winner = after.winner()
        return 0.0 if winner is None else (WIN - 1 if winner == me else -(WIN - 1))
    if s.depth_done >= 2:
        s.node_cap = None if s.p.node_limit is None else s.nodes + s.p.node_limit
        s.soft = s.clock() + s.p.time_limit
        s.hard = s.soft + s.p.time_limit
        try:
            return -s.negamax(after, s.depth_done - 1, -WIN * 2, WIN * 2, 1)
        except Aborted:
            if s.was_cancelled:
                raise
    try:
        if s.p.safety and win_possible(after) and find_win(after, s.safety_tick) is not None:
            return -(WIN - 2)
    except Aborted:
        if s.was_cancelled:
            raise
    return s.score_for_mover(after)


def expected_line(s: SearchState, after: Position, most: int = 4) -> list[Turn]:
    """The turns the search expects after the position ``after`` (the opponent's reply first), read
    from the table of best children, ending with a turn that wins at once where one was found."""
    out: list[Turn] = []
    pos = after
    seen: set[PositionKey] = set()
    while len(out) < most and not pos.is_over() and pos.stage >= PLAYING:
        key = pos.key()
        if key in seen:
            break
        seen.add(key)
        entry = s.tt.get(hash(key))
        if entry is not None and entry[0] == 99:
            win = find_win(pos)
            if win is not None:
                out.append(win)
            break
        child = None
        if entry is not None and entry[3] is not None:
            child = next((k for k in s.children_cache.get(key, ()) if hash(k.key) == entry[3]), None)
        if child is None:
            break
        out.append(child.turn)
        pos = child.position
    return out


def explain(s: SearchState, position: Position, result: SearchResult, also: Turn | None) -> None:
    """Add to ``result`` the line expected after its turn and, when ``also`` (a legal turn at
    ``position``) is given, that turn's exact score and line (see ``score_turn``)."""
    if result.turn is None or position.stage < PLAYING:
        return
    chosen = apply_turn_unchecked(position, result.turn)
    result.line = expected_line(s, chosen)
    if also is None:
        return
    after = apply_turn_unchecked(position, also)
    if after.key() == chosen.key():
        result.also_score, result.also_line = result.score, list(result.line)
        return
    result.also_score = score_turn(s, position, after)
    result.also_line = expected_line(s, after)


__all__ = ["expected_line", "explain", "score_turn"]
