"""The analysis board: any position, the computer's best three turns, and turns tried in a tree.

``AnalysisScene(app, game)`` studies ``game.position`` (the game's turns so far are the history of the
main line); the game itself is never changed: the board works on a copy (``control.study_board``). The
analysis service deepens on the position shown until stopped and the panel reads its newest lines at
each frame (the window never waits). A turn is tried on the board by drag and drop exactly as in a game
(the same controller and validator, the targets lit, refusals in words) and ended with End turn; a click
on a line plays its first turn. Each turn tried joins the tree of variations, which the arrow keys and
the panel walk through, and which Save keeps with the game (``persist.VariationsData``).

Leaving the screen stops and closes the analysis: no search process is left behind.
"""

from __future__ import annotations

import importlib
import uuid
from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from hwgame.app.control.controller import Highlights
from hwgame.app.control.study_board import StudyBoard, StudyController, StudyService, copy_of
from hwgame.app.control.targets import BANK, SPACE, BankPieceTarget, MarkerTarget, Target
from hwgame.app.control.text import Text, Worded, error_text
from hwgame.app.control.variations import Node, Variations
from hwgame.app.kit.dialogs import ChoiceMenu, StarChooser
from hwgame.app.panels.explorer import ExplorerPanel
from hwgame.app.panels.play_board import FLASH_FADE, BoardPainter, BoardPicture
from hwgame.app.panels.show_me import Demo, DemoPainter
from hwgame.app.panels.study_panel import StudyPanel
from hwgame.app.stage import Scene
from hwgame.app.view import theme as T
from hwgame.app.view.board import BoardView
from hwgame.app.view.input import Click, DragCancel, DragRefused, DragStart, DragTracker, Drop, Intent
from hwgame.app.view.layout import Layouts, PiecePlace, bank_layout, board_layout, notice_corner, screen_layout
from hwgame.app.view.widgets import sync_window_size
from hwgame.i18n import _
from hwgame.rules import Action, Catastrophe, Discover, Game, IllegalActionError, Position, Turn, TurnStep, format_turn
from hwgame.words import Voice, describe_action

if TYPE_CHECKING:
    from hwgame.app.stage import AppLike
    from hwgame.persist import Player, VariationsData

SHOWN_TURNS = 3  # turns of a line played with ghost pieces by Show
POLL_REST = 0.1  # seconds between two looks for new lines while the analysis deepens


class Explorer(Protocol):
    """Another panel that shares the lines' place under a tab: the opening explorer
    (``panels.explorer.ExplorerPanel``)."""

    def show(self, position: Position | None, avoid: Iterable[str] = ()) -> None:
        """Explore ``position`` (names in ``avoid`` kept clear by a turn it offers)."""
        ...

    def draw(self, surface: pygame.Surface, theme: T.Theme, rect: pygame.Rect) -> None:
        """Draw into ``rect``."""
        ...

    def handle_event(self, event: pygame.event.Event) -> bool:
        """True when the panel took the event (a click on a row plays its turn through ``on_turn``)."""
        ...


def real_service() -> StudyService | None:
    """The window's analysis service (``hwgame.app.services.study.StudyAnalysis``), or None when this
    build has none (the board then works without lines)."""
    try:
        module: Any = importlib.import_module("hwgame.app.services.study")
    except ImportError:
        return None
    service: StudyService = module.StudyAnalysis(3)
    return service


class _NoService:
    """What stands for the service when there is none: nothing is ever found."""

    running = False

    def start(self, position: Position, turn_index: int = 0, history: object = None) -> None:
        """Nothing starts."""

    def poll(self) -> None:
        """No lines."""
        return None

    def stop(self) -> None:
        """Nothing to stop."""

    def close(self) -> None:
        """Nothing to close."""


def back_to_the_study() -> str:
    """The caption once a line is shown with ghost pieces."""
    return _("The board goes back to the position studied.")


class AnalysisScene(Scene):
    """The analysis board (see the module doc). ``variations`` is a tree read from a save (its root after
    ``variations.root`` turns of ``game``); ``service`` replaces the window's analysis (tests);
    ``players`` and ``game_id`` are the seats and the identity of the save it came from; ``explorer`` a
    panel that shares the lines' place."""

    flash_text = Worded()
    problem = Worded()
    service_factory: Callable[[], StudyService | None] = staticmethod(real_service)

    def __init__(self, app: AppLike, game: Game, *, variations: VariationsData | None = None,
                 service: StudyService | None = None, players: list[Player] | None = None,
                 bottom: int = 0, explorer: Explorer | None = None, game_id: str | None = None):
        super().__init__(app)
        self.players = players
        self.game_id = game_id  # the save the board was opened from: saving again writes over it without asking
        self.save_name = app.save_names.get(game)  # offered again by Save
        self.problem = ""
        if service is None:
            made = type(self).service_factory()
            if made is None:
                self.problem = lambda: _("The analysis is not available in this version.")
            service = made or _NoService()
        base, tree = self._tree_of(game, variations)
        self.board = StudyBoard(base, service, tree, app.opponent, bottom)
        self.view = BoardView(app.theme)
        self.tracker: DragTracker[Target] = DragTracker(self.hit, lambda s: self.board.ctl.drag_refusal(s))
        # The opening explorer shares the lines' place: a row's turn is tried on the board like a drop.
        self.explorer: Explorer = explorer if explorer is not None else ExplorerPanel(on_turn=self._explored)
        self.panel = StudyPanel(self, {
            "toggle": self.board.toggle, "show": self.show_line, "play_line": self.play_line,
            "back": self.back, "forward": self.forward, "start": self.to_start, "end": self.to_end,
            "promote": self.promote, "delete": self.delete, "end_turn": self.end_turn,
            "restart_turn": self.restart_turn, "save": self.save, "export": self.export, "leave": self.leave,
            "go": self.go, "tab": self.set_tab})
        self.panel.has_explorer = True
        self.board_painter = BoardPainter()
        self.painter = DemoPainter(app.theme)
        self.demo: Demo | None = None
        self.flash_text = ""
        self.flash_time = 0.0
        self.highlights: Highlights | None = None
        self.closed = False
        self.busy = True  # the analysis may have lines to give: looked for at the next update
        self._layouts: dict[tuple, Layouts] = {}

    def _tree_of(self, game: Game, data: VariationsData | None) -> tuple[Game, Variations | None]:
        """The base game and the tree a save kept (None when there is none or it no longer reads)."""
        if data is None:
            return game, None
        from hwgame import persist

        try:
            entries = persist.replay_variations(game, data)
            tree = Variations.from_entries(entries, data.current)
        except (ValueError, persist.VariationsProblem):
            self.app.toast(lambda: _("The variations kept with this game could not be read."))
            return game, None
        base = copy_of(game)
        while len(base.turns) > data.root:
            base.undo()
        return base, tree

    # --- what the panel reads ---
    def voice(self) -> Voice:
        """The players by name (two sides studied at one screen)."""
        return Voice(self.board.game.players)

    # --- geometry ---
    def layouts(self, size: tuple[int, int], position: Position) -> Layouts:
        """(screen, board, bank) layouts for ``position`` in a window of ``size``."""
        key = (tuple(size), position, self.board.bottom)
        found = self._layouts.get(key)
        if found is None:  # kept: the board is drawn at every frame while the analysis deepens
            screen = screen_layout(*size)
            found = (screen, board_layout(position, screen.board, self.board.bottom), bank_layout(screen.bank))
            if len(self._layouts) > 8:
                self._layouts.clear()
            self._layouts[key] = found
        return found

    def display_position(self) -> Position:
        """The board shown: the turn tried so far."""
        return self.board.game.state.position

    def hit(self, pos: tuple[int, int]) -> Target | None:
        """The target under a window point (None on the panel)."""
        screen, lay, bank = self.layouts(self.app.size, self.display_position())
        if screen.panel.contains(*pos):
            return None
        return bank.hit(*pos) or lay.hit(*pos)

    def place_of(self, target: Target | None) -> PiecePlace | None:
        """Where a piece of the board or the bank is drawn."""
        _s, lay, bank = self.layouts(self.app.size, self.display_position())
        if isinstance(target, BankPieceTarget):
            return next((cell.place for cell in bank.cells if cell.piece == target.piece), None)
        for pp in lay.pieces():
            if pp.target == target and getattr(pp.target, "index", 0) == getattr(target, "index", 0):
                return pp
        return None

    def toast_place(self, size: tuple[int, int]) -> pygame.Rect:
        """Messages go in a corner of the map kept clear of systems."""
        _s, lay, _b = self.layouts(size, self.display_position())
        return pygame.Rect(notice_corner(lay).as_ints())

    # --- events ---
    def handle_event(self, event: pygame.event.Event) -> bool:
        """A shown line ends at a click or a key; then the keys, the panel, the board."""
        if self.demo is not None and event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.demo = None
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if self.tracker.press_pos is None:
            if self.panel.tab == "explorer" and self._explorer_event(event):
                return True
            if self.panel.handle_event(event):
                return True
        intent = self.tracker.handle_event(event)
        if intent is not None:
            self.on_intent(intent)
        return True

    def _explorer_event(self, event: pygame.event.Event) -> bool:
        pos = getattr(event, "pos", None)
        if pos is None or not self.panel.lines_area.collidepoint(pos):
            return False
        self.explorer.show(self.board.position(), self.board.game.names_used())
        self.explorer.handle_event(event)
        return True

    def _explored(self, turn: Turn) -> None:
        """A row of the opening explorer: its turn is tried on the board."""
        self._played(self.board.play(turn))

    def _key(self, event: pygame.event.Event) -> bool:
        ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        if event.key == pygame.K_ESCAPE:
            if self.tracker.dragging:
                self.on_intent(self.tracker.cancel())
            else:
                self.leave()
        elif event.key == pygame.K_LEFT:
            self.back()
        elif event.key == pygame.K_RIGHT:
            self.forward()
        elif event.key == pygame.K_HOME:
            self.to_start()
        elif event.key == pygame.K_END:
            self.to_end()
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.end_turn()
        elif event.key == pygame.K_z and ctrl:
            self.board.game.undo_action()
        elif event.key == pygame.K_SPACE:
            self.board.toggle()
        return True

    def on_intent(self, intent: Intent[Target] | None) -> None:
        """A drag begun, refused, called off or let go, or a click (see ``view.input``)."""
        ctl = self.board.ctl
        if isinstance(intent, DragStart):
            self.highlights = ctl.highlights(intent.source)
        elif isinstance(intent, DragRefused):
            self.flash(intent.reason)
        elif isinstance(intent, DragCancel):
            self.highlights = None
        elif isinstance(intent, Drop):
            self.highlights = None
            self.drop(intent.source, intent.target)
        elif isinstance(intent, Click):
            self.click(intent.target)

    def drop(self, source: Target, target: Target | None) -> None:
        """A piece let go over a target: what it means is played, or the reason it cannot be is said."""
        res = self.board.ctl.resolve(source, target)
        if res.legal:
            first = res.actions[0]
            if isinstance(first, Discover):
                stars = [a for a in res.actions if isinstance(a, Discover)]
                self.app.scenes.push(StarChooser(self.app, stars, self.act))
            else:
                self.act(first)
        elif res.reason:
            self.flash(_("Not possible: {reason}").format(reason=res.reason))

    def click(self, target: Target | None) -> None:
        """A click: a marker triggers its catastrophe; a piece offers what it can do."""
        if target is None or target in (BANK, SPACE):
            return
        ctl = self.board.ctl
        options = ctl.options_for(target)
        if isinstance(target, MarkerTarget):
            if options:
                self.act(options[0])
            else:
                self.flash(_("Not possible: {reason}").format(
                    reason=ctl.reason_for(Catastrophe(target.system, target.color))))
            return
        choices: list[tuple[Text, Callable[[], object]]] = [
            (partial(describe_action, a), partial(self.act, a)) for a in options if not isinstance(a, Discover)]
        if choices:
            self.app.scenes.push(ChoiceMenu(self.app, lambda: _("Try a turn"), choices))

    def act(self, action: Action) -> None:
        """One action of the turn tried, through the controller (the rules' validator)."""
        reason = self.board.ctl.play(action)
        self.board.ctl.effects.clear()  # the board shows the position at once
        if reason:
            self.flash(_("Not possible: {reason}").format(reason=reason))

    # --- commands ---
    def end_turn(self) -> None:
        """End the turn tried: it joins the tree, and the analysis restarts after it."""
        if self.app.scenes.top is not self:
            return
        reason = self.board.ctl.end_turn()
        self.board.ctl.effects.clear()
        if reason:
            self.flash(reason)
            return
        self.board.committed()

    def restart_turn(self) -> None:
        """Take back the actions of the turn tried."""
        self.board.game.restart_turn()

    def play_line(self, index: int) -> None:
        """Play the first turn of line ``index`` (a click on it)."""
        lines = self.board.lines()
        if lines is None or index >= len(lines.verdicts):
            return
        best = lines.verdicts[index].best
        if best:
            self._played(self.board.play(best))

    def _played(self, reason: str | None) -> None:
        if reason:
            self.flash(_("Not possible: {reason}").format(reason=reason))

    def show_line(self, index: int) -> None:
        """Play line ``index`` with ghost pieces from the position shown; the board then goes back."""
        lines = self.board.lines()
        if lines is None or index >= len(lines.verdicts):
            return
        verdict = lines.verdicts[index]
        turns = list(verdict.line) or ([verdict.best] if verdict.best else [])
        steps: list[TurnStep] = []
        game = Game.from_position(self.board.position())
        try:
            for turn in turns[:SHOWN_TURNS]:
                if game.is_over():
                    break
                steps += game.play(game.with_new_names(turn))
        except IllegalActionError:
            pass  # the line stops being shown where it no longer applies
        self.demo = Demo(steps, self.display_position(), back_to_the_study) if steps else None

    def back(self) -> None:
        """One turn back in the tree."""
        self._moved(self.board.back())

    def forward(self) -> None:
        """One turn on along the line."""
        self._moved(self.board.forward())

    def to_start(self) -> None:
        """The position studied."""
        self.board.to_start()
        self._moved(True)

    def to_end(self) -> None:
        """The end of the line shown."""
        self.board.to_end()
        self._moved(True)

    def go(self, node: Node) -> None:
        """A row of the list: show that turn's position."""
        self.board.show(node)
        self._moved(True)

    def _moved(self, moved: bool) -> None:
        if moved:
            self.demo = None
            self.tracker.reset()
            self.highlights = None

    def promote(self) -> None:
        """The line shown becomes the main line."""
        self.board.promote()

    def delete(self) -> None:
        """Delete the variation shown and what follows it."""
        self._moved(self.board.delete())

    def set_tab(self, name: str) -> None:
        """The lines, or the panel that shares their place."""
        self.panel.tab = name

    def main_line_game(self) -> Game:
        """The base game followed by the tree's main line: what a save and an export hold."""
        game = copy_of(self.board.base)
        for node in self.board.tree.main_line():
            if node.turn is not None:
                game.play(node.turn)
        return game

    def variations_data(self) -> VariationsData:
        """The tree as a save keeps it."""
        from hwgame.persist import VariationsData

        entries, current = self.board.tree.to_entries()
        return VariationsData.of(self.board.root_turns, [(p, format_turn(t)) for p, t in entries], current)

    def _composed(self) -> bool:
        """True (with a message) when the board studied did not come from the start of a game: an SDG
        transcript begins on the empty board and cannot hold it (a save can: it keeps the board the game
        began from)."""
        if self.board.starts_at_the_beginning():
            return False
        self.app.toast(lambda: _("This board did not come from the start of a game: an SDG transcript cannot "
                                 "hold it. Save it instead."))
        return True

    def save(self) -> None:
        """Save the main line with the tree (the Save screen names it); a composed board is saved with
        the board it began from."""
        try:
            from hwgame import persist

            game = self.main_line_game()
            if self.game_id is None:
                self.game_id = uuid.uuid4().hex  # saved again from this board, it is the same game
            persist.default_store().remember(game, variations=self.variations_data(), game_id=self.game_id)
        except Exception as exc:
            failed = exc
            self.app.toast(lambda: _("Not saved: {problem}").format(problem=error_text(failed)))
            return
        ctl = StudyController(game, self.app.opponent, self.board.bottom)
        if self.players:  # the seats of the save the board was opened from
            ctl.seats = [p.kind for p in self.players]
            ctl.levels = [p.level or "easy" for p in self.players]
        if self.save_name:
            self.app.save_names[game] = self.save_name
        self.app.open_scene("save-as", ctl, on_saved=self._saved)

    def _saved(self, path: Path) -> None:
        self.save_name = path.stem

    def export(self) -> None:
        """Write the main line as an SDG transcript into the exports folder."""
        if self._composed():
            return
        try:
            from hwgame import persist

            game = self.main_line_game()
            out: Path = persist.export_game(game, _("analysis"), persist.default_store())
        except Exception as exc:
            failed = exc
            self.app.toast(lambda: _("Not exported: {problem}").format(problem=error_text(failed)))
            return
        self.app.toast(lambda: _("Main line exported to {file}.").format(file=out.name))

    def leave(self) -> None:
        """Back to where the board was opened from; the analysis stops."""
        self.app.scenes.pop(self)

    def close(self) -> None:
        """Leaving for good: the analysis is stopped and its processes end."""
        if not self.closed:
            self.closed = True
            self.board.service.stop()
            self.board.service.close()

    def flash(self, text: Text, seconds: float = 4.0) -> None:
        """A message on the board."""
        self.flash_text = text
        self.flash_time = seconds

    # --- time ---
    def update(self, dt: float) -> None:
        """The newest lines, the layout, the ghosts of a line shown, the message's time."""
        self.board.poll()
        # Polled once more after the analysis stops, so that its last lines are never missed.
        self.busy = self.board.running
        size = sync_window_size(self.app)
        self.panel.place(pygame.Rect(screen_layout(*size).panel.as_ints()))
        if self.demo is not None:
            self.demo.advance(dt)
            if self.demo.done:
                self.demo = None
        if self.flash_time > 0:
            self.flash_time = max(0.0, self.flash_time - dt)

    def rest(self) -> float:
        """Moving while a line is shown with ghost pieces; while the analysis deepens, a look for new
        lines a few times a second (a new depth comes far less often, and the search has the cores);
        else still until a message fades or input comes."""
        if self.demo is not None:
            return 0.0
        # A message on the board fades out over its last moments (``play_board.FLASH_FADE``).
        wait = max(0.0, self.flash_time - FLASH_FADE) if self.flash_time > 0 else float("inf")
        if self.busy or self.board.running:
            wait = min(wait, POLL_REST)
        return wait

    # --- drawing ---
    def board_picture(self) -> BoardPicture:
        """What the board shows, for the play screen's painter."""
        position = self.display_position()
        ctl = self.board.ctl
        return BoardPicture(
            theme=self.app.theme, size=self.app.size, ctl=ctl, view=self.view, position=position,
            layouts=self.layouts(self.app.size, position), transition=None, dragging=self.tracker.dragging,
            source=self.tracker.source if self.tracker.dragging else None, pointer=self.tracker.pos,
            pressing=self.tracker.press_pos is not None, highlights=self.highlights, selected=None, snap=None,
            demo=self.demo is not None, showing=None, in_front=self.app.scenes.top is self, card=False,
            connection_lines=bool(self.app.settings.connection_lines), advantage_bar=False, narration=None,
            narration_box=None, narration_size=20, flash_text=self.flash_text, flash_time=self.flash_time,
            hit=self.hit, place_of=self.place_of)

    def draw(self, surface: pygame.Surface) -> None:
        """The board (as the play screen draws it), the panel, the other panel's place, the ghosts."""
        self.board_painter.draw(self.board_picture(), surface)
        self.panel.draw(surface)
        if self.panel.tab == "explorer":
            self.explorer.show(self.board.position(), self.board.game.names_used())
            self.explorer.draw(surface, self.app.theme, self.panel.lines_area)
        if self.demo is not None:
            self.painter.draw(surface, self, self.demo)


__all__ = ["AnalysisScene", "Explorer", "back_to_the_study", "real_service"]
