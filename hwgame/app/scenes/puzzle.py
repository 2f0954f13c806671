"""A puzzle on the play screen: play a whole turn, press End Turn, and the engine judges it.

``PuzzleScene`` is the puzzle's coaching card over a play screen (see ``hwgame.app.coach``).

The turn is played with the usual drags and clicks on a Game at the puzzle's position. End Turn hands
the turn to ``tutorial.PuzzleSession``: a correct answer is kept on the board (for a win in two, the
opponent's defence follows and the second turn is asked for), a wrong one is explained and taken back.
"""

from __future__ import annotations

from collections.abc import Callable

from hwgame.rules import PASS, Game
from hwgame.tutorial import PUZZLES, Puzzle, PuzzleSession
from hwgame.tutorial.puzzles import Verdict, solution, solution_text

from ..coach import CoachScene, save_progress
from ..controller import HUMAN
from ..flow import PlayController
from ..overlays import Dialog
from ..view import theme as T
from ..view.widgets import Button


class PuzzleController(PlayController):
    """A hotseat controller at the puzzle's position whose End Turn submits the turn for judgement."""

    def __init__(self, session: PuzzleSession, opponent=None):
        self.session = session
        super().__init__(Game.from_position(session.position), (HUMAN, HUMAN), opponent=opponent)
        self.verdict: Verdict | None = None

    @property
    def bottom(self) -> int:
        """The solver is drawn at the bottom."""
        return self.session.puzzle.position().to_move

    def end_turn(self) -> str | None:
        """Judge the turn played so far (an empty turn is a pass)."""
        if self.session.solved:
            return "the puzzle is solved"
        turn = tuple(self.game.pending) or (PASS,)
        stage = self.session.stage
        verdict = self.session.submit(turn)
        self.verdict = verdict
        self.effects.clear()
        if not verdict.correct:
            self.game.restart_turn()
        elif self.session.stage != stage:
            self.game = Game.from_position(self.session.position)  # the opponent has answered: the second turn
        else:
            self.game.commit()  # keep the solving turn on the board
        return None

    def end_turn_warnings(self) -> list[str]:
        """The judgement explains everything: no confirmation."""
        return []

    def request_hint(self) -> str:
        """The puzzle's hint."""
        self.hint_text = self.session.puzzle.hint
        return ""

    def update(self) -> None:
        """No computer to poll."""

    def start_computer(self) -> None:
        """Nothing to start."""

    def reset(self) -> None:
        """Back to the puzzle's position."""
        self.session.reset()
        self.game = Game.from_position(self.session.position)
        self.effects.clear()
        self.verdict = None
        self.hint = None
        self.hint_text = ""


class PuzzleScene(CoachScene):
    """One puzzle's card over its play screen (see the module doc)."""

    def __init__(self, app, puzzle: Puzzle):
        self.puzzle = puzzle
        super().__init__(app, PuzzleController(PuzzleSession(puzzle), app.opponent))
        self.card_buttons = [
            Button("Hint", self.hint),
            Button("Solution", self.show_solution),
            Button("Start again", self.start_again),
            Button("Puzzles", self.leave),
        ]
        self._seen = None
        self.say("Play your turn on the board, then press End Turn to have it judged.", T.TEXT_DIM)

    def header(self) -> str:
        """Kind, difficulty and title."""
        n = [p.id for p in PUZZLES].index(self.puzzle.id) + 1
        stage = "  ·  second turn" if self.ctl.session.stage == 2 else ""
        return f"Puzzle {n} of {len(PUZZLES)}  ·  {self.puzzle.difficulty_name}  ·  {self.puzzle.title}{stage}"

    def task(self) -> str:
        """The prompt."""
        return self.puzzle.prompt

    def goal(self) -> str:
        """The kind of task."""
        if self.ctl.session.stage == 2:
            return "Goal: Win this turn."
        return f"Goal: {self.puzzle.task}."

    def show_solution(self) -> None:
        """A solution found by the engine, in words, with its systems marked."""
        if self.ctl.session.stage == 2:
            from hwgame.tutorial.solve import winning_turn
            from hwgame.words import describe_turn, sentence

            found = winning_turn(self.ctl.session.position)
            turn = found.turn if found else ()
            text = sentence(describe_turn(turn)) if found else "No winning turn is left."
        else:
            turn = solution(self.puzzle)
            text = solution_text(self.puzzle)
        self.ctl.hint = tuple(turn)
        self.say("Solution: " + text, T.TEXT_WARN)

    def start_again(self) -> None:
        """Back to the puzzle's position."""
        self.ctl.reset()
        self.play.finish_animations()
        self.say("Back to the start of the puzzle.", T.TEXT_DIM)

    def update(self, dt: float) -> None:
        """Show a new verdict; a solved puzzle is remembered in the settings."""
        super().update(dt)
        verdict = self.ctl.verdict
        if verdict is None or verdict is self._seen:
            return
        self._seen = verdict
        color = T.TEXT_GOOD if verdict.correct else (T.TEXT_BAD if not verdict.legal else T.TEXT_WARN)
        self.say(verdict.message, color, verdict.correct)
        if self.ctl.session.solved:
            save_progress(self.app, "puzzle:" + self.puzzle.id, True, 0)
            after = PUZZLES.index(self.puzzle) + 1
            buttons: list[tuple[str, Callable[[], object] | None]] = []
            if after < len(PUZZLES):
                buttons.append(("Next puzzle", lambda: self.app.scenes.replace(PuzzleScene(self.app, PUZZLES[after]))))
            buttons.append(("Puzzles", self.leave))
            buttons.append(("Look at the board", None))
            self.app.scenes.push(Dialog(self.app, "Solved!", [verdict.message], buttons, width=640))


__all__ = ["PuzzleController", "PuzzleScene"]
