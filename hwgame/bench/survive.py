"""``python -m hwgame.bench survive``: does the computer parry a threat to win at once when it can?

From the SuperDuperGames archive it takes the positions where the opponent of the side to move could
win at once if it were its turn (a threat) and at least one turn of the side to move leaves no such
win (a surviving turn: every turn is tried, so this is exact). At each, it asks the levels and the
hint for their turn and counts the turns that survive, with the time each took. A level that checks
every turn when it must (as a one-ply program does) survives them all. ``survivor`` in ``--who`` times
the look for a surviving turn alone, as the levels and the analysis make it.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from hwgame.bench.archive import decided_positions
from hwgame.bench.movegen import games_dir
from hwgame.rules import PLAYING, Position, Turn, apply_turn_unchecked, iter_turns, opponent_of


class TooLong(Exception):
    """Looking for a surviving turn took longer than allowed: the position is left out."""


def threatened(position: Position) -> bool:
    """True when the opponent of the side to move would win at once if it were the opponent's turn."""
    from hwgame.ai.tactics import find_win

    if position.stage < PLAYING or position.is_over():
        return False
    flipped = position._replace(to_move=opponent_of(position.to_move))
    return find_win(flipped) is not None


def survives(position: Position, turn: Turn) -> bool:
    """True when, after ``turn`` at ``position``, the opponent cannot win at once (and the mover has not lost)."""
    from hwgame.ai.tactics import find_win

    after = apply_turn_unchecked(position, turn)
    if after.is_over():
        return after.winner() == position.to_move
    return find_win(after) is None


def surviving_turn(position: Position, seconds: float = 30.0) -> Turn | None:
    """A turn after which the opponent cannot win at once, looking at every turn (None: there is none);
    raise ``TooLong`` past ``seconds``."""
    from hwgame.ai.tactics import find_win

    until = time.perf_counter() + seconds

    def tick() -> None:
        if time.perf_counter() > until:
            raise TooLong

    for successor in iter_turns(position):
        tick()
        after = successor.position
        if after.is_over():
            if after.winner() == position.to_move:
                return successor.turn
            continue
        if find_win(after, tick) is None:
            return successor.turn
    return None


def threat_positions(folder: Path, most: int, skip: int = 0, seconds: float = 30.0
                     ) -> Iterator[tuple[str, int, Position]]:  # fmt: skip
    """(record, turns played, position) for the first ``most`` threatened positions with a surviving
    turn, reading the records in sorted order from the ``skip``-th one."""
    found = 0
    for path in sorted(folder.glob("*.raw"))[skip:]:
        for played, position, _winner in decided_positions(path):
            if not threatened(position):
                continue
            try:
                if surviving_turn(position, seconds) is None:
                    continue
            except TooLong:
                continue
            yield path.name, played, position
            found += 1
            if found >= most:
                return


def _choosers() -> dict[str, Callable[[Position], Turn | None]]:
    from hwgame.ai.bots import CAREFUL_NORMAL, LEVELS, choose_turn

    def level(name: str) -> Callable[[Position], Turn | None]:
        return lambda position: choose_turn(position, LEVELS[name], seed=1).turn

    choosers = {name: level(name) for name in LEVELS}
    choosers["hint"] = lambda position: choose_turn(position, CAREFUL_NORMAL, seed=1).turn
    # The levels' own look for a surviving turn alone, as the verdicts of a position use it: the turns
    # that act where the threats are first, every turn in the end.
    choosers["survivor"] = surviving_turn_of
    return choosers


def surviving_turn_of(position: Position) -> Turn | None:
    """The surviving turn the analysis finds (``hwgame.ai.proofs.surviving_turn``), or None."""
    from hwgame.ai.proofs import surviving_turn as found

    return found(position)


def run(argv: list[str]) -> int:
    """Entry point of ``python -m hwgame.bench survive``."""
    parser = argparse.ArgumentParser(prog="python -m hwgame.bench survive", description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=70, help="how many threatened positions (default: 70)")
    parser.add_argument("--skip", type=int, default=0, help="start at this record, in sorted order (default: 0)")
    parser.add_argument("--who", default="normal,hard,hint",
                        help="which to ask: levels, hint and survivor (default: normal,hard,hint)")
    args = parser.parse_args(argv)
    folder = games_dir()
    if folder is None:
        print("skipped: the SuperDuperGames archive is not here (set HWGAME_GAMES_DIR)")
        return 0
    choosers = _choosers()
    who = [w for w in args.who.split(",") if w in choosers]
    results: dict[str, list[tuple[bool, float, float]]] = {w: [] for w in who}
    count = 0
    for name, played, position in threat_positions(folder, args.positions, args.skip):
        count += 1
        row = []
        for w in who:
            start, cpu = time.perf_counter(), time.process_time()
            turn = choosers[w](position)
            spent, spent_cpu = time.perf_counter() - start, time.process_time() - cpu
            ok = turn is not None and survives(position, turn)
            results[w].append((ok, spent, spent_cpu))
            row.append(f"{w} {'ok' if ok else 'LOST'} {spent:.2f}s")
        print(f"{name} after turn {played}: " + ", ".join(row), flush=True)
    print(f"{count} threatened positions with a surviving turn")
    for w in who:
        done = results[w]
        if not done:
            continue
        walls = [t for _, t, _ in done]
        cpus = [c for _, _, c in done]
        # The CPU seconds are the search's own (it runs in this process): what a machine busy with
        # other work leaves unchanged.
        print(f"{w}: survived {sum(ok for ok, _, _ in done)} of {len(done)}; seconds median "
              f"{statistics.median(walls):.2f}, longest {max(walls):.2f} (CPU: median "
              f"{statistics.median(cpus):.2f}, longest {max(cpus):.2f})")  # fmt: skip
    return 0


__all__ = ["TooLong", "run", "surviving_turn", "survives", "threat_positions", "threatened"]
