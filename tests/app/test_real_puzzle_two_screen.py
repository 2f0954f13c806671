"""A win-in-two puzzle from a real game in the window: End Turn judges the first turn, the computer
answers on the board, the card asks for the second turn, and the win solves it; a first turn that
threatens nothing is taken back with the reason."""

from __future__ import annotations

from hwgame.ai.tactics import find_win
from hwgame.app.kit.dialogs import Dialog
from hwgame.app.scenes.puzzle import PuzzleScene
from hwgame.rules import parse_turn
from hwgame.tutorial import real_puzzles
from hwgame.tutorial.solve import WIN_IN_TWO

from .helpers import make_app, run_frames


def _puzzle():
    # The smallest one: the window's judgement walks every reply.
    return min((p for p in real_puzzles() if p.kind == WIN_IN_TWO), key=lambda p: len(p.known) + len(str(p.board)))


def test_a_real_win_in_two_is_played_turn_by_turn_in_the_window(screen, data_dir):
    puzzle = _puzzle()
    app = make_app(screen, still=True, boot=True)
    scene = app.open_scene("puzzle", puzzle)
    assert isinstance(scene, PuzzleScene)
    run_frames(app, screen)
    assert scene.goal() == "Goal: Win in two turns."
    scene.play.request_end_turn()  # an empty turn: a pass, which threatens nothing
    run_frames(app, screen)
    assert "threatens nothing" in scene.message and scene.ctl.session.stage == 1
    assert scene.ctl.game.state.position == puzzle.position()
    for action in parse_turn(puzzle.known):
        assert scene.ctl.play(action) is None
    scene.play.request_end_turn()
    run_frames(app, screen)
    assert scene.ctl.session.stage == 2 and "Now win" in scene.message
    assert scene.header().endswith("second turn") and scene.goal() == "Goal: Win this turn."
    assert scene.ctl.game.position == scene.ctl.session.position  # the computer's answer is on the board
    for action in find_win(scene.ctl.session.position):
        assert scene.ctl.play(action) is None
    scene.play.request_end_turn()
    run_frames(app, screen)
    assert scene.ctl.session.solved
    assert isinstance(app.scenes.top, Dialog) and app.scenes.top.title == "Solved!"
    assert app.settings.tutorial["puzzle:" + puzzle.id].completed
