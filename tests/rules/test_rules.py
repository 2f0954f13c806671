"""The rule book, section by section: pieces, map, setup, access and the four powers.

Turns (sacrifice, catastrophe, disappearing systems, end of turn) are in ``test_rules_turns``; the
Game object in ``test_game``.
"""

from __future__ import annotations

import pytest

from hwgame.rules import (
    PASS,
    SDG,
    STANDARD,
    Build,
    Capture,
    Discover,
    EndTurn,
    Game,
    Homeworld,
    IllegalActionError,
    Move,
    Sacrifice,
    Trade,
    legal_actions,
    start_turn,
)
from hwgame.rules.position import NO_HOME, PLAYING, connected, initial_position, piece_count
from hwgame.words import refusal_text
from tests.refusing import refuses
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
    refused,
    run,
    system_line,
    why,
)

# Two homeworlds far apart (sizes {2,3} and {1,2}), used by most tests below.
HOMES = """
North: g3 b2 | y3 |
South: r1 y2 |    | y3
"""


# --- pieces and the bank ---------------------------------------------------------------------


def test_a_new_game_has_every_piece_three_times_in_the_bank():
    pos = initial_position()
    assert pos.bank == (3,) * 12
    assert pos.systems == ()
    assert piece_count(pos) == [3] * 12


def test_pieces_taken_from_the_bank_leave_it():
    pos = board(HOMES + "Alpha: b1 | g1 |")
    after = run(pos, Build(G1, "Alpha")).position
    assert bank_count(pos, "g1") == 2
    assert bank_count(after, "g1") == 1
    assert piece_count(after) == [3] * 12


# --- the map: connections and names ----------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b", "joined"),
    [
        ("b1", "g2", True),
        ("b1", "g1", False),
        ("r1 y2", "g3", True),  # a binary {1,2} connects to {3}
        ("g1", "r1 y3", False),  # {1} does not connect to {1,3}: a binary counts every size
        ("r1 y2", "b2 g3", False),
        ("r1 y1", "b2 g3", True),
        ("r3", "b1 g2", True),
    ],
)
def test_systems_connect_when_they_share_no_star_size(a, b, joined):
    one = system_line(f"One: {a} | y1 |")
    two = system_line(f"Two: {b} | y2 |")
    assert connected(one, two) is joined
    assert connected(two, one) is joined


def test_a_move_needs_a_connection_and_says_so():
    pos = board("""
        North: g1 b3 | y2 |
        South: r2 y1 |    | y3
        Alpha: r1    | y1 |
        Beta: b2     | g2 |
    """)
    # North {1,3} -> Alpha {1}: share size 1.
    assert refused(pos, Move(Y2, "North", "Alpha")) == why("not-connected", origin="North", destination="Alpha")
    # North {1,3} -> Beta {2}: connected.
    assert layout(run(pos, Move(Y2, "North", "Beta")).position)["Beta"] == "b2 | y2 g2 | "
    # Alpha {1} -> South {1,2}: the binary's small star blocks it.
    assert refused(pos, Move(Y1, "Alpha", "South")).code == "not-connected"


def test_system_names_match_case_insensitively_and_are_stored_exactly():
    game = Game.from_position(board(HOMES + "Alpha: b1 | y1 |"))
    done = game.act(Move(Y1, "alpha", "NORTH"))
    assert done == Move(Y1, "Alpha", "North")
    assert layout(game.state.position)["North"] == "g3 b2 | y1 y3 | "


def test_a_discovered_name_must_be_unused_case_insensitively():
    pos = board(HOMES + "Alpha: b1 | y1 |")
    assert refused(pos, Discover(Y3, "North", B1, "alpha")) == why(
        "name-taken-by-system-case", name="'alpha'", system="Alpha"
    )
    taken = why("name-taken-by-system", name="'Alpha'", system="Alpha")
    assert refused(pos, Discover(Y3, "North", B1, "Alpha")) == taken
    assert refused(pos, Discover(Y3, "North", B1, "south")) == why(
        "name-taken-by-system-case", name="'south'", system="South"
    )
    # Player names are kept for homeworlds, even gone and written in another case.
    gone = board("North: g3 b2 | y3 |\nAlpha: b1 | y1 |")
    assert refused(gone, Discover(Y3, "North", B1, "SOUTH")) == why(
        "name-taken-by-player-case", name="'SOUTH'", player="South"
    )
    assert refusal(gone, Discover(Y3, "North", B1, "SOUTH")) == (
        "the name 'SOUTH' is already taken: South is a player's name, kept for their homeworld"
        " (names are matched whatever their case)"
    )
    after = run(pos, Discover(Y3, "North", B1, "Gamma")).position
    assert layout(after)["Gamma"] == "b1 | y3 | "


# --- setup -----------------------------------------------------------------------------------


def test_setup_first_player_then_second_then_first_player_moves():
    game = Game()
    assert game.in_setup and game.to_move == 0
    game.play([Homeworld(G3, B2, Y3)])
    assert game.in_setup and game.to_move == 1
    game.play([Homeworld(R1, Y2, G3)])
    assert not game.in_setup
    assert game.position.stage == PLAYING
    assert game.to_move == 0
    assert layout(game.position) == {"North": "g3 b2 | y3 | ", "South": "r1 y2 |  | g3"}
    assert game.position.home_of(0).name == "North"
    assert game.position.home_of(1).home == 1
    assert bank_count(game.position, "g3") == 1
    assert bank_count(game.position, "y3") == 2


@pytest.mark.parametrize(
    "setup",
    [
        Homeworld(G1, B2, Y1),  # ship not large
        Homeworld(G2, B2, Y3),  # both stars the same size
        Homeworld(G1, G3, Y3),  # both stars the same colour
        Homeworld(R1, Y2, R3),  # no green and no blue
        Homeworld(G1, G1, G1),  # one colour only
    ],
)
def test_standard_setup_allows_any_three_pieces(setup):
    game = Game()
    game.play([setup])
    assert game.to_move == 1
    assert sorted(game.position.home_of(0).stars + game.position.home_of(0).ships0) == sorted(
        [setup.star1, setup.star2, setup.ship]
    )


def test_a_setup_cannot_take_pieces_the_bank_no_longer_has():
    game = Game()
    game.play([Homeworld(G3, G3, G3)])
    with pytest.raises(IllegalActionError) as info:
        game.act(Homeworld(G3, B1, Y3))
    assert (info.value.code, info.value.values) == ("homeworld-bank-short", {"count": 0, "piece": "g3"})
    assert refusal_text(info.value) == "the bank has only 0 green 3 left"


def test_standard_needs_two_stars_sdg_allows_one():
    game = Game(STANDARD)
    with pytest.raises(IllegalActionError) as info:
        game.act(Homeworld(G3, None, Y3))
    assert info.value.code == "homeworld-two-stars"
    assert Homeworld(G3, None, Y3) not in game.legal_actions()
    sdg = Game(SDG)
    assert Homeworld(G3, None, Y3) in sdg.legal_actions()
    sdg.play([Homeworld(G3, None, Y3)])
    assert layout(sdg.position) == {"North": "g3 | y3 | "}
    assert sdg.position.home_of(0).home == 0


@pytest.mark.parametrize("rules", [STANDARD, SDG])
def test_a_homeworld_always_has_a_star(rules):
    game = Game(rules)
    with pytest.raises(IllegalActionError) as info:
        game.act(Homeworld(None, None, Y3))
    assert info.value.code == "homeworld-no-star"
    assert game.state.position.systems == ()


def test_a_missing_first_star_is_still_a_missing_star():
    game = Game(STANDARD)
    with pytest.raises(IllegalActionError) as info:
        game.act(Homeworld(None, G3, Y3))
    assert info.value.code == "homeworld-two-stars"
    sdg = Game(SDG)
    assert sdg.act(Homeworld(None, G3, Y3)) == Homeworld(G3, None, Y3)


def test_setup_comes_first_and_happens_once():
    game = Game()
    with refuses(IllegalActionError, "the game is still being set up: build your homeworld first") as info:
        game.act(PASS)
    assert info.value.code == "setup-not-done"
    with refuses(IllegalActionError, "set up your homeworld first") as info:
        game.commit()
    assert info.value.code == "homeworld-first"
    game.act(Homeworld(G3, B2, Y3))
    with refuses(IllegalActionError, "your homeworld is already set up") as info:
        game.act(Homeworld(G1, B3, Y3))
    assert info.value.code == "homeworld-already-set"
    game.commit()
    game.play([Homeworld(R1, Y2, G3)])
    with refuses(IllegalActionError, "homeworlds are set up only at the start of the game") as info:
        game.act(Homeworld(G1, B3, Y3))
    assert info.value.code == "homeworld-after-setup"


def test_setup_offers_every_choice_of_two_stars_and_a_ship():
    setups = legal_actions(start_turn(initial_position()))
    assert all(isinstance(a, Homeworld) for a in setups)
    # 12 + 66 unordered star pairs, times 12 ships: every piece has three copies, so all fit.
    assert len(setups) == 78 * 12
    assert len(legal_actions(start_turn(initial_position(SDG)))) == 78 * 12 + 12 * 12


# --- access ----------------------------------------------------------------------------------


def test_access_from_a_star():
    pos = board(HOMES + "Alpha: y1 | g2 |")
    # Yellow star: the green ship may move though it is not yellow.
    after = run(pos, Move(G2, "Alpha", "North")).position
    assert "Alpha" not in layout(after)


def test_access_from_an_own_ship():
    pos = board(HOMES + "Alpha: b1 | g2 y2 |\nBeta: r3 | r2 |")
    # No yellow star at Alpha: the own yellow ship gives the move, to any own ship.
    after = run(pos, Move(G2, "Alpha", "Beta")).position
    assert layout(after)["Beta"] == "r3 | r2 g2 | "


def test_an_enemy_ship_gives_no_access():
    pos = board(HOMES + "Alpha: b1 | g2 | y2")
    assert refused(pos, Move(G2, "Alpha", "North")) == why(
        "no-power-here", colour="yellow", system="Alpha", power="move"
    )
    assert refusal(pos, Move(G2, "Alpha", "North")) == (
        "no yellow at Alpha: a yellow star or one of your yellow ships must be there to move"
    )
    pos = board(HOMES + "Alpha: b1 | y2 | g1")
    assert refused(pos, Build(Y1, "Alpha")) == why("no-power-here", colour="green", system="Alpha", power="build")
    pos = board(HOMES + "Alpha: g1 | y2 | b2")
    assert refused(pos, Trade(Y2, R2, "Alpha")) == why("no-power-here", colour="blue", system="Alpha", power="trade")
    pos = board(HOMES + "Alpha: g1 | y2 | r1 y1")
    assert refused(pos, Capture(Y1, "Alpha")) == why("no-power-here", colour="red", system="Alpha", power="capture")


def test_actions_are_offered_only_where_there_is_access():
    pos = board(HOMES + "Alpha: b1 | g2 | y2 r1")
    acts = legal_actions(start_turn(pos))
    assert not any(isinstance(a, Move | Discover) and a.origin == "Alpha" for a in acts)
    assert not any(isinstance(a, Capture) for a in acts)
    assert Trade(G2, R2, "Alpha") in acts
    assert Build(G1, "Alpha") in acts


# --- green: build ----------------------------------------------------------------------------


def test_build_takes_the_smallest_of_an_own_colour_from_the_bank():
    pos = board(HOMES + "Alpha: g2 | b3 |")
    after = run(pos, Build(B1, "Alpha")).position
    assert layout(after)["Alpha"] == "g2 | b1 b3 | "
    assert bank_count(after, "b1") == 2


def test_build_size_comes_from_the_bank_not_from_the_player():
    # Every small green is taken: a build of green makes a medium.
    pos = board(HOMES + "Alpha: b1 | g1 g1 |\nBeta: r3 | g1 |")
    assert bank_count(pos, "g1") == 0
    after = run(pos, Build(G2, "Alpha")).position
    assert layout(after)["Alpha"] == "b1 | g1 g1 g2 | "
    assert refused(pos, Build(G1, "Alpha")) == why("build-not-smallest", colour="green", piece="g2")
    assert refused(pos, Build(G3, "Alpha")) == why("build-not-smallest", colour="green", piece="g2")
    assert refusal(pos, Build(G3, "Alpha")) == "a build takes the smallest green in the bank, which is green 2"
    assert [a for a in legal_actions(start_turn(pos)) if isinstance(a, Build) and a.system == "Alpha"] == [
        Build(G2, "Alpha")
    ]


def test_build_only_a_colour_you_own_there():
    pos = board(HOMES + "Alpha: g2 | b3 | r1")
    assert refused(pos, Build(R2, "Alpha")) == why("build-needs-own-colour", colour="red", system="Alpha")


def test_no_piece_of_the_colour_in_the_bank_no_build():
    pos = board(HOMES + "Alpha: g2 | r1 r2 r3 | r1 r2 r3\nBeta: b1 | r2 r3 |")
    assert refused(pos, Build(R1, "Alpha")) == why("build-bank-empty", colour="red")
    assert not any(isinstance(a, Build) and a.piece // 3 == 0 for a in legal_actions(start_turn(pos)))


# --- blue: trade -----------------------------------------------------------------------------


def test_trade_swaps_colour_keeps_size_place_and_owner():
    pos = board(HOMES + "Alpha: b1 | g2 | y1")
    after = run(pos, Trade(G2, R2, "Alpha")).position
    assert layout(after)["Alpha"] == "b1 | r2 | y1"
    assert bank_count(after, "g2") == bank_count(pos, "g2") + 1
    assert bank_count(after, "r2") == bank_count(pos, "r2") - 1


def test_trade_refusals():
    pos = board(HOMES + "Alpha: b1 | g2 | y1\nBeta: r3 | b2 b2 |")
    assert refused(pos, Trade(G2, R3, "Alpha")) == why("trade-needs-same-size")
    assert refused(pos, Trade(G2, G2, "Alpha")) == why("trade-needs-other-colour")
    assert refused(pos, Trade(G2, B2, "Alpha")) == why("trade-bank-empty", piece="b2")
    assert refused(pos, Trade(Y1, R1, "Alpha")) == why("no-ship-to-trade", piece="y1", system="Alpha")
    assert refusal(pos, Trade(Y1, R1, "Alpha")) == "you have no yellow 1 ship at Alpha to trade"


def test_trade_choices_follow_the_bank():
    pos = board(HOMES + "Alpha: b1 | g2 | y1\nBeta: r3 | b2 b2 |")
    trades = {a.new for a in legal_actions(start_turn(pos)) if isinstance(a, Trade) and a.system == "Alpha"}
    # y2 is at South, b2 are all on the board: only red 2 and yellow 2 remain for the green 2.
    assert trades == {R2, Y2}


# --- yellow: move and discover ---------------------------------------------------------------


def test_move_needs_yellow_at_the_origin_not_the_destination():
    pos = board(HOMES + "Alpha: y1 | g2 |\nBeta: b3 | r2 |")
    # Beta has no yellow: moving in is fine (Alpha has a yellow star).
    after = run(pos, Move(G2, "Alpha", "Beta")).position
    assert layout(after)["Beta"] == "b3 | r2 g2 | "
    # Moving out of Beta is not (its only access is blue/red).
    assert refused(pos, Move(R2, "Beta", "Alpha")) == why("no-power-here", colour="yellow", system="Beta", power="move")


def test_move_your_own_ship_only():
    pos = board(HOMES + "Alpha: y1 | g2 | b2")
    assert refused(pos, Move(B2, "Alpha", "North")) == why("no-ship-to-move", piece="b2", system="Alpha")
    assert refused(pos, Move(G2, "alpha", "ALPHA")) == why("move-to-same-system", system="Alpha")


def test_discover_a_new_system_with_any_bank_piece_of_an_unused_size():
    pos = board(HOMES)
    after = run(pos, Discover(Y3, "North", R1, "Vega")).position
    assert layout(after) == {"North": "g3 b2 |  | ", "South": "r1 y2 |  | y3", "Vega": "r1 | y3 | "}
    assert after.system_named("Vega").home == NO_HOME
    assert bank_count(after, "r1") == bank_count(pos, "r1") - 1
    discovered = {
        (a.star, a.ship) for a in legal_actions(start_turn(pos)) if isinstance(a, Discover) and a.origin == "North"
    }
    assert discovered == {(p, Y3) for p in (R1, Y1, G1, B1)}


def test_discover_refusals():
    pos = board(HOMES + "Alpha: b1 | y1 |\nBeta: r3 | g1 g1 g1 |")
    assert refused(pos, Discover(Y3, "North", G2, "Vega")) == why("star-shares-size", system="North", piece="g2")
    assert refusal(pos, Discover(Y3, "North", G2, "Vega")) == (
        "a new star must not share a size with North's stars: green 2 would not be connected"
    )
    assert refused(pos, Discover(Y3, "North", G1, "Vega")) == why("star-bank-empty", piece="g1")
    spaced = why("name-has-space", name="'no spaces'", kind="system")
    assert refused(pos, Discover(Y3, "North", R1, "no spaces")) == spaced
    assert refused(pos, Discover(Y3, "North", R1, "")) == why("name-empty", kind="system")
    assert refusal(pos, Discover(Y3, "North", R1, "")) == "a system name cannot be empty"


# --- red: capture ----------------------------------------------------------------------------


def test_a_captured_ship_keeps_its_size_and_colour():
    pos = board(HOMES + "Alpha: r1 | g3 | b2 y1")
    after = run(pos, Capture(B2, "Alpha")).position
    assert layout(after)["Alpha"] == "r1 | g3 b2 | y1"
    assert after.bank == pos.bank


def test_capture_size_comes_from_your_largest_ship_there_seed_example():
    # Your small red gives access, your medium yellow gives the size.
    pos = board(HOMES + "Alpha: b1 | r1 y2 | g2")
    after = run(pos, Capture(G2, "Alpha")).position
    assert layout(after)["Alpha"] == "b1 | r1 y2 g2 | "


def test_capture_uses_the_largest_ship_whatever_its_colour():
    # The large red is the largest; the small blue has the highest piece code.
    pos = board(HOMES + "Alpha: g1 | r3 b1 | y2 g3")
    assert Capture(Y2, "Alpha") in legal_actions(start_turn(pos))
    assert Capture(G3, "Alpha") in legal_actions(start_turn(pos))
    after = run(pos, Capture(G3, "Alpha")).position
    assert layout(after)["Alpha"] == "g1 | r3 g3 b1 | y2"


def test_capture_no_larger_than_your_largest_ship():
    pos = board(HOMES + "Alpha: r2 | g1 b1 | y2 g1")
    assert refused(pos, Capture(Y2, "Alpha")) == why("capture-too-small", system="Alpha", size=1, target_size=2)
    assert refusal(pos, Capture(Y2, "Alpha")) == "your largest ship at Alpha is size 1: it cannot capture a size 2 ship"
    assert Capture(G1, "Alpha") in legal_actions(start_turn(pos))  # equal size is fine
    assert Capture(Y2, "Alpha") not in legal_actions(start_turn(pos))


def test_capture_needs_an_enemy_ship_and_an_own_ship():
    pos = board(HOMES + "Alpha: r2 | | y2\nBeta: r1 | g2 | g2")
    assert refused(pos, Capture(Y2, "Alpha")) == why("capture-needs-own-ship", system="Alpha")
    assert refused(pos, Capture(B2, "Beta")) == why("capture-no-enemy-ship", piece="b2", system="Beta")


def test_capture_cannot_take_your_own_ship():
    pos = board(HOMES + "Alpha: r2 | g2 y1 |")
    assert refused(pos, Capture(Y1, "Alpha")) == why("capture-no-enemy-ship", piece="y1", system="Alpha")


def test_the_second_player_captures_the_first_players_ships():
    pos = board(HOMES + "Alpha: r2 | g2 | b3", to_move=1)
    after = run(pos, Capture(G2, "Alpha")).position
    assert layout(after)["Alpha"] == "r2 |  | g2 b3"


def test_actions_offered_are_exactly_those_the_validator_accepts():
    pos = board(HOMES + "Alpha: r2 | g2 b1 y1 | y2 g1 r3\nBeta: b3 | r1 | g3")
    offered = set(legal_actions(start_turn(pos)))
    for action in offered:
        if not isinstance(action, EndTurn):
            run(pos, action)
    # A few actions the generator must not offer, and the validator must refuse.
    for action in (Capture(R3, "Alpha"), Capture(G3, "Beta"), Sacrifice(Y2, "Alpha"), Move(R1, "Beta", "North")):
        assert action not in offered
        with pytest.raises(IllegalActionError):
            run(pos, action)
