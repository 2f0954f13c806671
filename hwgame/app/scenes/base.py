"""Scenes and the scene stack.

The top scene gets the events; every scene is updated (so the game under a menu keeps listening for
the computer's answer); drawing starts at the highest opaque scene and goes up, so overlays (menus,
dialogs, the game-over card) are drawn over the scene below them.
"""

from __future__ import annotations


class Scene:
    """One screen or overlay. Subclasses override what they need."""

    opaque = True  # False for overlays: the scene below shows through

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
        """Put a scene on top."""
        if self.top is not None:
            self.top.pause()
        self.scenes.append(scene)
        scene.resume()

    def pop(self, scene: Scene | None = None) -> None:
        """Remove the top scene (or ``scene`` if given and present); the one below resumes."""
        if not self.scenes:
            return
        if scene is None:
            scene = self.scenes[-1]
        if scene not in self.scenes:
            return
        was_top = scene is self.scenes[-1]
        scene.pause()
        self.scenes.remove(scene)
        scene.close()
        if was_top and self.top is not None:
            self.top.resume()

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for another."""
        if self.scenes:
            old = self.scenes.pop()
            old.pause()
            old.close()
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
