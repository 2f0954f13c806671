"""The opening explorer's panel: rows of the turns played next that a click plays, tabs, folding, a book
that cannot be read said in words; at the setup a row fills the slots, in the replay it steps on."""

from __future__ import annotations

import pygame

from hwgame.app.control.controller import HUMAN
from hwgame.app.control.options import GameConfig
from hwgame.app.panels.explorer import ExplorerPanel
from hwgame.app.services.openings import Loaded, OwnBooks
from hwgame.app.view import theme as T
from hwgame.openings import Book, key_text, path_of
from hwgame.rules import STANDARD, Game, Homeworld, parse_turn

from .helpers import click, make_app, run_frames

SETUP = ["Homeworld Y1 B2 G3", "Homeworld R1 B3 G3"]


def played(turns: list[str], players=("North", "South")) -> Game:
    game = Game(STANDARD, players)
    for text in turns:
        game.play(parse_turn(text))
    return game


def small_book() -> Book:
    games = [played([*SETUP, "Build G1 North"]), played([*SETUP, "Build G1 North"]), played([*SETUP, "Pass"])]
    return Book().extend(path_of(g) for g in games)


def panel_with(book: Book | None, own: Book | None = None, problem: str | None = None, **kw) -> ExplorerPanel:
    archive = Loaded(book, problem)
    mine = Loaded(own if own is not None else Book())
    return ExplorerPanel(books=(lambda: archive, lambda: mine), **kw)


def drawn(panel: ExplorerPanel, screen):
    theme = T.Theme()
    screen.fill((0, 0, 0))
    panel.draw(screen, theme, pygame.Rect(700, 100, 260, 420))
    return theme


def test_a_click_on_a_row_plays_its_turn_on_the_board_shown(screen):
    chosen = []
    panel = panel_with(small_book(), on_turn=chosen.append)
    ann = played(SETUP, ("Ann", "Bob"))  # the same board under other names
    panel.show(ann.position, ann.names_used())
    drawn(panel, screen)
    assert [row.tally.games for _rect, row in panel.row_rects] == [2, 1]  # most played first
    rect, row = panel.row_rects[0]
    for event in click(rect.center):
        panel.handle_event(event)
    assert chosen == [row.turn]
    again = Game.from_position(ann.position)
    again.play(chosen[0])  # legal here, with this board's names
    assert key_text(again.position) == row.child


def test_the_header_folds_the_panel_and_the_tabs_switch_books(screen):
    own = Book().extend([path_of(played([*SETUP, "Pass"]))])
    panel = panel_with(small_book(), own)
    panel.show(played(SETUP).position)
    drawn(panel, screen)
    assert len(panel.row_rects) == 2
    second = panel.tabs.segments()[1]
    for event in click(second.center):
        panel.handle_event(event)
    drawn(panel, screen)
    assert [row.tally.games for _r, row in panel.row_rects] == [1]  # the player's own game only
    for event in click(panel.header.center):
        panel.handle_event(event)
    assert panel.collapsed and panel.height(400) < 40
    drawn(panel, screen)
    assert panel.row_rects == []


def test_a_book_that_cannot_be_read_is_said_not_raised(screen):
    panel = panel_with(None, problem="The opening book cannot be read: it is not a compressed book.")
    panel.show(Game(STANDARD).position)
    drawn(panel, screen)  # no exception
    assert panel.explored() == (None, "The opening book cannot be read: it is not a compressed book.")


def test_a_position_out_of_the_book_has_no_rows(screen):
    panel = panel_with(small_book())
    panel.show(played([*SETUP, "Build G1 North", "Pass", "Build G1 North"]).position)
    drawn(panel, screen)
    explored, problem = panel.explored()
    assert problem is None and explored is not None and not explored.in_book and panel.row_rects == []


def test_the_own_book_is_read_again_only_when_its_files_change(tmp_path):
    reads = []
    file = tmp_path / "openings.json"

    def read():
        reads.append(1)
        return Book(), []

    books = OwnBooks(read, lambda: [file])
    first = books.loaded()
    assert books.loaded() is first and len(reads) == 1
    file.write_text("changed")
    assert books.loaded() is not first and len(reads) == 2


def test_at_the_setup_a_row_of_the_archive_fills_the_slots(screen, data_dir):
    app = make_app(screen, still=True, boot=True)
    app.new_game(GameConfig(("Ann", "Bob"), (HUMAN, HUMAN)))
    run_frames(app, screen, frames=2)
    setup = app.scenes.top
    rect, row = setup.explorer.row_rects[0]
    run_frames(app, screen, click(rect.center))
    (hw,) = row.turn
    assert isinstance(hw, Homeworld) and setup.slots == [hw.star1, hw.star2, hw.ship]
    assert app.scenes.top is setup  # nothing is built until the player says so


def test_in_the_replay_the_games_own_next_turn_steps_to_it(screen, data_dir):
    from hwgame.app.control.timeline import Point

    app = make_app(screen, still=True, boot=True)
    game = played([*SETUP, "Build G1 North", "Build G1 South"])
    replay = app.scene_class("replay")(app, game)
    app.scenes.push(replay)
    replay.go(replay.timeline.index_of(Point(2, 0)))
    replay.explorer.books = (lambda: Loaded(Book().extend([path_of(game)])), lambda: Loaded(Book()))
    replay.explorer.collapsed = False
    run_frames(app, screen, frames=1)
    rect, _row = replay.explorer.row_rects[0]
    run_frames(app, screen, click(rect.center))
    assert replay.point.turn == 3


def test_a_panel_with_no_room_draws_nothing_and_takes_no_click(screen):
    panel = panel_with(small_book(), on_turn=lambda turn: None)
    panel.show(played(SETUP).position)
    drawn(panel, screen)
    rect, _row = panel.row_rects[0]
    panel.draw(screen, T.Theme(), pygame.Rect(700, 100, 260, 10))
    assert panel.row_rects == [] and not any(panel.handle_event(e) for e in click(rect.center))
