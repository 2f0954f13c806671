"""The board editor: compose a board piece by piece, see at once what keeps it from being played, play on.

The bank, the map and a side panel, as on the play screen. Every piece can be dragged (press, drag,
release; the places it may go lit): from the bank or the board onto a star of a system (a star there),
onto a player's ship or that player's side of a system (a ship of theirs), into open space (a new
system, named by the editor) or back to the bank. A click on a system or a piece offers the rest:
rename the system, make it a player's homeworld (or not), remove it, give a ship to the other player.
The panel chooses the rules and who moves, says in words everything wrong with the board (the systems
concerned are outlined in red on the map), and, once nothing is, continues: against the computer, two
players at this screen, or the analysis board. The board's one-line text is copied and pasted through
the system clipboard where there is one, and always through a text field ("Text...").

The model (``control.editor.BoardEditor``) holds the board and checks it; this screen only shows it and
turns gestures into its changes.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import pygame

from hwgame.app.control.editor import NEW_SYSTEM, TO_BANK, BoardEditor, Place, ShipPlace, StarPlace
from hwgame.app.control.targets import (
    BankPieceTarget,
    BankTarget,
    Highlights,
    MarkerTarget,
    ShipTarget,
    SpaceTarget,
    StarTarget,
    SystemTarget,
    Target,
    system_of,
)
from hwgame.app.control.text import Text
from hwgame.app.kit.base import ButtonScene, Control
from hwgame.app.kit.dialogs import ChoiceMenu
from hwgame.app.kit.line_form import LineForm
from hwgame.app.panels.editor_panel import EditorPanel
from hwgame.app.services.clipboard import copy_text, paste_text
from hwgame.app.view import theme as T
from hwgame.app.view.board import BoardOptions, BoardView, rim_for
from hwgame.app.view.input import Click, DragCancel, DragRefused, DragStart, DragTracker, Drop, Intent
from hwgame.app.view.layout import (
    BankLayout,
    BoardLayout,
    Box,
    PieceKind,
    ScreenLayout,
    bank_layout,
    board_layout,
    piece_box,
    screen_layout,
)
from hwgame.app.view.pieces import draw_piece
from hwgame.app.view.tooltip import draw_tip
from hwgame.app.view.widgets import draw_paragraphs, sync_window_size
from hwgame.i18n import _
from hwgame.rules import MAX_NAME, MAX_POSITION_TEXT, NO_HOME, Game, Position, name_character, opponent_of
from hwgame.words import refusal_text

if TYPE_CHECKING:
    from hwgame.app.stage import AppLike

BOTTOM = 1  # the second player's side at the foot of the map: North (player 0) on top, as the names say
EditorLayouts = tuple[ScreenLayout, BoardLayout, BankLayout]


def _shown_board(board: Position) -> tuple[Position, list[tuple[str, int]]]:
    """The board as the map lays it out, and the second homeworlds put among the other systems to get
    there (name, owner): the layout places one homeworld per player; ``_restore_homes`` marks them
    as homeworlds again once placed."""
    seen: set[int] = set()
    systems, demoted = [], []
    for s in board.systems:
        if s.home != NO_HOME and s.home in seen:
            demoted.append((s.name, s.home))
            s = s._replace(home=NO_HOME)
        seen.add(s.home)
        systems.append(s)
    return board._replace(systems=tuple(systems)), demoted


def _restore_homes(lay: BoardLayout, demoted: list[tuple[str, int]]) -> BoardLayout:
    left = list(demoted)
    for k, sp in enumerate(lay.systems):
        found = next((d for d in left if d[0] == sp.name and sp.home == NO_HOME), None)
        if found is not None:
            left.remove(found)
            lay.systems[k] = dataclasses.replace(sp, home=found[1])
    return lay


class EditorScene(ButtonScene):
    """The board editor (see module doc); ``position`` is the board to begin with (None: an empty board)."""

    def __init__(self, app: AppLike, position: Position | None = None):
        super().__init__(app)
        self.model = BoardEditor(position)
        self.view = BoardView(app.theme)
        self.tracker: DragTracker[Target] = DragTracker(self.hit, self.lift_refusal)
        self.highlights: Highlights | None = None
        self.panel = EditorPanel(self, {
            "versus": self.play_computer, "hotseat": self.play_hotseat, "analysis": self.analyse,
            "copy": self.copy, "paste": self.paste, "text": self.edit_text, "undo": self.undo,
            "clear": self.model.clear, "back": self.leave})
        self._layouts: tuple[tuple[object, ...], EditorLayouts] | None = None

    # --- geometry ---
    def display_position(self) -> Position:
        """The board on the screen (the board being composed: nothing is animated here)."""
        return self.model.board

    def layouts(self, size: tuple[int, int], position: Position | None = None) -> EditorLayouts:
        """(screen, map, bank) for the window size and the board now (kept while neither changes); as the
        play screen's, it takes the position shown, which here is always the board being composed."""
        board = self.model.board
        key = (size, board)
        if self._layouts is None or self._layouts[0] != key:
            screen = screen_layout(*size)
            shown, demoted = _shown_board(board)
            lay = _restore_homes(board_layout(shown, screen.board, BOTTOM), demoted)
            self._layouts = (key, (screen, lay, bank_layout(screen.bank)))
        return self._layouts[1]

    def hit(self, pos: tuple[int, int]) -> Target | None:
        """What is under a point of the window (None on the panel)."""
        screen, lay, bank = self.layouts(self.app.size)
        if screen.panel.contains(*pos):
            return None
        return bank.hit(*pos) or lay.hit(*pos)

    def place_at(self, target: Target | None, pos: tuple[int, int]) -> Place | None:
        """Where a piece let go over ``target`` at ``pos`` goes: a star, a player's ships (the side of the
        system it is dropped on), a new system, the bank; None outside the map and the bank."""
        if isinstance(target, StarTarget):
            return StarPlace(target.system)
        if isinstance(target, ShipTarget):
            return ShipPlace(target.system, target.owner)
        if isinstance(target, SpaceTarget):
            return NEW_SYSTEM
        if isinstance(target, (BankTarget, BankPieceTarget)):
            return TO_BANK
        if isinstance(target, (SystemTarget, MarkerTarget)):
            sp = self.layouts(self.app.size)[1].system(target.system)
            if sp is None:
                return None
            stars = [pp.box for pp in sp.pieces if pp.kind == "star"]
            top = min((b.y for b in stars), default=sp.label.bottom + (sp.box.bottom - sp.label.bottom) / 3)
            foot = max((b.bottom for b in stars), default=sp.box.bottom - (sp.box.bottom - sp.label.bottom) / 3)
            if pos[1] < top:
                return ShipPlace(sp.name, opponent_of(BOTTOM))
            if pos[1] > foot:
                return ShipPlace(sp.name, BOTTOM)
            return StarPlace(sp.name)
        return None

    def place_words(self, place: Place) -> str:
        """What a drop there makes, in a few words (the drag's caption)."""
        if isinstance(place, StarPlace):
            return _("A star of {system}").format(system=place.system)
        if isinstance(place, ShipPlace):
            return _("A ship of {player} at {system}").format(player=self.model.board.players[place.owner],
                                                              system=place.system)
        if place == NEW_SYSTEM:
            return _("A new system")
        return _("Back to the bank")

    # --- gestures ---
    def lift_refusal(self, target: Target) -> str | None:
        """Why the piece under the pointer cannot be lifted ("" for what is not a piece: no drag, no word)."""
        if isinstance(target, (BankPieceTarget, StarTarget, ShipTarget)):
            return self.model.lift_refusal(target)
        return ""

    def handle_other(self, event: pygame.event.Event) -> bool:
        """Pointer events go to the drag tracker."""
        intent = self.tracker.handle_event(event)
        if intent is not None:
            self.on_intent(intent)
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)

    def on_intent(self, intent: Intent[Target]) -> None:
        """A drag begun, refused, called off or ended; a click."""
        if isinstance(intent, DragStart) and isinstance(intent.source, (BankPieceTarget, StarTarget, ShipTarget)):
            self.highlights = self.model.highlights(intent.source)
        elif isinstance(intent, DragRefused):
            self.app.toast(intent.reason)
        elif isinstance(intent, DragCancel):
            self.highlights = None
        elif isinstance(intent, Drop):
            self.highlights = None
            place = self.place_at(intent.target, intent.pos)
            if place is not None and isinstance(intent.source, (BankPieceTarget, StarTarget, ShipTarget)):
                self.model.drop(intent.source, place)
        elif isinstance(intent, Click):
            self.open_system_menu(intent.target)

    def open_system_menu(self, target: Target) -> None:
        """A click on a system or one of its pieces: what can be done with them."""
        name = system_of(target)
        system = self.model.system(name) if name else None
        if system is None or name is None:
            return
        model, players = self.model, self.model.board.players
        choices: list[tuple[Text, Callable[[], object]]] = []
        if isinstance(target, ShipTarget):
            other = opponent_of(target.owner)
            choices.append((lambda: _("Give this ship to {player}").format(player=players[other]),
                            partial(model.give, name, target.owner, target.piece)))
        if isinstance(target, (ShipTarget, StarTarget)):
            choices.append((lambda: _("Put this piece back in the bank"), partial(model.drop, target, TO_BANK)))
        choices.append((lambda: _("Rename {system}...").format(system=name), partial(self.rename, name)))
        for player in (0, 1):
            if system.home != player:
                choices.append((partial(lambda p: _("Make it {player}'s homeworld").format(player=players[p]),
                                        player), partial(model.set_home, name, player)))
        if system.home != NO_HOME:
            choices.append((lambda: _("Not a homeworld"), partial(model.set_home, name, NO_HOME)))
        choices.append((lambda: _("Remove {system} (its pieces back to the bank)").format(system=name),
                        partial(model.remove_system, name)))
        self.app.scenes.push(ChoiceMenu(self.app, lambda: name, choices))

    def rename(self, name: str) -> None:
        """Ask for a new name of system ``name``."""

        def submit(new: str) -> Text | None:
            why = self.model.rename(name, new)
            return None if why is None else lambda: refusal_text(why)

        self.app.scenes.push(LineForm(self.app, lambda: _("Rename {system}").format(system=name), name, submit,
                                      max_len=MAX_NAME, allowed=name_character,
                                      note=lambda: _("Up to 40 letters, digits or signs, without spaces.")))

    # --- commands ---
    def undo(self) -> None:
        """Take back the last change."""
        self.model.undo()

    def copy(self) -> None:
        """The board's text to the clipboard; without one, in a field to copy it from."""
        if copy_text(self.model.text()):
            self.app.toast(lambda: _("The board's text is on the clipboard."))
        else:
            self.edit_text()

    def paste(self) -> None:
        """A position's text from the clipboard onto the board; without one, the field to paste it in."""
        text = paste_text(MAX_POSITION_TEXT + 1)
        if text is None:
            self.edit_text()
            return
        why = self.apply_text(text)
        if why is not None:
            self.app.toast(why, 8.0)

    def apply_text(self, text: str) -> Text | None:
        """Put the board written as ``text`` in place; the reason (the board kept) when it is not one."""
        refused = self.model.paste(text.strip())
        if refused is None:
            return None
        return lambda: _("Not pasted: {reason}").format(reason=refusal_text(refused))

    def edit_text(self) -> None:
        """The board's one-line text in a field: to copy, or to replace with another board's text."""
        self.app.scenes.push(LineForm(
            self.app, lambda: _("The board as text"), self.model.text(), self.apply_text, max_len=MAX_POSITION_TEXT,
            note=lambda: _("One line: rules, players, who moves, stage, then each system. Paste a position's "
                           "text here (Ctrl+V) and press OK to put it on the board.")))

    def _game(self, vs_computer: bool) -> Game | None:
        """A new game from the board (None, with the reason, when it cannot be played)."""
        try:
            position = self.model.playable_position()
        except Exception as exc:
            failed = exc
            self.app.toast(lambda: refusal_text(failed) if hasattr(failed, "refusal") else str(failed))
            return None
        return Game.from_position(position, auto_repetition_draw=vs_computer)

    def play_hotseat(self) -> None:
        """Two players at this screen, from the board."""
        from hwgame.persist import Player

        game = self._game(vs_computer=False)
        if game is not None:
            self.app.open_game(game, [Player(name=n) for n in game.players])

    def play_computer(self) -> None:
        """Against the computer: choose your side and its level, then play from the board."""
        if self.model.playable:
            self.app.scenes.push(VersusCard(self.app, self.model.board.players, self.start_versus))

    def start_versus(self, me: int, level: str) -> None:
        """The game against the computer, the player at seat ``me``, the computer at ``level``."""
        from hwgame.persist import Player

        game = self._game(vs_computer=True)
        if game is not None:
            players = [Player(name=n) if i == me else Player(name=n, kind="computer", level=level)
                       for i, n in enumerate(game.players)]
            self.app.open_game(game, players)

    def analyse(self) -> None:
        """The analysis board on the board composed here."""
        try:
            self.app.scene_class("analysis")
        except Exception:  # the analysis board is another part of the game; without it, say so
            self.app.toast(lambda: _("The analysis board is not part of this version."))
            return
        game = self._game(vs_computer=True)  # a bare position's game, as Game.from_position makes it
        if game is not None:
            self.app.open_scene("analysis", game)

    def keys(self) -> dict[int, Callable[[], object]]:
        """Escape calls a drag off, else leaves; Ctrl+Z takes back, Ctrl+C copies, Ctrl+V pastes."""
        return {pygame.K_ESCAPE: self.escape}

    def escape(self) -> None:
        """Call off a drag, or leave the editor."""
        cancel = self.tracker.cancel() if self.tracker.dragging else None
        if cancel is not None:
            self.on_intent(cancel)
        else:
            self.leave()

    def handle_keys(self, event: pygame.event.Event) -> bool:
        """The shortcuts with Ctrl (Cmd), then the plain keys."""
        if event.type == pygame.KEYDOWN and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            action = {pygame.K_z: self.undo, pygame.K_c: self.copy, pygame.K_v: self.paste}.get(event.key)
            if action is not None:
                action()
                return True
        return super().handle_keys(event)

    def controls(self) -> list[Control]:
        """The panel's switches and buttons."""
        return list(self.panel.controls())

    def resume(self) -> None:
        """Back on top: forget a half-made gesture."""
        self.tracker.reset()
        self.highlights = None

    # --- time and drawing ---
    def update(self, dt: float) -> None:
        """The window's size and the panel's layout (so that drawing only reads them)."""
        size = sync_window_size(self.app)
        self.panel.place(pygame.Rect(self.layouts(size)[0].panel.as_ints()))

    def toast_place(self, size: tuple[int, int]) -> pygame.Rect:
        """Messages go at the foot of the map."""
        board = screen_layout(*size).board
        return pygame.Rect(round(board.x + 16), round(board.bottom - 96), round(board.w - 32), 84)

    def draw(self, surface: pygame.Surface) -> None:
        """Bank, map (the systems with a problem outlined in red), the piece held, the panel."""
        th = self.app.theme
        screen, lay, bank = self.layouts(self.app.size)
        dragging = self.tracker.dragging
        source = self.tracker.source if dragging else None
        hidden: tuple = ()
        if isinstance(source, ShipTarget):
            hidden = (source.system, source.owner, source.piece, source.index)
        opts = BoardOptions(self.highlights if dragging else None, hidden)
        legend = _("Drag a piece onto a star, onto a player's side of a system, or into open space for a new "
                   "system; back here to take it off. Click a system to name it or make it a homeworld.")
        self.view.draw_still(surface, self.model.board, lay, bank, opts)
        self.view.draw_bank(surface, bank, self.model.board.bank, opts, legend)
        for sp in lay.systems:
            if any(p.system == sp.name for p in self.model.problems):
                pygame.draw.rect(surface, T.DANGER, pygame.Rect(sp.box.as_ints()).inflate(8, 8), 2, border_radius=9)
        if not self.model.board.systems:
            area = pygame.Rect(screen.board.as_ints()).inflate(-80, 0)
            area.h = 120
            area.centery = round(screen.board.y + screen.board.h / 2)
            draw_paragraphs(surface, th, _("An empty board. Drag pieces from the bank into open space: each one "
                                           "begins a new system."), area, 22, T.TEXT_DIM)
        if dragging and source is not None:
            self._draw_held(surface, lay, source)
        self.panel.draw(surface)

    def _draw_held(self, surface: pygame.Surface, lay: BoardLayout, source: Target) -> None:
        """The piece under the pointer, and what letting it go there makes."""
        if not isinstance(source, (BankPieceTarget, StarTarget, ShipTarget)):
            return
        pos = self.tracker.pos
        place = self.place_at(self.hit(pos), pos)
        # Held over a player's side, the piece shows as the ship it would be there; elsewhere as a star.
        kind: PieceKind = "ship" if isinstance(place, ShipPlace) else "star"
        owner = place.owner if isinstance(place, ShipPlace) else BOTTOM
        w, h = piece_box(source.piece, lay.unit, kind, lone=True)
        direction = (-1 if owner == BOTTOM else 1) if kind == "ship" else 0
        draw_piece(surface, self.app.theme, kind, source.piece, Box(pos[0] - w / 2, pos[1] - h / 2, w, h), direction,
                   rim_for(owner, BOTTOM), glow=False)
        if place is not None:
            bounds = Box(0, 0, self.layouts(self.app.size)[0].panel.x, self.app.size[1])
            draw_tip(surface, self.app.theme, self.place_words(place), (pos[0] + 18, pos[1] + 18), bounds=bounds)


class VersusCard(ButtonScene):
    """Playing the edited board against the computer: your side and the computer's level."""

    opaque = False

    def __init__(self, app: AppLike, players: tuple[str, str], on_start: Callable[[int, str], object]):
        super().__init__(app)
        from hwgame.app.services.opponent import LEVEL_NAMES
        from hwgame.app.view.widgets import Button, Choice
        from hwgame.words import level_label

        self.on_start = on_start
        self.side = Choice(lambda: _("You play"), [(partial(str, players[0]), 0), (partial(str, players[1]), 1)])
        self.side.set_value(BOTTOM)  # the side at the foot of the map, as the editor shows it
        self.level = Choice(lambda: _("Computer level"), [(partial(level_label, n), n) for n in LEVEL_NAMES])
        self.level.set_value(app.default_level)
        self.start = Button(lambda: _("Start"), self._start, size=24)
        self.cancel = Button(lambda: _("Cancel"), self.leave, size=24)
        self.card = pygame.Rect(0, 0, 10, 10)

    def _start(self) -> None:
        self.app.scenes.pop(self)
        self.on_start(self.side.value, self.level.value)

    def controls(self) -> list[Control]:
        """The two choices, Start and Cancel."""
        return [self.side, self.level, self.start, self.cancel]

    def keys(self) -> dict[int, Callable[[], object]]:
        """Enter starts, Escape cancels."""
        return {pygame.K_RETURN: self._start, pygame.K_KP_ENTER: self._start, pygame.K_ESCAPE: self.leave}

    def toast_cover(self, size: tuple[int, int]) -> pygame.Rect:
        """The card."""
        return self.card

    def draw(self, surface: pygame.Surface) -> None:
        """Dim the editor, then the card."""
        from hwgame.app.view.widgets import dim, panel

        th = self.app.theme
        w, h = surface.get_size()
        dim(surface, 140)
        cw = min(620, w - 40)
        self.card = pygame.Rect((w - cw) // 2, (h - 280) // 2, cw, 280)
        panel(surface, self.card, theme=th)
        title = th.fit_text(_("Play against the computer"), 30, cw - 40, T.TEXT, True)
        surface.blit(title, title.get_rect(midtop=(self.card.centerx, self.card.y + 16)))
        self.side.rect = pygame.Rect(self.card.x + 24, self.card.y + 76, cw - 48, 40)
        self.level.rect = pygame.Rect(self.card.x + 24, self.card.y + 130, cw - 48, 40)
        self.side.draw(surface, th)
        self.level.draw(surface, th)
        bw = min(200, (cw - 72) // 2)
        self.start.rect = pygame.Rect(self.card.centerx - bw - 8, self.card.bottom - 62, bw, 44)
        self.cancel.rect = pygame.Rect(self.card.centerx + 8, self.card.bottom - 62, bw, 44)
        self.start.draw(surface, th)
        self.cancel.draw(surface, th)
