"""The iterations of a search shared among helper processes (``parallel``), candidate by candidate.

``search_on(workers, ...)`` is ``search`` on several cores. The work before the iterations (a win at
once, the root's candidates, the win in two, the safety check) is ``Searcher.run`` at depth one, in this
process, while the helpers start; until one is ready, this process searches the iterations itself (a
search shorter than ``WORTH_STARTING`` does not start helpers at all). Each deeper iteration then goes
as the single search's does: the candidates in the order of the last iteration's scores, the
``root_keep`` best that are not proven lost, each searched with the best score of the iteration so far
as its bound. Here a candidate goes to whichever helper is free, with the best score known at that
moment; a helper is given first the candidates it searched in the last iteration (its tables know them),
then any nobody has, and when none is left it takes over the last one waiting.

An iteration is over when every candidate is back. Cut by a helper's budget, the caller's stop or the
backstop, it still counts (as in the single search) when the candidate that was best before is back: the
best searched candidate is then at least as good as the last iteration's choice.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from dataclasses import replace
from multiprocessing.connection import wait

from hwgame.rules import PLAYING, Position, Turn, apply_turn_unchecked

from .evaluate import WIN
from .parallel import DRAIN, POLL, AskLine, Begin, Done, Helper, Line, Pool, Task, pool, warm
from .search import (
    PROVEN,
    Aborted,
    Cancel,
    Progress,
    Searcher,
    SearchParams,
    SearchResult,
    cancel_test,
    is_proven,
    release_memory,
    search,
)
from .search_lines import expected_line, explain

# Starting helpers costs a few tenths of a second of CPU each, taken from the search on a machine with
# few cores, and a helper that joins late starts without the tables of the iterations before: a search
# shorter than this (seconds) does not start them, and uses them only when they are ready already.
WORTH_STARTING = 3.0


def search_on(
    workers: int,
    position: Position,
    params: SearchParams,
    cancel: Cancel = None,
    progress: Callable[[Progress], None] | None = None,
) -> SearchResult:
    """Search ``position`` as ``search`` does, on ``workers`` helper processes (1: in this process
    alone). With no helper able to start, this process searches alone."""
    if workers <= 1 or params.max_depth < 2 or position.stage < PLAYING or position.is_over():
        return search(position, params, cancel, progress)
    if params.time_limit < WORTH_STARTING and not warm(workers):
        return search(position, params, cancel, progress)
    release_memory()
    collecting = gc.isenabled()
    gc.disable()  # as in ``search``: the tables hold millions of objects without cycles
    try:
        return RootSplit(pool(), workers, params, cancel, progress).run(position)
    finally:
        if collecting:
            gc.enable()


class RootSplit:
    """One search shared among ``workers`` helpers of ``pool``."""

    def __init__(self, helpers: Pool, workers: int, params: SearchParams, cancel: Cancel,
                 progress: Callable[[Progress], None] | None) -> None:  # fmt: skip
        self.pool = helpers
        self.workers = workers
        self.p = params
        self.cancelled = cancel_test(cancel)
        self.progress = progress
        self.wall_start = time.perf_counter()
        # The work before the iterations, exactly a single search's at depth one.
        self.pre = Searcher(replace(params, max_depth=1), cancel, progress)
        self.position: Position | None = None
        self.turns: list[Turn] = []
        self.scores: list[float] = []
        self.owner: dict[int, Helper] = {}  # candidate -> the helper that searched it last
        self.helper_nodes: dict[Helper, int] = {}
        self.was_cancelled = False
        self.search_id = 0
        # CPU seconds the helpers spent (all of them, and the busiest one's summed over the iterations:
        # about the time the iterations take where every helper has a core of its own).
        self.busy: dict[Helper, float] = {}
        self.helper_cpu = 0.0
        self.critical_cpu = 0.0

    # --- the search ---
    def run(self, position: Position) -> SearchResult:
        """Search ``position``: the root's work here, the iterations on the helpers."""
        self.position = position
        self.pool.grow(self.workers)  # they start while the root's work runs
        first = self.pre.run(position)
        if first.cancelled or first.won or first.depth >= 2 or first.turn is None or not first.ranked:
            return self._explained(position, first)  # a win, a win in two, or a stop: nothing to deepen
        self.turns = [t for _, t in first.ranked]
        self.scores = [s for s, _ in first.ranked]
        order = list(range(len(self.turns)))
        depth_done = 1
        self.pool.search_id += 1
        self.search_id = self.pool.search_id
        self.pool.stop.clear()
        helpers: list[Helper] = []
        for depth in range(2, self.p.max_depth + 1):
            order.sort(key=lambda i: -self.scores[i])
            keep = [i for i in order[: self.p.root_keep] if self.scores[i] > -PROVEN]
            if not keep:
                break
            helpers = self._joined(position, helpers)
            complete = self._iterate(keep, depth, helpers)
            if not complete:
                break
            depth_done = depth
            self._report(depth, keep)
            if is_proven(max(self.scores[i] for i in keep)):
                break  # a proven result: deeper search will not change it
        order.sort(key=lambda i: -self.scores[i])
        best = order[0]
        result = SearchResult(self.turns[best], self.scores[best], depth_done, self.nodes(),
                              time.perf_counter() - self.wall_start, [(self.scores[i], self.turns[i]) for i in order],
                              self.was_cancelled)  # fmt: skip
        if not result.cancelled:
            result.line = self._line(position, best)
        return result

    def _iterate(self, keep: list[int], depth: int, helpers: list[Helper]) -> bool:
        """One iteration over ``keep`` at ``depth``; updates the scores and returns True when complete."""
        new: dict[int, float] = {}
        alpha: float = -WIN * 2
        waiting = list(keep)
        running: dict[Helper, int] = {}
        cut = False
        while (waiting or running) and not cut:
            helpers = [h for h in helpers if not h.dead]
            if not helpers:
                return self._iterate_here(keep, waiting, depth, new, alpha)
            for helper in helpers:
                if helper not in running and waiting:
                    index = self._pick(helper, waiting, helpers)
                    if helper.send(Task(self.search_id, index, self.turns[index], depth, alpha)):
                        running[helper] = index
                        self.owner[index] = helper
                    else:
                        waiting.insert(0, index)
            for done in self._collect(running, waiting, keep):
                if done.aborted:
                    cut = True
                    continue
                new[done.index] = done.score
                if done.score > alpha:
                    alpha = done.score
                    self._report_best(depth, done.index, done.score)
            if not cut and (self._stop_asked() or time.perf_counter() > self.pre.wall_limit):
                cut = True
        if cut:
            self._drain(running, new)
        if self.busy:
            self.helper_cpu += sum(self.busy.values())
            self.critical_cpu += max(self.busy.values())
            self.busy = {}
        return self._settle(keep, new, cut)

    def _iterate_here(self, keep: list[int], waiting: list[int], depth: int, new: dict[int, float],
                      alpha: float) -> bool:  # fmt: skip
        """The rest of an iteration searched in this process (no helper is left)."""
        cut = False
        try:
            for index in sorted(waiting, key=keep.index):
                assert self.position is not None  # set by ``run``
                after = apply_turn_unchecked(self.position, self.turns[index])
                score = -self.pre.negamax(after, depth - 1, -WIN * 2, -alpha, 1)
                new[index] = score
                if score > alpha:
                    alpha = score
                    self._report_best(depth, index, score)
        except Aborted:
            cut = True
            self.was_cancelled = self.was_cancelled or self.pre.was_cancelled
        return self._settle(keep, new, cut)

    def _settle(self, keep: list[int], new: dict[int, float], cut: bool) -> bool:
        """Take the iteration's scores: all of them when it is complete; when cut, only if the
        candidate that was best before is back. Candidates not searched stay below the best."""
        if cut and keep[0] not in new:
            return False
        if new:
            alpha = max(new.values())
            for i in range(len(self.scores)):
                self.scores[i] = new[i] if i in new else min(self.scores[i], alpha - 1)
        return not cut

    def _pick(self, helper: Helper, waiting: list[int], helpers: list[Helper]) -> int:
        """The candidate ``helper`` takes: its own from the last iteration, else one nobody alive has
        searched, else the last one waiting."""
        alive = set(helpers)
        for pick in (lambda i: self.owner.get(i) is helper, lambda i: self.owner.get(i) not in alive):
            for index in waiting:
                if pick(index):
                    waiting.remove(index)
                    return index
        return waiting.pop()

    def _collect(self, running: dict[Helper, int], waiting: list[int], keep: list[int]) -> list[Done]:
        """The answers that came within a short wait; a helper that died gives its candidate back."""
        if not running:
            return []
        out: list[Done] = []
        for conn in wait([h.conn for h in running], POLL):
            helper = next(h for h in running if h.conn is conn)
            message = helper.receive()
            if isinstance(message, Done) and message.search_id == self.search_id:
                self.helper_nodes[helper] = message.nodes
                self.busy[helper] = self.busy.get(helper, 0.0) + message.cpu
                out.append(message)
                del running[helper]
            elif message is None:  # it died: another helper (or this process) takes its candidate
                waiting.append(running.pop(helper))
                if keep:
                    waiting.sort(key=keep.index)
        return out

    def _drain(self, running: dict[Helper, int], new: dict[int, float]) -> None:
        """Stop every helper and wait for their answers; one that does not answer is ended."""
        self.pool.stop.set()
        until = time.perf_counter() + DRAIN
        while running and time.perf_counter() < until:
            for done in self._collect(running, [], []):
                if not done.aborted:
                    new[done.index] = done.score  # finished before the stop: as good as any
        for helper in running:
            helper.end()
        if self._stop_asked():
            self.was_cancelled = True

    # --- around the iterations ---
    def _stop_asked(self) -> bool:
        if self.cancelled():
            self.was_cancelled = True
            return True
        return False

    def _joined(self, position: Position, helpers: list[Helper]) -> list[Helper]:
        """The helpers of the next iteration: those of the last one, and those that have become ready
        since (told of the search). Nobody waits for a helper still starting: until one is ready, this
        process searches the iterations itself."""
        helpers = [h for h in helpers if not h.dead]
        for helper in self.pool.ready(self.workers):
            if helper not in helpers:
                spent = self.pre.clock() - self.pre.start
                begin = Begin(self.search_id, position, self.p, spent, self.pre.nodes, self.pre.contempt)
                if helper.send(begin):
                    helpers.append(helper)
        return helpers

    def nodes(self) -> int:
        """Nodes searched so far, in this process and in every helper."""
        return self.pre.nodes + sum(self.helper_nodes.values())

    def _report_best(self, depth: int, index: int, score: float) -> None:
        if self.progress is not None:
            self.progress({"depth": depth, "nodes": self.nodes(), "turn": self.turns[index], "score": score,
                           "seconds": time.perf_counter() - self.wall_start})  # fmt: skip

    def _report(self, depth: int, keep: list[int]) -> None:
        best = max(keep, key=lambda i: self.scores[i])
        self._report_best(depth, best, self.scores[best])

    def _explained(self, position: Position, result: SearchResult) -> SearchResult:
        """A result of the root's work alone, with its line, as ``search`` gives it."""
        if not result.cancelled:
            try:
                explain(self.pre, position, result, None)
            except Aborted:
                result.cancelled = self.pre.was_cancelled
        return result

    def _line(self, position: Position, best: int) -> list[Turn]:
        """The line expected after the best candidate, from the helper that searched it last."""
        helper = self.owner.get(best)
        if helper is None or helper.dead:
            try:
                return expected_line(self.pre, apply_turn_unchecked(position, self.turns[best]))
            except Aborted:
                return []
        if not helper.send(AskLine(self.search_id, best, self.turns[best])):
            return []
        until = time.perf_counter() + DRAIN
        while time.perf_counter() < until and not helper.dead:
            if helper.conn.poll(POLL):
                message = helper.receive()
                if isinstance(message, Line) and message.search_id == self.search_id:
                    return message.turns
        return []


__all__ = ["WORTH_STARTING", "RootSplit", "search_on"]
