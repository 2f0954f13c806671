"""``python -m hwgame.bench tune --target moves``: fit the evaluation to the turns real winners chose.

The result fit (``tune``) asks which positions are won; this one asks the question a search asks of
its evaluation: among the turns of a position, which is best? Its samples are the turns the eventual
winners of the SuperDuperGames archive played. For each, the candidates are the turns the root of the
search would generate (``scored_turns`` with a beam and a cap): the turn played and ``alternatives``
others drawn uniformly at random. (Drawn uniformly, the sample conditions every candidate alike, so
the fit estimates the model over every candidate; keeping today's favourites instead would teach the
fit to turn away from them.) A conditional logit model over the candidates,
``P(turn i) = exp(score_i / scale) / sum_j exp(score_j / scale)``, is fitted by Newton's method with
a pull towards today's weights. Games are split into training and held-out games; it prints, before
and after, the held-out log loss, how often the played turn is the best-scored candidate, and its
mean rank.
"""

from __future__ import annotations

import argparse
import json
import math
import random
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from hwgame.ai.evaluate import DEFAULT_WEIGHTS, TERMS, evaluate, terms
from hwgame.ai.turns import scored_turns
from hwgame.bench.linalg import solve
from hwgame.rules import SDG, HomeworldsError, Position, apply_turn_unchecked, initial_position, read_transcript

# Weights that do not change which turn is best (every candidate has the same value) or that scale
# other terms: never fitted here.
FIXED = ("tempo",)

# One sampled turn: the terms of each candidate (a row each, from the mover's view) and the index of
# the candidate the winner played.
Group = tuple[list[list[float]], int]


def game_groups(path: Path, every: int, alternatives: int, seed: int, skip_turns: int = 4) -> list[Group]:
    """The candidate groups of one archive game: per sampled turn of the winner, (rows, played index),
    each row the terms of a candidate from the mover's view."""
    try:
        record = read_transcript(path)
    except (HomeworldsError, ValueError, OSError):
        return []
    if record.winner is None or record.winner not in record.players:
        return []
    winner = record.players.index(record.winner)
    rng = random.Random(f"{seed}:{path.name}")
    pos = initial_position(SDG, record.players)
    groups: list[Group] = []
    try:
        for n, turn in enumerate(record.turns):
            after = apply_turn_unchecked(pos, turn)
            if n >= skip_turns and pos.stage >= 2 and pos.to_move == winner and not after.is_over():
                if rng.randrange(every) == 0:
                    group = _group(pos, after, alternatives, rng)
                    if group is not None:
                        groups.append(group)
            pos = after
    except (HomeworldsError, ValueError, KeyError, IndexError):
        pass
    return groups


def _group(pos: Position, played: Position, alternatives: int, rng: random.Random) -> Group | None:
    """Rows of the candidates of ``pos`` and the index of ``played`` among them (None: no choice)."""
    found = scored_turns(pos, lambda end: -evaluate(end), 4, 1500)
    key = played.key()
    others = [s.position for s in found if not s.position.is_over() and s.key != key]
    if not others:
        return None
    positions = rng.sample(others, min(alternatives, len(others)))
    positions.append(played)
    rng.shuffle(positions)
    index = next(i for i, p in enumerate(positions) if p is played)
    # Terms of the position after the turn are from the opponent's view: negated for the mover.
    rows = [[-v for v in terms(p)] for p in positions]
    return rows, index


def _one(args: tuple[Path, int, int, int]) -> list[Group]:
    return game_groups(*args)


def collect(
    folder: Path, games: int | None, every: int, alternatives: int, seed: int, jobs: int
) -> list[list[Group]]:
    """Candidate groups of the first ``games`` archive games (a list per game; undecided games give none)."""
    files = sorted(folder.glob("*.raw"))[:games]
    tasks = [(f, every, alternatives, seed) for f in files]
    if jobs <= 1:
        return [_one(t) for t in tasks]
    with ProcessPoolExecutor(jobs) as pool:
        return list(pool.map(_one, tasks, chunksize=4))


def _scores(rows: Sequence[Sequence[float]], beta: Sequence[float]) -> list[float]:
    return [sum(b * f for b, f in zip(beta, row, strict=True)) for row in rows]


def _softmax(values: list[float]) -> list[float]:
    top = max(values)
    ex = [math.exp(v - top) for v in values]
    total = sum(ex)
    return [e / total for e in ex]


def measure(groups: Sequence[Group], weights: list[float], scale: float) -> tuple[float, float, float]:
    """(mean log loss, share of groups whose played turn scores best, mean rank of the played turn
    as a fraction of the group: 0 best, 1 worst)."""
    beta = [w / scale for w in weights]
    loss = top = rank = 0.0
    for rows, index in groups:
        s = _scores(rows, beta)
        p = _softmax(s)
        loss -= math.log(p[index] + 1e-12)
        better = sum(1 for v in s if v > s[index])
        top += better == 0
        rank += better / (len(s) - 1)
    n = max(1, len(groups))
    return loss / n, top / n, rank / n


def fit_choices(
    groups: Sequence[Group], start: list[float], scale: float, fitted: list[bool], steps: int, pull: float
) -> list[float]:
    """Newton's method on the conditional logit's mean log loss plus ``pull`` x the squared distance to
    ``start`` (in units of each term's spread within groups); only ``fitted`` weights move."""
    k = len(start)
    idx = [i for i in range(k) if fitted[i]]
    m = len(idx)
    spread = [1e-9] * m
    for rows, _ in groups:
        for a, i in enumerate(idx):
            col = [r[i] for r in rows]
            centre = sum(col) / len(col)
            spread[a] += sum((x - centre) ** 2 for x in col) / len(col)
    n = max(1, len(groups))
    spread = [s / n for s in spread]
    beta = [w / scale for w in start]
    beta0 = list(beta)
    for _ in range(steps):
        grad = [pull * spread[a] * (beta[i] - beta0[i]) * n for a, i in enumerate(idx)]
        hess = [[(pull * spread[a] * n if a == b else 0.0) for b in range(m)] for a in range(m)]
        for rows, index in groups:
            p = _softmax(_scores(rows, beta))
            sub = [[r[i] for i in idx] for r in rows]
            mean = [sum(p[j] * sub[j][a] for j in range(len(sub))) for a in range(m)]
            chosen = sub[index]
            for a in range(m):
                grad[a] += mean[a] - chosen[a]
            for j, row in enumerate(sub):
                pj = p[j]
                if pj < 1e-9:
                    continue
                d = [row[a] - mean[a] for a in range(m)]
                for a in range(m):
                    da = pj * d[a]
                    if not da:
                        continue
                    h = hess[a]
                    for b in range(a, m):
                        h[b] += da * d[b]
        for a in range(m):
            for b in range(a):
                hess[a][b] = hess[b][a]
        delta = solve(hess, grad)
        for a, i in enumerate(idx):
            beta[i] -= delta[a]
    return [b * scale for b in beta]


def run_moves(args: argparse.Namespace, folder: Path) -> int:
    """The ``--target moves`` fit; ``args`` are the parsed options of ``tune``."""
    cache = Path(args.cache) if args.cache else None
    if cache is not None and cache.is_file():
        per_game = json.loads(cache.read_text(encoding="utf-8"))
    else:
        per_game = collect(folder, args.games, args.every, args.alternatives, args.seed, args.jobs)
        if cache is not None:
            cache.write_text(json.dumps(per_game), encoding="utf-8")
    order = list(range(len(per_game)))
    random.Random(args.seed).shuffle(order)
    cut = len(order) * 4 // 5
    train = [g for i in order[:cut] for g in per_game[i]]
    test = [g for i in order[cut:] for g in per_game[i]]
    print(f"{len(train)} training and {len(test)} held-out turns of winners from {folder}")
    start = [DEFAULT_WEIGHTS[k] for k in TERMS]
    scale = min((4.0, 8.0, 16.0, 32.0, 64.0, 128.0), key=lambda s: measure(train, start, s)[0])
    fitted = [k not in FIXED and k not in args.fixed for k in TERMS]
    before = measure(test, start, scale)
    tuned = fit_choices(train, start, scale, fitted, args.steps, args.pull)
    after = measure(test, tuned, scale)
    print(f"scale {scale}: held-out log loss {before[0]:.4f} -> {after[0]:.4f}, played turn best "
          f"{before[1]:.1%} -> {after[1]:.1%}, mean rank {before[2]:.3f} -> {after[2]:.3f}")  # fmt: skip
    for k, a, b in zip(TERMS, start, tuned, strict=True):
        print(f"    {k!r}: {b:.3f},  # was {a:.3f}")
    return 0


__all__ = ["collect", "fit_choices", "game_groups", "measure", "run_moves"]
