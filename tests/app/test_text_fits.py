"""Text that fits where it used to be cut or covered: the replay's result line and its turn heading with
long names, a drag's caption at the board's right edge, and a message that leaves the narration alone."""

from __future__ import annotations

import pytest

from hwgame.app.control.controller import COMPUTER, HUMAN
from hwgame.app.control.flow import PlayController
from hwgame.app.panels import replay_log as replay_panel
from hwgame.app.panels.play_board import caption_bounds
from hwgame.app.scenes.play import PlayScene
from hwgame.app.scenes.replay import ReplayScene
from hwgame.app.tools.samples import busy_game, finished_game
from hwgame.app.view.layout import screen_layout
from hwgame.app.view.tooltip import tip_rect
from hwgame.i18n import set_language
from hwgame.rules import Game, format_turn, parse_turn

from .helpers import make_app, run_frames

LONG = ("agentofchaos", "Dsheldon_the_patient_one_of_forty_chars2")  # a long name of the archive, and one of 40


def renamed(game: Game, names: tuple[str, str]) -> Game:
    """``game`` played again by players of other names (their homeworlds named after them)."""
    out = Game(game.rules, players=names)
    for turn in game.turns:
        text = format_turn(turn, "canonical").replace(game.players[0], names[0]).replace(game.players[1], names[1])
        out.play(parse_turn(text))
    return out


@pytest.mark.parametrize("language", ["en", "ja", "zh-Hant"])
def test_the_replays_result_line_and_turn_heading_are_never_cut(screen, data_dir, language):
    set_language(language)
    app = make_app(screen)
    game = renamed(finished_game(5), LONG)
    assert game.outcome() is not None
    scene = ReplayScene(app, game)
    app.scenes.push(scene)
    run_frames(app, screen)
    w = screen_layout(1024, 700).panel.w - 28  # the narrowest panel the window is laid out for
    size, lines = replay_panel.result_lines(app.theme, scene.timeline, int(w))
    whole = replay_panel.result_line(scene.timeline)
    assert "".join(lines).replace(" ", "") == whole.replace(" ", "")  # every word of it, none dropped
    assert size >= 16
    assert all(app.theme.font(size).size(line)[0] <= w for line in lines)
    scene.go(scene.timeline.end)
    head = replay_panel.turn_head_lines(scene.shown(), int(w))
    assert str(scene.timeline.turn_count) in "".join(head)
    assert all(app.theme.font(19, True).size(line)[0] <= w for line in head)


def test_a_drag_caption_at_the_boards_right_edge_turns_left_of_the_pointer():
    size = (1024, 700)
    layout = screen_layout(*size)
    bounds = caption_bounds(size)
    pointer = (layout.board.right - 5, 300)
    rect = tip_rect(size, pointer, (300, 50), bounds)
    assert rect.right <= layout.panel.x  # not under the panel, which is drawn over the board
    assert rect.right <= pointer[0]
    # Over the bank, the caption still goes right of the pointer, onto the board.
    assert tip_rect(size, (40, 300), (300, 50), bounds).x > 40


def test_a_message_goes_under_the_narration_and_over_the_board(screen, data_dir):
    app = make_app(screen)
    game = busy_game(11, 40)
    ctl = PlayController(game, (HUMAN, COMPUTER) if game.to_move == 0 else (COMPUTER, HUMAN), ("easy", "easy"),
                         app.opponent)
    scene = PlayScene(app, ctl)
    app.scenes.push(scene)
    run_frames(app, screen)
    size = screen.get_size()
    narration = scene.narration_box(screen_layout(*size).board)
    cx, top, widest = scene.toast_place(size)
    board = screen_layout(*size).board
    assert top >= narration.bottom
    assert board.x < cx - widest / 2 and cx + widest / 2 < board.right
    app.toast("Saved as \u201cEvening game\u201d.")
    run_frames(app, screen)  # drawn there without trouble
