"""``python -m hwgame.bench ai [--match NAME] [--games N]``: matches between computer levels.

Each pair of games starts from one random sensible opening (both homeworlds drawn among the setups
the AI rates within a margin of the best), played twice with the sides swapped, so the first player
alternates. A game longer than ``--max-turns`` turns, or a position met a third time, is a draw.
Printed per match: the score of the first-named player (win 1, draw 0.5), wins/draws/losses, and
per player the median and maximum think time per turn and nodes per second.

Matches and their targets: ``normal-baseline`` (Normal >= 75% against a one-turn lookahead with the
same evaluation and the win check), and the ladder of levels, each against the one below:
``easy-beginner``, ``normal-easy``, ``hard-normal``, ``expert-hard`` (each > 50%: a level beats the one
below it). Each player's count of turns that let the opponent win at once while another turn would not
have is printed too (a level should have none).

``--match cpp`` plays a level against the reference C++ AI from a set of openings (``--openings``:
``fixed``, the 20 most frequent of the archive; ``archive``, drawn from the archive's two-player
setups by frequency out of the ``--half`` of a split made by ``--split-seed``, with ``--seed``; or a
file, see ``hwgame.bench.openings``) and prints the results per opening too.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TextIO, TypedDict

from hwgame.ai.bots import LEVELS, choose_turn
from hwgame.ai.setup import sensible_setup
from hwgame.ai.thinking import Breadth, Limit, Machine, Manner, Thinking
from hwgame.rules import Position, PositionKey, Turn, apply_turn_unchecked, initial_position

from .movegen import games_dir
from .openings import HALVES, opening_set
from .survive import TooLong, survives, surviving_turn
from .versus import SHARED_MACHINE

BASELINE = Thinking(Limit(time=2.0, nodes=None, depth=1), Manner(safety=False), Breadth(beam=8, root_cap=6000))
# Score targets against the reference AI; Beginner and Easy are meant to lose to it.
CPP_TARGETS = {"normal": 0.75, "hard": 0.92}
MATCHES = {
    "normal-baseline": ("normal", "baseline", 0.75),
    "easy-beginner": ("easy", "beginner", 0.5),
    "normal-easy": ("normal", "easy", 0.5),
    "hard-normal": ("hard", "normal", 0.5),
    "expert-hard": ("expert", "hard", 0.5),
}


def player_thinking(name: str) -> Thinking:
    """How a match player thinks: a level name or ``baseline``."""
    return (BASELINE if name == "baseline" else LEVELS[name]).with_machine(wall_factor=SHARED_MACHINE)


class ThinkStats(TypedDict):
    """One player's thinking over a match: each turn's seconds, nodes and seconds in all, and how often
    it let the opponent win at once while a turn that survives was there (``walked``)."""

    times: list[float]
    nodes: int
    seconds: float
    walked: int


def opening(seed: int) -> list[Turn]:
    """Two homeworld turns drawn from the sensible setups (the same for both games of a pair)."""
    rng = random.Random(seed)
    pos = initial_position()
    turns = []
    for _ in range(2):
        turn = sensible_setup(pos, rng)
        turns.append(turn)
        pos = apply_turn_unchecked(pos, turn)
    return turns


def walked_into_a_loss(position: Position, turn: Turn) -> bool:
    """True when ``turn`` lets the opponent win at once although some turn would not have (the search
    for that turn is bounded; a position too big to settle counts as no walk)."""
    if survives(position, turn):
        return False
    try:
        return surviving_turn(position, seconds=30.0) is not None
    except TooLong:
        return False


def play_game(
    first: str, second: str, setup: Sequence[Turn], seed: int, max_turns: int, stats: dict[str, ThinkStats]
) -> float:
    """Play one game; return the first player's result (1, 0.5, 0) and add think times to ``stats``."""
    names = (first, second)
    thinkings = (player_thinking(first), player_thinking(second))
    pos = initial_position()
    for turn in setup:
        pos = apply_turn_unchecked(pos, turn)
    seen: Counter[PositionKey] = Counter([pos.key()])
    for n in range(max_turns):
        if pos.is_over():
            break
        mover = pos.to_move
        t0 = time.perf_counter()
        result = choose_turn(pos, thinkings[mover], seed=seed * 7919 + n, history=seen)
        spent = time.perf_counter() - t0
        entry = stats.setdefault(names[mover], {"times": [], "nodes": 0, "seconds": 0.0, "walked": 0})
        entry["times"].append(spent)
        entry["nodes"] += result.info.nodes
        entry["seconds"] += spent
        assert result.turn is not None  # nothing cancels these searches: each has a turn
        entry["walked"] += walked_into_a_loss(pos, result.turn)
        pos = apply_turn_unchecked(pos, result.turn)
        seen[pos.key()] += 1
        if seen[pos.key()] >= 3:
            return 0.5
    winner = pos.winner()
    if not pos.is_over() or winner is None:
        return 0.5
    return 1.0 if winner == 0 else 0.0


def _one_game(args: tuple[str, str, int, int, int]) -> tuple[int, float, dict[str, ThinkStats], float]:
    """Game ``g`` of a match of ``a`` against ``b``: (g, a's result, the stats, seconds)."""
    a, b, g, seed, max_turns = args
    setup = opening(seed + g // 2)
    a_first = g % 2 == 0
    first, second = (a, b) if a_first else (b, a)
    stats: dict[str, ThinkStats] = {}
    t0 = time.perf_counter()
    r = play_game(first, second, setup, seed + g, max_turns, stats)
    return g, (r if a_first else 1.0 - r), stats, time.perf_counter() - t0


def run_match(a: str, b: str, games: int, seed: int, max_turns: int, out: TextIO = sys.stdout, jobs: int = 1) -> float:
    """Play ``games`` games of ``a`` against ``b`` (sides alternating), ``jobs`` at once; print and return
    a's score share."""
    stats: dict[str, ThinkStats] = {}
    score = 0.0
    tally: Counter[str] = Counter()
    tasks = [(a, b, g, seed, max_turns) for g in range(games)]
    with ProcessPoolExecutor(max_workers=max(1, jobs)) as pool:
        for done, (g, mine, game_stats, seconds) in enumerate(pool.map(_one_game, tasks), 1):
            first, second = (a, b) if g % 2 == 0 else (b, a)
            score += mine
            tally["win" if mine == 1 else "draw" if mine == 0.5 else "loss"] += 1
            for name, entry in game_stats.items():
                total = stats.setdefault(name, {"times": [], "nodes": 0, "seconds": 0.0, "walked": 0})
                total["times"] += entry["times"]
                total["nodes"] += entry["nodes"]
                total["seconds"] += entry["seconds"]
                total["walked"] += entry["walked"]
            print(f"game {g + 1}/{games}: {first} vs {second}: {a} scores {mine} "
                  f"({seconds:.0f} s); total {score}/{done}", file=out, flush=True)  # fmt: skip
    share = score / games if games else 0.0
    print(f"{a} vs {b}: {a} {score}/{games} = {share:.0%} (wins {tally['win']}, draws {tally['draw']}, "
          f"losses {tally['loss']})", file=out)  # fmt: skip
    for name in (a, b):
        found = stats.get(name)
        if not found or not found["times"]:
            continue
        times = found["times"]
        nps = found["nodes"] / found["seconds"] if found["seconds"] else 0.0
        print(f"  {name}: think median {statistics.median(times):.2f} s, max {max(times):.2f} s, "
              f"{len(times)} turns, {nps:.0f} nodes/s; let the opponent win at once with a way out "
              f"{found['walked']} times", file=out)  # fmt: skip
    out.flush()
    return share


def thinking_changes(items: list[str]) -> dict[str, Any]:
    """``FIELD=VALUE`` texts as changes of a Thinking (a field of any of its parts, named alone:
    ``versus.changed`` applies them), each value read as the field's type (a number, or true/false);
    ValueError names an unknown field or a value that does not read."""
    fields = {f.name: f for part in (Limit, Manner, Breadth, Machine) for f in dataclasses.fields(part)}
    changes: dict[str, Any] = {}
    for item in items:
        name, sep, text = item.partition("=")
        if not sep or name not in fields:
            raise ValueError(f"--set wants FIELD=VALUE with a field of a level's thinking, not {item[:40]!r}")
        kind = str(fields[name].type)
        if "bool" in kind:
            if text.lower() not in ("true", "false"):
                raise ValueError(f"--set {name} wants true or false")
            changes[name] = text.lower() == "true"
        elif text.lower() == "none" and "None" in kind:
            changes[name] = None
        elif kind.startswith("int"):
            changes[name] = int(text)
        elif kind.startswith("float"):
            changes[name] = float(text)
        else:
            raise ValueError(f"--set cannot change {name}")
    return changes


def run(argv: list[str]) -> int:
    """Entry point of ``python -m hwgame.bench ai``."""
    parser = argparse.ArgumentParser(prog="python -m hwgame.bench ai", description=__doc__.splitlines()[0])
    parser.add_argument("--match", choices=(*MATCHES, "cpp", "all"), default="all",
                        help="cpp: a level against the reference C++ engine's AI (see hwgame.bench.versus)")
    parser.add_argument("--level", choices=tuple(LEVELS), default="normal", help="our level in --match cpp")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once")
    parser.add_argument("--record", help="folder to write the games of --match cpp to, one turn a line")
    parser.add_argument("--openings", default="fixed",
                        help="--match cpp: 'fixed', 'archive' (drawn from $HWGAME_GAMES_DIR/sdg) or a file")
    parser.add_argument("--half", choices=HALVES, default="report",
                        help="--openings archive: the half of the split to draw from (default: report)")
    parser.add_argument("--split-seed", type=int, default=1, help="--openings archive: the seed of the split")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-turns", type=int, default=200)
    parser.add_argument("--set", action="append", default=[], metavar="FIELD=VALUE",
                        help="--match cpp: change one field of the level's thinking (e.g. depth=3), to try it")
    args = parser.parse_args(argv)
    if args.set and args.match != "cpp":
        parser.error("--set changes the level of --match cpp only")
    if args.match == "cpp":
        from .versus import run_reference_match

        try:
            openings = opening_set(args.openings, (args.games + 1) // 2, args.half, args.split_seed, args.seed,
                                   games_dir())  # fmt: skip
        except ValueError as exc:
            parser.error(str(exc))
        if not openings:
            parser.error("the opening set is empty")
        print(f"openings: {args.openings}" + (f" ({args.half} half of split {args.split_seed}, seed {args.seed})"
                                              if args.openings == "archive" else "") + f", {len(openings)} of them")
        try:
            changes = thinking_changes(args.set)
        except ValueError as exc:
            parser.error(str(exc))
        if changes:
            print(f"{args.level} with {', '.join(f'{k}={v}' for k, v in changes.items())}")
        share = run_reference_match(args.level, args.games, args.max_turns, args.jobs, record=args.record,
                                    openings=openings, changes=changes)  # fmt: skip
        if share is not None:
            target = CPP_TARGETS.get(args.level)
            if target is not None:
                print(f"  target {target:.0%}: {'meets' if share >= target else 'below'}")
        return 0
    names = list(MATCHES) if args.match == "all" else [args.match]
    status = 0
    for name in names:
        a, b, target = MATCHES[name]
        share = run_match(a, b, args.games, args.seed, args.max_turns, jobs=args.jobs)
        verdict = "meets" if share >= target else "below"
        print(f"  target {target:.0%}: {verdict}")
    return status


__all__ = ["run", "run_match", "play_game", "opening", "BASELINE", "MATCHES"]
