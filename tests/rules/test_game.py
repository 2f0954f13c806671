"""The Game object: committing turns, refusals that change nothing, undo and redo, endings and draws."""

from __future__ import annotations

import pytest

from hwgame.rules import (
    END_TURN,
    PASS,
    SDG,
    Build,
    Capture,
    Catastrophe,
    Discover,
    Game,
    Homeworld,
    IllegalActionError,
    Move,
    Sacrifice,
    Trade,
)
from hwgame.words import refusal_text
from tests.refusing import refuses
from tests.rules.helpers import B1, B2, B3, G1, G2, G3, R1, R2, R3, Y1, Y2, Y3, board, layout

HOMES = """
North: g3 b2 | y3 |
South: r1 y2 |    | y3
"""


def snapshot(game: Game) -> tuple:
    """Everything a player can observe about a game."""
    return (
        tuple(game.positions),
        tuple(game.turns),
        tuple(game.pending),
        game.state,
        game.can_redo(),
        game.outcome(),
    )


def set_up(game: Game) -> Game:
    """Play the usual two setups."""
    game.play([Homeworld(G3, B2, Y3)])
    game.play([Homeworld(R1, G2, Y3)])
    return game


# --- refusals ----------------------------------------------------------------------------------


ILLEGAL = [
    Build(G1, "Nowhere"),
    Move(Y3, "North", "North"),
    Move(Y2, "North", "Alpha"),
    Trade(Y3, B2, "North"),
    Discover(Y3, "North", G3, "Vega"),
    Discover(Y3, "North", B1, "alpha"),
    Capture(Y3, "South"),
    Sacrifice(Y3, "South"),
    Catastrophe("North", 3),
    Homeworld(G1, B2, Y3),
    Build(42, "North"),
    Build("g1", "North"),
    Move(Y3, None, "Alpha"),
    Catastrophe("North", 17),
    Trade(Y3, -1, "North"),
    "Build g1 North",
    None,
    object(),
    B1,
]


@pytest.mark.parametrize("action", ILLEGAL, ids=repr)
def test_every_refusal_is_an_illegal_action_error_and_changes_nothing(action):
    game = Game.from_position(board(HOMES + "Alpha: b1 | g1 |"))
    before = snapshot(game)
    with pytest.raises(IllegalActionError):
        game.act(action)
    assert snapshot(game) == before
    # The same in the middle of a turn.
    game.act(Build(G1, "Alpha"))
    before = snapshot(game)
    with pytest.raises(IllegalActionError):
        game.act(action)
    assert snapshot(game) == before


def test_a_refused_turn_names_the_failing_action_and_changes_nothing():
    game = Game.from_position(board(HOMES + "Alpha: g1 | b2 r2 |\nBeta: r3 | b2 |"))
    before = snapshot(game)
    with pytest.raises(IllegalActionError) as err:
        game.play([Sacrifice(B2, "Alpha"), Trade(R2, B3, "Alpha")])
    assert refusal_text(err.value) == (
        "action 2: a trade keeps the size: the new piece must be the same size as the old ship"
    )
    assert snapshot(game) == before
    with pytest.raises(IllegalActionError) as err:
        game.play([Trade(R2, B2, "Alpha")])
    assert refusal_text(err.value) == "action 1: the bank has no blue 2 to trade for"
    with pytest.raises(IllegalActionError):
        game.play([Build(B1, "Alpha"), 7])
    assert snapshot(game) == before


def test_play_refuses_while_a_turn_is_in_progress():
    game = Game.from_position(board(HOMES + "Alpha: g1 | b2 |"))
    game.act(Build(B1, "Alpha"))
    before = snapshot(game)
    with refuses(IllegalActionError, "a turn is already in progress"):
        game.play([PASS])
    assert snapshot(game) == before


def test_a_finished_game_refuses_everything():
    game = Game.from_position(board("North: g3 b2 | y3 |\nSouth: r1 y2 | r2 |\nBeta: b1 | | g3"))
    assert game.is_over()
    assert game.outcome().winner == 0
    assert game.legal_actions() == []
    before = snapshot(game)
    for attempt in (lambda: game.act(PASS), game.commit, lambda: game.play([PASS]), lambda: game.act(END_TURN)):
        with refuses(IllegalActionError, "the game is over"):
            attempt()
    assert snapshot(game) == before


# --- committing turns --------------------------------------------------------------------------


def test_act_returns_canonical_actions_and_end_turn_commits():
    game = Game.from_position(board(HOMES + "Alpha: b1 | g1 |"))
    assert game.act(Build(G1, "ALPHA")) == Build(G1, "Alpha")
    assert game.pending == [Build(G1, "Alpha")]
    assert game.position.to_move == 0
    game.act(END_TURN)
    assert game.turns[-1] == (Build(G1, "Alpha"),)
    assert game.to_move == 1
    assert game.pending == []
    assert layout(game.position)["Alpha"] == "b1 | g1 g1 | "


def test_an_empty_turn_is_recorded_as_a_pass():
    game = Game.from_position(board(HOMES))
    game.commit()
    assert game.turns == [(PASS,)]


def test_legal_actions_in_a_turn_follow_the_turn_in_progress():
    game = Game.from_position(board(HOMES + "Alpha: b1 | y2 g1 |"))
    game.act(Sacrifice(Y2, "Alpha"))
    acts = game.legal_actions()
    assert acts[-1] == END_TURN
    assert PASS in acts
    assert all(isinstance(a, Move | Discover | type(PASS) | type(END_TURN)) for a in acts)


# --- undo, redo, undo_action, restart_turn ----------------------------------------------------


def test_undo_action_takes_back_only_the_last_action():
    game = Game.from_position(board(HOMES + "Alpha: b1 | y2 g1 |"))
    start = game.state
    assert game.undo_action() is False
    game.act(Sacrifice(Y2, "Alpha"))
    after_sacrifice = game.state
    game.act(Move(G1, "Alpha", "North"))
    assert game.undo_action() is True
    assert game.state == after_sacrifice
    assert game.pending == [Sacrifice(Y2, "Alpha")]
    assert game.undo_action() is True
    assert game.state == start
    assert game.pending == []


def test_restart_turn_forgets_the_turn_in_progress():
    game = Game.from_position(board(HOMES + "Alpha: b1 | y2 g1 |"))
    start = snapshot(game)
    game.act(Sacrifice(Y2, "Alpha"))
    game.act(Move(G1, "Alpha", "North"))
    game.restart_turn()
    assert snapshot(game) == start


def test_undo_takes_back_the_turn_in_progress_first_then_committed_turns():
    game = set_up(Game())
    after_setup = game.position
    game.play([Build(Y1, "North")])
    after_one = game.position
    game.act(Build(Y1, "South"))
    assert game.undo() is True  # the turn in progress
    assert game.pending == [] and game.state.position == after_one
    assert game.undo() is True  # the committed turn
    assert game.position == after_setup
    assert game.state.position == after_setup
    assert game.turns == [(Homeworld(G3, B2, Y3),), (Homeworld(R1, G2, Y3),)]
    assert game.can_redo()
    assert game.redo() is True
    assert game.position == after_one
    assert game.turns[-1] == (Build(Y1, "North"),)
    assert not game.can_redo()
    assert game.redo() is False


def test_undo_back_through_setup_and_redo_everything():
    game = set_up(Game())
    game.play([Build(Y1, "North")])
    game.play([Build(Y1, "South")])
    game.play([Discover(Y1, "North", B1, "Vega")])
    positions = list(game.positions)
    turns = list(game.turns)
    while game.undo():
        pass
    assert game.turns == [] and game.positions == positions[:1]
    assert game.in_setup
    while game.redo():
        pass
    assert game.positions == positions
    assert game.turns == turns


def test_a_new_turn_after_undo_drops_the_redo_list():
    game = set_up(Game())
    game.play([Build(Y1, "North")])
    game.undo()
    game.play([PASS])
    assert not game.can_redo()
    assert game.redo() is False


def test_redo_waits_for_the_turn_in_progress():
    game = set_up(Game())
    game.play([Build(Y1, "North")])
    game.undo()
    game.act(Trade(Y3, R3, "North"))
    assert game.redo() is False
    assert game.pending == [Trade(Y3, R3, "North")]


def test_undo_reopens_a_finished_game():
    game = Game.from_position(board(HOMES + "Beta: r1 | g1 |"))
    game.play([Move(Y3, "North", "Beta")])
    assert game.is_over()
    game.undo()
    assert game.outcome() is None
    assert game.legal_actions()


def test_nothing_to_undo():
    game = Game()
    assert game.undo() is False
    assert game.redo() is False
    assert game.undo_action() is False


# --- resign, agree, repetition ----------------------------------------------------------------


def test_resignation_and_its_undo():
    game = set_up(Game())
    game.resign(0)
    assert game.outcome().winner == 1
    assert refusal_text(game.outcome(), "en") == "South wins: North resigned"
    with pytest.raises(IllegalActionError):
        game.act(PASS)
    assert game.undo() is True
    assert game.outcome() is None


def test_draw_by_agreement():
    game = set_up(Game())
    game.agree_draw()
    assert game.outcome().is_draw


def shuffle(game: Game, times: int) -> None:
    """North trades its ship to red and back while South passes: the position repeats every four turns."""
    for _ in range(times):
        game.play([Trade(Y3, R3, "North")])
        game.play([PASS])
        game.play([Trade(R3, Y3, "North")])
        game.play([PASS])


def test_standard_third_repetition_may_be_claimed():
    game = set_up(Game(auto_repetition_draw=False))
    assert game.repetitions() == 1
    shuffle(game, 1)
    assert game.repetitions() == 2
    with refuses(IllegalActionError, "a draw by repetition needs the same position three times"):
        game.claim_draw()
    shuffle(game, 1)
    assert game.repetitions() == 3
    game.claim_draw()
    assert game.outcome().is_draw
    assert refusal_text(game.outcome(), "en") == "draw: the same position has appeared three times"


def test_repetition_counts_positions_with_the_same_player_to_move_ignoring_discovered_names():
    game = Game.from_position(board("North: g3 b2 | y3 y1 |\nSouth: r1 y2 | | y3"))
    game.play([Discover(Y1, "North", B1, "Vega")])
    game.play([PASS])
    game.play([Move(Y1, "Vega", "North")])
    game.play([PASS])
    assert game.repetitions() == 2
    game.play([Discover(Y1, "North", B1, "Deneb")])  # as after the first turn, with another name
    assert game.repetitions() == 2
    game.play([PASS])
    assert game.repetitions() == 2
    assert game.outcome() is None


def test_the_repetition_draw_is_automatic_by_default():
    game = set_up(Game())
    shuffle(game, 1)
    game.play([Trade(Y3, R3, "North")])
    game.play([PASS])
    game.play([Trade(R3, Y3, "North")])
    assert game.outcome() is None
    game.play([PASS])
    assert game.outcome().is_draw
    assert game.legal_actions() == []


def test_the_player_to_move_may_play_on_instead_of_claiming():
    game = set_up(Game(auto_repetition_draw=False))
    shuffle(game, 2)
    assert game.repetitions() == 3
    assert game.outcome() is None
    game.play([Trade(Y3, R3, "North")])
    assert game.outcome() is None


def test_sdg_has_no_repetition_draw():
    game = set_up(Game(SDG))
    shuffle(game, 3)
    assert game.repetitions() == 4
    assert game.outcome() is None
    with refuses(IllegalActionError, "these rules have no draw by repetition"):
        game.claim_draw()


def test_a_finished_game_cannot_be_resigned_or_drawn_afterwards():
    game = Game.from_position(board("North: g3 b2 | y3 |\nSouth: r1 y2 | r2 |\nBeta: b1 | | g3"))
    won = game.outcome()
    for end in (lambda: game.resign(0), game.agree_draw, game.claim_draw):
        with refuses(IllegalActionError, "the game is over"):
            end()
    assert game.outcome() == won


def test_players_need_names_that_differ_case_insensitively():
    # Homeworlds are named after their players and names are unique, matched case-insensitively.
    with refuses(ValueError, "different names"):
        Game(players=("Bob", "bob"))


def test_actions_after_end_turn_are_refused_and_change_nothing():
    game = Game()
    before = game.position
    try:
        game.play((Homeworld(3, 10, 8), END_TURN, Homeworld(4, 9, 11)))
    except IllegalActionError as exc:
        assert "action 3: the turn has already ended" in refusal_text(exc)
    else:
        raise AssertionError("a turn with an action after EndTurn was accepted")
    assert game.position == before and not game.turns
