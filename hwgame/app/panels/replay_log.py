"""The replay viewer's words: the turn's actions and the move log, in plain words or in SDG notation.

Parts of the replay screen (``hwgame.app.scenes.replay``), drawn from a ``Shown``, the small frozen
account the screen gives of the record and the point it shows; the ``MoveLog`` keeps the log's own
state (where it stands, which turns show, how far it is scrolled, the Words|SDG switch). Plain words
are the default, the same sentences as the play screen's log (``describe``); the Words|SDG switch is
the play screen's, with the same setting, so the choice carries over.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from hwgame.app.view import theme as T
from hwgame.app.view.widgets import Switch, wrap_hanging
from hwgame.i18n import _, pgettext
from hwgame.rules import Action, format_action
from hwgame.words import Voice, describe_action, log_entry, result_text

if TYPE_CHECKING:
    from hwgame.app.control.timeline import Point, Timeline
    from hwgame.app.stage import AppLike

LOG_ROW = 19  # pixels a row of the log takes
LOG_PX = 18  # type size of the log and of the turn's actions


@dataclass(frozen=True)
class Shown:
    """What the replay screen shows, as its panel's words need it."""

    theme: T.Theme
    timeline: Timeline
    point: Point  # the place in the record on the board
    name: str  # the record's name over the players ("" for none)
    bottom: int  # the player drawn at the bottom
    in_notation: bool  # SDG notation rather than words


def notation_switch(app: AppLike) -> Switch:
    """The Words|SDG switch, set from (and saving to) the play screen's setting."""

    def remember(index: int) -> None:
        try:
            app.settings.move_log_notation = index == 1
        except Exception:
            return  # settings that refuse a new field: the choice lasts for this window only
        app.save_settings()

    return Switch([lambda: pgettext("move log", "Words"), "SDG"], int(app.settings.move_log_notation), remember,
                  size=15)


RESULT_PX = 18  # the result line's size, smaller when long names need more than two lines
RESULT_LINES = 4  # at most this many lines, however long the names


def result_lines(theme: T.Theme, timeline: Timeline, w: int) -> tuple[int, list[str]]:
    """The result line wrapped to width ``w`` whole (never cut): its size and lines; a result that
    would take more than two lines at the usual size is set a little smaller first."""
    text = result_line(timeline)
    for size in (RESULT_PX, RESULT_PX - 2):
        lines = theme.wrap(text, size, w)
        if len(lines) <= 2:
            return size, lines
    return RESULT_PX - 2, lines[:RESULT_LINES]


def turn_head_lines(scene: Shown, w: int) -> list[str]:
    """The turn box's heading ("Ann's actions in turn 12") wrapped to width ``w``: a long name takes a
    second line rather than cutting off the turn's number."""
    tl = scene.timeline
    where = tl.last_played(scene.point)
    if where is None:
        return []
    turn = where[0]
    who = tl.players[tl.starts[turn].to_move]
    head = _("{name}'s actions in turn {turn}").format(name=who, turn=turn + 1)
    return scene.theme.wrap(head, 19, w, bold=True)[:2]


def result_line(timeline: Timeline) -> str:
    """The panel's line on how the recorded game ended (the record has a result)."""
    if timeline.outcome is None:
        return ""
    return _("Result: {result}").format(result=result_text(timeline.outcome))


def go_to_label() -> str:
    """The words before the go-to field."""
    return _("Go to turn")


def action_text(action: Action, notation: bool, players: tuple[str, str] | None = None) -> str:
    """One action of the turn box: its caption in words, or its SDG notation; with the ``players``'
    names, a homeworld named after a player is worded as that player's homeworld ("Build a green 1 at
    Computer's homeworld"), never as if the player were a place ("at Computer")."""
    if notation:
        return format_action(action)
    return describe_action(action, Voice(players) if players is not None else None)


def log_rows(timeline: Timeline, notation: bool) -> list[tuple[int, str]]:
    """(turn index, text) per turn of the record, the unfinished turn last, in words or notation."""
    voice = Voice(timeline.players)
    rows = [(k, log_entry(k + 1, turn, timeline.starts[k].to_move, voice, notation))
            for k, turn in enumerate(timeline.turns)]
    if timeline.pending:
        k = timeline.turn_count
        text = log_entry(k + 1, timeline.pending, timeline.starts[k].to_move, voice, notation)
        # Translators: a turn of the move log that the record leaves unfinished.
        rows.append((k, _("{entry} (unfinished)").format(entry=text.rstrip(".。"))))
    return rows


BOX_ROW = 21  # pixels a line of the turn box takes


def turn_box_top(scene: Shown, rect: pygame.Rect) -> int:
    """The y of the turn box's first action in the panel ``rect``, as ``ReplayScene._draw_panel`` draws
    the header, the turn's heading and the box."""
    th = scene.theme
    tl = scene.timeline
    w = rect.w - 28
    y = rect.y + 12 + 30 + (24 if scene.name else 0) + 2 * 23
    if tl.outcome is not None:
        size, lines = result_lines(th, tl, w)
        y += (size + 1) * len(lines)
    where = tl.describe(scene.point)
    y += 6 + 22 * len(th.wrap(Voice(tl.players).sentence(where), 21, w, bold=True)[:2]) + 4
    return y + BOX_ROW * len(turn_head_lines(scene, w))


def header_bottom(scene: Shown, rect: pygame.Rect, room: int | None = None) -> int:
    """The y below the panel's header and the turn box (its actions in ``room`` pixels at the most, see
    ``turn_box_lines``), as ``ReplayScene._draw_panel`` draws them."""
    y = turn_box_top(scene, rect)
    if scene.timeline.last_played(scene.point) is None:
        return y + 22
    return y + BOX_ROW * len(turn_box_lines(scene, rect.w - 28, room)) + 2


def turn_box_lines(scene: Shown, w: int, room: int | None = None) -> list[tuple[int, str, bool]]:
    """The turn box's lines at width ``w``: (action index, text, first line of its action). Each action
    is whole, in as many lines as its words need (never cut); up to six actions around the last one
    played, fewer where their lines would take more than ``room`` pixels (the last one always)."""
    tl = scene.timeline
    where = tl.last_played(scene.point)
    if where is None:
        return []
    turn, last = where
    actions = tl.actions_of(turn)
    lines: list[tuple[int, str, bool]] = []
    for n in range(min(6, len(actions)), 0, -1):
        # A long turn (sacrifices) shows the actions around the last one played: two before it, the rest after.
        first = max(0, min(last - min(2, n - 1), len(actions) - n))
        lines = []
        for k, action in enumerate(actions[first: first + n], start=first):
            text = f"{k + 1}. {action_text(action, scene.in_notation, tl.players)}"
            parts = wrap_hanging(scene.theme, text, LOG_PX, w - 8, 14)
            lines += [(k, part, i == 0) for i, part in enumerate(parts)]
        if room is None or BOX_ROW * len(lines) <= room:
            break
    return lines


class MoveLog:
    """The replay panel's move log: one row per turn, the turn shown highlighted, a click on a row jumps
    there, the wheel scrolls it; ``place`` lays it out (from the screen's ``update``), ``draw`` reads that."""

    def __init__(self, app: AppLike):
        # Words or SDG notation in the log, the turn's actions and the review strip: the play screen's
        # switch and setting, so a player who reads notation there reads it here too.
        self.notation = notation_switch(app)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.rows: list[tuple[pygame.Rect, int]] = []  # (row, turn index) of the turns in view
        self.lines: dict[int, list[str]] = {}  # the wrapped lines of each shown turn
        self.wraps: dict[tuple[str, int], list[str]] = {}  # wrapped texts, kept between frames
        self.top = 0  # the first turn in view
        self.follow = True  # keep the highlighted turn in view until the wheel scrolls the log

    @property
    def in_notation(self) -> bool:
        """True when the log and the actions show SDG notation rather than plain words."""
        return self.notation.index == 1

    def scroll(self, notches: int) -> None:
        """The wheel turned ``notches`` (up is positive): three turns a notch; the log stops following."""
        self.top = max(0, self.top - 3 * notches)
        self.follow = False

    def _wrapped(self, th: T.Theme, text: str, width: int) -> list[str]:
        """A turn's words in as many lines as they need at ``width``: wrapped, never cut (the play
        screen's log too); kept between frames."""
        key = (text, width)
        found = self.wraps.get(key)
        if found is None:
            found = self.wraps[key] = wrap_hanging(th, text, LOG_PX, width, 14) or [""]
        return found

    def room_needed(self, scene: Shown, width: int) -> int:
        """The height a log ``width`` pixels wide needs to show the turn of the point shown whole, under
        its header: what the turn box above leaves it."""
        tl = scene.timeline
        where = tl.last_played(scene.point)
        k = where[0] if where else 0
        text = dict(log_rows(tl, scene.in_notation)).get(k, "")
        return 28 + LOG_ROW * len(self._wrapped(scene.theme, text, width - 16)) + 4

    def turn_at(self, pos: tuple[int, int]) -> int | None:
        """The turn whose row is under ``pos``, if any."""
        for rect, k in self.rows:
            if rect.collidepoint(pos):
                return k
        return None

    def place(self, scene: Shown, log: pygame.Rect) -> None:
        """Lay out the log in ``log``: its switch and the rows in view (where a click jumps)."""
        th = scene.theme
        self.rect = log
        self.rows = []
        if log.h < 50:
            self.notation.rect = pygame.Rect(0, 0, 0, 0)
            return
        sw = min(self.notation.natural_width(th), log.w - 110)
        self.notation.rect = pygame.Rect(log.right - 8 - sw, log.y + 5, sw, 20)
        tl = scene.timeline
        count = tl.turn_count + (1 if tl.pending else 0)
        where = tl.last_played(scene.point)
        current = where[0] if where else -1
        texts = dict(log_rows(tl, scene.in_notation))
        width = log.w - 16

        def lines_of(k: int) -> list[str]:
            return self._wrapped(th, texts.get(k, ""), width)

        bottom_y = log.bottom - 4

        def fill(top: int) -> list[tuple[pygame.Rect, int]]:
            # Only whole turns: a turn that does not fit above the log's foot is left for the wheel.
            rows: list[tuple[pygame.Rect, int]] = []
            y = log.y + 28
            for k in range(top, count):
                h = LOG_ROW * len(lines_of(k))
                if y + h > bottom_y:
                    break
                rows.append((pygame.Rect(log.x + 4, y - 1, log.w - 8, h), k))
                y += h
            return rows

        self.top = max(0, min(self.top, count - 1))
        rows = fill(self.top)
        if self.follow and current >= 0 and not any(k == current for _line, k in rows):
            # Bring the current turn into view, with up to four turns before it for context.
            top = current
            while top > max(0, current - 4) and any(k == current for _line, k in fill(top - 1)):
                top -= 1
            self.top = top
            rows = fill(top)
        self.rows = rows
        self.lines = {k: lines_of(k) for _line, k in rows}

    def draw(self, scene: Shown, surface: pygame.Surface) -> None:
        """The move log as ``place`` laid it out: a header with the Words|SDG switch, one row per turn,
        the turn of the last action shown highlighted."""
        th = scene.theme
        tl = scene.timeline
        rect = self.rect
        if rect.h < 50:
            return
        pygame.draw.rect(surface, (16, 19, 34), rect, border_radius=6)
        head = th.fit_text(_("Move log"), 19, max(10, self.notation.rect.x - rect.x - 14), T.TEXT_DIM, True)
        surface.blit(head, (rect.x + 8, rect.y + 6))
        self.notation.draw(surface, th)
        where = tl.last_played(scene.point)
        current = where[0] if where else -1
        for row, k in self.rows:
            player = tl.starts[k].to_move
            if k == current:
                pygame.draw.rect(surface, (52, 64, 108), row, border_radius=4)
                ink = T.TEXT
            else:
                ink = T.mix(T.TEXT_DIM, T.OWNER_RGB[0] if player == scene.bottom else T.OWNER_RGB[1], 0.3)
            for i, line in enumerate(self.lines.get(k, ())):
                # Continuation lines are indented, so each turn's first line stands out.
                at = (rect.x + 8 + (14 if i else 0), row.y + 2 + i * LOG_ROW)
                surface.blit(th.fit_text(line, LOG_PX, rect.w - 16, ink), at)
        if not self.rows and tl.turn_count == 0 and not tl.pending:
            T.draw_text(surface, th, _("No turns recorded."), (rect.x + 8, rect.y + 28), LOG_PX, T.TEXT_DIM)


def draw_turn_box(scene: Shown, surface: pygame.Surface, x: int, y: int, w: int, room: int | None = None) -> int:
    """The actions of the turn shown (in ``room`` pixels, see ``turn_box_lines``): played ones bright,
    the last one marked, the rest dim; returns the y below them."""
    th = scene.theme
    tl, point = scene.timeline, scene.point
    where = tl.last_played(point)
    if where is None:
        surface.blit(th.fit_text(_("Right arrow: the first action."), LOG_PX, w, T.TEXT_DIM), (x, y))
        return y + 22
    last = where[1]
    for head in turn_head_lines(scene, w):
        surface.blit(th.fit_text(head, 19, w, T.TEXT_DIM, True), (x, y))
        y += BOX_ROW
    lines = turn_box_lines(scene, w, room)
    marked = [i for i, (k, _text, _mark) in enumerate(lines) if k == last]
    if marked:  # the last action played, in one frame however many lines it takes
        block = pygame.Rect(x - 4, y - 1 + BOX_ROW * marked[0], w + 8, BOX_ROW * len(marked) - 1)
        pygame.draw.rect(surface, (60, 56, 30), block, border_radius=4)
        pygame.draw.rect(surface, T.TEXT_WARN, block, 1, border_radius=4)
    for k, text, first_line in lines:
        ink = T.TEXT if k <= last else T.TEXT_DIM
        surface.blit(th.fit_text(text, LOG_PX, w - 8, ink), (x + 2 + (0 if first_line else 14), y + 1))
        y += BOX_ROW
    return y + 2


__all__ = ["MoveLog", "Shown", "action_text", "draw_turn_box", "go_to_label", "header_bottom", "log_rows",
           "notation_switch", "result_line", "result_lines", "turn_box_lines", "turn_box_top", "turn_head_lines"]
