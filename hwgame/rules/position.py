"""Rule sets, systems and the immutable, hashable Position.

A Position is everything needed to continue a game between turns: the systems on the map, the bank,
whose turn it is and how far the setup has come. It is a NamedTuple of tuples, so it hashes, compares
and copies cheaply. Pieces are counted, never named (see ``pieces``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import NamedTuple

from .errors import HomeworldsError
from .notation import quote, shown
from .pieces import FULL_BANK, color_of, piece_text, size_of

NO_HOME = -1
PLAYING = 2  # Position.stage once both homeworlds are set up
# Position.stage in play under rules with ``late_home`` (sdg) while the second player, who passed
# instead of setting up, has yet to build a homeworld: the first plays on meanwhile.
LATE_HOME = 3


@dataclass(frozen=True)
class RuleSet:
    """A named set of rule choices (see RULES.md: standard and sdg)."""

    name: str
    single_star_home: bool  # a homeworld with one star (written "-") may be set up
    repetition_draw: bool  # the third repetition of a position is a draw
    # The second player may pass instead of setting up and build the homeworld on a later turn, the
    # first playing on meanwhile (SDG allowed it; see LATE_HOME).
    late_home: bool = False


STANDARD = RuleSet("standard", single_star_home=False, repetition_draw=True)
SDG = RuleSet("sdg", single_star_home=True, repetition_draw=False, late_home=True)
RULESETS = {"standard": STANDARD, "sdg": SDG}


def ruleset_named(name: str) -> RuleSet:
    """Return the rule set called ``name`` (standard or sdg)."""
    try:
        return RULESETS[name.lower()]
    except KeyError:
        raise HomeworldsError("unknown-rules", name=quote(str(name))) from None


class System(NamedTuple):
    """A star system: 1 or 2 stars, each player's ships, a name, and whose homeworld it is."""

    home: int  # owner of this homeworld, or NO_HOME
    stars: tuple[int, ...]  # sorted piece codes
    ships0: tuple[int, ...]  # sorted piece codes of player 0's ships
    ships1: tuple[int, ...]
    name: str

    def ships_of(self, player: int) -> tuple[int, ...]:
        """The sorted ships a player owns here."""
        return self.ships1 if player else self.ships0

    def star_sizes(self) -> int:
        """Bit mask of the star sizes here (bit 0 = size 1)."""
        mask = 0
        for p in self.stars:
            mask |= 1 << (p % 3)  # size_of(p) - 1, inlined: connection tests run in move generation
        return mask

    def count_color(self, color: int) -> int:
        """How many pieces of a colour are here: stars and both players' ships."""
        return sum(1 for p in self.stars + self.ships0 + self.ships1 if color_of(p) == color)

    def overpopulated(self) -> tuple[int, ...]:
        """The colours with 4 or more pieces here."""
        return overpopulated_colors(self)


def overpopulated_colors(s: System) -> tuple[int, ...]:
    """The colours with 4 or more pieces (stars and both players' ships) in a system."""
    stars, ships0, ships1 = s[1], s[2], s[3]
    if len(stars) + len(ships0) + len(ships1) < 4:
        return ()
    counts = [0, 0, 0, 0]
    for p in stars + ships0 + ships1:
        counts[p // 3] += 1  # color_of(p), inlined: the whole-turn search asks this of every system
    return tuple(c for c in range(4) if counts[c] >= 4)


def connected(a: System, b: System) -> bool:
    """Two systems are connected when they share no star size."""
    return not (a.star_sizes() & b.star_sizes())


# What Position.key() returns: the mover, the setup stage, the rules' name and the systems without names.
SystemBody = tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]
PositionKey = tuple[int, int, str, tuple[SystemBody, ...]]


class Position(NamedTuple):
    """The state of a game between turns (and, inside a turn, between actions)."""

    systems: tuple[System, ...]
    bank: tuple[int, ...]  # 12 counts
    to_move: int  # 0 is the player who set up first
    stage: int  # 0 or 1: that player sets up next; PLAYING once both have (LATE_HOME: see there)
    rules: RuleSet = STANDARD
    players: tuple[str, str] = ("North", "South")

    def system_named(self, name: str) -> System | None:
        """The system with this name (exact, then case-insensitive), or None."""
        for s in self.systems:
            if s.name == name:
                return s
        low = name.lower()
        for s in self.systems:
            if s.name.lower() == low:
                return s
        return None

    def home_of(self, player: int) -> System | None:
        """A player's homeworld, or None when it is gone (or not yet set up)."""
        for s in self.systems:
            if s.home == player:
                return s
        return None

    def key(self) -> PositionKey:
        """A hashable key equal for positions that differ only in non-home system names."""
        return (self.to_move, self.stage, self.rules.name, tuple(sorted(s[:4] for s in self.systems)))

    def losers(self) -> tuple[int, ...]:
        """Players who have lost by the end-of-turn check: no ship of theirs at their own homeworld.

        While the second player has yet to build a homeworld (``LATE_HOME``) only the first is checked."""
        if self.stage != PLAYING:
            if self.stage != LATE_HOME:
                return ()
        lost = []
        for player in (0,) if self.stage == LATE_HOME else (0, 1):
            home = self.home_of(player)
            if home is None or not home.stars or not home.ships_of(player):
                lost.append(player)
        return tuple(lost)

    def is_over(self) -> bool:
        """True when the game has ended in this position."""
        return bool(self.losers())

    def winner(self) -> int | None:
        """The winning player, or None (game not over, or a draw)."""
        lost = self.losers()
        if len(lost) == 1:
            return opponent_of(lost[0])
        return None

    def names_in_use(self) -> set[str]:
        """Lower-case names that a new system may not take."""
        names = {s.name.lower() for s in self.systems}
        names.update(p.lower() for p in self.players)
        return names

    def describe(self) -> str:
        """A readable multi-line description of the position (for logs and the engine protocol)."""
        lines = []
        for s in self.systems:
            owner = f" (home of {self.players[s.home]})" if s.home != NO_HOME else ""
            stars = " ".join(piece_text(p) for p in s.stars)
            ships = "; ".join(
                f"{self.players[pl]}: " + " ".join(piece_text(p) for p in s.ships_of(pl))
                for pl in (0, 1)
                if s.ships_of(pl)
            )
            lines.append(f"{s.name}{owner}: stars {stars}; ships {ships or 'none'}")
        bank = " ".join(f"{piece_text(p)}x{n}" for p, n in enumerate(self.bank) if n)
        lines.append(f"bank: {bank or 'empty'}")
        lines.append(f"to move: {self.players[self.to_move]}")
        return "\n".join(lines)


def opponent_of(player: int) -> int:
    """The seat that plays against ``player`` (0 or 1): the one place that knows there are two seats."""
    return 1 - player


def player_pair(names: Iterable[str]) -> tuple[str, str]:
    """The players' names as a pair; raise HomeworldsError unless there are exactly two."""
    pair = tuple(names)
    if len(pair) != 2:
        raise HomeworldsError("not-two-players", count=len(pair), players=shown(list(pair)))
    return pair[0], pair[1]


def initial_position(rules: RuleSet = STANDARD, players: tuple[str, str] = ("North", "South")) -> Position:
    """The position before setup: every piece in the bank, the first player to set up."""
    return Position((), FULL_BANK, 0, 0, rules, player_pair(players))


def piece_count(position: Position) -> list[int]:
    """Count every piece code over bank, stars and ships (always 3 each in a sound position)."""
    counts = list(position.bank)
    for s in position.systems:
        for p in s.stars + s.ships0 + s.ships1:
            counts[p] += 1
    return counts


__all__ = [
    "LATE_HOME",
    "NO_HOME",
    "PLAYING",
    "RuleSet",
    "STANDARD",
    "SDG",
    "System",
    "Position",
    "PositionKey",
    "connected",
    "initial_position",
    "piece_count",
    "ruleset_named",
    "color_of",
    "size_of",
]
