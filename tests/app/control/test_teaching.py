"""A teaching game: after a turn of the player that gives much away (by the verdicts before and after it,
those the advantage bar reads) the game stops before the computer answers; Try again restores the
position and the clock exactly, Keep my turn lets the computer answer, and a turn within the level's
threshold goes on at once.

The computer is the tests' instant stand-in (``helpers.FakeWorker``): its verdicts hold the real exact
proofs (a win at once, a loss at once), and its estimates are set per side to move, so that the fall of
the chance is known."""

from __future__ import annotations

import pytest

from hwgame.analysis import Estimate, Proof, Verdict, estimate_of
from hwgame.app.control.clock import TimeControl
from hwgame.app.control.controller import COMPUTER, HUMAN
from hwgame.app.control.flow import PlayController
from hwgame.app.control.teaching import THRESHOLDS, slip_of, threshold_for, threshold_text
from hwgame.app.control.timing import GameClock
from hwgame.levels import LEVEL_NAMES
from hwgame.rules import Build, Game, Pass, apply_turn_unchecked, end_turn, parse_piece

from ..helpers import fake_opponent, position
from .test_clock import FakeTime

# North to move; South's red 3 sits at North beside North's only ship: a pass loses the game.
THREAT = """
    North: g3 b2 | y3 | r3
    South: r1 b3 | | g3
"""
# North to move, nothing threatened either way: a pass loses nothing by force.
QUIET = """
    North: g3 b2 | y3 r1 |
    South: r1 b3 | | g3
"""


def _teaching(board: str, level: str = "easy", scores: tuple[float, float] = (0.0, 0.0)):
    """A teaching game with North (the human) to move at ``board`` against an instant computer whose
    estimates are ``scores[side to move]`` (evaluation points for the side to move)."""
    opponent = fake_opponent(hint=lambda pos: (Build(parse_piece("g1"), "North"),) if pos.to_move == 0 else None)
    worker = opponent._worker
    judged = worker.verdict

    def verdict(pos, limit, history, choose):
        worker.score = scores[pos.to_move]
        return judged(pos, limit, history, choose)

    worker.verdict = verdict
    ctl = PlayController(Game.from_position(position(board)), (HUMAN, COMPUTER), (level, level), opponent)
    assert ctl.teach()
    return ctl, worker


def _frames(ctl: PlayController, n: int = 6) -> None:
    for _ in range(n):
        ctl.update()


def _pass(ctl: PlayController) -> None:
    _frames(ctl)  # the verdicts of the turn's start come first, as while the player thinks
    assert ctl.end_turn() is None


# --- the decision, from two verdicts ---
def _estimate(player: int, chance: float) -> Verdict:
    return Verdict(player, estimate=Estimate(0.0, chance), best=(Pass(),), depth=3)


def test_a_fall_past_the_threshold_stops_and_one_within_it_does_not():
    before_pos = position(QUIET)
    after_pos = end_turn(before_pos)
    before = Verdict(0, estimate=Estimate(0.0, 0.6), best=(Build(parse_piece("g1"), "North"),), depth=3)
    over = slip_of(3, before_pos, after_pos, before, _estimate(1, 0.75), 0, 0.30)  # North: 0.60 -> 0.25
    assert over is not None and not over.lost and over.before == 0.6 and over.after == pytest.approx(0.25)
    assert slip_of(3, before_pos, after_pos, before, _estimate(1, 0.65), 0, 0.30) is None  # 0.60 -> 0.35


def test_a_proven_loss_stops_whatever_the_threshold_and_a_lost_board_never_does():
    before_pos = position(THREAT)
    after_pos = end_turn(before_pos)
    before = Verdict(0, estimate=Estimate(0.0, 0.55), best=(Build(parse_piece("g1"), "North"),), depth=3)
    won = Verdict(1, Proof("win", 1), best=((),), depth=0)
    slip = slip_of(3, before_pos, after_pos, before, won, 0, 0.99)
    assert slip is not None and slip.lost
    lost_before = Verdict(0, Proof("loss", 1), best=(Pass(),))
    assert slip_of(3, before_pos, after_pos, lost_before, won, 0, 0.10) is None  # no turn saved it


def test_the_verdicts_own_best_turn_and_a_missing_verdict_never_stop():
    before_pos = position(QUIET)
    after_pos = end_turn(before_pos)
    best = Verdict(0, estimate=Estimate(0.0, 0.9), best=(Pass(),), depth=3)
    assert slip_of(3, before_pos, after_pos, best, _estimate(1, 0.9), 0, 0.10) is None  # the search's horizon
    assert slip_of(3, before_pos, after_pos, None, _estimate(1, 0.9), 0, 0.10) is None
    assert slip_of(3, before_pos, after_pos, _estimate(0, 0.9), None, 0, 0.10) is None


def test_every_level_has_a_threshold_said_in_words():
    assert set(THRESHOLDS) == set(LEVEL_NAMES)
    assert all(0 < THRESHOLDS[name] < 1 for name in LEVEL_NAMES)
    # A stronger computer punishes smaller slips: its games stop on smaller falls.
    assert [threshold_for(n) for n in LEVEL_NAMES] == sorted((threshold_for(n) for n in LEVEL_NAMES), reverse=True)
    assert "20%" in threshold_text("normal") and "Normal" in threshold_text("normal")


# --- the game stops before the computer answers ---
def test_a_turn_that_walks_into_a_loss_stops_before_the_computer_answers():
    ctl, worker = _teaching(THREAT)
    _pass(ctl)
    _frames(ctl)
    slip = ctl.teaching_stop()
    assert slip is not None and slip.lost and slip.reply is not None
    assert worker.requests == []  # the computer was never asked for its turn
    assert len(ctl.game.turns) == 1 and ctl.computer_to_move()
    # The verdicts read are the window's own: the board after the turn was judged like any other.
    assert ctl.analyst.get(ctl.game.positions[1], 1) is slip.verdict
    # The reply shown is the computer's winning answer, as the rules play it.
    assert apply_turn_unchecked(slip.position, slip.reply).winner() == 1


def test_a_turn_that_loses_more_than_the_threshold_stops():
    after_score = 1000.0  # the computer's estimate after the turn
    ctl, worker = _teaching(QUIET, "easy", scores=(0.0, after_score))
    _pass(ctl)
    _frames(ctl)
    slip = ctl.teaching_stop()
    assert slip is not None and not slip.lost
    expected_fall = estimate_of(0.0, 0).chance - (1 - estimate_of(after_score, 1).chance)
    assert expected_fall > THRESHOLDS["easy"]
    assert slip.before - slip.after == pytest.approx(expected_fall, abs=0.02)
    assert worker.requests == []


def test_a_turn_within_the_threshold_does_not_stop():
    ctl, worker = _teaching(QUIET, "easy", scores=(0.0, 50.0))
    _pass(ctl)
    _frames(ctl)
    assert ctl.teaching_stop() is None
    assert len(worker.requests) == 1 and len(ctl.game.turns) == 2  # the computer answered at once
    after = ctl.game.positions[1]
    assert any(pos.key() == after.key() for pos, _quick in worker.analyses)  # after the turn was judged


def test_the_same_turn_in_a_game_that_is_not_a_teaching_game_goes_on():
    ctl, worker = _teaching(THREAT)
    ctl.teach(False)
    _pass(ctl)
    _frames(ctl)
    assert ctl.teaching_stop() is None and len(worker.requests) == 1


def test_a_turn_that_walks_into_a_loss_is_told_once_after_it_in_a_teaching_game_and_before_it_otherwise():
    ctl, _worker = _teaching(THREAT)
    teaching = ctl.end_turn_warnings()  # the rules' own reasons only: the teaching stop says the loss
    ctl.teach(False)
    ordinary = ctl.end_turn_warnings()  # an ordinary game warns of it before the turn ends
    assert teaching == ordinary[:-1] and len(ordinary) == len(teaching) + 1


# --- the choices ---
def test_try_again_restores_the_position_and_the_clock_exactly():
    ctl, worker = _teaching(THREAT)
    now = FakeTime()
    ctl.clock = GameClock(TimeControl("game", 300_000, increment_ms=5_000), now)
    _frames(ctl)
    start = ctl.game.position
    now.pass_(7.5)
    ctl.clock.follow(ctl.game)
    shown = ctl.clock.clock.remaining_ms(0)
    _pass(ctl)
    now.pass_(20.0)  # the check and the choice take time: nobody's clock runs meanwhile
    _frames(ctl)
    assert ctl.teaching_stop() is not None
    assert ctl.clock.clock.remaining_ms(1) == 300_000
    ctl.undo()  # Try again
    _frames(ctl)
    assert ctl.game.position == start and not ctl.game.turns and not ctl.game.pending
    assert ctl.human_to_move() and ctl.teaching_stop() is None
    assert ctl.clock.clock.remaining_ms(0) == 300_000  # as at the start of the turn
    assert shown < 300_000
    assert worker.requests == []
    now.pass_(1.0)
    assert ctl.clock.clock.remaining_ms(0) == 299_000  # the player's clock runs again


def test_keep_my_turn_lets_the_computer_answer():
    ctl, worker = _teaching(THREAT)
    _pass(ctl)
    _frames(ctl)
    assert ctl.teaching_stop() is not None
    ctl.keep_turn()
    _frames(ctl)
    assert ctl.teaching_stop() is None
    assert len(worker.requests) == 1 and len(ctl.game.turns) == 2
    assert worker.requests[0].key() == ctl.game.positions[1].key()  # asked to answer the turn kept


def test_the_same_turn_played_again_stops_again():
    ctl, worker = _teaching(THREAT)
    _pass(ctl)
    _frames(ctl)
    ctl.undo()
    _pass(ctl)
    _frames(ctl)
    assert ctl.teaching_stop() is not None and worker.requests == []


# --- real games ---
@pytest.mark.slow
def test_on_real_games_every_turn_that_lets_the_opponent_win_at_once_stops_and_its_reply_wins(sdg_games):
    from hwgame.analysis import exact_verdict
    from hwgame.rules import PLAYING, read_transcript, replay

    stopped = 0
    for path in sorted(sdg_games.glob("*.raw"))[:40]:
        try:
            game = replay(read_transcript(path))
        except Exception:
            continue  # a record the rules refuse is another test's business
        for n in range(len(game.turns)):
            before, after = game.positions[n], game.positions[n + 1]
            if before.stage < PLAYING or after.is_over():
                continue
            judged_after = exact_verdict(after, losses=False)  # the threats and a win at once: exact
            slip = slip_of(n, before, after, exact_verdict(before, losses=False), judged_after, before.to_move,
                           threshold_for("normal"))
            won = judged_after.proof is not None and judged_after.proof.result == "win"
            assert (slip is not None) == won, (path.name, n)
            if slip is not None:
                stopped += 1
                assert slip.lost and slip.reply is not None
                # The reply shown is a fact of the rules: played, it wins the game for the opponent.
                assert apply_turn_unchecked(after, slip.reply).winner() == after.to_move, (path.name, n)
    assert stopped > 0  # real players walk into a loss at once now and then


@pytest.mark.slow
def test_with_the_real_computer_a_losing_turn_stops_and_a_kept_one_is_answered_with_the_win():
    import time

    from hwgame.app.services.opponent import Opponent

    opponent = Opponent(seed=1)
    try:
        ctl = PlayController(Game.from_position(position(THREAT)), (HUMAN, COMPUTER), ("normal", "normal"), opponent)
        assert ctl.teach()

        def until(done, seconds: float = 60.0) -> None:
            deadline = time.monotonic() + seconds
            while not done() and time.monotonic() < deadline:
                ctl.update()
                time.sleep(0.01)
            assert done()

        until(lambda: ctl.current_verdict() is not None)
        assert ctl.end_turn() is None  # a pass
        until(lambda: ctl.teaching_stop() is not None)
        slip = ctl.teaching_stop()
        assert slip.lost and len(ctl.game.turns) == 1 and not ctl.thinking
        ctl.keep_turn()
        until(lambda: ctl.game.is_over())
        assert ctl.game.position.winner() == 1  # the computer took the win the stop warned of
    finally:
        opponent.shutdown()
