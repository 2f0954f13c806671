"""What a scene may use of the application: ``AppLike``, the one door between the screens and ``App``.

Scenes, overlays and the coaching card are written against this protocol rather than against
``hwgame.app.app.App``, so the app module is never imported by a scene (it imports them, through the
scene table), and a test may hand a scene any object with these members. ``App`` satisfies it as it is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import random
    import weakref
    from pathlib import Path

    from hwgame.persist.schema import Player, Settings
    from hwgame.rules import Game

    from .flow import PlayController
    from .opponent import Opponent
    from .options import GameConfig
    from .scene_stack import Scene, SceneStack
    from .sound import Sounds
    from .text import Text
    from .view.theme import Theme


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

    def open_game(self, game: Game, players: list[Player] | None = None) -> None:
        """Continue a game with the seats and levels of ``players``."""
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
