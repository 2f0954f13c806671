"""Lesson goals: predicates over the position a learner reached, never one exact move.

A goal looks at a ``Context``: the position when the step began, the position now (in the middle of
the learner's turn) and which player the learner is. Any sequence of legal actions that makes the
predicate true completes the step. Every goal can say what it wants in words (``describe``) and what is
still missing (``shortfall``), which is how a legal action that misses the goal is explained.

Owners are relative (``ME``, ``RIVAL``) so a goal reads the same whichever seat the learner has.
Systems are named, or ``NEW`` (a system that was not on the board when the step began) or ``ANY``.
"""

from __future__ import annotations

from dataclasses import dataclass

from hwgame.rules import COLOR_NAMES, SIZE_NAMES, Position, System, end_turn, legal_turns, piece_words
from hwgame.words import describe_turn

ME, RIVAL = "me", "rival"
NEW, ANY = "<new>", "<any>"


@dataclass(frozen=True)
class Context:
    """What a goal may look at: the step's starting position, the position now and the learner's seat.

    ``discovered`` holds the lower-case names of systems discovered during the turn so far. A new
    system is told apart by it rather than by its name alone, because a discovery may reuse the name
    of a system that vanished earlier in the same turn.
    """

    start: Position
    now: Position
    me: int
    discovered: frozenset = frozenset()

    def seat(self, owner: str) -> int:
        """The player number of a relative owner."""
        return self.me if owner == ME else 1 - self.me

    def who(self, owner: str) -> str:
        """The word for an owner: "you", or the rival's name."""
        return "you" if owner == ME else self.now.players[1 - self.me]

    def systems(self, where: str) -> list[System]:
        """The systems on the board now that ``where`` names (one name, every new system, or all)."""
        if where == ANY:
            return list(self.now.systems)
        if where == NEW:
            old = {s.name.lower() for s in self.start.systems} - self.discovered
            return [s for s in self.now.systems if s.name.lower() not in old]
        found = self.now.system_named(where)
        return [] if found is None else [found]


def _place(where: str) -> str:
    if where == NEW:
        return "at a new system"
    if where == ANY:
        return "anywhere"
    return f"at {where}"


_NUMBERS = ("no", "one", "two", "three", "four", "five", "six")


def count_words(n: int, word: str) -> str:
    """``"two ships"``, ``"one ship"``."""
    number = _NUMBERS[n] if n < len(_NUMBERS) else str(n)
    return f"{number} {word}{'s' * (n != 1)}"


def _kind(color: int | None, size: int | None, piece: int | None) -> str:
    if piece is not None:
        return piece_words(piece)
    words = []
    if size is not None:
        words.append(SIZE_NAMES[size - 1])
    if color is not None:
        words.append(COLOR_NAMES[color])
    return " ".join(words)


class Goal:
    """A predicate over a Context, with words for what it wants."""

    def met(self, ctx: Context) -> bool:
        """True when the goal is reached in ``ctx.now``."""
        raise NotImplementedError

    def describe(self, ctx: Context) -> str:
        """The goal in words, for example "you have a ship at a new system"."""
        raise NotImplementedError

    def shortfall(self, ctx: Context) -> str:
        """What is still missing, when the goal is not met ("" when there is nothing better to say)."""
        return ""


@dataclass(frozen=True)
class HasShip(Goal):
    """``owner`` has at least ``count`` matching ships at one system named by ``where``.

    Filters: ``piece`` (exact colour and size), ``color``, ``size``, and ``star`` (the system must have
    that star, useful for "a new system with a large blue star").
    """

    where: str = ANY
    owner: str = ME
    piece: int | None = None
    color: int | None = None
    size: int | None = None
    count: int = 1
    star: int | None = None

    def _matches(self, p: int) -> bool:
        if self.piece is not None and p != self.piece:
            return False
        if self.color is not None and p // 3 != self.color:
            return False
        return self.size is None or p % 3 + 1 == self.size

    def met(self, ctx: Context) -> bool:
        seat = ctx.seat(self.owner)
        for s in ctx.systems(self.where):
            if self.star is not None and self.star not in s.stars:
                continue
            if sum(1 for p in s.ships_of(seat) if self._matches(p)) >= self.count:
                return True
        return False

    def describe(self, ctx: Context) -> str:
        who = ctx.who(self.owner)
        verb = "have" if self.owner == ME else "has"
        return f"{who} {verb} {self._what()}"

    def _what(self) -> str:
        kind = _kind(self.color, self.size, self.piece)
        if self.count == 1:
            what = f"a {kind} ship" if kind else "a ship"
        else:
            what = count_words(self.count, f"{kind} ship" if kind else "ship")
        place = _place(self.where)
        if self.star is not None:
            place += f" with a {piece_words(self.star)} star"
        return f"{what} {place}"

    def shortfall(self, ctx: Context) -> str:
        verb = "do" if self.owner == ME else "does"
        return f"{ctx.who(self.owner)} still {verb} not have {self._what()}"


@dataclass(frozen=True)
class More(Goal):
    """``owner`` has at least ``by`` more ships at the named system than when the step began."""

    where: str
    owner: str = ME
    by: int = 1

    def _count(self, position: Position, seat: int) -> int:
        found = position.system_named(self.where)
        return len(found.ships_of(seat)) if found is not None else 0

    def met(self, ctx: Context) -> bool:
        seat = ctx.seat(self.owner)
        return self._count(ctx.now, seat) >= self._count(ctx.start, seat) + self.by

    def describe(self, ctx: Context) -> str:
        verb = "have" if self.owner == ME else "has"
        more = "one more ship" if self.by == 1 else count_words(self.by, "more ship")
        return f"{ctx.who(self.owner)} {verb} {more} at {self.where} than before"

    def shortfall(self, ctx: Context) -> str:
        verb = "have" if self.owner == ME else "has"
        return f"{ctx.who(self.owner)} {verb} no more ships at {self.where} than before"


@dataclass(frozen=True)
class NoShip(Goal):
    """``owner`` has no ship (of ``color``, if given) at the named system; a vanished system has none."""

    where: str
    owner: str = RIVAL
    color: int | None = None

    def met(self, ctx: Context) -> bool:
        seat = ctx.seat(self.owner)
        return not any(
            self.color is None or p // 3 == self.color for s in ctx.systems(self.where) for p in s.ships_of(seat)
        )

    def describe(self, ctx: Context) -> str:
        kind = f"{COLOR_NAMES[self.color]} ship" if self.color is not None else "ship"
        verb = "have" if self.owner == ME else "has"
        return f"{ctx.who(self.owner)} {verb} no {kind} {_place(self.where)}"

    def shortfall(self, ctx: Context) -> str:
        kind = f"{COLOR_NAMES[self.color]} ship" if self.color is not None else "ship"
        verb = "have" if self.owner == ME else "has"
        return f"{ctx.who(self.owner)} still {verb} a {kind} {_place(self.where)}"


@dataclass(frozen=True)
class Gone(Goal):
    """The named system is no longer on the board."""

    where: str

    def met(self, ctx: Context) -> bool:
        return ctx.now.system_named(self.where) is None

    def describe(self, ctx: Context) -> str:
        return f"{self.where} has vanished from the map"

    def shortfall(self, ctx: Context) -> str:
        return f"{self.where} is still on the map"


@dataclass(frozen=True)
class NoColor(Goal):
    """No piece of ``color`` (star or ship of either player) is left at the named system."""

    where: str
    color: int

    def met(self, ctx: Context) -> bool:
        return all(s.count_color(self.color) == 0 for s in ctx.systems(self.where))

    def describe(self, ctx: Context) -> str:
        return f"no {COLOR_NAMES[self.color]} piece is left at {self.where}"

    def shortfall(self, ctx: Context) -> str:
        return f"there is still {COLOR_NAMES[self.color]} at {self.where}"


@dataclass(frozen=True)
class HomeSetUp(Goal):
    """The learner has set up a homeworld; with ``good`` it must also avoid the usual setup mistakes."""

    good: bool = False

    def problems(self, ctx: Context) -> list[str]:
        """The setup mistakes of the learner's homeworld (empty when it is sound)."""
        home = ctx.now.home_of(ctx.me)
        if home is None:
            return ["you have not set up a homeworld yet"]
        if not self.good:
            return []
        ships = home.ships_of(ctx.me)
        pieces = list(home.stars) + list(ships)
        out = []
        if not ships or max(p % 3 for p in ships) != 2:
            out.append("your ship is not large: a large ship is the strongest start")
        if len(home.stars) == 2 and home.stars[0] % 3 == home.stars[1] % 3:
            out.append("both stars are the same size, so your home connects to fewer systems")
        colors = {p // 3 for p in pieces}
        if len(colors) < 3:
            out.append("your three pieces share a colour: three different colours give three powers")
        if not colors & {2, 3}:
            out.append("there is no green or blue: you could neither build nor trade at home")
        enemy = ctx.now.home_of(1 - ctx.me)
        if enemy is not None and not home.star_sizes() & enemy.star_sizes():
            out.append(
                f"your home shares no star size with {enemy.name}, so the two are directly connected "
                "and big ships can attack at once"
            )
        return out

    def met(self, ctx: Context) -> bool:
        return not self.problems(ctx)

    def describe(self, ctx: Context) -> str:
        return "you have a sound homeworld" if self.good else "you have a homeworld"

    def shortfall(self, ctx: Context) -> str:
        return "; ".join(self.problems(ctx))


@dataclass(frozen=True)
class Wins(Goal):
    """The rival has lost and the learner has not (checked as at the end of the turn)."""

    def met(self, ctx: Context) -> bool:
        return ctx.now.losers() == (1 - ctx.me,)

    def describe(self, ctx: Context) -> str:
        return f"{ctx.who(RIVAL)} has lost: no ship of theirs at their homeworld, or no homeworld left"

    def shortfall(self, ctx: Context) -> str:
        home = ctx.now.home_of(1 - ctx.me)
        if home is not None and home.ships_of(1 - ctx.me):
            return f"{ctx.who(RIVAL)} still has a ship at {home.name}"
        return "you have not won"


@dataclass(frozen=True)
class Draws(Goal):
    """Both players have lost at once."""

    def met(self, ctx: Context) -> bool:
        return len(ctx.now.losers()) == 2

    def describe(self, ctx: Context) -> str:
        return "both players are left without a homeworld fleet at the same moment"

    def shortfall(self, ctx: Context) -> str:
        return "the game goes on: this is not a draw"


def rival_wins_with(position: Position) -> tuple | None:
    """A turn that wins at once for the player to move in ``position`` (between turns), or None."""
    me = position.to_move
    for succ in legal_turns(position):
        if succ.position.winner() == me:
            return succ.turn
    return None


@dataclass(frozen=True)
class Safe(Goal):
    """After this turn the learner has not lost and no reply of the rival wins at once."""

    def met(self, ctx: Context) -> bool:
        if ctx.me in ctx.now.losers():
            return False
        if ctx.now.is_over():
            return True
        return rival_wins_with(end_turn(ctx.now)) is None

    def describe(self, ctx: Context) -> str:
        return f"{ctx.who(RIVAL)} cannot win on the next turn"

    def shortfall(self, ctx: Context) -> str:
        if ctx.me in ctx.now.losers():
            return "you would have no ship at your own homeworld"
        turn = rival_wins_with(end_turn(ctx.now))
        if turn is None:
            return ""
        return f"{ctx.who(RIVAL)} could still win: {describe_turn(turn, ctx.who(RIVAL))}"


@dataclass(frozen=True)
class AllOf(Goal):
    """Every one of the goals."""

    goals: tuple[Goal, ...]

    def met(self, ctx: Context) -> bool:
        return all(g.met(ctx) for g in self.goals)

    def describe(self, ctx: Context) -> str:
        return " and ".join(g.describe(ctx) for g in self.goals)

    def shortfall(self, ctx: Context) -> str:
        missing = [g.shortfall(ctx) or f"not yet: {g.describe(ctx)}" for g in self.goals if not g.met(ctx)]
        return "; ".join(missing)


@dataclass(frozen=True)
class AnyOf(Goal):
    """At least one of the goals."""

    goals: tuple[Goal, ...]

    def met(self, ctx: Context) -> bool:
        return any(g.met(ctx) for g in self.goals)

    def describe(self, ctx: Context) -> str:
        return " or ".join(g.describe(ctx) for g in self.goals)


@dataclass(frozen=True)
class Not(Goal):
    """The opposite of a goal; ``text`` says it in words."""

    goal: Goal
    text: str

    def met(self, ctx: Context) -> bool:
        return not self.goal.met(ctx)

    def describe(self, ctx: Context) -> str:
        return self.text


def both(*goals: Goal) -> AllOf:
    """Shorthand for AllOf."""
    return AllOf(tuple(goals))


def either(*goals: Goal) -> AnyOf:
    """Shorthand for AnyOf."""
    return AnyOf(tuple(goals))


__all__ = [
    "ANY", "ME", "NEW", "RIVAL", "AllOf", "AnyOf", "Context", "Draws", "Goal", "Gone", "HasShip", "HomeSetUp", "More",
    "NoColor", "NoShip", "Not", "Safe", "Wins", "both", "count_words", "either", "rival_wins_with",
]  # fmt: skip
