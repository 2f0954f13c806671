"""Find the better turn: a reviewed game's marked turns of one player, asked again one by one.

``RetryScene(app, game, review, player, title)`` is a coaching card (``kit.card.LessonCard``) over a play
screen: the board shows the position before the marked turn, and the player plays a turn there by drag
and drop exactly as in a game (the same controller and validator) and presses End Turn. The try is
judged by the one verdict (``services.retry.TryJudge``; the rule is ``analysis.retry.judge_try``, said in
words by ``rules_text``): accepted, the card says so and Next goes on; refused, the reply that punishes it
is played with ghost pieces (``panels.show_me``) and the board comes back for another try. Skip and Show
(the better turn with ghosts, its line and why, in words of the board) are always there; the header
reads "3 of 7 found".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from hwgame.app.control.text import Text, text_of
from hwgame.app.kit.asked_turn import AskedTurnCard, rules_text
from hwgame.app.kit.dialogs import ChoiceMenu
from hwgame.app.services.retry import RetryRound, Review, Ruling, TurnReview, better_turn_is_clear
from hwgame.app.view import theme as T
from hwgame.i18n import _
from hwgame.rules import Game, Position, Turn
from hwgame.words import POSSIBLE, Voice, better_text, mark_label, mark_text, narrate_turn, sentences, weighed_text

if TYPE_CHECKING:
    from hwgame.app.stage import AppLike

LINE_SHOWN = 3  # turns of the better line told after Show


class RetryScene(AskedTurnCard):
    """The card over the board of one asked turn (see the module doc)."""

    def __init__(self, app: AppLike, game: Game, review: Review, player: int, title: Text = "",
                 entries: list[TurnReview] | None = None, on_end: Callable[[RetryRound], None] | None = None,
                 round_: RetryRound | None = None, on_step: Callable[[int, RetryRound], None] | None = None):
        """Ask ``player``'s turns of ``game`` as ``review`` marked them (``entries``: these turns instead of
        the ones ``services.retry.asked_for`` gives; ``round_``: a round under way, at its turn shown);
        ``title`` names the game on the card; ``on_step`` hears the round as each asked turn is left (its
        place in the round), ``on_end`` once every turn was asked."""
        from hwgame.app.services.retry import asked_for

        self.game = game
        self.review = review
        self.player = player
        self.title = title
        if round_ is None:
            round_ = RetryRound(list(entries) if entries is not None else asked_for(review, player))
        self.round = round_
        self.on_end = on_end
        self.on_step = on_step
        self._showing: Turn | None = None
        self._told: set[int] = set()  # the asked turns ``on_step`` heard of
        first = self.round.current
        if first is None or first.position is None:
            raise ValueError("no turn to ask")
        super().__init__(app, first, review.level or "normal", Voice(tuple(game.players), you=player))  # type: ignore[arg-type]
        self._set_buttons()
        self.say(lambda: _("Play a better turn on the board, then press End Turn."), T.TEXT_DIM, follow=False)

    # --- the card's words ---
    def _set_buttons(self) -> None:
        done = self.round.finished or self.round.states[self.round.at] is not None
        pairs: list[tuple[Text, Callable[[], object]]] = []
        if done and not self.round.finished:
            pairs.append((lambda: _("Next"), self.next_turn))
        pairs += [(lambda: _("Show"), self.show_better), (lambda: _("Skip"), self.skip),
                  (lambda: _("Back"), self.leave)]
        self.card_buttons = pairs

    def progress_text(self) -> str:
        """"3 of 7 found"."""
        return _("{found} of {total} found").format(found=self.round.found, total=self.round.total)

    def header(self) -> str:
        """Where the board comes from, and the progress."""
        entry = self.round.current
        if entry is None:
            return self.progress_text()
        title = text_of(self.title)
        return _("Find the better turn  ·  {game}, turn {number}  ·  {progress}").format(
            game=title or _("This game"), number=entry.number, progress=self.progress_text())

    def task(self) -> str:
        """What was marked and what to do."""
        entry = self.round.current
        if entry is None:
            return _("Every turn has been asked.")
        marked = mark_text(entry, self.voice)
        said = _("Your turn {number} here was marked: {mark}.").format(number=entry.number,
                                                                     mark=mark_label(entry.kind or ""))
        if not better_turn_is_clear(entry):  # the deck's test: here more than one turn may do
            marked = sentences((marked, _("More than one turn may be good here.")))
        return sentences((said, marked))

    def goal(self) -> str:
        """The rule of acceptance."""
        return rules_text()

    # --- the buttons ---
    def show_better(self) -> None:
        """The better turn with ghost pieces, then its line and why in words; the turn no longer counts
        as found."""
        entry = self.round.current
        if entry is None or entry.best is None or entry.position is None:
            return
        self.round.show()
        self._set_buttons()
        self.show_turn(entry.best)
        self._showing = entry.best
        words = better_text(entry, self.voice)
        why = weighed_text(entry.weighed(), entry.player, self.voice)
        if why and why not in self.task():
            words = sentences((words, why))
        line = [narrate_turn(t, (entry.player + 1 + k) % 2, self.voice, POSSIBLE)
                for k, t in enumerate(entry.better_line[:LINE_SHOWN])]
        if line:
            words = sentences((words, _("Then: {line}").format(line=" ".join(line))))
        self.say(words, T.ACCENT)

    def skip(self) -> None:
        """The next asked turn, this one left."""
        self.judge.cancel()
        self.stop_demo()
        self._stepped()
        self.round.skip()
        self._advance()

    def next_turn(self) -> None:
        """The next asked turn, after a found or shown one."""
        self.stop_demo()
        self._stepped()
        self.round.next()
        self._advance()

    def _stepped(self) -> None:
        """The asked turn is being left: ``on_step`` hears it once."""
        if self.on_step is not None and not self.round.finished and self.round.at not in self._told:
            self._told.add(self.round.at)
            self.on_step(self.round.at, self.round)

    def _advance(self) -> None:
        entry = self.round.current
        if entry is None:
            self._finish()
            return
        # A new card over a new play screen at the next board, the round going on.
        scene = RetryScene(self.app, self.game, self.review, self.player, self.title, on_end=self.on_end,
                           round_=self.round, on_step=self.on_step)
        scene._told = self._told
        self.app.scenes.replace(scene)

    def _finish(self) -> None:
        if self.on_end is not None:
            self.on_end(self.round)
        found, total = self.round.found, self.round.total
        self._set_buttons()
        self.say(lambda: _("Done: {found} of {total} better turns found.").format(found=found, total=total),
                 T.TEXT_GOOD)

    def open_menu(self) -> None:
        """Escape and the panel's Menu: back to where the round was opened, or to the title."""
        if self.app.scenes.top is not self:
            return
        self.stop_demo()
        self.app.scenes.push(ChoiceMenu(self.app, lambda: _("Find the better turn"),
                                        [(lambda: _("Back"), self.leave),
                                         (lambda: _("Back to the title"), self.app.to_title)]))  # fmt: skip

    def hint(self) -> None:
        """The play screen's Hint: Show."""
        self.show_better()

    def demo_finished(self) -> None:
        """After a demonstration the board is the asked position again."""
        self._showing = None

    # --- judging ---
    @property
    def entry(self) -> TurnReview | None:
        """The turn asked now (None once the round is over)."""
        return self.round.current

    def boards_before(self, entry: TurnReview) -> list[Position]:
        """The game's boards up to ``entry``'s (none when the game shown is not the one it came from)."""
        positions = self.game.positions
        if entry.index < len(positions) and positions[entry.index] == entry.position:
            return list(positions[: entry.index + 1])
        return []

    def ruled(self, entry: TurnReview, tried: Turn, ruling: Ruling) -> None:
        """Count the ruling in the round, then say it."""
        self.round.record(ruling)
        self._set_buttons()
        super().ruled(entry, tried, ruling)

    def leave(self) -> None:
        """Back to where the round was opened; a verdict still out is withdrawn, and a turn found or
        shown is told to ``on_step`` as done."""
        if not self.round.finished and self.round.states[self.round.at] is not None:
            self._stepped()
        super().leave()



__all__ = ["RetryScene", "rules_text"]
