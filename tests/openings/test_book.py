"""The opening book counts games by position, names aside: move orders that meet count together, and a
turn of the book is written with the names of the board it is shown at, legal there."""

from __future__ import annotations

from hwgame.openings import THIN, Book, archive_path, key_text, path_of, stored_turn, turn_for
from hwgame.rules import SDG, STANDARD, Game, Position, System, end_turn, parse_turn, start_turn


def played(turns: list[str], players: tuple[str, str] = ("North", "South")) -> Game:
    """A standard game of the given turns (SDG notation, one string a turn)."""
    game = Game(STANDARD, players)
    for text in turns:
        game.play(parse_turn(text))
    return game


SETUP = ["Homeworld Y1 B2 G3", "Homeworld R1 B3 G3"]
# Two move orders of the first player's turns (build, then trade; or trade, then build): the same board.
FIRST = [*SETUP, "Build G1 North", "Pass", "Build G1 North", "Pass", "Trade G1 B1 North"]
SECOND = [*SETUP, "Build G1 North", "Pass", "Trade G1 B1 North", "Pass", "Build G1 North"]


def renamed(position: Position, names: dict[str, str], players: tuple[str, str]) -> Position:
    """The position with its systems and players called otherwise."""
    systems = tuple(System(*s[:4], names.get(s.name, s.name)) for s in position.systems)
    return position._replace(systems=systems, players=players)


def test_two_move_orders_that_meet_count_together():
    one, two = played(FIRST), played(SECOND)
    assert key_text(one.position) == key_text(two.position)
    assert key_text(one.positions[5]) != key_text(two.positions[5])  # they went apart on the way
    book = Book().extend([path_of(one), path_of(two)])
    met = book.explore(one.position)
    assert met.total.games == 2
    # Each way in is a turn of its own position, played once.
    assert book.explore(one.positions[5]).total.games == 1
    assert [n.tally.games for n in book.explore(one.positions[5]).next] == [1]
    assert [n.tally.games for n in book.explore(one.positions[2]).next] == [2]


def test_names_do_not_split_a_position_and_results_are_the_side_to_moves():
    north = played([*SETUP, "Build G1 North"], ("North", "South"))
    ann = played([*SETUP, "Build G1 Ann"], ("Ann", "Bob"))
    ann.resign(1)  # Bob resigns: the first player wins
    book = Book().extend([path_of(north), path_of(ann)])
    start = book.explore(north.positions[0])
    assert start.total.games == 2 and start.total.wins == 1 and start.total.losses == 0
    after = book.explore(north.positions[2])  # the first player to move again: the build
    assert after.total.wins == 1
    (build,) = after.next
    assert build.tally.games == 2 and build.tally.wins == 1 and build.tally.score == 1.0
    assert build.tally.thin and THIN > 2
    reply = book.explore(north.positions[3])  # the second player to move: the first's win is a loss
    assert reply.total.losses == 1 and reply.total.wins == 0


def test_an_unfinished_game_counts_among_the_games_only():
    book = Book().extend([path_of(played(SETUP))])
    total = book.explore(played([]).position).total
    assert (total.games, total.wins, total.draws, total.losses, total.score) == (1, 0, 0, 0, None)


def test_a_turn_is_written_with_the_names_of_the_board_shown():
    turns = [*SETUP, "Build G1 North", "Build G1 South", "Discover G1 North Y3 Alpha", "Build G1 South",
             "Move G1 Alpha North"]
    game = played(turns)
    book = Book().extend([path_of(game)])
    names = {"North": "Ærø", "South": "ぱぱ", "Alpha": "Dy/dx"}
    for k in range(2, len(turns)):
        here = renamed(game.positions[k], names, ("Ærø", "ぱぱ"))
        (next_turn,) = book.explore(here).next
        assert any(n in str(next_turn.turn) for n in ("Ærø", "ぱぱ"))
        again = Game.from_position(here)
        again.play(next_turn.turn)  # legal on this board
        assert key_text(again.position) == key_text(game.positions[k + 1])


def test_a_discovery_takes_a_name_free_on_the_board_shown():
    game = played([*SETUP, "Build G1 North", "Pass", "Discover G1 North Y3 Alpha"])
    book = Book().extend([path_of(game)])
    # The game used the name Alpha before: the discovery must take another name.
    here = game.positions[4]
    (found,) = book.explore(here, avoid=("alpha",)).next
    assert found.turn[0].name.lower() != "alpha"
    Game.from_position(here).play(found.turn)


def test_the_stored_turn_is_found_even_where_its_spelling_does_not_fit():
    game = played([*SETUP, "Build G1 North"])
    here, child = game.positions[2], key_text(game.positions[3])
    # A stored turn that names a system the board does not have: the legal turns are searched instead.
    turn = turn_for(here, "Build G1 @7", child)
    assert turn is not None
    state = start_turn(here)
    from hwgame.rules import apply_checked

    for action in turn:
        state = apply_checked(state, action)
    assert key_text(end_turn(state.position)) == child


def test_stored_turns_name_no_system_of_the_game():
    game = played([*SETUP, "Build G1 North", "Build G1 South", "Discover G1 North Y3 Alpha", "Pass",
                   "Move G1 Alpha North"])
    texts = [stored_turn(p, t) for p, t in zip(game.positions, game.turns, strict=False)]
    assert not any(name in text for text in texts for name in ("North", "South", "Alpha"))


def test_a_position_beyond_the_book_is_out_of_it():
    game = played(FIRST)
    book = Book(depth=4).extend([path_of(game, depth=4)])
    assert book.explore(game.positions[4]).in_book
    assert not book.explore(game.positions[5]).in_book


def test_an_sdg_game_counts_under_the_standard_rules_only_while_its_turns_are_standard():
    one_star = Game(SDG)
    for text in ("Homeworld Y1 B2 G3", "Homeworld R1 - G3", "Build G1 North"):
        one_star.play(parse_turn(text))
    usual = Game(SDG)
    for text in ("Homeworld Y1 B2 G3", "Homeworld R1 B3 G3", "Build G1 North"):
        usual.play(parse_turn(text))
    book = Book().extend([archive_path(one_star), archive_path(usual)])
    start_sdg, start_std = Game(SDG).position, Game(STANDARD).position
    assert book.explore(start_sdg).total.games == book.explore(start_std).total.games == 2
    after_first = one_star.positions[1]
    replies = {str(n.turn): n.tally.games for n in book.explore(after_first).next}
    assert len(replies) == 2  # under sdg: both homeworlds
    standard_replies = book.explore(after_first._replace(rules=STANDARD)).next
    assert len(standard_replies) == 1 and standard_replies[0].turn[0].star2 is not None
    assert not book.explore(one_star.positions[2]._replace(rules=STANDARD)).in_book
    assert book.explore(one_star.positions[2]).in_book
