"""``python -m hwgame.bench calibration``: how well the win chance predicts real results.

Every position in play of every decided game of the SuperDuperGames archive is a sample, labelled 1
when the player to move went on to win. Games are split in two halves by their place in the sorted
list of records (even places fit, odd places report), so no game is on both sides. Each game weighs
the same in the fit and in the figures, whatever its length.

The score is Normal's search with the review's settings (``--score search``, the default; slow, so
``--every N`` takes one position in N and ``--cache FILE`` keeps the scores between runs), or the
static evaluation (``--score static``, seconds). Per phase, a logistic curve over the score is fitted
on the first half (``hwgame.ai.winchance.Curve``); on the other half the command prints the Brier
score and the log loss of the curve against two baselines, a coin (always 50%) and a curve over
material alone (the sizes of one's ships minus the opponent's), then a reliability table by decile
of the predicted chance, and the fitted curves to put into ``hwgame.ai.winchance.CURVES``.
"""

from __future__ import annotations

import argparse
import json
import math
import os
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from hwgame.ai.evaluate import evaluate
from hwgame.ai.search import is_proven
from hwgame.ai.winchance import PHASES, Curve, phase_of_turn, turns_in_play, unit, win_chance
from hwgame.bench.archive import decided_positions
from hwgame.bench.movegen import games_dir
from hwgame.rules import (
    PLAYING,
    Position,
    size_of,
)


@dataclass(frozen=True)
class Sample:
    """One position of a decided game: which game, after how many turns, and whether the mover won."""

    game: str
    index: int
    position: Position
    won: float


def game_samples(path: Path) -> list[Sample]:
    """The positions in play of one record whose winner is known (none when it cannot be replayed)."""
    out = []
    for played, pos, winner in decided_positions(path):
        if pos.stage >= PLAYING and not pos.is_over():
            out.append(Sample(path.name, played, pos, 1.0 if pos.to_move == winner else 0.0))
    return out


def _phase(sample: Sample) -> str:
    return phase_of_turn(turns_in_play(sample.index))


def material(position: Position) -> float:
    """The sizes of the mover's ships minus the opponent's, over the whole board."""
    me = position.to_move
    total = 0
    for system in position.systems:
        for player in (0, 1):
            sign = 1 if player == me else -1
            total += sign * sum(size_of(p) + 1 for p in system.ships_of(player))
    return float(total)


def search_score(position: Position) -> float:
    """Normal's score for the side to move, searched as the review searches (no random touches)."""
    from hwgame.ai.bots import LEVELS, choose_turn
    from hwgame.analysis.review import analysis_thinking

    return float(choose_turn(position, analysis_thinking(LEVELS["normal"]), seed=0).score)


def _scores(kind: str, positions: Sequence[Position], jobs: int) -> Iterator[float]:
    """The scores of ``positions`` in order, as they come (a long run can be kept as it goes)."""
    if kind == "static":
        yield from (evaluate(p) for p in positions)
    elif jobs <= 1:
        yield from (search_score(p) for p in positions)
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            yield from pool.map(search_score, positions, chunksize=8)


def _keep(cache: dict[str, float], path: Path | None) -> None:
    if path is not None:
        path.write_text(json.dumps(cache), encoding="utf-8")


def fit_curve(xs: Sequence[float], ys: Sequence[float], ws: Sequence[float], steps: int = 30) -> Curve:
    """The weighted logistic curve over ``xs`` that best predicts ``ys`` (Newton's method, a small
    pull towards a level curve so that a phase with few samples stays sane)."""
    scale = max(1.0, max((abs(x) for x in xs), default=1.0))
    a, b = 0.0, 0.0
    pull = 1e-3 * sum(ws)
    for _ in range(steps):
        ga, gb = pull * a, pull * b
        haa, hab, hbb = pull, 0.0, pull
        for x, y, w in zip(xs, ys, ws, strict=True):
            u = x / scale
            p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, a + b * u))))
            g = w * (p - y)
            h = w * p * (1 - p)
            ga += g
            gb += g * u
            haa += h
            hab += h * u
            hbb += h * u * u
        det = haa * hbb - hab * hab
        if det <= 1e-12:
            break
        a -= (hbb * ga - hab * gb) / det
        b -= (haa * gb - hab * ga) / det
    return Curve(a, b / scale)


def brier_and_log_loss(ps: Sequence[float], ys: Sequence[float], ws: Sequence[float]) -> tuple[float, float]:
    """The weighted mean Brier score and log loss of chances ``ps`` against results ``ys``."""
    total = sum(ws) or 1.0
    brier = sum(w * (p - y) ** 2 for p, y, w in zip(ps, ys, ws, strict=True)) / total
    loss = 0.0
    for p, y, w in zip(ps, ys, ws, strict=True):
        q = max(1e-6, min(1 - 1e-6, p))
        loss -= w * (y * math.log(q) + (1 - y) * math.log(1 - q))
    return brier, loss / total


def reliability(ps: Sequence[float], ys: Sequence[float], ws: Sequence[float]) -> list[tuple[str, int, float, float]]:
    """Per decile of the predicted chance: the range, how many samples, the mean chance, the real win rate."""
    rows = []
    for d in range(10):
        lo, hi = d / 10, (d + 1) / 10
        inside = [(p, y, w) for p, y, w in zip(ps, ys, ws, strict=True) if lo <= p < hi or (d == 9 and p == 1.0)]
        weight = sum(w for _, _, w in inside)
        if not inside or weight <= 0:
            rows.append((f"{lo:.1f}-{hi:.1f}", 0, float("nan"), float("nan")))
            continue
        mean_p = sum(p * w for p, _, w in inside) / weight
        rate = sum(y * w for _, y, w in inside) / weight
        rows.append((f"{lo:.1f}-{hi:.1f}", len(inside), mean_p, rate))
    return rows


def _weights(samples: Sequence[Sample]) -> list[float]:
    counts: dict[str, int] = {}
    for s in samples:
        counts[s.game] = counts.get(s.game, 0) + 1
    return [1.0 / counts[s.game] for s in samples]


def collect(folder: Path, limit: int | None, every: int) -> Iterator[tuple[int, Sample]]:
    """(half, sample) for one position in ``every`` of each decided game (half 0 fits, half 1 reports)."""
    for place, path in enumerate(sorted(folder.glob("*.raw"))[:limit]):
        for k, sample in enumerate(game_samples(path)):
            if k % every == 0:
                yield place % 2, sample


def _load_cache(cache: Path | None) -> dict[str, float]:
    if cache is None or not cache.is_file():
        return {}
    try:
        data = json.loads(cache.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {str(k): float(v) for k, v in data.items()} if isinstance(data, dict) else {}


def run(argv: list[str]) -> int:
    """Entry point of ``python -m hwgame.bench calibration``."""
    parser = argparse.ArgumentParser(prog="python -m hwgame.bench calibration", description=__doc__.splitlines()[0])
    parser.add_argument("--score", choices=("search", "static"), default="search")
    parser.add_argument("--games", type=int, default=None, help="use only the first N records")
    parser.add_argument("--every", type=int, default=1, help="take one position in N of each game")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes for the search scores")
    parser.add_argument("--cache", help="a JSON file keeping the scores between runs")
    args = parser.parse_args(argv)
    folder = games_dir()
    if folder is None:
        print("skipped: the SuperDuperGames archive is not here (set HWGAME_GAMES_DIR)")
        return 0
    halves: list[list[Sample]] = [[], []]
    for half, sample in collect(folder, args.games, max(1, args.every)):
        halves[half].append(sample)
    cache_path = Path(args.cache) if args.cache else None
    cache = _load_cache(cache_path)
    every = halves[0] + halves[1]
    key = [f"{args.score}:{s.game}:{s.index}" for s in every]
    todo = [i for i, k in enumerate(key) if k not in cache]
    if todo:
        print(f"scoring {len(todo)} positions ({args.score}) ...", flush=True)
        scores = _scores(args.score, [every[i].position for i in todo], args.jobs)
        for done, (i, score) in enumerate(zip(todo, scores, strict=True), start=1):
            cache[key[i]] = score
            if done % 500 == 0:  # a search run takes an hour or more: keep what is done, say how far
                _keep(cache, cache_path)
                print(f"  {done} of {len(todo)}", flush=True)
        _keep(cache, cache_path)
    score_of = {id(s): cache[k] for s, k in zip(every, key, strict=True)}
    print(f"{len(halves[0])} positions fit, {len(halves[1])} held out, from {folder} ({args.score} scores)")
    curves: dict[str, Curve] = {}
    material_curves: dict[str, Curve] = {}
    for phase in PHASES:
        # Proven results are certainties, not points on the curve: left out, they cannot bend it.
        part = [s for s in halves[0] if _phase(s) == phase and not is_proven(score_of[id(s)])]
        ws = _weights(part)
        ys = [s.won for s in part]
        curves[phase] = fit_curve([unit(score_of[id(s)]) for s in part], ys, ws)
        material_curves[phase] = fit_curve([unit(material(s.position)) for s in part], ys, ws)
    _report(halves[1], score_of, curves, material_curves)
    print("\nfitted curves (hwgame.ai.winchance.CURVES):")
    for phase, c in curves.items():
        print(f'    "{phase}": Curve({c.bias:.4f}, {c.slope:.6f}),')
    return 0


def _report(held: list[Sample], score_of: dict[int, float], curves: dict[str, Curve],
            material_curves: dict[str, Curve]) -> None:  # fmt: skip

    print(f"\n{'phase':8} {'positions':>9} {'games':>6} | {'Brier: coin':>11} {'material':>9} {'ours':>7} | "
          f"{'log loss: coin':>14} {'material':>9} {'ours':>7}")  # fmt: skip
    all_ps: list[float] = []
    all_ys: list[float] = []
    all_ws: list[float] = []
    ws_all = dict(zip((id(s) for s in held), _weights(held), strict=True))
    for phase in (*PHASES, "all"):
        part = held if phase == "all" else [s for s in held if _phase(s) == phase]
        if not part:
            continue
        ys = [s.won for s in part]
        ws = [ws_all[id(s)] for s in part]
        ours = [win_chance(score_of[id(s)], _phase(s), curves=curves) for s in part]
        mat = [material_curves[_phase(s)].chance(material(s.position)) for s in part]
        coin = [0.5] * len(part)
        b = [brier_and_log_loss(ps, ys, ws) for ps in (coin, mat, ours)]
        games = len({s.game for s in part})
        print(f"{phase:8} {len(part):>9} {games:>6} | {b[0][0]:>11.4f} {b[1][0]:>9.4f} {b[2][0]:>7.4f} | "
              f"{b[0][1]:>14.4f} {b[1][1]:>9.4f} {b[2][1]:>7.4f}")  # fmt: skip
        if phase == "all":
            all_ps, all_ys, all_ws = ours, ys, ws
    print("\nreliability on held-out games (ours; each game weighs the same):")
    print(f"{'predicted':>10} {'positions':>9} {'mean chance':>11} {'won':>7}")
    for band, n, mean_p, rate in reliability(all_ps, all_ys, all_ws):
        print(f"{band:>10} {n:>9} {mean_p:>11.3f} {rate:>7.3f}")


__all__ = ["Sample", "brier_and_log_loss", "collect", "fit_curve", "game_samples", "material", "reliability", "run"]
