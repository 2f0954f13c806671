"""What a lesson is made of: steps, highlights, mistakes, and the lesson itself.

Lessons are plain frozen data. A position is kept in the engine's plain-data form (see
``rules.serialize``), written in the lesson modules with ``board.board_dict``; actions and the rival's
answers are kept in notation, so every one of them reaches the engine's validator when it is used.
"""

from __future__ import annotations

from dataclasses import dataclass

from hwgame.i18n import N_, _
from hwgame.rules import Position, PositionData, position_from_dict

from .goals import Context, Goal

# Marked only: the screens show them with _() (see ``Lesson.tier_name``), so a change of language shows at once.
TIERS = {1: N_("First steps"), 2: N_("The four powers"), 3: N_("Winning and losing")}


@dataclass(frozen=True)
class Highlight:
    """Something on the board the window should make stand out.

    ``kind`` is ``"system"``, ``"star"``, ``"ship"`` or ``"bank"``. A ship names its owner seat
    (0 or 1); a star or a bank cell names its piece; ``system`` is None for the bank.
    """

    kind: str
    system: str | None = None
    piece: int | None = None
    owner: int | None = None


def hl_system(name: str) -> Highlight:
    """Highlight a whole system."""
    return Highlight("system", name)


def hl_star(system: str, piece: int) -> Highlight:
    """Highlight one star of a system."""
    return Highlight("star", system, piece)


def hl_ship(system: str, piece: int, owner: int = 0) -> Highlight:
    """Highlight a ship (of seat ``owner``) at a system."""
    return Highlight("ship", system, piece, owner)


def hl_bank(piece: int) -> Highlight:
    """Highlight one cell of the bank."""
    return Highlight("bank", None, piece)


@dataclass(frozen=True)
class Mistake:
    """A legal turn that misses the goal in a way worth naming: when ``test`` holds, say ``message``.

    ``after`` is the kind of action the message speaks of ("trade", "build", "move", "discover",
    "capture", "sacrifice", "catastrophe"): the message is said only when the turn played one, so a
    ship lost to a sacrifice is never explained as a trade nobody made."""

    test: Goal
    message: str
    after: str = ""

    def applies(self, ctx: Context) -> bool:
        """True when this mistake names what the turn in ``ctx`` did."""
        if self.after and not any(type(a).__name__.lower() == self.after for a in ctx.played):
            return False
        return self.test.met(ctx)


@dataclass(frozen=True)
class Step:
    """One task of a lesson: usually one turn of the learner, then perhaps an answer from the rival.

    - ``instruction``: what to do, in a few friendly sentences;
    - ``goal``: any play that makes it true completes the step; ``goal_text`` overrides its words;
    - ``hints``: from gentle to explicit, shown one at a time;
    - ``highlights``: what the window should point at;
    - ``board``: a fresh position for this step (None: go on from where the last step ended);
    - ``solution``: the intended actions in notation (for tests and "show me");
    - ``reply``: the rival's answer in notation; the first one the engine accepts is played (a
      learner may reach the goal in a way that makes one answer impossible), else the rival passes;
    - ``reply_note``: what the answer teaches; ``done``: praise and the rule just shown;
    - ``advice``: (the engine's reason code, advice) pairs for illegal attempts, the pair with
      code "" applies to any refusal; ``mistakes``: named wrong turns; ``missed``: advice for any
      other legal turn that misses the goal;
    - ``illegal`` and ``wrong``: a sample refused action and a sample legal action that misses,
      both in notation (tests play them, and a help screen may show them);
    - ``may_lose``: the goal may leave the learner without a ship at home (draw lessons).
    """

    instruction: str
    goal: Goal
    hints: tuple[str, ...]
    solution: tuple[str, ...]
    highlights: tuple[Highlight, ...] = ()
    goal_text: str = ""
    board: PositionData | None = None
    reply: tuple[str, ...] = ()
    reply_note: str = ""
    done: str = ""
    advice: tuple[tuple[str, str], ...] = ()
    mistakes: tuple[Mistake, ...] = ()
    missed: str = ""
    illegal: str = ""
    wrong: str = ""
    may_lose: bool = False


@dataclass(frozen=True)
class Lesson:
    """A titled sequence of steps on a starting position, in one of three tiers."""

    id: str
    title: str
    tier: int
    intro: str
    board: PositionData
    steps: tuple[Step, ...]
    outro: str = ""

    def position(self) -> Position:
        """The starting position of the lesson."""
        return position_from_dict(self.board)

    @property
    def tier_name(self) -> str:
        """The name of the lesson's tier, in the player's language."""
        return _(TIERS[self.tier])


__all__ = [
    "Highlight", "Lesson", "Mistake", "Step", "TIERS", "hl_bank", "hl_ship", "hl_star", "hl_system",
]  # fmt: skip
