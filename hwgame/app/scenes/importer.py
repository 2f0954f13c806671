"""Importing a SuperDuperGames transcript: a path typed (or picked from a list), a new save, the replay.

pygame has no file dialog, so the path is typed or pasted, and the transcript-looking files (``*.raw``,
``*.txt``) of the data folder's ``exports`` (where Export writes), the current folder, the home folder
and Downloads, or of a folder typed in the field, are listed to pick from. The transcript is only read;
the import writes a new save and never replaces one.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from hwgame.app.control.text import error_text
from hwgame.app.kit.base import FormScene, clicked, replay_of
from hwgame.app.view import theme as T
from hwgame.app.view.canvas import pointer
from hwgame.app.view.widgets import Button, TextField, draw_paragraphs, notice_strip
from hwgame.i18n import _, ngettext

if TYPE_CHECKING:
    from hwgame.app.stage import AppLike

SUFFIXES = (".raw", ".txt")
MAX_FILES = 300


def candidate_files(folders: Iterable[Path]) -> list[Path]:
    """Transcript-looking files in ``folders`` (not their subfolders), each once, by folder then name."""
    out: list[Path] = []
    seen: set[Path] = set()
    for folder in folders:
        try:
            names = sorted(os.listdir(folder), key=str.lower)
        except OSError:
            continue  # a folder that is missing or closed to us simply lists nothing
        for name in names:
            path = Path(folder) / name
            if path.suffix.lower() in SUFFIXES and path.is_file() and path.resolve() not in seen:
                seen.add(path.resolve())
                out.append(path)
                if len(out) >= MAX_FILES:
                    return out
    return out


def default_folders() -> list[Path]:
    """Where transcripts are likely to be: first the data folder's ``exports`` (where Export writes, so a
    game just exported is offered at once), then the current folder, the home folder and its Downloads."""
    home = Path.home()
    out = [Path.cwd(), home, home / "Downloads"]
    try:
        from hwgame import persist

        out.insert(0, persist.exports_dir(persist.default_store()))
    except Exception:
        pass  # no data folder to read: the usual folders only
    return out


def clean_path(text: str) -> str:
    """A typed or pasted path without surrounding quotes or spaces, ``~`` expanded."""
    text = text.strip()
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"":
        text = text[1:-1].strip()
    return os.path.expanduser(text) if text else ""


class PathField(TextField):
    """A text field for a long path: shows its end when it is too long, and Ctrl+V pastes."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Ctrl+V pastes the clipboard's text (where the system offers one); the rest as a TextField."""
        if self.focused and event.type == pygame.KEYDOWN and event.key == pygame.K_v \
                and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            try:
                pasted = pygame.scrap.get_text() if pygame.scrap.get_init() else ""
            except Exception:
                pasted = ""  # no clipboard on this system: typing still works
            for ch in (pasted or "").replace("\r", "").split("\n")[0]:
                if len(self.text) < self.max_len and ch.isprintable():
                    self.text += ch
            return True
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface, theme: T.Theme) -> None:
        """The field with the end of the text in view (the file name matters more than the folders)."""
        pygame.draw.rect(surface, (16, 20, 36), self.rect, border_radius=6)
        pygame.draw.rect(surface, T.ACCENT if self.focused else T.PANEL_EDGE, self.rect, 2, border_radius=6)
        room = self.rect.w - 20
        font = theme.font(22)
        text = self.text
        cut = 0
        while font.size(("…" if cut else "") + text[cut:])[0] > room and cut < len(text):
            cut += max(1, (len(text) - cut) // 12)
        label = theme.text(("…" if cut else "") + text[cut:], 22, T.TEXT)
        surface.blit(label, (self.rect.x + 8, self.rect.centery - label.get_height() // 2))
        if self.focused and self.blink < 0.55:
            x = self.rect.x + 9 + label.get_width()
            pygame.draw.line(surface, T.TEXT, (x, self.rect.y + 7), (x, self.rect.bottom - 7), 2)


class ImportScene(FormScene):
    """Type or pick a transcript; Import makes a save of it and opens it in the replay viewer.

    Enter imports the path typed; a path refused (a folder, a file that is no transcript) is said under
    the field, which stays ready to be corrected."""

    def __init__(self, app: AppLike, folders: Iterable[Path] | None = None):
        super().__init__(app, PathField("", max_len=1000))
        self.folders = list(folders) if folders is not None else default_folders()
        self.files = candidate_files(self.folders)
        self.selected: int | None = None
        self.top = 0
        self.rows: list[tuple[pygame.Rect, int]] = []
        self.import_button = Button(lambda: _("Import"), self.do_import, size=24)
        self.back = Button(lambda: _("Back"), self.leave, size=24)
        self.buttons = [self.import_button, self.back]
        self._last_click = (-1, -(10**9))

    def browse(self, folder: Path) -> None:
        """List the transcripts of another folder."""
        self.folders = [folder]
        self.files = candidate_files(self.folders)
        self.selected, self.top = None, 0

    def do_import(self) -> bool:
        """Import the file in the field; on success open the new save in the replay viewer."""
        text = clean_path(self.field.text)
        if not text:
            self.problem = lambda: _("Type the path of a transcript file (.raw or .txt), or pick one from the list.")
            return False
        path = Path(text)
        if path.is_dir():
            self.browse(path)
            found = len(self.files)
            if found:
                self.problem = lambda: ngettext("That is a folder: {count} transcript file listed below.",
                                                "That is a folder: {count} transcript files listed below.",
                                                found).format(count=found)
            else:
                self.problem = lambda: _("That is a folder with no .raw or .txt files in it.")
            return False
        try:
            from hwgame import persist
            from hwgame.persist.sdg import import_transcript

            saved = import_transcript(path, persist.default_store())
        except Exception as exc:
            failed = exc
            self.problem = lambda: _("Not imported: {problem}").format(problem=error_text(failed))
            return False
        self.app.toast(lambda: _("Imported {file} as the save \u201c{name}\u201d.").format(file=path.name,
                                                                                        name=saved.stem))
        scene = replay_of(self.app, saved)
        if scene is None:
            self.app.scenes.pop(self)
        else:
            self.app.scenes.replace(scene)
        return True

    # --- events ---
    def heading(self) -> str:
        """The screen's title."""
        return _("Import an SDG transcript")

    def submit(self) -> bool:
        """Enter imports the path in the field."""
        return self.do_import()

    def handle_other(self, event: pygame.event.Event) -> bool:
        """A click on a file picks it (a second click imports it); the wheel scrolls the files."""
        i = clicked(event, self.rows)
        if i is not None:
            self._pick(i)
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.top = max(0, min(len(self.files) - 1, self.top - event.y))
            return True
        return False

    def _pick(self, i: int) -> None:
        now = pygame.time.get_ticks()
        again = self._last_click[0] == i and now - self._last_click[1] < 450
        self._last_click = (i, now)
        self.selected = i
        self.field.text = str(self.files[i])
        self.problem = ""
        if again:
            self.do_import()

    # --- drawing ---
    def toast_place(self, size: tuple[int, int]) -> pygame.Rect:
        """Messages go in the strip above the buttons, which the list of files leaves free."""
        w, h = size
        fw = min(self.form_width, w - 80)
        return notice_strip(w // 2 - fw // 2, fw, h - 70)

    def draw(self, surface: pygame.Surface) -> None:
        """Title, how-to, the path field, a problem if any, the files to pick from, the buttons."""
        th = self.app.theme
        w, h = surface.get_size()
        x, fw = self.draw_head(surface)
        how = _("A game record from SuperDuperGames (a .raw or .txt file). Type or paste its path (Ctrl+V), "
                "or pick a file below; Enter imports it as a new save and opens it in the replay viewer.")
        n = draw_paragraphs(surface, th, how, pygame.Rect(x, 78, fw, 50), 21, T.TEXT_DIM, 2)
        y = 78 + min(2, n) * 23 + 10
        self.draw_field(surface, pygame.Rect(x, y, fw, 42))
        y = self.draw_problem(surface, x, self.field.rect.bottom + 8, fw, 3) + 10
        where = ", ".join(str(f) for f in self.folders)
        if self.files:
            head = _("Transcripts in {folders}:").format(folders=where)
        else:
            head = _("No .raw or .txt files in {folders}.").format(folders=where)
        # The folders searched, in two lines where they need them (the data folder's exports comes first).
        lines, pitch = min(2, len(th.wrap(head, 20, fw))), th.font(20).get_linesize() + 2
        draw_paragraphs(surface, th, head, pygame.Rect(x, y, fw, pitch * lines), 20, T.TEXT_DIM, 2)
        y += 28 + pitch * (lines - 1)
        foot = self.toast_place((w, h)).y - 8  # the messages' strip, above the buttons, stays clear
        self._draw_files(surface, pygame.Rect(x, y, fw, foot - y))
        self.import_button.rect = pygame.Rect(w // 2 - 210, h - 70, 200, 46)
        self.back.rect = pygame.Rect(w // 2 + 10, h - 70, 200, 46)
        self.import_button.draw(surface, th)
        self.back.draw(surface, th)

    def _draw_files(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        th = self.app.theme
        self.rows = []
        row_h = 30
        room = max(0, rect.h // row_h)
        self.top = max(0, min(self.top, len(self.files) - room))
        mouse = pointer()
        for k, path in enumerate(self.files[self.top: self.top + room]):
            i = self.top + k
            r = pygame.Rect(rect.x, rect.y + k * row_h, rect.w, row_h - 4)
            chosen = i == self.selected
            fill = (52, 64, 108) if chosen else (T.BUTTON_HOVER if r.collidepoint(mouse) else T.BUTTON)
            pygame.draw.rect(surface, fill, r, border_radius=5)
            name = th.text(path.name, 20, T.TEXT, True)
            surface.blit(name, name.get_rect(midleft=(r.x + 10, r.centery + 1)))
            folder = th.fit_text(str(path.parent), 18, r.w - name.get_width() - 40, T.TEXT_DIM)
            surface.blit(folder, folder.get_rect(midleft=(r.x + name.get_width() + 24, r.centery + 1)))
            self.rows.append((r, i))
