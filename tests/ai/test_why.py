"""Why a turn is played, in facts of the board: the threat it parries, what it takes, what it threatens,
each naming pieces that the board really puts at stake, and the words a player reads for them."""

from __future__ import annotations

from hwgame.ai.bots import CAREFUL_NORMAL, choose_turn
from hwgame.ai.consequence import CAPTURE, WIN
from hwgame.ai.why import damaging_turn, why_turn
from hwgame.bench.survive import survives
from hwgame.i18n import set_language
from hwgame.rules import PASS, Capture, Discover, Move, apply_turn_unchecked, parse_piece
from hwgame.words import Voice, why_sentences

from .helpers import make_position

P = parse_piece
# South's red 3 at Alpha can capture North's green 1 there; North's green 1 can fly off to a new star.
THREAT = """
    North: g3 b2 | y3 |
    South: r1 b3 | | g3
    Alpha: y2 | g1 | r3
"""
YOU = Voice(("North", "South"), you=0, computer=1)


def test_the_threat_of_a_capture_is_named_and_a_turn_that_escapes_it_parries_it():
    pos = make_position(THREAT)
    threat = damaging_turn(apply_turn_unchecked(pos, (PASS,)))
    assert [(e.kind, e.pieces, e.system) for e in threat] == [(CAPTURE, (P("g1"),), "Alpha")]
    escape = (Discover(P("g1"), "Alpha", P("b1"), "Beta"),)
    why = why_turn(pos, escape)
    assert [(e.kind, e.actor, e.victim, e.pieces, e.system, e.turn) for e in why.parried] == [
        (CAPTURE, 1, 0, (P("g1"),), "Alpha", 1)]
    assert why_sentences(why, YOU, gains=False) == [
        "Without it, the computer captures your green 1 at Alpha next turn."]
    # Doing nothing parries nothing: the threat stays.
    assert why_turn(pos, (PASS,)).parried == ()


def test_a_capture_is_a_gain_and_what_comes_next_is_a_threat():
    pos = make_position(THREAT, to_move=1)
    why = why_turn(pos, (Capture(P("g1"), "Alpha"),))
    assert [(e.kind, e.victim, e.pieces) for e in why.gains] == [(CAPTURE, 0, (P("g1"),))]
    said = why_sentences(why, YOU)
    assert said[0] == "The computer captures your green 1 at Alpha this turn."


def test_a_threat_set_up_for_the_next_turn_is_said_as_what_could_follow():
    # North's red 3 flies to Alpha, beside South's green 1: next turn it could capture it.
    pos = make_position("""
        North: g3 b2 | r3 y3 |
        South: r1 b3 | | g3
        Alpha: y1 | | g1
    """)
    why = why_turn(pos, (Move(P("r3"), "North", "Alpha"),))
    assert [(e.kind, e.pieces, e.system, e.turn) for e in why.threatens] == [(CAPTURE, (P("g1"),), "Alpha", 2)]
    assert why_sentences(why, YOU, gains=False) == ["Then you could capture the computer's green 1 at Alpha."]
    set_language("ja")
    assert why_sentences(why, YOU, gains=False) == ["このあとあなたがAlphaでコンピューターの緑 1を捕獲できます。"]


def test_a_win_at_once_is_the_gain_that_says_it_all():
    # North's red 3 sits at South beside South's last ship: capturing it wins.
    pos = make_position("""
        North: g3 b2 | y3 |
        South: r1 b3 | r3 | g1
    """)
    why = why_turn(pos, (Capture(P("g1"), "South"),))
    assert WIN in [e.kind for e in why.gains]


def test_a_hint_comes_with_its_facts_from_the_search():
    pos = make_position(THREAT)
    reply = choose_turn(pos, CAREFUL_NORMAL.explaining(), seed=1)
    why = reply.info.why
    assert why.player == 0 and why.parried  # the hint escapes the capture, and says so
    assert all(e.victim == 0 and e.actor == 1 for e in why.parried)
    after = apply_turn_unchecked(pos, reply.turn)
    assert not [e for e in damaging_turn(after) if e.pieces == (P("g1"),) and e.system == "Alpha"]
    # Without being asked, the search does not explain (matches and benchmarks pay nothing for it).
    assert choose_turn(pos, CAREFUL_NORMAL, seed=1).info.why is None


def test_a_hint_that_would_only_undo_the_last_one_gives_way_unless_a_threat_asks_for_it():
    from hwgame.ai.bots import reversal_of
    from hwgame.rules import Trade

    assert reversal_of((Trade(P("g3"), P("r3"), "Sol"),)) == (Trade(P("r3"), P("g3"), "Sol"),)
    assert reversal_of((Move(P("y1"), "Sol", "Alpha"),)) == (Move(P("y1"), "Alpha", "Sol"),)
    assert reversal_of((Capture(P("g1"), "Sol"),)) is None
    # Where nothing threatens, a hint asked to pass over its own choice finds another good turn.
    quiet = make_position("""
        North: g3 b2 | y3 g2 |
        South: r1 b3 | | g3 y2
        Alpha: y1 | b1 |
    """)
    first = choose_turn(quiet, CAREFUL_NORMAL, seed=1)
    again = choose_turn(quiet, CAREFUL_NORMAL.with_manner(avoid=(first.turn,)), seed=1)
    assert again.turn != first.turn and survives(quiet, again.turn)
    # Where the avoided turn is the one that parries a threat, it stands: the threat is the reason.
    threat = make_position(THREAT)
    parry = choose_turn(threat, CAREFUL_NORMAL.explaining(), seed=1)
    kept = choose_turn(threat, CAREFUL_NORMAL.explaining().with_manner(avoid=(parry.turn,)), seed=1)
    assert kept.turn == parry.turn and kept.info.why.parried
