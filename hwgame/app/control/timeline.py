"""A recorded game as a line of points to step through, and a new game started from one of them.

Pure Python on top of the rules (no pygame), so the replay viewer's logic is tested without a window.

A ``Point(turn, action)`` is the board after ``turn`` whole turns and ``action`` more actions of the next
turn. The last action of a turn is never a point of its own: the next step shows the turn ended, which is
the same board with the move passed on, so stepping never shows the same picture twice. The points run
from the start of the game to the end of the record (a turn left in progress included).
"""

from __future__ import annotations

from dataclasses import dataclass

from hwgame.i18n import ngettext
from hwgame.rules import PASS, Action, EndTurn, Game, Outcome, Position, apply_checked, outcome_of, start_turn


@dataclass(frozen=True, order=True)
class Point:
    """``turn`` whole turns played, then ``action`` actions of the next one."""

    turn: int
    action: int = 0


class Timeline:
    """The points of a game's record and the position at each of them.

    The record is copied when the timeline is made: a game played on afterwards does not change it.
    """

    def __init__(self, game: Game):
        self.players = game.players
        self.rules = game.rules
        self.auto_repetition_draw = game.auto_repetition_draw
        self.handicap = game.handicap  # applied again by a game continued from a board before it
        self.starts = list(game.positions)  # the position at the start of each turn, and after the last
        self.turns = [tuple(a for a in turn if not isinstance(a, EndTurn)) for turn in game.turns]
        self.pending = tuple(game.pending)
        self.outcome = game.outcome()
        self.points: list[Point] = []
        for t, turn in enumerate(self.turns):
            self.points.extend(Point(t, j) for j in range(max(1, len(turn))))
        end = len(self.turns)
        self.points.extend(Point(end, j) for j in range(len(self.pending) + 1))
        self._index = {p: i for i, p in enumerate(self.points)}
        self._mid: dict[Point, Position] = {}  # positions inside turns, worked out when first shown

    # --- reading the record ---
    @property
    def turn_count(self) -> int:
        """How many whole turns the record holds."""
        return len(self.turns)

    def actions_of(self, turn: int) -> tuple:
        """The actions of turn ``turn`` (0-based; the turn in progress at the end of the record too)."""
        if turn < len(self.turns):
            return self.turns[turn]
        return self.pending if turn == len(self.turns) else ()

    def mover(self, point: Point) -> int:
        """The player whose turn it is at ``point``."""
        return self.starts[point.turn].to_move

    def index_of(self, point: Point) -> int:
        """The step number of a point (raises KeyError for a point not on the timeline)."""
        return self._index[point]

    def position_at(self, point: Point) -> Position:
        """The board at ``point``: a turn's start, or the position after some of its actions."""
        if point.action == 0:
            return self.starts[point.turn]
        found = self._mid.get(point)
        if found is None:
            state = start_turn(self.starts[point.turn])
            for k, action in enumerate(self.actions_of(point.turn)[: point.action]):
                state = apply_checked(state, action)
                self._mid.setdefault(Point(point.turn, k + 1), state.position)
            found = self._mid[point]
        return found

    def last_played(self, point: Point) -> tuple[int, int] | None:
        """(turn, action index) of the last action shown on the board at ``point``, or None at the start."""
        if point.action > 0:
            return point.turn, point.action - 1
        if point.turn == 0:
            return None
        return point.turn - 1, max(0, len(self.turns[point.turn - 1]) - 1)

    def last_action(self, point: Point) -> Action | None:
        """The last action shown on the board at ``point`` (None at the start)."""
        where = self.last_played(point)
        if where is None:
            return None
        actions = self.actions_of(where[0])
        return actions[where[1]] if actions else None

    def describe(self, point: Point) -> str:
        """Where the board is, in words: ``"after turn 12 of 40"`` or ``"turn 13: 2 of 3 actions played"``
        (in the language in force)."""
        if point.action == 0:
            if point.turn == 0:
                count = self.turn_count
                return ngettext("start of the game ({count} turn recorded)",
                                "start of the game ({count} turns recorded)", count).format(count=count)
            return ngettext("after turn {turn} of {count}", "after turn {turn} of {count}", self.turn_count).format(
                turn=point.turn, count=self.turn_count)
        n = len(self.actions_of(point.turn))
        return ngettext("turn {turn}: {done} of {count} action played", "turn {turn}: {done} of {count} actions played",
                        n).format(turn=point.turn + 1, done=point.action, count=n)

    def outcome_at(self, point: Point) -> Outcome | None:
        """The result the board itself shows at ``point`` (a lost homeworld), or None."""
        if point.action:
            return None
        return outcome_of(self.starts[point.turn])

    # --- moving along ---
    def clamp(self, index: int) -> int:
        """A step number kept on the timeline."""
        return max(0, min(index, len(self.points) - 1))

    def turn_start(self, turn: int) -> int:
        """The step of the board after ``turn`` whole turns (kept within the record)."""
        turn = max(0, min(turn, len(self.turns)))
        return self._index[Point(turn, 0)]

    def next_turn(self, index: int) -> int:
        """The step at the end of the turn under way (or the next turn's end at a turn boundary)."""
        point = self.points[self.clamp(index)]
        return self.turn_start(point.turn + 1) if point.turn < len(self.turns) else len(self.points) - 1

    def previous_turn(self, index: int) -> int:
        """Back to the start of the turn under way, or of the previous turn at a turn boundary."""
        point = self.points[self.clamp(index)]
        return self.turn_start(point.turn if point.action else point.turn - 1)

    @property
    def end(self) -> int:
        """The last step: the board as the record leaves it."""
        return len(self.points) - 1


def continue_from(timeline: Timeline, point: Point, *, vs_computer: bool, keep_partial: bool = True) -> Game:
    """A new Game at ``point`` of the record: its turns replayed through the rules (so undo, repetitions
    and the log work as in any game), then the actions already played of a turn under way.

    ``keep_partial=False`` starts that turn afresh instead (the computer plays whole turns only). The
    timeline's own record is not touched. Raises ``HomeworldsError`` if the record does not replay.
    """
    # A record may begin from a composed position (a puzzle, a test): the game begins there too.
    game = Game.from_position(timeline.starts[0], auto_repetition_draw=vs_computer, handicap=timeline.handicap)
    for turn in timeline.turns[: point.turn]:
        game.play(turn or (PASS,))
    if keep_partial:
        for action in timeline.actions_of(point.turn)[: point.action]:
            game.act(action)
    return game
