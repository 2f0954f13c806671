"""How a computer player thinks, said in four parts by what each means, and the one value that holds them.

- ``Limit``: when a search stops (time, nodes, depth, the hard and outermost deadlines, which clock);
- ``Manner``: how the player picks among what the search found (a weaker level's look at a few turns
  only, the safety check, the persona's weights, a hint's care and the turns it passes over);
- ``Breadth``: how wide the search looks, and the extra looks it takes (the widths and caps at the root
  and inside, the proof of a win in two, the look for a turn that survives a threat);
- ``Machine``: what it runs on (how many processes share it, how far the wall clock may outrun the CPU
  budget).

A ``Thinking`` holds one of each, and ``explain``: a request that the reply say why its turn was chosen
(its content, not how the search goes). A level is a Thinking (``hwgame.ai.bots.LEVELS``); a request
carries one to the search process as it is, plain frozen data that pickles.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from hwgame.rules import Turn


@dataclass(frozen=True)
class Limit:
    """When a search stops. Times in seconds; ``nodes`` None means no node budget."""

    time: float = 2.0  # the soft limit: no new work after it
    nodes: int | None = None
    depth: int = 2  # the deepest iteration, in whole turns
    # Hard time limit for everything, the safety check included (None: 2.5 x ``time``, with the
    # safety check allowed past it). An analysis front end that gives an exact time sets it.
    hard: float | None = None
    # The longest a turn of a level may take, the safety check included (None: well past ``hard``).
    most: float | None = None
    wall_clock: bool = False  # time limits in wall-clock seconds, not CPU seconds of the search


@dataclass(frozen=True)
class Manner:
    """How a player picks its turn among what the search found: what makes a level human, a persona
    its own, and a hint careful."""

    # A person's look (0: always the best score): the turn is the best-looking of ``sample`` turns drawn
    # at random from the ``among`` best-looking sensible ones, so what a weaker level misses is a turn it
    # did not think of (a missed tactic, a slower plan), never a turn it saw lose at once.
    sample: int = 0
    among: int = 0
    safety: bool = True  # refuse turns after which the opponent wins at once
    persona: str = "balanced"  # the evaluation's style (``evaluate.weights_for``)
    weights: dict[str, float] = field(default_factory=dict)  # explicit weight overrides
    # Pass over turns that leave the ships they placed open to a catastrophe, while a good other one
    # exists (hints: advice a player follows must not walk into the obvious).
    careful: bool = False
    # Turns to pass over unless the search names a threat they parry: a hint does not simply undo the
    # hint before it (trade a green 3 for a red 3, then back) when nothing on the board asks for it.
    avoid: tuple[Turn, ...] = ()


@dataclass(frozen=True)
class Breadth:
    """How wide a search looks, and the looks it takes besides the deepening search."""

    beam: int = 8  # partial turns kept per sacrifice and level at the root
    root_cap: int = 6000  # most root successors generated
    root_keep: int = 24  # root candidates searched beyond one ply
    inner_beam: int = 3
    inner_cap: int = 700
    inner_keep: int = 8
    # The root's proof of a forced win in two (``hwgame.ai.wintwo``): its budget in nodes, spent before the
    # search and out of ``Limit.nodes`` (0: no proof; None: bounded by half the time only).
    win2: int | None = 0
    # A side far ahead gives that proof more nodes and time of its own, past ``Limit.time`` (see
    # ``search_params.CONVERT_LEAD``); off where the time asked for is exact.
    convert: bool = True
    # When the opponent threatens to win at once and no candidate of the search parries it, look at
    # every turn for one that does, for up to this many seconds (0: only within the budget).
    survive: float = 0.0


@dataclass(frozen=True)
class Machine:
    """What a search runs on."""

    # Processes the search shares its work among (``hwgame.ai.rootsplit``): 1 searches alone, 0 uses
    # every core (``parallel.default_workers``). Above 1 the answer may vary from run to run.
    workers: int = 1
    # The wall-clock backstop as a multiple of the CPU budget (``SearchParams.wall_factor``): above 1 only
    # where several searches share the machine on purpose (benchmark matches).
    wall_factor: float = 1.0


@dataclass(frozen=True)
class Thinking:
    """How a computer player thinks: a level, a hint, an analysis. ``explain`` asks the reply to say why
    its turn was chosen (``SearchInfo.why``: a ``why.Why`` of the board's facts), for a window that
    tells a player why the computer played it or why a hint is good."""

    limit: Limit = field(default_factory=Limit)
    manner: Manner = field(default_factory=Manner)
    breadth: Breadth = field(default_factory=Breadth)
    machine: Machine = field(default_factory=Machine)
    explain: bool = False

    def with_limit(self, **changes: Any) -> Thinking:
        """A copy that stops otherwise: some fields of ``limit`` changed."""
        return replace(self, limit=replace(self.limit, **changes))

    def with_manner(self, **changes: Any) -> Thinking:
        """A copy that picks otherwise: some fields of ``manner`` changed."""
        return replace(self, manner=replace(self.manner, **changes))

    def with_breadth(self, **changes: Any) -> Thinking:
        """A copy that looks otherwise: some fields of ``breadth`` changed."""
        return replace(self, breadth=replace(self.breadth, **changes))

    def with_machine(self, **changes: Any) -> Thinking:
        """A copy that runs otherwise: some fields of ``machine`` changed."""
        return replace(self, machine=replace(self.machine, **changes))

    def explaining(self) -> Thinking:
        """A copy whose reply says why its turn was chosen."""
        return replace(self, explain=True)


__all__ = ["Breadth", "Limit", "Machine", "Manner", "Thinking"]
