"""The replay viewer: stepping by action and by turn against the rules, jumps, and continuing from a point."""

from __future__ import annotations

import pygame
import pytest

from hwgame import persist
from hwgame.app.control.controller import COMPUTER, HUMAN
from hwgame.app.control.timeline import Point, Timeline, continue_from
from hwgame.app.kit.dialogs import Dialog
from hwgame.app.scenes.menu import GameOverScene
from hwgame.app.scenes.play import PlayScene
from hwgame.app.scenes.replay import ReplayScene
from hwgame.app.scenes.saves import LoadScene
from hwgame.app.tools.samples import busy_game, finished_game
from hwgame.rules import Game, start_turn

from .helpers import click, key, make_app, run_frames


def _app(screen):
    return make_app(screen, still=True)


def _steps(app, screen, events=(), frames=1):
    run_frames(app, screen, events, frames)


def _expected_boards(game):
    """Every board the viewer should show stepping one action at a time, worked out by playing the record
    again through Game: each turn's start, then the board after each of its actions but the last."""
    again = Game(game.rules, game.players)
    boards = []
    for turn in game.turns:
        boards.append(again.state.position)
        for action in turn[:-1]:
            again.act(action)
            boards.append(again.state.position)
        again.restart_turn()
        again.play(turn)
    boards.append(again.state.position)
    return boards


def _replay(app, screen, name="Evening game", game=None):
    game = game or busy_game(11, 70)
    path = persist.save_game(game, name)
    app.boot()
    scene = ReplayScene.from_file(app, path)
    app.scenes.push(scene)
    _steps(app, screen)
    return scene, game, path


@pytest.mark.slow
def test_stepping_by_action_matches_the_rules(screen, data_dir):
    app = _app(screen)
    scene, game, _ = _replay(app, screen)
    assert any(len(t) > 1 for t in game.turns)  # the record has turns of several actions
    expected = _expected_boards(game)
    assert scene.index == scene.timeline.end and scene.position == expected[-1]
    _steps(app, screen, [key(pygame.K_HOME)])
    seen = {scene.index: scene.position}
    for _ in range(len(expected) + 3):  # past the end stays at the end
        _steps(app, screen, [key(pygame.K_RIGHT)])
        seen[scene.index] = scene.position
    assert [seen[i] for i in sorted(seen)] == expected
    for k in range(len(expected) - 1, -1, -1):  # and back again
        assert scene.position == expected[k]
        _steps(app, screen, [key(pygame.K_LEFT)])
    assert scene.index == 0


@pytest.mark.slow
def test_stepping_by_turn_and_the_buttons(screen, data_dir):
    app = _app(screen)
    scene, game, _ = _replay(app, screen)
    _steps(app, screen, click(scene.nav[0].rect.center))  # |<
    assert scene.position == game.positions[0]
    for t in range(1, len(game.turns) + 1):
        _steps(app, screen, [key(pygame.K_DOWN if t % 2 else pygame.K_PAGEDOWN)])
        assert scene.position == game.positions[t] and scene.point == Point(t, 0)
    _steps(app, screen, click(scene.nav[2].rect.center))  # < : into the last turn, if it had several actions
    _steps(app, screen, click(scene.nav[5].rect.center))  # >|
    assert scene.position == game.positions[-1]
    for t in range(len(game.turns) - 1, -1, -1):
        _steps(app, screen, [key(pygame.K_UP if t % 2 else pygame.K_PAGEUP)])
        assert scene.position == game.positions[t]
    # Inside a turn, Up goes back to its start and Down to its end; the buttons do the same.
    k = next(i for i, t in enumerate(game.turns) if len(t) > 1)
    scene.go(scene.timeline.index_of(Point(k, 1)))
    state = start_turn(game.positions[k])
    from hwgame.rules import apply_checked

    assert scene.position == apply_checked(state, game.turns[k][0]).position
    _steps(app, screen, click(scene.nav[4].rect.center))  # >>
    assert scene.position == game.positions[k + 1]
    scene.go(scene.timeline.index_of(Point(k, 1)))
    _steps(app, screen, click(scene.nav[1].rect.center))  # <<
    assert scene.position == game.positions[k]
    _steps(app, screen, click(scene.nav[3].rect.center))  # >
    assert scene.point == Point(k, 1)


def test_jump_to_a_turn_by_number_and_from_the_log(screen, data_dir):
    app = _app(screen)
    scene, game, _ = _replay(app, screen)
    text = [pygame.event.Event(pygame.TEXTINPUT, text=ch) for ch in "12"]
    _steps(app, screen, text + [key(pygame.K_RETURN)])
    assert scene.position == game.positions[12] and scene.goto.text == ""
    _steps(app, screen, [pygame.event.Event(pygame.TEXTINPUT, text="999"), key(pygame.K_RETURN)])
    assert scene.position == game.positions[12] and "Turns go from 0" in scene.note
    _steps(app, screen, [key(pygame.K_ESCAPE)])  # leaves the field
    _steps(app, screen, [key(pygame.K_LEFT)])
    assert scene.point == Point(11, len(game.turns[11]) - 1)
    # The turn of the last action shown is highlighted in the log; a click on a row goes after that turn.
    rows = dict((k, r) for r, k in scene.log.rows)
    assert 11 in rows
    row = next(r for r, k in scene.log.rows if k != 11)
    k = next(k for r, k in scene.log.rows if r == row)
    _steps(app, screen, click(row.center))
    assert scene.position == game.positions[k + 1]


def _continue(app, screen, scene, choice: int):
    _steps(app, screen, click(scene.continue_button.rect.center))
    dialog = app.scenes.top
    assert isinstance(dialog, Dialog) and dialog.title == "Continue from here"
    _steps(app, screen, click(dialog.buttons[choice].rect.center), frames=3)


def test_continue_mid_turn_leaves_the_record_untouched(screen, data_dir):
    app = _app(screen)
    scene, game, path = _replay(app, screen)
    before = path.read_bytes()
    k = next(i for i, t in enumerate(game.turns) if len(t) > 1 and i > 20)
    scene.go(scene.timeline.index_of(Point(k, 1)))
    shown = scene.position
    _continue(app, screen, scene, 0)  # two players at this screen
    play = app.scenes.top
    assert isinstance(play, PlayScene)
    new = play.ctl.game
    assert new is not game and new.state.position == shown
    assert new.turns == game.turns[:k] and new.pending == [game.turns[k][0]]
    assert play.ctl.seats == [HUMAN, HUMAN]
    # Play on: end the turn; the autosave gets the new game, the record stays as it was.
    _steps(app, screen, [key(pygame.K_RETURN)], frames=3)
    if isinstance(app.scenes.top, Dialog):
        _steps(app, screen, [key(pygame.K_RETURN)], frames=3)
    assert len(new.turns) == k + 1
    assert path.read_bytes() == before
    autosaved = persist.load_game(persist.default_store().autosave_of(new))
    assert autosaved.game.turns == new.turns


def test_continue_against_the_computer(screen, data_dir):
    app = _app(screen)
    scene, game, path = _replay(app, screen)
    before = path.read_bytes()
    k = next(i for i, t in enumerate(game.turns) if len(t) > 1 and i > 20)
    mover = game.positions[k].to_move
    scene.go(scene.timeline.index_of(Point(k, 1)))
    # The computer gets the side to move: it plays that turn from its start.
    _continue(app, screen, scene, 1 if mover == 1 else 2)
    play = app.scenes.top
    assert isinstance(play, PlayScene)
    ctl = play.ctl
    assert ctl.seats[mover] == COMPUTER and ctl.seats[1 - mover] == HUMAN
    assert ctl.game.turns[:k] == game.turns[:k]
    assert len(ctl.game.turns) == k + 1 and ctl.human_to_move()  # the fake computer answered at once
    assert path.read_bytes() == before


def test_continue_at_a_turn_boundary_with_the_human_to_move(screen, data_dir):
    app = _app(screen)
    scene, game, _ = _replay(app, screen)
    _steps(app, screen, [pygame.event.Event(pygame.TEXTINPUT, text="30"), key(pygame.K_RETURN)])
    mover = game.positions[30].to_move
    _continue(app, screen, scene, 1 if mover == 0 else 2)
    ctl = app.scenes.top.ctl
    assert ctl.seats[mover] == HUMAN and ctl.game.state.position == game.positions[30]
    assert ctl.game.auto_repetition_draw


def test_continue_from_an_autosave_leaves_it_and_gives_the_new_game_its_own(screen, data_dir):
    app = _app(screen)
    game = busy_game(11, 40)
    path = persist.autosave(game)
    before = path.read_bytes()
    app.boot()
    app.scenes.push(ReplayScene.from_file(app, path))
    _steps(app, screen)
    scene = app.scenes.top
    assert scene.is_autosave
    scene.go(scene.timeline.turn_start(10))
    _continue(app, screen, scene, 0)
    play = app.scenes.top
    assert isinstance(play, PlayScene) and path.read_bytes() == before  # the record's autosave is untouched
    # The new game is autosaved at once, to a file of its own, and is what Continue resumes.
    unfinished = [i for i in persist.list_saves() if i.unfinished]
    assert [i.turns_played for i in unfinished] == [10, len(game.turns)]
    assert persist.default_store().latest_autosave() == persist.default_store().autosave_of(play.ctl.game) != path
    assert not [i for i in persist.list_saves() if not i.is_autosave]  # nothing else was written


def test_no_continue_where_the_game_is_over(screen, data_dir):
    app = _app(screen)
    scene, game, _ = _replay(app, screen, "Won", finished_game())
    assert scene.timeline.outcome_at(scene.point) is not None
    assert not scene.continue_button.enabled
    _steps(app, screen, [key(pygame.K_UP)])
    assert scene.continue_button.enabled


def test_review_from_the_game_over_card_is_the_replay(screen, data_dir):
    app = _app(screen)
    app.boot()
    app.open_game(finished_game(), None)
    _steps(app, screen, frames=3)
    card = app.scenes.top
    assert isinstance(card, GameOverScene)
    review = next(b for b in card.buttons if b.text == "Review the game")
    _steps(app, screen, click(review.rect.center))
    scene = app.scenes.top
    assert isinstance(scene, ReplayScene) and scene.index == scene.timeline.end
    _steps(app, screen, [key(pygame.K_HOME), key(pygame.K_RIGHT), key(pygame.K_ESCAPE)])
    assert app.scenes.top is card


def test_replay_from_the_load_screen(screen, data_dir):
    persist.save_game(busy_game(4, 20), "Short")
    app = _app(screen)
    app.boot()
    app.scenes.push(LoadScene(app))
    _steps(app, screen)
    load = app.scenes.top
    _steps(app, screen, click(load.replay_button.rect.center))
    assert isinstance(app.scenes.top, ReplayScene) and app.scenes.top.name == "Short"


def test_timeline_of_a_game_with_a_turn_in_progress():
    game = busy_game(11, 30)
    state_before = game.state
    actions = [a for a in game.legal_actions() if type(a).__name__ == "Build"][:1]
    for a in actions:
        game.act(a)
    tl = Timeline(game)
    assert tl.points[-1] == Point(len(game.turns), len(actions))
    assert tl.position_at(tl.points[-1]) == game.state.position
    again = continue_from(tl, tl.points[-1], vs_computer=False)
    assert again.state.position == game.state.position and again.pending == game.pending
    assert state_before.position == tl.position_at(Point(len(game.turns), 0))


def test_a_record_without_turns_and_one_in_setup(screen, data_dir):
    from hwgame.app.scenes.setup import SetupScene
    from hwgame.app.tools.samples import random_turn

    app = _app(screen)
    app.boot()
    empty = ReplayScene(app, Game(players=("Ann", "Bob")))
    app.scenes.push(empty)
    _steps(app, screen, [key(k) for k in (pygame.K_RIGHT, pygame.K_LEFT, pygame.K_DOWN, pygame.K_UP, pygame.K_END)])
    assert empty.index == 0 and empty.timeline.turn_count == 0
    half = Game(players=("Ann", "Bob"))
    import random

    random_turn(half, random.Random(1))
    app.scenes.push(ReplayScene(app, half))
    _steps(app, screen, [key(pygame.K_HOME)])
    _continue(app, screen, app.scenes.top, 0)
    setup = app.scenes.top
    assert isinstance(setup, SetupScene) and setup.ctl.game.turns == []


def test_the_log_and_the_actions_speak_plain_words_with_notation_a_click_away(screen, data_dir, monkeypatch):
    from hwgame.app.panels import replay_log as replay_panel
    from hwgame.rules import format_action, format_turn
    from hwgame.words import Voice, describe_action, log_entry

    app = _app(screen)
    scene, game, _ = _replay(app, screen)
    shown: list[str] = []
    real = app.theme.fit_text
    monkeypatch.setattr(app.theme, "fit_text", lambda text, *a, **k: shown.append(text) or real(text, *a, **k))
    _steps(app, screen, [key(pygame.K_UP), key(pygame.K_RIGHT)])
    voice = Voice(tuple(game.players))
    k, _ = scene.timeline.last_played(scene.point)
    words = log_entry(k + 1, game.turns[k], game.positions[k].to_move, voice)  # the play screen's log line
    assert not scene.in_notation
    assert (k, words) in replay_panel.log_rows(scene.timeline, False)
    first = [text for i, text, _ in replay_panel.turn_box_lines(scene.shown(), scene.log.rect.w - 8) if i == 0]
    # In words, none of it cut, a homeworld worded as whose it is (never "at Computer").
    assert " ".join(first) == f"1. {describe_action(game.turns[k][0], voice)}"
    assert first[0] in shown
    shown.clear()
    _steps(app, screen, click(scene.log.notation.rect.move(scene.log.notation.rect.w // 2 - 4, 0).center))
    assert scene.in_notation and app.settings.move_log_notation
    assert f"1. {format_action(game.turns[k][0])}" in shown
    notation = [t for i, t, _ in replay_panel.turn_box_lines(scene.shown(), scene.log.rect.w - 8) if i == 0]
    assert notation == [f"1. {format_action(game.turns[k][0])}"]
    assert any(text.startswith(f"{k + 1}. {game.players[game.positions[k].to_move]}: {format_turn(game.turns[k])}"[:30])
               for text in shown)


def test_the_replay_log_wraps_a_long_turn_instead_of_cutting_it(screen, data_dir):
    from hwgame.app.panels import replay_log as replay_panel

    app = _app(screen)
    scene, game, _ = _replay(app, screen)
    _steps(app, screen, [key(pygame.K_END)])
    texts = dict(replay_panel.log_rows(scene.timeline, scene.in_notation))
    assert scene.log.rows, "the log shows turns"
    font = app.theme.font(replay_panel.LOG_PX)
    wrapped = 0
    for row, k in scene.log.rows:
        lines = scene.log.lines[k]
        assert " ".join(lines) == texts[k]  # every word of the turn is there, in order
        assert all(font.size(line)[0] <= scene.log.rect.w - 16 for line in lines)
        assert row.h == replay_panel.LOG_ROW * len(lines) and scene.log.rect.contains(row)
        wrapped += len(lines) > 1
    assert wrapped, "some turn of this game needs a second line in the log"
    shown = [k for _, k in scene.log.rows]
    current = scene.timeline.last_played(scene.point)[0]
    assert current in shown and shown == list(range(shown[0], shown[-1] + 1))
