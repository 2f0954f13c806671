"""The stage: scenes, the scene stack, and ``AppLike``, what a scene may use of the application.

Events go down the stack from the top scene until one consumes them (its ``handle_event`` returns
True): an opaque screen or a modal overlay (a dialog, a menu) ends the descent whether it used the
event or not, so only an overlay that says it is not modal (the tutorial's coaching card) lets the
events it leaves go on to the scene under it. Every scene is updated (so the game under a menu keeps listening for
the computer's answer); drawing starts at the highest opaque scene and goes up, so overlays (menus,
dialogs, the game-over card) are drawn over the scene below them.

An overlay may be composed with the scene under it (the tutorial's coaching card over its play
screen): its ``under`` is that scene, and the two enter and leave the stack together, so pushing,
replacing or popping the overlay does the same to the scene under it.

A window at rest costs nothing: each scene says, in ``rest``, how long its picture stays as it is when
no input comes, and the window loop sleeps that long (see ``hwgame.app.main``).

Scenes, overlays and the tutorial's card are written against ``AppLike`` rather than against
``hwgame.app.app.App``, so the app module is never imported by a scene (it imports them, through the
scene table), and a test may hand a scene any object with these members. ``App`` satisfies it as it is.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

if TYPE_CHECKING:
    import random
    import weakref
    from pathlib import Path

    import pygame

    from hwgame.app.control.flow import PlayController
    from hwgame.app.control.options import GameConfig
    from hwgame.app.control.text import Text
    from hwgame.app.services.opponent import Opponent
    from hwgame.app.services.sound import Sounds
    from hwgame.app.view.theme import Theme
    from hwgame.persist.schema import ClockData, Player, Settings
    from hwgame.rules import Game

S = TypeVar("S", bound="Scene")


class Scene:
    """One screen or overlay. Subclasses override what they need."""

    opaque = True  # False for overlays: the scene below shows through
    # An overlay that is not modal hands the events it does not consume to the scene below (the
    # coaching card to its play screen); a modal one (and any opaque scene) keeps them all.
    modal = True
    under: Scene | None = None  # the scene this one is composed over, if any (see the module doc)

    def __init__(self, app: AppLike):
        self.app = app

    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to an input event; True when consumed (then no scene below sees it)."""
        return False

    def update(self, dt: float) -> None:
        """Advance time by ``dt`` seconds."""

    def rest(self) -> float:
        """Seconds this scene's picture stays as it is if no input comes: 0 while something moves (it is
        drawn every frame), the time left on a timer (a caret's blink, a message), ``math.inf`` when only
        input changes it.

        A scene with no ``update`` of its own waits for input; one that has an ``update`` but does not
        say when it rests is taken to move, so a new animation is never frozen by mistake."""
        return math.inf if type(self).update is Scene.update else 0.0

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene."""

    def toast_place(self, size: tuple[int, int]) -> pygame.Rect | None:
        """The strip where the window's short messages stack over this screen at window size ``size``: a
        part of the window it leaves free of text (the band above a form's buttons, a corner of the map
        the layout keeps clear of systems). None for an overlay, whose messages go in the strip of the
        screen under it, clear of its card (``toast_cover``); every screen names its own."""
        return None

    def toast_cover(self, size: tuple[int, int]) -> pygame.Rect | None:
        """What an overlay draws over the screen under it (its card), which the messages keep clear of;
        None for a screen."""
        return None

    def resume(self) -> None:
        """Called when the scene becomes the top of the stack."""

    def pause(self) -> None:
        """Called when another scene covers it or it leaves the stack."""

    def close(self) -> None:
        """Called when the scene leaves the stack for good."""


class SceneStack:
    """The stack of scenes; the last one is on top."""

    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        """The scene that gets the events."""
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        """Put a scene on top (after the scene it is composed over, if that is not on the stack yet)."""
        if scene.under is not None and scene.under not in self.scenes:
            self.push(scene.under)
        if self.top is not None:
            self.top.pause()
        self.scenes.append(scene)
        scene.resume()

    def _together(self, scene: Scene) -> list[Scene]:
        """``scene`` and the scenes composed with it (the one it lies over, those over it), in stack order."""
        return [s for s in self.scenes if s is scene or s is scene.under or s.under is scene]

    def _remove(self, scene: Scene) -> bool:
        """Take ``scene`` and the scenes composed with it off the stack, top first; True when the top
        scene was among them."""
        leaving = self._together(scene)
        was_top = bool(leaving) and leaving[-1] is self.scenes[-1]
        for old in reversed(leaving):
            old.pause()
            self.scenes.remove(old)
            old.close()
        return was_top

    def pop(self, scene: Scene | None = None) -> None:
        """Remove the top scene (or ``scene`` if given and present) with the scenes composed with it;
        the one below resumes."""
        if not self.scenes:
            return
        if scene is None:
            scene = self.scenes[-1]
        if scene not in self.scenes:
            return
        if self._remove(scene) and self.top is not None:
            self.top.resume()

    def replace(self, scene: Scene) -> None:
        """Swap the top scene (with the scenes composed with it) for another."""
        if self.scenes:
            self._remove(self.scenes[-1])
        if scene.under is not None and scene.under not in self.scenes:
            self.scenes.append(scene.under)
            scene.under.resume()
            scene.under.pause()
        self.scenes.append(scene)
        scene.resume()

    def reset(self, scene: Scene) -> None:
        """Close every scene and start over with one."""
        while self.scenes:
            old = self.scenes.pop()
            old.pause()
            old.close()
        self.scenes.append(scene)
        scene.resume()

    def find(self, kind: type[S]) -> S | None:
        """The highest scene of a class, or None."""
        for scene in reversed(self.scenes):
            if isinstance(scene, kind):
                return scene
        return None

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Give an event to the top scene, then down the stack while a scene neither consumes it nor
        keeps it (see the module doc); True when a scene consumed it."""
        for scene in reversed(list(self.scenes)):
            if scene not in self.scenes:
                return False  # the event closed it (and what lay under it): nothing below was meant
            if scene.handle_event(event):
                return True
            if scene.opaque or scene.modal:
                return False
        return False

    def update(self, dt: float) -> None:
        """Update every scene, bottom first."""
        for scene in list(self.scenes):
            if scene in self.scenes:
                scene.update(dt)

    def rest(self) -> float:
        """Seconds until the picture changes by itself: the least ``rest`` of the scenes drawn (from the
        highest opaque one up). A scene hidden under an opaque one counts only while it is at work (its
        rest is 0: the play screen under the Save screen animating the computer's turn), not for its
        timers, which nobody sees."""
        start = self._first_drawn()
        rest = min((scene.rest() for scene in self.scenes[start:]), default=math.inf)
        if rest > 0 and any(scene.rest() <= 0 for scene in self.scenes[:start]):
            return 0.0
        return rest

    def _first_drawn(self) -> int:
        """The index of the highest opaque scene: drawing starts there."""
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                return i
        return 0

    def draw(self, surface: pygame.Surface) -> None:
        """Draw from the highest opaque scene up."""
        for scene in self.scenes[self._first_drawn():]:
            scene.draw(surface)


class AppLike(Protocol):
    """The members of the application that the screens use (``App`` has them all)."""

    scenes: SceneStack  # the stack of screens and overlays; its top gets the events first
    theme: Theme  # fonts, colours and the colour-blind letters
    size: tuple[int, int]  # the window's size (scenes bring it up to date in ``update``)
    settings: Settings  # the player's settings, written back with ``save_settings``
    sounds: Sounds  # ``sounds.play("build")``; silent when muted or without a device
    opponent: Opponent  # the computer player every controller of this window asks
    rng: random.Random  # the window's random choices (suggested homeworlds, who starts)
    save_names: weakref.WeakKeyDictionary[Game, str]  # the name each game was last saved or loaded under
    language_forced: bool  # True while ``--lang`` decides the language rather than the setting

    @property
    def default_level(self) -> str:
        """The computer level the settings choose."""
        ...

    # The scene's own arguments differ from one scene to the next (the table in ``scenes.SCENES``
    # says which), hence ``Any`` for them.
    def scene_class(self, name: str) -> type[Scene]:
        """The class of the scene called ``name``."""
        ...

    def make_scene(self, name: str, *args: Any, **kwargs: Any) -> Scene:
        """A new scene called ``name``, not shown yet."""
        ...

    def open_scene(self, name: str, *args: Any, **kwargs: Any) -> Scene:
        """Make the scene called ``name`` and put it on top of the stack."""
        ...

    def replace_scene(self, name: str, *args: Any, **kwargs: Any) -> Scene:
        """Make the scene called ``name`` and put it in place of the top scene."""
        ...

    def toast(self, text: Text, seconds: float = 4.0) -> None:
        """A short message at the top of the window."""
        ...

    def save_settings(self) -> None:
        """Write the settings (a failure only shows a message)."""
        ...

    def show_notices(self) -> None:
        """Show the saves folder's new messages, if any."""
        ...

    def to_title(self) -> None:
        """Leave the game on screen for the title screen."""
        ...

    def quit(self) -> None:
        """End the window's loop (the game kept in its autosave)."""
        ...

    def new_game(self, config: GameConfig) -> None:
        """Start a game: the setup screen, or straight to play."""
        ...

    def set_fullscreen(self, on: bool) -> None:
        """Fill the screen or go back to a window, and keep the choice."""
        ...

    def config_of(self, ctl: PlayController) -> GameConfig:
        """The game of ``ctl`` as the new-game form describes one (for a rematch or the form)."""
        ...

    def open_game(self, game: Game, players: list[Player] | None = None, clock: ClockData | None = None,
                  teaching: bool = False) -> None:
        """Continue a game with the seats and levels of ``players`` (the clock a save kept, and whether it is
        a teaching game)."""
        ...

    def load(self, name: str | Path) -> bool:
        """Open a save by name or path; False (with a message) when it cannot."""
        ...

    def players_of(self, ctl: PlayController) -> list[Player]:
        """The two seats of ``ctl`` as the save format's players."""
        ...

    def autosave(self, ctl: PlayController) -> None:
        """Write the game of ``ctl`` to its own autosave."""
        ...


__all__ = ["AppLike"]
