"""The form screens (a text field, Enter to go on, Escape to leave, a refusal said under the field) as
a player drives them with window events: the shared base, then the Save, Import and star-chooser forms
built on it; reading a save with a message when it cannot be read; the head shared by the screens."""

from __future__ import annotations

import pygame

from hwgame import persist
from hwgame.app.control.controller import HUMAN
from hwgame.app.control.flow import PlayController
from hwgame.app.kit.base import FormScene, load_save
from hwgame.app.kit.dialogs import StarChooser
from hwgame.app.scenes.importer import ImportScene
from hwgame.app.scenes.save_as import SaveScene
from hwgame.app.stage import Scene
from hwgame.app.view import theme as T
from hwgame.app.view.theme import TextAudit
from hwgame.app.view.widgets import TextField, draw_screen_head
from hwgame.rules import Discover, Game, parse_piece

from .helpers import click, key, make_app, run_frames


def _type(text):
    return [pygame.event.Event(pygame.TEXTINPUT, text=ch) for ch in text]


class NameForm(FormScene):
    """A form that takes any name but "taken", which it refuses."""

    def __init__(self, app, focused=True):
        super().__init__(app, TextField("", max_len=20), focused)
        self.submitted: list[str] = []

    def heading(self) -> str:
        return "Name the fleet"

    def submit(self) -> None:
        name = self.field.text
        if name == "taken":
            self.problem = lambda: "That name is taken: choose another."
            return
        self.submitted.append(name)
        self.leave()

    def draw(self, surface):
        x, fw = self.draw_head(surface)
        self.draw_field(surface, pygame.Rect(x, 100, fw, 42))
        self.draw_problem(surface, x, self.field.rect.bottom + 8, fw, 2)


def _form(screen, focused=True):
    app = make_app(screen)
    under = Scene(app)
    app.scenes.push(under)
    form = NameForm(app, focused)
    app.scenes.push(form)
    run_frames(app, screen)
    return app, form, under


def test_typing_a_name_then_enter_submits_it(screen, data_dir):
    app, form, under = _form(screen)
    assert form.field.focused  # the player types at once
    run_frames(app, screen, _type("Vega") + [key(pygame.K_RETURN)])
    assert form.submitted == ["Vega"]
    assert app.scenes.top is under


def test_enter_submits_once_the_field_is_left_too(screen, data_dir):
    app, form, under = _form(screen, focused=False)
    run_frames(app, screen, [*click(form.field.rect.center), *_type("Rigel"), key(pygame.K_TAB)])
    assert not form.field.focused and form.submitted == []
    run_frames(app, screen, [key(pygame.K_KP_ENTER)])
    assert form.submitted == ["Rigel"] and app.scenes.top is under


def test_escape_leaves_without_submitting(screen, data_dir):
    for focused in (True, False):
        app, form, under = _form(screen, focused)
        form.field.text = "Vega"
        run_frames(app, screen, [key(pygame.K_ESCAPE)])
        assert form.submitted == [] and app.scenes.top is under, focused


def test_a_refusal_is_said_under_the_field_and_the_text_kept(screen, data_dir):
    app, form, _ = _form(screen)
    app.theme.audit = TextAudit()
    run_frames(app, screen, _type("taken") + [key(pygame.K_RETURN)])
    assert app.scenes.top is form and form.submitted == []
    assert form.problem == "That name is taken: choose another."
    assert "That name is taken: choose another." in app.theme.audit.drawn  # the error line is on screen
    assert form.field.text == "taken" and form.field.focused  # ready to be corrected
    # Typing on does not clear the line on this form; a name taken then goes in.
    run_frames(app, screen, [key(pygame.K_BACKSPACE)] * 5 + _type("Deneb"))
    assert form.problem and form.field.text == "Deneb"
    run_frames(app, screen, [key(pygame.K_RETURN)])
    assert form.submitted == ["Deneb"]


def test_the_caret_blinks_while_the_field_is_focused(screen, data_dir):
    app, form, _ = _form(screen)
    assert 0 < form.rest() <= 1.0
    form.field.focused = False
    assert form.rest() == float("inf")


def _named_saves() -> list[str]:
    folder = persist.default_store().saves_dir
    return [p.name for p in folder.iterdir() if not p.name.startswith("autosave")] if folder.exists() else []


def _save_screen(screen):
    app = make_app(screen)
    game = Game(players=("Ann", "Bob"))
    ctl = PlayController(game, (HUMAN, HUMAN), ("easy", "easy"), app.opponent, on_commit=lambda g: None)
    under = Scene(app)
    app.scenes.push(under)
    scene = SaveScene(app, ctl)
    app.scenes.push(scene)
    run_frames(app, screen)
    return app, scene, under


def test_the_save_screen_saves_the_name_typed_on_enter(screen, data_dir):
    app, scene, under = _save_screen(screen)
    run_frames(app, screen, [key(pygame.K_BACKSPACE)] * 40 + _type("Sunday") + [key(pygame.K_RETURN)])
    assert app.scenes.top is under
    assert (persist.default_store().saves_dir / "Sunday.json").exists()
    assert "Sunday" in app.toast_text


def test_the_save_screen_says_why_a_name_is_refused_and_typing_clears_it(screen, data_dir):
    app, scene, _ = _save_screen(screen)
    app.theme.audit = TextAudit()
    run_frames(app, screen, [key(pygame.K_BACKSPACE)] * 40 + _type("a/b") + [key(pygame.K_RETURN)])
    assert app.scenes.top is scene and "/" in scene.problem
    assert any("/" in line and "save name" in line for line in app.theme.audit.drawn)
    assert scene.field.text == "a/b" and scene.field.focused
    run_frames(app, screen, [key(pygame.K_BACKSPACE)] * 2 + _type("c"))
    assert scene.problem == "" and scene.field.text == "ac"
    assert _named_saves() == []


def test_escape_leaves_the_save_screen_without_saving(screen, data_dir):
    app, scene, under = _save_screen(screen)
    run_frames(app, screen, _type(" more") + [key(pygame.K_ESCAPE)])
    assert app.scenes.top is under
    assert _named_saves() == []


def test_the_import_screen_keeps_a_refused_path_and_escape_imports_nothing(screen, data_dir, tmp_path):
    app = make_app(screen)
    under = Scene(app)
    app.scenes.push(under)
    importer = ImportScene(app, [tmp_path])
    app.scenes.push(importer)
    run_frames(app, screen)
    missing = str(tmp_path / "missing.raw")
    run_frames(app, screen, _type(missing) + [key(pygame.K_RETURN)])
    assert app.scenes.top is importer and "no such file" in importer.problem
    assert importer.field.text == missing and importer.field.focused
    run_frames(app, screen, _type("x"))
    assert "no such file" in importer.problem  # the reason stays until the next try
    run_frames(app, screen, [key(pygame.K_ESCAPE)])
    assert app.scenes.top is under
    assert not list(persist.default_store().saves_dir.glob("sdg-*"))


def test_enter_in_the_star_choosers_name_field_only_leaves_it(screen, data_dir):
    app = make_app(screen)
    picked: list[Discover] = []
    cancelled: list[bool] = []
    action = Discover(parse_piece("y3"), "North", parse_piece("r1"), "Alpha")
    chooser = StarChooser(app, [action], picked.append, on_cancel=lambda: cancelled.append(True))
    app.scenes.push(chooser)
    run_frames(app, screen)
    assert not chooser.field.focused
    run_frames(app, screen, click(chooser.field.rect.center) + [key(pygame.K_BACKSPACE)] * 5 + _type("Zeta"))
    run_frames(app, screen, [key(pygame.K_RETURN)])
    assert picked == [] and not chooser.field.focused  # the first Enter leaves the field
    run_frames(app, screen, [key(pygame.K_RETURN)])  # the second picks the only star
    assert picked == [Discover(parse_piece("y3"), "North", parse_piece("r1"), "Zeta")] and not cancelled


def test_escape_in_the_star_choosers_name_field_cancels(screen, data_dir):
    app = make_app(screen)
    picked: list[Discover] = []
    cancelled: list[bool] = []
    actions = [Discover(parse_piece("y3"), "North", parse_piece(s), "Alpha") for s in ("r1", "b1")]
    chooser = StarChooser(app, actions, picked.append, on_cancel=lambda: cancelled.append(True))
    app.scenes.push(chooser)
    run_frames(app, screen)
    run_frames(app, screen, click(chooser.field.rect.center) + _type("x") + [key(pygame.K_ESCAPE)])
    assert cancelled == [True] and picked == [] and app.scenes.top is not chooser


def test_a_save_that_cannot_be_read_says_why(screen, data_dir):
    app = make_app(screen)
    made = []
    out = load_save(app, data_dir / "nothing here.json", lambda problem: f"Could not open: {problem}",
                    made.append)
    assert out is None and made == []
    assert app.toast_text.startswith("Could not open: ")


def test_a_save_read_is_made_into_what_the_caller_wants(screen, data_dir):
    app = make_app(screen)
    game = Game(players=("Ann", "Bob"))
    path = persist.save_game(game, "Kept")
    loaded = load_save(app, path, lambda problem: problem, lambda done: done.game.players)
    assert loaded == ("Ann", "Bob")
    assert not app.toast_text  # nothing to tell of a save read as it was written


def test_the_screen_head_fills_the_window_and_centres_the_form(screen):
    app = make_app(screen)
    surface = pygame.Surface((1000, 600))
    surface.fill((255, 0, 0))
    x, fw = draw_screen_head(surface, app.theme, "Title", 20, width=860)
    assert (x, fw) == (70, 860)
    assert surface.get_at((2, 598))[:3] == T.BG
    assert draw_screen_head(surface, app.theme, "Title", 20, width=980, margin=60) == (30, 940)
