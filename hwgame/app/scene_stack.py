"""Scenes and the scene stack.

The top scene gets the events; every scene is updated (so the game under a menu keeps listening for
the computer's answer); drawing starts at the highest opaque scene and goes up, so overlays (menus,
dialogs, the game-over card) are drawn over the scene below them.

An overlay may be composed with the scene under it (the tutorial's coaching card over its play
screen): its ``under`` is that scene, and the two enter and leave the stack together, so pushing,
replacing or popping the overlay does the same to the scene under it.
"""

from __future__ import annotations


class Scene:
    """One screen or overlay. Subclasses override what they need."""

    opaque = True  # False for overlays: the scene below shows through
    under: Scene | None = None  # the scene this one is composed over, if any (see the module doc)

    def __init__(self, app):
        self.app = app

    def handle_event(self, event) -> bool:
        """React to an input event; True when consumed."""
        return False

    def update(self, dt: float) -> None:
        """Advance time by ``dt`` seconds."""

    def draw(self, surface) -> None:
        """Draw the scene."""

    def resume(self) -> None:
        """Called when the scene becomes the top of the stack."""

    def pause(self) -> None:
        """Called when another scene covers it or it leaves the stack."""

    def close(self) -> None:
        """Called when the scene leaves the stack for good."""


class SceneStack:
    """The stack of scenes; the last one is on top."""

    def __init__(self):
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

    def find(self, kind) -> Scene | None:
        """The highest scene of a class, or None."""
        for scene in reversed(self.scenes):
            if isinstance(scene, kind):
                return scene
        return None

    def handle_event(self, event) -> bool:
        """Give an event to the top scene."""
        return bool(self.top and self.top.handle_event(event))

    def update(self, dt: float) -> None:
        """Update every scene, bottom first."""
        for scene in list(self.scenes):
            if scene in self.scenes:
                scene.update(dt)

    def draw(self, surface) -> None:
        """Draw from the highest opaque scene up."""
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                start = i
                break
        for scene in self.scenes[start:]:
            scene.draw(surface)
