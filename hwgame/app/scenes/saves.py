"""The Load screen: every save with its players, date, turns and result, or plainly why it cannot be opened.

The unfinished games (each keeps an autosave of its own) come first, marked as such, then the named saves
and the autosaves of finished games. A save is opened to play on, or replayed turn by turn; it can be
deleted after a confirmation, and an SDG transcript can be imported from here. The screen only reads the
files (a broken one is listed and never touched); the one change it makes is a delete the player confirmed.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..opponent import level_name
from ..view import theme as T
from ..view.widgets import Button, draw_paragraphs
from .base import Scene
from .dialogs import confirm

DOUBLE_CLICK_MS = 450


def when(info) -> str:
    """The save's last change in local time, for the list (``"14 Mar 2025, 18:02"``)."""
    from datetime import datetime

    stamp = info.updated or info.created
    try:
        moment = stamp.astimezone() if stamp is not None else datetime.fromtimestamp(info.modified)
    except (OverflowError, OSError, ValueError):
        return ""
    return moment.strftime("%d %b %Y, %H:%M")


def problem_sentence(error: str) -> str:
    """A broken save's problem as a sentence (the list drops the file name the message started with)."""
    verbs = ("is ", "was ", "uses ", "cannot ", "has ", "holds ")
    text = f"the file {error}" if error.startswith(verbs) else error
    return (text[:1].upper() + text[1:]).rstrip(". ")


def players_of(info) -> str:
    """The players of a save, the computer's level beside its name: ``"Ann vs Hal (computer, easy)"``."""

    def seat(p) -> str:
        return f"{p.name} (computer, {level_name(p.level)})" if p.kind == "computer" else p.name

    return " vs ".join(seat(p) for p in info.players) or "no players"


def summary(info) -> tuple[str, bool]:
    """One line about a save and whether it is a problem: players (unless the title names them already),
    rules, turns and where the game stands, or the error."""
    if info.error is not None:
        return f"Cannot be opened. {problem_sentence(info.error)}.", True
    turns = f"{info.turns_played} turn{'s' * (info.turns_played != 1)} played"
    parts = [f"{info.rules} rules", turns, state_of(info)]
    if not info.is_autosave:
        parts.insert(0, players_of(info))
    return "  ·  ".join(parts), False


def state_of(info) -> str:
    """Where a game stands: its result, or who is to move and how much of the turn is played."""
    if info.result is not None:
        return info.result.reason
    if not info.to_move:
        return "in progress"
    n = info.actions_in_progress
    if n:
        return f"{info.to_move}'s turn in progress ({n} action{'s' * (n != 1)} made)"
    return f"{info.to_move} to move"


def mark_of(info) -> str:
    """The tag before an autosave's title: ``"UNFINISHED"``, ``"FINISHED"``, or none for a named save."""
    if not info.is_autosave or info.error is not None:
        return ""
    return "UNFINISHED" if info.unfinished else "FINISHED"


def title_of(info) -> str:
    """The save's title line: an autosave's players (its file name if it is broken), else the save's
    title (an imported game's) or file name."""
    if info.is_autosave:
        if info.error is None and info.players:
            return players_of(info)
        return info.name.capitalize()  # "Autosave-1a2b3c4d": the file tells the player which one it is
    return info.name if not info.title or info.title == info.name else f"{info.title}  ({info.name})"


class SaveList:
    """A scrolling list of saves: click selects, a second click on the same row (or Enter) activates it."""

    def __init__(self, on_activate: Callable | None = None, row_h: int = 60):
        self.entries: list = []
        self.on_activate = on_activate
        self.on_select: Callable | None = None
        self.row_h = row_h
        self.rect = pygame.Rect(0, 0, 600, 400)
        self.selected: int | None = None
        self.top = 0
        self._last_click = (-1, -(10**9))

    @property
    def current(self):
        """The selected SaveInfo, or None."""
        if self.selected is None or not 0 <= self.selected < len(self.entries):
            return None
        return self.entries[self.selected]

    @property
    def rows_visible(self) -> int:
        """How many rows fit in the list's rectangle."""
        return max(1, self.rect.h // self.row_h)

    def set_entries(self, entries: list, keep=None) -> None:
        """New contents; keep the selection on the save at path ``keep`` if it is still there."""
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

    def handle_event(self, event) -> bool:
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
    def _draw_mark(surface, theme: T.Theme, mark: str, unfinished: bool, row: pygame.Rect, x: int) -> int:
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
        mouse = pygame.mouse.get_pos()
        for i in range(self.top, min(len(self.entries), self.top + self.rows_visible)):
            info = self.entries[i]
            r = self.row_rect(i)
            if r is None:
                continue
            chosen = i == self.selected
            fill = (52, 64, 108) if chosen else (T.BUTTON_HOVER if r.collidepoint(mouse) else T.BUTTON)
            pygame.draw.rect(surface, fill, r, border_radius=7)
            if chosen:
                pygame.draw.rect(surface, T.ACCENT, r, 2, border_radius=7)
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
        if len(self.entries) > self.rows_visible:
            # A thin scroll bar: where the visible rows are in the whole list.
            track = pygame.Rect(self.rect.right + 6, self.rect.y, 4, self.rect.h)
            pygame.draw.rect(surface, T.PANEL_EDGE, track, border_radius=2)
            n = len(self.entries)
            thumb_h = max(16, track.h * self.rows_visible // n)
            y = track.y + (track.h - thumb_h) * self.top // max(1, n - self.rows_visible)
            pygame.draw.rect(surface, T.ACCENT, (track.x, y, 4, thumb_h), border_radius=2)


def store_notices() -> list[str]:
    """What the saves folder has to tell the player (shown as a banner on the Load screen)."""
    try:
        from hwgame.persist import default_store

        return list(default_store().notices)
    except Exception:
        return []


class LoadScene(Scene):
    """The saves, newest first: Open to play on, Replay, Delete (after a confirmation), Import SDG."""

    def __init__(self, app):
        super().__init__(app)
        self.list = SaveList(on_activate=lambda info: self.open())
        self.list.on_select = lambda info: self._clear_problem()
        self.problem = ""
        self.open_button = Button("Open", self.open, enabled=self._openable, size=24)
        self.replay_button = Button("Replay", self.replay, enabled=self._openable, size=24)
        self.delete_button = Button("Delete", self.delete, enabled=lambda: self.list.current is not None, size=24)
        self.import_button = Button("Import SDG...", self.import_transcript, size=24)
        self.back = Button("Back", lambda: self.app.scenes.pop(self), size=24)
        self.buttons = [self.open_button, self.replay_button, self.delete_button, self.import_button, self.back]
        self.refresh()

    def _openable(self) -> bool:
        info = self.list.current
        return info is not None and info.error is None

    def _clear_problem(self) -> None:
        self.problem = ""

    def refresh(self, keep=None) -> None:
        """Read the list of saves again (after a delete, an import, or coming back to the screen)."""
        if keep is None and self.list.current is not None:
            keep = self.list.current.path
        try:
            from hwgame import persist

            entries = persist.list_saves()
        except Exception as exc:
            entries = []
            self.problem = f"The saves cannot be listed: {getattr(exc, 'message', exc)}"
        self.list.set_entries(entries, keep)

    def resume(self) -> None:
        """Back on top (after a replay, an import or a dialog): the list may have changed."""
        self.refresh()

    # --- commands ---
    def open(self) -> None:
        """Play on from the selected save."""
        info = self.list.current
        if info is None:
            return
        if info.error is not None:
            self.problem = f"This save cannot be opened. {problem_sentence(info.error)}."
            return
        if not self.app.load(info.path):
            self.refresh()

    def replay(self) -> None:
        """Step through the selected save in the replay viewer."""
        from .replay import ReplayScene

        info = self.list.current
        if info is None:
            return
        if info.error is not None:
            self.problem = f"This save cannot be opened. {problem_sentence(info.error)}."
            return
        scene = ReplayScene.from_file(self.app, info.path)
        if scene is None:
            self.refresh()
        else:
            self.app.scenes.push(scene)

    def delete(self) -> None:
        """Ask, then delete the selected save (and its backup copy)."""
        info = self.list.current
        if info is None:
            return
        text, bad = summary(info)
        lines = [f"\u201c{title_of(info)}\u201d, saved {when(info)}.", text]
        if bad:
            lines.append("The file cannot be opened; deleting removes it for good.")
        elif info.unfinished:
            lines.append("This game is not finished: deleting removes it and its autosave for good.")
        else:
            lines.append("Deleting removes the save and its backup for good.")
        confirm(self.app, "Delete this save?", lines, "Delete", lambda: self._delete(info), "Keep it")

    def _delete(self, info) -> None:
        try:
            from hwgame import persist

            persist.delete_save(info.path)
        except Exception as exc:
            self.problem = f"Not deleted: {getattr(exc, 'message', exc)}"
            return
        index = self.list.selected or 0
        self.refresh(keep=object())  # no path matches: the selection falls back, then moves below
        self.list.select(min(index, len(self.list.entries) - 1))
        self.app.toast(f"Deleted {info.name}.")

    def import_transcript(self) -> None:
        """The screen that turns an SDG transcript into a save."""
        from .importer import ImportScene

        self.app.scenes.push(ImportScene(self.app))

    # --- events and drawing ---
    def handle_event(self, event) -> bool:
        """Buttons, the list, and keys: Enter opens, Delete deletes, R replays, I imports, Escape goes back."""
        for b in self.buttons:
            if b.handle_event(event):
                return True
        if self.list.handle_event(event):
            return True
        if event.type == pygame.KEYDOWN:
            actions = {pygame.K_RETURN: self.open, pygame.K_KP_ENTER: self.open, pygame.K_DELETE: self.delete,
                       pygame.K_r: self.replay, pygame.K_i: self.import_transcript,
                       pygame.K_ESCAPE: lambda: self.app.scenes.pop(self)}
            if event.key in actions:
                actions[event.key]()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        """Title, notices, the list, the selected save's details and the buttons."""
        th = self.app.theme
        w, h = surface.get_size()
        surface.fill(T.BG)
        T.draw_text(surface, th, "Saved games", (w // 2, 22), 48, T.TEXT, True, "midtop")
        fw = min(980, w - 80)
        x = w // 2 - fw // 2
        y = 78
        notices = store_notices()
        if notices:
            text = "  ".join(notices)
            lines = th.wrap(text, 19, fw - 24)[:3]
            box = pygame.Rect(x, y, fw, 12 + 20 * len(lines))
            pygame.draw.rect(surface, (46, 38, 24), box, border_radius=7)
            pygame.draw.rect(surface, T.TEXT_WARN, box, 1, border_radius=7)
            for i, line in enumerate(lines):
                surface.blit(th.text(line, 19, T.TEXT_WARN), (x + 12, y + 7 + 20 * i))
            y = box.bottom + 10
        detail_h = 64
        self.list.rect = pygame.Rect(x, y, fw, max(self.list.row_h, h - 96 - detail_h - y))
        self.list._show_selected()
        if not self.list.entries:
            T.draw_text(surface, th, "No saved games yet. Every game is autosaved as it is played; Import SDG reads "
                        "a SuperDuperGames record.", (w // 2, y + 30), 22, T.TEXT_DIM, anchor="midtop")
        self.list.draw(surface, th)
        # The details sit under the last row when the list is short, so they read as part of it.
        shown = min(len(self.list.entries), self.list.rows_visible)
        detail_y = min(h - 86 - detail_h, self.list.rect.y + max(1, shown) * self.list.row_h + 8)
        self._draw_detail(surface, pygame.Rect(x, detail_y, fw, detail_h))
        n = len(self.buttons)
        bw = min(180, (fw - 12 * (n - 1)) // n)
        bx = w // 2 - (bw * n + 12 * (n - 1)) // 2
        for b in self.buttons:
            b.rect = pygame.Rect(bx, h - 70, bw, 46)
            b.draw(surface, th)
            bx += bw + 12

    def _draw_detail(self, surface, rect: pygame.Rect) -> None:
        """The selected save's whole line (a long error does not fit its row), or the last problem."""
        th = self.app.theme
        info = self.list.current
        if self.problem:
            draw_paragraphs(surface, th, self.problem, rect, 20, T.TEXT_BAD, 2)
        elif info is not None and info.error is not None:
            text = (f"{info.path.name} cannot be opened. {problem_sentence(info.error)}. The game never changes "
                    "this file: delete it here, or move it away.")
            draw_paragraphs(surface, th, text, rect, 20, T.TEXT_BAD, 2)
        elif info is not None:
            draw_paragraphs(surface, th, f"{info.path}", rect, 18, T.TEXT_DIM, 2)
