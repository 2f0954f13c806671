"""The tutorial's coaching card: an overlay scene over a play screen, for a lesson or a puzzle.

``LessonCard`` is a non-opaque scene whose ``under`` is a play screen made for the lesson's or puzzle's
controller; the two enter and leave the scene stack together. The card across the top of the board
shows the task, the goal, the last feedback and its own buttons, with pulsing marks on the pieces the
step points at. The board, drags, captions and animations are the play screen's own: every event the
card does not use goes on down the scene stack to it (the card is not modal).

The card never cuts its text: what does not fit scrolls (the mouse wheel over the card, the arrow and
page keys), with a bar that shows where the view is, and a new message is scrolled into view. Every
text is worded when it is drawn (a message may be kept as a function), so a change of language shows
at the next frame. "Show me" plays the intended actions with ghost pieces over the board
(``hwgame.app.panels.show_me``) and leaves the game as it was.

The two talk through small, explicit interfaces. The play screen is given this overlay as its
``coach`` (``play.Card``: ``card_height`` for the room kept at the top of the board, ``open_menu``
for Escape and the Menu button, ``hint`` for the Hint button; no
narration strip and no game-over card under a coach). The overlay uses the play screen's public side:
``resume``, ``layouts``, ``display_position``, ``current`` (an animation running), ``is_dragging``,
``pointer_pos`` and ``finish_animations``; the events reach it through the stack.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, cast

import pygame

from hwgame.app.control.targets import ShipTarget, StarTarget
from hwgame.app.control.text import Text, text_of
from hwgame.app.kit.base import ButtonScene
from hwgame.app.kit.dialogs import ChoiceMenu
from hwgame.app.panels.show_me import Demo, DemoPainter
from hwgame.app.view import theme as T
from hwgame.app.view.canvas import pointer
from hwgame.app.view.layout import Layouts, screen_layout
from hwgame.app.view.widgets import Button, panel
from hwgame.i18n import _, current_language
from hwgame.rules import Position, TurnStep
from hwgame.tutorial import Highlight

if TYPE_CHECKING:
    from hwgame.app.control.flow import PlayController
    from hwgame.app.stage import AppLike



class PlayBoard(Protocol):
    """What the card uses of the play screen under it (its public side; the scene table makes it)."""

    current: object | None  # the animation running, if any

    @property
    def is_dragging(self) -> bool:
        """A piece is held: Escape goes to the drag, not to the card's menu."""
        ...

    @property
    def pointer_pos(self) -> tuple[int, int] | None:
        """Where the pointer is over the board, if that is known."""
        ...

    def display_position(self) -> Position:
        """The position the board shows (an animation's start while it plays)."""
        ...

    def layouts(self, size: tuple[int, int], position: Position) -> Layouts:
        """The (screen, board, bank) layouts of ``position`` in a window of ``size``."""
        ...

    def finish_animations(self) -> None:
        """End every running animation at once."""
        ...

    def resume(self) -> None:
        """The screen is on top again: bring it up to date."""
        ...


MARK = (255, 110, 210)  # the colour of the coach's marks: apart from the owners' cyan and amber
HEADER, TASK, MESSAGE = 18, 21, 19  # font sizes on the card
SCROLL_STEP = 24  # pixels per arrow key press; a wheel notch scrolls twice as far


def save_progress(app: AppLike, key: str, completed: bool, step: int, helped: bool | None = None) -> None:
    """Store tutorial progress in the settings (``tutorial`` maps a lesson id to completed and step).

    ``helped`` records a puzzle solved after its solution was shown: a clean solve is kept once made
    (solving again with help does not take it away), and a clean solve replaces a helped one."""
    settings = app.settings
    table = getattr(settings, "tutorial", None)
    if table is None:
        return  # settings that cannot be written (a damaged file): progress is simply not kept
    old = table.get(key)
    done_before = bool(getattr(old, "completed", False)) if old is not None else False
    entry: dict = {"completed": completed or done_before, "step": step}
    if helped is not None:
        clean_before = done_before and not bool(getattr(old, "helped", False))
        entry["helped"] = bool(helped) and not clean_before
    elif old is not None and hasattr(old, "helped"):
        entry["helped"] = bool(old.helped)
    try:
        from hwgame.persist import LessonProgress

        settings.tutorial = {**table, key: LessonProgress.model_validate(entry)}
    except Exception:
        return
    app.save_settings()


def progress_of(app: AppLike, key: str) -> tuple[bool, int, bool]:
    """(completed, step, helped) stored for a lesson or a puzzle, or (False, 0, False)."""
    entry = app.settings.tutorial.get(key)
    if entry is None:
        return False, 0, False
    done = bool(getattr(entry, "completed", False))
    return done, int(getattr(entry, "step", 0) or 0), done and bool(getattr(entry, "helped", False))


def wrap_all(theme: T.Theme, text: str, size: int, width: float, bold: bool = False) -> list[str]:
    """``theme.wrap``, and a piece still wider than ``width`` (a long word, a run the font measures wide)
    cut between characters: every line fits, and no character is lost."""
    font = theme.font(size, bold)
    out: list[str] = []
    for line in theme.wrap(text, size, width, bold):
        while len(line) > 1 and font.size(line)[0] > width:
            lo, hi = 1, len(line) - 1  # the longest head that fits (at least one character)
            while lo < hi:
                mid = (lo + hi + 1) // 2
                if font.size(line[:mid])[0] <= width:
                    lo = mid
                else:
                    hi = mid - 1
            out.append(line[:lo])
            line = line[lo:].lstrip(" ")
        out.append(line)
    if theme.audit is not None:
        theme.audit.wrapped(text, out)
    return out


@dataclass(frozen=True)
class CardLine:
    """One line of the card's text: words, font size, colour, bold, its top within the text and height."""

    text: str
    size: int
    color: tuple
    bold: bool
    y: int
    h: int


@dataclass
class CardLayout:
    """The card for one frame: where it is, where its text is seen, the lines and how far they reach."""

    rect: pygame.Rect
    view: pygame.Rect  # the part of the card the text is seen through (it scrolls behind it)
    lines: list[CardLine]
    height: int  # of all the text
    message_top: int
    message_bottom: int
    button_w: int

    @property
    def stops(self) -> list[int]:
        """The scroll positions: the top of each line, so the top line in view is always whole."""
        return sorted({0, *(line.y for line in self.lines)})

    @property
    def max_scroll(self) -> int:
        """How far the text can scroll (0 when it fits): the first line top from which the rest fits."""
        if self.height <= self.view.h:
            return 0
        return min((y for y in self.stops if self.height - y <= self.view.h), default=self.lines[-1].y)

    def snap(self, scroll: int, down: bool) -> int:
        """The scroll position at a line top nearest ``scroll``: the next one down, or up, within range."""
        stops = [y for y in self.stops if y <= self.max_scroll]
        if down:
            return min((y for y in stops if y >= scroll), default=stops[-1])
        return max((y for y in stops if y <= scroll), default=0)

    def visible(self, scroll: int) -> list[CardLine]:
        """The lines wholly in view at ``scroll`` (a line that would be cut is left for scrolling)."""
        return [line for line in self.lines
                if line.y >= scroll and line.y + line.h - scroll <= self.view.h]


def _piece_marked(h: Highlight) -> StarTarget | ShipTarget | None:
    """The star or ship a mark points at, or None when the mark does not name a whole piece."""
    if h.system is None or h.piece is None:
        return None
    if h.kind == "star":
        return StarTarget(h.system, h.piece)
    if h.owner is None:
        return None
    return ShipTarget(h.system, h.owner, h.piece)


class LessonCard(ButtonScene):
    """A coaching card over a play screen (see the module doc); ``play`` is that screen, made here
    for ``ctl`` with this overlay as its coach, and pushed, replaced and popped with it.

    Subclasses give ``card_buttons`` as (label, action) pairs, labels as functions worded at every frame."""

    opaque = False
    modal = False  # the events the card leaves go on to the play screen under it

    def __init__(self, app: AppLike, ctl: PlayController):
        super().__init__(app)
        self.ctl = ctl
        # The scene table makes "play" a play screen (screens are known to each other by name only).
        self.under = app.make_scene("play", ctl, card=self)
        self.play = cast(PlayBoard, self.under)
        self._message: Text = ""
        self._note: Text = ""
        self._message_language = current_language()
        self._about_move: tuple | None = None  # (game, turns, actions) the message speaks of
        self.message_color = T.TEXT_DIM
        self.message_ok = True
        self.clock = 0.0
        self.scroll = 0
        self._follow_message = False
        self._buttons: list[Button] = []
        self._layout_key: tuple | None = None
        self._layout: CardLayout | None = None
        self.demo: Demo | None = None
        self.painter = DemoPainter(app.theme)

    # --- the buttons ---
    @property
    def card_buttons(self) -> list[Button]:
        """The card's buttons, top to bottom."""
        return self._buttons

    @card_buttons.setter
    def card_buttons(self, pairs: Iterable[tuple[Text, Callable[[], object]]]) -> None:
        self._buttons = [Button(label, action) for label, action in pairs]

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

    @property
    def message(self) -> str:
        """The card's message in the language in force."""
        return text_of(self._message)

    @property
    def note(self) -> str:
        """A line under the message that stands out (a new board), or ""."""
        return text_of(self._note)

    def leave(self) -> None:
        """Back to the list of lessons and puzzles (the play screen under the card leaves with it)."""
        self.app.scenes.pop(self)

    def say(self, text: Text, color: T.RGB = T.TEXT, ok: bool = True, note: Text = "", about_move: bool = False,
            follow: bool = True) -> None:
        """Show a message on the card; ``ok`` False marks a refusal or a miss. ``about_move`` says the
        message tells of the turn so far, so that it goes when those actions are taken back; ``follow``
        scrolls the card to it (an opening word leaves the task in view instead)."""
        self._message = text
        self._note = note
        self._message_language = current_language()
        self.message_color = color
        self.message_ok = ok
        self._about_move = self._turn_key() if about_move else None
        self._follow_message = follow
        if not follow:
            self.scroll = 0

    def _turn_key(self) -> tuple:
        game = self.ctl.game
        return (id(game), len(game.turns), tuple(game.pending))

    def hint(self) -> None:
        """The controller's hint, on the card (the card's Hint button and the panel's)."""
        self.stop_demo()
        self.ctl.request_hint()
        words = self.ctl.hint_text
        self.say(lambda: _("Hint: {hint}").format(hint=words), T.TEXT_WARN)

    def shown(self) -> Position:
        """The position on the screen (the animated one while an action plays out)."""
        return self.play.display_position()

    def board(self) -> Layouts:
        """The play screen's (screen, board, bank) layouts of the position on the screen."""
        return self.play.layouts(self.app.size, self.shown())

    # --- show me ---
    def start_demo(self, steps: Sequence[TurnStep], home: Position) -> bool:
        """Play ``steps`` (``TurnStep``s from the start of the turn) with ghosts, back to ``home`` after;
        False when there is nothing to show."""
        self.play.finish_animations()
        self.play.resume()
        self.demo = Demo(steps, home) if steps else None
        return self.demo is not None

    def stop_demo(self) -> None:
        """End a demonstration now (the board shows the game again)."""
        if self.demo is not None:
            self.demo = None
            self.demo_finished()

    def demo_finished(self) -> None:
        """The demonstration is over (played out or stopped): subclasses say what comes next."""

    # --- geometry: the play screen keeps a strip at the top of the board for the card ---
    def card_height(self, size: tuple[int, int]) -> int:
        """Pixels of the card, from the window height."""
        return max(190, min(270, int(size[1] * 0.31)))

    def card_rect(self, size: tuple[int, int]) -> pygame.Rect:
        """Where the card is drawn."""
        screen = screen_layout(*size)
        b = screen.board
        return pygame.Rect(round(b.x) + 8, 8, round(b.w) - 16, self.card_height(size) - 12)

    def toast_cover(self, size: tuple[int, int]) -> pygame.Rect:
        """The card: the messages go in the play screen's corner of the map, clear of it."""
        return self.card_rect(size)

    def blocks(self) -> list[tuple[str, str, int, tuple, bool]]:
        """The card's text as (role, words, size, colour, bold) paragraphs, roles "header", "task",
        "goal", "message" and "note" (what changed on the board), each only when it has words."""
        out = [("header", self.header(), HEADER, T.TEXT_DIM, False), ("task", self.task(), TASK, T.TEXT, False),
               ("goal", self.goal(), TASK, T.ACCENT, True),
               ("message", self.message, MESSAGE, self.message_color, False),
               ("note", self.note, MESSAGE, T.ACCENT, True)]
        return [b for b in out if b[1]]

    def card_layout(self, size: tuple[int, int]) -> CardLayout:
        """The card laid out for a window size (cached until a text, the size or the language change)."""
        th = self.app.theme
        rect = self.card_rect(size)
        widest = max((th.font(20).size(b.text)[0] for b in self.card_buttons), default=0)
        bw = max(150, min(widest + 28, rect.w // 3))
        blocks = self.blocks()
        key = (tuple(size), tuple(blocks), bw, current_language())
        if key == self._layout_key and self._layout is not None:
            return self._layout
        view = pygame.Rect(rect.x + 16, rect.y + 10, rect.w - bw - 52, rect.h - 20)
        lines: list[CardLine] = []
        y = 0
        top = bottom = None
        for role, text, px, color, bold in blocks:
            lh = th.font(px, bold).get_linesize()
            if role in ("message", "note"):
                if top is None:
                    y += 6  # a gap between the step and what was said about it
                    top = y
            for line in wrap_all(th, text, px, view.w, bold):
                lines.append(CardLine(line, px, color, bold, y, lh))
                y += lh
            if role in ("message", "note"):
                bottom = y
        self._layout = CardLayout(rect, view, lines, y, top or 0, bottom or 0, bw)
        self._layout_key = key
        return self._layout

    def scroll_by(self, dy: int) -> None:
        """Scroll the card's text by about ``dy`` pixels, to a line top, within its length."""
        lay = self.card_layout(self.app.size)
        if dy:
            self.scroll = lay.snap(self.scroll + dy, dy > 0)

    def _follow(self, lay: CardLayout) -> None:
        """Scroll a new message into view: as much of the text above it as the card can show with it."""
        if lay.message_bottom > lay.message_top:
            want = lay.message_bottom - lay.view.h
            if lay.message_bottom - lay.message_top > lay.view.h:
                want = lay.message_top
            self.scroll = lay.snap(max(0, want), True)
        else:
            self.scroll = 0

    # --- events and time ---
    def controls(self) -> list[Button]:
        """The card's buttons, top to bottom."""
        return self.card_buttons

    def keys(self) -> dict[int, Callable[[], object]]:
        """Escape opens the coach's menu, unless a piece is being dragged: then it goes on to the play
        screen, which calls the drag off."""
        return {} if self.play.is_dragging else {pygame.K_ESCAPE: self.open_menu}

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The card's buttons, scrolling the card, Escape for the coach's menu; what is left goes down the
        stack to the play screen (this overlay is not modal). While "show me" plays, a click or a key
        ends it (and does nothing else)."""
        if self.handle_controls(event):
            return True
        if self.demo is not None and event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            if event.type != pygame.MOUSEBUTTONDOWN or event.button in (1, 2, 3):
                self.stop_demo()
                return True
        return self._scroll_event(event) or self.handle_keys(event)

    def _scroll_event(self, event: pygame.event.Event) -> bool:
        """The wheel over the card, the arrow and page keys: True when the card scrolled for it."""
        lay = self.card_layout(self.app.size)
        if event.type == pygame.MOUSEWHEEL:
            known = self.play.pointer_pos
            pos = pointer() if known is None else known
            if lay.rect.collidepoint(pos):
                self.scroll_by(-event.y * 2 * SCROLL_STEP)
                return True
            return False
        if event.type != pygame.KEYDOWN or self.play.is_dragging:
            return False
        page = max(SCROLL_STEP, lay.view.h - SCROLL_STEP)
        moves = {pygame.K_UP: -SCROLL_STEP, pygame.K_DOWN: SCROLL_STEP, pygame.K_PAGEUP: -page,
                 pygame.K_PAGEDOWN: page}
        if event.key in moves:
            self.scroll_by(moves[event.key])
            return True
        return False

    def open_menu(self) -> None:
        """A small menu instead of the game menu (nothing to save or resign here)."""
        if self.app.scenes.top is not self:
            return
        self.stop_demo()
        self.app.scenes.push(
            ChoiceMenu(
                self.app,
                lambda: _("Tutorial"),
                [(lambda: _("Back to the list"), self.leave), (lambda: _("Back to the title"), self.app.to_title)],
            )
        )

    def resume(self) -> None:
        """Back on top (a menu or dialog closed): the play screen forgets a half-made gesture."""
        self.play.resume()

    def update(self, dt: float) -> None:
        """The marks pulse, "show me" plays on, a message about actions taken back goes, and one said in
        another language gives way (the play screen under the card updates itself)."""
        self.clock += dt
        if self.demo is not None:
            speed = float(self.app.settings.animation_speed)
            self.demo.advance(dt * (speed if speed > 0 else 1.0))
            if self.demo.done:
                self.stop_demo()
        about = self._about_move
        if about is not None:
            now = self._turn_key()
            if now[:2] != about[:2] or now[2][: len(about[2])] != about[2]:
                self.say("")  # the actions it told of were taken back
        if not callable(self._message) and self._message and self._message_language != current_language():
            self.say("")
        lay = self.card_layout(self.app.size)
        if self._follow_message:
            self._follow_message = False
            self._follow(lay)
        self.scroll = lay.snap(self.scroll, False)

    # --- drawing ---
    def draw(self, surface: pygame.Surface) -> None:
        """Over the play screen's board and panel: "show me" or the marks (not during an animation),
        then the card."""
        if self.demo is not None:
            self.painter.draw(surface, self.play, self.demo)
        elif self.play.current is None:
            self.draw_marks(surface)
        self.draw_card(surface)

    def draw_marks(self, surface: pygame.Surface) -> None:
        """Pulsing outlines on the systems, stars, ships, markers and bank cells of ``marks()``."""
        screen, lay, bank = self.board()
        glow = 0.5 + 0.5 * math.sin(self.clock * 4.0)
        color = T.mix(MARK, (255, 255, 255), 0.35 * glow)
        width = 2 + round(glow)
        for h in self.marks():
            rect = None
            if h.kind == "system":
                sp = lay.system(h.system) if h.system else None
                rect = pygame.Rect(sp.box.as_ints()).inflate(10, 10) if sp else None
            elif h.kind == "marker":
                sp = lay.system(h.system) if h.system else None
                for mbox, c in sp.markers if sp else ():
                    if c == h.piece:
                        box = pygame.Rect(mbox.as_ints())
                        pygame.draw.circle(surface, color, box.center, box.w // 2 + 5 + round(2 * glow), width + 1)
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
        """The coaching card: its text (scrolled, never cut), a scroll bar when it is longer than the
        card, and the buttons on its right."""
        th = self.app.theme
        lay = self.card_layout(surface.get_size())
        rect, view = lay.rect, lay.view
        panel(surface, rect, alpha=238, theme=th)
        old_clip = surface.get_clip()
        surface.set_clip(view.clip(old_clip) if old_clip else view)
        for line in lay.visible(self.scroll):
            T.draw_text(surface, th, line.text, (view.x, view.y + line.y - self.scroll), line.size, line.color,
                        line.bold)
        surface.set_clip(old_clip)
        if lay.max_scroll:
            self._draw_scroll_bar(surface, lay)
            if self.scroll < lay.max_scroll:
                self._draw_more_below(surface, lay)
        by = rect.y + 10
        buttons = self.card_buttons
        bh = max(28, min(36, (rect.h - 20 - 6 * (len(buttons) - 1)) // max(1, len(buttons))))
        for button in buttons:
            button.rect = pygame.Rect(rect.right - lay.button_w - 12, by, lay.button_w, bh)
            button.size = 20
            button.draw(surface, th)
            by += bh + 6

    def _draw_more_below(self, surface: pygame.Surface, lay: CardLayout) -> None:
        """Where the text goes on below the card: its last line fades out and a tab on the card's lower
        edge says so, so a sentence that runs past the view never looks like the end of the text."""
        th, view = self.app.theme, lay.view
        fade = pygame.Surface((view.w, 26), pygame.SRCALPHA)
        for y in range(26):
            pygame.draw.line(fade, (*T.PANEL, round(235 * y / 25)), (0, y), (view.w, y))
        surface.blit(fade, (view.x, view.bottom - 26))
        # Translators: on the tutorial's card, when its text goes on below what is in view.
        label = th.fit_text(_("More below: scroll"), 15, view.w // 2, T.ACCENT, True)
        tab = label.get_rect(midbottom=(view.centerx, view.bottom + 2)).inflate(30, 4)
        pygame.draw.rect(surface, T.PANEL, tab, border_radius=5)
        pygame.draw.rect(surface, T.ACCENT, tab, 1, border_radius=5)
        x, y = tab.x + 9, tab.centery
        pygame.draw.polygon(surface, T.ACCENT, [(x - 5, y - 3), (x + 5, y - 3), (x, y + 4)])
        surface.blit(label, label.get_rect(midright=(tab.right - 6, tab.centery)))

    def _draw_scroll_bar(self, surface: pygame.Surface, lay: CardLayout) -> None:
        """A track right of the text with a thumb for the part in view, and arrows where more text is."""
        view = lay.view
        track = pygame.Rect(view.right + 10, view.y + 12, 6, view.h - 24)
        pygame.draw.rect(surface, T.PANEL_EDGE, track, border_radius=3)
        thumb_h = max(18, round(track.h * view.h / lay.height))
        thumb_y = track.y + round((track.h - thumb_h) * self.scroll / lay.max_scroll)
        pygame.draw.rect(surface, T.ACCENT, pygame.Rect(track.x, thumb_y, track.w, thumb_h), border_radius=3)
        cx = track.centerx
        if self.scroll > 0:
            pygame.draw.polygon(surface, T.ACCENT, [(cx - 6, view.y + 8), (cx + 6, view.y + 8), (cx, view.y)])
        if self.scroll < lay.max_scroll:
            b = view.bottom
            pygame.draw.polygon(surface, T.ACCENT, [(cx - 6, b - 8), (cx + 6, b - 8), (cx, b)])


__all__ = ["MARK", "CardLayout", "CardLine", "LessonCard", "progress_of", "save_progress", "wrap_all"]
