"""Reviewing the game just played: the replay viewer opened on a game of the play screen."""

from __future__ import annotations

from .replay import ReplayScene


class ReviewScene(ReplayScene):
    """The replay viewer on a live game (from the game-over card); it opens at the last board."""

    def __init__(self, app, ctl):
        super().__init__(app, ctl.game, app.players_of(ctl), name="This game", bottom=ctl.bottom)
        self.ctl = ctl
