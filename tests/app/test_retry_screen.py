"""Find the better turn, on the screen: opened from a finished review, the board before the marked turn,
the turn played refused with its punishing reply shown by ghosts, a turn the verdict finds as good
accepted, Show and Skip, the progress "n of m found"."""

from __future__ import annotations

import pytest

from hwgame.ai.thinking import Limit, Thinking
from hwgame.analysis.review import review_of
from hwgame.app.scenes.retry import RetryScene, rules_text
from hwgame.app.services.retry import MARGIN
from hwgame.rules import SDG, parse_turn, read_transcript, replay

from .helpers import click, make_app, run_frames

LIGHT = Thinking(Limit(depth=1, nodes=2000))
GAME, BLUNDER_TURN = "17917.raw", 17  # OnePageWars' turn 17 lets ts52 win at once


@pytest.fixture
def reviewed(sdg_games):
    game = replay(read_transcript(sdg_games / GAME), SDG)
    return game, review_of(game, LIGHT)


def _open(screen, game, review):
    app = make_app(screen, still=True, boot=True)
    me = game.players.index("OnePageWars")
    app.open_scene("retry", game, review, me, lambda: "SDG 17917")
    run_frames(app, screen)
    scene = app.scenes.top
    assert isinstance(scene, RetryScene)
    return app, scene


def _try(app, screen, scene, text):
    for action in parse_turn(text):
        scene.ctl.game.act(action)
    scene.play.request_end_turn()  # the play screen's End Turn
    run_frames(app, screen, frames=2)


def test_the_retry_asks_the_board_before_the_marked_turn_and_refuses_the_turn_played(screen, reviewed):
    game, review = reviewed
    app, scene = _open(screen, game, review)
    entry = scene.round.current
    assert entry is not None and entry.number == BLUNDER_TURN
    assert scene.ctl.game.position == game.positions[BLUNDER_TURN - 1]
    assert "0 of 1 found" in scene.header() and "SDG 17917, turn 17" in scene.header()
    assert f"{round(MARGIN * 100)} points" in rules_text() and scene.goal() == rules_text()
    _try(app, screen, scene, "Build G2 OnePageWars")
    assert scene.ruling is not None and not scene.ruling.accepted
    assert scene.ruling.reply == entry.refutation
    # The try and the reply are played by ghosts; the board itself is the asked position again.
    assert scene.demo is not None
    assert scene.ctl.game.position == game.positions[BLUNDER_TURN - 1] and not scene.ctl.game.pending
    assert "Try again" in scene.message and "0 of 1 found" in scene.header()


def test_the_better_turn_is_found_and_counted(screen, reviewed):
    game, review = reviewed
    app, scene = _open(screen, game, review)
    entry = scene.round.current
    assert entry is not None and entry.best is not None
    from hwgame.rules import format_turn

    _try(app, screen, scene, format_turn(entry.best))
    assert scene.ruling is not None and scene.ruling.accepted
    assert "1 of 1 found" in scene.header() and scene.message.startswith("Found")
    assert [b.text for b in scene.card_buttons][0] == "Next"


def test_a_try_is_judged_by_the_verdict_of_the_board_after_it(screen, reviewed):
    game, review = reviewed
    app, scene = _open(screen, game, review)
    worker = app.opponent._worker
    entry = scene.round.current
    assert entry is not None and entry.chance_before is not None
    # The stand-in search says the opponent stands far better after a pass: refused, its reply shown.
    worker.score = 3000.0
    _try(app, screen, scene, "Pass")
    assert worker.analyses and worker.analyses[-1][1] is False  # a full verdict of the board after the try
    assert scene.ruling is not None and not scene.ruling.accepted and scene.ruling.reply is not None
    assert scene.demo is not None
    # Then it says the opponent stands far worse: within the margin of the best, accepted.
    scene.stop_demo()
    worker.score = -3000.0
    _try(app, screen, scene, "Pass")
    assert scene.ruling is not None and scene.ruling.accepted and scene.round.found == 1


def test_show_and_skip_are_always_there(screen, reviewed):
    game, review = reviewed
    app, scene = _open(screen, game, review)
    labels = [b.text for b in scene.card_buttons]
    assert labels == ["Show", "Skip", "Back"]
    run_frames(app, screen, click(scene.card_buttons[0].rect.center))
    assert scene.demo is not None and scene.message.startswith("Better:")
    assert scene.round.states[0] == "shown" and scene.round.found == 0
    scene.skip()
    run_frames(app, screen)
    assert scene.round.finished and "Done: 0 of 1" in app.scenes.top.message


def test_the_replay_offers_the_retry_once_its_review_is_complete(screen, reviewed, data_dir):
    game, review = reviewed
    app = make_app(screen, still=True, boot=True)
    viewer = app.scene_class("replay")(app, game, name="SDG 17917")
    app.scenes.push(viewer)
    run_frames(app, screen)
    assert viewer.retry_button.rect.w == 0
    viewer.review = review
    run_frames(app, screen)
    assert viewer.retry_button.rect.w > 0 and viewer.retry_button.enabled
    run_frames(app, screen, click(viewer.retry_button.rect.center))
    dialog = app.scenes.top
    texts = [b.text for b in dialog.buttons]
    assert any(t.startswith("OnePageWars: 1 turn") for t in texts)
    assert not any(t.startswith("ts52") for t in texts)  # ts52 has no asked turn in this game


def test_the_better_turn_is_played_by_drag_and_drop_as_in_a_game(screen, reviewed):
    from hwgame.app.control.targets import ShipTarget
    from hwgame.rules import Move

    from .helpers import drag

    game, review = reviewed
    app, scene = _open(screen, game, review)
    entry = scene.round.current
    assert entry is not None and entry.best is not None
    (move,) = entry.best  # the better turn here is one move: the blue 3 home from Yellowstar
    assert isinstance(move, Move)
    play = scene.play
    _s, lay, _b = play.layouts(app.size, play.display_position())
    origin, destination = lay.system(move.origin), lay.system(move.destination)
    wanted = ShipTarget(move.origin, entry.player, move.ship)
    ship = next(pp for pp in origin.pieces if pp.target == wanted)
    dest = destination.box
    run_frames(app, screen, drag(ship.box.center, (dest.x + dest.w / 2, dest.y + dest.h - 8)), frames=2)
    assert tuple(scene.ctl.game.pending) == (move,)
    play.request_end_turn()
    run_frames(app, screen, frames=2)
    assert scene.ruling is not None and scene.ruling.accepted and scene.round.found == 1


@pytest.mark.slow
def test_the_card_says_when_more_than_one_turn_may_do(screen, reviewed, sdg_games):
    game, review = reviewed
    _app, scene = _open(screen, game, review)
    assert "More than one turn may be good here." not in scene.task()  # a blunder with a winning reply
    other = replay(read_transcript(sdg_games / "10081.raw"), SDG)
    other_review = review_of(other, LIGHT)
    entry = other_review.turns[22]  # Keith's turn 23: a mistake whose better turn leads by little
    assert entry.kind == "mistake"
    app = make_app(screen, still=True, boot=True)
    app.open_scene("retry", other, other_review, entry.player, "SDG 10081", entries=[entry])
    run_frames(app, screen)
    assert "More than one turn may be good here." in app.scenes.top.task()


def test_escape_offers_the_way_back(screen, reviewed):
    import pygame

    from .helpers import key

    game, review = reviewed
    app, scene = _open(screen, game, review)
    run_frames(app, screen, [key(pygame.K_ESCAPE)])
    menu = app.scenes.top
    assert menu is not scene and [b.text for b in menu.buttons][:2] == ["Back", "Back to the title"]
    run_frames(app, screen, click(menu.buttons[0].rect.center), frames=2)
    assert scene not in app.scenes.scenes and scene.play not in app.scenes.scenes
