"""A lesson played on the real board: the coaching card over a play screen (see ``hwgame.app.kit.card``).

``LessonScene`` is the card of one lesson: the step's task, goal and feedback, its buttons (Hint, Show
me, Restart step, Lessons) and marks on the pieces the step points at, which follow the turn (after
the first actions of the intended play, the next one; a marker when a catastrophe comes next). The
board, drags, captions and animations are the play screen's own under it; only the controller differs:

- ``LessonController`` sends every action to a ``tutorial.LessonRunner`` (which checks it with the
  engine and judges it against the step's goal) and animates the rival's scripted answer; the runner is
  the judge the play screen's resolver asks, and a drop it refuses comes back to it with the engine's
  refusal, so the step's advice for that mistake is shown;
- "Show me" plays the step's intended actions with ghost pieces and gives the board back unchanged;
- a step that brings its own board says so on the card;
- a homeworld step (the setup) is played with three slots filled from the bank, as on the setup screen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from hwgame.app.control.controller import HUMAN, Effect, Resolution
from hwgame.app.control.flow import PlayController
from hwgame.app.control.targets import BankPieceTarget
from hwgame.app.control.text import Text
from hwgame.app.kit.card import LessonCard, save_progress, wrap_all
from hwgame.app.kit.dialogs import Dialog
from hwgame.app.services.opponent import Opponent
from hwgame.app.view import theme as T
from hwgame.app.view.board import rim_for
from hwgame.app.view.layout import HEIGHTS, Box, piece_box
from hwgame.app.view.pieces import draw_piece
from hwgame.app.view.widgets import Button
from hwgame.i18n import _
from hwgame.rules import (
    END_TURN,
    PLAYING,
    Action,
    Homeworld,
    IllegalActionError,
    turn_steps,
)
from hwgame.tutorial import LESSONS, Feedback, Highlight, Lesson, LessonRunner, Step, next_lesson
from hwgame.tutorial.runner import hint_words, solution_words
from hwgame.words import sentences

if TYPE_CHECKING:
    from hwgame.app.stage import AppLike

SLOT_UNIT = 80 / HEIGHTS[3]  # a homeworld slot's unit: a large piece stands 80 pixels tall in it
SLOT_H = 120  # a slot's height: its label, then the piece


class LessonController(PlayController):
    """A play controller judged by a lesson's runner: the runner's game is the board, and the runner
    rules on every gesture (the shared resolver asks it) and on every action played."""

    def __init__(self, runner: LessonRunner, opponent: Opponent | None = None):
        self.runner = runner
        super().__init__(runner, (HUMAN, HUMAN), opponent=opponent)
        self.feedback: Feedback | None = None

    @property
    def bottom(self) -> int:
        """The learner is drawn at the bottom."""
        return self.runner.learner

    def play(self, action: Action) -> str | None:
        """Hand the action to the runner; animate it (and the rival's answer) when it counted."""
        if self.runner.finished:
            return _("this lesson is complete")
        player = self.game.to_move
        feedback = self.runner.try_action(action)
        self.feedback = feedback
        self._forget_hint()
        played = feedback.played
        if not feedback.legal or feedback.reset or played is None:
            self.effects.clear()
            return None
        self.effects.append(Effect(played.before, played.action, played.after, player))
        if feedback.step_done and self.runner.last_reply_turn is not None:
            before, turn = self.runner.last_reply_turn
            try:
                steps = turn_steps(before, turn)
            except IllegalActionError:
                steps = []  # the coach's reply was checked when it was chosen: nothing to show otherwise
            for step in steps:
                self.effects.append(Effect(step.before, step.action, step.after, before.to_move, by_computer=True))
        return None

    def refused(self, resolution: Resolution) -> None:
        """A drop the resolver refused (the play screen flashes the reason): the runner answers the
        judge's refusal with the step's advice for that mistake."""
        if self.runner.finished or resolution.refusal is None:
            return
        self.feedback = self.runner.refused(resolution.refusal)

    def end_turn(self) -> str | None:
        """End Turn before the goal is reached: the runner explains what is missing."""
        self.feedback = self.runner.try_action(END_TURN)
        self.effects.clear()
        return None

    def end_turn_warnings(self) -> list[str]:
        """No confirmation in a lesson: the coach explains a premature end anyway."""
        return []

    def undo(self) -> str:
        """Take back the last action of the step's turn (a step done stays done: the lesson goes on)."""
        self.effects.clear()
        self._forget_hint()
        if self.game.pending:
            self.game.undo_action()
            return _("Took back the last action.")
        return _("Nothing to take back in this step.")

    def request_hint(self) -> str:
        """The step's next hint (shown in the panel and on the card)."""
        self.hint_text = self.runner.hint()
        return ""

    def update(self) -> None:
        """No computer to poll: the rival's answers are scripted."""

    def start_computer(self) -> None:
        """Nothing to start."""


class LessonScene(LessonCard):
    """One lesson's card over its play screen; setup steps use three slots filled from the bank."""

    ctl: LessonController  # the card's play controller, judged by the lesson's runner

    def __init__(self, app: AppLike, runner: LessonRunner):
        self.runner = runner
        super().__init__(app, LessonController(runner, app.opponent))
        self.card_buttons = [
            (lambda: _("Hint"), self.hint),
            (lambda: _("Show me"), self.show_me),
            (lambda: _("Restart step"), self.restart_step),
            (lambda: _("Lessons"), self.leave),
        ]
        self.slots: list[int | None] = [None, None, None]
        self.slot_rects: list[pygame.Rect] = []
        self.build_button = Button(
            lambda: _("Build homeworld"), self.build_home, enabled=lambda: None not in self.slots
        )
        self._seen: Feedback | None = None
        self._showing: Step | None = None  # the step whose intended play "show me" is playing
        lesson = runner.lesson
        self.say(
            lambda: _("Lesson {number} of {count}. {intro}").format(
                number=self.number, count=len(LESSONS), intro=_(lesson.intro)
            ),
            T.TEXT_DIM,
            follow=False,
        )

    @property
    def number(self) -> int:
        """The lesson's place in the list (from 1)."""
        return [lesson.id for lesson in LESSONS].index(self.runner.lesson.id) + 1

    def header(self) -> str:
        """Tier, lesson and step."""
        r = self.runner
        return _("{tier}  ·  {number}. {title}  ·  step {step} of {steps}").format(
            tier=r.lesson.tier_name, number=self.number, title=_(r.lesson.title),
            step=min(r.step_index + 1, len(r.lesson.steps)), steps=len(r.lesson.steps),
        )

    def task(self) -> str:
        """The step's instruction (nothing once the lesson is over: the message says it all)."""
        return "" if self.runner.finished else self.runner.instruction

    def goal(self) -> str:
        """The step's goal."""
        if self.runner.finished:
            return _("Lesson complete.")
        return _("Goal: {goal}").format(goal=self.runner.goal_text)

    def marks(self) -> tuple[Highlight, ...]:
        """The step's highlights, as far as the turn has gone."""
        return self.runner.highlights

    def in_setup(self) -> bool:
        """True while the step asks for a homeworld."""
        return not self.runner.finished and self.ctl.game.state.position.stage < PLAYING

    # --- card buttons ---
    def hint(self) -> None:
        """The step's next hint on the card (worded again if the language changes)."""
        self.stop_demo()
        step = self.runner.step
        if step is None:
            return
        k = self.runner.hints_shown
        names = self.runner.names
        self.ctl.request_hint()
        self.say(lambda: _("Hint: {hint}").format(hint=hint_words(step, k, names)), T.TEXT_WARN)

    def show_me(self) -> None:
        """Play the step's intended actions on the board with ghost pieces, then give the board back
        as it was, for the learner to play them; the play stays on the card in words."""
        runner = self.runner
        step = runner.step
        if step is None:
            return
        taken_back = bool(runner.game.pending)
        if taken_back:
            # The intended play starts from the start of the turn: so does the learner after it.
            runner.reset_step()
            self.slots = [None, None, None]
        self.start_demo(runner.solution_steps(), runner.position)
        names = runner.names

        def words() -> str:
            text = _("Watch: {play}").format(play=solution_words(step, names))
            if taken_back:
                text = sentences([text, _("Your actions of this turn were taken back: the step starts again.")])
            return text

        self.say(words, T.TEXT_WARN)
        self._showing = step

    def demo_finished(self) -> None:
        """After "show me": the play stays on the card, for the learner to repeat."""
        step = self._showing
        if step is None or step is not self.runner.step:
            return
        self._showing = None
        names = self.runner.names
        self.say(lambda: _("Your turn: {play} Play it on the board.").format(play=solution_words(step, names)),
                 T.TEXT_WARN)

    def restart_step(self) -> None:
        """Take back the actions of this step."""
        self.stop_demo()
        self.runner.reset_step()
        self.play.finish_animations()
        self.slots = [None, None, None]
        self.say(lambda: _("The step starts again."), T.TEXT_DIM)

    # --- the lesson's flow ---
    def update(self, dt: float) -> None:
        """Show the runner's feedback once, keep progress, close the lesson at its end (the play screen
        under the card has already updated in this frame)."""
        super().update(dt)
        feedback = self.ctl.feedback
        if feedback is None or feedback is self._seen:
            return
        self._seen = feedback
        self.stop_demo()
        if feedback.step_done or feedback.lesson_done:
            color = T.TEXT_GOOD
        else:
            color = T.TEXT_GOOD if feedback.ok else (T.TEXT_BAD if not feedback.legal else T.TEXT_WARN)

        def body() -> str:
            # The board's news is the card's last line, set apart from the praise for the last step.
            text, note = feedback.message, feedback.board_note
            return text[: len(text) - len(note)].rstrip() if note and text.endswith(note) else text

        about_move = feedback.ok and feedback.legal and not feedback.step_done
        self.say(body, color, feedback.ok, note=lambda: feedback.board_note, about_move=about_move)
        if feedback.step_done:
            self.slots = [None, None, None]
            lesson = self.runner.lesson
            save_progress(self.app, lesson.id, self.runner.finished, self.runner.step_index)
        if feedback.lesson_done:
            self._finished()

    def _finished(self) -> None:
        lesson = self.runner.lesson
        after = next_lesson(lesson.id)
        buttons: list[tuple[Text, Callable[[], object] | None]] = []
        lines: list[Text] = [lambda: _(lesson.outro)] if lesson.outro else []
        if after is not None:
            buttons.append((lambda: _("Next lesson"), lambda: self._open(after)))
            lines.append(lambda: _("Next: {title}.").format(title=_(after.title)))
        buttons.append((lambda: _("Lessons"), self.leave))
        self.app.scenes.push(Dialog(self.app, lambda: _("Lesson complete"), lines, buttons, width=640))

    def _open(self, lesson: Lesson) -> None:
        self.app.scenes.replace(LessonScene(self.app, LessonRunner(lesson)))

    # --- setup steps: slots filled from the bank ---
    def handle_event(self, event: pygame.event.Event) -> bool:
        """During a setup step: bank clicks fill the slots; otherwise the card, then the board."""
        if self.in_setup() and self.demo is None:
            for button in [*self.card_buttons, self.build_button]:
                if button.handle_event(event):
                    return True
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                self._setup_click(event.pos)
                return True
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.build_home()
                return True
        return super().handle_event(event)

    def _setup_click(self, pos: tuple[int, int]) -> None:
        for i, rect in enumerate(self.slot_rects):
            if rect.collidepoint(pos):
                self.slots[i] = None
                return
        _s, _lay, bank = self.board()
        target = bank.hit(*pos)
        if not isinstance(target, BankPieceTarget) or None not in self.slots:
            return
        taken = sum(1 for p in self.slots if p == target.piece)
        if self.ctl.game.state.position.bank[target.piece] <= taken:
            self.say(lambda: _("The bank has no more of that piece."), T.TEXT_BAD)
            return
        self.slots[self.slots.index(None)] = target.piece

    def build_home(self) -> None:
        """Play the homeworld in the slots."""
        s1, s2, ship = self.slots
        if s1 is None or s2 is None or ship is None:
            return
        self.ctl.play(Homeworld(s1, s2, ship))
        self.slots = [None, None, None]

    def draw(self, surface: pygame.Surface) -> None:
        """The card and marks, with the homeworld slots during a setup step (not while "show me" plays)."""
        super().draw(surface)
        if self.in_setup() and self.demo is None:
            self._draw_slots(surface)

    def _draw_slots(self, surface: pygame.Surface) -> None:
        th = self.app.theme
        screen, lay, _bank = self.board()
        b = screen.board
        # Low on the board, where the learner's homeworld will stand: the rival's may already be at the top.
        cx, cy = b.x + b.w / 2, max(b.y + b.h / 2, b.bottom - 170)
        lines = wrap_all(th, _("Click bank pieces to fill the slots: two stars, then a ship."), 22, b.w - 40)
        lh = th.font(22).get_linesize()
        # The words sit just above the slots and stay clear of the systems already on the map (the
        # rival's homeworld may reach far down): the slots move down as far as the board allows.
        top = cy - SLOT_H // 2 - 6 - lh * len(lines)
        clear = max((sp.box.bottom + 8 for sp in lay.systems if sp.box.bottom + 8 > top), default=top)
        cy = min(cy + (clear - top), b.bottom - SLOT_H // 2 - 8 - 42 - 3)
        for i, line in enumerate(lines):
            y = cy - SLOT_H // 2 - 6 - lh * (len(lines) - i)
            T.draw_text(surface, th, line, (cx, y), 22, T.TEXT, anchor="midtop")
        self.slot_rects = []
        for i, label in enumerate((_("Star"), _("Star"), _("Ship"))):
            rect = pygame.Rect(0, 0, 110, SLOT_H)
            rect.center = (round(cx + (i - 1) * 130), round(cy))
            self.slot_rects.append(rect)
            pygame.draw.rect(surface, T.SYSTEM_FILL, rect, border_radius=10)
            pygame.draw.rect(surface, T.SYSTEM_EDGE, rect, 2, border_radius=10)
            surf = th.fit_text(label, 20, rect.w - 8, T.TEXT_DIM)
            surface.blit(surf, surf.get_rect(midtop=(rect.centerx, rect.y + 6)))
            piece = self.slots[i]
            if piece is not None:
                if i < 2:
                    w, h = piece_box(piece, SLOT_UNIT, lone=True)
                    box = Box(rect.centerx - w / 2, rect.bottom - 14 - h, w, h)
                    draw_piece(surface, th, "star", piece, box)
                else:
                    w, h = piece_box(piece, SLOT_UNIT, "ship", lone=True)
                    box = Box(rect.centerx - w / 2, rect.bottom - 14 - h, w, h)
                    draw_piece(surface, th, "ship", piece, box, -1, rim_for(self.runner.learner, self.ctl.bottom))
        bw = max(220, th.font(22).size(self.build_button.text)[0] + 30)
        self.build_button.rect = pygame.Rect(0, 0, bw, 42)
        self.build_button.rect.midtop = (round(cx), round(cy + SLOT_H // 2 + 8))
        self.build_button.draw(surface, th)


__all__ = ["LessonController", "LessonScene"]
