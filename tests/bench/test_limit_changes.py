"""``--set FIELD=VALUE`` of the match benchmark: a level tried thinking otherwise."""

from __future__ import annotations

import pytest

from hwgame.ai.bots import LEVELS
from hwgame.bench.ai import thinking_changes
from hwgame.bench.versus import changed


def test_values_take_the_fields_types():
    changes = thinking_changes(["depth=3", "time=3.5", "convert=false", "win2=none", "nodes=40000", "workers=2"])
    assert changes == {"depth": 3, "time": 3.5, "convert": False, "win2": None, "nodes": 40000, "workers": 2}
    thinking = changed(LEVELS["hard"], changes)
    limit, breadth = thinking.limit, thinking.breadth
    assert (limit.depth, limit.time, limit.nodes, breadth.convert, breadth.win2) == (3, 3.5, 40000, False, None)
    assert thinking.machine.workers == 2 and thinking.manner == LEVELS["hard"].manner


@pytest.mark.parametrize("item", ["depth", "deepness=3", "depth=three", "convert=maybe", "persona=bold"])
def test_a_wrong_change_is_refused(item):
    with pytest.raises(ValueError):
        thinking_changes([item])


def test_set_is_refused_outside_a_match_against_the_reference(capsys):
    from hwgame.bench.ai import run

    with pytest.raises(SystemExit) as stop:
        run(["--match", "hard-normal", "--set", "depth=3"])
    assert stop.value.code == 2 and "--match cpp only" in capsys.readouterr().err
