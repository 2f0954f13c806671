"""Text that fits where it used to be cut or covered: the replay's result line and its turn heading with
long names, a drag's caption at the board's right edge, a message that leaves the narration and the
systems alone, and every word of the replay (the turn's actions, the move log, the review strip, the
caption under the board, the numbered discs of the computer's turn) wrapped or moved, never cut."""

from __future__ import annotations

import pygame
import pytest

from hwgame.analysis.review import Review, TurnReview
from hwgame.app.control.controller import COMPUTER, HUMAN
from hwgame.app.control.flow import PlayController
from hwgame.app.panels import replay_log as replay_panel
from hwgame.app.panels.play_board import caption_bounds
from hwgame.app.scenes.play import PlayScene
from hwgame.app.scenes.replay import ReplayScene, caption_lines
from hwgame.app.tools.samples import busy_game, finished_game
from hwgame.app.view.best_turn import draw_best_turn
from hwgame.app.view.layout import screen_layout
from hwgame.app.view.theme import TextAudit
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


def test_a_message_goes_in_a_corner_of_the_map_clear_of_the_narration_and_the_systems(screen, data_dir):
    app = make_app(screen)
    game = busy_game(11, 40)
    ctl = PlayController(game, (HUMAN, COMPUTER) if game.to_move == 0 else (COMPUTER, HUMAN), ("easy", "easy"),
                         app.opponent)
    scene = PlayScene(app, ctl)
    app.scenes.push(scene)
    run_frames(app, screen)
    size = screen.get_size()
    narration = scene.narration_box(screen_layout(*size).board)
    strip = scene.toast_place(size)
    board = screen_layout(*size).board
    assert strip.y >= narration.bottom
    assert board.x < strip.x and strip.right < board.right  # on the map, never under the panel
    lay = scene.layouts(size, scene.display_position())[1]
    assert strip.collidelist([pygame.Rect(sp.box.as_ints()) for sp in lay.systems]) < 0  # over no system
    assert strip.w >= 200 and strip.h >= 56  # room for a message of two lines
    app.toast("Saved as \u201cEvening game\u201d.")
    run_frames(app, screen)  # drawn there without trouble


def _reviewed(game: Game) -> Review:
    """A review of ``game`` made by hand, its words as long as a review's get: every turn after the
    fourth a blunder whose better turn is the turn itself."""
    turns = []
    for i, turn in enumerate(game.turns):
        play = i > 3
        turns.append(TurnReview(i, game.positions[i].to_move, tuple(turn), before=300.0 if play else None,
                                after=-400.0 if play else None, best=tuple(turn) if play else None,
                                kind="blunder" if play else None, position=game.positions[i]))
    return Review(game.players, "normal", turns, len(game.turns))


def _whole(lines: list[str], text: str) -> bool:
    return "".join(lines).replace(" ", "") == text.replace(" ", "")


@pytest.mark.slow
@pytest.mark.parametrize("size", [(1024, 700), (1280, 800)])
def test_the_replays_words_are_wrapped_or_moved_never_cut(screen, data_dir, size):
    """Every point of a reviewed record: the turn's actions, the strip's words and the caption whole (no
    line cut, as the audit sees it), the move log's turn whole above the go-to row, and the numbered
    discs of the computer's turn over no system's name."""
    screen = pygame.display.set_mode(size)
    app = make_app(screen, still=True)
    app.theme.audit = audit = TextAudit()
    game = finished_game(5)
    scene = ReplayScene(app, game)
    scene.review, scene.show_review = _reviewed(game), True
    app.scenes.push(scene)
    run_frames(app, screen)
    for i in range(len(scene.timeline.points)):
        scene.go(i)
        audit.clear()
        run_frames(app, screen)
        assert audit.cut == [], (scene.point, audit.cut)
        for text, _colour in scene.review_lines():  # every row of the strip's words drawn as wrapped
            assert any(all(row in audit.drawn for row in app.theme.wrap(text, px, screen_layout(*size).board.w - 24))
                       for px in (17, 15, 14)), (scene.point, text)
        log = scene.log
        where = scene.timeline.last_played(scene.point)
        if where is not None:
            assert any(k == where[0] for _row, k in log.rows), scene.point  # the turn shown is in the log
        assert all(row.bottom <= log.rect.bottom for row, _k in log.rows)  # each turn whole, above its foot
        assert log.rect.bottom < scene.goto.rect.y - 4 and log.rect.bottom < scene.go_button.rect.y - 4
        best = scene.best_turn_here()
        if best is not None and not scene.point.action:
            lay = scene.layouts(app.size, scene.position)[1]
            names = [pygame.Rect(sp.label.as_ints()) for sp in lay.systems]
            discs = draw_best_turn(screen, app.theme, lay, best)
            assert not [d for d in discs if d.collidelist(names) >= 0], scene.point
    pygame.display.set_mode((1280, 800))


@pytest.mark.parametrize("size", [(1024, 700), (1280, 800)])
def test_the_replays_actions_and_caption_with_long_names_are_whole(screen, data_dir, size):
    """With long names and a long record name: each action of the turn box whole at the panel's width,
    the move log's turn whole above the go-to row, the caption under the board whole in two lines."""
    screen = pygame.display.set_mode(size)
    app = make_app(screen, still=True)
    game = renamed(finished_game(5), LONG)
    scene = ReplayScene(app, game, name="A rather long name for an evening game")
    app.scenes.push(scene)
    run_frames(app, screen)
    panel = pygame.Rect(screen_layout(*size).panel.as_ints())
    board = screen_layout(*size).board
    tl = scene.timeline
    for i in range(len(tl.points)):
        scene.go(i)
        run_frames(app, screen)
        log = scene.log
        assert all(row.bottom <= log.rect.bottom for row, _k in log.rows)
        assert log.rect.bottom < scene.goto.rect.y - 4
        shown = scene.shown()
        where = tl.last_played(scene.point)
        if where is None:
            continue
        lines = replay_panel.turn_box_lines(shown, panel.w - 28, scene._turn_room(panel))
        actions = tl.actions_of(where[0])
        assert where[1] in {k for k, _text, _first in lines}  # the last action played is always there
        for k in {k for k, _text, _first in lines}:
            words = f"{k + 1}. {replay_panel.action_text(actions[k], False, tl.players)}"
            assert _whole([text for j, text, _first in lines if j == k], words), words  # none of it lost
        action = tl.last_action(scene.point)
        text = f"Turn {where[0] + 1}, {tl.players[tl.starts[where[0]].to_move]}: " + replay_panel.action_text(
            action, False, tl.players)
        size_px, caption = caption_lines(app.theme, text, round(board.w - 60))
        assert len(caption) <= 2 and _whole(caption, text), text
        assert all(app.theme.font(size_px).size(line)[0] <= board.w - 60 for line in caption)
        if log.rect.h >= log.room_needed(shown, log.rect.w):  # names of 40 letters may leave the log less
            assert any(k == where[0] for _row, k in log.rows), scene.point  # the turn shown, in the log
    pygame.display.set_mode((1280, 800))
