"""One verdict per position: exact proofs beat estimates, a lost position reads as lost everywhere, and
the screens that judge a position read the same number."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hwgame.ai.proofs import LOSS, WIN, passed, threats
from hwgame.ai.tactics import find_win
from hwgame.ai.thinking import Limit, Thinking
from hwgame.analysis import Analyst, Estimate, Proof, Verdict, judge, percent, round_chance
from hwgame.analysis.review import review_game
from hwgame.bench.coach import forced_turn
from hwgame.cli.analyze import turn_line, turn_object
from hwgame.rules import SDG, Game, Position, iter_turns, read_transcript, replay
from hwgame.words import Voice
from hwgame.words.verdict import proof_text

LIGHT = Thinking(Limit(depth=1, nodes=2000))
# Decided games of the archive whose ends hold threats and positions lost at once.
GAMES = ("709.raw", "1853.raw", "3721.raw", "2425.raw")


def _game(folder: Path, name: str) -> Game:
    path = folder / name
    if not path.exists():
        pytest.skip(f"{name} is not in this copy of the archive")
    return replay(read_transcript(path), SDG)


def lost_by_brute_force(pos: Position) -> bool:
    """Every turn of the side to move loses at once or lets the opponent win at once (every successor)."""
    me = pos.to_move
    for step in iter_turns(pos):
        after = step.position
        if after.is_over():
            if after.winner() != 1 - me:
                return False
            continue
        if find_win(after) is None:
            return False
    return True


@pytest.fixture(scope="module")
def games():
    from tests.conftest import games_dir

    folder = games_dir()
    if folder is None:
        pytest.skip("the SuperDuperGames archive (../shared/games/sdg) is not on this machine")
    return [(name, _game(folder / "sdg", name)) for name in GAMES]


@pytest.fixture(scope="module")
def reviews(games):
    """Each game's review, made once for the tests that read it."""
    return {name: review_game(game.positions, game.turns, LIGHT) for name, game in games}


@pytest.mark.slow
def test_threats_are_the_opponents_wins_after_a_pass(games):
    checked = threatened = 0
    for _name, game in games:
        for pos in game.positions[-8:]:
            if pos.is_over():
                continue
            listed = threats(pos)
            after = passed(pos)
            assert bool(listed) == (not after.is_over() and find_win(after) is not None)
            for turn in listed:
                from hwgame.rules import apply_turn_unchecked

                assert apply_turn_unchecked(after, turn).winner() == after.to_move
            checked += 1
            threatened += bool(listed)
    assert threatened >= 2 and checked >= 20


@pytest.mark.slow
def test_a_position_lost_at_once_reads_lost_everywhere(games, reviews):
    found = 0
    for name, game in games:
        review = reviews[name]
        for i, pos in enumerate(game.positions[:-1]):
            # Unthreatened, a pass survives: only a threatened position can be lost at once.
            if i < len(game.turns) - 6 or pos.is_over() or find_win(passed(pos)) is None:
                continue
            if not lost_by_brute_force(pos):
                continue
            found += 1
            me = pos.to_move
            verdict = judge(pos, LIGHT, i)
            assert verdict.proof == Proof(LOSS, 1) and verdict.chance == 0.0 and verdict.estimate is None
            words = proof_text(verdict.proof, me, Voice(game.players, you=me))
            assert words.startswith("Lost") and "%" not in words
            entry = review.turns[i]
            assert entry.chance_before == 0.0 and entry.kind is None  # nothing saves it: no mark
            data = turn_object(entry, game.players)
            assert data["win_before"] == 0.0 and data["proven_before"] == {"result": "loss", "turns": 1}
            if i > 0 and review.turns[i - 1].player != me:
                # The turn before, the opponent's, left this: proven won for it, said as proven.
                before = review.turns[i - 1]
                assert before.chance_after == 1.0 and "proven" in turn_line(before, game.players)
    assert found >= 2


def test_a_win_at_once_is_proven_and_its_turn_is_the_best(games):
    seen = 0
    for _name, game in games:
        for i, pos in enumerate(game.positions[-6:-1], len(game.positions) - 6):
            if pos.is_over() or find_win(pos) is None:
                continue
            verdict = judge(pos, LIGHT, i)
            assert verdict.proof == Proof(WIN, 1) and verdict.chance == 1.0
            from hwgame.rules import apply_turn_unchecked

            assert verdict.best is not None and apply_turn_unchecked(pos, verdict.best).winner() == pos.to_move
            seen += 1
    assert seen >= 4


@pytest.mark.slow
def test_the_reviews_after_is_the_next_positions_before(games, reviews):
    """One number: what a turn leaves its mover is what the next position gives the opponent, turned."""
    name, _game = games[0]
    review = reviews[name]
    pairs = 0
    for a, b in zip(review.turns, review.turns[1:], strict=False):
        if a.chance_after is None or b.chance_before is None:
            continue
        assert percent(a.chance_after) == percent(1.0 - b.chance_before), (a.number, a.chance_after, b.chance_before)
        assert a.chance_for(b.player) == pytest.approx(b.chance_before)
        pairs += 1
    assert pairs >= 10


@pytest.mark.slow
def test_the_text_and_the_json_say_the_same_number(games, reviews):
    name, game = games[1]
    review = reviews[name]
    for entry in review.turns:
        data = json.loads(json.dumps(turn_object(entry, game.players)))
        text = turn_line(entry, game.players)
        if data["proven_after"] is not None:
            assert "proven" in text and data["win_after"] in (0.0, 0.5, 1.0)
        elif data["win_after"] is not None:
            assert f"[after: {percent(data['win_after'])}%]" in text
            assert data["win_after"] == round_chance(entry.chance_after)


@pytest.mark.slow
def test_the_review_marks_the_turn_where_the_loss_became_forced(games, reviews):
    placed = 0
    for name, game in games:
        want = forced_turn(game)
        if want is None:
            continue
        entry = reviews[name].turns[want]
        assert entry.proof_after is not None and entry.proof_after.result == LOSS
        assert entry.kind is not None, f"turn {want + 1} made the loss certain and is not marked"
        words = turn_line(entry, game.players)
        assert "%" not in words.split("]")[0]  # the judgement after it is a proof, not a chance
        placed += 1
    assert placed >= 2


def test_a_verdict_says_whose_view_it_holds():
    lost = Verdict(0, Proof(LOSS, 2))
    assert lost.chance_for(0) == 0.0 and lost.chance_for(1) == 1.0
    assert lost.proof_for(1) == Proof(WIN, 2) and lost.proof_for(0) == Proof(LOSS, 2)
    guess = Verdict(1, estimate=Estimate(12.0, 0.64))
    assert guess.chance_for(1) == 0.64 and guess.chance_for(0) == pytest.approx(0.36) and guess.proof_for(0) is None


def test_the_analyst_keeps_the_best_verdict_of_each_position(games):
    _name, game = games[0]
    pos = game.positions[10]
    analyst = Analyst(kept=3)
    shallow = Verdict(pos.to_move, estimate=Estimate(5.0, 0.55), depth=1)
    deep = Verdict(pos.to_move, estimate=Estimate(-5.0, 0.45), depth=3)
    proven = Verdict(pos.to_move, Proof(WIN, 2), depth=1)
    assert analyst.offer(pos, 10, shallow) is shallow
    assert analyst.offer(pos, 10, deep) is deep and analyst.get(pos, 10) is deep
    assert analyst.offer(pos, 10, shallow) is deep  # a shallower one never replaces a deeper one
    assert analyst.offer(pos, 10, proven) is proven  # a proof beats any estimate
    assert analyst.get(pos, 11) is None  # another turn of the game is another entry
    for i, p in enumerate(game.positions[11:16]):
        analyst.offer(p, 11 + i, shallow)
    assert len(analyst) == 3 and analyst.get(pos, 10) is None  # bounded: the oldest go first


@pytest.mark.slow
def test_the_verdict_and_the_review_give_one_number_for_each_position(games, reviews):
    """The hint and the bar read ``judge``; the review and ``analyze`` read the review: over a whole
    replayed game they say the same chance of every position, to the rounding."""
    name, game = games[0]
    review = reviews[name]
    compared = 0
    for i, entry in enumerate(review.turns):
        if entry.chance_before is None:
            continue
        verdict = judge(game.positions[i], LIGHT, i)
        assert verdict.chance is not None
        if verdict.proof is not None:
            # A proof the live verdict has, the review has too, said the same way.
            assert entry.proof_before is not None and entry.proof_before.result == verdict.proof.result
        if entry.proof_before is not None and verdict.proof is None:
            # The review saw the rest of the game: the turn played there proved a win in two that the
            # live verdict did not reach. The deeper result is a proof, never an estimate's contrary.
            assert entry.proof_before.result == WIN and verdict.chance > 0.5
            continue
        assert percent(verdict.chance) == percent(entry.chance_before), (entry.number, verdict, entry)
        compared += 1
    assert compared >= 10


@pytest.mark.slow
def test_every_hint_of_a_real_game_gives_a_reason_in_words_of_the_board(games):
    """A hint that captures, parries and threatens nothing still says what it does for the position."""
    from hwgame.ai.bots import CAREFUL_NORMAL
    from hwgame.app.control.flow import verdict_hint_words

    name, game = games[1]
    told = 0
    for i in range(2, 14):
        pos = game.positions[i]
        verdict = judge(pos, CAREFUL_NORMAL.with_limit(time=0.3), i)
        if verdict.best is None or verdict.proof is not None:
            continue
        voice = Voice(game.players, you=pos.to_move)
        words = verdict_hint_words(verdict, pos.to_move, verdict.best, False, voice)
        sentences = [s for s in words.split(". ") if s]
        # The turn, at least one reason, and the chance: never the chance alone.
        assert len(sentences) >= 3, words
        assert any(k in words for k in ("strengthens", "Without it", "Then you could")), words
        told += 1
    assert told >= 8


def test_a_proven_win_is_hinted_with_the_searchs_own_winning_turn(games, monkeypatch):
    """A hint's filters may pick another turn than the search's best; a proven win never trades its
    winning turn for one of theirs."""
    from hwgame.ai.evaluate import WIN as WIN_SCORE
    from hwgame.ai.handoff import SearchInfo, SearchReply
    from hwgame.analysis import analyst

    _name, game = games[0]
    pos = game.positions[12]
    turns = [step.turn for step, _ in zip(iter_turns(pos), range(2), strict=False)]
    winning, other = turns[0], turns[1]

    def choose(position, limit, seed=None, cancel=None, progress=None, history=None):
        return SearchReply(other, WIN_SCORE - 2, SearchInfo(depth=2, best_score=WIN_SCORE - 2, best_turn=winning))

    monkeypatch.setattr(analyst, "choose_turn", choose)
    verdict = judge(pos, LIGHT, 12)
    assert verdict.proof == Proof(WIN, 2) and verdict.best == winning
