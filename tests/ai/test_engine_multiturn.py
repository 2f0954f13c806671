"""``go multiturn=N``: the engine ranks N distinct turns at every whole depth, best first, then answers
with the first; a bad N is refused in words. Driven through ``Engine`` in this process."""

from __future__ import annotations

import threading

import pytest

from hwgame.cli.engine import Engine, split_multiturn
from hwgame.rules import Game, apply_turn_unchecked, parse_position, parse_turn
from tests.ai.helpers import make_position

MIDDLE = parse_position(
    "sdg tendrecube TwoShort 0 2; tendrecube 0 g3b2 y1y2 -; TwoShort 1 y1b2 - r1g1g3; Alias - y1 b1 -; "
    "Jed - y3 - g1; Jethro - y3 - g1; Bluestar - b3 r3g2 -"
)


def go(options: str, position=MIDDLE) -> list[str]:
    """What ``go OPTIONS`` prints at ``position``: its info lines, then its answer."""
    engine = Engine()
    engine.game = Game.from_position(position)
    said: list[str] = []
    rest, count = split_multiturn(options)
    thinking, seed, _, analysis = engine.parse_go(rest)
    said += engine.search(thinking, seed, analysis, threading.Event(), said.append, multiturn=count)
    return said


def ranked(lines: list[str]) -> dict[int, list[tuple[int, str, str]]]:
    """The info lines by depth: (K, score, turn) each, in the order printed."""
    out: dict[int, list[tuple[int, str, str]]] = {}
    for line in lines:
        if line.startswith("info "):
            words = line.split()
            assert words[1] == "depth" and words[3] == "multiturn" and words[5] == "score"
            assert words[7] == "nodes" and words[9] == "time" and words[11] == "turn"
            out.setdefault(int(words[2]), []).append((int(words[4]), words[6], " ".join(words[12:])))
    return out


def test_go_multiturn_prints_n_distinct_legal_turns_per_depth_then_the_first_as_the_answer():
    said = go("multiturn=3 depth=2 threads=1")
    by_depth = ranked(said)
    assert sorted(by_depth) == [1, 2]
    for rows in by_depth.values():
        assert [k for k, _, _ in rows] == [1, 2, 3]
        boards = {apply_turn_unchecked(MIDDLE, parse_turn(turn)).key() for _, _, turn in rows}
        assert len(boards) == 3
        scores = [int(score) for _, score, _ in rows]  # an even middle game: points, nothing proven
        assert scores == sorted(scores, reverse=True)
    assert said[-1] == f"bestturn {by_depth[2][0][2]}"


def test_a_position_with_two_turns_prints_two_lines_per_depth():
    said = go("multiturn=3 depth=2 threads=1", make_position("North: r1 | r1 |\nSouth: b3 y2 | | g3"))
    by_depth = ranked(said)
    assert [len(rows) for rows in by_depth.values()] == [2, 2]
    assert by_depth[2][0][2] == "Pass" and by_depth[2][1][1] == "loss"
    assert said[-1] == "bestturn Pass"


@pytest.mark.parametrize("count", ["0", "-1", "three", "1e3", "99999999999999999999", "33", ""])
def test_a_bad_number_of_turns_is_refused_in_words(count):
    engine = Engine()
    engine.game = Game.from_position(MIDDLE)
    answer = engine.handle(f"go multiturn={count} depth=1")
    assert answer is not None and len(answer) == 1
    assert answer[0].startswith("error multiturn must be a whole number from 1 to 32"), answer


def test_multiturn_without_a_number_is_refused_too():
    engine = Engine()
    engine.game = Game.from_position(MIDDLE)
    assert engine.handle("go multiturn") == ["error multiturn needs a number of turns, for example multiturn=3"]
