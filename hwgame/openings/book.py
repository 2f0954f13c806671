"""The opening book: how many games reached each early position, how they ended, and the turns played next.

A ``Book`` is made of games' opening paths (``GamePath``: the positions a game went through during its
first ``DEPTH`` turns, setup included, and the turns between them). It counts, for every position
(``keys.key_text``: names aside) and every rule set, the games that reached it, and for every turn
played from it (told apart by the position it leads to) the games that played it. A game that reaches
a position twice counts there once; two move orders that reach the same position count together.

Results: a game decided on the board counts as a win for one side or a draw; a game whose record stops
before that (a resignation, a timeout, a game going on) counts among the games only, in neither wins,
draws nor losses.

Under each rule set a game counts only as far as its turns are legal under it (``GamePath.plies``): the
archive, played under the sdg rules, counts under the standard rules only along the turns that the
standard rules allow too (no one-star homeworld, no homeworld built after a pass), with the game's
result as it was played.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from hwgame.rules import Position, Turn

from .keys import key_text, turn_for

DEPTH = 12  # the book holds the positions of the setup (2 turns) and of the first 10 turns after it
THIN = 10  # fewer games than this: "few games", the book says little there

# Counts of a position or a turn under one rule set: games, wins of player 0, wins of player 1, draws.
Counts = list[int]


@dataclass(frozen=True)
class GamePath:
    """A game's first turns as the book counts them: ``keys`` the positions (``keys.key_text``) from the
    start, ``turns`` the stored turns between them (``keys.stored_turn``; one fewer), ``winner`` 0 or 1
    (None: a draw or no result), ``decided`` True when the game ended on the board (a win or a draw),
    and ``plies``, per rule set's name, how many of the turns count under it."""

    keys: tuple[str, ...]
    turns: tuple[str, ...]
    winner: int | None
    decided: bool
    plies: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Tally:
    """Games and their results for one side (the side to move where the position is shown)."""

    games: int
    wins: int
    draws: int
    losses: int

    @property
    def decided(self) -> int:
        """The games with a result (the others' records stop before one)."""
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float | None:
        """Wins and half the draws over the decided games, 0 to 1; None when none is decided."""
        if not self.decided:
            return None
        return (self.wins + 0.5 * self.draws) / self.decided

    @property
    def thin(self) -> bool:
        """True when too few games (under ``THIN``) say much."""
        return self.games < THIN


def tally_of(counts: Sequence[int], side: int) -> Tally:
    """The Tally of stored counts (games, wins of 0, wins of 1, draws) seen from ``side``."""
    games, wins0, wins1, draws = counts
    mine, theirs = (wins0, wins1) if side == 0 else (wins1, wins0)
    return Tally(games, mine, draws, theirs)


@dataclass(frozen=True)
class NextTurn:
    """A turn played next: ``turn`` written with the board's names and legal there, ``tally`` the games
    that played it from the position (results for the side who plays it), ``child`` the key reached."""

    turn: Turn
    tally: Tally
    child: str


@dataclass(frozen=True)
class Explored:
    """What the book says of a position: ``total`` the games that reached it (results for the side to
    move), ``next`` the turns played from it, most played first; ``in_book`` False when no game reached
    it (or it lies beyond the book's ``depth``)."""

    total: Tally
    next: tuple[NextTurn, ...]
    depth: int

    @property
    def in_book(self) -> bool:
        """True when at least one game of the book reached the position."""
        return self.total.games > 0


_ZERO = Tally(0, 0, 0, 0)


class Book:
    """Counts of positions and of the turns between them, per rule set (see the module docstring)."""

    def __init__(self, depth: int = DEPTH) -> None:
        self.depth = depth
        self.games: dict[str, int] = {}  # per rule set, the games counted
        # key -> rules -> counts; parent key -> child key -> (stored turn, rules -> counts)
        self.nodes: dict[str, dict[str, Counts]] = {}
        self.links: dict[str, dict[str, tuple[str, dict[str, Counts]]]] = {}

    @staticmethod
    def _add(table: dict[str, Counts], rules: str, path: GamePath) -> None:
        counts = table.setdefault(rules, [0, 0, 0, 0])
        counts[0] += 1
        if path.decided:
            counts[3 if path.winner is None else 1 + path.winner] += 1

    def add(self, path: GamePath) -> None:
        """Count one game's path under each rule set it names (as far as ``plies`` says)."""
        for rules, plies in path.plies.items():
            plies = min(plies, len(path.turns), self.depth)
            self.games[rules] = self.games.get(rules, 0) + 1
            seen: set[str] = set()
            for key in path.keys[: plies + 1]:
                if key not in seen:
                    seen.add(key)
                    self._add(self.nodes.setdefault(key, {}), rules, path)
            went: set[tuple[str, str]] = set()
            for k in range(plies):
                parent, child = path.keys[k], path.keys[k + 1]
                if (parent, child) in went:
                    continue
                went.add((parent, child))
                link = self.links.setdefault(parent, {}).setdefault(child, (path.turns[k], {}))
                self._add(link[1], rules, path)

    def extend(self, paths: Iterable[GamePath]) -> Book:
        """Count every path; return the book itself."""
        for path in paths:
            self.add(path)
        return self

    def counts(self, key: str, rules: str) -> Counts:
        """The stored counts of a position under a rule set (zeros when no game reached it)."""
        return self.nodes.get(key, {}).get(rules, [0, 0, 0, 0])

    def explore(self, position: Position, avoid: Iterable[str] = ()) -> Explored:
        """What the book says of ``position`` under its rules: the games that reached it and the turns
        played next, each written with this board's names (a discovery named clear of ``avoid``, the
        names a game used before), most played first (then the better score, then the notation)."""
        rules, side = position.rules.name, position.to_move
        key = key_text(position)
        total = tally_of(self.counts(key, rules), side)
        if not total.games:
            return Explored(_ZERO, (), self.depth)
        avoid = tuple(avoid)
        found: list[NextTurn] = []
        for child, (text, by_rules) in self.links.get(key, {}).items():
            counts = by_rules.get(rules)
            if not counts or not counts[0]:
                continue
            turn = turn_for(position, text, child, avoid)
            if turn is not None:
                found.append(NextTurn(turn, tally_of(counts, side), child))
        found.sort(key=lambda n: (-n.tally.games, -(n.tally.score or 0.0), n.child))
        return Explored(total, tuple(found), self.depth)


__all__ = ["DEPTH", "THIN", "Book", "Counts", "Explored", "GamePath", "NextTurn", "Tally", "tally_of"]
