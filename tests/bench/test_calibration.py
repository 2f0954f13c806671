"""The calibration benchmark's tools: the fit, the scores and the reliability table."""

from __future__ import annotations

import math
import random

import pytest

from hwgame.ai.winchance import Curve
from hwgame.bench.calibration import brier_and_log_loss, fit_curve, game_samples, material, reliability
from hwgame.rules import parse_position


def test_the_fit_finds_the_curve_that_made_the_results():
    rng = random.Random(7)
    xs = [rng.uniform(-3, 3) for _ in range(6000)]
    ys = [1.0 if rng.random() < 1 / (1 + math.exp(-(0.4 + 1.5 * x))) else 0.0 for x in xs]
    curve = fit_curve(xs, ys, [1.0] * len(xs))
    assert curve.bias == pytest.approx(0.4, abs=0.15)
    assert curve.slope * 25.0 == pytest.approx(1.5, rel=0.15) or curve.chance(25.0 * math.sinh(1.0)) > 0.8


def test_a_coin_scores_a_quarter_and_log_two():
    brier, loss = brier_and_log_loss([0.5] * 4, [1.0, 0.0, 1.0, 0.0], [1.0] * 4)
    assert brier == pytest.approx(0.25)
    assert loss == pytest.approx(math.log(2))


def test_weights_count_games_not_positions():
    # one game of three positions all won and one game of one position lost: each game weighs the same
    brier, _ = brier_and_log_loss([0.0] * 4, [1.0, 1.0, 1.0, 0.0], [1 / 3, 1 / 3, 1 / 3, 1.0])
    assert brier == pytest.approx(0.5)


def test_the_reliability_table_puts_each_chance_in_its_decile():
    rows = reliability([0.05, 0.07, 0.95, 1.0], [0.0, 1.0, 1.0, 1.0], [1.0] * 4)
    assert rows[0][1] == 2 and rows[0][3] == pytest.approx(0.5)
    assert rows[9][1] == 2 and rows[9][3] == pytest.approx(1.0)
    assert all(r[1] == 0 for r in rows[1:9])


def test_material_counts_the_movers_ships_against_the_opponents():
    pos = parse_position("standard North South 0 2; North 0 y1b2 g3 -; South 1 r1y3 - g3b1")
    assert material(pos) == 3 - (3 + 2)


def test_real_games_give_labelled_positions_in_play(sdg_games):
    decided = (game_samples(path) for path in sorted(sdg_games.glob("*.raw"))[:40])
    samples = next(s for s in decided if s)
    assert {s.won for s in samples} <= {0.0, 1.0}
    assert all(s.position.stage >= 2 for s in samples)
    movers_won = {(s.position.to_move, s.won) for s in samples}
    assert len({w for m, w in movers_won if m == 0}) == 1  # the same player wins from every position


@pytest.mark.slow
def test_on_held_out_games_the_static_curve_beats_a_coin(sdg_games):
    from hwgame.ai.evaluate import evaluate
    from hwgame.ai.winchance import SCORE_SCALE

    files = sorted(sdg_games.glob("*.raw"))[:80]
    fit, held = [], []
    for k, path in enumerate(files):
        (fit if k % 2 == 0 else held).extend(game_samples(path))
    unit = [math.asinh(evaluate(s.position) / SCORE_SCALE) for s in fit]
    curve = fit_curve(unit, [s.won for s in fit], [1.0] * len(fit))
    assert isinstance(curve, Curve)
    ps = [curve.chance(evaluate(s.position)) for s in held]
    brier, loss = brier_and_log_loss(ps, [s.won for s in held], [1.0] * len(held))
    assert brier < 0.23 and loss < 0.66
