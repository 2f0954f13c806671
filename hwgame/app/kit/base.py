"""A scene with buttons: the event loop most screens and cards share.

An event goes to the scene's controls in order (buttons, fields, choices, lists: anything with
``handle_event(event) -> bool``), and the first that takes it ends there, as pygame_gui's widgets do;
a button's hover, press and click are its own (``view.widgets.Button``). A key no control took is
looked up in the scene's ``keys()`` (Escape leaves by default); what is left goes to ``handle_other``
(the wheel, a click on a list the scene draws itself).

A form (``FormScene``) is a screen or card around one text field: what is typed goes in on Enter, a
refusal is said in red under the field with the text kept as typed, and Escape leaves. ``load_save``
reads a save for the window, with a message that says why when it cannot.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeVar

import pygame

from hwgame.app.control.text import Worded, error_text, notices_text
from hwgame.app.stage import Scene
from hwgame.app.view import theme as T
from hwgame.app.view.widgets import Button, TextField, draw_paragraphs, draw_screen_head

if TYPE_CHECKING:
    from hwgame.app.stage import AppLike
    from hwgame.persist import LoadedGame

R = TypeVar("R")  # what is made of a save once it is read
V = TypeVar("V")  # what a place on the screen stands for (a row's index, a star to pick)
ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)
PROBLEM_LINE = 23  # the pitch of a form's problem lines (size 21, a gap of 2)


class Control(Protocol):
    """What a scene's control has: it says whether an event was meant for it."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to an event; True when it was meant for this control."""
        ...


class ButtonScene(Scene):
    """A scene whose ``controls()`` take the events first, then its ``keys()``, then ``handle_other``.

    ``buttons`` is the default list of controls; a scene with other widgets returns them all, in the
    order they are asked, from ``controls()``."""

    buttons: list[Button]  # set by each scene that uses the default ``controls``

    def controls(self) -> Sequence[Control]:
        """The controls asked about each event, in order (the ``buttons`` by default)."""
        return self.buttons

    def keys(self) -> Mapping[int, Callable[[], object]]:
        """What a key does once no control took it: Escape leaves the scene unless a scene says otherwise."""
        return {pygame.K_ESCAPE: self.leave}

    def leave(self) -> None:
        """Escape or Back: take this scene off the stack."""
        self.app.scenes.pop(self)

    def handle_controls(self, event: pygame.event.Event) -> bool:
        """Give the event to the controls in order; True when one took it."""
        return any(control.handle_event(event) for control in self.controls())

    def handle_keys(self, event: pygame.event.Event) -> bool:
        """Run the action of a key pressed (see ``keys``); True when the key has one."""
        if event.type != pygame.KEYDOWN:
            return False
        action = self.keys().get(event.key)
        if action is None:
            return False
        action()
        return True

    def handle_other(self, event: pygame.event.Event) -> bool:
        """An event no control and no key took (the wheel, a click on a list): True when used."""
        return False

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The controls, then the keys, then ``handle_other``; True when one of them used the event."""
        return self.handle_controls(event) or self.handle_keys(event) or self.handle_other(event)


class FormScene(ButtonScene):
    """A screen (or a card) around one text field (``field``): what is typed goes in with ``submit``.

    The field takes the events first. Enter in it submits; a refused entry sets ``problem`` (``Text``,
    worded at each frame) and leaves the field focused with the text as typed, ready to be corrected.
    With the field left, Enter submits too and Escape leaves (``keys``); Escape in the field leaves at
    once. ``update`` and ``rest`` blink the caret. A screen draws its head with ``draw_head`` (its
    ``heading`` over a column ``form_width`` wide at the most), the field with ``draw_field`` and the
    problem under it with ``draw_problem``."""

    problem = Worded()  # why what was typed cannot be used, worded at each frame
    form_width: ClassVar[int] = 980  # the widest the form's column gets
    enter_submits: ClassVar[bool] = True  # False: Enter only leaves the field (the card's own keys decide)
    typing_clears_problem: ClassVar[bool] = False  # True: the problem goes as soon as the player types

    def __init__(self, app: AppLike, field: TextField, focused: bool = True):
        super().__init__(app)
        self.field = field
        self.field.focused = focused
        self.problem = ""
        self.buttons = []  # a form's own buttons, if any, are set by the screen

    def submit(self) -> object:
        """Use what the field holds; on a refusal set ``problem`` (and stay)."""
        raise NotImplementedError

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The field (Enter in it submits), then the controls, the keys and ``handle_other``."""
        if self.field.handle_event(event):
            if event.type == pygame.KEYDOWN and event.key in ENTER and self.enter_submits:
                self.submit()
                self.field.focused = bool(self.problem)  # a refused entry stays ready to be corrected
            elif event.type == pygame.TEXTINPUT and self.typing_clears_problem:
                self.problem = ""
            return True
        return super().handle_event(event)

    def keys(self) -> dict[int, Callable[[], object]]:
        """Enter submits, Escape leaves."""
        return {pygame.K_RETURN: self.submit, pygame.K_KP_ENTER: self.submit, pygame.K_ESCAPE: self.leave}

    def update(self, dt: float) -> None:
        """The caret blinks."""
        self.field.update(dt)

    def rest(self) -> float:
        """Still until the caret blinks."""
        return self.field.rest()

    def heading(self) -> str:
        """The screen's title, in the language in force."""
        return ""

    def draw_head(self, surface: pygame.Surface, top: int = 22) -> tuple[int, int]:
        """The background and the title ``top`` pixels down; return the form's column (left edge, width)."""
        return draw_screen_head(surface, self.app.theme, self.heading(), top, width=self.form_width)

    def draw_field(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The field, placed at ``rect``."""
        self.field.rect = rect
        self.field.draw(surface, self.app.theme)

    def draw_problem(self, surface: pygame.Surface, x: int, y: int, width: int, lines: int) -> int:
        """The problem in red from (``x``, ``y``), wrapped to ``width`` in ``lines`` lines at the most;
        return the height under the lines drawn (``y`` when there is no problem)."""
        problem = self.problem
        if not problem:
            return y
        rect = pygame.Rect(x, y, width, lines * (PROBLEM_LINE + 1))
        n = draw_paragraphs(surface, self.app.theme, problem, rect, 21, T.TEXT_BAD, 2)
        return y + min(lines, n) * PROBLEM_LINE


def clicked(event: pygame.event.Event, places: Iterable[tuple[pygame.Rect, V]]) -> V | None:
    """What the place a left click was released on stands for, among ``places`` (a list's rows the
    scene drew itself, each with its item); None for any other event, or a click elsewhere."""
    if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
        for rect, item in places:
            if rect.collidepoint(event.pos):
                return item
    return None


def load_save(app: AppLike, path: str | Path, failure: Callable[[str], str],
              then: Callable[[LoadedGame], R]) -> R | None:
    """Read the save at ``path`` (a name or a path) and make ``then`` of it; None when it cannot be read.

    A save that cannot be read leaves a message, ``failure`` wording the problem ("Could not load:
    {problem}") in the language in force; what the saves folder says of a save read (a backup used in
    its place...) is a message once ``then`` has run."""
    try:
        from hwgame import persist

        loaded = persist.load_game(path)
    except Exception as exc:
        failed = exc
        app.toast(lambda: failure(error_text(failed)))
        return None
    made = then(loaded)
    if loaded.notices:
        app.toast(lambda: notices_text(loaded.notices), 8.0)
    return made


def replay_of(app: AppLike, path: str | Path) -> Scene | None:
    """The replay viewer of the save at ``path``, not shown yet; None (with a message) when the save
    cannot be read."""
    replay: Any = app.scene_class("replay")  # scenes are known to each other by name only
    scene: Scene | None = replay.from_file(app, path)
    return scene


__all__ = ["ENTER", "ButtonScene", "Control", "FormScene", "clicked", "load_save", "replay_of"]
