"""The analysis board: the lines of the analysis, turns tried by drag and drop into the tree, the keys that
walk it, saving and loading the tree, the entries from the game menu and the replay, and leaving it."""

from __future__ import annotations

import pygame
import pytest

from hwgame import persist
from hwgame.app.app import App
from hwgame.app.control.controller import COMPUTER, HUMAN
from hwgame.app.control.flow import PlayController
from hwgame.app.control.targets import ShipTarget
from hwgame.app.scenes.analysis import AnalysisScene
from hwgame.app.scenes.play import PlayScene
from hwgame.app.scenes.replay import ReplayScene
from hwgame.app.scenes.save_as import SaveScene
from hwgame.persist.sdg import exports_dir
from hwgame.rules import Game, Move, parse_piece

from .fake_study import FakeStudy
from .helpers import drag, fake_opponent, key, position
from .test_controller import BOARD

P = parse_piece


def step(app, screen, events=(), frames: int = 1):
    app.step(list(events), 1 / 60, screen)
    for _ in range(frames):
        app.step([], 1 / 60, screen)


@pytest.fixture
def board(screen, data_dir, monkeypatch):
    """An analysis board on BOARD (North to move) with a fake analysis that answers at once."""
    made = []  # every analysis made for a board, in order (each board its own)

    def factory():
        made.append(FakeStudy())
        return made[-1]

    monkeypatch.setattr(AnalysisScene, "service_factory", staticmethod(factory))
    app = App(size=screen.get_size())
    app.strict = True
    app.opponent = fake_opponent()
    app.settings.animation_speed = 0.0
    game = Game.from_position(position(BOARD))
    scene = app.open_scene("analysis", game)
    study = made[0]
    step(app, screen)
    return app, scene, screen, study, game


def ship_at(scene, system, piece, owner=0):
    return scene.place_of(ShipTarget(system, owner, P(piece))).box.center


def system_at(scene, name):
    _, lay, _ = scene.layouts(scene.app.size, scene.display_position())
    box = lay.system(name).box
    return (box.x + 6, box.y + 6)


def test_three_lines_shown_best_first_and_deeper_results_replace_them(board):
    app, scene, screen, study, game = board
    assert study.starts == [game.position]
    lines = scene.board.lines()
    assert [round(v.chance_for(0), 2) for v in lines.verdicts] == [0.64, 0.54, 0.31]
    assert all(box.show.rect.w > 0 for box in scene.panel.lines)  # each line has its Show button
    study.deepen()
    step(app, screen)
    assert scene.board.lines().depth == 2
    assert [round(v.chance_for(0), 2) for v in scene.board.lines().verdicts] == [0.64, 0.53, 0.31]


def test_a_click_on_a_line_plays_its_first_turn(board):
    app, scene, screen, study, _game = board
    second = scene.board.lines().verdicts[1].best
    box = scene.panel.lines[1].rect
    step(app, screen, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(box.x + 8, box.bottom - 6), button=1),
                       pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(box.x + 8, box.bottom - 6), button=1)])
    assert scene.board.tree.turns() == [second]
    assert study.starts[-1] == scene.board.game.position


def test_a_turn_dragged_and_ended_joins_the_tree_and_the_analysis_restarts_there(board):
    app, scene, screen, study, game = board
    gesture = drag(ship_at(scene, "North", "y3"), system_at(scene, "Alpha"))
    step(app, screen, gesture[:-1])
    assert scene.highlights.systems == {"Alpha", "Gamma"}  # the targets lit, as in a game
    step(app, screen, gesture[-1:])
    assert scene.board.game.pending == [Move(P("y3"), "North", "Alpha")]
    step(app, screen, [key(pygame.K_RETURN)])
    assert scene.board.tree.turns() == [(Move(P("y3"), "North", "Alpha"),)]
    assert study.starts[-1] == scene.board.game.position
    assert study.starts[-1].to_move == 1
    assert game.turns == []  # the game the board was opened on is not changed


def test_a_refused_drop_is_said_in_words(board):
    app, scene, screen, _study, _game = board
    step(app, screen, drag(ship_at(scene, "North", "y3"), system_at(scene, "South")))
    assert scene.board.game.pending == []
    assert scene.flash_text.startswith("Not possible")


def test_the_arrow_keys_walk_the_tree(board):
    app, scene, screen, _study, game = board
    lines = scene.board.lines()
    scene.play_line(0)
    step(app, screen)
    scene.play_line(0)
    step(app, screen)
    tree = scene.board.tree
    end = tree.current
    step(app, screen, [key(pygame.K_LEFT)])
    assert tree.current is end.parent
    step(app, screen, [key(pygame.K_LEFT)])
    assert tree.current is tree.root and scene.board.game.position == game.position
    step(app, screen, [key(pygame.K_RIGHT)])
    assert tree.current.turn == lines.verdicts[0].best
    step(app, screen, [key(pygame.K_END)])
    assert tree.current is end


def test_a_tree_saved_from_the_board_comes_back_when_the_save_is_loaded(board, monkeypatch):
    app, scene, screen, study, game = board
    from hwgame.app.tools.samples import busy_game

    played = busy_game(7, 24)
    scene = app.open_scene("analysis", played)
    step(app, screen)
    scene.play_line(0)
    step(app, screen)
    scene.play_line(1)
    step(app, screen)
    scene.back()
    scene.play_line(2)
    step(app, screen)
    entries = scene.board.tree.to_entries()
    assert len(entries[0]) == 3
    scene.save()
    step(app, screen)
    form = app.scenes.top
    assert isinstance(form, SaveScene)
    form.field.text = "study"
    form.save()
    step(app, screen)
    assert app.scenes.top is scene
    assert app.load("study")
    step(app, screen)
    loaded = app.scenes.top
    assert isinstance(loaded, AnalysisScene) and loaded is not scene
    assert loaded.board.tree.to_entries() == entries
    assert loaded.board.root_turns == len(played.turns)
    # Saved again under its name, it is the same game: written over without a question.
    loaded.play_line(0)
    step(app, screen)
    loaded.save()
    step(app, screen)
    app.scenes.top.save()
    step(app, screen)
    assert app.scenes.top is loaded
    assert "study" in app.toast_text


def test_leaving_the_board_closes_the_analysis(board):
    app, scene, screen, study, _game = board
    step(app, screen, [key(pygame.K_ESCAPE)])
    assert scene not in app.scenes.scenes
    assert study.closed


def test_analyse_in_the_game_menu_opens_a_copy_and_the_game_resumes(screen, data_dir, monkeypatch):
    study = FakeStudy()
    monkeypatch.setattr(AnalysisScene, "service_factory", staticmethod(lambda: study))
    app = App(size=screen.get_size())
    app.strict = True
    app.settings.animation_speed = 0.0
    game = Game.from_position(position(BOARD))
    ctl = PlayController(game, (HUMAN, COMPUTER), ("easy", "easy"), fake_opponent())
    play = PlayScene(app, ctl)
    app.scenes.reset(play)
    step(app, screen)
    menu = app.open_scene("game-menu", play)
    menu.analyse()
    step(app, screen)
    analysis = app.scenes.top
    assert isinstance(analysis, AnalysisScene)
    analysis.play_line(0)
    assert analysis.board.tree.turns() and game.turns == []
    analysis.leave()
    assert app.scenes.top is play and study.closed


def test_analyse_in_the_replay_opens_the_board_shown(screen, data_dir, monkeypatch):
    study = FakeStudy()
    monkeypatch.setattr(AnalysisScene, "service_factory", staticmethod(lambda: study))
    from hwgame.app.tools.samples import busy_game

    app = App(size=screen.get_size())
    app.strict = True
    game = busy_game(7, 12)
    replay = ReplayScene(app, game)
    app.scenes.reset(replay)
    step(app, screen)
    replay.go_to_turn(5)
    replay.analyse()
    analysis = app.scenes.top
    assert isinstance(analysis, AnalysisScene)
    assert analysis.board.position() == game.positions[5]
    assert study.starts == [game.positions[5]]


def test_stop_and_start_the_analysis(board):
    app, scene, screen, study, _game = board
    scene.board.toggle()
    assert not scene.board.analysing and not study.running
    scene.play_line(0)
    step(app, screen)
    assert len(study.starts) == 1  # stopped: a new position is not analysed
    scene.board.toggle()
    assert study.running and study.starts[-1] == scene.board.game.position


def test_a_composed_board_saves_with_its_tree_and_is_not_exported_as_a_transcript(board):
    app, scene, screen, _study, game = board
    scene.export()
    assert "SDG transcript cannot hold it" in app.toast_text
    exports = exports_dir(persist.default_store())
    assert not exports.exists() or not list(exports.iterdir())  # nothing written
    scene.play_line(0)
    step(app, screen)
    scene.back()
    scene.play_line(1)
    step(app, screen)
    entries = scene.board.tree.to_entries()
    scene.save()
    step(app, screen)
    form = app.scenes.top
    assert isinstance(form, SaveScene)
    form.field.text = "composed"
    form.save()
    step(app, screen)
    assert app.scenes.top is scene
    assert app.load("composed")
    step(app, screen)
    loaded = app.scenes.top
    assert isinstance(loaded, AnalysisScene) and loaded is not scene
    assert loaded.board.tree.to_entries() == entries
    assert loaded.board.base.positions[0] == game.positions[0]  # the composed board, not the empty one
    assert not loaded.board.starts_at_the_beginning()


def test_a_turn_that_wins_is_said_to_win(screen, data_dir, monkeypatch):
    study = FakeStudy()
    monkeypatch.setattr(AnalysisScene, "service_factory", staticmethod(lambda: study))
    app = App(size=screen.get_size())
    # North captures the last ship at South's homeworld with its red 3 there: South loses.
    board_text = """
        North: g3 b2 | y3 |
        South: r1 y2 | r3 | g1
    """
    game = Game.from_position(position(board_text))
    scene = app.open_scene("analysis", game)
    step(app, screen)
    from hwgame.rules import Capture

    assert scene.board.play((Capture(P("g1"), "South"),)) is None
    proof, _chance, mover = scene.board.verdict_of_turn(scene.board.tree.current)
    assert (proof.result, mover) == ("win", 0)
    assert study.stops  # nothing left to analyse after the game ended


def test_closing_the_window_closes_the_analysis(board):
    app, scene, screen, study, _game = board
    app.shutdown()
    assert study.closed


def test_export_writes_the_main_line_as_a_transcript(board):
    from hwgame.app.tools.samples import busy_game
    from hwgame.persist import default_store, exports_dir
    from hwgame.rules import parse_transcript, replay

    app, _scene, screen, _study, _game = board
    played = busy_game(7, 24)
    scene = app.open_scene("analysis", played)
    step(app, screen)
    scene.play_line(0)
    step(app, screen)
    scene.play_line(0)
    step(app, screen)
    scene.back()
    scene.play_line(1)  # a variation: the main line stays the first turns tried
    step(app, screen)
    assert len(scene.board.tree) == 3
    scene.export()
    files = list(exports_dir(default_store()).glob("*.txt"))
    assert len(files) == 1 and files[0].name in app.toast_text
    again = replay(parse_transcript(files[0].read_text()), played.rules)
    assert again.position == scene.main_line_game().position
    assert len(again.turns) == len(played.turns) + 2


def test_the_window_looks_for_lines_while_the_analysis_deepens_and_rests_after(board):
    app, scene, screen, study, _game = board
    assert 0 < scene.rest() <= 0.1
    scene.board.toggle()  # Stop
    step(app, screen)
    assert scene.rest() == float("inf")


def test_a_save_whose_tree_does_not_replay_opens_as_a_game_with_a_notice(board):
    import json

    from hwgame.app.tools.samples import busy_game
    from hwgame.persist import default_store

    app, _scene, screen, _study, _game = board
    game = busy_game(7, 24)
    path = default_store().save(game, "broken tree")
    data = json.loads(path.read_text())
    data["variations"] = {"root": len(game.turns), "nodes": [{"parent": -1, "turn": "capture y3 Nowhere"}]}
    path.write_text(json.dumps(data))
    assert app.load("broken tree")
    step(app, screen)
    assert isinstance(app.scenes.top, PlayScene)
    assert len(app.scenes.top.ctl.game.turns) == len(game.turns)
    assert "variations" in app.toast_text


def test_a_row_of_the_opening_explorer_is_tried_on_the_analysis_board(screen, data_dir, monkeypatch):
    from hwgame.app.services.openings import Loaded
    from hwgame.openings import Book, key_text, path_of
    from hwgame.rules import parse_turn

    from .helpers import click

    monkeypatch.setattr(AnalysisScene, "service_factory", staticmethod(FakeStudy))
    app = App(size=screen.get_size())
    app.strict = True
    app.settings.animation_speed = 0.0
    # A book of one game that went on with two builds; the board studies it after the setup.
    setup = ["Homeworld Y1 B2 G3", "Homeworld R1 B3 G3"]
    known = Game()
    for text in [*setup, "Build G1 North", "Build G1 South"]:
        known.play(parse_turn(text))
    game = Game()
    for text in setup:
        game.play(parse_turn(text))
    scene = app.open_scene("analysis", game)
    scene.explorer.books = (lambda: Loaded(Book().extend([path_of(known)])), lambda: Loaded(Book()))
    scene.set_tab("explorer")
    step(app, screen)
    rect, row = scene.explorer.row_rects[0]
    step(app, screen, click(rect.center))
    assert key_text(scene.board.position()) == row.child  # the book's next turn, played on the board
    assert len(scene.board.tree.path()) == 1  # and kept as a variation
