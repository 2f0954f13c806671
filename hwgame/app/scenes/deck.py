"""Your puzzle deck: the positions of your own finished games where the review found a clearly better
turn than yours, played again on the SM-2 schedule (``app.control.deck``).

``DeckScene`` is the card that asks one turn on a board (``kit.asked_turn.AskedTurnCard``, as "Find the
better turn" is): the board is the one before your turn, you play a whole turn by drag and drop and
press End Turn. The turn is judged as the retry mode judges a try, by the one verdict of the board after
it, asked of the computer's own process: the better turn is always accepted, and so is any turn the
verdict puts within ``services.deck.MARGIN`` of it (where the board is a proven win, only a turn that
keeps the win). A turn that falls short is taken back and the card says what it allows, the opponent's
answer shown with ghost pieces; you try again. A turn accepted stays on the board.

The card says which game and turn the puzzle comes from and "Open the game" shows that game in the
replay viewer at that turn. "Show the better turn" plays it with ghost pieces (the puzzle then counts as
solved with help), "Skip" gives it up. Each puzzle played is graded for SM-2 (``control.deck.grade``)
and its next day is written to the deck file at once.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import TYPE_CHECKING, Any

from hwgame.app.control.deck import due_puzzles, grade, sm2
from hwgame.app.control.text import Text, error_text
from hwgame.app.kit.asked_turn import AskedTurnCard
from hwgame.app.kit.dialogs import Dialog
from hwgame.app.services.deck import JUDGE_LEVEL, MARGIN, Ruling, deck_path, entry_of
from hwgame.app.view import theme as T
from hwgame.i18n import _, ngettext
from hwgame.rules import Game, HomeworldsError, Turn, parse_turn
from hwgame.words import PLAYED, Voice, describe_turn, sentence

if TYPE_CHECKING:
    from hwgame.app.services.retry import TurnReview
    from hwgame.app.stage import AppLike
    from hwgame.persist.deck_file import Deck, DeckGame, DeckPuzzle


def _puzzle_game(deck: Deck, puzzle: DeckPuzzle) -> tuple[DeckGame, Game]:
    """The puzzle's game, replayed from the deck (raise when it does not replay)."""
    from hwgame.persist.convert import save_to_game

    kept = deck.games[puzzle.game]
    return kept, save_to_game(kept.save)


class DeckScene(AskedTurnCard):
    """The due puzzles of the deck, one after another (see the module doc)."""

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
        position = self.source.positions[self.puzzle.index]
        entry = entry_of(self.puzzle, position)
        me = position.to_move
        super().__init__(app, entry, level or JUDGE_LEVEL, Voice((position.players[0], position.players[1]), you=me))
        self.card_buttons = [
            (lambda: _("Show the better turn"), self.show_better),
            (lambda: _("Skip"), self.skip),
            (lambda: _("Open the game"), self.open_game),
            (lambda: _("Back to the list"), self.leave),
        ]
        self.tries = 0
        self.helped = False
        self.solved = False
        self._showing: Turn = ()
        self.graded = False  # the puzzle's SM-2 step is taken (once: solved or skipped)
        self.say(lambda: _("Play your turn on the board, then press End Turn to have it judged."), T.TEXT_DIM,
                 follow=False)

    @property
    def best(self) -> Turn:
        """The better turn the review found."""
        return self.ctl.entry.best or ()

    def names(self) -> tuple[str, str]:
        """The solver's and the opponent's names."""
        start = self.ctl.entry.position
        assert start is not None
        me = start.to_move
        return (start.players[me], start.players[1 - me])

    # --- what the card says ---
    def opponent_name(self) -> str:
        """The name of the player the puzzle's game was played against."""
        return self.names()[1]

    def header(self) -> str:
        """Where the puzzle stands in today's round and where it comes from."""
        return _("Your puzzle deck  ·  {n} of {count}  ·  your game against {opponent}, turn {turn}").format(
            n=self.number + 1, count=len(self.queue), opponent=self.opponent_name(), turn=self.puzzle.index + 1)

    def task(self) -> str:
        """What was played and what is asked."""
        played = sentence(describe_turn(parse_turn(self.puzzle.played), names=self.names(), mood=PLAYED))
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
        if self.solved:
            return
        self.helped = True
        self.stop_demo()
        first, names = self.best[:1], self.names()
        if first:
            self.say(lambda: _("Hint: {hint}").format(hint=sentence(describe_turn(first, names=names))),
                     T.TEXT_WARN)  # fmt: skip

    def show_better(self) -> None:
        """Play the better turn with ghost pieces; the puzzle then counts as solved with help."""
        if self.solved:
            return
        self.helped = True
        best, names = self.best, self.names()
        self.show_turn(best)
        self.say(lambda: _("Watch: {play}").format(play=sentence(describe_turn(best, names=names))), T.TEXT_WARN)
        self._showing = best

    def demo_finished(self) -> None:
        """After the better turn was shown: it stays on the card, for the player to play."""
        turn, self._showing = self._showing, ()
        if turn:
            names = self.names()
            self.say(lambda: _("Your turn: {play} Play it on the board.").format(
                play=sentence(describe_turn(turn, names=names))), T.TEXT_WARN)

    def skip(self) -> None:
        """Give the puzzle up: it comes back tomorrow."""
        self.stop_demo()
        self.judge.cancel()
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

    # --- the round ---
    def asking(self) -> bool:
        """Once the puzzle is solved its turn stays on the board, and nothing more is judged."""
        return not self.solved

    def ruled(self, entry: TurnReview, tried: Turn, ruling: Ruling) -> None:
        """Count the try; an accepted turn is played on the board and the puzzle graded, a refused one
        played out with the answer that punishes it."""
        if self.solved:
            return
        self.tries += 1
        if ruling.accepted:
            self.solved = True
            try:
                self.ctl.game.play(tried)  # the turn found stays on the board
            except HomeworldsError:
                pass
        super().ruled(entry, tried, ruling)
        if ruling.accepted:
            self._finish(solved=True)

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


__all__ = ["DeckScene"]
