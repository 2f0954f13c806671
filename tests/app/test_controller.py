"""The controller: gestures on targets become rule actions; the engine's reasons explain refusals."""

from __future__ import annotations

import pytest

from hwgame.app.control.controller import COMPUTER, HUMAN, ActionResolver
from hwgame.app.control.events import ComputerPlayed
from hwgame.app.control.flow import PlayController
from hwgame.app.control.targets import BANK, SPACE, BankPieceTarget, MarkerTarget, ShipTarget, StarTarget, SystemTarget
from hwgame.rules import (
    Build,
    Capture,
    Catastrophe,
    Discover,
    Game,
    Move,
    Pass,
    Sacrifice,
    Trade,
    parse_piece,
)
from hwgame.words import Voice, refusal_text

from .helpers import PLAYERS, fake_opponent, position

P = parse_piece
BOARD = """
    North: g3 b2 | y3 g1 r2 |
    South: r1 y2 | | g3 b1
    Alpha: b1 | g2 r2 | r1
    Beta: y3 | | y1
    Gamma: g1 | g2 g3 | g1
"""


def resolver(text=BOARD, to_move=0):
    return ActionResolver(Game.from_position(position(text, to_move)))


def ship(system, piece, owner=0):
    return ShipTarget(system, owner, P(piece))


def test_ship_onto_a_connected_system_moves_it():
    r = resolver()
    res = r.resolve(ship("North", "y3"), SystemTarget("Alpha"))
    assert res.actions == [Move(P("y3"), "North", "Alpha")]
    assert res.caption == "Move yellow 3 from your homeworld to Alpha"  # North is the mover's homeworld
    # Dropping on a star or a ship of that system means the same.
    assert r.resolve(ship("North", "y3"), StarTarget("Gamma", P("g1"))).actions == [Move(P("y3"), "North", "Gamma")]
    assert r.resolve(ship("North", "y3"), ShipTarget("Alpha", 1, P("r1"))).actions == [Move(P("y3"), "North", "Alpha")]


def test_ship_onto_an_unconnected_system_is_refused_with_the_engine_reason():
    res = resolver().resolve(ship("North", "y3"), SystemTarget("South"))
    assert not res.legal
    assert res.reason == "your homeworld and South's homeworld are not connected: they share a star size"


def test_ship_into_open_space_discovers_with_a_choice_of_stars():
    r = resolver()
    res = r.resolve(ship("North", "y3"), SPACE)
    assert res.legal and all(isinstance(a, Discover) for a in res.actions)
    stars = {a.star for a in res.actions}
    assert stars and all(s % 3 == 0 for s in stars)  # North has sizes 2 and 3: only small stars
    assert {a.name for a in res.actions} == {"Delta"}  # the proposed name: the first free one


def test_discovery_without_yellow_is_refused():
    r = resolver()
    res = r.resolve(ship("Alpha", "g2"), SPACE)
    assert not res.legal and res.reason.startswith("no yellow at Alpha")


def test_bank_piece_onto_a_system_builds_the_smallest_of_its_colour():
    r = resolver()
    # g1 is all on the board, so the build takes g2, whatever green piece is dragged.
    res = r.resolve(BankPieceTarget(P("g3")), SystemTarget("North"))
    assert res.actions == [Build(P("g2"), "North")]


def test_build_where_you_have_no_ship_of_the_colour():
    res = resolver().resolve(BankPieceTarget(P("b1")), SystemTarget("North"))
    assert res.reason == (
        "you have no blue ship at your homeworld: you can only build a colour you already have there"
    )
    res = resolver().resolve(BankPieceTarget(P("g2")), SystemTarget("Beta"))
    assert res.reason.startswith("no green at Beta")


def test_bank_piece_onto_your_ship_trades():
    r = resolver()
    res = r.resolve(BankPieceTarget(P("r3")), ship("North", "y3"))
    assert res.actions == [Trade(P("y3"), P("r3"), "North")]
    bad = r.resolve(BankPieceTarget(P("b1")), ship("North", "y3"))
    assert bad.reason == "a trade keeps the size: the new piece must be the same size as the old ship"


def test_bank_piece_onto_your_ship_builds_when_no_trade_fits():
    # A green piece onto your green ship: no trade to the same colour, but a build there is legal.
    res = resolver().resolve(BankPieceTarget(P("g2")), ship("North", "g1"))
    assert res.actions == [Build(P("g2"), "North")]


def test_ship_onto_an_enemy_ship_captures():
    r = resolver()
    assert r.resolve(ship("Alpha", "r2"), ShipTarget("Alpha", 1, P("r1"))).actions == [Capture(P("r1"), "Alpha")]
    # At Gamma there is no red for North.
    res = r.resolve(ship("Gamma", "g3"), ShipTarget("Gamma", 1, P("g1")))
    assert res.reason.startswith("no red at Gamma")


def test_ship_onto_the_bank_sacrifices():
    r = resolver()
    assert r.resolve(ship("North", "y3"), BANK).actions == [Sacrifice(P("y3"), "North")]
    assert r.resolve(ship("North", "y3"), BankPieceTarget(P("r1"))).actions == [Sacrifice(P("y3"), "North")]


def test_marker_click_path_is_a_catastrophe():
    r = resolver()
    assert r.options_for(MarkerTarget("Gamma", 2)) == [Catastrophe("Gamma", 2)]
    assert r.options_for(MarkerTarget("North", 2)) == []


def test_drops_that_mean_nothing():
    r = resolver()
    assert r.resolve(ship("North", "y3"), SystemTarget("North")).actions == []
    assert r.resolve(ship("North", "y3"), SystemTarget("North")).reason is None
    assert r.resolve(StarTarget("North", P("g3")), SystemTarget("Alpha")).actions == []


def test_drag_refusals():
    r = resolver()
    assert r.drag_refusal(ship("North", "y3")) is None
    assert r.drag_refusal(ShipTarget("South", 1, P("g3"))) == "that ship belongs to South: drag one of your own ships"
    assert r.drag_refusal(StarTarget("North", P("g3"))).startswith("stars stay")
    assert r.drag_refusal(BankPieceTarget(P("g1"))) == "the bank has no green 1 left"
    assert r.drag_refusal(SPACE) == ""


def test_highlights_come_from_the_legal_actions():
    r = resolver()
    lit = r.highlights(ship("North", "y3"))
    assert lit.systems == {"Alpha", "Gamma"} and lit.space and lit.bank
    assert lit.lit(SystemTarget("Alpha")) and not lit.lit(SystemTarget("South"))
    lit = r.highlights(ship("Alpha", "r2"))
    assert ("Alpha", 1, P("r1")) in lit.ships
    lit = r.highlights(BankPieceTarget(P("r3")))
    assert ("North", 0, P("y3")) in lit.ships and not lit.bank


def test_click_path_lists_the_actions_of_a_piece():
    r = resolver()
    options = r.options_for(ship("North", "y3"))
    kinds = {type(a) for a in options}
    assert {Move, Discover, Sacrifice, Trade}.issubset(kinds)
    assert all(a in r.legal for a in options)
    assert r.options_for(ShipTarget("Alpha", 1, P("r1"))) == [Capture(P("r1"), "Alpha")]
    assert Build(P("g2"), "North") in r.options_for(BankPieceTarget(P("g2")))


def test_after_a_sacrifice_the_granted_actions_are_resolved_the_same_way():
    c = PlayController(Game.from_position(position(BOARD)))
    assert c.play(Sacrifice(P("y3"), "North")) is None
    assert c.game.state.sac_left == 3
    res = c.resolve(ship("Alpha", "g2"), SystemTarget("Gamma"))
    assert res.reason == "Alpha and Gamma are not connected: they share a star size"
    res = c.resolve(ship("Alpha", "g2"), SystemTarget("North"))
    assert res.actions == [Move(P("g2"), "Alpha", "North")]
    assert c.resolve(BankPieceTarget(P("g2")), SystemTarget("North")).reason.startswith("your sacrifice gave yellow")


def test_end_turn_warnings():
    c = PlayController(Game.from_position(position(BOARD)))
    w = c.end_turn_warnings()
    assert any("not taken an action" in x for x in w)
    assert any("Gamma is overpopulated in green" in x for x in w)
    c.play(Catastrophe("Gamma", 2))
    c.play(Sacrifice(P("y3"), "North"))
    w = c.end_turn_warnings()
    assert w == ["You still have 3 yellow actions from your sacrifice: ending now gives them up."]


def test_end_turn_warns_before_losing():
    c = PlayController(Game.from_position(position("North: g3 b2 | y3 |\nSouth: r1 y2 | | g3\nAlpha: b1 | | r1")))
    c.play(Move(P("y3"), "North", "Alpha"))
    w = c.end_turn_warnings()
    assert w == ["Ending the turn now loses the game: you have no ship at your homeworld."]


def test_play_refusal_returns_the_reason_and_changes_nothing():
    c = PlayController(Game.from_position(position(BOARD)))
    before = c.game.state
    assert c.play(Move(P("y3"), "North", "South")).endswith("share a star size")
    assert c.game.state == before and not c.effects
    assert c.play(Pass()) is None


def _vs_computer(choose=None, text=BOARD):
    game = Game.from_position(position(text))
    opponent = fake_opponent(choose)
    commits = []
    c = PlayController(game, (HUMAN, COMPUTER), ("easy", "easy"), opponent, on_commit=commits.append)
    return c, opponent, commits


def test_the_computer_answers_and_its_turn_is_validated_and_animated():
    c, opponent, commits = _vs_computer()
    c.play(Move(P("y3"), "North", "Alpha"))
    assert c.end_turn() is None
    assert c.thinking and c.game.to_move == 1
    c.update()
    assert not c.thinking and c.game.to_move == 0 and len(c.game.turns) == 2
    assert any(e.by_computer for e in c.effects)
    assert (ComputerPlayed,) == tuple(type(e) for e in c.events if isinstance(e, ComputerPlayed))
    assert len(commits) == 2  # the autosave runs after each side's turn


DELTA_LEFT = """
    North: g3 b2 | y3 g1 |
    South: r1 y2 | | y3 g3
    Delta: b1 | y1 |
"""


def test_no_discovery_takes_the_name_of_a_system_gone_earlier_in_the_game():
    # North's last ship leaves Delta, which is gone; the computer then discovers a system it calls Delta.
    c, _opponent, _ = _vs_computer(lambda pos: (Discover(P("y3"), "South", P("b3"), "Delta"),), DELTA_LEFT)
    assert c.play(Move(P("y1"), "Delta", "North")) is None and c.end_turn() is None
    c.update()
    names = [s.name for s in c.game.position.systems]
    assert "Delta" not in names and "Alpha" in names  # renamed as the window would name it
    assert c.game.turns[-1] == (Discover(P("y3"), "South", P("b3"), "Alpha"),)
    # The player's own discovery is offered a name neither on the map nor gone from it.
    res = c.resolve(ship("North", "y3"), SPACE)
    assert res.legal and {a.name for a in res.actions} == {"Beta"}


def test_the_computer_is_told_the_game_history_so_it_sees_repetition_draws():
    c, opponent, _ = _vs_computer()
    c.play(Move(P("y3"), "North", "Alpha"))
    c.end_turn()
    assert opponent._worker.histories[-1] == c.game.repetition_counts()


def test_an_illegal_computer_turn_is_refused_then_retried_or_taken_over():
    bad = (Move(P("g3"), "South", "North"),)  # not connected: the engine refuses it
    c, opponent, _ = _vs_computer(lambda pos: bad)
    c.play(Pass())
    c.end_turn()
    c.update()
    assert c.ai_error and "illegal" in c.ai_error
    assert c.game.to_move == 1 and len(c.game.turns) == 1
    opponent._worker.choose = opponent._worker.random_turn
    c.retry_computer()
    c.update()
    assert c.ai_error is None and c.game.to_move == 0
    c.play(Pass())
    opponent._worker.choose = lambda pos: bad
    c.end_turn()
    c.update()
    c.take_over()
    assert c.seats == [HUMAN, HUMAN] and c.human_to_move()


def test_a_stale_answer_is_dropped():
    c, opponent, _ = _vs_computer()
    c.play(Pass())
    c.end_turn()
    assert opponent.thinking and c.thinking
    c.undo()  # the human takes the turn back while the computer thinks
    assert opponent._worker.cancels >= 1 and not opponent.thinking and opponent.purpose is None
    assert c.game.to_move == 0 and len(c.game.turns) == 0
    c.update()
    assert c.game.to_move == 0 and len(c.game.turns) == 0


def test_undo_takes_back_an_action_then_the_turn_and_the_answer():
    c, opponent, _ = _vs_computer()
    c.play(Move(P("y3"), "North", "Alpha"))
    assert c.undo() == "Took back the last action."
    assert not c.game.pending
    c.play(Move(P("y3"), "North", "Alpha"))
    c.end_turn()
    c.update()
    assert len(c.game.turns) == 2
    assert c.undo() == "Took back your turn and the computer's answer."
    assert len(c.game.turns) == 0 and c.game.to_move == 0
    assert c.undo() == "Nothing to take back."


def test_hotseat_undo_takes_back_one_turn():
    c = PlayController(Game.from_position(position(BOARD)))
    c.play(Pass())
    c.end_turn()
    assert c.game.to_move == 1
    assert c.undo() == "Took back the last turn."
    assert c.game.to_move == 0


def test_hint_from_the_computer():
    c, opponent, _ = _vs_computer(lambda pos: (Move(P("y3"), "North", "Alpha"),))
    assert c.request_hint() == ""
    c.update()
    assert c.hint == (Move(P("y3"), "North", "Alpha"),)
    assert c.hint_text.startswith("Hint: Move yellow 3 from your homeworld to Alpha.")
    c.play(Pass())
    assert c.hint is None  # an action makes the hint stale


def test_not_your_turn():
    c, opponent, _ = _vs_computer(lambda pos: (Pass(),))
    c.play(Pass())
    c.end_turn()
    assert c.drag_refusal(ship("North", "g1")) == "wait: it is the computer's turn"
    assert c.play(Pass()) == "it is not your turn"
    assert c.end_turn() == "it is not your turn"


def test_discovery_when_the_bank_has_only_sizes_the_origin_has_says_so():
    # Every size 3 piece is on the board: a new star from North (sizes 1 and 2) would share a size.
    board = """
        North: g1 b2 | y1 g3 g3 g3 |
        South: r1 y2 | | r3 r3 r3 b1
        Alpha: y3 | y3 y3 b3 b3 b3 |
    """
    res = resolver(board).resolve(ship("North", "y1"), SPACE)
    assert not res.legal
    assert res.reason == "the bank has no piece of a size that your homeworld's stars lack, so no new star"
    assert res.refusal is not None and res.refusal.code == "star-shares-size"  # matched by its code


def test_a_refused_drop_carries_the_judges_refusal():
    res = resolver().resolve(ship("North", "y3"), SystemTarget("South"))
    assert res.refusal is not None and refusal_text(res.refusal, voice=Voice(PLAYERS, you=0)) == res.reason
    assert resolver().resolve(ship("North", "y3"), SystemTarget("Alpha")).refusal is None


class _Strict:
    """A judge that allows no capture at all and says so with the engine's words for a capture."""

    def __init__(self, game):
        self.game = game
        self.tried = []

    def legal_actions(self):
        return [a for a in self.game.legal_actions() if not isinstance(a, Capture)]

    def refusal(self, action):
        from hwgame.rules import IllegalActionError

        return IllegalActionError("no-power-here", colour="red", system=action.system)

    def try_action(self, action):
        self.tried.append(action)
        return self.game.act(action)


def test_the_judge_rules_on_drops_highlights_and_plays():
    judge = _Strict(Game.from_position(position(BOARD, 0)))
    c = PlayController(judge, (HUMAN, HUMAN), opponent=fake_opponent())
    assert c.game is judge.game
    capture = c.resolve(ship("Alpha", "r2"), ShipTarget("Alpha", 1, P("r1")))
    assert not capture.legal and capture.refusal is not None and capture.refusal.code == "no-power-here"
    assert ("Alpha", 1, P("r1")) not in c.highlights(ship("Alpha", "r2")).ships
    move = c.resolve(ship("North", "y3"), SystemTarget("Alpha"))
    assert c.play(move.actions[0]) is None
    assert judge.tried == [Move(P("y3"), "North", "Alpha")] and c.effects


def _lesson_step_with_a_refusal():
    from hwgame.rules import parse_turn
    from hwgame.tutorial import LESSONS, LessonRunner

    for lesson in LESSONS:
        for k, step in enumerate(lesson.steps):
            turn = parse_turn(step.illegal) if step.illegal else ()
            if len(turn) == 1 and step.board is None and k == 0:
                return LessonRunner(lesson, k), turn[0]
    raise AssertionError("no lesson opens with a one-action mistake")


def test_a_lessons_runner_is_the_judge_of_its_gestures():
    from hwgame.app.control.controller import Resolution
    from hwgame.app.scenes.lesson import LessonController
    from hwgame.tutorial.runner import refusal_words

    runner, wrong = _lesson_step_with_a_refusal()
    c = LessonController(runner, fake_opponent())
    assert c.judge is runner and c.game is runner.game
    assert c.legal == runner.game.legal_actions()
    # A refused drop: the runner answers the resolver's refusal as it is, with the step's advice.
    refusal = runner.refusal(wrong)
    assert refusal is not None
    before = runner.game.state
    c.refused(Resolution([], str(refusal), "", refusal))
    assert c.feedback is not None and not c.feedback.legal and runner.game.state == before
    assert c.feedback.message == refusal_words(refusal, runner.step)
    # A legal action is played by the runner, and animated from its own record of it.
    assert c.play(c.legal[0]) is None
    assert c.feedback.legal and c.feedback.played is not None
    assert c.effects[0].before == before.position and c.effects[0].action == c.feedback.played.action


def test_the_computers_turn_comes_with_why_it_was_played():
    from hwgame.ai.why import why_turn
    from hwgame.words import why_sentences

    # North's red 3 at Alpha threatens the computer's green 1 there; the computer flies it off.
    board = """
        North: r1 b3 | g3 |
        South: g3 b2 | | y3
        Alpha: y2 | r3 | g1
    """
    escape = (Discover(P("g1"), "Alpha", P("b1"), "Beta"),)
    c, opponent, _ = _vs_computer(lambda pos: escape, text=board)
    c.play(Pass())
    c.end_turn()
    c.update()
    assert c.game.turns[-1] == escape
    said = c.why_computer()
    assert said == ["Without it, you capture the computer's green 1 at Alpha next turn."]
    assert said == why_sentences(why_turn(c.game.positions[-2], escape), c.voice(), gains=False)
    c.play(Pass())
    assert c.why_computer() == []  # the board moved on: the reason belonged to the turn before


def test_a_hint_names_the_threat_it_parries_and_its_pieces():
    from hwgame.app.control.targets import BankPieceTarget
    from hwgame.app.panels.play_board import hint_targets

    # South's red 3 at Alpha can capture North's green 1 there; the hint flies the green 1 off.
    threat = """
        North: g3 b2 | y3 |
        South: r1 b3 | | g3
        Alpha: y2 | g1 | r3
    """
    escape = (Discover(P("g1"), "Alpha", P("b1"), "Beta"),)
    c, opponent, _ = _vs_computer(lambda pos: escape, text=threat)
    assert c.request_hint() == ""
    c.update()
    assert c.hint == escape
    chance = round(100 * c.advantage(0))  # the hint's chance is the bar's, for the same position
    assert c.hint_text == ("Hint: Discover Beta (a blue 1 star) with green 1 from Alpha. Without it, the computer "
                           f"captures your green 1 at Alpha next turn. Chance to win for you: {chance}%.")
    assert hint_targets(c.game.position, c.hint) == [ShipTarget("Alpha", 0, P("g1")), BankPieceTarget(P("b1"))]


def test_a_bank_piece_dropped_in_empty_space_says_how_to_discover():
    res = resolver().resolve(BankPieceTarget(P("b1")), SPACE)
    assert not res.legal
    assert res.reason is not None and "drag one of your ships into empty space" in res.reason


def test_a_capture_caption_says_whose_size_counts():
    # Your small red gives the power; your large blue beside it gives the size to take a large ship.
    r = resolver("North: y1 b2 | g3 |\nSouth: y3 g1 | r1 b3 | g3", to_move=0)
    res = r.resolve(ship("South", "r1"), ShipTarget("South", 1, P("g3")))
    assert res.actions == [Capture(P("g3"), "South")]
    assert res.caption == (
        "Capture the enemy green 3 at South's homeworld: the size that counts is your largest ship there, blue 3"
    )


@pytest.mark.slow
def test_after_following_a_hint_the_next_hint_is_asked_not_to_simply_undo_it():
    trade = (Trade(P("y3"), P("r3"), "North"),)
    c, opponent, _ = _vs_computer(lambda pos: trade if pos.to_move == 0 else (Pass(),))
    asked = []
    request = c.opponent.request
    c.opponent.request = lambda *args, **kw: (asked.append(kw.get("avoid", ())), request(*args, **kw))[1]
    assert c.request_hint() == ""
    c.update()
    assert c.hint == trade and asked[-1] == ()
    c.play(trade[0])
    c.end_turn()
    c.update()  # the computer passes
    assert c.request_hint() == ""
    assert asked[-1] == ((Trade(P("r3"), P("y3"), "North"),),)  # trading back is passed over...
    c.update()
    c.play(Pass())
    c.end_turn()
    c.update()
    c.request_hint()
    assert asked[-1] == ()  # ...only right after the hinted turn was played


def test_the_advantage_bar_reads_each_players_chance_and_a_win_at_once():
    c, opponent, _ = _vs_computer()
    assert c.advantage(0) is None  # no verdict yet: the bar shows nothing rather than guess
    for _ in range(3):
        c.update()  # the quick verdict, then the full one
    mine, theirs = c.advantage(0), c.advantage(1)
    assert 0.0 < mine < 1.0 and abs(mine + theirs - 1.0) < 1e-9
    # North's red 3 sits at South beside South's last ship: North wins this turn, and the bar says so.
    won = Game.from_position(position("""
        North: g3 b2 | y3 |
        South: r1 b3 | r3 | g1
    """))
    c2 = PlayController(won, (HUMAN, COMPUTER), ("easy", "easy"), fake_opponent())
    c2.update()  # asks for the quick verdict...
    c2.update()  # ...which proves the win at once
    assert c2.advantage(0) == 1.0 and c2.advantage(1) == 0.0
