"""The analysis board's logic without pygame: the game studied, the tree of turns tried, and the lines.

``StudyBoard`` keeps the **base** game (the history before the tree's root, never changed), the tree
of variations (``variations.Variations``) and the **working** game, the base game followed by the turns
of the path to the current node: the board shows it and the drag-and-drop controller plays in it,
through the rules' validator as in a game (``StudyController``, a play controller with both seats at
the screen and no computer of its own). A turn ended there joins the tree; stepping through the tree
builds the working game again from the base game and the path.

The analysis is a service (``StudyService``, the shape of ``hwgame.app.services.study.StudyAnalysis``):
each time the node shown changes it is started on the node's position, and ``poll`` keeps the newest
lines, per node, so that stepping back shows the lines found there at once while the search goes on.
The tried turn's verdict is the verdict of the position after it, told from the side of its mover.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from hwgame.app.control.controller import HUMAN
from hwgame.app.control.flow import PlayController
from hwgame.app.control.timeline import Point, Timeline, continue_from
from hwgame.app.control.variations import Node, Variations
from hwgame.rules import (
    PLAYING,
    Game,
    IllegalActionError,
    Position,
    PositionKey,
    Turn,
    initial_position,
    opponent_of,
)

if TYPE_CHECKING:
    from hwgame.app.services.opponent import Opponent

LINES = 3  # the computer's best turns shown


class ProofLike(Protocol):
    """A proven result for one player (``hwgame.analysis.Proof``)."""

    @property
    def result(self) -> str: ...
    @property
    def turns(self) -> int: ...


class VerdictLike(Protocol):
    """What the board reads of a line's verdict (``hwgame.analysis.Verdict``)."""

    @property
    def player(self) -> int: ...
    @property
    def best(self) -> Turn | None: ...
    @property
    def line(self) -> tuple[Turn, ...]: ...
    @property
    def depth(self) -> int: ...
    def chance_for(self, player: int) -> float | None:
        """``player``'s chance to win."""
        ...

    def proof_for(self, player: int) -> ProofLike | None:
        """The proven result from ``player``'s side, or None."""
        ...


class LinesLike(Protocol):
    """What the board reads of the analysis's lines (``hwgame.analysis.Lines``)."""

    @property
    def depth(self) -> int: ...
    @property
    def verdicts(self) -> Sequence[VerdictLike]: ...
    @property
    def done(self) -> bool: ...


class StudyService(Protocol):
    """The analysis the board drives (``hwgame.app.services.study.StudyAnalysis``)."""

    def start(self, position: Position, turn_index: int = 0,
              history: Mapping[PositionKey, int] | None = None) -> None:
        """Stop earlier work and deepen on ``position`` until stopped."""
        ...

    def poll(self) -> LinesLike | None:
        """The newest lines of the last position started, not returned yet."""
        ...

    def stop(self) -> None:
        """Stop deepening (the lines found stay)."""
        ...

    @property
    def running(self) -> bool: ...

    def close(self) -> None:
        """End the analysis for good (its processes with it)."""
        ...


@dataclass(frozen=True)
class Ended:
    """The result of a turn that ended the game, as a proof reads: "win", "loss" or "draw" in ``turns``."""

    result: str
    turns: int


class StudyController(PlayController):
    """The play controller of the analysis board: both seats at the screen, no computer turns, no
    analysis of its own (the board's service gives the lines), no warnings."""

    def __init__(self, game: Game, opponent: Opponent | None = None, bottom: int = 0):
        super().__init__(game, (HUMAN, HUMAN), opponent=opponent)
        self.warnings_on = False
        self._bottom = bottom

    @property
    def bottom(self) -> int:
        """The player drawn at the bottom: the side of the game the board was opened from."""
        return self._bottom

    def start_computer(self) -> None:
        """Nobody plays for the computer here."""

    def start_analysis(self) -> None:
        """The board's own service analyses; the coach is never asked."""

    def threat_shown(self) -> tuple[Turn, ...]:
        """No warnings on the analysis board: the lines say what threatens."""
        return ()


def copy_of(game: Game) -> Game:
    """A new game at ``game``'s position with its turns replayed through the rules (the turn in
    progress left out): changing it never changes ``game``."""
    return continue_from(Timeline(game), Point(len(game.turns)), vs_computer=game.auto_repetition_draw,
                         keep_partial=False)


class StudyBoard:
    """The game studied, its tree of variations and the lines found (see the module doc)."""

    def __init__(self, game: Game, service: StudyService, tree: Variations | None = None,
                 opponent: Opponent | None = None, bottom: int = 0):
        self.base = copy_of(game)
        self.tree = tree or Variations()
        self.service = service
        self.opponent = opponent
        self.bottom = bottom
        self.lines_of: dict[int, LinesLike] = {}  # id of a node -> the deepest lines found at its position
        self._nodes: dict[int, Node] = {}  # keeps the nodes of ``lines_of`` alive (ids stay unique)
        self.analysing = True  # Start/Stop: the analysis deepens on each node shown
        self.ctl = StudyController(self._game_at(self.tree.current), opponent, bottom)
        self._started: Node | None = None
        self.restart()

    # --- the game shown ---
    @property
    def game(self) -> Game:
        """The working game: the base game, then the path to the node shown (and a turn in progress)."""
        return self.ctl.game

    @property
    def root_turns(self) -> int:
        """Turns of the base game (the tree starts after them)."""
        return len(self.base.turns)

    def _game_at(self, node: Node) -> Game:
        game = copy_of(self.base)
        for turn in self.tree.turns(node):
            game.play(turn)
        return game

    def show(self, node: Node) -> None:
        """Show ``node`` of the tree: the working game rebuilt, the analysis started there."""
        self.tree.go(node)
        self._rebuild()

    def _rebuild(self) -> None:
        self.ctl = StudyController(self._game_at(self.tree.current), self.opponent, self.bottom)
        self.restart()

    def back(self) -> bool:
        """One turn back in the tree (a turn in progress is dropped first)."""
        if self.game.pending:
            self._rebuild()
            return True
        if not self.tree.back():
            return False
        self._rebuild()
        return True

    def forward(self) -> bool:
        """One turn on along the line."""
        if not self.tree.forward():
            return False
        self._rebuild()
        return True

    def to_start(self) -> None:
        """The tree's root."""
        self.tree.to_start()
        self._rebuild()

    def to_end(self) -> None:
        """The end of the line shown."""
        self.tree.to_end()
        self._rebuild()

    # --- turns tried ---
    def committed(self) -> bool:
        """Take in a turn ended in the working game: it joins the tree (or the node that had it is
        shown) and the analysis restarts there. True when there was one."""
        expected = self.root_turns + self.tree.current.depth
        if len(self.game.turns) <= expected:
            return False
        self.tree.add(self.game.turns[expected])
        if len(self.game.turns) > expected + 1:  # never more than one at a time; rebuilt to be sure
            self._rebuild()
        else:
            self.restart()
        return True

    def play(self, turn: Turn) -> str | None:
        """Play a whole ``turn`` at the node shown (a click on a line): None when played, else why not."""
        game = self.game
        if game.pending:
            game.restart_turn()
        try:
            game.play(game.with_new_names(turn))
        except IllegalActionError as exc:
            from hwgame.words import refusal_text

            return refusal_text(exc)
        self.committed()
        return None

    def promote(self) -> None:
        """Make the line shown the main line."""
        self.tree.promote()

    def delete(self) -> bool:
        """Delete the variation shown (the node and what follows it); False at the root."""
        if self.tree.current.parent is None:
            return False
        self.tree.delete()
        self._rebuild()
        return True

    # --- the analysis ---
    def position(self) -> Position:
        """The position of the node shown (the start of the turn under way)."""
        return self.game.position

    def starts_at_the_beginning(self) -> bool:
        """True when the game studied starts from its rules' first position (a board composed elsewhere
        cannot be written as a save or a transcript, which replay from the first position)."""
        first = self.base.positions[0]
        return first.key() == initial_position(first.rules, first.players).key()

    def can_analyse(self) -> bool:
        """True when the node shown is a position in play that is not over."""
        position = self.position()
        return position.stage >= PLAYING and not self.game.is_over()

    def restart(self) -> None:
        """Start the analysis on the node shown (when it is on and the position can be analysed)."""
        self._started = None
        if not self.analysing or not self.can_analyse():
            self.service.stop()
            return
        game = self.game
        self.service.start(game.position, len(game.turns), game.repetition_counts())
        self._started = self.tree.current

    def toggle(self) -> None:
        """Start or Stop."""
        self.analysing = not self.analysing
        if self.analysing:
            self.restart()
        else:
            self.service.stop()
            self._started = None

    @property
    def running(self) -> bool:
        """True while the analysis deepens on the node shown."""
        return self._started is not None and self.service.running

    def poll(self) -> bool:
        """Keep the newest lines of the node the analysis was started on; True when they changed."""
        lines = self.service.poll()
        node = self._started
        if lines is None or node is None:
            return False
        known = self.lines_of.get(id(node))
        if known is not None and known.depth > lines.depth and not lines.done:
            return False  # never a shallower answer over a deeper one
        self.lines_of[id(node)] = lines
        self._nodes[id(node)] = node
        return True

    def lines(self, node: Node | None = None) -> LinesLike | None:
        """The lines found at ``node`` (default: the one shown), or None."""
        node = self.tree.current if node is None else node
        return self.lines_of.get(id(node))

    def verdict_of_turn(self, node: Node) -> tuple[ProofLike | None, float | None, int] | None:
        """The verdict of the turn that led to ``node``, from its mover's side: (proof, chance, mover),
        read from the lines of the position after it; None at the root or while nothing is known."""
        if node.parent is None:
            return None
        if node is self.tree.current and self.game.is_over():
            outcome = self.game.outcome()
            mover = opponent_of(self.game.to_move)
            if outcome is not None:  # the turn ended the game: its verdict is the result itself
                won = "draw" if outcome.winner is None else "win" if outcome.winner == mover else "loss"
                return Ended(won, 1), None, mover
        lines = self.lines(node)
        if lines is None or not lines.verdicts:
            return None
        best = lines.verdicts[0]
        mover = opponent_of(best.player)
        return best.proof_for(mover), best.chance_for(mover), mover


__all__ = ["LINES", "Ended", "LinesLike", "ProofLike", "StudyBoard", "StudyController", "StudyService", "VerdictLike",
           "copy_of"]
