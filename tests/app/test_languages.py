"""The window in the player's language: every string drawn comes from the catalogs, and a change of
language in Settings shows on every open screen at the next frame, without a restart.

A made-up catalog (``languages.WideCatalog``) stands for a translated language: whatever the window
draws in it must have no plain English letter left, names and notation aside.
"""

from __future__ import annotations

import os
from types import SimpleNamespace

import pygame
import pytest

from hwgame import i18n, persist
from hwgame.analysis.review import METHOD, Review
from hwgame.app.control.controller import COMPUTER, HUMAN
from hwgame.app.control.options import GameConfig
from hwgame.app.control.targets import ShipTarget
from hwgame.app.kit.dialogs import ChoiceMenu, Dialog, StarChooser
from hwgame.app.scenes.importer import ImportScene
from hwgame.app.scenes.info import RulesScene, SettingsScene
from hwgame.app.scenes.menu import GameMenu, GameOverScene
from hwgame.app.scenes.play import PlayScene
from hwgame.app.scenes.replay import ReplayScene, ReviewScene
from hwgame.app.scenes.save_as import SaveScene
from hwgame.app.scenes.saves import LoadScene
from hwgame.app.scenes.setup import SetupScene
from hwgame.app.scenes.title import MENU, NewGameScene, TitleScene
from hwgame.app.tools.samples import busy_game, finished_game
from hwgame.rules import Build, Discover, Game, Move, format_turn, parse_piece

from .helpers import click, key, make_app, motion, position, run_frames
from .languages import Drawn, install, leftovers, names_on

P = parse_piece


@pytest.fixture
def wide(monkeypatch):
    """The made-up language is available (not yet in force); returns its code."""
    return install(monkeypatch)


@pytest.fixture
def drawn(monkeypatch):
    return Drawn(monkeypatch)


def _type(text):
    return [pygame.event.Event(pygame.TEXTINPUT, text=ch) for ch in text]


def _button(scene, words):
    """The button of ``scene`` whose label reads ``words`` now."""
    return next(b for b in scene.buttons if b.text == words)


def _next_value(choice):
    """A click on a Choice's value box: its next option."""
    return click((choice.rect.x + choice.rect.w * 0.7, choice.rect.centery))


def _choose_language(app, screen, settings, code):
    """Click the Language choice round until ``code`` is in force."""
    for _ in range(len(settings.language.options)):
        if i18n.current_language() == code:
            return
        run_frames(app, screen, _next_value(settings.language))
    assert i18n.current_language() == code


def _wide_app(screen, wide):
    """An app that starts in the made-up language: the saved setting chooses it."""
    app = make_app(screen, still=True)
    app.settings.language = wide
    app.boot()
    assert i18n.current_language() == wide
    return app


def _saves(data_dir):
    """A saves folder with a named save, a finished game, an unfinished autosave and a broken file."""
    persist.save_game(busy_game(4, 30), "Evening game")
    persist.save_game(finished_game(), "A quick win")
    persist.autosave(busy_game(5, 12))
    folder = persist.default_store().saves_dir
    (folder / "Old laptop game.json").write_bytes(b'{"schema_version": 2, "players": [')
    return folder


def _file_names(*folders) -> set[str]:
    out: set[str] = set()
    for folder in folders:
        out.add(str(folder))
        for path in folder.iterdir():
            out.update({path.name, path.stem, str(path), path.stem.capitalize()})
    return out


# --- a change of language shows at once ---


@pytest.mark.slow
def test_choosing_a_language_in_settings_rewords_every_open_screen_at_the_next_frame(screen, data_dir, wide,
                                                                                         drawn):
    app = make_app(screen, still=True, boot=True)
    assert i18n.current_language() == "en"
    app.new_game(GameConfig(("Ann", "Bob"), (HUMAN, HUMAN)))
    run_frames(app, screen)
    setup = app.scenes.top
    assert isinstance(setup, SetupScene)
    english = drawn.frame(app, screen)
    assert "SETUP" in english and leftovers(english, names_on(setup.ctl.game))  # English letters, as it should be
    # Menu, then Settings, over the setup screen; the Language choice goes round to the made-up language.
    run_frames(app, screen, [key(pygame.K_ESCAPE)])
    menu = app.scenes.top
    assert isinstance(menu, GameMenu)
    run_frames(app, screen, click(_button(menu, "Settings").rect.center))
    settings = app.scenes.top
    assert isinstance(settings, SettingsScene)
    _choose_language(app, screen, settings, wide)
    assert app.settings.language == wide  # kept in the settings...
    assert persist.load_settings().language == wide  # ...and in the file
    assert leftovers(drawn.frame(app, screen)) == []
    # Every screen under it speaks the new language when it shows again: labels made before the switch too.
    run_frames(app, screen, [key(pygame.K_ESCAPE)])
    assert app.scenes.top is menu and leftovers(drawn.frame(app, screen), names_on(setup.ctl.game)) == []
    run_frames(app, screen, [key(pygame.K_ESCAPE)])
    assert app.scenes.top is setup and leftovers(drawn.frame(app, screen), names_on(setup.ctl.game)) == []
    # The play screen, built after the switch, and the title under it.
    for _ in range(2):
        run_frames(app, screen, click(setup.build_button.rect.center), 2)
    play = app.scenes.top
    assert isinstance(play, PlayScene)
    ctl = play.ctl
    play.act(next(a for a in ctl.legal if isinstance(a, Build | Move)))
    assert leftovers(drawn.frame(app, screen, before=3), names_on(ctl.game)) == []
    # Back to English from Settings over the play screen: the panel follows at the next frame.
    run_frames(app, screen, [key(pygame.K_ESCAPE)])
    run_frames(app, screen, click(_button(app.scenes.top, "Ｓｅｔｔｉｎｇｓ").rect.center))
    settings = app.scenes.top
    _choose_language(app, screen, settings, "en")
    run_frames(app, screen, [key(pygame.K_ESCAPE), key(pygame.K_ESCAPE)])
    assert app.scenes.top is play
    shown = drawn.frame(app, screen)
    assert "End Turn" in " ".join(shown) and "Move log" in shown
    app.to_title()
    assert "New game" in drawn.frame(app, screen)


def test_the_command_line_language_wins_for_the_run_and_leaves_the_setting_alone(screen, data_dir, wide):
    app = make_app(screen)
    app.settings.language = "en"
    app.options.lang = wide
    app.boot()
    assert i18n.current_language() == wide and app.language_forced
    assert persist.load_settings().language == "system"  # nothing was written for it
    again = make_app(screen)
    again.boot()  # no --lang: the saved setting (the system's language, English in the tests) again
    assert i18n.current_language() == "en"


def test_the_system_language_setting_follows_the_system(screen, data_dir, wide, monkeypatch):
    monkeypatch.setenv("LANGUAGE", "ja_JP")
    app = make_app(screen)
    assert app.settings.language == "system"
    app.boot()
    assert i18n.current_language() == "ja"
    options = [app.settings.language]
    settings = SettingsScene(app)
    # Each language by its own name, the system's named in the language in force.
    names = [settings.language.option_text(i) for i in range(len(settings.language.options))]
    assert names[1:] == ["English", "日本語", "繁體中文"] and "日本語" in names[0] and options == ["system"]


# --- nothing is left in English ---


def test_title_and_new_game_speak_the_language(screen, data_dir, wide, drawn):
    folder = _saves(data_dir)
    app = _wide_app(screen, wide)
    title = app.scenes.top
    assert isinstance(title, TitleScene) and title.latest is not None
    shown = drawn.frame(app, screen, before=2)
    allowed = {p.name for p in title.latest.players} | _file_names(folder)
    assert leftovers(shown, allowed) == []
    run_frames(app, screen, click(title.buttons[1].rect.center))
    form = app.scenes.top
    assert isinstance(form, NewGameScene)
    assert leftovers(drawn.frame(app, screen)) == []
    run_frames(app, screen, _next_value(form.opponent))  # two people
    assert form.opponent.value == HUMAN and leftovers(drawn.frame(app, screen)) == []
    form.name.text, form.other.text = "Ann Lee", "Bob"
    form.begin()
    assert form.problem and leftovers(drawn.frame(app, screen), {"Ann", "Lee", "Bob"}) == []
    form.name.text = "An;n"
    form.begin()
    assert form.problem and leftovers(drawn.frame(app, screen), {"An;n", "Bob"}) == []


@pytest.mark.slow
def test_setup_and_play_speak_the_language(screen, data_dir, wide, drawn):
    app = _wide_app(screen, wide)
    app.new_game(GameConfig(("Ann", "Hal"), (HUMAN, COMPUTER), ("easy", "easy")))
    run_frames(app, screen)
    setup = app.scenes.top
    assert isinstance(setup, SetupScene)
    game = setup.ctl.game
    assert leftovers(drawn.frame(app, screen), names_on(game)) == []
    # A homeworld the rule book warns about: the warnings, then the question before building it.
    setup.slots = [P("g1"), P("b1"), P("g1")]
    assert setup.warnings() and leftovers(drawn.frame(app, screen), names_on(game)) == []
    setup.build()
    assert isinstance(app.scenes.top, Dialog) and leftovers(drawn.frame(app, screen), names_on(game)) == []
    run_frames(app, screen, [key(pygame.K_ESCAPE)])
    setup.suggest()
    run_frames(app, screen, click(setup.build_button.rect.center), 3)
    play = app.scenes.top
    assert isinstance(play, PlayScene) and not game.in_setup
    ctl = play.ctl
    assert leftovers(drawn.frame(app, screen, before=2), names_on(game)) == []
    # A turn in progress: the narration, the panel's "this turn", the log.
    play.act(next(a for a in ctl.legal if isinstance(a, Build | Move)))
    assert leftovers(drawn.frame(app, screen, before=3), names_on(game)) == []
    # A refused drag, the click path's menu, a hint.
    enemy = next(s for s in game.state.position.systems for p in s.ships1)
    play.flash_refusal(ctl.drag_refusal(ShipTarget(enemy.name, 1, enemy.ships1[0])))
    assert play.flash_text and leftovers(drawn.frame(app, screen), names_on(game)) == []
    home = game.state.position.home_of(0)
    play.click(ShipTarget(home.name, 0, home.ships0[0]))  # the action is used: nothing to do with it
    assert leftovers(drawn.frame(app, screen), names_on(game)) == []
    play.restart_turn()
    play.click(ShipTarget(home.name, 0, home.ships0[0]))
    assert isinstance(app.scenes.top, ChoiceMenu)
    assert leftovers(drawn.frame(app, screen), names_on(game)) == []
    run_frames(app, screen, [key(pygame.K_ESCAPE)])
    play.hint()
    run_frames(app, screen, frames=2)
    assert ctl.hint_text and leftovers(drawn.frame(app, screen), names_on(game)) == []
    # Ending a turn without an action asks first; then the computer plays, and its turn is told.
    play.request_end_turn()
    assert isinstance(app.scenes.top, Dialog) and leftovers(drawn.frame(app, screen), names_on(game)) == []
    run_frames(app, screen, [key(pygame.K_RETURN)], 3)
    assert app.scenes.top is play and len(game.turns) >= 4
    assert leftovers(drawn.frame(app, screen, before=2), names_on(game)) == []
    # A discovery: the star chooser.
    moves = [a for a in ctl.legal if isinstance(a, Discover)]
    if moves:
        app.scenes.push(StarChooser(app, moves, lambda a: None))
        assert leftovers(drawn.frame(app, screen), names_on(game) | {moves[0].name}) == []
        run_frames(app, screen, [key(pygame.K_ESCAPE)])


def test_overpopulation_notes_and_the_marker_tip_speak_the_language(screen, data_dir, wide, drawn):
    pos = position("""
        North: b1 y2 | g3 | r1
        South: g1 r3 | y1 | g3
        Vega: g2 | g1 g1 | g2
    """)
    app = _wide_app(screen, wide)
    app.open_game(Game.from_position(pos))
    play = app.scenes.top
    assert isinstance(play, PlayScene) and play.panel.notes()
    without = drawn.frame(app, screen, before=2)
    assert leftovers(without, names_on(play.ctl.game)) == []
    lay = play.layouts(app.size, play.display_position())[1]
    marker = next(mbox for sp in lay.systems for mbox, _ in sp.markers)
    shown = drawn.frame(app, screen, [motion(marker.center)])
    assert len(shown) > len(without)  # the marker's tooltip is drawn too
    assert leftovers(shown, names_on(play.ctl.game)) == []


@pytest.mark.slow
def test_game_menu_game_over_save_and_review_speak_the_language(screen, data_dir, wide, drawn):
    app = _wide_app(screen, wide)
    app.new_game(GameConfig(("Ann", "Hal"), (HUMAN, COMPUTER), ("easy", "easy"), auto_setup=True))
    play = app.scenes.top
    game = play.ctl.game
    for _ in range(3):
        play.act(next(a for a in play.ctl.legal if isinstance(a, Build | Move)))
        play.ctl.end_turn()
        run_frames(app, screen, frames=2)
    names = names_on(game)
    run_frames(app, screen, [key(pygame.K_ESCAPE)])
    menu = app.scenes.top
    assert isinstance(menu, GameMenu) and leftovers(drawn.frame(app, screen), names) == []
    menu.resign()
    assert isinstance(app.scenes.top, Dialog) and leftovers(drawn.frame(app, screen), names) == []
    run_frames(app, screen, [key(pygame.K_RETURN)], 2)
    card = app.scenes.top
    assert isinstance(card, GameOverScene) and game.is_over()
    assert leftovers(drawn.frame(app, screen), names) == []
    # The record saved under a name: the screen, a refused name, the toast.
    card.save()
    save = app.scenes.top
    assert isinstance(save, SaveScene)
    offered = save.field.text
    assert leftovers(drawn.frame(app, screen), names | {offered}) == []
    save.field.text = "autosave please"
    save.save()
    assert save.problem and leftovers(drawn.frame(app, screen), names | {"autosave please"}) == []
    save.field.text = "Sunday"
    save.save()
    names |= {"Sunday"}  # the toast names the save for a while
    assert app.scenes.top is card and leftovers(drawn.frame(app, screen), names) == []
    # The review of the game just played: the viewer, a review being computed, a finished one with a mark.
    card.review()
    review = app.scenes.top
    assert isinstance(review, ReviewScene)
    assert leftovers(drawn.frame(app, screen), names) == []
    review.review_run = SimpleNamespace(done=1, total=5, partial=[], finished=False, cancel=lambda: None)
    review.show_review = True
    assert leftovers(drawn.frame(app, screen), names) == []
    review.review_run = None
    review.review = _review_with_marks(review.timeline)
    review.go(review.timeline.turn_start(3))
    assert review.strip_shown and leftovers(drawn.frame(app, screen), names) == []
    review.go(review.timeline.turn_start(4))
    assert leftovers(drawn.frame(app, screen), names) == []
    review.review_error = "RuntimeError: gone"
    assert leftovers(drawn.frame(app, screen), names | {"RuntimeError", "gone"}) == []


def _review_with_marks(timeline) -> Review:
    """A review of ``timeline``'s game as the computer would keep it: evaluations for every turn, the best
    turn the next one played, a missed win at turn 3 and a blunder at turn 4."""
    turns = timeline.turns
    entries = []
    for i, _turn in enumerate(turns):
        best = format_turn(turns[i + 1]) if i + 1 < len(turns) else None
        entry = {"before": 1.5 * i if i >= 2 else None, "after": -1.0 if i >= 2 else None, "best": best,
                 "kind": None, "note": "", "refutation": None}
        entries.append(entry)
    names = timeline.players
    if len(turns) > 4:
        win, reply = format_turn(turns[3]), format_turn(turns[4])
        mover, other = names[timeline.starts[2].to_move], names[1 - timeline.starts[2].to_move]
        entries[2].update(kind="missed_win", refutation=win,
                          note=f"missed win: {mover} could have won at once with {win}; instead, after this, "
                               f"{other} wins with {reply}")
        entries[3].update(kind="blunder", refutation=reply, note=f"blunder: after this, {mover} wins with {reply}")
    if len(turns) > 6:  # a mistake by the fall in the chance to win, its line naming nothing lost
        entries[5].update(kind="mistake", before=40.0, after=-30.0, later=-30.0, note="mistake")
    data = {"level": "normal", "total": len(turns), "method": METHOD, "turns": entries, "final_best": None,
            "final_score": None}
    return Review.from_data(data, timeline.starts[: len(turns) + 1], turns)


@pytest.mark.slow
def test_saves_import_and_replay_speak_the_language(screen, data_dir, wide, drawn, tmp_path):
    folder = _saves(data_dir)
    # A notice of the saves folder: an autosave written over by something else moves on.
    game = busy_game(9, 12)
    own = persist.autosave(game)
    own.write_bytes(b"{}")
    persist.autosave(game)
    app = _wide_app(screen, wide)
    allowed = _file_names(folder) | {"Evening", "North", "South", "Old laptop game", "A quick win"}
    assert leftovers(drawn.frame(app, screen), allowed) == []  # the title tells the notice
    run_frames(app, screen, click(app.scenes.top.buttons[MENU.index("Load")].rect.center), 2)
    load = app.scenes.top
    assert isinstance(load, LoadScene) and load.list.entries
    assert leftovers(drawn.frame(app, screen, before=200), allowed) == []  # once the toast has gone too
    broken = next(i for i, e in enumerate(load.list.entries) if e.error)
    load.list.select(broken)
    assert leftovers(drawn.frame(app, screen), allowed) == []
    load.open()
    assert load.problem and leftovers(drawn.frame(app, screen), allowed) == []
    load.delete()
    assert isinstance(app.scenes.top, Dialog) and leftovers(drawn.frame(app, screen), allowed) == []
    run_frames(app, screen, [key(pygame.K_ESCAPE)])
    # A replay of a named save: the viewer, a bad turn number, the question of continuing from here.
    good = next(i for i, e in enumerate(load.list.entries) if e.name == "Evening game")
    load.list.select(good)
    load.replay()
    replay = app.scenes.top
    assert isinstance(replay, ReplayScene)
    allowed |= names_on(replay.timeline)
    assert leftovers(drawn.frame(app, screen), allowed) == []
    replay.go(replay.timeline.turn_start(5) + 1)
    replay.go_to_turn(999)
    assert replay.note and leftovers(drawn.frame(app, screen), allowed) == []
    replay.continue_here()
    assert isinstance(app.scenes.top, Dialog) and leftovers(drawn.frame(app, screen), allowed) == []
    run_frames(app, screen, [key(pygame.K_ESCAPE)])
    run_frames(app, screen, [key(pygame.K_ESCAPE)])
    assert app.scenes.top is load
    # Import: the screen, a missing file, a folder.
    (tmp_path / "77.raw").write_text("not a record", encoding="utf-8")
    importer = ImportScene(app, folders=[tmp_path])
    app.scenes.push(importer)
    allowed |= _file_names(tmp_path)
    assert leftovers(drawn.frame(app, screen), allowed) == []
    importer.field.text = str(tmp_path / "missing.raw")
    importer.do_import()
    assert importer.problem and leftovers(drawn.frame(app, screen), allowed | {str(tmp_path / "missing.raw")}) == []
    importer.field.text = str(tmp_path)
    importer.do_import()
    assert importer.problem and leftovers(drawn.frame(app, screen), allowed) == []
    importer.field.text = str(tmp_path / "77.raw")
    importer.do_import()
    assert importer.problem and leftovers(drawn.frame(app, screen), allowed) == []


@pytest.mark.slow
def test_settings_and_rules_speak_the_language(screen, data_dir, wide, drawn):
    app = _wide_app(screen, wide)
    app.open_scene("settings")
    settings = app.scenes.top
    assert isinstance(settings, SettingsScene)
    assert leftovers(drawn.frame(app, screen)) == []
    for choice in settings.widgets:  # every value of every choice
        for _ in choice.options:
            run_frames(app, screen, _next_value(choice))
            if choice is not settings.language:
                assert leftovers(drawn.frame(app, screen)) == [], choice.label
        if choice is settings.language:
            choice.set_value(wide)
            i18n.set_language(wide)
    app.scenes.pop(settings)
    app.open_scene("rules")
    assert isinstance(app.scenes.top, RulesScene)
    assert leftovers(drawn.frame(app, screen)) == []


def test_every_window_test_runs_in_english_whatever_the_system_speaks():
    assert os.environ.get("LANGUAGE") == "en" and i18n.system_language() == "en"


def test_settings_show_the_language_the_command_line_set(screen, data_dir, wide):
    # With --lang the window speaks that language; the Language choice says so rather than naming
    # the system's language, which is not the one spoken.
    app = make_app(screen)
    app.options.lang = wide
    app.boot()
    settings = app.open_scene("settings")
    assert settings.language.value == wide
    assert settings.language.option_text() == i18n.LANGUAGES[wide]


def test_the_rules_page_says_each_paragraph_once():
    from hwgame.app.scenes.info import rules_text

    for code in ("en", "ja", "zh-Hant"):
        i18n.set_language(code)
        try:
            paragraphs = [p for p in rules_text().split("\n\n") if p.strip()]
            assert len(paragraphs) == len(set(paragraphs)), code
            assert sum("Ctrl+Z" in p for p in paragraphs) == 1, code
        finally:
            i18n.set_language("en")
