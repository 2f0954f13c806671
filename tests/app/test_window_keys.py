"""Keys of every screen and gestures that forgive: the card of keys (F1 or ?), fullscreen (F11), Escape
on the title asks first, a ship dropped on the bank asks before it is sacrificed, Export on the Load
screen writes into the exports folder and says where."""

from __future__ import annotations

import pygame

from hwgame.app.control.controller import COMPUTER, HUMAN
from hwgame.app.control.flow import PlayController
from hwgame.app.control.targets import BANK, ShipTarget
from hwgame.app.kit.dialogs import Dialog
from hwgame.app.scenes.shortcuts import ShortcutsScene, sections
from hwgame.app.scenes.title import NewGameScene, TitleScene
from hwgame.rules import Game, Sacrifice, parse_piece

from .helpers import click, key, make_app, position, run_frames
from .test_controller import BOARD

P = parse_piece


def _text(event_key: int, char: str) -> pygame.event.Event:
    return key(event_key, 0, char)


def test_f1_and_question_mark_open_the_card_of_keys_and_any_key_closes_it(screen, data_dir):
    app = make_app(screen, boot=True)
    run_frames(app, screen, [key(pygame.K_F1)])
    assert isinstance(app.scenes.top, ShortcutsScene)
    run_frames(app, screen, [key(pygame.K_SPACE)])
    assert isinstance(app.scenes.top, TitleScene)
    run_frames(app, screen, [_text(pygame.K_SLASH, "?")])
    assert isinstance(app.scenes.top, ShortcutsScene)
    run_frames(app, screen, [key(pygame.K_F1)])  # F1 again: closed
    assert isinstance(app.scenes.top, TitleScene)


def test_a_question_mark_typed_in_a_field_is_a_character(screen, data_dir):
    app = make_app(screen, boot=True)
    app.scenes.push(NewGameScene(app))
    form = app.scenes.top
    form.name.focused = True
    run_frames(app, screen, [_text(pygame.K_SLASH, "?")])
    assert app.scenes.top is form


def test_the_card_lists_every_key_of_the_play_screen(screen, data_dir):
    keys = [k() for _name, rows in sections() for k, _what in rows]
    for needed in ("Ctrl+Z", "Ctrl+Y or Ctrl+Shift+Z", "Ctrl+R", "F11", "F1 or ?", "Enter", "Esc"):
        assert needed in keys
    app = make_app(screen, boot=True)
    app.open_scene("shortcuts")
    run_frames(app, screen)
    card = app.scenes.top.card
    assert screen.get_rect().contains(card)


def test_f11_switches_fullscreen_and_the_setting_is_kept(screen, data_dir):
    from hwgame import persist

    app = make_app(screen, boot=True)
    assert not app.settings.fullscreen
    run_frames(app, screen, [key(pygame.K_F11)])
    assert app.settings.fullscreen and persist.load_settings().fullscreen
    run_frames(app, screen, [key(pygame.K_F11)])
    assert not persist.load_settings().fullscreen


def test_escape_on_the_title_asks_before_quitting(screen, data_dir):
    app = make_app(screen, boot=True)
    run_frames(app, screen, [key(pygame.K_ESCAPE)])
    assert app.running and isinstance(app.scenes.top, Dialog)
    run_frames(app, screen, [key(pygame.K_ESCAPE)])  # Escape on the question: stay
    assert app.running and isinstance(app.scenes.top, TitleScene)
    run_frames(app, screen, [key(pygame.K_ESCAPE)])
    run_frames(app, screen, [key(pygame.K_RETURN)])  # Enter: its first button, Quit
    assert not app.running


def _play(app):
    from hwgame.app.scenes.play import PlayScene

    ctl = PlayController(Game.from_position(position(BOARD)), (HUMAN, COMPUTER), ("easy", "easy"), app.opponent)
    scene = PlayScene(app, ctl)
    app.scenes.reset(scene)
    return scene, ctl


def test_a_ship_dropped_on_the_bank_asks_before_it_is_sacrificed(screen, data_dir):
    app = make_app(screen, still=True)
    scene, ctl = _play(app)
    run_frames(app, screen)
    ship = ShipTarget("North", 0, P("g1"))
    assert ctl.resolve(ship, BANK).caption.startswith("Sacrifice")  # said during the drag, before the drop
    scene.drop(ship, BANK, (600, 400))
    run_frames(app, screen)  # the question drawn: its buttons laid out
    dialog = app.scenes.top
    assert isinstance(dialog, Dialog) and not ctl.game.pending
    assert [b.text for b in dialog.buttons] == ["Sacrifice", "Keep it"]
    run_frames(app, screen, click(dialog.buttons[1].rect.center))
    assert app.scenes.top is scene and not ctl.game.pending  # kept
    scene.drop(ship, BANK, (600, 400))
    run_frames(app, screen)
    run_frames(app, screen, click(app.scenes.top.buttons[0].rect.center))
    assert ctl.game.pending == [Sacrifice(P("g1"), "North")]


def test_the_setting_lets_a_drop_on_the_bank_sacrifice_at_once(screen, data_dir):
    app = make_app(screen, still=True)
    app.settings.confirm_sacrifice = False
    scene, ctl = _play(app)
    run_frames(app, screen)
    scene.drop(ShipTarget("North", 0, P("g1")), BANK, (600, 400))
    assert app.scenes.top is scene and ctl.game.pending == [Sacrifice(P("g1"), "North")]


def test_export_writes_into_the_exports_folder_and_says_where(screen, data_dir):
    from hwgame import persist
    from hwgame.app.scenes.saves import LoadScene
    from hwgame.app.tools.samples import random_game

    persist.save_game(random_game(3, 20), "evening")
    app = make_app(screen, boot=True)
    load = app.open_scene("load")
    assert isinstance(load, LoadScene)
    run_frames(app, screen)
    run_frames(app, screen, [key(pygame.K_e)])
    written = sorted((data_dir / "exports").glob("*.txt"))
    assert [p.name for p in written] == ["evening.txt"]
    assert str(written[0]) in app.toast_text
    run_frames(app, screen, click(load.export_button.rect.center))  # again: a new file, the first one kept
    assert sorted(p.name for p in (data_dir / "exports").glob("*.txt")) == ["evening-2.txt", "evening.txt"]
    assert "Participants" in written[0].read_text(encoding="utf-8")


def test_import_offers_what_export_just_wrote_first(screen, data_dir):
    from hwgame import persist
    from hwgame.app.scenes.importer import ImportScene
    from hwgame.app.tools.samples import random_game

    persist.save_game(random_game(3, 20), "evening")
    app = make_app(screen, boot=True)
    load = app.open_scene("load")
    run_frames(app, screen)
    run_frames(app, screen, [key(pygame.K_e)])  # Export
    written = data_dir / "exports" / "evening.txt"
    assert written.is_file()
    run_frames(app, screen, [key(pygame.K_i)])  # then Import
    importer = app.scenes.top
    assert isinstance(importer, ImportScene) and importer is not load
    assert importer.folders[0] == persist.exports_dir(persist.default_store())  # the data folder's exports
    assert len(importer.folders) > 1  # then the usual folders
    assert importer.files[0] == written  # the game just exported, at the top of the list
