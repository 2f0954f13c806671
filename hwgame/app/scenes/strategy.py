"""A strategy lesson: positions of real games where one idea decides, then a short test of the same idea.

``StrategyScene(app, lesson, step)`` is the card of one position of a ``tutorial.strategy.StrategyLesson``
over a play screen at that position (``kit.asked_turn.AskedTurnCard``): the card names the game (its
players and turn) and says what to look for; the learner plays a whole turn by drag and drop and
presses End Turn. The turn is judged by the one verdict, as "Find the better turn" judges a try: the
taught turn is accepted at once; any other turn is accepted when the verdict of the board after it keeps
the learner within the margin of the taught turn's chance (where a win was proven, only a turn that
still wins), and refused with the answer that punishes it, played with ghost pieces, the board coming
back for another try. Once a turn is accepted (or the taught turn shown) the card explains the idea in
the lesson's words and what the real player chose; Next goes on.

Hint gives the example's hints one by one, then Show; Show plays the taught turn with ghost pieces (a
test position shown no longer counts as found). The last positions are the lesson's test: the card
counts them, and the end of the lesson says how many were found unaided. Progress is kept in the
settings' tutorial table under the lesson's id (the position reached), as for the rules lessons.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hwgame.app.kit.asked_turn import AskedTurnCard, accepted_text, after_turn, rules_text
from hwgame.app.kit.card import save_progress
from hwgame.app.kit.dialogs import ChoiceMenu, Dialog
from hwgame.app.services.retry import Ruling, TurnReview
from hwgame.app.services.strategy import LEVEL, entry_of, lead_points
from hwgame.app.view import theme as T
from hwgame.i18n import _, ngettext
from hwgame.rules import Turn
from hwgame.tutorial import Highlight
from hwgame.tutorial.lesson import hl_system
from hwgame.tutorial.lessons_strategy import next_strategy_lesson
from hwgame.tutorial.strategy import Example, StrategyLesson, StudyPosition, study_position
from hwgame.words import PLAYED, POSSIBLE, Voice, narrate_turn, sentences, weighed_text

if TYPE_CHECKING:
    from collections.abc import Callable

    from hwgame.app.control.text import Text
    from hwgame.app.stage import AppLike

FOUND, SHOWN = "found", "shown"


class StrategyScene(AskedTurnCard):
    """The card of one position of a strategy lesson (see the module doc); ``results`` holds what became
    of each position so far (``FOUND``, ``SHOWN`` or None)."""

    def __init__(self, app: AppLike, lesson: StrategyLesson, step: int = 0, results: list[str | None] | None = None):
        if not 0 <= step < len(lesson.steps):
            step = 0
        self.lesson = lesson
        self.step = step
        self.example: Example = lesson.steps[step]
        self.study: StudyPosition = study_position(self.example.position)
        self.results: list[str | None] = list(results or [None] * len(lesson.steps))[: len(lesson.steps)]
        self.results += [None] * (len(lesson.steps) - len(self.results))
        self.hints_given = 0
        entry = entry_of(self.study)
        voice = Voice(self.study.players, you=entry.player)
        super().__init__(app, entry, LEVEL, voice)
        self._set_buttons()
        opening = self._opening()
        self.say(opening, T.TEXT_DIM, follow=False)
        save_progress(app, lesson.id, False, step)

    def _opening(self) -> Text:
        lesson, step = self.lesson, self.step
        if step == len(lesson.examples) and lesson.test:
            count = len(lesson.test)
            return lambda: _("The test: {count} positions where the same idea decides. Find each turn "
                             "without Show.").format(count=count)
        return lambda: _("Play your turn on the board, then press End Turn.")

    # --- the card's words ---
    @property
    def done(self) -> bool:
        """True once this position's turn was found or shown."""
        return self.results[self.step] is not None

    def _set_buttons(self) -> None:
        pairs: list[tuple[Text, Callable[[], object]]] = []
        if self.done:
            last = self.step + 1 >= len(self.lesson.steps)
            pairs.append(((lambda: _("Finish")) if last else (lambda: _("Next")), self.next_position))
        pairs += [(lambda: _("Hint"), self.hint), (lambda: _("Show"), self.show_taught),
                  (lambda: _("Lessons"), self.leave)]
        self.card_buttons = pairs

    def header(self) -> str:
        """Tier, lesson and where this position stands in it."""
        lesson = self.lesson
        if lesson.in_test(self.step):
            where = _("test {number} of {count}").format(number=self.step - len(lesson.examples) + 1,
                                                         count=len(lesson.test))
        else:
            where = _("position {number} of {count}").format(number=self.step + 1, count=len(lesson.examples))
        return _("{tier}  ·  {title}  ·  {where}").format(tier=lesson.tier_name, title=_(lesson.title), where=where)

    def task(self) -> str:
        """Where the board comes from and what to look for."""
        study = self.study
        source = _("From a real game: {source}. {player} to move, and you play {player}.").format(
            source=study.source_text(), player=study.mover)
        parts = [source, _(self.example.task)]
        if self.step == 0:
            parts.insert(0, _(self.lesson.intro))  # the idea first, then the board it is met on
        return sentences(parts)

    def goal(self) -> str:
        """How a turn is judged."""
        return rules_text()

    # --- the buttons ---
    def hint(self) -> None:
        """The example's next hint; after them, where the taught turn begins (marked on the board); then
        Show."""
        hints = self.example.hints
        k = self.hints_given
        if k > len(hints):
            self.show_taught()
            return
        self.hints_given += 1
        if k < len(hints):
            hint = hints[k]
            self.say(lambda: _("Hint: {hint}").format(hint=_(hint)), T.TEXT_WARN)
            return
        system, voice = where_it_begins(self.study.taught), self.voice
        if system:
            self.say(lambda: _("Hint: the turn begins at {place}.").format(place=voice.place(system)), T.TEXT_WARN)
        else:
            self.show_taught()

    def marks(self) -> tuple[Highlight, ...]:
        """Once the last hint said where the taught turn begins, that system is marked on the board."""
        system = where_it_begins(self.study.taught)
        if self.hints_given > len(self.example.hints) and system and self.demo is None:
            return (hl_system(system),)
        return ()

    def show_taught(self) -> None:
        """The taught turn with ghost pieces, then the idea in words; a test position shown is not found."""
        if self.results[self.step] is None:
            self.results[self.step] = SHOWN
        self._set_buttons()
        self.show_turn(self.study.taught)
        self.say(self._explained(), T.ACCENT)

    def _explained(self, ruling: Ruling | None = None, other: bool = False) -> Text:
        """The ruling's words (when a turn was accepted), the taught turn, why it is the turn in the
        lesson's words and in the verdict's (its proof or its lead, where the board after it stands
        better, the line it expects), and what the real player chose; ``other``: the accepted turn is not
        the taught one (it reaches another board)."""
        study, example = self.study, self.example
        me = study.position.to_move
        voice = self.voice
        entry = self.ctl.entry

        def words() -> str:
            turn = narrate_turn(study.taught, me, voice, POSSIBLE)
            parts = [accepted_text(ruling)] if ruling is not None else []
            if other:
                parts.append(_("Your turn is as good by the computer's judgement. The turn this lesson teaches: "
                               "{turn}").format(turn=turn))
            else:
                parts.append(_("The turn: {turn}").format(turn=turn))
            parts.append(_(example.why))
            parts.append(verdict_words(entry, other))
            # The verdict's own words: where the board after it stands better, and the line it expects.
            why = weighed_text(entry.weighed(), me, voice)
            if why:
                parts.append(why)
            line = [narrate_turn(t, (me + 1 + k) % 2, voice, POSSIBLE) for k, t in enumerate(entry.better_line[:3])]
            if line:
                parts.append(_("Then: {line}").format(line=" ".join(line)))
            parts.append(played_words(study))
            return sentences([p for p in parts if p])

        return words

    def next_position(self) -> None:
        """The next position of the lesson, or the lesson's end."""
        self.stop_demo()
        self.judge.cancel()
        if self.step + 1 < len(self.lesson.steps):
            self.app.scenes.replace(StrategyScene(self.app, self.lesson, self.step + 1, self.results))
            return
        self._finish()

    def _finish(self) -> None:
        lesson = self.lesson
        save_progress(self.app, lesson.id, True, 0)
        found = sum(1 for k in range(len(lesson.examples), len(lesson.steps)) if self.results[k] == FOUND)
        total = len(lesson.test)
        lines: list[Text] = [lambda: _(lesson.outro)] if lesson.outro else []
        lines.append(lambda: _("Test: {found} of {total} found without Show.").format(found=found, total=total))
        after = next_strategy_lesson(lesson.id)
        buttons: list[tuple[Text, Callable[[], object] | None]] = []
        if after is not None:
            buttons.append((lambda: _("Next lesson"), lambda: self._open(after)))
            lines.append(lambda: _("Next: {title}.").format(title=_(after.title)))
        buttons.append((lambda: _("Lessons"), self.leave))
        self.app.scenes.push(Dialog(self.app, lambda: _("Lesson complete"), lines, buttons, width=640))

    def _open(self, lesson: StrategyLesson) -> None:
        self.app.scenes.replace(StrategyScene(self.app, lesson))

    def open_menu(self) -> None:
        """Escape and the panel's Menu: back to the lessons, or to the title."""
        if self.app.scenes.top is not self:
            return
        self.stop_demo()
        self.app.scenes.push(ChoiceMenu(self.app, lambda: _(self.lesson.title),
                                        [(lambda: _("Lessons"), self.leave),
                                         (lambda: _("Back to the title"), self.app.to_title)]))  # fmt: skip

    # --- judging ---
    def ruled(self, entry: TurnReview, tried: Turn, ruling: Ruling) -> None:
        """An accepted turn is found (unless Show came first) and explained; a refused one played out."""
        self.ruling = ruling
        if not ruling.accepted:
            self.tell_refusal(entry, tried, ruling)
            return
        if self.results[self.step] is None:
            self.results[self.step] = FOUND
        self._set_buttons()
        taught = after_turn(self.study.position, self.study.taught)
        tried_after = after_turn(self.study.position, tried)
        other = taught is None or tried_after is None or taught.key() != tried_after.key()
        self.say(self._explained(ruling, other), T.TEXT_GOOD)


def where_it_begins(turn: Turn) -> str:
    """The system where ``turn``'s first action is played ("" when it has none)."""
    for action in turn:
        place = getattr(action, "system", None) or getattr(action, "origin", None)
        if isinstance(place, str):
            return place
    return ""


def verdict_words(entry: TurnReview, other: bool = False) -> str:
    """How the verdict stands behind the taught turn: its proof, or its lead over the turns the search
    ranked (not said after another turn was accepted, where it would read as a contradiction)."""
    if entry.proof_before is not None:
        return _("The computer proved that this turn wins by force.")
    points = lead_points(entry)
    if other or points is None:
        return ""
    return ngettext("Of the other turns the computer's search ranked here, the best keeps {points} point less "
                    "chance to win.",
                    "Of the other turns the computer's search ranked here, the best keeps {points} points less "
                    "chance to win.", points).format(points=points)


def played_words(study: StudyPosition) -> str:
    """What the real player chose there, in words (named, not "you")."""
    if study.played_taught():
        return _("{player} played it in the game.").format(player=study.mover)
    turn = narrate_turn(study.played, study.position.to_move, Voice(study.players), PLAYED)
    return _("In the game, {player} chose another turn: {turn}").format(player=study.mover, turn=turn)


__all__ = ["FOUND", "SHOWN", "StrategyScene", "played_words", "verdict_words", "where_it_begins"]
