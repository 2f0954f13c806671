"""Games are never lost: each unfinished game keeps its own autosave, the turn in progress is in it at once
and after a quit, Continue resumes the most recent game as it was, and the seats saved are the ones played."""

from __future__ import annotations

import pygame
import pytest

from hwgame import persist
from hwgame.app.control.controller import COMPUTER, HUMAN
from hwgame.app.control.options import GameConfig
from hwgame.app.panels.save_list import mark_of, title_of
from hwgame.app.scenes.play import PlayScene
from hwgame.app.scenes.saves import LoadScene
from hwgame.app.scenes.title import TitleScene, continue_caption
from hwgame.app.tools.samples import busy_game
from hwgame.persist import store
from hwgame.rules import Build, Move, Trade

from .helpers import click, key, make_app, run_frames


def _app(screen):
    return make_app(screen, still=True, boot=True)


def _steps(app, screen, events=(), frames=2):
    run_frames(app, screen, events, frames)


def _new_session(monkeypatch):
    """Forget what the saves folder's Store remembers, as a new start of the program would."""
    monkeypatch.setattr(store, "_stores", {})


def _start(app, names=("Ann", "Hal"), seats=(HUMAN, COMPUTER), levels=("easy", "hard")):
    app.new_game(GameConfig(names, seats, levels, auto_setup=True))
    return app.playing


def _act(ctl):
    """Play one action of the human to move (a build, move or trade); return it."""
    action = next(a for a in ctl.legal if isinstance(a, (Build, Move, Trade)))
    assert ctl.play(action) is None
    return action


def _saved(ctl):
    return persist.load_game(persist.default_store().autosave_of(ctl.game))


def _unfinished():
    return [i for i in persist.list_saves() if i.unfinished]


def _title(app, screen) -> TitleScene:
    app.to_title()
    _steps(app, screen)
    title = app.scenes.top
    assert isinstance(title, TitleScene)
    return title


def test_automatic_setup_against_the_computer_saves_the_computer_seat_at_once(screen, data_dir):
    app = _app(screen)
    ctl = _start(app)
    assert isinstance(app.scenes.top, PlayScene) and app.scenes.top.ctl is ctl
    first = _saved(ctl)  # written before the play screen existed
    assert [p.kind for p in first.players] == [HUMAN, COMPUTER]
    assert first.players[1].level == "hard"
    # The computer first: its seat is saved as the computer's, and its turn goes in the same file.
    app2 = _app(screen)
    ctl2 = _start(app2, ("Hal", "Ann"), (COMPUTER, HUMAN), ("normal", "normal"))
    _steps(app2, screen, frames=3)
    saved = _saved(ctl2)
    assert [p.kind for p in saved.players] == [COMPUTER, HUMAN]
    assert len(saved.game.turns) == 3 and ctl2.human_to_move()


def test_an_action_is_in_the_autosave_at_once_and_so_is_taking_it_back(screen, data_dir):
    app = _app(screen)
    ctl = _start(app)
    action = _act(ctl)
    assert _saved(ctl).game.pending == [action]
    assert _saved(ctl).save.turn_in_progress
    _steps(app, screen, [key(pygame.K_z, pygame.KMOD_CTRL)])
    assert not ctl.game.pending and not _saved(ctl).game.pending
    _act(ctl)
    assert ctl.restart_turn()
    assert not _saved(ctl).game.pending


def test_a_new_game_keeps_the_unfinished_one_and_continue_takes_the_latest(screen, data_dir):
    app = _app(screen)
    first = _start(app)
    action = _act(first)
    path = persist.default_store().autosave_of(first.game)
    persist.save_game(busy_game(4, 30), "Evening game")
    _title(app, screen)
    second = _start(app, ("Bea", "Cyd"), (HUMAN, HUMAN))
    other = persist.default_store().autosave_of(second.game)
    assert other != path
    assert persist.load_game(path).game.pending == [action]  # the first game, as it was left
    # The Load screen: the two unfinished games first, newest first and marked, then the named save.
    title = _title(app, screen)
    _steps(app, screen, click(next(b for b in title.buttons if b.text == "Load").rect.center))
    load = app.scenes.top
    assert isinstance(load, LoadScene)
    entries = load.list.entries
    assert [e.path for e in entries[:2]] == [other, path]
    assert [mark_of(e) for e in entries] == ["UNFINISHED", "UNFINISHED", ""]
    assert [title_of(e) for e in entries] == ["Bea vs Cyd", "Ann vs Hal (computer, hard)", "Evening game"]
    # Continue on the title resumes the most recent one.
    _steps(app, screen, [key(pygame.K_ESCAPE)])
    title = app.scenes.top
    assert title.autosave == other and "Bea vs Cyd" in continue_caption(title.latest)
    _steps(app, screen, click(title.buttons[0].rect.center))
    assert isinstance(app.scenes.top, PlayScene) and app.scenes.top.ctl.game.players == ("Bea", "Cyd")


def test_continue_restores_the_turn_in_progress_as_it_was(screen, data_dir, monkeypatch):
    app = _app(screen)
    ctl = _start(app)
    action = _act(ctl)
    board = ctl.game.state.position
    app.step([pygame.event.Event(pygame.QUIT)], 1 / 60, screen)  # the window's close button
    assert not app.running
    app.shutdown()
    _new_session(monkeypatch)
    app = _app(screen)
    _steps(app, screen)
    title = app.scenes.top
    assert "Ann's turn in progress" in continue_caption(title.latest)
    _steps(app, screen, click(title.buttons[0].rect.center))
    play = app.scenes.top
    assert isinstance(play, PlayScene)
    assert play.ctl.game.pending == [action] and play.ctl.game.state.position == board
    assert play.display_position() == board  # the screen shows the turn as it was left
    # It is a turn in progress like any other: the action can be taken back, and that is saved too.
    _steps(app, screen, [key(pygame.K_z, pygame.KMOD_CTRL)])
    assert not play.ctl.game.pending and not _saved(play.ctl).game.pending


WAYS_OUT = {
    "the window's close button": lambda app, screen: app.step([pygame.event.Event(pygame.QUIT)], 1 / 60, screen),
    "Quit": lambda app, screen: app.quit(),
    "the end of the window loop": lambda app, screen: app.shutdown(),
    "Quit to title": lambda app, screen: app.to_title(),
}


@pytest.mark.parametrize("way", WAYS_OUT)
def test_leaving_writes_the_turn_in_progress_even_when_the_last_autosave_failed(screen, data_dir, monkeypatch,
                                                                               way):
    app = _app(screen)
    ctl = _start(app)

    def full_disk(game, players=None):
        raise persist.SaveError("the disk is full")

    real = persist.autosave
    monkeypatch.setattr(persist, "autosave", full_disk)
    action = _act(ctl)
    assert "Autosave failed: the disk is full" in app.toast_text
    assert not _saved(ctl).game.pending
    monkeypatch.setattr(persist, "autosave", real)
    WAYS_OUT[way](app, screen)
    assert _saved(ctl).game.pending == [action]


def test_leaving_for_the_title_writes_nothing_when_nothing_changed(screen, data_dir):
    app = _app(screen)
    ctl = _start(app)
    _act(ctl)
    path = persist.default_store().autosave_of(ctl.game)
    before = path.stat().st_mtime_ns, path.read_bytes()
    _title(app, screen)
    assert (path.stat().st_mtime_ns, path.read_bytes()) == before


def test_a_loaded_game_becomes_the_continue_target_at_once(screen, data_dir):
    older, newer = busy_game(4, 20), busy_game(9, 24)
    a = persist.autosave(older)
    b = persist.autosave(newer)
    named = persist.save_game(busy_game(11, 30), "Evening game")
    named_bytes = named.read_bytes()
    assert persist.default_store().latest_autosave() == b
    app = _app(screen)
    assert app.load(a)
    assert persist.default_store().latest_autosave() == a  # no turn played yet
    assert app.load(named)
    latest = persist.default_store().latest_autosave()
    assert latest not in (a, b) and persist.load_game(latest).game.turns == busy_game(11, 30).turns
    assert named.read_bytes() == named_bytes  # the named save itself is never changed by playing on
    assert len(_unfinished()) == 3


def test_a_finished_game_stays_listed_but_is_not_continued(screen, data_dir):
    app = _app(screen)
    ctl = _start(app, ("Bea", "Cyd"), (HUMAN, HUMAN))
    running = _start(app)
    _act(running)
    app.to_title()
    ctl.game.resign(ctl.game.to_move)
    app.autosave(ctl)
    title = _title(app, screen)
    assert title.latest is not None and title.latest.path == persist.default_store().autosave_of(running.game)
    entries = persist.list_saves()
    assert [mark_of(e) for e in entries] == ["UNFINISHED", "FINISHED"]
    persist.delete_save(entries[0].path)
    title = _title(app, screen)
    assert title.latest is None and not title.buttons[0].enabled


def test_a_turn_the_computer_left_half_done_is_played_from_its_start(screen, data_dir):
    game = busy_game(9, 24)
    played, start = len(game.turns), game.position
    mover = game.to_move
    action = next(a for a in game.legal_actions() if isinstance(a, (Build, Move, Trade)))
    game.act(action)
    seats = [persist.Player(name=n) for n in game.players]
    seats[mover] = persist.Player(name=game.players[mover], kind="computer", level="easy")
    path = persist.autosave(game, seats)
    app = _app(screen)
    assert app.load(path)
    _steps(app, screen, frames=3)
    ctl = app.scenes.top.ctl
    assert len(ctl.game.turns) == played + 1 and ctl.human_to_move()  # the (instant) computer played it whole
    assert app.opponent._worker.requests == [start]  # asked from the start of the turn


def test_looking_at_a_finished_game_writes_no_autosave(screen, data_dir):
    from hwgame.app.tools.samples import finished_game

    path = persist.save_game(finished_game(), "A quick win")
    app = _app(screen)
    assert app.load(path)
    _steps(app, screen)
    app.quit()
    app.shutdown()
    assert [i.path for i in persist.list_saves()] == [path]
