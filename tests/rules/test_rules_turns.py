"""The rule book on turns: sacrifice, catastrophe, systems that disappear, the end-of-turn check, and
every item of "Consequences that implementations get wrong"."""

from __future__ import annotations

import pytest

from hwgame.rules import (
    PASS,
    SDG,
    STANDARD,
    Build,
    Capture,
    Catastrophe,
    Discover,
    Game,
    Move,
    Sacrifice,
    Trade,
    end_turn,
    legal_actions,
    start_turn,
)
from hwgame.rules.pieces import BLUE, GREEN, YELLOW
from hwgame.rules.position import piece_count
from hwgame.words import refusal_text
from tests.rules.helpers import (
    B1,
    B2,
    B3,
    G1,
    G2,
    G3,
    R1,
    R2,
    R3,
    Y1,
    Y2,
    Y3,
    bank_count,
    board,
    layout,
    refusal,
    run,
)

HOMES = """
North: g3 b2 | y3 |
South: r1 y2 |    | y3
"""


# --- a turn: one action, or one sacrifice, or pass --------------------------------------------


def test_one_basic_action_per_turn():
    pos = board(HOMES + "Alpha: g1 | b1 |")
    state = run(pos, Build(B1, "Alpha"))
    assert state.done
    assert refusal(state, Build(B1, "Alpha")) == (
        "you have already used your action this turn: end the turn or trigger a catastrophe"
    )
    assert refusal(state, Sacrifice(B1, "Alpha")) == (
        "you have already used your action this turn: end the turn or trigger a catastrophe"
    )


def test_sacrifice_gives_as_many_actions_as_the_ship_size_of_its_colour():
    pos = board(HOMES + "Alpha: b1 | y3 g1 r1 |\nBeta: r3 | g2 |")
    state = run(pos, Sacrifice(Y3, "Alpha"))
    assert (state.sac_color, state.sac_left) == (YELLOW, 3)
    assert bank_count(state.position, "y3") == bank_count(pos, "y3") + 1
    state = run(state, Move(G1, "Alpha", "North"), Move(G2, "Beta", "South"), Move(R1, "Alpha", "North"))
    assert state.done
    assert layout(state.position) == {
        "North": "g3 b2 | r1 y3 g1 | ",
        "South": "r1 y2 | g2 | y3",
    }
    assert refusal(state, Move(G1, "North", "South")).startswith("you have already used your action")


def test_fewer_sacrifice_actions_than_allowed():
    pos = board(HOMES + "Alpha: b1 | y3 g1 |")
    game = Game.from_position(pos)
    game.play([Sacrifice(Y3, "Alpha"), Move(G1, "Alpha", "North"), PASS])
    assert layout(game.position)["North"] == "g3 b2 | y3 g1 | "
    game = Game.from_position(pos)
    game.play([Sacrifice(Y3, "Alpha"), Move(G1, "Alpha", "North")])  # ending the turn forfeits the rest
    assert layout(game.position)["North"] == "g3 b2 | y3 g1 | "
    state = run(pos, Sacrifice(Y3, "Alpha"), PASS)
    assert state.done


def test_sacrifice_actions_are_of_the_sacrificed_colour_only():
    pos = board(HOMES + "Alpha: g1 | y2 b1 |")
    state = run(pos, Sacrifice(Y2, "Alpha"))
    assert refusal(state, Build(B1, "Alpha")) == "your sacrifice gave yellow actions (move), not build"
    assert refusal(state, Trade(B1, G1, "Alpha")) == "your sacrifice gave yellow actions (move), not trade"
    assert not any(isinstance(a, Build | Trade | Capture) for a in legal_actions(state))


def test_one_sacrifice_per_turn_and_not_after_the_action():
    pos = board(HOMES + "Alpha: g1 | y2 b1 |")
    state = run(pos, Sacrifice(Y2, "Alpha"))
    assert refusal(state, Sacrifice(B1, "Alpha")) == (
        "you are using a sacrifice's actions: a second sacrifice is not allowed in one turn"
    )
    assert not any(isinstance(a, Sacrifice) for a in legal_actions(state))


def test_sacrifice_only_your_own_ship():
    pos = board(HOMES)
    assert refusal(pos, Sacrifice(Y3, "South")) == "you have no yellow 3 ship at South to sacrifice"


def test_sacrifice_actions_need_no_access():
    # Beta has no yellow, green, blue or red access of mine; the sacrificed colour is enough.
    pos = board(HOMES + "Alpha: b1 | y2 g2 r2 b3 |\nBeta: g1 | r3 b1 | g2 y1")
    moved = run(pos, Sacrifice(Y2, "Alpha"), Move(B1, "Beta", "North")).position
    assert layout(moved)["North"] == "g3 b2 | y3 b1 | "
    pos = board(HOMES + "Alpha: b1 | g2 |\nBeta: y3 | r3 b1 | g2 y1")
    built = run(pos, Sacrifice(G2, "Alpha"), Build(R1, "Beta")).position
    assert layout(built)["Beta"] == "y3 | r1 r3 b1 | y1 g2"
    pos = board(HOMES + "Alpha: g1 | b2 |\nBeta: y3 | r3 g1 | g2 y1")
    traded = run(pos, Sacrifice(B2, "Alpha"), Trade(R3, B3, "Beta")).position
    assert layout(traded)["Beta"] == "y3 | g1 b3 | y1 g2"
    pos = board(HOMES + "Alpha: g1 | r2 |\nBeta: y3 | g3 b1 | g2 y1")
    captured = run(pos, Sacrifice(R2, "Alpha"), Capture(G2, "Beta"), Capture(Y1, "Beta")).position
    assert layout(captured)["Beta"] == "y3 | y1 g2 g3 b1 | "


def test_sacrifice_actions_still_need_an_own_ship_where_used():
    pos = board(HOMES + "Alpha: g1 | r2 b1 |\nBeta: y3 | | g2")
    state = run(pos, Sacrifice(R2, "Alpha"))
    assert refusal(state, Capture(G2, "Beta")) == "you need a ship of your own at Beta to capture there"
    pos = board(HOMES + "Alpha: g1 | g2 b1 |\nBeta: y3 | r1 | b1")
    state = run(pos, Sacrifice(G2, "Alpha"))
    assert refusal(state, Build(B2, "Beta")) == (
        "you have no blue ship at Beta: you can only build a colour you already have there"
    )
    pos = board(HOMES + "Alpha: g1 | y2 b1 |\nBeta: y3 | | g2")
    state = run(pos, Sacrifice(Y2, "Alpha"))
    assert refusal(state, Move(G2, "Beta", "North")) == "you have no green 2 ship at Beta to move"


def test_pass_changes_nothing_but_the_player_to_move():
    pos = board(HOMES + "Alpha: g1 | y2 b1 |")
    game = Game.from_position(pos)
    game.play([PASS])
    assert game.position.systems == pos.systems
    assert game.position.bank == pos.bank
    assert game.to_move == 1


# --- catastrophe -----------------------------------------------------------------------------


def test_overpopulation_counts_stars_and_both_players_ships():
    pos = board(HOMES + "Alpha: g1 | g2 y1 | g3 g1 b1")
    assert pos.system_named("Alpha").overpopulated() == (GREEN,)
    state = run(pos, Catastrophe("Alpha", GREEN))
    # The green star went too: no star left, so the system is gone and every ship returns to the bank.
    assert "Alpha" not in layout(state.position)
    assert piece_count(state.position) == [3] * 12
    assert bank_count(state.position, "y1") == bank_count(pos, "y1") + 1
    assert bank_count(state.position, "b1") == bank_count(pos, "b1") + 1
    assert bank_count(state.position, "g1") == bank_count(pos, "g1") + 2


def test_three_pieces_of_a_colour_are_not_overpopulation():
    pos = board(HOMES + "Alpha: g1 | g2 y1 | g3 b1 b2")
    assert refusal(pos, Catastrophe("Alpha", BLUE)) == "Alpha has 2 blue pieces: a catastrophe needs 4 or more"
    pos = board(HOMES + "Alpha: y1 | g2 y2 | g3 g1")
    assert refusal(pos, Catastrophe("Alpha", GREEN)) == "Alpha has 3 green pieces: a catastrophe needs 4 or more"
    assert not any(isinstance(a, Catastrophe) for a in legal_actions(start_turn(pos)))


def test_catastrophe_keeps_other_colours_and_the_system_when_a_star_remains():
    pos = board(HOMES + "Alpha: r2 | b1 b3 y1 | b1 g1 b3")
    state = run(pos, Catastrophe("Alpha", BLUE))
    assert layout(state.position)["Alpha"] == "r2 | y1 | g1"
    assert state.free  # no action spent


def test_catastrophe_where_you_have_no_ship():
    pos = board(HOMES + "Beta: r2 | | b1 b1 b3 b3 y1")
    assert Catastrophe("Beta", BLUE) in legal_actions(start_turn(pos))
    state = run(pos, Catastrophe("Beta", BLUE))
    assert layout(state.position)["Beta"] == "r2 |  | y1"


def test_catastrophes_before_and_after_the_action_several_in_a_turn():
    pos = board(HOMES + "Alpha: g1 | g2 | g3 y1\nBeta: b1 | y2 b3 | b1 b3")
    game = Game.from_position(pos)
    game.play(
        [
            Catastrophe("Beta", BLUE),  # before the action: Beta loses its star and is gone
            Build(G1, "Alpha"),  # the fourth green at Alpha
            Catastrophe("Alpha", GREEN),  # after the action
        ]
    )
    assert layout(game.position) == layout(board(HOMES))
    assert game.position.bank == board(HOMES).bank


def test_catastrophe_between_sacrifice_actions():
    pos = board(HOMES + "Alpha: b1 | y2 g1 |\nBeta: r3 | g2 | g3 g2 g1")
    state = run(pos, Sacrifice(Y2, "Alpha"), Move(G1, "Alpha", "North"))
    state = run(state, Catastrophe("Beta", GREEN))
    assert (state.sac_color, state.sac_left) == (YELLOW, 1)
    state = run(state, Discover(G1, "North", B1, "Vega"))
    assert layout(state.position) == {"North": "g3 b2 | y3 | ", "South": "r1 y2 |  | y3", "Vega": "b1 | g1 | "}


def test_catastrophe_is_optional_and_stays_available_to_either_player():
    pos = board(HOMES + "Alpha: g1 | g2 b1 | g3 g1")
    game = Game.from_position(pos)
    assert Catastrophe("Alpha", GREEN) in game.legal_actions()
    game.play([Build(B1, "Alpha")])  # a legal turn that leaves the overpopulation on the board
    assert game.position.system_named("Alpha").overpopulated() == (GREEN,)
    assert game.to_move == 1
    assert Catastrophe("Alpha", GREEN) in game.legal_actions()
    game.play([Catastrophe("Alpha", GREEN)])
    assert "Alpha" not in layout(game.position)


def test_catastrophe_may_remove_one_star_of_a_homeworld_which_stays_a_homeworld():
    pos = board("""
        North: g3 b2 | y3 b1 b1 b3 |
        South: r1 y2 |    | y3
    """)
    state = run(pos, Catastrophe("North", BLUE))
    home = state.position.home_of(0)
    assert home is not None and home.name == "North"
    assert layout(state.position)["North"] == "g3 | y3 | "
    game = Game.from_position(pos)
    game.play([Catastrophe("North", BLUE)])
    assert game.outcome() is None


def test_catastrophe_that_takes_every_star_of_a_homeworld_ends_it():
    pos = board("""
        North: g1 g3 | g1 g2 y3 |
        South: r1 y2 |    | y3
    """)
    game = Game.from_position(pos)
    game.play([Catastrophe("North", GREEN)])
    assert game.position.home_of(0) is None
    assert bank_count(game.position, "y3") == 2  # the ship went back to the bank with the system
    assert game.outcome().winner == 1
    assert refusal_text(game.outcome(), "en") == "South wins: North's homeworld is gone"


# --- systems that disappear ------------------------------------------------------------------


def test_an_emptied_non_home_system_is_gone_and_its_star_back_in_the_bank_at_once():
    pos = board(HOMES + "Alpha: b1 | g2 |\nBeta: y3 | r3 |")
    state = run(pos, Move(R3, "Beta", "South"))
    assert "Beta" not in layout(state.position)
    assert bank_count(state.position, "y3") == bank_count(pos, "y3") + 1


def test_a_system_with_no_star_left_sends_its_ships_to_the_bank():
    pos = board(HOMES + "Alpha: y1 | y1 y2 g2 | y3 b1 r2")
    state = run(pos, Catastrophe("Alpha", YELLOW))
    assert "Alpha" not in layout(state.position)
    returned = {"y1": 2, "y2": 1, "y3": 1, "g2": 1, "b1": 1, "r2": 1}
    for word, n in returned.items():
        assert bank_count(state.position, word) == bank_count(pos, word) + n


@pytest.mark.parametrize("rules_name", ["standard", "sdg"])
def test_your_own_empty_homeworld_stays_mid_turn_and_you_may_come_back(rules_name):
    rules = SDG if rules_name == "sdg" else board(HOMES).rules
    pos = board(HOMES + "Alpha: b1 | y2 |\nBeta: r1 | g1 |", rules=rules)
    state = run(pos, Sacrifice(Y2, "Alpha"), Move(Y3, "North", "Beta"))
    assert layout(state.position)["North"] == "g3 b2 |  | "
    assert state.position.home_of(0).name == "North"
    game = Game.from_position(pos)
    game.play([Sacrifice(Y2, "Alpha"), Move(Y3, "North", "Beta"), Move(Y3, "Beta", "North")])
    assert layout(game.position)["North"] == "g3 b2 | y3 | "
    assert game.outcome() is None


@pytest.mark.parametrize("rules_name", ["standard", "sdg"])
def test_leaving_your_own_homeworld_empty_at_the_end_of_the_turn_loses(rules_name):
    rules = SDG if rules_name == "sdg" else board(HOMES).rules
    game = Game.from_position(board(HOMES + "Beta: r1 | g1 |", rules=rules))
    game.play([Move(Y3, "North", "Beta")])  # allowed, though it loses
    assert game.outcome().winner == 1
    assert refusal_text(game.outcome(), "en") == "South wins: North has no ship left at home"
    assert game.legal_actions() == []


# The enemy homeworld emptied by a catastrophe: South's yellow star, my y1 and South's y3 and y1.
ENEMY_EMPTIED = """
North: g3 b2 | y3 |
South: r1 y2 | y1 | y3 y1
"""


@pytest.mark.parametrize("rules", [STANDARD, SDG], ids=["standard", "sdg"])
def test_enemy_homeworld_without_ships_stays_until_the_end_of_the_turn(rules):
    # Both rule sets: a homeworld with a star stays, even with no ship, until the end-of-turn check.
    pos = board(ENEMY_EMPTIED, rules=rules)
    state = run(pos, Catastrophe("South", YELLOW))
    assert layout(state.position)["South"] == "r1 |  | "
    assert state.position.home_of(1) is not None
    assert piece_count(state.position) == [3] * 12
    game = Game.from_position(pos)
    game.play([Catastrophe("South", YELLOW)])
    assert game.position.home_of(1) is not None
    assert game.outcome().winner == 0
    assert refusal_text(game.outcome(), "en") == "North wins: South has no ship left at home"


@pytest.mark.parametrize("rules", [STANDARD, SDG], ids=["standard", "sdg"])
def test_enemy_homeworld_left_by_your_last_ship_there_stays_for_the_rest_of_the_turn(rules):
    # South's own ships have left; North's last ship there moves on: the homeworld keeps its stars
    # and may still be entered in the same turn.
    pos = board("North: g3 b2 | y3 y2 |\nSouth: r1 y2 | g2 |\nAlpha: b3 | | y3", rules=rules, to_move=0)
    state = run(pos, Sacrifice(Y2, "North"), Move(G2, "South", "Alpha"))
    assert layout(state.position)["South"] == "r1 y2 |  | "
    back = run(state, Move(G2, "Alpha", "South"))
    assert layout(back.position)["South"] == "r1 y2 | g2 | "


# --- the end-of-turn check -------------------------------------------------------------------


def test_both_players_losing_at_once_is_a_draw():
    game = Game.from_position(board(ENEMY_EMPTIED + "Beta: r1 | g1 |"))
    game.play([Move(Y3, "North", "Beta"), Catastrophe("South", YELLOW)])
    assert game.outcome().is_draw
    assert game.outcome().winner is None
    assert refusal_text(game.outcome(), "en") == "draw: both players lost their homeworlds at once"


def test_the_check_runs_at_the_end_of_the_turn_not_in_the_middle():
    # South's homeworld is held only by North mid-turn; South has lost only once the turn is committed.
    pos = board("North: g3 b2 | y3 |\nSouth: r1 y2 | r2 | g2")
    game = Game.from_position(pos)
    game.act(Capture(G2, "South"))
    assert game.outcome() is None
    game.commit()
    assert game.outcome().winner == 0
    assert refusal_text(game.outcome(), "en") == "North wins: South has no ship left at home and the enemy holds it"


def test_a_position_is_judged_for_both_players_whoever_moved():
    pos = board("North: g3 b2 | y3 |\nSouth: r1 y2 | r2 |", to_move=1)
    assert pos.losers() == (1,)
    assert end_turn(pos).winner() == 0


# --- consequences that implementations get wrong ---------------------------------------------


def test_consequence_build_size_comes_from_the_bank():
    # Every small and medium green is on the board: a build of green makes a large one.
    pos = board(HOMES + "Alpha: b1 | g1 g1 |\nBeta: r3 | g1 g2 g2 g2 |")
    state = run(pos, Build(G3, "Alpha"))
    assert layout(state.position)["Alpha"] == "b1 | g1 g1 g3 | "
    assert refusal(pos, Build(G1, "Alpha")) == "a build takes the smallest green in the bank, which is green 3"


def test_consequence_captured_ship_keeps_size_and_colour_largest_ship_decides():
    pos = board(HOMES + "Alpha: g1 | r1 y2 | b2 r1")
    state = run(pos, Capture(B2, "Alpha"))
    assert layout(state.position)["Alpha"] == "g1 | r1 y2 b2 | r1"
    pos = board(HOMES + "Alpha: g1 | r1 y1 | b2")
    assert refusal(pos, Capture(B2, "Alpha")).startswith("your largest ship at Alpha is size 1")


def test_consequence_star_pieces_count_and_a_catastrophe_removes_the_system():
    pos = board(HOMES + "Alpha: r3 | r1 r2 | r2 g1")
    state = run(pos, Catastrophe("Alpha", 0))
    assert "Alpha" not in layout(state.position)
    assert bank_count(state.position, "g1") == bank_count(pos, "g1") + 1


def test_consequence_a_star_freed_by_a_move_can_be_discovered_later_in_the_turn():
    # The only three blue 1s: two on the board at North's side... and Alpha's star.
    pos = board(HOMES + "Alpha: b1 | y2 g1 |\nBeta: r3 | b1 b1 |")
    assert bank_count(pos, "b1") == 0
    state = run(pos, Sacrifice(Y2, "Alpha"), Move(G1, "Alpha", "North"))
    assert "Alpha" not in layout(state.position)
    assert bank_count(state.position, "b1") == 1
    state = run(state, Discover(G1, "North", B1, "Vega"))
    assert layout(state.position)["Vega"] == "b1 | g1 | "


def test_consequence_sacrificed_ships_system_may_vanish_and_actions_go_elsewhere():
    pos = board(HOMES + "Alpha: b1 | y2 |\nBeta: r1 | g2 |")
    state = run(pos, Sacrifice(Y2, "Alpha"))
    assert "Alpha" not in layout(state.position)
    state = run(state, Move(Y3, "North", "Beta"), Move(G2, "Beta", "North"))
    assert layout(state.position) == {"North": "g3 b2 | g2 | ", "South": "r1 y2 |  | y3", "Beta": "r1 | y3 | "}
    assert state.done


def test_consequence_trade_and_build_depend_on_the_bank_at_that_moment():
    # No blue 2 in the bank until the sacrifice puts one back; then the trade for it is legal.
    pos = board(HOMES + "Alpha: g1 | b2 r2 |\nBeta: r3 | b2 |")
    assert bank_count(pos, "b2") == 0
    assert refusal(pos, Trade(R2, B2, "Alpha")) == "the bank has no blue 2 to trade for"
    state = run(pos, Sacrifice(B2, "Alpha"))
    assert Trade(R2, B2, "Alpha") in legal_actions(state)
    assert layout(run(state, Trade(R2, B2, "Alpha")).position)["Alpha"] == "g1 | b2 | "
    # Every small green on the board until a catastrophe returns them: then build makes a small.
    pos = board(HOMES + "Alpha: g1 | g1 g3 | g1 y1\nBeta: r3 | g2 |")
    assert [a for a in legal_actions(start_turn(pos)) if isinstance(a, Build) and a.system == "Beta"] == [
        Build(G2, "Beta")
    ]
    state = run(pos, Catastrophe("Alpha", GREEN))
    assert [a for a in legal_actions(state) if isinstance(a, Build) and a.system == "Beta"] == [Build(G1, "Beta")]


def test_consequence_sacrifice_and_rebuild_of_the_same_piece_changes_nothing():
    pos = board(HOMES + "Alpha: r1 | g1 g1 |\nBeta: b3 | g1 |")
    game = Game.from_position(pos)
    game.play([Sacrifice(G1, "Alpha"), Build(G1, "Alpha")])
    passed = Game.from_position(pos)
    passed.play([PASS])
    assert game.position == passed.position
    assert game.position.systems == pos.systems
