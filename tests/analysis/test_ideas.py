"""The hint's ladder on real positions: every idea it names is true of the verdict's line, the pieces it
rings act in that line, the last rung is the verdict's best turn, and a plan the verdict refutes is never
named."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from hwgame.ai.consequence import line_events
from hwgame.ai.thinking import Limit, Thinking
from hwgame.analysis import LOSS, Proof, Verdict, judge
from hwgame.analysis.ideas import (
    ATTACK,
    BUILDING,
    LOST,
    NEAR,
    PROVEN_WIN,
    TARGET,
    THREAT,
    Idea,
    candidates,
    holds,
    ideas_of,
    ladder_of,
    whole_line,
)
from hwgame.rules import (
    PASS,
    Build,
    Capture,
    Catastrophe,
    Discover,
    EndTurn,
    Game,
    HomeworldsError,
    Move,
    Position,
    Sacrifice,
    Trade,
    Turn,
    apply_turn_unchecked,
    color_of,
    parse_piece,
    read_transcript,
    replay,
)

LIGHT = Thinking(Limit(depth=1, nodes=2000))
# Decided games of the archive: quiet openings, threats, captures, catastrophes and proven ends.
GAMES = ("709.raw", "1853.raw", "3721.raw", "2425.raw")
BLOWS = (TARGET, BUILDING, ATTACK)


def _game(folder: Path, name: str) -> Game:
    path = folder / name
    if not path.exists():
        pytest.skip(f"{name} is not in this copy of the archive")
    return replay(read_transcript(path))


@pytest.fixture(scope="module")
def judged() -> list[tuple[str, int, Position, Verdict]]:
    """(game, turn index, position, verdict) every third turn of the first 24 of each game."""
    from tests.conftest import games_dir

    folder = games_dir()
    if folder is None:
        pytest.skip("the SuperDuperGames archive (../shared/games/sdg) is not on this machine")
    out = []
    for name in GAMES:
        game = _game(folder / "sdg", name)
        for i in range(4, min(len(game.turns), 24), 3):
            pos = game.positions[i]
            if not pos.is_over():
                out.append((name, i, pos, judge(pos, LIGHT, i)))
    return out


def _line_touches(position: Position, line: tuple[Turn, ...]) -> tuple[set, set]:
    """Read the line on its own (not through the module under test): the (system, owner, piece) ships
    and the systems its actions name, as they stand when each action is played."""
    ships: set[tuple[str, int, int]] = set()
    systems: set[str] = set()
    pos = position
    for turn in line:
        if pos.is_over():
            break
        me = pos.to_move
        for a in turn:
            if isinstance(a, (Build, Trade, Sacrifice, Capture, Catastrophe)):
                systems.add(a.system.lower())
            if isinstance(a, (Move, Discover)):
                systems.add(a.origin.lower())
            if isinstance(a, Move):
                systems.add(a.destination.lower())
                ships.add((a.origin.lower(), me, a.ship))
            if isinstance(a, Capture):
                ships.add((a.system.lower(), 1 - me, a.piece))
            if isinstance(a, Trade):
                ships.add((a.system.lower(), me, a.old))
            if isinstance(a, Sacrifice):
                ships.add((a.system.lower(), me, a.ship))
            if isinstance(a, Catastrophe):
                system = pos.system_named(a.system)
                for owner in (0, 1):
                    ships |= {(a.system.lower(), owner, p) for p in (system.ships_of(owner) if system else ())
                              if color_of(p) == a.color}  # fmt: skip
        try:
            pos = apply_turn_unchecked(pos, tuple(a for a in turn if not isinstance(a, EndTurn)))
        except HomeworldsError:
            break
    return ships, systems


@pytest.mark.slow
def test_each_idea_names_what_acts_in_the_verdicts_line(judged):
    kinds = set()
    for name, i, pos, verdict in judged:
        ladder = ladder_of(pos, verdict)
        assert ladder.ideas or verdict.best is None, f"{name} turn {i}: a hint with no idea"
        line = whole_line(verdict)
        ships, systems = _line_touches(pos, line)
        events = line_events(pos, line, first=0)
        for idea in ladder.ideas:
            kinds.add(idea.kind)
            assert holds(pos, verdict, idea)
            if idea.kind == LOST:
                assert verdict.proof_for(pos.to_move) == Proof(LOSS, idea.turns)
                continue
            assert pos.system_named(idea.system) is not None, f"{name} turn {i}: {idea} names no system"
            if idea.kind in BLOWS:
                # The blow named lands in the line, by the player, on the turn it says.
                assert any(e.actor == pos.to_move and e.turn == idea.turn and e.system.lower() ==
                           idea.system.lower() for e in events), f"{name} turn {i}: {idea}"  # fmt: skip
            elif idea.kind not in (PROVEN_WIN, THREAT):
                named = {(idea.system.lower(), idea.owner, p) for p in idea.pieces}
                assert (named & ships) or idea.system.lower() in systems, f"{name} turn {i}: {idea}"
            if idea.kind == NEAR:  # three of the colour stand there after the best turn, beside enemy ships
                after = apply_turn_unchecked(pos, tuple(a for a in line[0] if not isinstance(a, EndTurn)))
                there = after.system_named(idea.system)
                assert sum(color_of(p) == idea.color for p in (*there.stars, *there.ships0, *there.ships1)) == 3
                assert there.ships_of(1 - pos.to_move)
            # What a quiet turn is said to strengthen is what the verdict found it strengthens.
            assert set(idea.groups) <= set(verdict.strengthens)
    # The games cover more than one kind of idea, so the checks above are not checking one sort only.
    assert len(kinds) >= 4, kinds


@pytest.mark.slow
def test_the_second_rung_rings_pieces_of_the_line_and_the_third_is_the_best_turn(judged):
    for name, i, pos, verdict in judged:
        ladder = ladder_of(pos, verdict)
        assert ladder.best == verdict.best
        line = whole_line(verdict)
        ships, systems = _line_touches(pos, line[:1])
        for lit in ladder.lit:
            if lit.kind == "ship":
                assert (lit.system, lit.owner, lit.piece) in ships | _line_touches(pos, line)[0] or \
                    lit.system in systems, f"{name} turn {i}: {lit}"  # fmt: skip
                assert lit.piece in pos.system_named(lit.system).ships_of(lit.owner)
            elif lit.kind == "star":
                assert lit.piece in pos.system_named(lit.system).stars
                assert any(isinstance(a, Catastrophe) and a.system.lower() == lit.system for a in line[0])
            else:
                assert pos.bank[lit.piece] > 0
                assert any(getattr(a, "piece", getattr(a, "new", getattr(a, "star", None))) == lit.piece
                           for a in line[0] if isinstance(a, (Build, Trade, Discover)))  # fmt: skip


@pytest.mark.slow
def test_a_plan_the_line_does_not_play_is_never_named(judged):
    refuted = 0
    for name, i, pos, verdict in judged:
        named = ideas_of(pos, verdict, most=10)
        line = whole_line(verdict)
        events = line_events(pos, line, first=0)
        for idea in candidates(pos, verdict):
            if idea.kind not in BLOWS:
                continue
            lands = any(e.actor == pos.to_move and e.turn == idea.turn and e.system.lower() == idea.system.lower()
                        for e in events)  # fmt: skip
            if not lands:
                refuted += 1
                assert idea not in named, f"{name} turn {i}: {idea} is named though the line does not play it"
        # The same verdict with a pass for the best turn: no blow it named is said any more.
        if verdict.proof is None and any(k.kind in BLOWS and k.turn == 0 for k in named):
            passing = replace(verdict, best=(PASS,), line=())
            assert not any(k.kind in BLOWS for k in ideas_of(pos, passing, most=10)), f"{name} turn {i}"
    assert refuted, "no position of these games had a plan the line refutes"


@pytest.mark.slow
def test_a_proven_loss_names_no_plan(judged):
    for _name, _i, pos, verdict in judged:
        lost = replace(verdict, proof=Proof(LOSS, 2), estimate=None)
        ideas = ideas_of(pos, lost)
        assert [k.kind for k in ideas] == [LOST]
        assert not holds(pos, lost, Idea(THREAT, pos.to_move, pos.home_of(pos.to_move).name, at_home=True))


def test_a_threat_is_named_only_when_the_best_turn_parries_it():
    from hwgame.analysis import exact_verdict
    from tests.ai.helpers import make_position

    # North to move; South's red 3 sits at North beside North's only ship: a pass loses it.
    pos = make_position("""
        North: g3 b2 | y3 | r3
        South: r1 b3 | | g3
    """)
    threats = exact_verdict(pos).threats
    assert threats
    for best, parried in (((Build(parse_piece("y1"), "North"),), True),  # a second ship: one capture leaves one
                          ((Trade(parse_piece("y3"), parse_piece("b3"), "North"),), False),  # the new one is taken
                          ((PASS,), False)):  # fmt: skip
        verdict = Verdict(pos.to_move, best=best, threats=threats)
        said = [k.kind for k in ideas_of(pos, verdict)]
        assert (THREAT in said) == parried, (best, said)
