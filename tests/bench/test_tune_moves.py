"""The move-choice fit learns which term the chosen turns share."""

from __future__ import annotations

import random

from hwgame.bench.tune_moves import fit_choices, measure


def _groups(n: int, seed: int) -> list:
    """Groups of five candidates with two terms; the chosen one always has the largest first term,
    the second term is noise."""
    rng = random.Random(seed)
    groups = []
    for _ in range(n):
        rows = [[rng.random(), rng.random()] for _ in range(5)]
        best = max(range(5), key=lambda i: rows[i][0])
        groups.append((rows, best))
    return groups


def test_the_fit_raises_the_weight_of_the_deciding_term():
    train, test = _groups(300, 1), _groups(100, 2)
    start = [0.0, 0.0]
    tuned = fit_choices(train, start, 1.0, [True, True], steps=6, pull=1e-4)
    assert tuned[0] > 5.0
    assert abs(tuned[1]) < tuned[0] / 4
    before, after = measure(test, start, 1.0), measure(test, tuned, 1.0)
    assert after[0] < before[0]  # log loss
    assert after[1] > 0.9  # the chosen candidate scores best


def test_a_fixed_weight_stays():
    tuned = fit_choices(_groups(100, 3), [0.0, 2.0], 1.0, [True, False], steps=3, pull=1e-4)
    assert tuned[1] == 2.0
