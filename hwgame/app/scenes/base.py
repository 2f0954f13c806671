"""A scene with buttons: the event loop most screens and cards share.

An event goes to the scene's controls in order (buttons, fields, choices, lists: anything with
``handle_event(event) -> bool``), and the first that takes it ends there, as pygame_gui's widgets do;
a button's hover, press and click are its own (``view.widgets.Button``). A key no control took is
looked up in the scene's ``keys()`` (Escape leaves by default); what is left goes to ``handle_other``
(the wheel, a click on a list the scene draws itself).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Protocol

import pygame

from hwgame.app.stage import Scene
from hwgame.app.view.widgets import Button


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


__all__ = ["ButtonScene", "Control"]
