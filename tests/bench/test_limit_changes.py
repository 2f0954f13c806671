"""``--set FIELD=VALUE`` of the match benchmark: a level tried with changed limits."""

from __future__ import annotations

import pytest

from hwgame.ai.bots import LEVELS
from hwgame.bench.ai import limit_changes


def test_values_take_the_fields_types():
    changes = limit_changes(["depth=3", "time=3.5", "convert=false", "win2=none", "nodes=40000"])
    assert changes == {"depth": 3, "time": 3.5, "convert": False, "win2": None, "nodes": 40000}
    limit = LEVELS["hard"].with_changes(**changes)
    assert (limit.depth, limit.time, limit.convert, limit.win2) == (3, 3.5, False, None)


@pytest.mark.parametrize("item", ["depth", "deepness=3", "depth=three", "convert=maybe", "persona=bold"])
def test_a_wrong_change_is_refused(item):
    with pytest.raises(ValueError):
        limit_changes([item])


def test_set_is_refused_outside_a_match_against_the_reference(capsys):
    from hwgame.bench.ai import run

    with pytest.raises(SystemExit) as stop:
        run(["--match", "hard-normal", "--set", "depth=3"])
    assert stop.value.code == 2 and "--match cpp only" in capsys.readouterr().err
