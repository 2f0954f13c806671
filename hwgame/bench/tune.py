"""``python -m hwgame.bench tune``: fit the evaluation's weights to the results of real games.

Every position after a turn of the SuperDuperGames archive (``HWGAME_GAMES_DIR`` or ``../shared/games``)
whose game names a winner is a sample: did the player to move go on to win? The evaluation is linear in
most of its weights, so each weight's term is read off by evaluating with that weight alone, and a
logistic regression (``P(win) = 1 / (1 + exp(-score / scale))``, by Newton's method with a pull
towards today's weights) finds the weights that predict the results best. Positions where the side to
move wins at once are left out: they say nothing about the quiet terms. It prints the fit before and
after and the weights to put into ``hwgame.ai.evaluate.DEFAULT_WEIGHTS``.
"""

from __future__ import annotations

import argparse
import json
import math
import random
from collections.abc import Iterator, Sequence
from pathlib import Path

from hwgame.ai.evaluate import DEFAULT_WEIGHTS, evaluate
from hwgame.ai.tactics import find_win
from hwgame.bench.archive import decided_positions
from hwgame.bench.linalg import solve
from hwgame.bench.movegen import games_dir
from hwgame.rules import Position

# Weights that multiply one term each (the others scale several terms and stay as they are).
LINEAR = ("material", "large", "medium", "supply", "home_access", "abroad_access", "spread", "defence",
          "overpop", "capture_threat", "invasion", "pressure", "tempo", "catastrophes", "catastrophes_parried",
          "captures", "captures_parried", "home_large", "one_star_home", "gun_fleet")  # fmt: skip


def samples(folder: Path, limit: int | None, skip_turns: int = 4) -> Iterator[tuple[Position, float]]:
    """(position, 1.0 if the side to move won else 0.0) over the archive's decided games."""
    for path in sorted(folder.glob("*.raw"))[:limit]:
        for played, pos, winner in decided_positions(path):
            if played > skip_turns and not pos.is_over() and pos.stage >= 2:
                yield pos, 1.0 if pos.to_move == winner else 0.0


def features(position: Position) -> list[float]:
    """The term of each LINEAR weight in ``position`` (the evaluation with that weight alone)."""
    base = {k: (0.0 if k in LINEAR else v) for k, v in DEFAULT_WEIGHTS.items()}
    out = []
    for k in LINEAR:
        w = dict(base)
        w[k] = 1.0
        out.append(evaluate(position, w))
    return out


def _loss(rows: Sequence[Sequence[float]], labels: Sequence[float], weights: Sequence[float], scale: float) -> float:
    total = 0.0
    for f, y in zip(rows, labels, strict=True):
        z = sum(a * b for a, b in zip(weights, f, strict=True)) / scale
        p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
        total -= y * math.log(p + 1e-12) + (1 - y) * math.log(1 - p + 1e-12)
    return total / len(rows)


def fit(
    rows: Sequence[Sequence[float]],
    labels: Sequence[float],
    start: Sequence[float],
    scale: float,
    steps: int,
    pull: float,
) -> list[float]:
    """Newton's method on the mean log loss plus ``pull`` x the squared distance to ``start``
    (distances measured in units of each term's spread, so that large and small terms weigh alike)."""
    k = len(start)
    n = len(rows)
    spread = [max(1e-9, sum(f[i] * f[i] for f in rows) / n) for i in range(k)]
    beta = [w / scale for w in start]
    beta0 = list(beta)
    for _ in range(steps):
        grad = [pull * spread[i] * (beta[i] - beta0[i]) * n for i in range(k)]
        hess = [[(pull * spread[i] * n if i == j else 0.0) for j in range(k)] for i in range(k)]
        for f, y in zip(rows, labels, strict=True):
            z = sum(a * b for a, b in zip(beta, f, strict=True))
            p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
            g = p - y
            h = p * (1 - p)
            for i in range(k):
                fi = f[i]
                if not fi:
                    continue
                grad[i] += g * fi
                hi = h * fi
                row = hess[i]
                for j in range(i, k):
                    row[j] += hi * f[j]
        for i in range(k):
            for j in range(i):
                hess[i][j] = hess[j][i]
        delta = solve(hess, grad)
        beta = [b - d for b, d in zip(beta, delta, strict=True)]
    return [b * scale for b in beta]


def run(argv: list[str]) -> int:
    """Entry point of ``python -m hwgame.bench tune``."""
    parser = argparse.ArgumentParser(prog="python -m hwgame.bench tune", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=None, help="use only the first N records")
    parser.add_argument("--steps", type=int, default=8, help="Newton steps")
    parser.add_argument("--pull", type=float, default=1e-3, help="how strongly today's weights hold")
    parser.add_argument("--cache", help="a file to keep the positions' terms in between runs")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--target",
        choices=("results", "moves"),
        default="results",
        help="fit to game results, or to the turns the winners chose (see tune_moves)",
    )
    parser.add_argument("--every", type=int, default=3, help="moves: sample one in N of the winners' turns")
    parser.add_argument("--alternatives", type=int, default=40, help="moves: candidates drawn per turn")
    parser.add_argument("--jobs", type=int, default=1, help="moves: processes collecting candidates")
    parser.add_argument("--fixed", nargs="*", default=(), help="moves: weights left as they are")
    args = parser.parse_args(argv)
    folder = games_dir()
    if folder is None:
        print("skipped: the SuperDuperGames archive is not here (set HWGAME_GAMES_DIR)")
        return 0
    if args.target == "moves":
        from .tune_moves import run_moves

        return run_moves(args, folder)
    cache = Path(args.cache) if args.cache else None
    if cache is not None and cache.is_file():
        rows, labels = json.loads(cache.read_text(encoding="utf-8"))
    else:
        rows, labels = [], []
        for pos, y in samples(folder, args.games):
            if find_win(pos) is not None:
                continue
            rows.append(features(pos))
            labels.append(y)
        if cache is not None:
            cache.write_text(json.dumps([rows, labels]), encoding="utf-8")
    print(f"{len(rows)} positions from {folder}")
    order = list(range(len(rows)))
    random.Random(args.seed).shuffle(order)
    cut = len(order) * 4 // 5
    train = [rows[i] for i in order[:cut]], [labels[i] for i in order[:cut]]
    test = [rows[i] for i in order[cut:]], [labels[i] for i in order[cut:]]
    start = [DEFAULT_WEIGHTS[k] for k in LINEAR]
    scale = min((10.0, 20.0, 40.0, 80.0, 160.0), key=lambda s: _loss(*train, start, s))
    before = _loss(*test, start, scale), _loss(*train, start, scale)
    tuned = fit(*train, start, scale, args.steps, args.pull)
    after = _loss(*test, tuned, scale), _loss(*train, tuned, scale)
    print(f"scale {scale}: log loss on held-out positions {before[0]:.4f} -> {after[0]:.4f} "
          f"(training {before[1]:.4f} -> {after[1]:.4f})")  # fmt: skip
    for k, a, b in zip(LINEAR, start, tuned, strict=True):
        print(f"    {k!r}: {b:.3f},  # was {a:.3f}")
    return 0


__all__ = ["LINEAR", "features", "fit", "run", "samples"]
