"""A card that asks for one turn on a board and judges it by the one verdict.

"Find the better turn" (``scenes.retry``) and the strategy lessons (``scenes.strategy``) both put a board
in front of the player, take a whole turn played on it by drag and drop (End Turn hands it over, the
board goes back), and judge it as ``analysis.retry.judge_try`` says, through ``services.retry.TryJudge``
(the verdict of the board after the try, asked of the computer's own process, the window never waiting).
``AskedTurnCard`` is that shared part: the controller, the judge, a refusal played out with ghost pieces
(the try, then the answer that punishes it, then the board back), and Show (the best turn with ghosts).
A screen says what is asked (``header``, ``task``), what the card is about (``entry``) and what becomes
of a ruling (``ruled``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from hwgame.app.control.controller import HUMAN
from hwgame.app.control.flow import PlayController
from hwgame.app.kit.card import LessonCard
from hwgame.app.services.retry import BEST, GIVES_UP_WIN, MARGIN, PLAYED, STILL_WINS, WINS_NOW, Ruling, TryJudge
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
from hwgame.words import POSSIBLE, Voice, narrate_turn, sentences

if TYPE_CHECKING:
    from hwgame.app.services.opponent import Opponent
    from hwgame.app.services.retry import TurnReview
    from hwgame.app.stage import AppLike


def rules_text() -> str:
    """The rule a try is judged by, in words (the margin is ``analysis.retry.MARGIN``)."""
    points = round(MARGIN * 100)
    return ngettext(
        "A turn is accepted when the computer finds it keeps your chance to win within {points} point of the "
        "better turn's; where a win was certain, only a turn that still wins.",
        "A turn is accepted when the computer finds it keeps your chance to win within {points} points of the "
        "better turn's; where a win was certain, only a turn that still wins.", points).format(points=points)


class AskedTurnController(PlayController):
    """A controller at the board of an asked turn whose End Turn hands the turn over to be judged (the
    board goes back to the start of the turn); nobody answers and nothing is analysed meanwhile: the
    opponent's search process belongs to the judge."""

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


class AskedTurnCard(LessonCard):
    """The card over the board of one asked turn (see the module doc): ``entry`` is what is asked,
    judged at ``level``'s search and told in ``voice``."""

    ctl: AskedTurnController

    def __init__(self, app: AppLike, entry: TurnReview, level: str, voice: Voice):
        self.judge = TryJudge(app.opponent, level)
        self.ruling: Ruling | None = None
        self._pending: Turn = ()  # the try whose verdict is out
        super().__init__(app, AskedTurnController(entry, app.opponent))
        self.voice = voice

    # --- what a screen says ---
    @property
    def entry(self) -> TurnReview | None:
        """The turn asked now (None once there is none)."""
        return self.ctl.entry

    def boards_before(self, entry: TurnReview) -> Sequence[Position]:
        """The game's boards up to ``entry``'s, for the draws by repetition (none by default)."""
        return ()

    def ruled(self, entry: TurnReview, tried: Turn, ruling: Ruling) -> None:
        """A ruling came back: say it (an accepted try as found, a refused one played out)."""
        self.ruling = ruling
        if ruling.accepted:
            self.say(sentences((accepted_text(ruling), self.found_words(entry))), T.TEXT_GOOD)
            return
        self.tell_refusal(entry, tried, ruling)

    def asking(self) -> bool:
        """True while a turn handed over is to be judged (a screen whose turn was found may say no)."""
        return True

    def found_words(self, entry: TurnReview) -> str:
        """More to say once a try is accepted ("" by default)."""
        return ""

    # --- showing ---
    def show_turn(self, turn: Turn) -> None:
        """Play ``turn`` at the asked board with ghost pieces (the board comes back after)."""
        entry = self.entry
        if entry is None or entry.position is None:
            return
        self.judge.cancel()
        self.ctl.game.restart_turn()
        self.start_demo(turn_steps_of(entry.position, turn), entry.position)

    def tell_refusal(self, entry: TurnReview, tried: Turn, ruling: Ruling) -> None:
        """Why ``tried`` was refused; the try and the answer that punishes it are played with ghosts."""
        if self.judge.error:
            error = self.judge.error
            self.say(lambda: _("Your turn could not be judged ({error}).").format(error=error), T.TEXT_BAD)
            return
        words = refused_text(ruling)
        if ruling.reply is not None and entry.position is not None:
            them = opponent_of(entry.player)
            reply = narrate_turn(ruling.reply, them, self.voice, POSSIBLE)
            words = sentences((words, _("The answer: {reply}").format(reply=reply), _("Try again.")))
            steps = turn_steps_of(entry.position, tried)
            after = after_turn(entry.position, tried)
            if steps and after is not None:
                steps += turn_steps_of(after, ruling.reply)
            if self.start_demo(steps, entry.position) and self.demo is not None:
                self.demo.ending = _try_again  # the board comes back for another try, not the reply's turn
        else:
            words = sentences((words, _("Try again.")))
        self.say(words, T.TEXT_WARN, ok=False)

    # --- judging ---
    def update(self, dt: float) -> None:
        """A turn handed over is judged; a ruling that came back is said (and a refusal shown)."""
        super().update(dt)
        entry = self.entry
        tried, self.ctl.tried = self.ctl.tried, None
        if not self.asking():
            tried = None  # nothing is asked any more (the turn was found): End Turn judges nothing
        if tried is not None and entry is not None:
            self.stop_demo()
            ruling = self.judge.ask(entry, tried, self.boards_before(entry))
            if ruling is None:
                self.say(lambda: _("The computer is looking at your turn..."), T.TEXT_DIM)
                self._pending = tried
            else:
                self.ruled(entry, tried, ruling)
            return
        ruling = self.judge.poll()
        if ruling is not None and entry is not None:
            self.ruled(entry, self._pending, ruling)

    def leave(self) -> None:
        """Back to where the card was opened; a verdict still out is withdrawn."""
        self.judge.cancel()
        super().leave()


def after_turn(position: Position, turn: Turn) -> Position | None:
    """The board after ``turn`` at ``position`` (None when it does not play there)."""
    try:
        return apply_turn_unchecked(position, turn)
    except HomeworldsError:  # a turn that does not play shows nothing
        return None


def turn_steps_of(position: Position, turn: Turn) -> list[TurnStep]:
    """``turn``'s actions one by one from ``position``, for ghost pieces (none when it does not play)."""
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


__all__ = ["AskedTurnCard", "AskedTurnController", "accepted_text", "after_turn", "refused_text", "rules_text",
           "turn_steps_of"]  # fmt: skip
