"""Matches of a computer level against the reference C++ engine's AI (``--match cpp``).

Games start from opening pairs of the SuperDuperGames archive (both homeworlds as real players set
them up): by default the most common ones, or a set of ``hwgame.bench.openings`` (drawn from the
archive by frequency, one half of a seeded split, or a file). Each pair is played twice with the sides
swapped, under the standard rules, and the results are printed per opening as well as in all. A game
ends at a win, a draw by elimination of both, the third occurrence of a position (the standard rules'
repetition draw, which the reference does not know but must live with), or the turn cap (a draw).
Every turn the reference proposes is checked by our validator before it is played.
"""

from __future__ import annotations

import dataclasses
import statistics
import sys
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, TextIO

from hwgame.ai.bots import LEVELS, choose_turn
from hwgame.ai.thinking import Thinking
from hwgame.rules import (
    STANDARD,
    Position,
    PositionKey,
    apply_checked,
    end_turn,
    format_turn,
    initial_position,
    parse_turn,
    start_turn,
)

from .openings import OPENINGS, Opening
from .reference import find_reference, reference_move

# Matches play several games at once, and the machine may be busy besides: the search's wall-clock
# backstop is this many times its usual length there, so the CPU budgets alone decide and each level
# plays as it would on a machine of its own (only slower).
SHARED_MACHINE = 4.0

# The parts of a Thinking, by their names in it.
PARTS = ("limit", "manner", "breadth", "machine")


def changed(thinking: Thinking, changes: Mapping[str, Any]) -> Thinking:
    """``thinking`` with some fields of its parts changed, each field named alone (``depth``, ``beam``:
    the names are unique across the parts), as ``--set`` of the match benchmark names them."""
    part_of = {f.name: part for part in PARTS for f in dataclasses.fields(getattr(thinking, part))}
    by_part: dict[str, dict[str, Any]] = {}
    for name, value in changes.items():
        by_part.setdefault(part_of[name], {})[name] = value
    return replace(thinking, **{part: replace(getattr(thinking, part), **fields) for part, fields in by_part.items()})


def opening_position(index: int, openings: Sequence[Opening] = OPENINGS) -> Position:
    """The position after both homeworlds of opening ``index`` of ``openings`` (standard rules)."""
    pos = initial_position(STANDARD)
    for setup in openings[index % len(openings)]:
        state = apply_checked(start_turn(pos), parse_turn("homeworld " + setup)[0])
        pos = end_turn(state.position)
    return pos


@dataclass
class GameRecord:
    """One finished game: our result (1, 0.5, 0), why it ended, turns, and both sides' think times."""

    score: float
    reason: str
    turns: int
    ours: list[float] = field(default_factory=list)
    ours_cpu: list[float] = field(default_factory=list)  # the same turns in CPU seconds (a busy machine aside)
    theirs: list[float] = field(default_factory=list)
    nodes: int = 0
    search_seconds: float = 0.0
    detail: str = ""
    moves: list[str] = field(default_factory=list)  # every turn in SDG notation, setups included


def play_reference_game(level: str, index: int, we_first: bool, max_turns: int, cli: str,
                        openings: Sequence[Opening] = OPENINGS,
                        changes: Mapping[str, Any] | None = None) -> GameRecord:  # fmt: skip
    """Play one game of ``level`` against the reference from opening ``index`` of ``openings``; ``changes``
    alter how the level thinks (a trial of other budgets or widths before they become the level's)."""
    thinking = changed(LEVELS[level].with_machine(wall_factor=SHARED_MACHINE), changes or {})
    pos = opening_position(index, openings)
    ours_seat = 0 if we_first else 1
    seen: Counter[PositionKey] = Counter([pos.key()])
    rec = GameRecord(0.5, "turn cap", 0)
    for n in range(max_turns):
        if pos.is_over():
            break
        if pos.to_move == ours_seat:
            start, cpu = time.perf_counter(), time.process_time()
            result = choose_turn(pos, thinking, seed=index * 1000 + n, history=seen)
            rec.ours.append(time.perf_counter() - start)
            rec.ours_cpu.append(time.process_time() - cpu)
            rec.nodes += result.info.nodes
            rec.search_seconds += result.info.seconds
            if result.turn is None:
                rec.reason, rec.detail = "no turn (ours)", "the search gave no turn"
                return rec
            turn = result.turn
            who = "ours"
        else:
            answer = reference_move(cli, pos, seed=index * 1000 + n + 1)
            rec.theirs.append(answer.seconds)
            if answer.turn is None:
                rec.reason, rec.detail = "reference failed", answer.error
                return rec
            turn = answer.turn
            who = "reference"
        try:
            state = start_turn(pos)
            for action in turn:
                state = apply_checked(state, action)
        except ValueError as exc:
            rec.reason, rec.detail = f"illegal turn ({who})", f"{turn}: {exc}"
            rec.score = 0.0 if who == "ours" else 1.0
            return rec
        pos = end_turn(state.position)
        rec.moves.append(format_turn(turn))
        rec.turns = n + 1
        seen[pos.key()] += 1
        if seen[pos.key()] >= 3:
            rec.reason = "repetition"
            return rec
    if pos.is_over():
        winner = pos.winner()
        if winner is None:
            rec.reason = "both eliminated"
        else:
            rec.score = 1.0 if winner == ours_seat else 0.0
            rec.reason = "win" if rec.score else "loss"
    return rec


def _one(
    args: tuple[str, int, bool, int, str, Sequence[Opening], Mapping[str, Any] | None],
) -> tuple[int, bool, GameRecord]:
    level, index, we_first, max_turns, cli, openings, changes = args
    return index, we_first, play_reference_game(level, index, we_first, max_turns, cli, openings, changes)


def _write_record(folder: str, number: int, opening: Opening, we_first: bool, rec: GameRecord) -> None:
    path = Path(folder)
    path.mkdir(parents=True, exist_ok=True)
    setups = [f"homeworld {s}" for s in opening]
    head = f"# ours {'first' if we_first else 'second'}; result {rec.score} by {rec.reason}"
    (path / f"game{number:03d}.txt").write_text("\n".join([head, *setups, *rec.moves]) + "\n", encoding="utf-8")


def _spread(times: list[float]) -> str:
    if not times:
        return "no turns"
    return f"median {statistics.median(times):.2f} s, max {max(times):.2f} s"


def run_reference_match(
    level: str, games: int, max_turns: int, jobs: int, out: TextIO = sys.stdout, record: str | None = None,
    openings: Sequence[Opening] = OPENINGS, changes: Mapping[str, Any] | None = None,
) -> float | None:
    """Play ``games`` games of ``level`` against the reference; print the table and return the score share.

    Game ``g`` starts from opening ``g // 2`` of ``openings`` (again from the first when they run out),
    ours first in even games. With ``record`` (a folder), each game's turns are written there, one
    turn a line."""
    cli, why = find_reference()
    if cli is None:
        print(f"skipped: {why}", file=out)
        return None
    openings = tuple(openings)
    plan = [(level, g // 2, g % 2 == 0, max_turns, cli, openings, changes) for g in range(games)]
    by_opening: dict[int, list[tuple[bool, GameRecord]]] = {}
    records: list[GameRecord] = []
    total = 0.0
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=max(1, jobs)) as pool:
        for done, (index, we_first, rec) in enumerate(pool.map(_one, plan), 1):
            records.append(rec)
            by_opening.setdefault(index % len(openings), []).append((we_first, rec))
            if record:
                _write_record(record, done, openings[index % len(openings)], we_first, rec)
            total += rec.score
            side = "first" if we_first else "second"
            extra = f" ({rec.detail[:120]})" if rec.detail else ""
            print(f"game {done}/{games}: opening {index % len(openings) + 1} {openings[index % len(openings)]}, "
                  f"{level} {side}: "
                  f"{rec.score} by {rec.reason} after {rec.turns} turns{extra}; total {total}/{done}",
                  file=out, flush=True)  # fmt: skip
    tally = Counter("win" if r.score == 1 else "loss" if r.score == 0 else "draw" for r in records)
    reasons = Counter(r.reason for r in records)
    share = total / games if games else 0.0
    ours = [t for r in records for t in r.ours]
    theirs = [t for r in records for t in r.theirs]
    nodes = sum(r.nodes for r in records)
    seconds = sum(r.search_seconds for r in records)
    print(f"{level} vs reference: {total}/{games} = {share:.0%} (wins {tally['win']}, losses {tally['loss']}, "
          f"draws {tally['draw']}) in {time.perf_counter() - started:.0f} s", file=out)  # fmt: skip
    print(f"  games ended by: {', '.join(f'{k} {v}' for k, v in reasons.most_common())}", file=out)
    ours_cpu = [t for r in records for t in r.ours_cpu]
    print(f"  {level} think time: {_spread(ours)} (CPU: {_spread(ours_cpu)}), {len(ours)} turns, "
          f"{nodes / seconds if seconds else 0:.0f} nodes/s", file=out)  # fmt: skip
    print(f"  reference think time: {_spread(theirs)}, {len(theirs)} turns", file=out, flush=True)
    print_openings(openings, by_opening, level, out)
    return share


def print_openings(openings: Sequence[Opening], results: dict[int, list[tuple[bool, GameRecord]]], level: str,
                   out: TextIO = sys.stdout) -> None:  # fmt: skip
    """One line per opening played: the pair, each game's result for ``level`` and why, and the score."""
    print(f"  per opening ({level}'s score, first and second):", file=out)
    for index in sorted(results):
        games = sorted(results[index], key=lambda g: not g[0])
        told = "; ".join(f"{'first' if first else 'second'} {rec.score} by {rec.reason} in {rec.turns}"
                         for first, rec in games)  # fmt: skip
        score = sum(rec.score for _, rec in games)
        first, second = openings[index]
        print(f"    {index + 1:3d}. {first} / {second}: {score}/{len(games)} ({told})", file=out)
    out.flush()


__all__ = ["PARTS", "GameRecord", "changed", "opening_position", "play_reference_game", "print_openings",
           "run_reference_match"]
