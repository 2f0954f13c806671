"""The tutorial overlay on the play screen: a lesson or a puzzle played on the real board.

``CoachScene`` is the play screen with a coaching card across the top of the board: the task, the
goal, the last feedback and its own buttons, and pulsing marks on the pieces the step points at. The
board, drags, captions and animations are the play screen's own; only the controller differs:

- ``LessonController`` sends every action to a ``tutorial.LessonRunner`` (which checks it with the
  engine and judges it against the step's goal) and animates the rival's scripted answer;
- a homeworld step (the setup) is played with three slots filled from the bank, as on the setup screen.
"""

from __future__ import annotations

import dataclasses
import math

import pygame

from hwgame.rules import END_TURN, PLAYING, Homeworld, IllegalActionError, apply_checked, turn_steps
from hwgame.tutorial import LESSONS, Feedback, Highlight, LessonRunner, next_lesson

from ..controller import HUMAN, Effect
from ..flow import PlayController
from ..view import theme as T
from ..view.board import rim_for
from ..view.layout import BankPieceTarget, Box, ShipTarget, StarTarget, bank_layout, board_layout, screen_layout
from ..view.pieces import draw_piece
from ..view.widgets import Button, panel
from .dialogs import ChoiceMenu, Dialog
from .play import PlayScene

MARK = (255, 110, 210)  # the colour of the coach's marks: apart from the owners' cyan and amber


def save_progress(app, key: str, completed: bool, step: int) -> None:
    """Store tutorial progress in the settings (``tutorial`` maps a lesson id to completed and step)."""
    settings = app.settings
    table = getattr(settings, "tutorial", None)
    if table is None:
        return  # settings that cannot be written (a damaged file): progress is simply not kept
    old = table.get(key)
    done_before = bool(getattr(old, "completed", False)) if old is not None else False
    try:
        settings.tutorial = {**table, key: {"completed": completed or done_before, "step": step}}
    except Exception:
        return
    app.save_settings()


def _piece_marked(h: Highlight) -> StarTarget | ShipTarget | None:
    """The star or ship a mark points at, or None when the mark does not name a whole piece."""
    if h.system is None or h.piece is None:
        return None
    if h.kind == "star":
        return StarTarget(h.system, h.piece)
    if h.owner is None:
        return None
    return ShipTarget(h.system, h.owner, h.piece)


class LessonController(PlayController):
    """A play controller whose game is the lesson runner's, and whose actions the runner judges."""

    def __init__(self, runner: LessonRunner, opponent=None):
        self.runner = runner
        super().__init__(runner.game, (HUMAN, HUMAN), opponent=opponent)
        self.feedback: Feedback | None = None

    @property
    def game(self):
        """The runner's game: it changes from step to step."""
        return self.runner.game

    @game.setter
    def game(self, value) -> None:
        pass  # the runner owns the game

    @property
    def bottom(self) -> int:
        """The learner is drawn at the bottom."""
        return self.runner.learner

    def play(self, action) -> str | None:
        """Hand the action to the runner; animate it (and the rival's answer) when it counted."""
        if self.runner.finished:
            return "this lesson is complete"
        state = self.game.state
        player = self.game.to_move
        feedback = self.runner.try_action(action)
        self.feedback = feedback
        self._forget_hint()
        if not feedback.legal or feedback.reset:
            self.effects.clear()
            return None
        try:
            after = apply_checked(state, action).position
        except IllegalActionError:
            return None
        self.effects.append(Effect(state.position, action, after, player))
        if feedback.step_done and self.runner.last_reply_turn is not None:
            before, turn = self.runner.last_reply_turn
            try:
                steps = turn_steps(before, turn)
            except IllegalActionError:
                steps = []  # the coach's reply was checked when it was chosen: nothing to show otherwise
            for step in steps:
                self.effects.append(Effect(step.before, step.action, step.after, before.to_move, by_computer=True))
        return None

    def end_turn(self) -> str | None:
        """End Turn before the goal is reached: the runner explains what is missing."""
        self.feedback = self.runner.try_action(END_TURN)
        self.effects.clear()
        return None

    def end_turn_warnings(self) -> list[str]:
        """No confirmation in a lesson: the coach explains a premature end anyway."""
        return []

    def request_hint(self) -> str:
        """The step's next hint (shown in the panel and on the card)."""
        self.hint_text = self.runner.hint()
        return ""

    def update(self) -> None:
        """No computer to poll: the rival's answers are scripted."""

    def start_computer(self) -> None:
        """Nothing to start."""


class CoachScene(PlayScene):
    """The play screen with a coaching card over the top of the board (see the module doc)."""

    def __init__(self, app, ctl):
        super().__init__(app, ctl)
        self.message = ""
        self.message_color = T.TEXT_DIM
        self.message_ok = True
        self.clock = 0.0
        self.card_buttons: list[Button] = []
        self.over_shown = True  # the coach tells how a game ended; no game-over card

    # --- what the card shows (subclasses fill these in) ---
    def header(self) -> str:
        """The small line at the top of the card."""
        return ""

    def task(self) -> str:
        """What to do, in a few sentences."""
        return ""

    def goal(self) -> str:
        """The goal in one line."""
        return ""

    def marks(self) -> tuple[Highlight, ...]:
        """What to point at."""
        return ()

    def leave(self) -> None:
        """Back to the list of lessons and puzzles."""
        self.app.scenes.pop(self)

    def say(self, text: str, color=T.TEXT, ok: bool = True) -> None:
        """Show a message on the card; ``ok`` False marks a refusal or a miss."""
        self.message = text
        self.message_color = color
        self.message_ok = ok

    def shown(self):
        """The position on the screen (the animated one while an action plays out)."""
        return self.display_position()

    # --- geometry: the board gives up a strip at the top for the card ---
    def card_height(self, size) -> int:
        """Pixels of the card, from the window height."""
        return max(190, min(270, int(size[1] * 0.31)))

    def layouts(self, size, position):
        """The play screen's layouts with the board moved down under the card."""
        key = (size, position, self.ctl.bottom, "coach")
        found = self._layouts.get(key)
        if found is None:
            screen = screen_layout(*size)
            card = self.card_height(size)
            b = screen.board
            screen = dataclasses.replace(screen, board=Box(b.x, b.y + card, b.w, b.h - card))
            found = (screen, board_layout(position, screen.board, self.ctl.bottom), bank_layout(screen.bank))
            if len(self._layouts) > 8:
                self._layouts.clear()
            self._layouts[key] = found
        return found

    def card_rect(self, size) -> pygame.Rect:
        """Where the card is drawn."""
        screen = screen_layout(*size)
        b = screen.board
        return pygame.Rect(round(b.x) + 8, 8, round(b.w) - 16, self.card_height(size) - 12)

    # --- events and time ---
    def handle_event(self, event) -> bool:
        """The card's buttons, Escape to leave, then the play screen."""
        for button in self.card_buttons:
            if button.handle_event(event):
                return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and not self.tracker.dragging:
            self.open_menu()
            return True
        return super().handle_event(event)

    def open_menu(self) -> None:
        """A small menu instead of the game menu (nothing to save or resign here)."""
        if self.app.scenes.top is not self:
            return
        self.app.scenes.push(
            ChoiceMenu(
                self.app, "Tutorial", [("Back to the list", self.leave), ("Back to the title", self.app.to_title)]
            )
        )

    def update(self, dt: float) -> None:
        """The play screen's update, and the marks pulse."""
        self.clock += dt
        self.over_shown = True
        super().update(dt)

    # --- drawing ---
    def draw(self, surface: pygame.Surface) -> None:
        """Board and panel, then the marks and the card."""
        super().draw(surface)
        if self.current is None:
            self.draw_marks(surface)
        self.draw_card(surface)

    def draw_marks(self, surface: pygame.Surface) -> None:
        """Pulsing outlines on the systems, stars, ships and bank cells of ``marks()``."""
        screen, lay, bank = self.layouts(self.app.size, self.display_position())
        glow = 0.5 + 0.5 * math.sin(self.clock * 4.0)
        color = T.mix(MARK, (255, 255, 255), 0.35 * glow)
        width = 2 + round(glow)
        for h in self.marks():
            rect = None
            if h.kind == "system":
                sp = lay.system(h.system)
                rect = pygame.Rect(sp.box.as_ints()).inflate(10, 10) if sp else None
            elif h.kind == "bank":
                for cell in bank.cells:
                    if cell.piece == h.piece:
                        rect = pygame.Rect(cell.box.as_ints()).inflate(-4, -4)
            else:
                want = _piece_marked(h)
                for pp in lay.pieces():
                    if want is not None and pp.target == want:
                        rect = pygame.Rect(pp.box.as_ints()).inflate(10, 10)
                        break
            if rect is not None:
                pygame.draw.rect(surface, color, rect, width, border_radius=8)

    def draw_card(self, surface: pygame.Surface) -> None:
        """The coaching card: header, task, goal, message, and the buttons on its right."""
        th = self.app.theme
        rect = self.card_rect(surface.get_size())
        panel(surface, rect, alpha=238)
        bw = 150
        x = rect.x + 16
        w = rect.w - bw - 40
        y = rect.y + 10
        T.draw_text(surface, th, self.header(), (x, y), 18, T.TEXT_DIM)
        y += 22
        lines = th.wrap(self.task(), 21, w)
        goal = th.wrap(self.goal(), 21, w)
        message = th.wrap(self.message, 19, w) if self.message else []
        # The task and the goal come first; the message gets what room is left (at least one line).
        room = (rect.bottom - 10 - y) // 21
        lines = lines[: max(1, room - len(goal) - (1 if message else 0))]
        keep = max(1, (rect.bottom - 10 - y - 21 * (len(lines) + len(goal)) - 4) // 19) if message else 0
        if len(message) > keep:
            message = message[:keep]
            message[-1] = message[-1].rstrip(".") + "…"
        for line in lines:
            T.draw_text(surface, th, line, (x, y), 21, T.TEXT)
            y += 21
        for line in goal:
            T.draw_text(surface, th, line, (x, y), 21, T.ACCENT, True)
            y += 21
        y += 4
        for line in message:
            T.draw_text(surface, th, line, (x, y), 19, self.message_color)
            y += 19
        by = rect.y + 10
        bh = max(28, min(36, (rect.h - 20 - 6 * (len(self.card_buttons) - 1)) // max(1, len(self.card_buttons))))
        for button in self.card_buttons:
            button.rect = pygame.Rect(rect.right - bw - 12, by, bw, bh)
            button.size = 20
            button.draw(surface, th)
            by += bh + 6


class LessonScene(CoachScene):
    """One lesson on the board; setup steps use three slots filled from the bank."""

    def __init__(self, app, runner: LessonRunner):
        self.runner = runner
        super().__init__(app, LessonController(runner, app.opponent))
        self.card_buttons = [
            Button("Hint", self.hint),
            Button("Show me", self.show_me),
            Button("Restart step", self.restart_step),
            Button("Lessons", self.leave),
        ]
        self.slots: list[int | None] = [None, None, None]
        self.slot_rects: list[pygame.Rect] = []
        self.build_button = Button("Build homeworld", self.build_home, enabled=lambda: None not in self.slots)
        self._seen = None
        self.say(f"Lesson {self.number} of {len(LESSONS)}. {runner.lesson.intro}", T.TEXT_DIM)

    @property
    def number(self) -> int:
        """The lesson's place in the list (from 1)."""
        return [lesson.id for lesson in LESSONS].index(self.runner.lesson.id) + 1

    def header(self) -> str:
        """Tier, lesson and step."""
        r = self.runner
        step = f"step {min(r.step_index + 1, len(r.lesson.steps))} of {len(r.lesson.steps)}"
        return f"{r.lesson.tier_name}  ·  {self.number}. {r.lesson.title}  ·  {step}"

    def task(self) -> str:
        """The step's instruction (nothing once the lesson is over: the message says it all)."""
        return "" if self.runner.finished else self.runner.instruction

    def goal(self) -> str:
        """The step's goal."""
        return f"Goal: {self.runner.goal_text}" if not self.runner.finished else "Lesson complete."

    def marks(self) -> tuple[Highlight, ...]:
        """The step's highlights."""
        return self.runner.highlights

    def in_setup(self) -> bool:
        """True while the step asks for a homeworld."""
        return not self.runner.finished and self.ctl.game.state.position.stage < PLAYING

    # --- card buttons ---
    def hint(self) -> None:
        """The next hint."""
        self.ctl.request_hint()
        self.say("Hint: " + self.ctl.hint_text, T.TEXT_WARN)

    def show_me(self) -> None:
        """The intended play in words, and its systems marked on the board."""
        self.say(self.runner.solution_text(), T.TEXT_WARN)

    def restart_step(self) -> None:
        """Take back the actions of this step."""
        self.runner.reset_step()
        self.ctl.effects.clear()
        self.current = None
        self.slots = [None, None, None]
        self.say("The step starts again.", T.TEXT_DIM)

    # --- the lesson's flow ---
    def update(self, dt: float) -> None:
        """Show the runner's feedback once, keep progress, close the lesson at its end."""
        super().update(dt)
        feedback = self.ctl.feedback
        if feedback is None or feedback is self._seen:
            return
        self._seen = feedback
        if feedback.step_done or feedback.lesson_done:
            color = T.TEXT_GOOD
        else:
            color = T.TEXT_GOOD if feedback.ok else (T.TEXT_BAD if not feedback.legal else T.TEXT_WARN)
        self.say(feedback.message, color, feedback.ok)
        if feedback.step_done:
            self.slots = [None, None, None]
            lesson = self.runner.lesson
            save_progress(self.app, lesson.id, self.runner.finished, self.runner.step_index)
        if feedback.lesson_done:
            self._finished()

    def _finished(self) -> None:
        lesson = self.runner.lesson
        after = next_lesson(lesson.id)
        buttons = []
        lines = [lesson.outro] if lesson.outro else []
        if after is not None:
            buttons.append(("Next lesson", lambda: self._open(after)))
            lines.append(f"Next: {after.title}.")
        buttons.append(("Lessons", self.leave))
        self.app.scenes.push(Dialog(self.app, "Lesson complete", lines, buttons, width=640))

    def _open(self, lesson) -> None:
        self.app.scenes.replace(LessonScene(self.app, LessonRunner(lesson)))

    # --- setup steps: slots filled from the bank ---
    def handle_event(self, event) -> bool:
        """During a setup step: bank clicks fill the slots; otherwise the coach and the board."""
        if self.in_setup():
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

    def _setup_click(self, pos) -> None:
        for i, rect in enumerate(self.slot_rects):
            if rect.collidepoint(pos):
                self.slots[i] = None
                return
        _, _, bank = self.layouts(self.app.size, self.display_position())
        target = bank.hit(*pos)
        if not isinstance(target, BankPieceTarget) or None not in self.slots:
            return
        taken = sum(1 for p in self.slots if p == target.piece)
        if self.ctl.game.state.position.bank[target.piece] <= taken:
            self.say("The bank has no more of that piece.", T.TEXT_BAD)
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
        """The coach's screen, with the homeworld slots during a setup step."""
        super().draw(surface)
        if self.in_setup():
            self._draw_slots(surface)

    def _draw_slots(self, surface: pygame.Surface) -> None:
        th = self.app.theme
        screen, _, _ = self.layouts(self.app.size, self.display_position())
        b = screen.board
        # Low on the board, where the learner's homeworld will stand: the rival's may already be at the top.
        cx, cy = b.x + b.w / 2, max(b.y + b.h / 2, b.bottom - 170)
        T.draw_text(
            surface,
            th,
            "Click bank pieces to fill the slots: two stars, then a ship.",
            (cx, cy - 100),
            22,
            T.TEXT,
            anchor="midtop",
        )
        self.slot_rects = []
        for i, label in enumerate(("Star", "Star", "Ship")):
            rect = pygame.Rect(0, 0, 110, 130)
            rect.center = (round(cx + (i - 1) * 130), round(cy))
            self.slot_rects.append(rect)
            pygame.draw.rect(surface, T.SYSTEM_FILL, rect, border_radius=10)
            pygame.draw.rect(surface, T.SYSTEM_EDGE, rect, 2, border_radius=10)
            T.draw_text(surface, th, label, (rect.centerx, rect.y + 6), 20, T.TEXT_DIM, anchor="midtop")
            piece = self.slots[i]
            if piece is not None:
                h = (0, 44, 66, 88)[piece % 3 + 1]
                if i < 2:
                    box = Box(rect.centerx - h * 0.42, rect.bottom - 14 - h, h * 0.84, h)
                    draw_piece(surface, th, "star", piece, box)
                else:
                    box = Box(rect.centerx - h * 0.3, rect.bottom - 14 - h, h * 0.6, h)
                    draw_piece(surface, th, "ship", piece, box, -1, rim_for(self.runner.learner, self.ctl.bottom))
        self.build_button.rect = pygame.Rect(0, 0, 220, 42)
        self.build_button.rect.midtop = (round(cx), round(cy + 84))
        self.build_button.draw(surface, th)


__all__ = ["CoachScene", "LessonController", "LessonScene", "save_progress"]
