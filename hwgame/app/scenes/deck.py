"""Your puzzle deck: the positions of your own finished games where the review found a clearly better
turn than yours, played again on the SM-2 schedule (``app.control.deck``).

``DeckScene`` is a coaching card over a play screen, as a tutorial puzzle is (``scenes.puzzle``): the
board is the one before your turn, you play a whole turn by drag and drop and press End Turn. The turn
is judged as the retry mode judges a try, by the one verdict of the board after it, asked of the
computer's own process (``services.deck.TryRun``): the better turn is always accepted, and so is any
turn the verdict puts within ``services.deck.MARGIN`` of it (where the board is a proven win, only a
turn that keeps the win). A turn that falls short is taken back and
the card says what it allows, the opponent's answer shown with ghost pieces; you try again.

The card says which game and turn the puzzle comes from and "Open the game" shows that game in the
replay viewer at that turn. "Show the better turn" plays it with ghost pieces (the puzzle then counts as
solved with help), "Skip" gives it up. Each puzzle played is graded for SM-2 (``control.deck.grade``)
and its next day is written to the deck file at once.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import TYPE_CHECKING, Any

from hwgame.app.control.controller import HUMAN, GameJudge
from hwgame.app.control.deck import due_puzzles, grade, sm2
from hwgame.app.control.flow import PlayController
from hwgame.app.control.text import Text, error_text
from hwgame.app.kit.card import LessonCard
from hwgame.app.kit.dialogs import Dialog
from hwgame.app.services.deck import MARGIN, Ruling, TryRun, deck_path, entry_of, percents
from hwgame.app.view import theme as T
from hwgame.i18n import _, ngettext
from hwgame.rules import (
    PASS,
    Game,
    HomeworldsError,
    IllegalActionError,
    Position,
    Turn,
    apply_turn_unchecked,
    parse_turn,
    turn_steps,
)
from hwgame.words import PLAYED, describe_turn, sentence

if TYPE_CHECKING:
    from hwgame.app.services.opponent import Opponent
    from hwgame.app.services.retry import TurnReview
    from hwgame.app.stage import AppLike
    from hwgame.persist.deck_file import Deck, DeckGame, DeckPuzzle


class DeckController(PlayController):
    """A hotseat controller at a deck puzzle's position whose End Turn has the turn judged (on a thread:
    ``poll`` takes the verdict in)."""

    def __init__(self, entry: TurnReview, position: Position, opponent: Opponent, level: str | None = None):
        super().__init__(Game.from_position(position), (HUMAN, HUMAN), opponent=opponent)
        self.entry = entry
        self.start = position
        self.index = entry.index
        self.best: Turn = entry.best or ()
        self.judging = level  # the level whose verdict judges (None: the review's)
        self.judge_opponent = opponent
        self.run: TryRun | None = None
        self.tried: Turn = ()
        self.verdict: Ruling | None = None
        self.solved = False

    @property
    def bottom(self) -> int:
        """The solver is drawn at the bottom."""
        return self.start.to_move

    def end_turn(self) -> str | None:
        """Have the turn played so far judged (an empty turn is a pass)."""
        if self.solved:
            return _("the puzzle is solved")
        if self.run is not None:
            return _("your turn is being judged")
        self.tried = tuple(self.game.pending) or (PASS,)
        self.verdict = None
        self.effects.clear()
        self.run = TryRun(self.judge_opponent, self.entry, self.tried, self.judging)
        return None

    def poll(self) -> Ruling | str | None:
        """The verdict once the judgement is done (the turn kept when accepted, else taken back), its
        error in words when it failed, or None while it runs (or when nothing was asked)."""
        run = self.run
        if run is None or not run.poll():
            return None
        self.run = None
        if run.verdict is None:
            self.game.restart_turn()
            return run.error or "?"
        self.verdict = run.verdict
        if run.verdict.accepted:
            self.solved = True
            try:
                self.game.commit()
            except HomeworldsError:
                pass  # the turn was changed while it was judged: the verdict stands for the turn tried
        else:
            self.game.restart_turn()
        return run.verdict

    def end_turn_warnings(self) -> list[str]:
        """The judgement explains everything: no confirmation."""
        return []

    def undo(self) -> str:
        """Take back the last action of the turn being played."""
        self.effects.clear()
        if self.game.pending:
            self.game.undo_action()
            return _("Took back the last action.")
        return _("Nothing to take back.")

    def request_hint(self) -> str:
        """The better turn's first action, as a hint."""
        first = next(iter(self.best), None)
        self.hint_text = "" if first is None else sentence(describe_turn((first,), names=self.names()))
        return ""

    def names(self) -> tuple[str, str]:
        """The solver's and the opponent's names."""
        me = self.start.to_move
        return (self.start.players[me], self.start.players[1 - me])

    def update(self) -> None:
        """No computer to poll."""

    def start_computer(self) -> None:
        """Nothing to start."""

    def reset(self) -> None:
        """Back to the puzzle's position."""
        self.judge = GameJudge(Game.from_position(self.start))
        self.effects.clear()
        self.hint = None
        self.hint_text = ""


def _puzzle_game(deck: Deck, puzzle: DeckPuzzle) -> tuple[DeckGame, Game]:
    """The puzzle's game, replayed from the deck (raise when it does not replay)."""
    from hwgame.persist.convert import save_to_game

    kept = deck.games[puzzle.game]
    return kept, save_to_game(kept.save)


class DeckScene(LessonCard):
    """The due puzzles of the deck, one after another (see the module doc)."""

    ctl: DeckController

    def __init__(self, app: AppLike, deck: Deck, today: date | None = None, level: str | None = None,
                 queue: list[DeckPuzzle] | None = None, number: int = 0):
        """Today's round of ``deck``'s due puzzles (or ``queue``), from its puzzle ``number``; raise
        ValueError when there is none, KeyError or an error of the rules when its game does not replay."""
        self.deck = deck
        self.today = today or date.today()
        self.level = level  # the level whose verdict judges a try (None: the review's)
        self.queue = queue if queue is not None else due_puzzles(deck, self.today)
        if not 0 <= number < len(self.queue):
            raise ValueError("no puzzle is due")
        self.number = number
        self.puzzle = self.queue[number]
        self.kept, self.source = _puzzle_game(deck, self.puzzle)
        super().__init__(app, self._controller(app))
        self.card_buttons = [
            (lambda: _("Show the better turn"), self.show_better),
            (lambda: _("Skip"), self.skip),
            (lambda: _("Open the game"), self.open_game),
            (lambda: _("Back to the list"), self.leave),
        ]
        self.tries = 0
        self.helped = False
        self._showing: Turn = ()
        self._judging = False  # the card says a turn is being judged
        self.graded = False  # the puzzle's SM-2 step is taken (once: solved or skipped)
        self.say(lambda: _("Play your turn on the board, then press End Turn to have it judged."), T.TEXT_DIM,
                 follow=False)

    def _controller(self, app: AppLike) -> DeckController:
        position = self.source.positions[self.puzzle.index]
        return DeckController(entry_of(self.puzzle, position), position, app.opponent, self.level)

    # --- what the card says ---
    def opponent_name(self) -> str:
        """The name of the player the puzzle's game was played against."""
        return self.ctl.names()[1]

    def header(self) -> str:
        """Where the puzzle stands in today's round and where it comes from."""
        return _("Your puzzle deck  ·  {n} of {count}  ·  your game against {opponent}, turn {turn}").format(
            n=self.number + 1, count=len(self.queue), opponent=self.opponent_name(), turn=self.puzzle.index + 1)

    def task(self) -> str:
        """What was played and what is asked."""
        played = sentence(describe_turn(parse_turn(self.puzzle.played), names=self.ctl.names(), mood=PLAYED))
        if self.puzzle.kind == "blunder":
            return _("Your turn here was: {played} The review marked it a blunder and found a clearly better "
                     "turn. Find it.").format(played=played)
        return _("Your turn here was: {played} The review marked it a mistake and found a clearly better "
                 "turn. Find it.").format(played=played)

    def goal(self) -> str:
        """The test a turn must pass, in words."""
        return _("Goal: a turn that keeps your chance to win within {margin} points of the better turn's.").format(
            margin=round(MARGIN * 100))

    # --- the buttons ---
    def hint(self) -> None:
        """The better turn's first action, on the card: the puzzle then counts as solved with help."""
        self.helped = True
        super().hint()

    def show_better(self) -> None:
        """Play the better turn with ghost pieces; the puzzle then counts as solved with help."""
        if self.ctl.solved:
            return
        self.helped = True
        game = self.ctl.game
        if game.pending:
            game.restart_turn()
        try:
            steps = turn_steps(game.position, self.ctl.best)
        except IllegalActionError:
            steps = []
        self.start_demo(steps, game.state.position)
        names = self.ctl.names()
        best = self.ctl.best
        self.say(lambda: _("Watch: {play}").format(play=sentence(describe_turn(best, names=names))), T.TEXT_WARN)
        self._showing = best

    def demo_finished(self) -> None:
        """After the better turn was shown: it stays on the card, for the player to play."""
        turn, self._showing = self._showing, ()
        if turn:
            names = self.ctl.names()
            self.say(lambda: _("Your turn: {play} Play it on the board.").format(
                play=sentence(describe_turn(turn, names=names))), T.TEXT_WARN)

    def skip(self) -> None:
        """Give the puzzle up: it comes back tomorrow."""
        self.stop_demo()
        if self.ctl.run is not None:
            self.ctl.run.cancel()
            self.ctl.run = None
        self._finish(solved=False)

    def open_game(self) -> None:
        """The puzzle's game in the replay viewer, at the board before the puzzle's turn."""
        self.stop_demo()
        from hwgame.persist.convert import save_to_game

        game = save_to_game(self.kept.save)
        title = self.kept.title or _("Your game against {opponent}").format(opponent=self.opponent_name())
        # The viewer's own ``name`` (its title) would clash with the scene's name in ``open_scene``.
        replay: Any = self.app.scene_class("replay")  # scenes are known to each other by name only
        viewer = replay(self.app, game, list(self.kept.save.players), name=lambda: title)
        viewer.go_to_turn(self.puzzle.index)
        self.app.scenes.push(viewer)

    def leave(self) -> None:
        """Back to the list; a judgement still running is stopped."""
        if self.ctl.run is not None:
            self.ctl.run.cancel()
        super().leave()

    # --- the round ---
    def update(self, dt: float) -> None:
        """Take in a verdict once it is there."""
        super().update(dt)
        if self.ctl.run is not None and not self._judging:
            self._judging = True
            self.say(lambda: _("Judging your turn..."), T.TEXT_DIM)
        found = self.ctl.poll()
        if found is None:
            return
        self._judging = False
        if isinstance(found, str):
            problem = found
            self.say(lambda: _("The turn could not be judged: {problem}").format(problem=problem), T.TEXT_BAD)
            return
        self.tries += 1
        if found.accepted:
            keeps, better = percents(found)
            self.say(lambda: _("Found: your turn keeps a {keeps}% chance to win; the better turn keeps {better}%.")
                     .format(keeps=keeps, better=better), T.TEXT_GOOD)
            self._finish(solved=True)
            return
        self._refused(found)

    def _refused(self, verdict: Ruling) -> None:
        """Say what the turn tried allows, and show the opponent's answer with ghost pieces."""
        tried, reply, names = self.ctl.tried, verdict.reply, self.ctl.names()
        keeps, better = percents(verdict)
        if reply is None:
            self.say(lambda: _("Not quite: your turn keeps a {keeps}% chance to win, the better turn {better}%. "
                               "Try again.").format(keeps=keeps, better=better), T.TEXT_WARN, False)
            return
        self.say(lambda: _("Not quite: after it, {opponent} can answer: {reply} Your chance to win falls to "
                           "{keeps}% (the better turn keeps {better}%). Try again.").format(
            opponent=names[1], reply=sentence(describe_turn(reply, names[1], names)), keeps=keeps,
            better=better), T.TEXT_WARN, False)  # fmt: skip
        try:
            steps = turn_steps(self.ctl.start, tried)
            steps += turn_steps(apply_turn_unchecked(self.ctl.start, tried), reply)  # from the board after the turn
        except (IllegalActionError, HomeworldsError, IndexError):
            return
        self.start_demo(steps, self.ctl.start)

    def _finish(self, solved: bool) -> None:
        """Grade the puzzle (SM-2), write its next day, and offer the next one."""
        from hwgame.persist.deck_file import change_deck

        if self.graded:
            return
        self.graded = True
        quality = grade(solved, self.tries, self.helped)
        puzzle_id, today = self.puzzle.id, self.today

        def step(deck: Deck) -> None:
            for i, p in enumerate(deck.puzzles):
                if p.id == puzzle_id:
                    deck.puzzles[i] = p.model_copy(update={"schedule": sm2(p.schedule, quality, today)})

        try:
            self.deck = change_deck(deck_path(), step)
        except Exception as exc:  # the round goes on; only its schedule was not kept
            failed = exc
            self.app.toast(lambda: _("The deck was not saved: {problem}").format(problem=error_text(failed)))
        title: Text = (lambda: _("Solved with help")) if solved and self.helped else (
            (lambda: _("Solved!")) if solved else (lambda: _("Skipped")))
        days = sm2(self.puzzle.schedule, quality, today).interval
        lines: list[Text] = [lambda: ngettext("This puzzle comes back in {days} day.",
                                              "This puzzle comes back in {days} days.", days).format(days=days)]
        buttons: list[tuple[Text, Callable[[], object] | None]] = []
        if self.number + 1 < len(self.queue):
            buttons.append((lambda: _("Next puzzle"), self.next_puzzle))
        buttons.append((lambda: _("Back to the list"), self.leave))
        if solved:
            buttons.append((lambda: _("Look at the board"), None))
        self.app.scenes.push(Dialog(self.app, title, lines, buttons, width=640))

    def next_puzzle(self) -> None:
        """The next puzzle of today's round, on a fresh board (a puzzle whose game no longer replays is
        passed over)."""
        for number in range(self.number + 1, len(self.queue)):
            try:
                self.app.scenes.replace(DeckScene(self.app, self.deck, self.today, self.level, self.queue, number))
                return
            except (KeyError, HomeworldsError, ValueError):
                continue
        self.leave()


__all__ = ["DeckController", "DeckScene"]
