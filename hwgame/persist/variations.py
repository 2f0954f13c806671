"""The turns tried on the analysis board, as a save keeps them: ``VariationsData`` (optional in a save).

The tree is written flat, so no file can nest it deeper than three levels: ``root`` is the number of
turns of the game (setup included) after which the tree starts, ``nodes`` its turns, each naming the
index of its parent (-1 for the root), parents before children and children in order (the first child
continues the main line), and ``current`` the node the board showed (-1: the root). The save's own
turns are the game's history followed by the tree's main line, so a copy of the game that does not
know this field still opens the game as it was analysed.

A save is untrusted: the schema bounds the count, the length of every turn and the depth of every line,
and ``replay_variations`` plays every turn through the rules from its parent's position. A tree that
fails either check is left out of the game loaded, with a notice; the game itself loads all the same.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ..i18n import N_
from ..rules import PASS, Game, HomeworldsError, Position, Turn, parse_turn, shown
from .errors import Text, WordedProblem, worded

MAX_NODES = 2000  # turns a tree may hold (``hwgame.app.control.variations`` keeps the same limits)
MAX_DEPTH = 600  # turns on its longest line
MAX_TURN_TEXT = 1000  # characters of one turn in notation


class VariationsProblem(WordedProblem):
    """A tree of variations that does not read or does not replay (its words are the notice)."""


class VariationEntry(BaseModel):
    """One turn of the tree: the index of the node it is played from (-1: the root) and the turn."""

    model_config = ConfigDict(extra="forbid")

    parent: int = Field(ge=-1, lt=MAX_NODES)
    turn: str = Field(min_length=1, max_length=MAX_TURN_TEXT)


class VariationsData(BaseModel):
    """The tree of variations of an analysed game (see the module doc)."""

    model_config = ConfigDict(extra="forbid")

    root: int = Field(ge=0, le=100_000)
    nodes: list[VariationEntry] = Field(default_factory=list, max_length=MAX_NODES)
    current: int = Field(default=-1, ge=-1, lt=MAX_NODES)

    @model_validator(mode="after")
    def _a_tree(self) -> VariationsData:
        depth: list[int] = []
        for i, entry in enumerate(self.nodes):
            if entry.parent >= i:
                raise VariationsProblem(worded(N_("variation {number} comes before the turn it follows"),
                                               number=i + 1))
            depth.append(1 if entry.parent < 0 else depth[entry.parent] + 1)
            if depth[-1] > MAX_DEPTH:
                raise VariationsProblem(worded(N_("a line of variations is longer than {count} turns"),
                                               count=MAX_DEPTH))
        if self.current >= len(self.nodes):
            raise VariationsProblem(worded(N_("the variation shown is not in the tree")))
        return self

    @classmethod
    def of(cls, root: int, entries: Sequence[tuple[int, str]], current: int = -1) -> VariationsData:
        """The tree from (parent index, turn in notation) entries, as ``Variations.to_entries`` lists them."""
        return cls(root=root, nodes=[VariationEntry(parent=p, turn=t) for p, t in entries], current=current)


def _played(position: Position, turn: Turn, game: Game) -> tuple[Turn, Position]:
    """``turn`` played from ``position`` by the rules: (its canonical actions, the position after it)."""
    at = Game.from_position(position, game.auto_repetition_draw, game.handicap)
    steps = at.play(turn)
    return tuple(step.action for step in steps) or (PASS,), at.position


def replay_variations(game: Game, data: VariationsData) -> list[tuple[int, Turn]]:
    """Every turn of the tree played through the rules from its parent's position, the root being the
    game's position after ``data.root`` turns: the entries as (parent index, canonical turn). The game's
    turns after the root must be the tree's main line (a save writes them so). Raise VariationsProblem
    naming the first turn that does not replay."""
    if data.root > len(game.turns):
        raise VariationsProblem(worded(N_("the variations start after turn {root}, but the game has {count} turns"),
                                       root=data.root, count=len(game.turns)))
    positions: list[Position] = []
    out: list[tuple[int, Turn]] = []
    first_child: dict[int, int] = {}
    for i, entry in enumerate(data.nodes):
        start = game.positions[data.root] if entry.parent < 0 else positions[entry.parent]
        try:
            turn, after = _played(start, parse_turn(entry.turn), game)
        except HomeworldsError as exc:
            raise VariationsProblem(worded(N_("variation {number} ({text}) is illegal: {problem}"), number=i + 1,
                                           text=shown(entry.turn), problem=exc)) from None
        first_child.setdefault(entry.parent, i)
        positions.append(after)
        out.append((entry.parent, turn))
    main: list[Turn] = []
    node = first_child.get(-1)
    while node is not None:
        main.append(out[node][1])
        node = first_child.get(node)
    if [tuple(t) for t in game.turns[data.root :]] != main:
        raise VariationsProblem(worded(N_("the game's turns after turn {root} are not the main line of its "
                                          "variations"), root=data.root))
    return out


def variations_notice(problem: Text) -> Text:
    """What the player is told of a tree left out of a game loaded: why, and that the game is whole."""
    return worded(N_("The variations kept with this game were left out ({problem}); the game itself is "
                     "loaded."), problem=problem)


__all__ = ["MAX_DEPTH", "MAX_NODES", "VariationEntry", "VariationsData", "VariationsProblem", "replay_variations",
           "variations_notice"]
