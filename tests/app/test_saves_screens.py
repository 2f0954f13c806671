"""The Load, Save and Import screens driven by window events on a temporary saves folder."""

from __future__ import annotations

import random

import pygame

from hwgame import persist
from hwgame.app.control.controller import HUMAN
from hwgame.app.control.options import GameConfig
from hwgame.app.kit.dialogs import Dialog
from hwgame.app.panels.save_list import summary
from hwgame.app.scenes.importer import ImportScene, clean_path
from hwgame.app.scenes.menu import GameMenu
from hwgame.app.scenes.play import PlayScene
from hwgame.app.scenes.replay import ReplayScene
from hwgame.app.scenes.save_as import SaveScene, name_problem
from hwgame.app.scenes.saves import LoadScene
from hwgame.app.scenes.title import TitleScene
from hwgame.app.tools.samples import busy_game, finished_game, random_turn
from hwgame.rules import SDG, Game, export_sdg

from .helpers import click, key, make_app, run_frames

BROKEN = b'{"schema_version": 2, "players": ['
EVENING_TURNS = 29  # busy_game(4, 30) stops at its busiest board


def _app(screen):
    return make_app(screen)


def _steps(app, screen, events=(), frames=2):
    run_frames(app, screen, events, frames)


def _type(text):
    return [pygame.event.Event(pygame.TEXTINPUT, text=ch) for ch in text]


def _clear(field_len):
    return [key(pygame.K_BACKSPACE)] * field_len


def _saves_folder(data_dir):
    """Two good saves and a broken file; returns (folder, broken file)."""
    evening = busy_game(4, 30)
    assert len(evening.turns) == EVENING_TURNS
    persist.save_game(evening, "Evening game")
    persist.save_game(finished_game(), "A quick win")
    folder = persist.default_store().saves_dir
    broken = folder / "Old laptop game.json"
    broken.write_bytes(BROKEN)
    return folder, broken


def _open_load(app, screen) -> LoadScene:
    app.boot()
    _steps(app, screen)
    title = app.scenes.top
    assert isinstance(title, TitleScene)
    load = next(b for b in title.buttons if b.text == "Load")
    _steps(app, screen, click(load.rect.center))
    scene = app.scenes.top
    assert isinstance(scene, LoadScene)
    return scene


def _select(app, screen, scene, name):
    index = next(i for i, e in enumerate(scene.list.entries) if e.name == name)
    _steps(app, screen, click(scene.list.row_rect(index).center))
    assert scene.list.current.name == name


def test_the_list_shows_saves_and_the_broken_file_untouched(screen, data_dir):
    _, broken = _saves_folder(data_dir)
    app = _app(screen)
    scene = _open_load(app, screen)
    names = {e.name for e in scene.list.entries}
    assert {"Evening game", "A quick win", "Old laptop game"} <= names
    by_name = {e.name: e for e in scene.list.entries}
    text, bad = summary(by_name["A quick win"])
    assert not bad and "32 turns played" in text and "North wins" in text
    text, bad = summary(by_name["Evening game"])
    assert not bad and f"{EVENING_TURNS} turns played" in text and "South to move" in text
    text, bad = summary(by_name["Old laptop game"])
    assert bad and text.startswith("Cannot be opened.") and "cut short" in text
    # The broken file can be selected but neither opened nor replayed; Enter and R do nothing to it.
    _select(app, screen, scene, "Old laptop game")
    assert not scene.open_button.enabled and not scene.replay_button.enabled and scene.delete_button.enabled
    _steps(app, screen, [key(pygame.K_RETURN), key(pygame.K_r)])
    assert app.scenes.top is scene and "cannot be opened" in scene.problem
    _steps(app, screen, click(scene.open_button.rect.center) + click(scene.replay_button.rect.center))
    assert app.scenes.top is scene
    _steps(app, screen, [key(pygame.K_ESCAPE)])
    assert isinstance(app.scenes.top, TitleScene)
    assert broken.read_bytes() == BROKEN


def test_open_a_save_to_play_on(screen, data_dir):
    _saves_folder(data_dir)
    app = _app(screen)
    scene = _open_load(app, screen)
    _select(app, screen, scene, "Evening game")
    _steps(app, screen, click(scene.open_button.rect.center))
    play = app.scenes.top
    assert isinstance(play, PlayScene)
    assert len(play.ctl.game.turns) == EVENING_TURNS
    assert app.save_names[play.ctl.game] == "Evening game"  # the Save screen offers the same name


def test_delete_asks_first(screen, data_dir):
    folder, _ = _saves_folder(data_dir)
    app = _app(screen)
    scene = _open_load(app, screen)
    _select(app, screen, scene, "A quick win")
    _steps(app, screen, click(scene.delete_button.rect.center))
    dialog = app.scenes.top
    assert isinstance(dialog, Dialog) and dialog.title == "Delete this save?"
    _steps(app, screen, click(dialog.buttons[1].rect.center))  # keep it
    assert app.scenes.top is scene and (folder / "A quick win.json").exists()
    _steps(app, screen, [key(pygame.K_DELETE)])
    dialog = app.scenes.top
    _steps(app, screen, click(dialog.buttons[0].rect.center))
    assert app.scenes.top is scene
    assert not (folder / "A quick win.json").exists()
    assert "A quick win" not in {e.name for e in scene.list.entries}


def test_a_broken_file_can_be_deleted_after_the_question(screen, data_dir):
    _, broken = _saves_folder(data_dir)
    app = _app(screen)
    scene = _open_load(app, screen)
    _select(app, screen, scene, "Old laptop game")
    _steps(app, screen, click(scene.delete_button.rect.center))
    assert "cannot be opened" in " ".join(app.scenes.top.lines)
    _steps(app, screen, [key(pygame.K_ESCAPE)])  # Escape keeps it
    assert broken.read_bytes() == BROKEN
    _steps(app, screen, click(scene.delete_button.rect.center))
    _steps(app, screen, [key(pygame.K_RETURN)])
    assert not broken.exists()


def _play_scene(app, screen) -> PlayScene:
    app.boot()
    app.new_game(GameConfig(("Ann", "Bob"), (HUMAN, HUMAN), ("easy", "easy"), "standard", True))
    _steps(app, screen)
    play = app.scenes.top
    assert isinstance(play, PlayScene)
    return play


def _open_save_screen(app, screen) -> SaveScene:
    _steps(app, screen, [key(pygame.K_ESCAPE)])
    menu = app.scenes.top
    assert isinstance(menu, GameMenu)
    save = next(b for b in menu.buttons if b.text == "Save game")
    _steps(app, screen, click(save.rect.center))
    scene = app.scenes.top
    assert isinstance(scene, SaveScene) and scene.field.focused
    return scene


def test_save_screen_refuses_bad_names_and_saves_a_good_one(screen, data_dir):
    app = _app(screen)
    play = _play_scene(app, screen)
    scene = _open_save_screen(app, screen)
    assert scene.field.text == "Ann vs Bob turn 2"
    folder = persist.default_store().saves_dir
    for bad, words in (("a/b", "/"), ("what?", "?"), ("autosave 2", "autosave"), ("...", "letter or digit")):
        _steps(app, screen, _clear(40) + _type(bad) + [key(pygame.K_RETURN)])
        assert app.scenes.top is scene and words in scene.problem, bad
    assert not [p for p in folder.iterdir() if not p.name.startswith("autosave")]
    _steps(app, screen, _clear(40) + _type("Sunday game") + [key(pygame.K_RETURN)])
    assert app.scenes.top is play
    assert persist.load_game(folder / "Sunday game.json").game.turns == play.ctl.game.turns
    assert "Sunday game" in app.toast_text
    # Saving again offers the same name and replaces the same game without asking.
    scene = _open_save_screen(app, screen)
    assert scene.field.text == "Sunday game"
    _steps(app, screen, [key(pygame.K_RETURN)])
    assert app.scenes.top is play


def test_save_asks_before_replacing_another_game_and_never_a_broken_file(screen, data_dir):
    folder, broken = _saves_folder(data_dir)
    other = (folder / "Evening game.json").read_bytes()
    app = _app(screen)
    play = _play_scene(app, screen)
    scene = _open_save_screen(app, screen)
    _select(app, screen, scene, "Evening game")  # a click on a save takes its name
    assert scene.field.text == "Evening game"
    _steps(app, screen, click(scene.save_button.rect.center))
    dialog = app.scenes.top
    assert isinstance(dialog, Dialog) and dialog.title == "Replace this save?"
    _steps(app, screen, [key(pygame.K_ESCAPE)])  # cancel: nothing written
    assert app.scenes.top is scene and (folder / "Evening game.json").read_bytes() == other
    _steps(app, screen, click(scene.save_button.rect.center))
    _steps(app, screen, click(app.scenes.top.buttons[0].rect.center))  # replace
    assert app.scenes.top is play
    assert len(persist.load_game(folder / "Evening game.json").game.turns) == len(play.ctl.game.turns)
    # A broken file is never written over, even when asked for by name.
    scene = _open_save_screen(app, screen)
    _steps(app, screen, _clear(40) + _type("Old laptop game") + [key(pygame.K_RETURN)])
    assert app.scenes.top is scene and "cannot be opened" in scene.problem
    assert broken.read_bytes() == BROKEN


def test_notices_of_the_saves_folder_are_shown(screen, data_dir):
    game = busy_game(9, 12)
    own = persist.autosave(game)
    own.write_bytes(b"{}")  # broken after the game wrote it
    moved = persist.autosave(game)  # the broken file is kept; a notice says where the game goes now
    app = _app(screen)
    scene = _open_load(app, screen)
    assert moved.name in app.toast_text  # the title showed it once
    assert any(moved.name in n for n in persist.default_store().notices)
    from hwgame.app.scenes.saves import store_notices

    assert store_notices() and scene.list.entries
    assert own.read_bytes() == b"{}"
    # Continue on the title resumes the autosave that loads.
    _steps(app, screen, [key(pygame.K_ESCAPE)])
    title = app.scenes.top
    _steps(app, screen, click(title.buttons[0].rect.center))
    assert isinstance(app.scenes.top, PlayScene) and len(app.scenes.top.ctl.game.turns) == 12


def sdg_transcript(seed: int = 3, turns: int = 24, number: int = 4242) -> tuple[str, Game]:
    """A transcript of a random game under the sdg rules, with some turns of several actions."""
    rng = random.Random(seed)
    game = Game(SDG, ("Alice", "Bob"))
    for _ in range(turns):
        if game.is_over():
            break
        random_turn(game, rng)
    return export_sdg(game, sdg_number=number), game


def _open_import(app, screen) -> ImportScene:
    scene = _open_load(app, screen)
    _steps(app, screen, click(scene.import_button.rect.center))
    importer = app.scenes.top
    assert isinstance(importer, ImportScene)
    return importer


def test_import_a_transcript_opens_it_in_the_replay(screen, data_dir, tmp_path):
    text, game = sdg_transcript()
    source = tmp_path / "mine.raw"
    source.write_text(text, encoding="utf-8")
    before = source.read_bytes()
    app = _app(screen)
    importer = _open_import(app, screen)
    _steps(app, screen, _type(str(tmp_path / "missing.raw")) + [key(pygame.K_RETURN)])
    assert app.scenes.top is importer and "no such file" in importer.problem
    _steps(app, screen, _clear(200) + _type(f'"{source}"') + [key(pygame.K_RETURN)])
    replay = app.scenes.top
    assert isinstance(replay, ReplayScene)
    assert replay.timeline.turns == [tuple(t) for t in game.turns]
    saved = persist.default_store().saves_dir / "sdg-4242.json"
    assert saved.exists() and replay.path == saved
    assert source.read_bytes() == before
    _steps(app, screen, [key(pygame.K_ESCAPE)])
    load = app.scenes.top
    assert isinstance(load, LoadScene) and "sdg-4242" in {e.name for e in load.list.entries}


def test_import_lists_transcripts_of_a_folder_to_pick(screen, data_dir, tmp_path):
    text, _ = sdg_transcript(number=77)
    (tmp_path / "77.raw").write_text(text, encoding="utf-8")
    (tmp_path / "junk.txt").write_text("hello", encoding="utf-8")
    app = _app(screen)
    importer = _open_import(app, screen)
    _steps(app, screen, _type(str(tmp_path)) + [key(pygame.K_RETURN)])
    assert [p.name for p in importer.files] == ["77.raw", "junk.txt"]
    assert "folder" in importer.problem
    junk = next(r for r, i in importer.rows if importer.files[i].name == "junk.txt")
    _steps(app, screen, click(junk.center))
    assert importer.field.text.endswith("junk.txt")
    _steps(app, screen, click(importer.import_button.rect.center))
    assert app.scenes.top is importer and importer.problem.startswith("Not imported:")
    good = next(r for r, i in importer.rows if importer.files[i].name == "77.raw")
    _steps(app, screen, click(good.center))
    _steps(app, screen, click(importer.import_button.rect.center))
    assert isinstance(app.scenes.top, ReplayScene)


def test_import_a_real_sdg_record(screen, data_dir, sdg_games):
    app = _app(screen)
    importer = _open_import(app, screen)
    _steps(app, screen, _type(str(sdg_games / "1001.raw")) + [key(pygame.K_RETURN)])
    replay = app.scenes.top
    assert isinstance(replay, ReplayScene), importer.problem
    assert replay.timeline.players == ("Evilaxe", "MrStickman") and replay.timeline.turn_count > 20


def test_names_and_paths():
    assert name_problem("Evening game (2)") is None
    assert name_problem("") and name_problem("a:b") and name_problem(" lead") and name_problem("AutoSave")
    assert clean_path('  "/tmp/x.raw" ') == "/tmp/x.raw"
    assert clean_path("~/x.raw").endswith("/x.raw") and not clean_path("~/x.raw").startswith("~")


def test_the_exports_folder_opens_in_the_file_manager_where_there_is_one(screen, data_dir, monkeypatch):
    from hwgame.app.services import folders

    started = []
    monkeypatch.setattr(folders, "opener", lambda: ["/usr/bin/xdg-open"])
    monkeypatch.setattr(folders.subprocess, "Popen", lambda command, **kw: started.append(command))
    app = _app(screen)
    load = _open_load(app, screen)
    assert load.folder_button is not None
    _steps(app, screen, click(load.folder_button.rect.center))
    exports = persist.exports_dir(persist.default_store())
    assert started == [["/usr/bin/xdg-open", str(exports)]]
    assert exports.is_dir()  # made for the file manager to show, before any export
    assert not load.problem


def test_no_folder_button_without_a_file_manager(screen, data_dir, monkeypatch):
    from hwgame.app.services import folders

    monkeypatch.setattr(folders.sys, "platform", "linux")
    monkeypatch.setattr(folders.shutil, "which", lambda name: None)
    app = _app(screen)
    load = _open_load(app, screen)
    assert load.folder_button is None
    assert load.folder_button not in load.controls()
