"""A puzzle on the play screen: play a whole turn, press End Turn, and the engine judges it.

``PuzzleScene`` is the puzzle's coaching card over a play screen (see ``hwgame.app.kit.card``).

The turn is played with the usual drags and clicks on a Game at the puzzle's position. End Turn hands
the turn to ``tutorial.PuzzleSession``: a correct answer is kept on the board (for a win in two, the
opponent's defence follows and the second turn is asked for), a wrong one is explained and taken back.

"Show me" plays a solution found by the engine with ghost pieces (the board is given back as it was)
and "Solution" tells it in words; a puzzle solved after either is kept as solved *with help*, which
the list shows apart from a clean solve.

A puzzle from a real game is bigger than a composed one: its answers are judged with the computer's
exact search for a win at once (``ai.tactics.find_win``) rather than by walking every turn, so that a
win in two's judgement over every reply takes a moment, not many seconds.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from hwgame.app.control.controller import HUMAN, GameJudge
from hwgame.app.control.flow import PlayController
from hwgame.app.control.text import Text
from hwgame.app.kit.card import LessonCard, save_progress
from hwgame.app.kit.dialogs import Dialog
from hwgame.app.view import theme as T
from hwgame.i18n import _
from hwgame.rules import PASS, Game, HomeworldsError, IllegalActionError, turn_steps
from hwgame.tutorial import PUZZLES, Puzzle, PuzzleSession
from hwgame.tutorial.puzzles import Ruling, solution
from hwgame.tutorial.solve import first_win
from hwgame.words import describe_turn, sentence

if TYPE_CHECKING:
    from hwgame.app.services.opponent import Opponent
    from hwgame.app.stage import AppLike


class PuzzleController(PlayController):
    """A hotseat controller at the puzzle's position whose End Turn submits the turn for judgement."""

    def __init__(self, session: PuzzleSession, opponent: Opponent | None = None):
        if session.puzzle.source and session.finder is None:
            from hwgame.app.services.coach import find_win

            session.finder = find_win  # a real game's position: too big to walk every turn (module doc)
        self.session = session
        super().__init__(Game.from_position(session.position), (HUMAN, HUMAN), opponent=opponent)
        self.ruling: Ruling | None = None

    @property
    def bottom(self) -> int:
        """The solver is drawn at the bottom."""
        return self.session.puzzle.position().to_move

    def end_turn(self) -> str | None:
        """Judge the turn played so far (an empty turn is a pass)."""
        if self.session.solved:
            return _("the puzzle is solved")
        turn = tuple(self.game.pending) or (PASS,)
        stage = self.session.stage
        ruling = self.session.submit(turn)
        self.ruling = ruling
        self.effects.clear()
        if not ruling.correct:
            self.game.restart_turn()
        elif self.session.stage != stage:
            self.judge = GameJudge(self._game_so_far())  # the opponent has answered
        else:
            self.game.commit()  # keep the solving turn on the board
        return None

    def _game_so_far(self) -> Game:
        """A game from the puzzle's position through the turns played on the way (so the move log
        shows the first turn and the answer), at the session's position."""
        game = Game.from_position(self.session.puzzle.position())
        try:
            for turn in self.session.turns:
                game.play(turn)
        except HomeworldsError:
            pass
        if game.position != self.session.position:  # not replayable as stored: the position alone
            game = Game.from_position(self.session.position)
        return game

    def end_turn_warnings(self) -> list[str]:
        """The judgement explains everything: no confirmation."""
        return []

    def undo(self) -> str:
        """Take back the last action of the turn being played (a judged turn stays judged)."""
        self.effects.clear()
        if self.game.pending:
            self.game.undo_action()
            return _("Took back the last action.")
        return _("Nothing to take back: Start again goes back to the puzzle's position.")

    def request_hint(self) -> str:
        """The puzzle's hint."""
        self.hint_text = _(self.session.puzzle.hint)
        return ""

    def solving_turn(self) -> tuple:
        """A turn that solves what is asked now: the puzzle's, or at a win in two's second turn a
        winning turn after the defence (() when there is none)."""
        finder = self.session.finder
        if self.session.stage == 2:
            found = (finder or first_win)(self.session.position)
            return tuple(found) if found else ()
        return tuple(solution(self.session.puzzle, finder))

    def update(self) -> None:
        """No computer to poll."""

    def start_computer(self) -> None:
        """Nothing to start."""

    def reset(self) -> None:
        """Back to the puzzle's position."""
        self.session.reset()
        self.judge = GameJudge(Game.from_position(self.session.position))
        self.effects.clear()
        self.ruling = None
        self.hint = None
        self.hint_text = ""


class PuzzleScene(LessonCard):
    """One puzzle's card over its play screen (see the module doc); ``helped`` is True once its
    solution was shown or told."""

    ctl: PuzzleController  # the card's play controller, whose End Turn submits the turn

    def __init__(self, app: AppLike, puzzle: Puzzle):
        self.puzzle = puzzle
        super().__init__(app, PuzzleController(PuzzleSession(puzzle), app.opponent))
        self.card_buttons = [
            (lambda: _("Hint"), self.hint),
            (lambda: _("Show me"), self.show_me),
            (lambda: _("Solution"), self.show_solution),
            (lambda: _("Start again"), self.start_again),
            (lambda: _("Puzzles"), self.leave),
        ]
        self._seen: Ruling | None = None
        self._showing: tuple = ()  # the turn "show me" is playing
        self.helped = False
        self.say(lambda: _("Play your turn on the board, then press End Turn to have it judged."), T.TEXT_DIM,
                 follow=False)

    def header(self) -> str:
        """Kind, difficulty and title (for a puzzle from a real game: where it comes from)."""
        if self.puzzle.source and self.ctl.session.stage == 2:
            return _("Puzzle of the day  ·  {difficulty}  ·  from {source}, turn {turn}  ·  second turn").format(
                difficulty=self.puzzle.difficulty_name, source=self.puzzle.source, turn=self.puzzle.source_turn)
        if self.puzzle.source:
            return _("Puzzle of the day  ·  {difficulty}  ·  from {source}, turn {turn}").format(
                difficulty=self.puzzle.difficulty_name, source=self.puzzle.source, turn=self.puzzle.source_turn)
        n = [p.id for p in PUZZLES].index(self.puzzle.id) + 1
        if self.ctl.session.stage == 2:
            return _("Puzzle {n} of {count}  ·  {difficulty}  ·  {title}  ·  second turn").format(
                n=n, count=len(PUZZLES), difficulty=self.puzzle.difficulty_name, title=_(self.puzzle.title)
            )
        return _("Puzzle {n} of {count}  ·  {difficulty}  ·  {title}").format(
            n=n, count=len(PUZZLES), difficulty=self.puzzle.difficulty_name, title=_(self.puzzle.title)
        )

    def task(self) -> str:
        """The prompt."""
        return _(self.puzzle.prompt)

    def goal(self) -> str:
        """The kind of task."""
        if self.ctl.session.stage == 2:
            return _("Goal: Win this turn.")
        return _("Goal: {task}.").format(task=self.puzzle.task)

    def hint(self) -> None:
        """The puzzle's hint on the card."""
        self.stop_demo()
        puzzle = self.puzzle
        self.say(lambda: _("Hint: {hint}").format(hint=_(puzzle.hint)), T.TEXT_WARN)

    def show_me(self) -> None:
        """Play a solution on the board with ghost pieces, then give the board back to be played."""
        if self.ctl.session.solved:
            self.say(lambda: _("The puzzle is solved: Start again to play it once more."), T.TEXT_DIM)
            return
        turn = self.ctl.solving_turn()
        if not turn:
            self.say(lambda: _("No winning turn is left."), T.TEXT_WARN)
            return
        self.helped = True
        game = self.ctl.game
        if game.pending:
            game.restart_turn()  # the solution starts from the start of the turn, and so does the solver
        try:
            steps = turn_steps(game.position, turn)
        except IllegalActionError:
            steps = []
        self.start_demo(steps, game.state.position)
        names = self.names()
        self.say(lambda: _("Watch: {play}").format(play=sentence(describe_turn(turn, names=names))), T.TEXT_WARN)
        self._showing = turn

    def names(self) -> tuple[str, str]:
        """The solver's and the rival's names, which their homeworlds bear ("at your homeworld")."""
        position = self.ctl.game.position
        me = position.to_move
        return (position.players[me], position.players[1 - me])

    def demo_finished(self) -> None:
        """After "show me": the solution stays on the card, for the solver to play."""
        turn = self._showing
        if not turn:
            return
        self._showing = ()
        names = self.names()
        self.say(lambda: _("Your turn: {play} Play it on the board.").format(
            play=sentence(describe_turn(turn, names=names))),
                 T.TEXT_WARN)

    def show_solution(self) -> None:
        """A solution found by the engine, in words, with its systems marked."""
        self.stop_demo()
        turn = self.ctl.solving_turn()
        self.helped = True
        self.ctl.hint = turn or None
        if turn:
            names = self.names()
            self.say(lambda: _("Solution: {play}").format(play=sentence(describe_turn(turn, names=names))), T.TEXT_WARN)
        else:
            self.say(lambda: _("No winning turn is left."), T.TEXT_WARN)

    def start_again(self) -> None:
        """Back to the puzzle's position."""
        self.stop_demo()
        self.ctl.reset()
        self.play.finish_animations()
        self.say(lambda: _("Back to the start of the puzzle."), T.TEXT_DIM)

    def update(self, dt: float) -> None:
        """Show a new ruling; a solved puzzle is remembered in the settings (with help or not)."""
        super().update(dt)
        ruling = self.ctl.ruling
        if ruling is None or ruling is self._seen:
            return
        self._seen = ruling
        color = T.TEXT_GOOD if ruling.correct else (T.TEXT_BAD if not ruling.legal else T.TEXT_WARN)
        self.say(ruling.message, color, ruling.correct)
        if self.ctl.session.solved:
            save_progress(self.app, "puzzle:" + self.puzzle.id, True, 0, helped=self.helped)
            after = PUZZLES.index(self.puzzle) + 1 if self.puzzle in PUZZLES else len(PUZZLES)
            buttons: list[tuple[Text, Callable[[], object] | None]] = []
            if after < len(PUZZLES):
                buttons.append(
                    (lambda: _("Next puzzle"), lambda: self.app.scenes.replace(PuzzleScene(self.app, PUZZLES[after])))
                )
            buttons.append((lambda: _("Puzzles"), self.leave))
            buttons.append((lambda: _("Look at the board"), None))
            lines: list[Text] = [ruling.detail or ruling.message]  # the title says "Solved!" already
            if self.helped:
                lines.append(lambda: _("Solved with help: try it again later without Show me or Solution."))
            title: Text = (lambda: _("Solved with help")) if self.helped else (lambda: _("Solved!"))
            self.app.scenes.push(Dialog(self.app, title, lines, buttons, width=640))


__all__ = ["PuzzleController", "PuzzleScene"]
