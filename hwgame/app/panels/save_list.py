"""The list of saves the Load and Save screens share, and the words for a save in it.

``SaveList`` scrolls through ``persist.SaveInfo`` entries (click selects, a second click or Enter
activates); ``summary``, ``title_of``, ``mark_of`` and ``when`` say what each row shows: its players,
rules, turns and where the game stands, or plainly why the file cannot be opened.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from hwgame.app.control.options import versus
from hwgame.app.control.text import join_sentences
from hwgame.app.view import theme as T
from hwgame.app.view.canvas import pointer
from hwgame.i18n import _, ngettext
from hwgame.words import date_time_text, level_word, result_text, rules_title, save_title, sentence

if TYPE_CHECKING:
    from hwgame.persist import Player, SaveInfo

# What the list calls when a row is selected or activated: with the save now selected (None: none is).
OnRow = Callable[["SaveInfo | None"], object]

DOUBLE_CLICK_MS = 450


def when(info: SaveInfo) -> str:
    """The save's last change in local time, for the list (``"14 Mar 2025, 18:02"``), in the language in
    force."""
    from datetime import datetime

    stamp = info.updated or info.created
    try:
        moment = stamp.astimezone() if stamp is not None else datetime.fromtimestamp(info.modified)
    except (OverflowError, OSError, ValueError):
        return ""
    return date_time_text(moment)


def problem_sentence(info: SaveInfo) -> str:
    """A broken save's problem as a sentence (the list drops the file name the message started with):
    "The file is a folder, not a save file." A problem said of the file gets the file as its subject."""
    problem = str(info.error or "").rstrip(". ")
    if getattr(info, "problem_of_file", True):
        # Translators: the subject of a problem said of a save file: "The file is a folder, not a save file".
        return sentence(_("The file {problem}").format(problem=problem))
    return sentence(problem)


def players_of(info: SaveInfo) -> str:
    """The players of a save, the computer's level beside its name: ``"Ann vs Hal (computer, easy)"``."""

    def seat(p: Player) -> str:
        if p.kind == "computer" and p.level is not None:  # the schema gives every computer a level
            return _("{name} (computer, {level})").format(name=p.name, level=level_word(p.level))
        return p.name

    return versus([seat(p) for p in info.players]) if info.players else _("no players")


def summary(info: SaveInfo) -> tuple[str, bool]:
    """One line about a save and whether it is a problem: players (unless the title names them already),
    rules, turns and where the game stands, or the error; in the language in force."""
    if info.error is not None:
        return join_sentences([_("Cannot be opened."), problem_sentence(info)]), True
    n = info.turns_played
    turns = ngettext("{count} turn played", "{count} turns played", n).format(count=n)
    parts = [rules_title(info.rules), turns, state_of(info)]
    if not info.is_autosave:
        parts.insert(0, players_of(info))
    return "  ·  ".join(parts), False


def state_of(info: SaveInfo) -> str:
    """Where a game stands: its result, or who is to move and how much of the turn is played."""
    if info.result is not None:
        return result_text(info.result)
    if not info.to_move:
        return _("in progress")
    n = info.actions_in_progress
    if n:
        return ngettext("{name}'s turn in progress ({count} action made)",
                        "{name}'s turn in progress ({count} actions made)", n).format(name=info.to_move, count=n)
    return _("{name} to move").format(name=info.to_move)


def mark_of(info: SaveInfo) -> str:
    """The tag before an autosave's title: ``"UNFINISHED"``, ``"FINISHED"``, or none for a named save."""
    if not info.is_autosave or info.error is not None:
        return ""
    # Translators: tags in capitals before the autosave of a game that goes on, or of a finished one.
    return _("UNFINISHED") if info.unfinished else _("FINISHED")


def title_of(info: SaveInfo) -> str:
    """The save's title line: an autosave's players (its file name if it is broken), else the save's
    title (an imported game's) or file name."""
    if info.is_autosave:
        if info.error is None and info.players:
            return players_of(info)
        return info.name.capitalize()  # "Autosave-1a2b3c4d": the file tells the player which one it is
    if not info.title or info.title == info.name:
        return info.name
    return _("{title}  ({file})").format(title=save_title(info.title), file=info.name)


class SaveList:
    """A scrolling list of saves: click selects, a second click on the same row (or Enter) activates it."""

    def __init__(self, on_activate: OnRow | None = None, row_h: int = 60):
        self.entries: list[SaveInfo] = []
        self.on_activate = on_activate
        self.on_select: OnRow | None = None
        self.row_h = row_h
        self.rect = pygame.Rect(0, 0, 600, 400)
        self.selected: int | None = None
        self.top = 0
        self._last_click = (-1, -(10**9))

    @property
    def current(self) -> SaveInfo | None:
        """The selected SaveInfo, or None."""
        if self.selected is None or not 0 <= self.selected < len(self.entries):
            return None
        return self.entries[self.selected]

    @property
    def rows_visible(self) -> int:
        """How many rows fit in the list's rectangle."""
        return max(1, self.rect.h // self.row_h)

    def set_entries(self, entries: Sequence[SaveInfo], keep: Path | object = None) -> None:
        """New contents; keep the selection on the save at path ``keep`` if it is still there (anything
        but a path of the list keeps no selection)."""
        self.entries = list(entries)
        paths = [e.path for e in self.entries]
        self.selected = paths.index(keep) if keep in paths else (0 if self.entries else None)
        self.top = min(self.top, max(0, len(self.entries) - self.rows_visible))
        self._show_selected()

    def select(self, index: int) -> None:
        """Select a row (kept within the list) and scroll it into view."""
        if not self.entries:
            self.selected = None
            return
        self.selected = max(0, min(index, len(self.entries) - 1))
        self._show_selected()
        if self.on_select is not None:
            self.on_select(self.current)

    def _show_selected(self) -> None:
        if self.selected is None:
            return
        if self.selected < self.top:
            self.top = self.selected
        elif self.selected >= self.top + self.rows_visible:
            self.top = self.selected - self.rows_visible + 1

    def row_rect(self, index: int) -> pygame.Rect | None:
        """Where row ``index`` is drawn, or None when it is scrolled out of view."""
        k = index - self.top
        if not 0 <= k < self.rows_visible:
            return None
        return pygame.Rect(self.rect.x, self.rect.y + k * self.row_h, self.rect.w, self.row_h - 6)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Clicks on rows, the wheel, and Up/Down/PageUp/PageDown/Home/End keys."""
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.rect.collidepoint(event.pos):
            for i in range(self.top, min(len(self.entries), self.top + self.rows_visible)):
                r = self.row_rect(i)
                if r is not None and r.collidepoint(event.pos):
                    now = pygame.time.get_ticks()
                    again = self._last_click[0] == i and now - self._last_click[1] < DOUBLE_CLICK_MS
                    self._last_click = (i, now)
                    self.select(i)
                    if again and self.on_activate is not None:
                        self.on_activate(self.current)
                    return True
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and self.rect.collidepoint(event.pos):
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.top = max(0, min(len(self.entries) - self.rows_visible, self.top - event.y))
            return True
        if event.type == pygame.KEYDOWN and self.entries:
            here = -1 if self.selected is None else self.selected
            moves = {pygame.K_UP: here - 1, pygame.K_DOWN: here + 1, pygame.K_HOME: 0,
                     pygame.K_END: len(self.entries) - 1, pygame.K_PAGEUP: here - self.rows_visible,
                     pygame.K_PAGEDOWN: here + self.rows_visible}
            if event.key in moves:
                self.select(moves[event.key])
                return True
        return False

    @staticmethod
    def _draw_mark(surface: pygame.Surface, theme: T.Theme, mark: str, unfinished: bool, row: pygame.Rect,
                   x: int) -> int:
        """An autosave's tag at ``x`` (and a stripe down the row of an unfinished game); return where the
        title goes."""
        color = T.TEXT_GOOD if unfinished else T.TEXT_DIM
        if unfinished:
            pygame.draw.rect(surface, color, (row.x, row.y + 4, 4, row.h - 8), border_radius=2)
        label = theme.text(mark, 15, T.BG if unfinished else T.TEXT, True)
        pill = label.get_rect(topleft=(x, row.y + 9)).inflate(12, 4)
        pill.topleft = (x, row.y + 8)
        pygame.draw.rect(surface, color if unfinished else T.PANEL_EDGE, pill, border_radius=5)
        surface.blit(label, label.get_rect(center=pill.center))
        return pill.right + 10

    def draw(self, surface: pygame.Surface, theme: T.Theme) -> None:
        """The visible rows: title and date on top, the summary (or the error, in red) below."""
        mouse = pointer()
        for i in range(self.top, min(len(self.entries), self.top + self.rows_visible)):
            r = self.row_rect(i)
            if r is None:
                continue
            chosen = i == self.selected
            fill = (52, 64, 108) if chosen else (T.BUTTON_HOVER if r.collidepoint(mouse) else T.BUTTON)
            pygame.draw.rect(surface, fill, r, border_radius=7)
            if chosen:
                pygame.draw.rect(surface, T.ACCENT, r, 2, border_radius=7)
            try:
                self._draw_row(surface, theme, self.entries[i], r)
            except Exception:
                # Whatever a file holds, it costs its own row at most, never the screen: the row says so.
                note = theme.fit_text(_("This save cannot be shown here."), 19, r.w - 24, T.TEXT_BAD)
                surface.blit(note, (r.x + 12, r.y + 20))
        self._draw_scroll_bar(surface)

    def _draw_row(self, surface: pygame.Surface, theme: T.Theme, info: SaveInfo, r: pygame.Rect) -> None:
        """One save's row: title and date on top, the summary (or the error, in red) below."""
        date = theme.text(when(info), 18, T.TEXT_DIM)
        surface.blit(date, date.get_rect(topright=(r.right - 12, r.y + 8)))
        ink = T.TEXT_BAD if info.error else T.TEXT
        x = r.x + 12
        mark = mark_of(info)
        if mark:
            x = self._draw_mark(surface, theme, mark, info.unfinished, r, x)
        title = theme.fit_text(title_of(info), 23, r.right - date.get_width() - 28 - x, ink, True)
        surface.blit(title, (x, r.y + 6))
        text, bad = summary(info)
        surface.blit(theme.fit_text(text, 19, r.w - 24, T.TEXT_BAD if bad else T.TEXT_DIM), (r.x + 12, r.y + 32))

    def _draw_scroll_bar(self, surface: pygame.Surface) -> None:
        """A thin scroll bar beside a list longer than its rectangle: where the visible rows are."""
        if len(self.entries) > self.rows_visible:
            track = pygame.Rect(self.rect.right + 6, self.rect.y, 4, self.rect.h)
            pygame.draw.rect(surface, T.PANEL_EDGE, track, border_radius=2)
            n = len(self.entries)
            thumb_h = max(16, track.h * self.rows_visible // n)
            y = track.y + (track.h - thumb_h) * self.top // max(1, n - self.rows_visible)
            pygame.draw.rect(surface, T.ACCENT, (track.x, y, 4, thumb_h), border_radius=2)
