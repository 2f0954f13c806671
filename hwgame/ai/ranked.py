"""The best few root turns of a position, each with a score of its own: a search of ranked lines.

A study board shows not one best turn but the ``count`` best, each judged. ``search_ranked`` finds them
by iterative deepening over whole turns, with the searcher's own negamax (``search.Searcher``), alone
or on helper processes (``parallel``, the candidates handed out as ``rootsplit`` does).

- **The root's candidates** are the searcher's (``turns.scored_turns`` under the root's beam and cap),
  with a turn that wins at once added where the beam left it out (``tactics.find_win`` is exact), and
  the strikes at the enemy home it left out (``strikes``).
- **Exact checks first.** In their static order, candidates are checked until ``root_keep`` (at least
  ``count``) survive: a turn that wins at once is a proven win, one that ends the game drawn or makes a
  board's third occurrence (where the rules draw it) a proven draw, and one after which the opponent
  wins at once (or that loses at once) a proven loss. These are never searched. When no generated
  candidate survives and the beam left turns out, every successor is streamed for a turn that does
  (``proofs.surviving_turn``); with fewer than ``count`` survivors, more are looked for among every
  successor for a moment (``LOOK_FOR_MORE``). The proof of a win in two (``root_checks.win_in_two``) runs over the
  survivors with the parameters' budget.
- **A window that keeps the ``count`` best exact.** Each iteration searches the best ``root_keep``
  survivors (at least ``count``), in the order of the last iteration's scores, each with the
  ``count``-th best score of the iteration so far as its lower bound (a multi-line search; the
  single search's bound is the best score). A candidate that beats the bound has an exact score; one
  that does not has only an upper bound, below every one of the ``count`` best. Candidates proven by
  the checks, and those whose exact score a search proved, are settled: they hold their scores, count
  in the bound, and are not searched again.
- **Only whole iterations count.** After each one, ``on_depth`` hears the ``count`` best (exact ones
  first among equal scores) with the line the search expects after each; an iteration cut by the
  budget or a cancel is dropped, and the last whole one stands. ``done`` says that nothing would
  change deeper: the depth limit, every line shown proven, or nothing left to search.

Scores are the mover's, in the searcher's units: a win at once ``WIN``, a win the search proved past
``PROVEN``; a proven loss at once ``-(WIN - 1)`` (the opponent's next turn) or ``-WIN``.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from dataclasses import dataclass, replace

from hwgame.rules import Position, PositionKey, Turn, apply_turn_unchecked, iter_turns

from .evaluate import WIN, evaluate
from .parallel import Helper, Pool, Task, pool
from .proofs import DRAW, LOSS, Proven, proven_of_score, survives, surviving_turn
from .proofs import WIN as WON
from .root_checks import win_in_two
from .rootsplit import RootSplit
from .search import Aborted, Cancel, SearchParams, is_proven, release_memory
from .search_params import CONTEMPT, CONTEMPT_EVEN, PROVEN
from .tactics import find_win, win_possible
from .turns import Scored, scored_turns

LOWEST = -WIN * 2  # a bound below any score
# The bound sits this far below the ``count``-th best score, so that a candidate equal to it is exact.
TIE = 1e-6
MOST_LINES = 64  # lines a ranked search keeps track of at most
# Seconds spent looking beyond the beam for more turns that survive a threat, when fewer than asked for do.
LOOK_FOR_MORE = 2.0


@dataclass(frozen=True)
class RootLine:
    """One of the ranked turns: its ``score`` for the mover (see the module docstring), the ``line``
    expected after it (the opponent's reply first), and ``proven`` where the result is certain (a check
    at the root, or a win the search proved over every reply)."""

    turn: Turn
    score: float
    line: tuple[Turn, ...] = ()
    proven: Proven | None = None


@dataclass(frozen=True)
class RankedDepth:
    """The ranked turns after the whole iteration ``depth``, best first, with the nodes and seconds spent
    so far (the answer of a search cut short counts its unfinished iteration too) and whether anything
    could change deeper (``done`` False)."""

    depth: int
    lines: tuple[RootLine, ...]
    nodes: int
    seconds: float
    done: bool


OnDepth = Callable[[RankedDepth], None]


def search_ranked(position: Position, params: SearchParams, count: int, cancel: Cancel = None,
                  on_depth: OnDepth | None = None, workers: int = 1) -> RankedDepth:  # fmt: skip
    """The ``count`` best turns of the side to move at ``position`` (in play) after the deepest whole
    iteration that ``params`` (depth, time, nodes) and ``cancel`` allowed, on ``workers`` processes (1:
    this one alone); depth 0 and no lines when stopped before the first. See the module docstring."""
    release_memory()
    collecting = gc.isenabled()
    gc.disable()  # as in ``search``: the tables hold millions of objects without cycles
    try:
        helpers = pool() if workers > 1 else Pool()
        return RankedSearch(helpers, workers, params, count, cancel, on_depth).rank(position)
    finally:
        if collecting:
            gc.enable()


class RankedSearch(RootSplit):
    """One ranked search (``search_ranked``): the root's checks and iterations of ``RootSplit``, with the
    bound of the ``count``-th best instead of the best."""

    def __init__(self, helpers: Pool, workers: int, params: SearchParams, count: int, cancel: Cancel,
                 on_depth: OnDepth | None) -> None:  # fmt: skip
        super().__init__(helpers, workers, replace(params, root_keep=max(params.root_keep, count)), cancel, None)
        self.count = max(1, min(MOST_LINES, count))
        self.on_depth = on_depth
        self.roots: list[Scored] = []
        self.proven: dict[int, Proven] = {}  # candidates proven by the checks at the root
        self.replies: dict[int, Turn] = {}  # the opponent's winning reply after a candidate proven lost
        self.survivors: list[int] = []  # candidates checked that neither win, draw nor lose at once
        self.settled: set[int] = set()  # survivors whose exact score a search proved: not searched again
        self.exact: set[int] = set()  # candidates whose score is exact (not only a bound)
        self.bounds: dict[int, float] = {}  # the bound each candidate of the running iteration got
        self.new: dict[int, float] = {}  # the scores of the running iteration
        self.last = RankedDepth(0, (), 0, 0.0, False)

    # --- the search ---
    def rank(self, position: Position) -> RankedDepth:
        """Check and rank the root's candidates, then deepen until done, out of budget or cancelled."""
        self.position = position
        if self.workers > 1:
            self.pool.grow(self.workers)  # they start while the root's checks run
        try:
            self._candidates(position)
        except Aborted:
            return self.last
        try:
            self._check(position)
        except Aborted:
            if self.pre.was_cancelled or not self.roots:
                return self.last
            # Out of budget (the parameters' outermost deadline): what was checked stands.
        self._publish(1, self._to_search())
        helpers: list[Helper] = []
        if self.workers > 1:
            self.pool.search_id += 1
            self.search_id = self.pool.search_id
            self.pool.stop.clear()
        depth = 2
        while not self.last.done:
            keep = self._to_search()
            if self.workers > 1:
                helpers = self._joined(position, helpers)
            if not self._iterate(keep, depth, helpers):
                # The lines of the last whole depth stand, with the work of the cut one counted.
                self.last = replace(self.last, nodes=self.nodes(), seconds=time.perf_counter() - self.wall_start)
                break
            self._settle_ranked(keep)
            self._publish(depth, self._to_search())
            depth += 1
        return self.last

    def _candidates(self, position: Position) -> None:
        """The root's candidates, the turn that wins at once first where there is one."""
        pre = self.pre
        pre.root_mover = position.to_move
        pre.lead = evaluate(position, pre.weights)
        win = find_win(position, pre.hard_tick)
        roots: list[Scored]
        try:
            roots = scored_turns(position, pre.score_for_mover, self.p.root_width, self.p.root_cap, pre.hard_tick)
        except Aborted:
            if pre.was_cancelled:
                raise
            roots = scored_turns(position, pre.score_for_mover, 1, 200)  # out of time: a narrow look
        complete = getattr(roots, "complete", True)
        pre.add_strikes(position, roots)
        if win is not None:
            after = apply_turn_unchecked(position, win)
            key = after.key()
            roots = [Scored(WIN, win, after, key)] + [r for r in roots if r.key != key]
        if roots:
            pre.lead = max(pre.lead, roots[0].score)
        if pre.draw_keys:
            pre.contempt = max(-CONTEMPT, min(CONTEMPT, CONTEMPT_EVEN + pre.lead / 2))
        self.roots = roots
        self.turns = [r.turn for r in roots]
        self.scores = [r.score for r in roots]
        self.complete = complete

    def _check(self, position: Position) -> None:
        """The exact checks of the candidates, in their static order, until enough survive."""
        me = position.to_move
        draws = self.pre.draw_keys if position.rules.repetition_draw else set()
        tick = self.pre.safety_tick
        checked = 0
        try:
            for index, root in enumerate(self.roots):
                if len(self.survivors) >= self.p.root_keep:
                    break
                after = root.position
                if after.is_over():
                    winner = after.winner()
                    result = WON if winner == me else DRAW if winner is None else LOSS
                    self._prove(index, Proven(result, 1, root.turn if winner == me else None))
                elif root.key in draws:
                    self._prove(index, Proven(DRAW, 1))
                else:
                    reply = find_win(after, tick) if win_possible(after) else None
                    if reply is None:
                        self.survivors.append(index)
                    else:
                        self.replies[index] = reply
                        self._prove(index, Proven(LOSS, 1))
                checked = index + 1
        finally:
            del self.roots[checked:], self.turns[checked:], self.scores[checked:]  # never looked at: never shown
        if not self.survivors and not self.complete:
            self._a_survivor(position, draws)
        if len(self.survivors) < self.count and not self.complete:
            self._more_survivors(position, draws)
        if self.survivors and not any(p.result == WON for p in self.proven.values()):
            self._win_in_two(position)

    def _prove(self, index: int, proven: Proven) -> None:
        self.proven[index] = proven
        self.exact.add(index)
        self.scores[index] = float(WIN) if proven.result == WON else 0.0 if proven.result == DRAW else -(WIN - 1.0)
        if proven.result == LOSS and self.roots[index].position.is_over():
            self.scores[index] = -float(WIN)  # lost on this very turn: worse than a loss on the next

    def _a_survivor(self, position: Position, draws: set[PositionKey]) -> None:
        """No candidate survives and the beam left turns out: the exact walk over every turn for one
        that does (as ``analysis.judge``'s check of a loss at once), as long as it takes."""
        turn = surviving_turn(position, self.pre.safety_tick, draws)
        if turn is not None:
            after = apply_turn_unchecked(position, turn)
            self._add_survivor(Scored(self.pre.score_for_mover(after), turn, after, after.key()))

    def _more_survivors(self, position: Position, draws: set[PositionKey]) -> None:
        """Fewer than ``count`` candidates survive and the beam left turns out: other successors are
        looked through for more, for at most ``LOOK_FOR_MORE`` seconds."""
        known = {r.key for r in self.roots}
        me = position.to_move
        until = time.perf_counter() + LOOK_FOR_MORE
        tick = self.pre.safety_tick
        for successor in iter_turns(position):
            tick()
            if len(self.survivors) >= self.count or time.perf_counter() > until:
                break
            after = successor.position
            key = after.key()
            if key in known or after.is_over() or not survives(after, me, tick, draws):
                continue
            known.add(key)
            self._add_survivor(Scored(self.pre.score_for_mover(after), successor.turn, after, key))

    def _add_survivor(self, root: Scored) -> int:
        index = len(self.roots)
        self.survivors.append(index)
        self.roots.append(root)
        self.turns.append(root.turn)
        self.scores.append(root.score)
        return index

    def _win_in_two(self, position: Position) -> None:
        """The proof of a win in two over the survivors, within the parameters' budget."""
        survivors = [self.roots[i] for i in self.survivors]
        won = win_in_two(self.pre, position, survivors)
        if won is None:
            return
        index = next((i for i in self.survivors if self.roots[i].key == won.key), None)
        if index is None:  # found among every successor, beyond the candidates
            index = self._add_survivor(won)
        self.scores[index] = WIN - 2.0
        self.settled.add(index)
        self.exact.add(index)

    # --- the iterations ---
    def _to_search(self) -> list[int]:
        """The survivors the next iteration searches: the best ``root_keep`` not settled."""
        order = sorted((i for i in self.survivors if i not in self.settled), key=lambda i: -self.scores[i])
        return order[: self.p.root_keep]

    def _bound(self, new: dict[int, float]) -> float:
        """The lower bound of the next candidate: the ``count``-th best exact score known in this
        iteration (settled and proven candidates included, those proven lost left out)."""
        known = list(new.values()) + [self.scores[i] for i in self.exact
                                      if i in self.settled or (i in self.proven and self.proven[i].result != LOSS)]
        if len(known) < self.count:
            return LOWEST
        return sorted(known, reverse=True)[self.count - 1] - TIE

    def _iterate(self, keep: list[int], depth: int, helpers: list[Helper]) -> bool:
        """One iteration over ``keep`` at ``depth``, shared among ``helpers``; True when complete."""
        self.new, self.bounds = {}, {}
        waiting = list(keep)
        running: dict[Helper, int] = {}
        cut = False
        while (waiting or running) and not cut:
            helpers = [h for h in helpers if not h.dead]
            if not helpers:
                return self._iterate_here(keep, waiting, depth, self.new, LOWEST)
            for helper in helpers:
                if helper not in running and waiting:
                    index = self._pick(helper, waiting, helpers)
                    bound = self._bound(self.new)
                    if helper.send(Task(self.search_id, index, self.turns[index], depth, bound)):
                        running[helper] = index
                        self.owner[index] = helper
                        self.bounds[index] = bound
                    else:
                        waiting.insert(0, index)
            for done in self._collect(running, waiting, keep):
                if done.aborted:
                    cut = True
                else:
                    self.new[done.index] = done.score
            if not cut and (self._stop_asked() or time.perf_counter() > self.pre.wall_limit):
                cut = True
        if cut:
            self._drain(running, {})
        return not cut

    def _iterate_here(self, keep: list[int], waiting: list[int], depth: int, new: dict[int, float],
                      alpha: float) -> bool:  # fmt: skip
        """The rest of an iteration searched in this process (alone, or no helper is left)."""
        del alpha  # each candidate's bound is worked out as it comes
        try:
            for index in sorted(waiting, key=keep.index):
                bound = self._bound(new)
                self.bounds[index] = bound
                new[index] = -self.pre.negamax(self.roots[index].position, depth - 1, LOWEST, -bound, 1)
        except Aborted:
            self.was_cancelled = self.was_cancelled or self.pre.was_cancelled
            return False
        return True

    def _settle_ranked(self, keep: list[int]) -> None:
        """Take a whole iteration's scores: exact where they beat their bound; a search's proof settles a
        candidate. Survivors left out of the iteration stay below the ``count`` best."""
        for index in keep:
            score = self.new[index]
            self.scores[index] = score
            if score > self.bounds[index]:
                self.exact.add(index)
                if is_proven(score):
                    self.settled.add(index)
            else:
                self.exact.discard(index)
        floor = self._bound(self.new) if len(keep) < len(self.survivors) else LOWEST
        for index in self.survivors:
            if index not in keep and index not in self.settled and floor > LOWEST:
                self.scores[index] = min(self.scores[index], floor - 1)

    # --- what is shown ---
    def _publish(self, depth: int, keep_next: list[int]) -> None:
        """Rank the candidates of the iteration ``depth`` just completed and tell ``on_depth``."""
        shown = set(self.proven) | set(self.settled)
        shown |= set(self.new) if depth > 1 else set(self.survivors)
        ranked = sorted(shown, key=lambda i: (-self.scores[i], i not in self.exact))[: self.count]
        lines = tuple(self._root_line(i, depth) for i in ranked)
        # A proven win is beaten by nothing; a draw or a loss shown could still be by a survivor searched on.
        done = depth >= self.p.max_depth or not keep_next or all(
            line.proven is not None and line.proven.result == WON for line in lines)
        self.last = RankedDepth(depth, lines, self.nodes(), time.perf_counter() - self.wall_start, done)
        if self.on_depth is not None:
            self.on_depth(self.last)

    def _root_line(self, index: int, depth: int) -> RootLine:
        turn, score = self.turns[index], self.scores[index]
        proven = self.proven.get(index)
        if proven is not None:
            reply = self.replies.get(index)
            return RootLine(turn, score, (reply,) if reply is not None else (), proven)
        if index in self.exact and score >= PROVEN:
            proven = proven_of_score(score)
        assert self.position is not None  # set by ``rank``
        line = tuple(self._line(self.position, index)) if depth > 1 else ()
        return RootLine(turn, score, line, proven)


__all__ = ["MOST_LINES", "OnDepth", "RankedDepth", "RankedSearch", "RootLine", "search_ranked"]
