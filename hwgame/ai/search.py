"""The searcher: iterative-deepening alpha-beta (negamax) over whole turns.

Written only against the rules API: positions, ``legal_actions``/``apply_action`` (through
``turns.scored_turns``) and the end-of-turn check. The unit of search is a whole turn.

- A win this turn is never missed: ``tactics.find_win`` is exact and runs before anything else.
- With a ``win2_nodes`` budget, a win in two is then looked for and proven over every reply
  (``wintwo``): the root's best candidates first, then the arrivals at the enemy home (``arrivals``)
  and the other candidates, then every other successor, while the budget lasts.
- Depth 1 ranks every root successor by the static evaluation (``evaluate``). The root's candidates
  include the strikes at the enemy home that the beam drops (``strikes``).
- With ``safety`` on, a candidate after which the opponent has a winning reply is refused whenever
  another candidate avoids it (``tactics.win_possible`` is a cheap necessary condition, so most
  candidates cost almost nothing to check).
- Deeper iterations search the ``root_keep`` best candidates; inner nodes keep ``inner_keep``
  children, ordered by transposition-table move, killer turns, then static score. Inside big
  sacrifices successors come from a beam (``width``) and a ``cap`` bounds their number, which keeps a
  2-ply look affordable when a position has hundreds of thousands of successors.
- Every node at depth one or more first asks whether its side to move wins at once, and a node one
  ply above the leaves skips the children after which the next player wins at once, so threats
  that cannot all be parried show up without a deeper search.
- Time, node count and a cancel flag are checked through ``tick``; the search yields the GIL every
  few hundred nodes (``time.sleep(0)``) when asked to (``yield_every``), for a drawing thread of
  the same process.
- Its tables are bounded, so a search without end (``go infinite``) stays within its memory: the
  transposition table holds at most ``TT_ENTRIES`` positions (the older half goes when it is full),
  the cache of successors at most ``CACHED_SUCCESSORS`` successors, the killers two turns a ply.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Mapping, Sequence
from itertools import islice

from hwgame.rules import PLAYING, Position, PositionKey, Turn, apply_turn_unchecked

from .evaluate import WIN, evaluate
from .root_checks import safe_first, win_in_two
from .search_lines import explain
from .search_params import (
    CONTEMPT,
    CONTEMPT_EVEN,
    EXACT,
    LIKELY,
    LOWER,
    PROVEN,
    UPPER,
    Aborted,
    Cancel,
    CancelFlag,
    Progress,
    SearchParams,
    SearchResult,
    cancel_test,
    is_proven,
)
from .strikes import catastrophe_strikes
from .tactics import find_win, win_possible
from .turns import Scored, scored_turns

# The transposition table's bound, in positions. A level's search stores a few thousand; an analysis
# without end a few dozen more every second, for as long as it runs. An entry is kept under the hash of
# the position's key, and names its best child by the hash of that child's key: about 220 bytes (11 MB
# full), where the keys themselves took about 1.4 KB (two 64-bit hashes that agree for two different
# positions are too rare to matter, as in any engine's table). Full, the table forgets its older half:
# the entries of the shallow iterations long done, while those of the running one stay.
TT_ENTRIES = 50_000
# The cache of inner nodes' successors: bounded in successors kept (each holds its position), since
# millions of cached positions would also make the garbage collector pause for a long time.
CACHED_SUCCESSORS = 60_000


class Searcher:
    """One search of one position; create a new one per move."""

    def __init__(
        self, params: SearchParams, cancel: Cancel = None, progress: Callable[[Progress], None] | None = None
    ) -> None:
        self.p = params
        self.cancelled = cancel_test(cancel)
        self.progress = progress
        self.weights = params.weights
        self.nodes = 0
        # Budgets run on the process's CPU time unless ``wall_clock`` is asked for: on a busy machine
        # the computer then plays as well, only slower; a wall-clock backstop still bounds it.
        self.clock = time.perf_counter if params.wall_clock else time.process_time
        self.wall_start = time.perf_counter()
        self.start = self.clock()
        self.node_cap = params.node_limit
        self.soft = self.start + params.time_limit
        self.hard = self.start + (params.hard_time if params.hard_time is not None else 3 * params.time_limit)
        # The safety check may run past the hard deadline (it comes first); this bounds even that.
        if params.panic_time is not None:
            self.panic = self.start + params.panic_time
        else:
            self.panic = self.hard + max(10.0, 4 * params.time_limit)
        # However busy the machine, no search runs past this (wall clock; the window's worker waits a
        # little longer before it calls a search hung).
        slack = 0.0 if params.wall_clock else 0.5 * params.time_limit
        self.wall_limit = self.wall_start + (self.panic - self.start) * params.wall_factor + slack
        # Per position, by the hash of its key: (depth, score, bound flag, the hash of the best child's
        # key or None); see ``store``.
        self.tt: dict[int, tuple[int, float, int, int | None]] = {}
        self.tt_entries = TT_ENTRIES
        self.killers: dict[int, list[Turn]] = {}
        self.children_cache: dict[PositionKey, list[Scored]] = {}
        self.cached = 0  # successors held in children_cache
        self.depth_done = 0
        self.best: Scored | None = None
        self.was_cancelled = False
        self.history: Mapping[PositionKey, int] = params.history or {}
        # Successors met twice already would be a third occurrence: a draw (standard rules).
        self.draw_keys = {k for k, n in self.history.items() if n >= 2}
        self.root_mover = 0
        self.contempt = 0.0
        self.lead = 0.0  # the root's static value for its mover

    # --- budget ---
    def tick(self) -> None:
        """Count a node; raise Aborted when out of time or nodes or cancelled."""
        self.nodes += 1
        if self.nodes & 7:
            return
        self._check(self.soft)
        if self.node_cap is not None and self.nodes > self.node_cap:
            raise Aborted

    def hard_tick(self) -> None:
        """Like tick, but only cancel and the hard deadline stop it (root work that must finish)."""
        self.nodes += 1
        if self.nodes & 7:
            return
        self._check(self.hard)

    def safety_tick(self) -> None:
        """Like tick, but only a cancel and the panic deadline stop it (the safety check)."""
        self.nodes += 1
        if self.nodes & 7:
            return
        self._check(self.panic)

    def _check(self, deadline: float) -> None:
        # Checked every 8 nodes (a node costs well under a millisecond), so a cancel lands fast.
        if self.cancelled():
            self.was_cancelled = True
            raise Aborted
        if self.clock() > deadline or time.perf_counter() > self.wall_limit:
            raise Aborted
        if self.p.yield_every and not self.nodes % self.p.yield_every:
            time.sleep(0)  # let a drawing thread take the GIL

    # --- helpers ---
    def draw_value(self, player: int) -> float:
        """What a draw by repetition is worth to ``player``: less than nothing to the side that stands
        better at the root (contempt), so it plays on instead of repeating."""
        return -self.contempt if player == self.root_mover else self.contempt

    def score_for_mover(self, end: Position) -> float:
        """Static value of a successor for the player who just moved."""
        return -evaluate(end, self.weights)

    def children(self, position: Position, ply: int) -> list[Scored]:
        """Scored successors of an inner node (cached: iterative deepening asks again)."""
        key = position.key()
        found = self.children_cache.get(key)
        if found is None:
            found = scored_turns(position, self.score_for_mover, self.p.inner_width, self.p.inner_cap, self.tick)
            if self.cached < CACHED_SUCCESSORS:
                self.children_cache[key] = found
                self.cached += len(found)
        return found

    def store(self, slot: int, entry: tuple[int, float, int, int | None]) -> None:
        """Keep ``entry`` in the transposition table for the position whose key hashes to ``slot``; a full
        table (``tt_entries``) first forgets the older half of its entries (in the order first stored)."""
        tt = self.tt
        if len(tt) >= self.tt_entries and slot not in tt:
            for old in list(islice(tt, len(tt) // 2)):
                del tt[old]
        tt[slot] = entry

    def report(self, depth: int) -> None:
        if self.progress is not None and self.best is not None:
            self.progress(
                {"depth": depth, "nodes": self.nodes, "turn": self.best.turn, "score": self.best.score,
                 "seconds": time.perf_counter() - self.wall_start}
            )  # fmt: skip

    # --- negamax ---
    def negamax(self, pos: Position, depth: int, alpha: float, beta: float, ply: int) -> float:
        """Value of ``pos`` for its side to move, searched ``depth`` more turns."""
        self.tick()
        lost = pos.losers()
        if lost:
            if len(lost) == 2:
                return 0.0
            return -(WIN - ply) if lost[0] == pos.to_move else WIN - ply
        key = pos.key()
        if key in self.draw_keys and pos.rules.repetition_draw:
            return self.draw_value(pos.to_move)
        if depth == 0:
            return evaluate(pos, self.weights)
        slot = hash(key)
        entry = self.tt.get(slot)
        tt_best = None
        if entry is not None:
            e_depth, e_score, e_flag, tt_best = entry
            if e_depth >= depth:
                if e_flag == EXACT:
                    return e_score
                if e_flag == LOWER and e_score >= beta:
                    return e_score
                if e_flag == UPPER and e_score <= alpha:
                    return e_score
        if win_possible(pos) and find_win(pos, self.tick) is not None:
            self.store(slot, (99, WIN - ply, EXACT, None))
            return WIN - ply
        kids = self.children(pos, ply)
        if not kids:
            return evaluate(pos, self.weights)
        if depth == 1:
            best, best_key = self._leaf_choice(kids, pos, ply)
            self.store(slot, (1, best, EXACT, None if best_key is None else hash(best_key)))
            return best
        order = self._ordered(kids, tt_best, ply)
        alpha0 = alpha
        best_score: float = -WIN * 2
        best_key = None
        for child in order:
            score = -self.negamax(child.position, depth - 1, -beta, -alpha, ply + 1)
            if score > best_score:
                best_score, best_key = score, child.key
            if score > alpha:
                alpha = score
            if alpha >= beta:
                killers = self.killers.setdefault(ply, [])
                if child.turn not in killers:
                    killers.insert(0, child.turn)
                    del killers[2:]
                break
        if best_score <= -PROVEN and alpha < beta:
            best_score, best_key = self._escape(kids, order, best_score, best_key, ply)
        flag = UPPER if best_score <= alpha0 else LOWER if best_score >= beta else EXACT
        self.store(slot, (depth, best_score, flag, None if best_key is None else hash(best_key)))
        return best_score

    def _leaf_choice(self, kids: list[Scored], pos: Position, ply: int) -> tuple[float, PositionKey | None]:
        """The best static child of a depth-1 node, skipping children that let the next player win at
        once (a cheap quiescence: it shows threats that cannot all be parried). Children were scored
        on generation, so no evaluation happens here.

        A loss is only claimed as proven when every successor was generated and every one of them
        lets the opponent win; with successors left out, it is only LIKELY."""
        draws = self.draw_keys if pos.rules.repetition_draw else ()
        if draws:
            drawn = self.draw_value(pos.to_move)
            kids = sorted(kids, key=lambda k: -(drawn if k.key in draws else k.score))
        for k in kids:
            if k.position.is_over():
                if k.score > -PROVEN:
                    return k.score, k.key  # a win, or a draw by elimination of both
                continue  # a turn that loses at once: no better than the fallback below
            if not win_possible(k.position) or find_win(k.position, self.tick) is None:
                return (self.draw_value(pos.to_move) if k.key in draws else k.score), k.key
        if getattr(kids, "complete", True):
            return -(WIN - ply - 1), None
        return -(LIKELY - ply - 1), None

    def _escape(
        self, kids: list[Scored], searched: list[Scored], best_score: float, best_key: PositionKey | None, ply: int
    ) -> tuple[float, PositionKey | None]:
        """Every searched child lost: look for one left unsearched that does not lose at once.

        Such a child scores its static value (it was not searched as deeply); without one, the loss
        stays proven only when every successor was generated."""
        tried = {id(k) for k in searched}
        for k in kids:
            if id(k) in tried or (k.position.is_over() and k.score <= -PROVEN):
                continue
            if k.position.is_over():
                return k.score, k.key
            if not win_possible(k.position) or find_win(k.position, self.tick) is None:
                return k.score, k.key
        if getattr(kids, "complete", True):
            return best_score, best_key
        return max(best_score, -(LIKELY - ply)), best_key

    def _ordered(self, kids: list[Scored], tt_best: int | None, ply: int) -> list[Scored]:
        keep = kids[: self.p.inner_keep]
        first = []
        if tt_best is not None:
            found = next((k for k in kids if hash(k.key) == tt_best), None)
            if found is not None:
                first.append(found)
        killers = self.killers.get(ply, ())
        if killers:
            first += [k for k in kids[: self.p.inner_keep * 3] if k.turn in killers and all(k is not f for f in first)]
        if not first:
            return keep
        taken = {id(k) for k in first}
        return first + [k for k in keep if id(k) not in taken]

    # --- root ---
    def run(self, position: Position) -> SearchResult:
        """Search ``position`` and return the chosen turn (see module docstring)."""
        if position.stage < PLAYING:
            return self._setup(position)
        if position.is_over():
            raise ValueError("the game is over: there is no turn to search")
        self.root_mover = position.to_move
        self.lead = evaluate(position, self.weights)
        try:
            win = find_win(position, self.hard_tick)
            if win is not None:
                return self._result(win, WIN, 1, won=True)
            roots: list[Scored] = scored_turns(position, self.score_for_mover, self.p.root_width, self.p.root_cap,
                                               self.hard_tick)  # fmt: skip
        except Aborted:
            if self.was_cancelled:
                return self._result(None, 0.0, 0, cancelled=True)
            roots = scored_turns(position, self.score_for_mover, 1, 200)
        self.add_strikes(position, roots)
        self.roots = roots  # kept with the searcher, freed later (see ``search``)
        if roots:
            # The standing: in the middle of an exchange the board undervalues the side about to take
            # back what it lost, so what its best turn makes of it counts when that is higher.
            self.lead = max(self.lead, roots[0].score)
        if self.draw_keys:
            # Half the lead and a little more, within bounds: a draw is worse than playing on when even
            # or ahead, and welcome when well behind.
            self.contempt = max(-CONTEMPT, min(CONTEMPT, CONTEMPT_EVEN + self.lead / 2))
        self.best = roots[0]
        self.depth_done = 1
        self.report(1)
        scores = {r.key: r.score for r in roots}
        if self.draw_keys and position.rules.repetition_draw:
            for k in scores:
                if k in self.draw_keys and not is_proven(scores[k]):
                    scores[k] = self.draw_value(position.to_move)  # the third occurrence: a draw
        try:
            two = win_in_two(self, position, roots)
        except Aborted:
            return self._result(self.best.turn, self.best.score, 1, ranked=roots, cancelled=True)
        if two is not None:
            # Proven over every reply: no deeper search changes it, and no safety check is needed.
            scores[two.key] = WIN - 2
            self.best, self.depth_done = Scored(WIN - 2, two.turn, two.position, two.key), 2
            self.report(2)
            ranked = sorted(roots, key=lambda r: -scores[r.key])
            return self._result(two.turn, WIN - 2, 2, ranked=ranked, scores=scores)
        if self.p.safety:
            try:
                roots = safe_first(self, position, roots, scores)
            except Aborted:
                if self.was_cancelled:
                    return self._result(self.best.turn, self.best.score, 1, ranked=roots, cancelled=True)
        self.best = max(roots, key=lambda r: scores[r.key])
        ranked = roots
        for depth in range(2, self.p.max_depth + 1):
            try:
                ranked = self._iterate(roots, depth, scores)
            except Aborted:
                break
            self.depth_done = depth
            roots = ranked
            self.report(depth)
            if is_proven(scores[ranked[0].key]):
                break  # a proven result: deeper search will not change it
        ranked = sorted(roots, key=lambda r: -scores[r.key])
        best = ranked[0]
        return self._result(best.turn, scores[best.key], self.depth_done, ranked=ranked,
                            scores=scores, cancelled=self.was_cancelled)  # fmt: skip

    def add_strikes(self, position: Position, roots: list[Scored]) -> None:
        """Add to the root's candidates the strikes at the enemy home the beam left out
        (``strikes.catastrophe_strikes``), in the order of their static scores."""
        strikes = catastrophe_strikes(position)
        if not strikes:
            return
        have = {r.key for r in roots}
        for turn in strikes:
            after = apply_turn_unchecked(position, turn)
            key = after.key()
            if key not in have:
                roots.append(Scored(self.score_for_mover(after), turn, after, key))
        roots.sort(key=lambda r: -r.score)

    def _iterate(self, roots: list[Scored], depth: int, scores: dict[PositionKey, float]) -> list[Scored]:
        """One iteration at ``depth`` over the best root candidates; updates ``scores``."""
        order = sorted(roots, key=lambda r: -scores[r.key])
        keep = [r for r in order[: self.p.root_keep] if scores[r.key] > -PROVEN]
        if not keep:
            return order
        alpha: float = -WIN * 2
        new: dict[PositionKey, float] = {}
        try:
            for r in keep:
                score = -self.negamax(r.position, depth - 1, -WIN * 2, -alpha, 1)
                new[r.key] = score
                if score > alpha:
                    alpha = score
                    self.best = Scored(score, r.turn, r.position, r.key)
                    self.report(depth)
        finally:
            # A cut iteration still counts once its first (previously best) candidate is done: the
            # best searched candidate is then at least as good as what the last iteration chose.
            if new:
                for k, v in new.items():
                    scores[k] = v
                for r in order:
                    if r.key not in new:
                        scores[r.key] = min(scores[r.key], alpha - 1)
        return sorted(order, key=lambda r: -scores[r.key])

    def _setup(self, position: Position) -> SearchResult:
        """Choose a homeworld: the best-scored sensible setup (see ``bots.sensible_setups``)."""
        from .setup import rank_setups

        ranked = rank_setups(position)
        return self._result(ranked[0][1], ranked[0][0], 1, ranked=ranked)

    def _result(
        self,
        turn: Turn | None,
        score: float,
        depth: int,
        ranked: Sequence[Scored | tuple[float, Turn]] | None = None,
        scores: Mapping[PositionKey, float] | None = None,
        cancelled: bool = False,
        won: bool = False,
    ) -> SearchResult:
        listed: list[tuple[float, Turn]] = []
        if ranked:
            for r in ranked:
                if isinstance(r, Scored):
                    listed.append((scores[r.key] if scores else r.score, r.turn))
                else:
                    listed.append(r)
        seconds = time.perf_counter() - self.wall_start
        return SearchResult(turn, score, depth, self.nodes, seconds, listed, cancelled, won)


# The tables of the last search. Freeing a few hundred thousand positions takes tens of milliseconds;
# done at the start of the next search instead of at the end of this one, a cancelled search answers
# at once.
_deferred: list[Searcher] = []


def release_memory() -> None:
    """Free the tables the last search kept (the next search does it anyway)."""
    _deferred.clear()
    gc.unfreeze()


def search(
    position: Position,
    params: SearchParams,
    cancel: Cancel = None,
    progress: Callable[[Progress], None] | None = None,
    also: Turn | None = None,
) -> SearchResult:
    """Search ``position`` with ``params``; see ``Searcher``. The result holds the line the search
    expects after its turn; with ``also`` (a legal turn at ``position``, the one a player chose, say)
    it holds that turn's exact score at the same depth and its line too, for a review to compare."""
    release_memory()
    searcher = Searcher(params, cancel, progress)
    # The search makes millions of short-lived tuples and no reference cycles to speak of: the cycle
    # collector would only walk the growing tables again and again (about a tenth of the time).
    collecting = gc.isenabled()
    gc.disable()
    try:
        result = searcher.run(position)
        if not result.cancelled:
            try:
                explain(searcher, position, result, also)
            except Aborted:
                result.cancelled = searcher.was_cancelled
        return result
    finally:
        _deferred.append(searcher)
        # Kept out of the collector's sight until they are freed: walking these tables in the passes
        # that follow took a tenth of a second at the start of the next search.
        gc.freeze()
        if collecting:
            gc.enable()


__all__ = ["CACHED_SUCCESSORS", "LIKELY", "PROVEN", "TT_ENTRIES", "Aborted", "Cancel", "CancelFlag", "Progress",
           "SearchParams", "SearchResult", "Searcher", "cancel_test", "is_proven", "release_memory",
           "search"]  # fmt: skip
