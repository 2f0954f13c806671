"""The play screen: the board, the bank and the side panel; drags and clicks become actions.

Pointer events go to the drag tracker, whose intents the controller turns into rule actions; the
screen only shows what the controller says: legal targets while dragging, a caption of what the drop
will do, the engine's reason when a drop is refused, and an animation of every change.

A strip across the top of the board tells what just happened in words: the computer's turn, clause by
clause as each action is animated, then the whole turn until the player acts; then the player's own
turn so far. The first click or key during the computer's animation skips to its end.

A tutorial lesson or puzzle is this screen with the tutorial's card on top (``hwgame.app.kit.card``): the
overlay draws its card and marks, and the events it does not use come down the scene stack to here.
What this screen asks of it is the ``Card`` interface below, given as ``card=``; with a card, the
board keeps the card's room at its top in place of the narration strip, Escape and the Menu button
open the card's menu, the Hint button asks the card, and the card (not a game-over card) tells how
a game ended.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Protocol

import pygame

from hwgame.app.control.controller import Effect, Highlights
from hwgame.app.control.events import AIFailed, Committed
from hwgame.app.control.narration import TurnTeller
from hwgame.app.control.targets import (
    BANK,
    SPACE,
    BankPieceTarget,
    MarkerTarget,
    ShipTarget,
    StarTarget,
    SystemTarget,
    Target,
    system_of,
)
from hwgame.app.control.text import Text, Worded, join_sentences, worded_source
from hwgame.app.kit.dialogs import ChoiceMenu, Dialog, StarChooser, confirm
from hwgame.app.kit.teaching import TeachingOffer
from hwgame.app.panels.clocks import COVERED, clock_event, follow_clock
from hwgame.app.panels.play_board import FLASH_FADE, BoardPainter, BoardPicture, flash_rect
from hwgame.app.panels.show_me import Demo, DemoPainter
from hwgame.app.panels.side import SidePanel, voice_of
from hwgame.app.stage import Scene
from hwgame.app.view.anim import BASE_DURATION, Grab, Transition
from hwgame.app.view.board import BoardView
from hwgame.app.view.input import Click, DragCancel, DragRefused, DragStart, DragTracker, Drop, Intent
from hwgame.app.view.layout import (
    BoardLayout,
    Box,
    Layouts,
    PiecePlace,
    bank_layout,
    board_layout,
    notice_corner,
    screen_layout,
)
from hwgame.app.view.widgets import sync_window_size
from hwgame.i18n import _, current_language, pgettext
from hwgame.rules import Action, Catastrophe, Discover, IllegalActionError, Position, Sacrifice, turn_steps
from hwgame.words import describe_action, piece_name, refusal_text

if TYPE_CHECKING:

    from hwgame.app.control.flow import PlayController
    from hwgame.app.stage import AppLike


NARRATION_LINES = 2  # the strip's height in lines: a longer sentence is told in a smaller font
WIDE_BOARD = 1000  # a board at least this wide tells in a larger font
# The app's sound for each kind of action, played as its animation starts (a pass makes none).
ACTION_SOUNDS = {"Build": "build", "Move": "move", "Capture": "capture", "Catastrophe": "catastrophe",
                 "Sacrifice": "sacrifice", "Trade": "trade", "Discover": "discover"}


def _discover_label(action: Discover) -> str:
    """The click path's choice of discovering with a ship (the star is chosen next)."""
    return _("Discover a new system with {piece} from {system}...").format(
        piece=piece_name(action.ship), system=action.origin)


class Card(Protocol):
    """What the play screen asks of the tutorial's card over it."""

    def card_height(self, size: tuple[int, int]) -> int:
        """Pixels at the top of the board kept for the card, in a window of ``size``."""
        ...

    def open_menu(self) -> None:
        """Escape, or the panel's Menu button: the card's own menu in place of the game menu."""
        ...

    def hint(self) -> None:
        """The panel's Hint button: the card gives (and shows) the hint."""
        ...


class PlayScene(Scene):
    """A game being played (see module doc); ``card`` is the tutorial's card over it, if any."""

    flash_text = Worded()  # the message on the board, worded at each frame

    def __init__(self, app: AppLike, ctl: PlayController, card: Card | None = None):
        super().__init__(app)
        self.ctl = ctl
        self.card = card
        self.view = BoardView(app.theme)
        self.tracker: DragTracker[Target] = DragTracker(self.hit, self.ctl.drag_refusal)
        self.panel = SidePanel(self, {"end": self.request_end_turn, "restart": self.restart_turn,
                                      "undo": self.undo, "hint": self.hint, "menu": self.open_menu,
                                      "show": self.show_hint})
        self.demo: Demo | None = None  # the hint played with ghost pieces (``show_hint``)
        self.offer = TeachingOffer(self)  # a teaching game's choice after a turn that gives much away
        self.painter = DemoPainter(app.theme)
        self.current: Transition | None = None
        self.current_effect: Effect | None = None  # the controller's Effect that ``current`` animates
        self.hold = 0.0  # pause after an action of the computer, so each one can be seen
        # The computer's turn as far as it has been animated: (player, actions, position after them).
        self.teller = TurnTeller()  # the computer's turn as far as it has been animated
        self.board_painter = BoardPainter()
        self.flash_text = ""
        self._flash_language = current_language()
        self.flash_time = 0.0
        self._flash_board: tuple = ()
        self._flash_lasts: Callable[[], bool] | None = None
        self.selected: Target | None = None
        self.highlights: Highlights | None = None
        self._grab: Grab | None = None  # (piece, box) where a dragged piece was dropped, for its animation
        self.snap: list | None = None  # [piece, kind, direction, owner, from box, to box, elapsed]
        self._layouts: dict[tuple[object, ...], Layouts] = {}
        # The map's unit on the screen, per window size: kept while positions fit at it (set in update).
        self._units: dict[tuple, float] = {}
        self.over_shown = False
        self.end_sounded = ctl.is_over()  # a game opened already over makes no sound
        self.failure_shown = False
        self.sync_warnings()
        self._tell_handicap()
        ctl.start_computer()

    def sync_warnings(self) -> None:
        """The controller warns of threats and losing turns as the settings say, never under a card (a
        lesson or a puzzle teaches the player to see them)."""
        self.ctl.warnings_on = self.card is None and bool(getattr(self.app.settings, "warnings", True))

    def _tell_handicap(self) -> None:
        """At the first board of a game with a handicap, say what it changed (or put in its place when
        the bank lacked the piece), for a while even if the computer moves at once."""
        game = self.ctl.game
        effect = game.handicap_effect
        if effect is not None and game.position is effect.position:
            self.flash(lambda: refusal_text(effect.note), 9.0, lasts=lambda: game.handicap_effect is effect)

    # --- geometry ---
    @property
    def narrates(self) -> bool:
        """True when this screen's board keeps the narration strip clear. Under a card, which
        takes the top of the board, things are said on the card."""
        return self.card is None

    @staticmethod
    def narration_size(board: Box) -> int:
        """The narration's font size on a board of this width."""
        return 22 if board.w >= WIDE_BOARD else 20

    def narration_box(self, board: Box) -> Box:
        """The strip at the top of the board area for the narration (the same height whatever it
        says, so the map does not jump when a longer sentence comes)."""
        h = NARRATION_LINES * self.app.theme.font(self.narration_size(board)).get_linesize() + 12
        return Box(board.x + 12, board.y + 8, board.w - 24, h)

    def layouts(self, size: tuple[int, int], position: Position) -> Layouts:
        """(screen layout, board layout, bank layout) for a window size and a position (cached).

        The screen layout's board is the part the systems use: below the narration strip, or below
        the card."""
        keep = self._units.get(tuple(size))
        key = (size, position, self.ctl.bottom, keep)
        found = self._layouts.get(key)
        if found is None:
            screen = screen_layout(*size)
            b = screen.board
            top: float  # the height kept at the top of the board
            if self.card is not None:
                top = self.card.card_height(size)
            else:
                top = self.narration_box(b).bottom + 4 - b.y
            screen = dataclasses.replace(screen, board=Box(b.x, b.y + top, b.w, b.h - top))
            found = (screen, board_layout(position, screen.board, self.ctl.bottom, keep), bank_layout(screen.bank))
            if len(self._layouts) > 8:
                self._layouts.clear()
            self._layouts[key] = found
        return found

    def display_position(self) -> Position:
        """The position on the screen: the animated one, else the turn in progress."""
        if self.current is not None:
            return self.current.after
        return self.ctl.game.state.position

    def hit(self, pos: tuple[int, int]) -> Target | None:
        """The target under a window point (None on the panel)."""
        screen, lay, bank = self.layouts(self.app.size, self.display_position())
        if screen.panel.contains(*pos):
            return None
        return bank.hit(*pos) or lay.hit(*pos)

    def place_of(self, target: Target | None) -> PiecePlace | None:
        """The layout box of a ship or bank target, or None."""
        screen, lay, bank = self.layouts(self.app.size, self.display_position())
        if isinstance(target, BankPieceTarget):
            for cell in bank.cells:
                if cell.piece == target.piece:
                    return cell.place
        for pp in lay.pieces():
            if pp.target == target and getattr(pp.target, "index", 0) == getattr(target, "index", 0):
                return pp
        return None

    @property
    def is_dragging(self) -> bool:
        """True while a piece is being dragged (Escape then calls the drag off rather than opening a menu)."""
        return self.tracker.dragging

    @property
    def pointer_pos(self) -> tuple[int, int] | None:
        """Where the pointer was last seen over this screen, or None when that is not known."""
        return self.tracker.pos

    # --- events ---
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Keys, the panel, then the board through the drag tracker."""
        if self.ctl.clock is not None and clock_event(self.ctl.clock, event):
            return True
        if self.demo is not None and event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.demo = None  # a click or a key ends the demonstration; the board is the game's again
            return True
        if self._skips_computer(event):
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        busy_pointer = self.tracker.press_pos is not None
        if not busy_pointer and self.panel.handle_event(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 2, 3) and (self.current or self.ctl.effects):
            self.finish_animations()
        intent = self.tracker.handle_event(event)
        if intent is not None:
            self.on_intent(intent)
        return True

    def _skips_computer(self, event: pygame.event.Event) -> bool:
        """A click or a key while the computer's turn is animated first shows its end.

        True when that is all the event does: a click on the panel and Enter (a button pressed or a
        turn ended on a board the player has not seen yet would surprise). A press on the board skips
        and goes on, so a drag can start at once."""
        pressed = event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 2, 3)
        if not (pressed or event.type == pygame.KEYDOWN) or self.computer_showing() is None:
            return False
        self.finish_animations()
        if pressed:
            return self.panel.box.contains(*event.pos)
        return event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)

    def _key(self, event: pygame.event.Event) -> bool:
        mods = event.mod
        if event.key == pygame.K_ESCAPE:
            if self.tracker.dragging:
                self.on_intent(self.tracker.cancel())
            elif self.selected is not None:
                self.selected = None
            else:
                self.open_menu()
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.request_end_turn()
        elif (event.key == pygame.K_y or (event.key == pygame.K_z and mods & pygame.KMOD_SHIFT)) and mods & (
                pygame.KMOD_CTRL | pygame.KMOD_META):
            self.redo()
        elif event.key == pygame.K_z and mods & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.undo()
        elif event.key == pygame.K_r and mods & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.restart_turn()
        return True

    def on_intent(self, intent: Intent[Target] | None) -> None:
        """React to a tracker intent (see ``input``)."""
        if isinstance(intent, DragStart):
            self.selected = None
            self.highlights = self.ctl.highlights(intent.source)
        elif isinstance(intent, DragRefused):
            self.flash_refusal(intent.reason)
        elif isinstance(intent, DragCancel):
            self._snap_back(intent.source, self.tracker.pos)
            self.highlights = None
        elif isinstance(intent, Drop):
            self.highlights = None
            self.drop(intent.source, intent.target, intent.pos)
        elif isinstance(intent, Click):
            self.click(intent.target)

    def drop(self, source: Target, target: Target | None, pos: tuple[int, int]) -> None:
        """A piece let go over a target: play what it means, or snap back with the reason."""
        res = self.ctl.resolve(source, target)
        if res.legal:
            grab = self._grab_box(source, pos)
            if isinstance(res.actions[0], Discover):
                # A drop in open space means a discovery with any of the stars offered.
                stars = [a for a in res.actions if isinstance(a, Discover)]
                self.app.scenes.push(StarChooser(self.app, stars, lambda a: self.act(a, grab),
                                                 lambda: self._snap_back(source, pos)))
            elif isinstance(res.actions[0], Sacrifice) and self.app.settings.confirm_sacrifice:
                self._confirm_sacrifice(res.actions[0], grab, source, pos)
            else:
                self.act(res.actions[0], grab)
            return
        if res.reason:
            self.flash(_("Not possible: {reason}").format(reason=res.reason))
            self.ctl.refused(res)  # the judge's refusal as it is: a lesson adds the step's advice
        self._snap_back(source, pos)

    def _confirm_sacrifice(self, action: Sacrifice, grab: Grab | None, source: Target, pos: tuple[int, int]) -> None:
        """A ship dropped on the bank: ask before it goes (a slip there costs a ship); "Keep it" puts it
        back. The Settings switch turns the question off."""
        # Translators: the buttons of the question before a sacrifice: do it, or keep the ship.
        confirm(self.app, lambda: _("Sacrifice this ship?"), [partial(describe_action, action)],
                lambda: pgettext("sacrifice question", "Sacrifice"), lambda: self.act(action, grab),
                lambda: pgettext("sacrifice question", "Keep it"), lambda: self._snap_back(source, pos))

    def _grab_box(self, source: Target, pos: tuple[int, int]) -> Grab | None:
        place = self.place_of(source)
        if place is None:
            return None
        b = place.box
        return (place.piece, Box(pos[0] - b.w / 2, pos[1] - b.h / 2, b.w, b.h))

    def act(self, action: Action, grab: Grab | None = None) -> None:
        """Play an action through the controller; show the engine's reason if it is refused."""
        self._grab = grab
        reason = self.ctl.play(action)
        if reason:
            self._grab = None
            self.flash(_("Not possible: {reason}").format(reason=reason))

    def click(self, target: Target | None) -> None:
        """The click path: a menu of the legal actions with the clicked piece or system."""
        if isinstance(target, (type(BANK), type(SPACE))) or target is None:
            self.selected = None
            return
        refusal = self.ctl.drag_refusal(target) if not self.ctl.human_to_move() else None
        if refusal:
            self.flash_refusal(refusal)
            return
        options = self.ctl.options_for(target)
        if isinstance(target, MarkerTarget):
            if options:
                self.act(options[0])
            else:
                reason = self.ctl.reason_for(Catastrophe(target.system, target.color))
                self.flash(_("Not possible: {reason}").format(reason=reason))
            return
        if not options:
            self.flash(self._nothing_text(target))
            return
        self.selected = target
        choices: list[tuple[Text, Callable[[], object]]] = []
        discovers = [a for a in options if isinstance(a, Discover)]
        by_ship: dict[tuple[int, str], list[Discover]] = {}
        for d in discovers:
            by_ship.setdefault((d.ship, d.origin), []).append(d)
        for a in options:
            if isinstance(a, Discover):
                key = (a.ship, a.origin)
                if key in by_ship:
                    group = by_ship.pop(key)
                    choices.append((partial(_discover_label, a), partial(self._choose_star, group)))
                continue
            choices.append((partial(describe_action, a), partial(self.act, a)))
        self.app.scenes.push(ChoiceMenu(self.app, lambda: self._title_of(target), choices))

    def _choose_star(self, actions: list[Discover]) -> None:
        self.app.scenes.push(StarChooser(self.app, actions, self.act))

    def _title_of(self, target: Target) -> str:
        if isinstance(target, ShipTarget):
            piece = piece_name(target.piece)
            if target.owner == self.ctl.me:
                return _("Your {piece} ship at {system}").format(piece=piece, system=target.system)
            return _("{name}'s {piece} ship at {system}").format(
                name=self.ctl.game.players[target.owner], piece=piece, system=target.system)
        if isinstance(target, BankPieceTarget):
            return _("Bank: {piece}").format(piece=piece_name(target.piece))
        return _("At {system}").format(system=system_of(target))

    def _nothing_text(self, target: Target) -> str:
        if isinstance(target, ShipTarget) and target.owner != self.ctl.me:
            return _("You cannot capture that ship now.")
        if isinstance(target, (StarTarget, SystemTarget)):
            return _("Nothing you can do at {system} now.").format(system=target.system)
        return _("Nothing you can do with that piece now.")

    # --- commands ---
    def in_front(self) -> bool:
        """True when nothing covers this screen but its card: its commands may run."""
        top = self.app.scenes.top
        return top is self or (self.card is not None and top is self.card)

    def request_end_turn(self) -> None:
        """End Turn: asks first when ending would lose, forfeit actions, or skip a catastrophe."""
        if not self.ctl.human_to_move() or not self.in_front():
            return
        warnings = self.ctl.end_turn_warnings()
        if warnings:
            # Each warning worded at each frame (the turn does not change under the dialog).
            lines = [lambda k=k: (self.ctl.end_turn_warnings() + [""])[k] for k in range(len(warnings))]
            confirm(self.app, lambda: _("End your turn?"), lines, lambda: _("End turn"), self._end_turn,
                    lambda: _("Keep playing"))
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        reason = self.ctl.end_turn()
        if reason:
            self.flash(reason)

    def restart_turn(self) -> None:
        """Take back every action of this turn."""
        if self.ctl.restart_turn():
            self.finish_animations()
            self.flash(lambda: _("Turn restarted."))

    def undo(self) -> None:
        """Undo (against the computer: your turn and its answer)."""
        self.tracker.reset()
        self.highlights = None
        self.current = None
        self.current_effect = None
        self.snap = None
        self.failure_shown = False
        self.flash(self.ctl.undo())

    def show_hint(self) -> None:
        """Play the hint on the board with ghost pieces, from the start of the turn, then show the game
        again (nothing of the game changes)."""
        hint = self.ctl.hint
        if not hint or self.current is not None:
            return
        try:
            steps = turn_steps(self.ctl.game.position, hint)
        except IllegalActionError:
            return  # the board changed since the hint: it no longer applies
        self.demo = Demo(steps, self.display_position()) if steps else None

    def redo(self) -> None:
        """Redo: play again what Undo took back (an action, or a turn and the computer's answer)."""
        if not self.in_front():
            return
        self.tracker.reset()
        self.highlights = None
        self.finish_animations()
        self.snap = None
        self.flash(self.ctl.redo())
        self.finish_animations()  # what Undo took back comes back at once, as it went

    def hint(self) -> None:
        """Ask the computer for the next rung of the hint (or the card, which shows it whole)."""
        if self.card is not None:
            self.card.hint()
            return
        text = self.ctl.next_hint()  # the ladder: the idea, the pieces that act, the turn
        if text:
            self.flash(text)

    def open_menu(self) -> None:
        """The in-game menu (the card's menu under a card)."""
        if self.card is not None:
            self.card.open_menu()
        elif self.app.scenes.top is self:
            self.app.open_scene("game-menu", self)

    def flash(self, text: Text, seconds: float = 4.5, lasts: Callable[[], bool] | None = None) -> None:
        """A message on the board. It goes when its time is up, or sooner when its cause ends:
        ``lasts()`` turns false (default: the board changes, by an action, a turn or an undo), or the
        language changes under a message given as words (given as a function, it is worded anew)."""
        self.flash_text = text
        self._flash_language = current_language()
        self.flash_time = seconds
        self._flash_board = self._board_key()
        self._flash_lasts = lasts

    def flash_refusal(self, reason: str) -> None:
        """Why a piece cannot be taken: "wait, it is the computer's turn" lasts only until it is the
        player's turn on the board; any other reason until the board changes."""
        if not self.ctl.human_to_move() or self.computer_showing() is not None:
            self.flash(reason, lasts=lambda: not self.ctl.human_to_move() or self.computer_showing() is not None)
        else:
            self.flash(reason)

    def _board_key(self) -> tuple:
        game = self.ctl.game
        return (id(game.state), len(game.turns))

    def _flash_cause_ended(self) -> bool:
        """True when what the message is about is over (its own test, or the board it spoke of), or when
        it is words of another language than the one in force."""
        if not callable(worded_source(self, "flash_text")) and self._flash_language != current_language():
            return True
        if self._flash_lasts is not None:
            return not self._flash_lasts()
        return self._board_key() != self._flash_board

    def pause(self) -> None:
        """Covered by a menu or a dialog: the clock is held (and kept in the autosave as it stands)."""
        if self.ctl.clock is not None:
            self.ctl.clock.clock.hold(COVERED)
            self.app.autosave(self.ctl)

    def resume(self) -> None:
        """Back on top: the clock goes on; forget a half-made gesture."""
        if self.ctl.clock is not None:
            self.ctl.clock.clock.hold(COVERED, False)
        self.selected = None
        self.tracker.reset()
        self.highlights = None

    # --- what just happened ---
    def computer_showing(self) -> int | None:
        """The player whose turn by the computer is still being animated (or waits to be), or None."""
        effect = self.current_effect
        if self.current is not None and effect is not None and effect.by_computer:
            return effect.player
        for effect in self.ctl.effects:
            if effect.by_computer:
                return effect.player
        return None

    def narration(self) -> tuple[str, int] | None:
        """What just happened, as (sentence, player): see ``TurnTeller.narration``; once the computer's
        turn has been shown, followed by why it played it (from its search)."""
        showing = self.computer_showing()
        told = self.teller.narration(self.ctl.game, voice_of(self.ctl), showing, self.current_effect)
        if told is None or showing is not None:
            return told
        why = self.ctl.why_computer()
        return (join_sentences([told[0], *why]), told[1]) if why else told

    # --- time ---
    def finish_animations(self) -> None:
        """Show the end of every animation at once (the board jumps to the position played)."""
        self.current = None
        self.current_effect = None
        self.hold = 0.0
        self.ctl.effects.clear()

    def _snap_back(self, source: Target, pos: tuple[int, int] | None) -> None:
        place = self.place_of(source)
        if place is None or pos is None:
            return
        b = place.box
        owner = getattr(source, "owner", -1)
        start = Box(pos[0] - b.w / 2, pos[1] - b.h / 2, b.w, b.h)
        self.snap = [place.piece, "ship" if place.kind == "ship" else "bank", place.direction, owner, start, b, 0.0]

    def update(self, dt: float) -> None:
        """Poll the computer, run animations, show the end of the game."""
        ctl = self.ctl
        self.sync_warnings()
        ctl.update()
        while ctl.events:
            event = ctl.events.popleft()
            if isinstance(event, AIFailed) and not self.failure_shown:
                self.failure_shown = True
                self._show_failure(event.message)
            elif isinstance(event, Committed):
                self.failure_shown = False
        size = sync_window_size(self.app)
        self.panel.place(self.layouts(size, self.display_position())[0].panel)
        self.panel.update(dt)
        if self.demo is not None:
            self.demo.advance(dt)
            if self.demo.done or not (self.ctl.hint or self.offer.replying):
                self.demo = None
        if self.flash_time > 0:
            self.flash_time -= dt
            if self._flash_cause_ended():
                self.flash_time = 0.0
        if self.snap is not None:
            self.snap[6] += dt
            if self.snap[6] > 0.18:
                self.snap = None
        self._animate(dt)
        self.offer.update()
        if ctl.clock is not None and follow_clock(ctl, not self.in_front(), self.computer_showing() is not None):
            self.sound("clock-low")
        self._units[size] = self.layouts(size, self.display_position())[1].unit
        over = ctl.is_over()
        if over and not self.end_sounded and self.current is None and not ctl.effects:
            self.end_sounded = True
            self.sound("game-end")
        elif not over:
            self.end_sounded = False
        # Under a card there is no game-over card: the card tells how a game ended.
        if over and not self.over_shown and self.card is None and self.current is None and not ctl.effects:
            self.over_shown = True
            if self.app.scenes.top is self:
                self.app.open_scene("game-over", self)
        elif not over:
            self.over_shown = False
        self.panel.layout()  # last, once the board shown is settled: draw only reads what it placed

    def rest(self) -> float:
        """Still while nothing moves and the computer is not asked anything: no animation, no piece
        snapping back, no hint being shown, no game-over card about to open; a message on the board
        stays until it fades."""
        ctl = self.ctl
        if self.current is not None or ctl.effects or self.snap is not None or ctl.opponent.thinking:
            return 0.0
        if self.demo is not None:
            return 0.0  # the hint being shown with ghost pieces
        over = ctl.is_over()
        if (ctl.computer_to_move() and not ctl.ai_error) or (over and not (self.end_sounded and self.over_shown)):
            return 0.0  # the computer is about to be asked, or the end of the game is about to be shown
        clock = math.inf if ctl.clock is None else ctl.clock.clock.until_change()
        if self.flash_time > 0:
            return min(clock, max(0.0, self.flash_time - FLASH_FADE))
        return clock

    def sound(self, name: str) -> None:
        """Play one of the app's sounds, if the app has them (a no-op when muted or without a device)."""
        sounds = getattr(self.app, "sounds", None)
        if sounds is not None:
            sounds.play(name)

    def _animate(self, dt: float) -> None:
        speed = float(self.app.settings.animation_speed)
        if speed <= 0:
            if self.ctl.effects:
                # Shown at once: one sound for the latest action, not a burst of them.
                self._sound_of(self.ctl.effects[-1].action)
            self.finish_animations()
            return
        if self.current is not None:
            self.current.advance(dt * speed)
            if self.current.done:
                self.hold -= dt * speed
                if self.hold <= 0:
                    self.current = None
                    self.current_effect = None
        if self.current is None and self.ctl.effects:
            effect = self.ctl.effects.popleft()
            self.current_effect = effect
            self._sound_of(effect.action)
            if effect.by_computer:
                self.teller.tell(effect)
            size = self.app.size
            _panel, lay0, bank = self.layouts(size, effect.before)
            _panel, lay1, _bank = self.layouts(size, effect.after)
            duration = BASE_DURATION if effect.by_computer or self._grab is None else BASE_DURATION * 0.55
            self.current = Transition(effect.before, effect.after, lay0, lay1, bank, duration,
                                      None if effect.by_computer else self._grab)
            self.hold = 0.25 if effect.by_computer else 0.0
            self._grab = None

    def _sound_of(self, action: object) -> None:
        name = ACTION_SOUNDS.get(type(action).__name__)
        if name is not None:
            self.sound(name)

    def _show_failure(self, text: Text) -> None:
        ctl = self.ctl
        buttons: list[tuple[Text, Callable[[], object] | None]] = [(lambda: _("Try again"), ctl.retry_computer),
                                              (lambda: _("Play its side myself"), ctl.take_over)]
        if any(ctl.seats[p.to_move] == "human" for p in ctl.game.positions[:-1] if p.stage >= 2):
            buttons.append((lambda: _("Take back my turn"), self.undo))
        self.app.scenes.push(Dialog(self.app, lambda: _("The computer could not move"), [text], buttons, width=640))

    # --- drawing (in ``hwgame.app.panels``) ---
    def board_picture(self) -> BoardPicture:
        """What the board shows now, for the painter (``hwgame.app.panels.play_board``)."""
        position = self.display_position()
        settings = self.app.settings
        whole = screen_layout(*self.app.size).board
        return BoardPicture(
            theme=self.app.theme, size=self.app.size, ctl=self.ctl, view=self.view, position=position,
            layouts=self.layouts(self.app.size, position), transition=self.current,
            dragging=self.tracker.dragging, source=self.tracker.source if self.tracker.dragging else None,
            pointer=self.tracker.pos, pressing=self.tracker.press_pos is not None, highlights=self.highlights,
            selected=self.selected, snap=self.snap, demo=self.demo is not None, showing=self.computer_showing(),
            in_front=self.in_front(), card=self.card is not None,
            connection_lines=bool(settings.connection_lines),
            advantage_bar=bool(getattr(settings, "advantage_bar", False)),
            narration=self.narration() if self.narrates else None,
            narration_box=self.narration_box if self.narrates else None,
            narration_size=self.narration_size(whole), flash_text=self.flash_text, flash_time=self.flash_time,
            hit=self.hit, place_of=self.place_of)

    def draw(self, surface: pygame.Surface) -> None:
        """Board, bank, drag feedback, messages (``play_board``), the side panel, and the hint played
        with ghost pieces when the player asked to be shown it."""
        self.board_painter.draw(self.board_picture(), surface)
        self.panel.draw(surface)
        if self.demo is not None:
            self.painter.draw(surface, self, self.demo)

    def toast_place(self, size: tuple[int, int]) -> pygame.Rect:
        """Messages ("Saved as ...") go in a corner of the map that the layout keeps clear of systems,
        beside the bottom player's homeworld if it has the room (``layout.notice_corner``): never over
        the narration, the tutorial's card, a system's name or the panel."""
        corner = notice_corner(self.layouts(size, self.display_position())[1])
        return pygame.Rect(corner.as_ints())

    def flash_rect(self, board: Box, lay: BoardLayout) -> pygame.Rect | None:
        """Where the message is drawn now (None without one), see ``play_board.flash_rect``."""
        return flash_rect(self.app.theme, self.flash_text, self.ctl, board, lay)
