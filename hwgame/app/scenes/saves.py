"""The Load screen: every save with its players, date, turns and result, or plainly why it cannot be opened.

The unfinished games (each keeps an autosave of its own) come first, marked as such, then the named saves
and the autosaves of finished games. A save is opened to play on, or replayed turn by turn; it can be
deleted after a confirmation, and an SDG transcript can be imported from here. The screen only reads the
files (a broken one is listed and never touched); the one change it makes is a delete the player confirmed.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from hwgame.app.control.text import Worded, error_text, join_sentences, notices_text
from hwgame.app.kit.base import ButtonScene, Control, replay_of
from hwgame.app.kit.dialogs import confirm
from hwgame.app.panels.save_list import SaveList, problem_sentence, summary, title_of, when
from hwgame.app.services.folders import can_show_folders, show_folder
from hwgame.app.view import theme as T
from hwgame.app.view.widgets import Button, draw_paragraphs, draw_screen_head, notice_strip
from hwgame.i18n import _

if TYPE_CHECKING:
    from hwgame.app.stage import AppLike
    from hwgame.persist import SaveInfo


def store_notices() -> list[str]:
    """What the saves folder has to tell the player (shown as a banner on the Load screen)."""
    try:
        from hwgame.persist import default_store

        return list(default_store().notices)
    except Exception:
        return []


def _cannot_open(info: SaveInfo) -> str:
    """Why the selected save cannot be opened, as the screen says it."""
    return join_sentences([_("This save cannot be opened."), problem_sentence(info)])


class LoadScene(ButtonScene):
    """The saves, newest first: Open to play on, Replay, Delete (after a confirmation), Export SDG (into
    the exports folder), Import SDG."""

    problem = Worded()  # the last problem (a delete that failed...), worded at each frame

    def __init__(self, app: AppLike):
        super().__init__(app)
        self.list = SaveList(on_activate=lambda info: self.open())
        self.list.on_select = lambda info: self._clear_problem()
        self.problem = ""
        self.open_button = Button(lambda: _("Open"), self.open, enabled=self._openable, size=24)
        self.replay_button = Button(lambda: _("Replay"), self.replay, enabled=self._openable, size=24)
        self.delete_button = Button(lambda: _("Delete"), self.delete, enabled=lambda: self.list.current is not None,
                                    size=24)
        self.export_button = Button(lambda: _("Export SDG"), self.export, enabled=self._openable, size=24)
        self.import_button = Button(lambda: _("Import SDG..."), self.import_transcript, size=24)
        self.back = Button(lambda: _("Back"), self.leave, size=24)
        self.buttons = [self.open_button, self.replay_button, self.delete_button, self.export_button,
                        self.import_button, self.back]
        # Shown only where the system has a file manager to open the exports folder in.
        self.folder_button: Button | None = None
        if can_show_folders():
            self.folder_button = Button(lambda: _("Open the exports folder"), self.show_exports, size=18,
                                        hint=lambda: _("Where Export SDG writes the transcripts"))
        self.refresh()

    def _openable(self) -> bool:
        info = self.list.current
        return info is not None and info.error is None

    def _readable(self) -> SaveInfo | None:
        """The selected save when it can be read; for one that cannot, None and the reason shown."""
        info = self.list.current
        if info is not None and info.error is not None:
            broken = info
            self.problem = lambda: _cannot_open(broken)
            return None
        return info

    def _clear_problem(self) -> None:
        self.problem = ""

    def refresh(self, keep: Path | object = None) -> None:
        """Read the list of saves again (after a delete, an import, or coming back to the screen)."""
        if keep is None and self.list.current is not None:
            keep = self.list.current.path
        try:
            from hwgame import persist

            entries = persist.list_saves()
        except Exception as exc:
            entries = []
            failed = exc
            self.problem = lambda: _("The saves cannot be listed: {problem}").format(problem=error_text(failed))
        self.list.set_entries(entries, keep)

    def resume(self) -> None:
        """Back on top (after a replay, an import or a dialog): the list may have changed."""
        self.refresh()

    # --- commands ---
    def open(self) -> None:
        """Play on from the selected save."""
        info = self._readable()
        if info is None:
            return
        if not self.app.load(info.path):
            self.refresh()

    def replay(self) -> None:
        """Step through the selected save in the replay viewer."""
        info = self._readable()
        if info is None:
            return
        scene = replay_of(self.app, info.path)
        if scene is None:
            self.refresh()
        else:
            self.app.scenes.push(scene)

    def delete(self) -> None:
        """Ask, then delete the selected save (and its backup copy)."""
        info = self.list.current
        if info is None:
            return
        bad = summary(info)[1]
        lines = [lambda: _("\u201c{title}\u201d, saved {when}.").format(title=title_of(info), when=when(info)),
                 lambda: summary(info)[0]]
        if bad:
            lines.append(lambda: _("The file cannot be opened; deleting removes it for good."))
        elif info.unfinished:
            lines.append(lambda: _("This game is not finished: deleting removes it and its autosave for good."))
        else:
            lines.append(lambda: _("Deleting removes the save and its backup for good."))
        confirm(self.app, lambda: _("Delete this save?"), lines, lambda: _("Delete"), lambda: self._delete(info),
                lambda: _("Keep it"))

    def _delete(self, info: SaveInfo) -> None:
        try:
            from hwgame import persist

            persist.delete_save(info.path)
        except Exception as exc:
            failed = exc
            self.problem = lambda: _("Not deleted: {problem}").format(problem=error_text(failed))
            return
        index = self.list.selected or 0
        self.refresh(keep=object())  # no path matches: the selection falls back, then moves below
        self.list.select(min(index, len(self.list.entries) - 1))
        self.app.toast(lambda: _("Deleted {name}.").format(name=info.name))

    def export(self) -> None:
        """Write the selected save as an SDG transcript into the exports folder, and say where."""
        info = self._readable()
        if info is None:
            return
        try:
            from hwgame import persist

            path = persist.export_save(info.path, persist.default_store())
        except Exception as exc:
            failed = exc
            self.problem = lambda: _("Not exported: {problem}").format(problem=error_text(failed))
            return
        self.app.toast(lambda: _("Exported as an SDG transcript to {path}").format(path=path), 8.0)

    def show_exports(self) -> None:
        """Show the exports folder (made if missing) in the system's file manager."""
        try:
            from hwgame import persist

            folder = persist.exports_dir(persist.default_store())
            show_folder(folder)
        except Exception as exc:
            failed = exc
            self.problem = lambda: _("The exports folder cannot be shown: {problem}").format(
                problem=error_text(failed))
            return
        self.app.toast(lambda: _("Opened {path}").format(path=folder), 4.0)

    def import_transcript(self) -> None:
        """The screen that turns an SDG transcript into a save."""
        self.app.open_scene("import")

    # --- events and drawing ---
    def controls(self) -> list[Control]:
        """The buttons, then the list."""
        extra = [self.folder_button] if self.folder_button is not None else []
        return [*self.buttons, *extra, self.list]

    def keys(self) -> dict[int, Callable[[], object]]:
        """Enter opens, Delete deletes, R replays, E exports, I imports, Escape goes back."""
        return {pygame.K_RETURN: self.open, pygame.K_KP_ENTER: self.open, pygame.K_DELETE: self.delete,
                pygame.K_r: self.replay, pygame.K_e: self.export, pygame.K_i: self.import_transcript,
                pygame.K_ESCAPE: self.leave}

    def toast_place(self, size: tuple[int, int]) -> pygame.Rect:
        """Messages ("Exported as ...") go in the strip above the buttons, which the list leaves free."""
        w, h = size
        fw = min(980, w - 80)
        return notice_strip(w // 2 - fw // 2, fw, h - 70)

    def draw(self, surface: pygame.Surface) -> None:
        """Title, notices, the list, the selected save's details and the buttons."""
        th = self.app.theme
        w, h = surface.get_size()
        x, fw = draw_screen_head(surface, th, _("Saved games"), 22)
        if self.folder_button is not None:
            # Beside the title, clear of it: a small button at the list's right edge.
            bw = min(250, (fw - th.font(48, True).size(_("Saved games"))[0]) // 2 - 12)
            self.folder_button.rect = pygame.Rect(x + fw - bw, 30, bw, 34)
            self.folder_button.draw(surface, th)
        y = 78
        notices = store_notices()
        if notices:
            text = notices_text(notices)
            lines = th.wrap(text, 19, fw - 24)[:3]
            box = pygame.Rect(x, y, fw, 12 + 20 * len(lines))
            pygame.draw.rect(surface, (46, 38, 24), box, border_radius=7)
            pygame.draw.rect(surface, T.TEXT_WARN, box, 1, border_radius=7)
            for i, line in enumerate(lines):
                surface.blit(th.text(line, 19, T.TEXT_WARN), (x + 12, y + 7 + 20 * i))
            y = box.bottom + 10
        detail_h = 64
        foot = self.toast_place((w, h)).y - 6  # the messages' strip, above the buttons, stays clear
        self.list.rect = pygame.Rect(x, y, fw, max(self.list.row_h, foot - 10 - detail_h - y))
        self.list._show_selected()
        if not self.list.entries:
            empty = _("No saved games yet. Every game is autosaved as it is played; Import SDG reads a "
                      "SuperDuperGames record.")
            draw_paragraphs(surface, th, empty, pygame.Rect(x + 20, y + 30, fw - 40, 80), 22, T.TEXT_DIM)
        self.list.draw(surface, th)
        # The details sit under the last row when the list is short, so they read as part of it.
        shown = min(len(self.list.entries), self.list.rows_visible)
        detail_y = min(foot - detail_h, self.list.rect.y + max(1, shown) * self.list.row_h + 8)
        self._draw_detail(surface, pygame.Rect(x, detail_y, fw, detail_h))
        n = len(self.buttons)
        bw = min(180, (fw - 12 * (n - 1)) // n)
        bx = w // 2 - (bw * n + 12 * (n - 1)) // 2
        for b in self.buttons:
            b.rect = pygame.Rect(bx, h - 70, bw, 46)
            b.draw(surface, th)
            bx += bw + 12

    def _draw_detail(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The selected save's whole line (a long error does not fit its row), or the last problem."""
        th = self.app.theme
        info = self.list.current
        if self.problem:
            draw_paragraphs(surface, th, self.problem, rect, 20, T.TEXT_BAD, 2)
        elif info is not None and info.error is not None:
            text = join_sentences([
                _("{file} cannot be opened.").format(file=info.path.name),
                problem_sentence(info),
                _("The game never changes this file: delete it here, or move it away."),
            ])
            draw_paragraphs(surface, th, text, rect, 20, T.TEXT_BAD, 2)
        elif info is not None:
            draw_paragraphs(surface, th, f"{info.path}", rect, 18, T.TEXT_DIM, 2)
