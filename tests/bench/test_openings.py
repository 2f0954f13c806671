"""Opening sets for the match against the reference: real setups by frequency, halves that never share
an opening, a file of openings read with care, and results printed per opening."""

from __future__ import annotations

import io
from collections import Counter

import pytest

from hwgame.bench.openings import OPENINGS, archive_openings, draw, opening_set, read_openings, split_halves
from hwgame.bench.versus import GameRecord, print_openings

COUNTS = Counter({(f"r1 b2 g{1 + i % 3}", f"y{1 + i // 3 % 3} b1 g3"): 20 - i for i in range(9)})


def test_the_halves_share_no_opening_and_hold_about_the_same_weight():
    tune, report = split_halves(COUNTS, seed=4)
    assert not set(tune) & set(report) and set(tune) | set(report) == set(COUNTS)
    assert abs(sum(tune.values()) - sum(report.values())) <= 20  # at most the weight of one opening
    assert split_halves(COUNTS, seed=4) == (tune, report)  # the same seed, the same split
    assert any(split_halves(COUNTS, seed=s)[1] != report for s in range(5, 15))


def test_openings_used_for_tuning_never_land_in_the_report_half():
    tuned = list(COUNTS)[:4]
    for seed in range(10):
        tune, report = split_halves(COUNTS, seed, tuned=tuned)
        assert all(o in tune for o in tuned) and not set(tuned) & set(report)


def test_a_draw_takes_different_openings_and_favours_the_frequent_ones():
    picks = draw(COUNTS, 4, seed=2)
    assert len(picks) == len(set(picks)) == 4 and set(picks) <= set(COUNTS)
    assert draw(COUNTS, 4, seed=2) == picks
    assert sorted(draw(COUNTS, 50, seed=2)) == sorted(COUNTS)  # never more than there are
    firsts = Counter(draw(Counter({("r1 b2 g3", "y1 b1 g3"): 99, ("r1 b3 g3", "y1 b1 g3"): 1}), 1, s)[0]
                     for s in range(40))  # fmt: skip
    assert firsts[("r1 b2 g3", "y1 b1 g3")] > 30


def test_a_file_of_openings_is_read_and_a_wrong_line_is_named(tmp_path):
    good = tmp_path / "set.txt"
    good.write_text("# tried by hand\nR1 B2 G3 / r3 b1 g3\n\ny1 b2 g3 / y3 b1 g3  # a second\n", encoding="utf-8")
    assert read_openings(good) == [("r1 b2 g3", "r3 b1 g3"), ("y1 b2 g3", "y3 b1 g3")]
    bad = tmp_path / "bad.txt"
    bad.write_text("r1 b2 g3 / r3 b1 g3\nr1 b2 q3 / r3 b1 g3\n", encoding="utf-8")
    with pytest.raises(ValueError, match="line 2"):
        read_openings(bad)
    with pytest.raises(ValueError, match="r1 b2 g3 / r3 b1 g3"):
        read_openings(_written(tmp_path / "no-slash.txt", "r1 b2 g3 r3 b1 g3\n"))
    with pytest.raises(ValueError, match="regular file"):
        read_openings(tmp_path)
    with pytest.raises(ValueError, match="larger than"):
        read_openings(_written(tmp_path / "huge.txt", "# " + "x" * (1 << 20) + "\n"))


def _written(path, text):
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.slow
def test_the_archive_gives_its_real_setups_by_frequency(sdg_games):
    counts = archive_openings(sdg_games)
    assert len(counts) > 300 and sum(counts.values()) > 800
    assert counts.most_common(1)[0][0] == OPENINGS[0]  # the most frequent pair of the fixed set
    report = opening_set("archive", 12, "report", split_seed=1, seed=1, games_dir=sdg_games)
    tune = opening_set("archive", 12, "tune", split_seed=1, seed=1, games_dir=sdg_games)
    assert len(report) == 12 and not set(report) & set(OPENINGS) and not set(report) & set(tune)


def test_results_are_printed_per_opening():
    openings = [("r1 b2 g3", "r3 b1 g3"), ("y1 b2 g3", "y3 b1 g3")]
    results = {0: [(False, GameRecord(0.5, "repetition", 80)), (True, GameRecord(1.0, "win", 41))],
               1: [(True, GameRecord(0.0, "loss", 30))]}  # fmt: skip
    out = io.StringIO()
    print_openings(openings, results, "normal", out)
    lines = out.getvalue().splitlines()
    assert lines[1].strip() == "1. r1 b2 g3 / r3 b1 g3: 1.5/2 (first 1.0 by win in 41; second 0.5 by repetition in 80)"
    assert lines[2].strip() == "2. y1 b2 g3 / y3 b1 g3: 0.0/1 (first 0.0 by loss in 30)"
