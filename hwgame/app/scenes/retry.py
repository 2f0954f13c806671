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

from hwgame.app.control.controller import HUMAN
from hwgame.app.control.flow import PlayController
from hwgame.app.control.text import Text, text_of
from hwgame.app.kit.card import LessonCard
from hwgame.app.kit.dialogs import ChoiceMenu
from hwgame.app.services.retry import (
    BEST,
    GIVES_UP_WIN,
    MARGIN,
    PLAYED,
    STILL_WINS,
    WINS_NOW,
    RetryRound,
    Review,
    Ruling,
    TryJudge,
    TurnReview,
    better_turn_is_clear,
)
from hwgame.app.view import theme as T
from hwgame.i18n import _, ngettext
from hwgame.rules import (
    PASS,
    Game,
    HomeworldsError,
    IllegalActionError,
    Position,
    Turn,
    TurnStep,
    apply_turn_unchecked,
    opponent_of,
    turn_steps,
)
from hwgame.words import POSSIBLE, Voice, better_text, mark_label, mark_text, narrate_turn, sentences, weighed_text

if TYPE_CHECKING:
    from hwgame.app.services.opponent import Opponent
    from hwgame.app.stage import AppLike

LINE_SHOWN = 3  # turns of the better line told after Show


def rules_text() -> str:
    """The rule a try is judged by, in words (the margin is ``analysis.retry.MARGIN``)."""
    points = round(MARGIN * 100)
    return ngettext(
        "A turn is accepted when the computer finds it keeps your chance to win within {points} point of the "
        "better turn's; where a win was certain, only a turn that still wins.",
        "A turn is accepted when the computer finds it keeps your chance to win within {points} points of the "
        "better turn's; where a win was certain, only a turn that still wins.", points).format(points=points)


class RetryController(PlayController):
    """A controller at the board before the asked turn whose End Turn hands the turn over to be judged
    (the board goes back to the start of the turn); nobody answers and nothing is analysed meanwhile:
    the opponent's search process belongs to the judge."""

    def __init__(self, entry: TurnReview, opponent: Opponent | None = None):
        assert entry.position is not None
        super().__init__(Game.from_position(entry.position), (HUMAN, HUMAN), opponent=opponent)
        self.entry = entry
        self.tried: Turn | None = None  # the turn handed over, taken by the card
        self.warnings_on = False

    @property
    def bottom(self) -> int:
        """The player asked sits at the bottom."""
        return self.entry.player

    def end_turn(self) -> str | None:
        """Hand the turn played so far (none: a pass) over to be judged; the board goes back."""
        self.tried = tuple(self.game.pending) or (PASS,)
        self.game.restart_turn()
        self.effects.clear()
        return None

    def end_turn_warnings(self) -> list[str]:
        """The judgement says it all: no confirmation."""
        return []

    def start_computer(self) -> None:
        """Nobody plays the other side here."""

    def start_analysis(self) -> None:
        """The card's judge uses the search process; the coach is not asked."""

    def threat_shown(self) -> tuple[Turn, ...]:
        """No warnings: finding the threat is part of the task."""
        return ()

    def update(self) -> None:
        """No computer to poll (the card's judge polls its own verdict)."""

    def request_hint(self) -> str:
        """The card's Show stands for a hint."""
        return ""


class RetryScene(LessonCard):
    """The card over the board of one asked turn (see the module doc)."""

    ctl: RetryController

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
        self.judge = TryJudge(app.opponent, review.level or "normal")
        self.ruling: Ruling | None = None
        self._showing: Turn | None = None
        self._pending: Turn = ()  # the try whose verdict is out
        self._told: set[int] = set()  # the asked turns ``on_step`` heard of
        first = self.round.current
        if first is None or first.position is None:
            raise ValueError("no turn to ask")
        super().__init__(app, RetryController(first, app.opponent))
        self.voice = Voice(tuple(game.players), you=player)  # type: ignore[arg-type]
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
        self.judge.cancel()
        self.round.show()
        self._set_buttons()
        self.ctl.game.restart_turn()
        self.start_demo(_steps(entry.position, entry.best), entry.position)
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
    def update(self, dt: float) -> None:
        """A turn handed over is judged; a ruling that came back is said (and a refusal shown)."""
        super().update(dt)
        entry = self.round.current
        tried, self.ctl.tried = self.ctl.tried, None
        if tried is not None and entry is not None:
            self.stop_demo()
            ruling = self.judge.ask(entry, tried, self._boards_before(entry))
            if ruling is None:
                self.say(lambda: _("The computer is looking at your turn..."), T.TEXT_DIM)
                self._pending = tried
            else:
                self._ruled(entry, tried, ruling)
            return
        ruling = self.judge.poll()
        if ruling is not None and entry is not None:
            self._ruled(entry, self._pending, ruling)

    def _boards_before(self, entry: TurnReview) -> list[Position]:
        """The game's boards up to ``entry``'s (none when the game shown is not the one it came from)."""
        positions = self.game.positions
        if entry.index < len(positions) and positions[entry.index] == entry.position:
            return list(positions[: entry.index + 1])
        return []

    def _ruled(self, entry: TurnReview, tried: Turn, ruling: Ruling) -> None:
        self.ruling = ruling
        self.round.record(ruling)
        self._set_buttons()
        if ruling.accepted:
            self.say(accepted_text(ruling), T.TEXT_GOOD)
            return
        if self.judge.error:
            error = self.judge.error
            self.say(lambda: _("Your turn could not be judged ({error}).").format(error=error), T.TEXT_BAD)
            return
        words = refused_text(ruling)
        if ruling.reply is not None and entry.position is not None:
            them = opponent_of(entry.player)
            reply = narrate_turn(ruling.reply, them, self.voice, POSSIBLE)
            words = sentences((words, _("The answer: {reply}").format(reply=reply), _("Try again.")))
            steps = _steps(entry.position, tried)
            after = _after(entry.position, tried)
            if steps and after is not None:
                steps += _steps(after, ruling.reply)
            if self.start_demo(steps, entry.position) and self.demo is not None:
                self.demo.ending = _try_again  # the board comes back for another try, not the reply's turn
        else:
            words = sentences((words, _("Try again.")))
        self.say(words, T.TEXT_WARN, ok=False)

    def leave(self) -> None:
        """Back to where the round was opened; a verdict still out is withdrawn, and a turn found or
        shown is told to ``on_step`` as done."""
        self.judge.cancel()
        if not self.round.finished and self.round.states[self.round.at] is not None:
            self._stepped()
        super().leave()


def _after(position: Position, turn: Turn) -> Position | None:
    try:
        return apply_turn_unchecked(position, turn)
    except HomeworldsError:  # a turn that does not play shows nothing
        return None


def _steps(position: Position, turn: Turn) -> list[TurnStep]:
    try:
        return turn_steps(position, turn)
    except IllegalActionError:
        return []


def _try_again() -> str:
    """The caption once a refused try and its answer were played by ghosts."""
    return _("The board goes back to the position before your turn: try another turn.")


def accepted_text(ruling: Ruling) -> str:
    """Why a try was accepted, in words."""
    if ruling.reason == BEST:
        return _("Found: that is the better turn.")
    if ruling.reason in (WINS_NOW, STILL_WINS):
        return _("Found: your turn wins.")
    chance, best = ruling.chance or 0.0, ruling.best_chance or 0.0
    return _("Found: your turn keeps {chance}% where the better turn keeps {best}%.").format(
        chance=round(chance * 100), best=round(best * 100))


def refused_text(ruling: Ruling) -> str:
    """Why a try was refused, in words."""
    if ruling.reason == PLAYED:
        return _("That is the turn played in the game.")
    if ruling.reason == GIVES_UP_WIN:
        return _("Your turn lets a certain win go.")
    if ruling.chance is None:
        return _("Not that turn.")
    return _("Your turn keeps {chance}% where the better turn keeps {best}%.").format(
        chance=round((ruling.chance or 0.0) * 100), best=round((ruling.best_chance or 0.0) * 100))


__all__ = ["RetryController", "RetryScene", "accepted_text", "refused_text", "rules_text"]
