"""The replay viewer's review: computed in the background, drawn as a graph whose red bars are the
blunders, a click on it jumps there, the computer's best turn in words, kept with the save, and
cancelled by the button or by leaving the viewer."""

from __future__ import annotations

import json

import pygame
import pytest

from hwgame import persist
from hwgame.ai.thinking import Limit, Thinking
from hwgame.app.control.timeline import Point
from hwgame.app.scenes.replay import ReplayScene
from hwgame.app.view.eval_graph import MARK_RGB
from hwgame.rules import SDG, format_turn, read_transcript, replay
from hwgame.words import Voice, narrate_turn

from .helpers import click, key, make_app, run_frames

LIGHT = Thinking(Limit(depth=1, nodes=2000))
GAME = "17917.raw"  # OnePageWars' turn 17 lets ts52 win at once (see tests/ai/test_review.py)


def _app(screen):
    return make_app(screen, still=True, boot=True)


def _steps(app, screen, events=(), frames=1):
    run_frames(app, screen, events, frames)


def _open(app, screen, path, thinking=LIGHT):
    scene = ReplayScene.from_file(app, path)
    scene.review_thinking = thinking
    scene.review_workers = 1  # searched on the review's own thread
    app.scenes.push(scene)
    _steps(app, screen)
    return scene


def _saved(sdg_games):
    game = replay(read_transcript(sdg_games / GAME), SDG)
    return game, persist.save_game(game, "SDG 17917")


def _finish(app, screen, scene):
    run = scene.review_run
    assert run is not None
    run._thread.join(120)  # the review thread ends by itself; the next frame takes its result
    _steps(app, screen)
    assert scene.review_run is None


def test_the_review_marks_the_blunder_jumps_there_and_is_kept_with_the_save(screen, data_dir, sdg_games):
    app = _app(screen)
    game, path = _saved(sdg_games)
    scene = _open(app, screen, path)
    assert not scene.strip_shown and scene.review_button.text == "Review the game"
    _steps(app, screen, click(scene.review_button.rect.center))
    assert scene.strip_shown and scene.review_button.text == "Cancel review"
    _finish(app, screen, scene)
    review = scene.review
    assert review is not None and review.complete
    assert [t.number for t in review.marks() if t.kind == "blunder"] == [17]
    assert scene.review_button.text == "Hide review"
    # The blunder's bar is red; a click on it shows the board after that turn, with the mark in words.
    col = scene.graph.bar_box(16)
    assert tuple(screen.get_at((col.centerx, col.centery + 8)))[:3] == MARK_RGB
    _steps(app, screen, click(col.center))
    assert scene.point == Point(17, 0) and scene.position == game.positions[17]
    # In plain words by default, the play screen's sentences; the Words|SDG switch shows notation.
    # Under the mark, the turn OnePageWars should have played, then the computer's best for ts52.
    voice = Voice(tuple(game.players))
    better = narrate_turn(review.turns[16].best, review.turns[16].player, voice)
    assert scene.review_lines()[1][0].startswith(f"Better: {better}")
    assert scene.review_lines()[2][0].startswith("Computer's best for turn 18 (ts52): ts52 ")
    assert format_turn(review.best_before(17)) not in scene.review_lines()[2][0]
    reply = narrate_turn(review.turns[16].refutation, 1 - review.turns[16].player, voice)
    assert scene.review_lines()[0][0] == f"Turn 17, OnePageWars: blunder: after this, ts52 wins: {reply}"
    _steps(app, screen, click(scene.log.notation.rect.move(scene.log.notation.rect.w // 2 - 4, 0).center))
    assert scene.in_notation
    lines = [text for text, _ in scene.review_lines()]
    refutation = format_turn(review.turns[16].refutation)
    assert lines[0] == f"Turn 17, OnePageWars: blunder: after this, ts52 wins with {refutation}"
    assert lines[1] == f"Better: {format_turn(review.turns[16].best)}"
    assert lines[2] == f"Computer's best for turn 18 (ts52): {format_turn(review.best_before(17))}"
    # One turn earlier, the computer's best for OnePageWars is the turn that avoided the loss.
    _steps(app, screen, [key(pygame.K_UP)])
    assert scene.point == Point(16, 0)
    assert (
        scene.review_lines()[-1][0]
        == f"Computer's best for turn 17 (OnePageWars): {format_turn(review.turns[16].best)}"
    )
    # The review went into the save: the same game opened again shows it at once.
    assert json.loads(path.read_text(encoding="utf-8"))["review"]["total"] == len(game.turns)
    app.scenes.pop(scene)
    again = _open(app, screen, path)
    assert again.review_run is None and again.strip_shown
    assert again.review.turns == review.turns
    assert persist.load_game(path).game.turns == game.turns  # the record itself is unchanged


def test_a_review_of_another_game_is_not_shown(screen, data_dir, sdg_games):
    app = _app(screen)
    _, path = _saved(sdg_games)
    scene = _open(app, screen, path)
    _steps(app, screen, click(scene.review_button.rect.center))
    _finish(app, screen, scene)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["review"]["fingerprint"] = "0" * 32  # as if made before the game changed
    path.write_text(json.dumps(data), encoding="utf-8")
    app.scenes.pop(scene)
    again = _open(app, screen, path)
    assert again.review is None and not again.strip_shown


# A review that takes minutes: every search thinks deep, so a cancel has something to stop.
SLOW = Thinking(Limit(depth=6, nodes=None, time=60.0))


@pytest.mark.slow
def test_the_review_can_be_cancelled_by_the_button_and_by_leaving(screen, data_dir, sdg_games):
    app = _app(screen)
    _, path = _saved(sdg_games)
    before = path.read_bytes()
    scene = _open(app, screen, path, thinking=SLOW)
    _steps(app, screen, click(scene.review_button.rect.center))
    run = scene.review_run
    for _ in range(300):
        if run.done >= 2:
            break
        run._thread.join(0.1)
    _steps(app, screen, frames=2)
    # The strip shows the progress while it runs: the two homeworld turns need no search.
    assert scene.strip_shown and (run.done, run.total) == (2, 18)
    _steps(app, screen, click(scene.review_button.rect.center))  # Cancel review
    assert scene.review_run is None and "cancelled" in app.toast_text
    run._thread.join(30)
    assert not run._thread.is_alive() and not run.review.complete
    _steps(app, screen)
    assert scene.review is None and not scene.strip_shown and scene.review_button.text == "Review the game"
    assert path.read_bytes() == before  # nothing is kept of a cancelled review
    # Started again, then the viewer is left: the review stops with it.
    _steps(app, screen, click(scene.review_button.rect.center))
    run = scene.review_run
    _steps(app, screen, [key(pygame.K_ESCAPE)])
    assert scene not in app.scenes.scenes
    run._thread.join(30)
    assert not run._thread.is_alive() and not run.review.complete
    assert path.read_bytes() == before


def test_a_marked_turn_and_the_better_one_are_shown_with_ghost_pieces(screen, data_dir, sdg_games):
    app = _app(screen)
    game, path = _saved(sdg_games)
    scene = _open(app, screen, path)
    _steps(app, screen, click(scene.review_button.rect.center))
    _finish(app, screen, scene)
    assert scene.show_played.rect.w == 0  # at the start of the record: no mark shown, no buttons
    _steps(app, screen, click(scene.graph.bar_box(16).center))  # the blunder of turn 17
    entry = scene.marked_here()
    assert entry is not None and entry.number == 17 and scene.show_played.rect.w > 0 and scene.show_better.rect.w > 0
    shown = scene.position
    _steps(app, screen, click(scene.show_better.rect.center))
    assert scene.demo is not None
    assert scene.demo.steps[0].before == game.positions[16]  # from the board before the turn...
    assert tuple(s.action for s in scene.demo.steps) == entry.best  # ...the better turn, action by action
    demo = scene.demo
    demo.advance(demo.total - 0.1)  # shown to the end: nobody is to play it in a replay
    assert demo.caption() == "The board goes back to the game as it was played."
    demo.elapsed = 0.0
    _steps(app, screen, frames=20)
    _steps(app, screen, click((5, 5)))
    assert scene.demo is None and scene.position == shown  # only painted: the record is where it was
    _steps(app, screen, click(scene.show_played.rect.center))
    assert tuple(s.action for s in scene.demo.steps) == entry.turn
