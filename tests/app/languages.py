"""A made-up language for window tests (``tests.wide_language``), and a record of every string the window
draws.

The made-up catalog writes every letter of the English as its full-width twin ("Save" becomes
"Ｓａｖｅ"), placeholders kept, so a string that reached the screen through the catalogs has no plain
ASCII letter left, whatever was cut or wrapped; one that did not keeps its English letters. Names,
notation and numbers are not translated, so a check allows the names a test puts on the screen.
"""

from __future__ import annotations

from hwgame.app.view.theme import Theme
from tests.wide_language import FAKE, install, leftovers, widen


class Drawn:
    """Every string the theme renders (``Theme.text`` is the one place text becomes pixels)."""

    def __init__(self, monkeypatch):
        self.texts: list[str] = []
        real = Theme.text

        def text(theme, shown, *args, **kwargs):
            self.texts.append(shown)
            return real(theme, shown, *args, **kwargs)

        monkeypatch.setattr(Theme, "text", text)

    def frame(self, app, screen, events=(), before: int = 1) -> list[str]:
        """Run ``before`` frames (the first with ``events``), then one more; the strings of that last frame."""
        app.step(list(events), 1 / 60, screen)
        for _ in range(before - 1):
            app.step([], 1 / 60, screen)
        self.texts = []
        app.step([], 1 / 60, screen)
        return list(self.texts)


def names_on(*games) -> set[str]:
    """The names a game (or a replay's timeline) puts on the screen: its players and every system it has
    had."""
    out: set[str] = set()
    for game in games:
        out.update(game.players)
        positions = list(getattr(game, "positions", None) or getattr(game, "starts", ()))
        if hasattr(game, "state"):
            positions.append(game.state.position)
        for pos in positions:
            out.update(s.name for s in pos.systems)
    return out


__all__ = ["FAKE", "Drawn", "install", "leftovers", "names_on", "widen"]
