"""The ranked lines of a position (``analysis.ranked_lines``): legal, distinct turns ordered by their
verdicts, exact proofs first, never worse than the one-line verdict, deepened depth by depth until
stopped."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from hwgame.ai.bots import LEVELS
from hwgame.ai.proofs import LOSS, WIN
from hwgame.ai.tactics import find_win
from hwgame.analysis import Lines, Verdict, judge, line_value, ranked_lines
from hwgame.rules import SDG, EndTurn, Position, Turn, apply_checked, end_turn, parse_position, read_transcript, replay
from hwgame.rules import start_turn as begin
from tests.ai.helpers import make_position

# A middle game of the archive (turn 20): hundreds of turns at the root, far from any win.
MIDDLE = parse_position(
    "sdg tendrecube TwoShort 0 2; tendrecube 0 g3b2 y1y2 -; TwoShort 1 y1b2 - r1g1g3; Alias - y1 b1 -; "
    "Jed - y3 - g1; Jethro - y3 - g1; Bluestar - b3 r3g2 -"
)
NORMAL = LEVELS["normal"]
# North's only ship is a small red one at home on a red star: a pass, or a sacrifice that empties its home.
TWO_TURNS = "North: r1 | r1 |\nSouth: b3 y2 | | g3"
# North's large red ship sits at South's home, beside South's only ship: capturing it wins at once.
WIN_AT_ONCE = "North: b3 y2 | g3 |\nSouth: r1 g2 | r3 | y1"


def played(position: Position, turn: Turn) -> Position:
    """The position after ``turn``, every action checked by the rules (raises if one is illegal)."""
    state = begin(position)
    for action in turn:
        if not isinstance(action, EndTurn):
            state = apply_checked(state, action)
    return end_turn(state.position)


def loses_at_once(position: Position, turn: Turn) -> bool:
    """True when after ``turn`` its mover has lost, or the opponent can win at once."""
    after = played(position, turn)
    if after.is_over():
        return after.winner() != position.to_move
    return find_win(after) is not None


def check_lines(position: Position, lines: Lines, count: int) -> None:
    """The lines are legal, distinct, judged for the side to move, and ordered by their verdicts."""
    assert len(lines.verdicts) <= count
    seen = set()
    for verdict in lines.verdicts:
        assert verdict.player == position.to_move
        assert verdict.best is not None and verdict.line[0] == verdict.best
        assert (verdict.proof is None) != (verdict.estimate is None)
        assert verdict.depth == lines.depth
        seen.add(played(position, verdict.best).key())
    assert len(seen) == len(lines.verdicts), "two lines play the same turn"
    values = [line_value(v) for v in lines.verdicts]
    assert values == sorted(values, reverse=True)


def archive_position(name: str, index: int) -> Position:
    from tests.conftest import games_dir

    folder = games_dir()
    path = folder / "sdg" / name if folder is not None else Path("missing")
    if not path.exists():
        pytest.skip(f"{name} of the SuperDuperGames archive is not on this machine")
    return replay(read_transcript(path), SDG).positions[index]


def test_the_lines_are_legal_distinct_and_ordered_by_their_verdicts():
    lines = ranked_lines(MIDDLE, 4, turn_index=22, thinking=NORMAL, max_depth=2)
    assert lines.depth == 2 and lines.done
    assert len(lines.verdicts) == 4
    check_lines(MIDDLE, lines, 4)
    # In an even middle game nothing is proven: each line is the search's estimate of its own turn.
    assert all(v.estimate is not None for v in lines.verdicts)
    assert len({v.estimate.score for v in lines.verdicts if v.estimate}) > 1


def test_fewer_lines_where_fewer_turns_exist_and_the_losing_one_is_proven_last():
    position = make_position(TWO_TURNS)
    lines = ranked_lines(position, 3, thinking=NORMAL, max_depth=2)
    check_lines(position, lines, 3)
    assert len(lines.verdicts) == 2
    survivor, loser = lines.verdicts
    assert survivor.proof is None and survivor.estimate is not None
    assert loser.proof is not None and loser.proof.result == LOSS
    assert loses_at_once(position, loser.best) and not loses_at_once(position, survivor.best)


def test_a_win_at_once_is_a_proven_win_first_and_the_turn_the_verdict_names():
    position = make_position(WIN_AT_ONCE)
    lines = ranked_lines(position, 3, thinking=NORMAL, max_depth=2)
    check_lines(position, lines, 3)
    first = lines.verdicts[0]
    assert first.proof is not None and first.proof.result == WIN and first.proof.turns == 1
    assert played(position, first.best).winner() == position.to_move
    one = judge(position, NORMAL, 10)
    assert one.proof == first.proof and one.best == first.best


def test_a_position_lost_at_once_shows_every_line_lost_as_the_verdict_does():
    position = archive_position("709.raw", 21)
    lines = ranked_lines(position, 3, turn_index=21, thinking=NORMAL, max_depth=2)
    check_lines(position, lines, 3)
    assert len(lines.verdicts) == 3 and lines.done
    assert all(v.proof is not None and v.proof.result == LOSS for v in lines.verdicts)
    assert all(loses_at_once(position, v.best) for v in lines.verdicts)
    one = judge(position, NORMAL, 21)
    assert one.proof is not None and one.proof.result == LOSS


@pytest.mark.slow
@pytest.mark.parametrize(("name", "index"), [("709.raw", 19), ("709.raw", 23), ("2425.raw", 28)])
def test_under_a_threat_the_turns_that_survive_rank_above_the_proven_losses(name, index):
    position = archive_position(name, index)
    lines = ranked_lines(position, 3, turn_index=index, thinking=NORMAL, max_depth=2)
    check_lines(position, lines, 3)
    lost = [v.proof is not None and v.proof.result == LOSS for v in lines.verdicts]
    assert lost == sorted(lost), "a proven loss ranks above a turn that survives"
    assert not lost[0]
    for verdict, claimed in zip(lines.verdicts, lost, strict=True):
        # A loss is claimed exactly where the turn lets the opponent win at once, never from a search.
        assert loses_at_once(position, verdict.best) == claimed
    if (name, index) == ("709.raw", 23):
        assert lost == [False, False, True]  # two turns survive the threat; the third does not


def middle_games() -> list[tuple[int, Position]]:
    """The built-in middle game, and a few of the archive's after 20 turns where it is here."""
    from hwgame.bench.smp import middle_games as found
    from tests.conftest import games_dir

    folder = games_dir()
    positions = [(22, MIDDLE)]
    if folder is not None:
        positions += [(20, p) for _, p in found(folder / "sdg", 3, 20)]
    return positions


def value_of(verdict: Verdict) -> tuple[int, float]:
    return line_value(verdict)


@pytest.mark.slow
def test_the_first_line_is_never_worse_than_the_one_line_verdict():
    for turn_index, position in middle_games():
        one = judge(position, NORMAL.with_limit(depth=2), turn_index)
        lines = ranked_lines(position, 3, turn_index=turn_index, thinking=NORMAL, max_depth=2)
        check_lines(position, lines, 3)
        first = lines.verdicts[0]
        assert value_of(first) >= value_of(one)
        if one.proof is not None:
            assert first.proof == one.proof
        elif first.proof is None:
            # At depth 2 both searches read the same leaves: the best turn's value is the same.
            assert one.estimate is not None and first.estimate is not None
            assert first.estimate.score == pytest.approx(one.estimate.score)


@pytest.mark.slow
def test_every_depth_arrives_in_order_and_the_last_is_the_answer():
    heard: list[Lines] = []
    deep = NORMAL.with_limit(time=120.0, nodes=None)  # only the depth stops it
    lines = ranked_lines(MIDDLE, 3, turn_index=22, thinking=deep, max_depth=3, on_depth=heard.append)
    assert [h.depth for h in heard] == [1, 2, 3]
    assert heard[-1] == lines and lines.done
    assert not any(h.done for h in heard[:-1])
    assert [h.nodes for h in heard] == sorted(h.nodes for h in heard)
    for h in heard:
        check_lines(MIDDLE, h, 3)
        assert len(h.verdicts) == 3


def test_a_cancel_stops_the_deepening_promptly():
    stop = threading.Event()
    stopped_at: list[float] = []

    def heard(lines: Lines) -> None:
        if lines.depth == 2:
            stop.set()
            stopped_at.append(time.perf_counter())

    # No depth limit: only the cancel ends this search.
    lines = ranked_lines(MIDDLE, 3, turn_index=22, cancel=stop, on_depth=heard)
    waited = time.perf_counter() - stopped_at[0]
    assert lines.depth == 2 and not lines.done
    assert waited < 0.5, waited


def test_a_position_not_in_play_has_no_lines():
    game_over = make_position("North: r1 | r1 |\nSouth: b3 y2 | |")
    assert ranked_lines(game_over, 3) == Lines(0, (), 0, 0, True)


@pytest.mark.slow
def test_a_loss_beyond_the_beam_is_claimed_only_once_every_turn_is_walked():
    # Hundreds of candidates, every one letting the opponent win at once; the beam left turns out, so the
    # loss of the position stands only once every turn has been looked at (as the one-line verdict does).
    position = archive_position("1853.raw", 30)
    lines = ranked_lines(position, 3, turn_index=30, max_depth=2)
    check_lines(position, lines, 3)
    assert len(lines.verdicts) == 3 and lines.done
    assert all(v.proof is not None and v.proof.result == LOSS for v in lines.verdicts)
    assert all(loses_at_once(position, v.best) for v in lines.verdicts)
    assert all(v.line[1:] and find_win(played(position, v.best)) == v.line[1] for v in lines.verdicts)
