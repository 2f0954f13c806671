"""``python -m hwgame.bench memory``: it reads the memory of ``hwgame engine`` and of every helper of its
endless search, and ends the engine when done."""

from __future__ import annotations

import io
import os
from contextlib import redirect_stdout

import pytest

from hwgame.bench.memory import run, summary, tree_rss
from tests.analysis.processes import cmdline, descendants, needs_proc


@needs_proc
def test_the_memory_of_a_process_and_its_children_is_read_from_proc():
    mine = tree_rss(os.getppid())
    assert mine.get(os.getpid(), 0.0) > 1.0  # this interpreter, under the process that started it


def test_the_summary_gives_the_growth_after_the_first_minute():
    out = io.StringIO()
    with redirect_stdout(out):
        summary([(0.0, 10.0), (60.0, 200.0), (120.0, 206.0)])
    lines = out.getvalue().splitlines()
    assert lines[0] == "after 60 s: 200.0 MB; after 120 s: 206.0 MB; growth in between 0.100 MB/s"
    assert lines[1].startswith("largest: 206.0 MB with every helper (within the target of 500 MB")


@pytest.mark.slow
@needs_proc
def test_the_benchmark_reads_the_engine_and_its_helpers_and_ends_them():
    out = io.StringIO()
    with redirect_stdout(out):
        assert run(["--seconds", "6", "--every", "3", "--threads", "2"]) == 0
    text = out.getvalue()
    readings = [line.split() for line in text.splitlines() if line.strip()[:1].isdigit()]
    assert len(readings) >= 3
    last = readings[-1]
    assert float(last[1]) > 5.0 and len(last) >= 5  # the engine, its helpers, the sum
    assert "last answer: bestturn " in text and "largest: " in text
    assert not [pid for pid, _start in descendants(os.getpid()) if "-m hwgame engine" in cmdline(pid)]  # it quit
