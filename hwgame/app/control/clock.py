"""Game clocks: a time per game (with an increment or a delay each turn) or a time per turn.

Pure logic (no pygame). The time source is injected (``now``, seconds as ``time.monotonic`` gives
them), so a test moves time by hand and every figure is exact. Times are kept in whole milliseconds.

- ``TimeControl``: what the players agreed: ``kind`` "game" (``base_ms`` for the whole game, plus
  ``increment_ms`` after each turn, or the first ``delay_ms`` of each turn free) or "turn" (``base_ms``
  for each turn, unused time lost).
- ``Clock``: the two players' times, the side whose clock runs, and the reasons it is held (a menu
  over the board, the window away, a game just loaded...). ``end_turn`` charges the mover and passes the
  clock on; ``snapshot``/``restore`` keep it exactly (undo, saves).
- ``PRESETS``: the choices of the New game screen, "none" first.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from hwgame.i18n import N_, _

ClockKind = Literal["game", "turn"]
LOW_MS = 10_000  # under ten seconds a clock shows tenths, warns, and sounds once per turn
SECOND = 1000
MINUTE = 60 * SECOND


@dataclass(frozen=True)
class TimeControl:
    """The agreed time: per game (``base_ms`` each, ``increment_ms`` added after each turn, or the first
    ``delay_ms`` of each turn not counted) or per turn (``base_ms`` for every turn)."""

    kind: ClockKind
    base_ms: int
    increment_ms: int = 0
    delay_ms: int = 0

    def __post_init__(self) -> None:
        if self.base_ms <= 0 or self.increment_ms < 0 or self.delay_ms < 0:
            raise ValueError(f"not a time control: {self!r}")
        if self.kind == "turn" and (self.increment_ms or self.delay_ms):
            raise ValueError("a time per turn has no increment nor delay")

    def describe(self) -> str:
        """The control in a few words, in the language in force: "5 min + 5 s", "30 s a turn"."""
        if self.kind == "turn":
            if self.base_ms % MINUTE == 0:
                return _("{n} min a turn").format(n=self.base_ms // MINUTE)
            return _("{n} s a turn").format(n=_whole(self.base_ms))
        base = _("{n} min").format(n=_whole(self.base_ms, MINUTE))
        if self.increment_ms:
            return _("{base} + {n} s").format(base=base, n=_whole(self.increment_ms))
        if self.delay_ms:
            return _("{base}, {n} s delay").format(base=base, n=_whole(self.delay_ms))
        return base


def _whole(ms: int, unit: int = SECOND) -> str:
    """``ms`` in ``unit``s: a whole number when it is one, else to a tenth."""
    value = ms / unit
    return str(int(value)) if value == int(value) else f"{value:.1f}"


# The New game screen's choices, in order: no clock first (the default), then times per game as
# Homeworlds Live offers them, then times per turn.
PRESETS: dict[str, TimeControl | None] = {
    "none": None,
    "5+5": TimeControl("game", 5 * MINUTE, increment_ms=5 * SECOND),
    "10+10": TimeControl("game", 10 * MINUTE, increment_ms=10 * SECOND),
    "15d10": TimeControl("game", 15 * MINUTE, delay_ms=10 * SECOND),
    "30": TimeControl("game", 30 * MINUTE),
    "turn30": TimeControl("turn", 30 * SECOND),
    "turn60": TimeControl("turn", MINUTE),
    "turn120": TimeControl("turn", 2 * MINUTE),
}
NO_CLOCK = N_("No clock")


def preset_label(key: str) -> str:
    """The New game screen's words for a preset, in the language in force."""
    control = PRESETS.get(key)
    return _(NO_CLOCK) if control is None else control.describe()


def preset_of(control: TimeControl | None) -> str:
    """The preset ``control`` is ("none" for no clock); "" for a control no preset gives."""
    for key, value in PRESETS.items():
        if value == control:
            return key
    return ""


def format_clock(ms: int) -> str:
    """A clock's time as shown: minutes and seconds ("4:05", "12:00"), with tenths under ten seconds
    ("0:09.4"). Never negative; a time is rounded down, so a clock shows 0:00.0 only at zero."""
    ms = max(0, int(ms))
    if ms < LOW_MS:
        tenths = ms // 100
        return f"0:{tenths // 10:02d}.{tenths % 10}"
    seconds = ms // SECOND
    return f"{seconds // 60}:{seconds % 60:02d}"


@dataclass(frozen=True)
class ClockState:
    """A clock as it stands, to restore exactly: each player's time at the start of the turn under way
    (``banked``), whose clock runs (None before the first turn in play), and the time already used
    of the turn under way."""

    banked: tuple[int, int]
    running: int | None = None
    used_ms: int = 0


@dataclass
class Clock:
    """Two players' times under a ``TimeControl`` (see the module doc).

    The running side's time goes down while no hold is on (``hold``); a held clock keeps what it shows.
    """

    control: TimeControl
    now: Callable[[], float] = time.monotonic
    banked: list[int] = field(default_factory=list)
    running: int | None = None
    _used: int = 0  # ms used of the turn under way, up to ``_since``
    _since: float | None = None  # when the current unheld stretch began (None while held or stopped)
    _holds: set[str] = field(default_factory=set)

    def __post_init__(self) -> None:
        if not self.banked:
            self.banked = [self.control.base_ms, self.control.base_ms]

    # --- reading ---
    def used_ms(self) -> int:
        """Milliseconds used so far of the turn under way (held time not counted)."""
        used = self._used
        if self._since is not None:
            used += max(0, round((self.now() - self._since) * 1000))
        return used

    def _charge(self, used: int) -> int:
        """What ``used`` ms of a turn cost: all of it, but for the delay of a time per game."""
        return max(0, used - self.control.delay_ms)

    def remaining_ms(self, player: int) -> int:
        """``player``'s time now, never below zero (the running side's goes down as time passes)."""
        if player != self.running:
            return self.banked[player] if self.control.kind == "game" else self.control.base_ms
        if self.control.kind == "turn":
            return max(0, self.control.base_ms - self.used_ms())
        return max(0, self.banked[player] - self._charge(self.used_ms()))

    def flagged(self) -> int | None:
        """The player whose clock runs and has reached zero, or None."""
        if self.running is not None and self.remaining_ms(self.running) <= 0:
            return self.running
        return None

    @property
    def ticking(self) -> bool:
        """True while the running side's time goes down (a clock runs and nothing holds it)."""
        return self._since is not None

    @property
    def holds(self) -> frozenset[str]:
        """Why the clock is held now (empty while it runs)."""
        return frozenset(self._holds)

    def until_change(self) -> float:
        """Seconds until the running clock's shown time changes (tenths under ten seconds, else
        seconds); ``math.inf`` while it does not run."""
        if not self.ticking or self.running is None:
            return math.inf
        left = self.remaining_ms(self.running)
        if left <= 0:
            return 0.0
        used = self.used_ms()
        if self.control.kind == "game" and used < self.control.delay_ms:
            return (self.control.delay_ms - used) / 1000  # the delay passes before the time moves
        step = 100 if left <= LOW_MS else SECOND
        return max(0.001, ((left - 1) % step + 1) / 1000)

    # --- running ---
    def _start_stretch(self) -> None:
        self._since = self.now() if self.running is not None and not self._holds else None

    def _end_stretch(self) -> None:
        self._used = self.used_ms()
        self._since = None

    def start(self, player: int) -> None:
        """Start ``player``'s turn (the first turn in play, or after a restore without a runner)."""
        self._end_stretch()
        self.running, self._used = player, 0
        self._start_stretch()

    def hold(self, reason: str, on: bool = True) -> None:
        """Hold the clock for ``reason`` (``on``), or let go of that reason; it runs once no reason holds it."""
        if on == (reason in self._holds):
            return
        self._end_stretch()
        if on:
            self._holds.add(reason)
        else:
            self._holds.discard(reason)
        self._start_stretch()

    def end_turn(self, next_player: int) -> None:
        """The running side ended a turn: charge it (plus the increment), and start ``next_player``'s turn."""
        if self.running is not None and self.control.kind == "game":
            mover = self.running
            self.banked[mover] = max(0, self.banked[mover] - self._charge(self.used_ms())) + self.control.increment_ms
        self.start(next_player)

    def snapshot(self) -> ClockState:
        """The clock as it stands now (a held clock included), to ``restore`` later."""
        return ClockState((self.banked[0], self.banked[1]), self.running, self.used_ms())

    def restore(self, state: ClockState) -> None:
        """Show exactly ``state`` again (the holds stay as they are)."""
        self._since = None
        self.banked = [state.banked[0], state.banked[1]]
        self.running, self._used = state.running, state.used_ms
        self._start_stretch()


__all__ = ["Clock", "ClockState", "LOW_MS", "PRESETS", "TimeControl", "format_clock", "preset_label", "preset_of"]
