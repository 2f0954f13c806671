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

from hwgame.i18n import N_, _, ngettext, pgettext
from hwgame.rules import BLUE, GREEN, Position, System, color_of, end_turn, legal_turns, opponent_of, size_of
from hwgame.words import describe_turn, fill

ME, RIVAL = "me", "rival"
NEW, ANY = "<new>", "<any>"


@dataclass(frozen=True)
class Context:
    """What a goal may look at: the step's starting position, the position now and the learner's seat.

    ``played`` holds the actions of the learner's turn so far. ``discovered`` holds the lower-case
    names of systems discovered during the turn so far. A new
    system is told apart by it rather than by its name alone, because a discovery may reuse the name
    of a system that vanished earlier in the same turn.
    """

    start: Position
    now: Position
    me: int
    discovered: frozenset = frozenset()
    played: tuple = ()  # the actions of the turn so far, for words that speak of them

    def seat(self, owner: str) -> int:
        """The player number of a relative owner."""
        return self.me if owner == ME else opponent_of(self.me)

    def who(self, owner: str) -> str:
        """The word for an owner: "you", or the rival's name."""
        return "you" if owner == ME else self.now.players[opponent_of(self.me)]

    def systems(self, where: str) -> list[System]:
        """The systems on the board now that ``where`` names (one name, every new system, or all)."""
        if where == ANY:
            return list(self.now.systems)
        if where == NEW:
            old = {s.name.lower() for s in self.start.systems} - self.discovered
            return [s for s in self.now.systems if s.name.lower() not in old]
        found = self.now.system_named(where)
        return [] if found is None else [found]


# What a goal says about a kind of ship: a colour, a size, both, or nothing. Marked only, translated
# where a goal's words are made (describe and shortfall run at the moment they are shown).
# Translators: these describe a ship, as in "a small red ship" or "two yellow ships".
_COLOR_WORDS = (N_("red"), N_("yellow"), N_("green"), N_("blue"))
_SIZE_WORDS = (N_("small"), N_("medium"), N_("large"))
_PIECE_WORDS = (
    N_("small red"), N_("medium red"), N_("large red"),
    N_("small yellow"), N_("medium yellow"), N_("large yellow"),
    N_("small green"), N_("medium green"), N_("large green"),
    N_("small blue"), N_("medium blue"), N_("large blue"),
)  # fmt: skip


def kind_words(color: int | None = None, size: int | None = None, piece: int | None = None) -> str:
    """A kind of piece in words in the player's language ("small green", "yellow", "large"; "" for any)."""
    if piece is not None:
        return _(_PIECE_WORDS[piece])
    if color is not None and size is not None:
        return _(_PIECE_WORDS[color * 3 + size - 1])
    if color is not None:
        return _(_COLOR_WORDS[color])
    if size is not None:
        return _(_SIZE_WORDS[size - 1])
    return ""


def ships_words(n: int, kind: str = "") -> str:
    """``"a ship"``, ``"two ships"`` in numbers (``"2 ships"``), ``"a small green ship"``, ``"3 green ships"``.
    One ship has words of its own, without a count: a language with a single plural form would
    otherwise say "1 ship" where it means "a ship"."""
    if n == 1:
        # Translators: one ship, without a count ("you still do not have a small yellow ship at Sol").
        return pgettext("one ship", "a {kind} ship").format(kind=kind) if kind else pgettext("one ship", "a ship")
    if kind:
        return ngettext("a {kind} ship", "{n} {kind} ships", n).format(n=n, kind=kind)
    return ngettext("a ship", "{n} ships", n).format(n=n)


# Where a goal looks, in words; ``{system}`` and ``{star}`` are filled in. Marked only (see above).
# Translators: the place in a goal, as in "you have a ship at Sol" or "... at a new system".
_PLACES = {
    "named": N_("at {system}"),
    "new": N_("at a new system"),
    "any": N_("on the map"),
    "named-star": N_("at {system} with a {star} star"),
    "new-star": N_("at a new system with a {star} star"),
    "any-star": N_("at a system with a {star} star"),
}


def place_words(where: str, star: int | None = None) -> str:
    """Where a goal looks, in the player's language ("at Sol", "at a new system with a large blue star")."""
    kind = "new" if where == NEW else "any" if where == ANY else "named"
    if star is None:
        return fill(_(_PLACES[kind]), system=where)
    return fill(_(_PLACES[kind + "-star"]), system=where, star=kind_words(piece=star))


def _and(parts: list[str]) -> str:
    """Goals that must all hold, in one phrase."""
    text = parts[0]
    for part in parts[1:]:
        # Translators: two goals that must both be reached ("you have a ship at Sol and Vega has lost").
        text = _("{goal} and {more}").format(goal=text, more=part)
    return text


def _list(parts: list[str]) -> str:
    """Several remarks in one sentence."""
    text = parts[0]
    for part in parts[1:]:
        # Translators: two remarks about a move in one sentence, separated by a semicolon.
        text = _("{first}; {second}").format(first=text, second=part)
    return text


class Goal:
    """A predicate over a Context, with words for what it wants (in the player's language)."""

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
        if self.color is not None and color_of(p) != self.color:
            return False
        return self.size is None or size_of(p) == self.size

    def met(self, ctx: Context) -> bool:
        seat = ctx.seat(self.owner)
        for s in ctx.systems(self.where):
            if self.star is not None and self.star not in s.stars:
                continue
            if sum(1 for p in s.ships_of(seat) if self._matches(p)) >= self.count:
                return True
        return False

    def _values(self, ctx: Context) -> dict[str, str]:
        ships = ships_words(self.count, kind_words(self.color, self.size, self.piece))
        return {"ships": ships, "place": place_words(self.where, self.star), "player": ctx.who(RIVAL)}

    def describe(self, ctx: Context) -> str:
        if self.owner == ME:
            # Translators: a goal, e.g. "you have a small green ship at Sol".
            return fill(_("you have {ships} {place}"), **self._values(ctx))
        return fill(_("{player} has {ships} {place}"), **self._values(ctx))

    def shortfall(self, ctx: Context) -> str:
        if self.owner == ME:
            return fill(_("you still do not have {ships} {place}"), **self._values(ctx))
        return fill(_("{player} still does not have {ships} {place}"), **self._values(ctx))


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
        if self.owner == ME:
            text = ngettext(
                "you have one more ship at {system} than before",
                "you have {n} more ships at {system} than before",
                self.by,
            )
        else:
            text = ngettext(
                "{player} has one more ship at {system} than before",
                "{player} has {n} more ships at {system} than before",
                self.by,
            )
        return text.format(n=self.by, system=self.where, player=ctx.who(RIVAL))

    def shortfall(self, ctx: Context) -> str:
        if self.owner == ME:
            return _("you have no more ships at {system} than before").format(system=self.where)
        return _("{player} has no more ships at {system} than before").format(system=self.where, player=ctx.who(RIVAL))


@dataclass(frozen=True)
class NoShip(Goal):
    """``owner`` has no ship (of ``color``, if given) at the named system; a vanished system has none."""

    where: str
    owner: str = RIVAL
    color: int | None = None

    def met(self, ctx: Context) -> bool:
        seat = ctx.seat(self.owner)
        return not any(
            self.color is None or color_of(p) == self.color for s in ctx.systems(self.where) for p in s.ships_of(seat)
        )

    def _values(self, ctx: Context) -> dict[str, str]:
        kind = kind_words(self.color)
        return {
            "kind": kind,
            "ships": ships_words(1, kind),
            "place": place_words(self.where),
            "player": ctx.who(RIVAL),
        }

    def describe(self, ctx: Context) -> str:
        values = self._values(ctx)
        if self.owner == ME:
            text = _("you have no {kind} ship {place}") if self.color is not None else _("you have no ship {place}")
        elif self.color is not None:
            text = _("{player} has no {kind} ship {place}")
        else:
            text = _("{player} has no ship {place}")
        return fill(text, **values)

    def shortfall(self, ctx: Context) -> str:
        if self.owner == ME:
            return fill(_("you still have {ships} {place}"), **self._values(ctx))
        return fill(_("{player} still has {ships} {place}"), **self._values(ctx))


@dataclass(frozen=True)
class Gone(Goal):
    """The named system is no longer on the board."""

    where: str

    def met(self, ctx: Context) -> bool:
        return ctx.now.system_named(self.where) is None

    def describe(self, ctx: Context) -> str:
        return _("{system} has vanished from the map").format(system=self.where)

    def shortfall(self, ctx: Context) -> str:
        return _("{system} is still on the map").format(system=self.where)


@dataclass(frozen=True)
class NoColor(Goal):
    """No piece of ``color`` (star or ship of either player) is left at the named system."""

    where: str
    color: int

    def met(self, ctx: Context) -> bool:
        return all(s.count_color(self.color) == 0 for s in ctx.systems(self.where))

    def describe(self, ctx: Context) -> str:
        return _("no {color} piece is left at {system}").format(color=kind_words(self.color), system=self.where)

    def shortfall(self, ctx: Context) -> str:
        return _("there is still a {color} piece at {system}").format(color=kind_words(self.color), system=self.where)


@dataclass(frozen=True)
class HomeSetUp(Goal):
    """The learner has set up a homeworld; with ``good`` it must also avoid the usual setup mistakes."""

    good: bool = False

    def problems(self, ctx: Context) -> list[str]:
        """The setup mistakes of the learner's homeworld (empty when it is sound), in the player's language."""
        home = ctx.now.home_of(ctx.me)
        if home is None:
            return [_("you have not set up a homeworld yet")]
        if not self.good:
            return []
        ships = home.ships_of(ctx.me)
        pieces = list(home.stars) + list(ships)
        out = []
        if not ships or max(size_of(p) for p in ships) != 3:
            out.append(_("your ship is not large: a large ship is the strongest start"))
        if len(home.stars) == 2 and size_of(home.stars[0]) == size_of(home.stars[1]):
            out.append(_("both stars are the same size, so your home connects to fewer systems"))
        colors = {color_of(p) for p in pieces}
        if len(colors) < 3:
            out.append(_("your three pieces share a colour: three different colours give three powers"))
        if not colors & {GREEN, BLUE}:
            out.append(_("there is no green or blue: you could neither build nor trade at home"))
        enemy = ctx.now.home_of(opponent_of(ctx.me))
        if enemy is not None and not home.star_sizes() & enemy.star_sizes():
            text = _(
                "your home shares no star size with {system}, so the two are directly connected "
                "and big ships can attack at once"
            )
            out.append(text.format(system=enemy.name))
        return out

    def met(self, ctx: Context) -> bool:
        return not self.problems(ctx)

    def describe(self, ctx: Context) -> str:
        return _("you have a sound homeworld") if self.good else _("you have a homeworld")

    def shortfall(self, ctx: Context) -> str:
        problems = self.problems(ctx)
        return _list(problems) if problems else ""


@dataclass(frozen=True)
class Wins(Goal):
    """The rival has lost and the learner has not (checked as at the end of the turn)."""

    def met(self, ctx: Context) -> bool:
        return ctx.now.losers() == (opponent_of(ctx.me),)

    def describe(self, ctx: Context) -> str:
        text = _("{player} has lost: no ship of theirs at their homeworld, or no homeworld left")
        return text.format(player=ctx.who(RIVAL))

    def shortfall(self, ctx: Context) -> str:
        rival = opponent_of(ctx.me)
        home = ctx.now.home_of(rival)
        if home is not None and home.ships_of(rival):
            return _("{player} still has a ship at {system}").format(player=ctx.who(RIVAL), system=home.name)
        return _("you have not won")


@dataclass(frozen=True)
class Draws(Goal):
    """Both players have lost at once."""

    def met(self, ctx: Context) -> bool:
        return len(ctx.now.losers()) == 2

    def describe(self, ctx: Context) -> str:
        return _("both players are left without a ship at their homeworld at the same moment")

    def shortfall(self, ctx: Context) -> str:
        return _("the game goes on: this is not a draw")


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
        return _("{player} cannot win on the next turn").format(player=ctx.who(RIVAL))

    def shortfall(self, ctx: Context) -> str:
        if ctx.me in ctx.now.losers():
            return _("you would have no ship at your own homeworld")
        turn = rival_wins_with(end_turn(ctx.now))
        if turn is None:
            return ""
        rival = ctx.who(RIVAL)
        names = (ctx.now.players[ctx.me], rival)
        return _("{player} could still win: {turn}").format(player=rival, turn=describe_turn(turn, rival, names))


@dataclass(frozen=True)
class AllOf(Goal):
    """Every one of the goals."""

    goals: tuple[Goal, ...]

    def met(self, ctx: Context) -> bool:
        return all(g.met(ctx) for g in self.goals)

    def describe(self, ctx: Context) -> str:
        return _and([g.describe(ctx) for g in self.goals])

    def shortfall(self, ctx: Context) -> str:
        missing = [
            g.shortfall(ctx) or _("not yet: {goal}").format(goal=g.describe(ctx)) for g in self.goals if not g.met(ctx)
        ]
        return _list(missing) if missing else ""


@dataclass(frozen=True)
class AnyOf(Goal):
    """At least one of the goals."""

    goals: tuple[Goal, ...]

    def met(self, ctx: Context) -> bool:
        return any(g.met(ctx) for g in self.goals)

    def describe(self, ctx: Context) -> str:
        text = self.goals[0].describe(ctx)
        for goal in self.goals[1:]:
            # Translators: either of two goals will do.
            text = _("{goal} or {other}").format(goal=text, other=goal.describe(ctx))
        return text


@dataclass(frozen=True)
class Not(Goal):
    """The opposite of a goal; ``text`` (marked with N_) says it in words."""

    goal: Goal
    text: str

    def met(self, ctx: Context) -> bool:
        return not self.goal.met(ctx)

    def describe(self, ctx: Context) -> str:
        return _(self.text)


def both(*goals: Goal) -> AllOf:
    """Shorthand for AllOf."""
    return AllOf(tuple(goals))


def either(*goals: Goal) -> AnyOf:
    """Shorthand for AnyOf."""
    return AnyOf(tuple(goals))


__all__ = [
    "ANY", "ME", "NEW", "RIVAL", "AllOf", "AnyOf", "Context", "Draws", "Goal", "Gone", "HasShip", "HomeSetUp", "More",
    "NoColor", "NoShip", "Not", "Safe", "Wins", "both", "either", "kind_words", "place_words", "rival_wins_with",
    "ships_words",
]  # fmt: skip
