"""The Save screen: type a name, see the saves already there, and save the game under that name.

A name with characters a file name cannot hold is refused with the reason; a name taken by another game
asks before replacing it (the old version stays beside it as a backup); a name whose file cannot be
opened is refused, since a broken save is never written over.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from hwgame.app.control.text import Text, error_text
from hwgame.app.kit.base import Control, FormScene
from hwgame.app.kit.dialogs import confirm
from hwgame.app.panels.save_list import SaveList, summary
from hwgame.app.view import theme as T
from hwgame.app.view.widgets import Button, TextField, notice_strip
from hwgame.i18n import _, ngettext
from hwgame.words import rules_title

if TYPE_CHECKING:
    from hwgame.app.control.flow import PlayController
    from hwgame.app.stage import AppLike
    from hwgame.persist import SaveInfo, SavePlan
    from hwgame.rules import Game

SAFE_PUNCTUATION = " -_.()'"
MAX_NAME = 40


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot name a save, in words for the player (in the language in force), or None when
    it can."""
    if not name:
        return _("Type a name for the save.")
    bad = sorted({ch for ch in name if not (ch.isalnum() or ch in SAFE_PUNCTUATION)})
    if bad:
        shown = " ".join(bad)
        return _("A save name cannot hold {characters} : use letters, digits, spaces and - _ . ( ) '").format(
            characters=shown)
    if not any(ch.isalnum() for ch in name):
        return _("A save name needs at least one letter or digit.")
    if name.lower().startswith("autosave"):
        return _("Names starting with \u201cautosave\u201d are kept for the automatic save: choose another.")
    if name.strip(" .") != name:
        return _("A save name cannot start or end with a space or a dot.")
    return None


def default_name(app: AppLike, game: Game) -> str:
    """The name offered: the one this game was last saved or loaded under, else players and turn."""
    known = app.save_names.get(game)
    if known:
        return known[:MAX_NAME]
    # Translators: the name offered for a save; it becomes a file name (letters, digits, spaces).
    offered = _("{first} vs {second} turn {turn}").format(first=game.players[0], second=game.players[1],
                                                          turn=len(game.turns))
    if name_problem(offered[:MAX_NAME].strip(" .")) is not None:
        offered = f"{game.players[0]} vs {game.players[1]} turn {len(game.turns)}"  # a translation unfit for a file
    return offered[:MAX_NAME]


class SaveScene(FormScene):
    """Save a game of the play screen under a name (see module doc).

    Enter saves; a name refused (or a save that failed) is said under the field, and typing again
    clears it."""

    form_width = 860
    typing_clears_problem = True

    def __init__(self, app: AppLike, ctl: PlayController, on_saved: Callable[[Path], object] | None = None):
        super().__init__(app, TextField(default_name(app, ctl.game), max_len=MAX_NAME, label=lambda: _("Name")))
        self.ctl = ctl
        self.on_saved = on_saved
        self.list = SaveList(on_activate=lambda info: self.save())
        self.list.on_select = self._pick
        self.save_button = Button(lambda: _("Save"), self.save, size=24)
        self.cancel = Button(lambda: _("Cancel"), self.leave, size=24)
        self._refresh()

    def _refresh(self) -> None:
        try:
            from hwgame import persist

            entries = [e for e in persist.list_saves() if not e.is_autosave]
        except Exception:
            entries = []  # the list only helps to choose a name; saving says what is wrong, if anything
        self.list.set_entries(entries)
        self.list.selected = None  # nothing chosen until the player clicks: the typed name stands

    def _pick(self, info: SaveInfo | None) -> None:
        """A click on an existing save takes its name (saving then asks before replacing it)."""
        if info is not None:
            self.field.text = info.name[:MAX_NAME]
            self.problem = ""

    # --- saving ---
    def save(self) -> None:
        """Check the name, ask the store what a save there would replace, ask the player before replacing
        another game, then save."""
        name = self.field.text.strip()
        if name_problem(name):
            self.problem = lambda: name_problem(name) or ""
            return
        try:
            from hwgame import persist

            plan = persist.plan_save(self.ctl.game, name, self.app.players_of(self.ctl))
        except Exception as exc:
            failed = exc
            self.problem = lambda: _("Not saved: {problem}").format(problem=error_text(failed))
            return
        broken = plan.problem
        if broken is not None:
            self.problem = lambda: _(
                "\u201c{name}\u201d is already a save that cannot be opened ({problem}). It is never "
                "written over: choose another name, or delete it on the Load screen."
            ).format(name=name, problem=broken.detail)
            return
        if plan.holds_another_game:
            info = next((e for e in self.list.entries if e.path == plan.path), None)
            lines: list[Text] = [lambda: _("\u201c{name}\u201d holds another game.").format(name=name)]
            if info is not None:
                shown = info
                lines.append(lambda: summary(shown)[0])
            lines.append(lambda: _("Replace it with this game? Its last version stays beside it as a backup "
                                   "file."))
            confirm(self.app, lambda: _("Replace this save?"), lines, lambda: _("Replace"),
                    lambda: self._write(name, plan, overwrite=True), lambda: _("Cancel"))
            return
        self._write(name, plan)

    def _write(self, name: str, plan: SavePlan, *, overwrite: bool = False) -> None:
        """Save under ``name`` as ``plan`` found (the store looks again only if the file changed since)."""
        try:
            from hwgame import persist

            path = persist.save_game(self.ctl.game, name, self.app.players_of(self.ctl), overwrite=overwrite,
                                     plan=plan)
        except Exception as exc:
            failed = exc
            self.problem = lambda: _("Not saved: {problem}").format(problem=error_text(failed))
            return
        self.app.save_names[self.ctl.game] = path.stem
        self.app.scenes.pop(self)
        self.app.toast(lambda: _("Saved as \u201c{name}\u201d.").format(name=path.stem))
        if self.on_saved is not None:
            self.on_saved(path)

    # --- events and drawing ---
    def heading(self) -> str:
        """The screen's title."""
        return _("Save the game")

    def submit(self) -> None:
        """Enter saves (Escape cancels)."""
        self.save()

    def controls(self) -> list[Control]:
        """Save, Cancel, then the list of saves (the name field comes before them all)."""
        return [self.save_button, self.cancel, self.list]

    def toast_place(self, size: tuple[int, int]) -> pygame.Rect:
        """Messages go in the strip above the buttons, which the list of saves leaves free."""
        w, h = size
        fw = min(self.form_width, w - 80)
        return notice_strip(w // 2 - fw // 2, fw, h - 70)

    def draw(self, surface: pygame.Surface) -> None:
        """Title, the field, a problem if any, the saves already there, the buttons."""
        th = self.app.theme
        w, h = surface.get_size()
        x, fw = self.draw_head(surface)
        game = self.ctl.game
        turns = len(game.turns)
        about = ngettext("{first} vs {second}, {rules}, {count} turn played",
                         "{first} vs {second}, {rules}, {count} turns played", turns).format(
            first=game.players[0], second=game.players[1], rules=rules_title(game.rules.name), count=turns)
        shown = th.fit_text(about, 22, fw, T.TEXT_DIM)
        surface.blit(shown, shown.get_rect(midtop=(w // 2, 76)))
        self.draw_field(surface, pygame.Rect(x + 80, 112, fw - 80, 42))
        y = self.field.rect.bottom + 8
        if self.problem:
            y = self.draw_problem(surface, x, y, fw, 2)
        else:
            rule = _("Letters, digits, spaces and - _ . ( ) '  ·  Enter saves, Escape cancels")
            surface.blit(th.fit_text(rule, 19, fw - 80, T.TEXT_DIM), (x + 80, y))
            y += 23
        y += 14
        if self.list.entries:
            head = _("Saves already there (click one to use its name):")
            surface.blit(th.fit_text(head, 20, fw, T.TEXT_DIM), (x, y))
            y += 26
        foot = self.toast_place((w, h)).y - 8  # the messages' strip, above the buttons, stays clear
        self.list.rect = pygame.Rect(x, y, fw, max(self.list.row_h, foot - y))
        self.list.draw(surface, th)
        self.save_button.rect = pygame.Rect(w // 2 - 210, h - 70, 200, 46)
        self.cancel.rect = pygame.Rect(w // 2 + 10, h - 70, 200, 46)
        self.save_button.draw(surface, th)
        self.cancel.draw(surface, th)

