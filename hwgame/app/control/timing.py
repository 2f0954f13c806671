"""A game's clock: a ``clock.Clock`` that follows a game's turns, undo and end.

Pure logic (no pygame). The play flow tells it when a turn ends (``turn_ended``) and when turns are
taken back or played again (``taken_back``); the screen calls ``follow`` every frame and says what
holds the clock (a menu over the board, the window away, the computer's turn still being shown).

Decisions the player sees:

- the homeworlds are set up off the clock: it starts with the first turn in play;
- every turn's start is kept (``starts``: both players' times), so an undo shows the clock exactly as
  it was at the start of the turn it goes back to, and a redo as it was at the start of the turn it
  comes to; a save keeps them too;
- a game loaded from a save comes back held ("loaded") until the player's first action, with the
  time the save kept;
- the computer's clock runs while it thinks; its search is given ``budget_seconds`` at most.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Literal

from hwgame.app.control.clock import LOW_MS, Clock, ClockState, TimeControl
from hwgame.rules import PLAYING, Game

if TYPE_CHECKING:
    from hwgame.persist.schema import ClockData

LOADED = "loaded"  # the hold of a game just loaded, until the player acts
OVER = "over"  # the game has ended: the clocks stop where they are
SAFETY_MS = 400  # what the computer keeps back for the window to receive and play its turn


class GameClock:
    """The clock of one game (see the module doc). ``clock`` is the ``Clock`` itself."""

    def __init__(self, control: TimeControl, now: Callable[[], float] = time.monotonic,
                 state: ClockState | None = None, starts: dict[int, tuple[int, int]] | None = None):
        self.clock = Clock(control, now)
        if state is not None:
            self.clock.restore(state)
        self.starts: dict[int, tuple[int, int]] = dict(starts or {})
        self._warned: int | None = None  # the turn whose ten-second warning was given

    @property
    def control(self) -> TimeControl:
        """The agreed time."""
        return self.clock.control

    # --- following the game ---
    def follow(self, game: Game) -> None:
        """Bring the clock in line with ``game``: it starts with the first turn in play, and stops once
        the game is over (called every frame, and after every change)."""
        clock = self.clock
        over = game.is_over()
        clock.hold(OVER, over)
        if clock.running is None and not over and game.position.stage >= PLAYING:
            clock.start(game.to_move)
            self.starts.setdefault(len(game.turns), (clock.banked[0], clock.banked[1]))

    def turn_ended(self, game: Game) -> None:
        """A turn was committed: the mover is charged (plus the increment), the next player's clock runs.
        The starts of turns that were taken back and not played again are forgotten."""
        clock = self.clock
        if clock.running is not None:
            clock.end_turn(game.to_move)
            n = len(game.turns)
            for later in [k for k in self.starts if k >= n]:
                del self.starts[later]
            self.starts[n] = (clock.banked[0], clock.banked[1])
        self.follow(game)

    def taken_back(self, game: Game) -> None:
        """Turns were taken back (or played again): both clocks show what they showed at the start of
        the turn the game is now at; a held clock stays held."""
        n = len(game.turns)
        self._warned = None
        if game.position.stage < PLAYING:
            base = self.control.base_ms
            self.clock.restore(ClockState((base, base), None, 0))
            return
        known = [k for k in self.starts if k <= n]
        banked = self.starts[max(known)] if known else (self.control.base_ms, self.control.base_ms)
        self.clock.restore(ClockState(banked, game.to_move, 0))
        self.follow(game)

    def flagged(self, game: Game) -> int | None:
        """The player who has just run out of time in ``game`` (None while the game goes on in time)."""
        if game.is_over():
            return None
        return self.clock.flagged()

    def low_warning(self, game: Game) -> bool:
        """True once per turn, when the running clock has ten seconds or less (the sound plays then)."""
        clock = self.clock
        if clock.running is None or not clock.ticking or game.is_over():
            return False
        n = len(game.turns)
        if self._warned != n and clock.remaining_ms(clock.running) <= LOW_MS:
            self._warned = n
            return True
        return False

    # --- reading ---
    def shown(self, player: int) -> int:
        """``player``'s time as the clock shows it now, in ms."""
        return self.clock.remaining_ms(player)

    def is_low(self, player: int) -> bool:
        """True when ``player``'s time is low enough to be shown as a warning: ten seconds or less, or
        under a tenth of the time per game (and under a minute)."""
        left = self.shown(player)
        control = self.control
        return left <= LOW_MS or (control.kind == "game" and left < min(60_000, control.base_ms // 10))

    def budget_seconds(self, player: int) -> float:
        """The longest the computer playing ``player`` may think now: a tenth of its time (its delay and
        half its increment besides), or half of a time per turn, less a margin for the window."""
        control = self.control
        left = self.shown(player)
        if control.kind == "turn":
            ms = left // 2
        else:
            ms = left // 10 + control.delay_ms + control.increment_ms // 2
            ms = min(ms, left // 2 + control.delay_ms)
        return max(0.05, (ms - SAFETY_MS) / 1000)

    # --- saves ---
    def state(self) -> ClockState:
        """The clock as it stands (to the millisecond)."""
        return self.clock.snapshot()

    def key(self) -> tuple:
        """What a save of the clock holds, to tell whether it changed since the last one."""
        return (self.state(), tuple(sorted(self.starts.items())))

    def data(self) -> ClockData:
        """The clock as a save keeps it."""
        from hwgame.persist.schema import ClockData

        state, control = self.state(), self.control
        running: Literal[0, 1] | None = None if state.running is None else 1 if state.running else 0
        return ClockData(kind=control.kind, base_ms=control.base_ms, increment_ms=control.increment_ms,
                         delay_ms=control.delay_ms, remaining_ms=list(state.banked), running=running,
                         used_ms=state.used_ms, starts=[(k, a, b) for k, (a, b) in sorted(self.starts.items())])

    @classmethod
    def from_data(cls, data: ClockData, now: Callable[[], float] = time.monotonic) -> GameClock:
        """The clock a save kept, held until the player's first action."""
        control = TimeControl(data.kind, data.base_ms, data.increment_ms, data.delay_ms)
        running = data.running
        state = ClockState((data.remaining_ms[0], data.remaining_ms[1]), running, data.used_ms)
        starts = {k: (a, b) for k, a, b in data.starts}
        made = cls(control, now, state, starts)
        made.clock.hold(LOADED)
        return made


__all__ = ["GameClock", "LOADED", "OVER"]
