"""The board editor's model: pieces dragged from the bank onto a star, a ship, open space and back; pieces
moved between places; names, homeworlds, the side to move and the rules; pasting a position's text;
taking changes back. No window."""

from __future__ import annotations

from hwgame.app.control.editor import (
    NEW_SYSTEM,
    TO_BANK,
    BoardEditor,
    ShipPlace,
    StarPlace,
    problem_lines,
)
from hwgame.app.control.targets import BankPieceTarget, ShipTarget, StarTarget
from hwgame.rules import NO_HOME, PLAYING, Game, format_position, parse_piece, parse_position, parse_turn

G3, Y1, B2, R1, Y3, G1 = (parse_piece(t) for t in ("g3", "y1", "b2", "r1", "y3", "g1"))
SOUND = "standard North South 0 2; North 0 y1b2 g3 -; South 1 r1y3 - g3"


def homeworlds(editor: BoardEditor) -> None:
    """North's homeworld y1 b2 with a g3 ship, South's r1 y3 with a g3: a sound board, built by drags."""
    editor.drop(BankPieceTarget(Y1), NEW_SYSTEM)
    north = editor.board.systems[-1].name
    editor.drop(BankPieceTarget(B2), StarPlace(north))
    editor.drop(BankPieceTarget(G3), ShipPlace(north, 0))
    editor.set_home(north, 0)
    editor.drop(BankPieceTarget(R1), NEW_SYSTEM)
    south = editor.board.systems[-1].name
    editor.drop(BankPieceTarget(Y3), StarPlace(south))
    editor.drop(BankPieceTarget(G3), ShipPlace(south, 1))
    editor.set_home(south, 1)


def test_an_empty_board_says_so_and_cannot_be_played():
    editor = BoardEditor()
    assert [p.code for p in editor.problems] == ["position-empty-board"]
    assert not editor.playable
    assert problem_lines(editor)[0][1].startswith("the board is empty")


def test_bank_pieces_dropped_on_space_a_star_and_ships_make_a_playable_board():
    editor = BoardEditor()
    editor.drop(BankPieceTarget(Y1), NEW_SYSTEM)
    first = editor.board.systems[0]
    assert first.stars == (Y1,) and first.home == NO_HOME and first.name  # named by the editor
    assert editor.board.bank[Y1] == 2
    editor = BoardEditor()
    homeworlds(editor)
    assert editor.playable, problem_lines(editor)
    position = editor.playable_position()
    assert position.stage == PLAYING and sum(position.bank) == 36 - 6


def test_pieces_move_between_places_and_back_to_the_bank():
    editor = BoardEditor(parse_position(SOUND))
    assert editor.drop(ShipTarget("North", 0, G3), ShipPlace("South", 0))  # North's ship goes to South's home
    south = editor.system("South")
    assert south is not None and south.ships0 == (G3,)
    assert [p.code for p in editor.problems] == ["position-home-lost"]  # North left their homeworld empty
    assert editor.drop(ShipTarget("South", 0, G3), ShipPlace("North", 0))
    assert editor.playable
    assert editor.drop(StarTarget("North", B2), TO_BANK)
    assert editor.board.bank[B2] == 3 and editor.system("North").stars == (Y1,)
    assert editor.drop(StarTarget("North", Y1), NEW_SYSTEM)  # a star alone in space: a new system
    assert editor.system("North").stars == ()
    assert {p.code for p in editor.problems} >= {"position-no-star", "position-empty-system"}


def test_a_system_left_with_nothing_goes_but_a_homeworld_stays():
    editor = BoardEditor(parse_position(SOUND + "; Alpha - r2 g1 -"))
    editor.drop(ShipTarget("Alpha", 0, G1), TO_BANK)
    editor.drop(StarTarget("Alpha", parse_piece("r2")), TO_BANK)
    assert editor.system("Alpha") is None
    editor.drop(ShipTarget("South", 1, G3), TO_BANK)
    editor.drop(StarTarget("South", R1), TO_BANK)
    editor.drop(StarTarget("South", Y3), TO_BANK)
    assert editor.system("South") is not None  # the mark of a homeworld stays for the pieces to come


def test_an_empty_bank_cell_cannot_be_taken_and_a_stale_piece_changes_nothing():
    editor = BoardEditor(parse_position(SOUND + "; Alpha - g3 g1 -"))
    assert editor.board.bank[G3] == 0
    assert editor.lift_refusal(BankPieceTarget(G3))
    assert not editor.drop(BankPieceTarget(G3), NEW_SYSTEM)
    assert not editor.drop(ShipTarget("North", 1, G3), TO_BANK)  # North has no ship of South's there
    assert not editor.drop(ShipTarget("Nowhere", 0, G3), TO_BANK)
    assert editor.highlights(BankPieceTarget(G1)).space and not editor.highlights(BankPieceTarget(G1)).bank


def test_homeworlds_names_side_and_rules():
    editor = BoardEditor(parse_position(SOUND + "; Alpha - r2 g1 -"))
    editor.set_home("Alpha", 0)  # Alpha becomes North's homeworld; North's old one a plain system
    assert editor.system("Alpha").home == 0 and editor.system("North").home == NO_HOME
    editor.undo()
    assert editor.rename("Alpha", "alpha") is None and editor.system("alpha")
    assert editor.rename("alpha", "north").code == "name-taken-by-system-case"
    assert editor.rename("alpha", "two words").code == "name-has-space"
    assert editor.system("alpha") is not None
    editor.set_to_move(1)
    editor.set_rules("sdg")
    assert editor.board.to_move == 1 and editor.board.rules.name == "sdg"
    editor.remove_system("alpha")
    assert editor.system("alpha") is None and editor.playable


def test_undo_takes_back_each_change():
    editor = BoardEditor(parse_position(SOUND))
    before = editor.board
    editor.drop(BankPieceTarget(G1), ShipPlace("North", 0))
    editor.give("North", 0, G1)
    assert editor.system("North").ships1 == (G1,)
    assert editor.undo() and editor.undo()
    assert editor.board == before and not editor.undo()


def test_a_pasted_position_round_trips():
    game = Game()
    for text in ("homeworld r2 b1 g3", "homeworld y1 b2 y3", "build g1 North", "trade y3 g3 South"):
        game.play(parse_turn(text))
    text = format_position(game.position)
    editor = BoardEditor()
    assert editor.paste(text) is None
    assert editor.text() == text
    assert editor.playable_position() == game.position


def test_a_bad_paste_is_refused_with_the_parsers_reason_and_the_board_is_kept():
    editor = BoardEditor(parse_position(SOUND))
    before = editor.board
    refused = editor.paste("standard North South 0 2; North 0 y1q2 g3 -")
    assert refused is not None and refused.code == "position-bad-stars"
    assert editor.board == before and not editor.history
    # A text that reads but holds too many pieces is taken: the check says what is wrong with it.
    assert editor.paste(SOUND + "; Alpha - g3 g3 -") is None
    assert [p.code for p in editor.problems] == ["position-too-many-pieces"]
    assert editor.board.bank[G3] == -1
