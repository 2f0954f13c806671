"""The replay viewer: any saved, imported or finished game, turn by turn and action by action.

Keys: Left/Right one action, Up/Down (or PageUp/PageDown) one turn, Home/End; digits then Enter jump to
the board after that turn; a click on a row of the move log jumps after that turn. "Continue from here"
starts a new game at the board shown (two players at this screen, or against the computer), with an
autosave of its own; the record itself is never changed.

"Review the game" has the computer look at every turn (``hwgame.analysis.review``) on a thread of its own,
whose searches run in an AI worker's process, so the window stays responsive; it can be cancelled.
The finished review is a strip under the board: the evaluation graph (a click on it jumps to that
turn; blunders and missed wins in red), the mark of the turn shown and the computer's best turn from
the board shown, which is also drawn on the board. A review is kept in the save it was opened from
(not in autosaves, which the next turn rewrites), so the same game opened again shows it at once.

``ReviewScene`` is the same viewer on the game just played, opened from the game-over card.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from hwgame.app.control.controller import COMPUTER, HUMAN
from hwgame.app.control.text import Text, Worded, error_text
from hwgame.app.control.timeline import Point, Timeline, continue_from
from hwgame.app.kit.base import ButtonScene, Control, load_save
from hwgame.app.kit.dialogs import Dialog, message
from hwgame.app.panels import replay_log as replay_panel
from hwgame.app.panels import review_strip as strip
from hwgame.app.panels.explorer import HEADER_H, ExplorerPanel
from hwgame.app.panels.show_me import Demo, DemoPainter
from hwgame.app.services.reviewer import ReviewRun, cached_review, keep_review
from hwgame.app.view import theme as T
from hwgame.app.view.anim import BASE_DURATION, Transition
from hwgame.app.view.best_turn import draw_best_turn
from hwgame.app.view.board import BoardOptions, BoardView
from hwgame.app.view.eval_graph import EvalGraph
from hwgame.app.view.layout import (
    BankLayout,
    BoardLayout,
    Box,
    ScreenLayout,
    bank_layout,
    board_layout,
    notice_corner,
    screen_layout,
)
from hwgame.app.view.widgets import Button, TextField, sync_window_size
from hwgame.i18n import N_, _, current_language, ngettext, pgettext
from hwgame.openings import key_text
from hwgame.rules import (
    PLAYING,
    Action,
    Game,
    HomeworldsError,
    IllegalActionError,
    Position,
    Turn,
    opponent_of,
    turn_steps,
)
from hwgame.words import Voice, describe_action, level_word, refusal_text, result_text, rules_title, save_title

if TYPE_CHECKING:
    from hwgame.app.control.flow import PlayController
    from hwgame.app.services.reviewer import Review, Thinking, TurnReview
    from hwgame.app.stage import AppLike
    from hwgame.persist import LoadedGame, Player
    from hwgame.persist.schema import ReviewCache

LOG_ROW = 19
CAPTION_H = 48  # a strip under the board for the caption of the last action (one line, or two smaller)
CAPTION_SIZES = ((21, 1), (17, 2), (15, 2), (14, 2))  # (type size, lines at the most) tried in turn
SHOW_W, SHOW_W_MOST = 110, 200  # the width of the buttons that show a marked turn and the better one
REVIEW_LEVEL = "normal"  # deep enough for evaluations worth reading, a second or two a turn
KEYS_HELP = N_("Replay: the board after each action. Left / Right: an action. Up / Down: a turn. Home / End: "
              "the start and the end. Type a number and Enter: the board after that turn.")


class _ReplayBoard(BoardView):
    """The board view with the keys of the replay where the bank column explains dragging in play."""

    def draw_bank(self, surf: pygame.Surface, bank: BankLayout, counts: Sequence[int], opts: BoardOptions,
                  legend: str | None = None) -> None:
        """The bank column, its legend telling the keys."""
        super().draw_bank(surf, bank, counts, opts, legend or _(KEYS_HELP))


def _systems_of(action: Action | None) -> frozenset[str]:
    """The systems an action touches, outlined on the board so the eye finds the change."""
    names = (getattr(action, k, None) for k in ("system", "origin", "destination", "name"))
    return frozenset(n for n in names if n)


def caption_lines(theme: T.Theme, text: str, width: int) -> tuple[int, list[str]]:
    """(type size, lines) of the caption under the board: one line where it fits, else two in a smaller
    type, so that a long action or long names are wrapped rather than cut."""
    size, lines = CAPTION_SIZES[0][0], [text]
    for size, most in CAPTION_SIZES:
        lines = theme.wrap(text, size, width)
        if len(lines) <= most:
            break
    return size, lines[:2]


def back_to_the_record() -> str:
    """The caption once a turn is shown with ghosts over the record: where the board goes next."""
    return _("The board goes back to the game as it was played.")


class ReplayScene(ButtonScene):
    """A record on the board with the move log; nothing can be played here (see module doc)."""

    name = Worded()  # the record's title over the panel, worded at each frame
    names_the_game = True  # the title names the record (the game just played is only "This game")
    note = Worded()  # a short message under the go-to field, worded at each frame

    def __init__(self, app: AppLike, game: Game, players: Sequence[Player] | None = None, *, name: Text = "",
                 path: Path | None = None, is_autosave: bool = False, bottom: int | None = None):
        super().__init__(app)
        self.game = game  # the record's own Game: only read, and saved under a name if it must be kept
        self.timeline = Timeline(game)
        self.players = list(players) if players else None
        self.name = name
        self.path = path
        self.is_autosave = is_autosave
        self.bottom = self._bottom_of(self.players) if bottom is None else bottom
        self.index = self.timeline.end
        self.view = _ReplayBoard(app.theme)
        self.current: Transition | None = None
        self.log = replay_panel.MoveLog(app)
        # The opening book for the board shown, folded under the move log; a row of the game's own next
        # turn steps to it.
        self.explorer = ExplorerPanel(on_turn=self._book_turn, collapsed=True)
        self.explorer_rect = pygame.Rect(0, 0, 0, 0)  # placed with the panel (``_place_panel``)
        self.note = ""  # a short message under the go-to field (a bad turn number)
        tl = self.timeline
        self.nav = [
            Button("|<", self.first, hint=lambda: _("Home: the start")),
            Button("<<", self.previous_turn, hint=lambda: _("Up: a turn back")),
            Button("<", self.previous_action, hint=lambda: _("Left: an action back")),
            Button(">", self.next_action, hint=lambda: _("Right: an action on")),
            Button(">>", self.next_turn, hint=lambda: _("Down: a turn on")),
            Button(">|", self.last, hint=lambda: _("End: the end of the record")),
        ]
        self.goto = TextField("", max_len=4, allowed=str.isdigit)
        # Translators: the button that jumps to the turn typed beside it; keep it very short.
        self.go_button = Button(lambda: _("Go"), self.go_to_typed, size=20)
        self.continue_button = Button(lambda: _("Continue from here"), self.continue_here, size=22,
                                      enabled=lambda: tl.outcome_at(self.point) is None)
        self.back = Button(lambda: _("Back"), self.leave, size=22,
                           shortcut=lambda: pgettext("key", "Esc"))
        self.analyse_button = Button(lambda: _("Analyse"), self.analyse, size=18,
                                     enabled=lambda: tl.starts[self.point.turn].stage >= PLAYING,
                                     hint=lambda: _("The analysis board on the board shown"))
        # "Edit" alone: the row holds three buttons; the hint names the editor in full.
        self.edit_button = Button(lambda: _("Edit"), self.edit_board, size=18,
                                  hint=lambda: _("The board shown, in the board editor"))
        self.review_button = Button(self._review_button_text, self.toggle_review, size=22,
                                    enabled=lambda: tl.turn_count > 0 or self.review_run is not None,
                                    hint=lambda: _("The computer looks at every turn: chances to win, mistakes and "
                                                   "the better turn"))
        # Under a marked turn's words: that turn and the better one, played with ghost pieces.
        # Once a review is done: its marked turns asked again (the "retry" screen).
        self.retry_button = Button(lambda: _("Find the better turn"), self.retry_mistakes, size=18,
                                   enabled=lambda: self.review is not None and self.review.complete,
                                   hint=lambda: _("Play again the turns the review marked, and find better ones"))
        self.show_played = Button(lambda: _("Show played"), lambda: self.show_turn(better=False), size=15,
                                  rect=(0, 0, 0, 0))
        self.show_better = Button(lambda: _("Show better"), lambda: self.show_turn(better=True), size=15,
                                  rect=(0, 0, 0, 0))
        self.demo: Demo | None = None
        self.painter = DemoPainter(app.theme)
        self.show_w = SHOW_W
        self._strip_rows: tuple[object, int] = (None, strip.MAX_LINES)  # (what they were measured for, rows)
        self.buttons = [*self.nav, self.go_button, self.review_button, self.retry_button, self.continue_button,
                        self.analyse_button, self.edit_button, self.back]
        # The review: finished (``review``), being computed (``review_run``), or failed (``review_error``).
        self.review: Review | None = None
        self.review_run: ReviewRun | None = None
        self.review_error = ""
        self.show_review = False
        self.review_level = REVIEW_LEVEL
        self.review_thinking: Thinking | None = None  # replaces the level's thinking (tests use a light one)
        self.review_workers = 0  # processes a review searches in (0: one per core; 1: on the review's thread)
        self.loaded: LoadedGame | None = None  # the save the record came from, where a finished review is kept
        self.graph = EvalGraph()

    @property
    def in_notation(self) -> bool:
        """True when the log, the turn's actions and the review strip show SDG notation, not words."""
        return self.log.in_notation

    def shown(self) -> replay_panel.Shown:
        """What the board shows, for the panel's words."""
        return replay_panel.Shown(self.app.theme, self.timeline, self.point, self.name or "", self.bottom,
                                  self.in_notation)

    @classmethod
    def from_file(cls, app: AppLike, path: str | Path) -> ReplayScene | None:
        """A viewer for the save at ``path``, or None (with a message) if it cannot be loaded."""
        def viewer(loaded: LoadedGame) -> ReplayScene:
            stem = loaded.path.stem
            title = loaded.save.title or stem
            scene = cls(app, loaded.game, loaded.players, name=lambda: save_title(title), path=loaded.path,
                        is_autosave=stem.lower().startswith("autosave"))
            scene.loaded = loaded
            scene._cached_review(loaded.save.review)
            return scene

        return load_save(app, path, lambda problem: _("Could not open: {problem}").format(problem=problem), viewer)

    @staticmethod
    def _bottom_of(players: Sequence[Player] | None) -> int:
        # Against the computer the human sits at the bottom, as in play; otherwise the first player.
        kinds = [getattr(p, "kind", HUMAN) for p in players or []]
        return 1 if kinds == [COMPUTER, HUMAN] else 0

    def board_box(self, screen: ScreenLayout) -> Box:
        """The part of the board area the systems use: the caption strip below (and the review strip
        under it, when shown) stays clear."""
        b = screen.board
        return Box(b.x, b.y, b.w, b.h - CAPTION_H - self._strip_height())

    def _strip_height(self) -> int:
        return strip.height_for(self._strip_rows[1]) if self.strip_shown else 0

    def _measure_strip(self, size: tuple[int, int]) -> None:
        """The rows of words the strip keeps room for: as many as the longest words of the finished
        review take at this width (so that the board does not move from one turn to the next and no
        word is cut), worked out once per review, width, language and Words|SDG choice."""
        review = self.review
        width = round(screen_layout(*size).board.w) - 24
        key = (id(review), width, current_language(), self.in_notation)
        if review is None or key == self._strip_rows[0]:
            return
        tl, rows, seen = self.timeline, 0, set()
        for point in tl.points:
            best = review.best_before(point.turn) if tl.outcome_at(Point(point.turn)) is None else None
            lines = tuple(strip.turn_lines(review, tl, point, best, self.in_notation))
            if lines not in seen:
                seen.add(lines)
                rows = max(rows, strip.rows_of(self.app.theme, list(lines), width))
        self._strip_rows = (key, rows)

    @property
    def strip_shown(self) -> bool:
        """True while the review strip is under the board (a review shown, running or failed)."""
        return self.show_review and (self.review is not None or self.review_run is not None
                                     or bool(self.review_error))  # fmt: skip

    # --- where we are ---
    @property
    def point(self) -> Point:
        """The point of the record shown."""
        return self.timeline.points[self.index]

    @property
    def position(self):
        """The board shown (without the animation in flight)."""
        return self.timeline.position_at(self.point)

    def go(self, index: int, animate: bool = False) -> None:
        """Show step ``index`` of the timeline; a single step forward glides when animations are on."""
        index = self.timeline.clamp(index)
        speed = float(self.app.settings.animation_speed)
        if animate and speed > 0 and index == self.index + 1:
            screen = screen_layout(*self.app.size)
            before, after = self.position, self.timeline.position_at(self.timeline.points[index])
            lay0 = board_layout(before, self.board_box(screen), self.bottom)
            lay1 = board_layout(after, self.board_box(screen), self.bottom)
            self.current = Transition(before, after, lay0, lay1, bank_layout(screen.bank), BASE_DURATION * 0.8)
        else:
            self.current = None
        self.index = index
        self.note = ""
        self.log.follow = True

    def first(self) -> None:
        """The start of the game."""
        self.go(0)

    def last(self) -> None:
        """The board as the record leaves it."""
        self.go(self.timeline.end)

    def next_action(self) -> None:
        """One action on."""
        self.go(self.index + 1, animate=True)

    def previous_action(self) -> None:
        """One action back."""
        self.go(self.index - 1)

    def next_turn(self) -> None:
        """To the end of the turn under way (the next turn's end at a turn boundary)."""
        self.go(self.timeline.next_turn(self.index), animate=True)

    def previous_turn(self) -> None:
        """To the start of the turn under way (the previous turn's start at a turn boundary)."""
        self.go(self.timeline.previous_turn(self.index))

    def go_to_turn(self, turn: int) -> bool:
        """The board after ``turn`` whole turns; False (and a note) for a number outside the record."""
        if not 0 <= turn <= self.timeline.turn_count:
            last = self.timeline.turn_count
            self.note = lambda: _("Turns go from 0 to {last}.").format(last=last)
            return False
        self.go(self.timeline.turn_start(turn))
        return True

    def go_to_typed(self) -> None:
        """Jump to the turn typed in the field."""
        text = self.goto.text.strip()
        if not text:
            self.note = lambda: _("Type a turn number, then Enter.")
            self.goto.focused = True
            return
        ok = self.go_to_turn(int(text))
        self.goto.focused = not ok  # a number outside the record stays in the field to be corrected
        if ok:
            self.goto.text = ""

    # --- continuing ---
    def continue_here(self) -> None:
        """Ask how to play on from the board shown: hotseat, or against the computer on either side."""
        tl, point = self.timeline, self.point
        if tl.outcome_at(point) is not None:
            message(self.app, lambda: _("The game is over here"),
                    [lambda: _("Step back to continue from an earlier board.")])
            return
        names = tl.players
        lines: list[Text] = [lambda: _("A new game starts from this board. The record stays as it is.")]
        if point.action:
            who = names[tl.mover(point)]
            lines.append(lambda: _("{name} is in the middle of a turn: playing {name} yourself, you finish it; given "
                                   "to the computer, it plays that turn from its start.").format(name=who))
        lines.append(lambda: _("The computer plays at the level chosen in Settings ({level}).").format(
            level=level_word(self.app.default_level)))
        choices: list[tuple[Text, Callable[[], object] | None]] = [
            (lambda: _("Two players at this screen"), lambda: self.start_from_here((HUMAN, HUMAN))),
            (lambda: _("Against the computer: you play {name}").format(name=names[0]),
             lambda: self.start_from_here((HUMAN, COMPUTER))),
            (lambda: _("Against the computer: you play {name}").format(name=names[1]),
             lambda: self.start_from_here((COMPUTER, HUMAN))),
            (lambda: _("Cancel"), None),
        ]
        self.app.scenes.push(Dialog(self.app, lambda: _("Continue from here"), lines, choices, width=620, column=True))

    def edit_board(self) -> None:
        """The board editor on the board shown (the record stays as it is)."""
        self.app.open_scene("editor", self.position)

    def start_from_here(self, seats: tuple[str, str]) -> bool:
        """Start the new game with these seats; return False (with a message) if it cannot be done."""
        from hwgame.rules import HomeworldsError

        tl, point = self.timeline, self.point
        vs_computer = COMPUTER in seats
        keep_partial = not (vs_computer and seats[tl.mover(point)] == COMPUTER)
        try:
            game = continue_from(tl, point, vs_computer=vs_computer, keep_partial=keep_partial)
        except HomeworldsError as exc:
            refusal = exc
            message(self.app, lambda: _("Cannot continue"),
                    [lambda: _("The record does not replay: {problem}").format(problem=refusal_text(refusal))])
            return False
        outcome = game.outcome()
        if outcome is not None:
            message(self.app, lambda: _("Cannot continue"),
                    [lambda: _("The game is over at this board: {result}.").format(result=result_text(outcome))])
            return False
        # The new game gets an autosave of its own: the record it came from is never written over.
        self.app.open_game(game, self._seat_players(seats))
        self.app.toast(lambda: _("New game from {point}.").format(point=tl.describe(point)))
        return True

    def analyse(self) -> None:
        """The analysis board at the start of the turn shown; the record is not changed."""
        from hwgame.rules import HomeworldsError

        try:
            game = continue_from(self.timeline, Point(self.point.turn), vs_computer=False, keep_partial=False)
        except HomeworldsError as exc:
            refusal = exc
            message(self.app, lambda: _("Cannot analyse"),
                    [lambda: _("The record does not replay: {problem}").format(problem=refusal_text(refusal))])
            return
        self.app.open_scene("analysis", game, bottom=self.bottom)

    def _seat_players(self, seats: tuple[str, str]) -> list[Player]:
        from hwgame.persist import Player

        level = self.app.default_level
        return [Player(name=name, kind="computer", level=level) if seat == COMPUTER else Player(name=name)
                for name, seat in zip(self.timeline.players, seats, strict=True)]

    # --- the review ---
    def toggle_review(self) -> None:
        """Start the review; while it runs, cancel it; once done, show or hide its strip."""
        if self.review_run is not None:
            self.cancel_review()
            self.app.toast(lambda: _("Review cancelled."))
            return
        if self.review is not None or self.review_error:
            self.show_review = not self.show_review
            self.review_error = "" if not self.show_review else self.review_error
            return
        self.start_review()

    def start_review(self) -> None:
        """Compute the review in the background (see the module docstring)."""
        tl = self.timeline
        self.review_error = ""
        self.show_review = True
        self.review_run = ReviewRun(tl.starts[: tl.turn_count + 1], tl.turns, self.review_level, self.review_thinking,
                                    self.review_workers)  # fmt: skip

    def cancel_review(self) -> None:
        """Stop a review being computed; its thread ends on its own, nothing of it is kept."""
        run, self.review_run = self.review_run, None
        if run is not None:
            run.cancel()
        if self.review is None:
            self.show_review = False

    def _poll_review(self) -> None:
        run = self.review_run
        if run is None or not run.finished:
            return
        self.review_run = None
        if run.error:
            self.review_error = run.error
        elif run.review is not None and run.review.complete:
            self.review = run.review
            self._keep_review(run.review)
            self._add_to_deck(run.review)
        else:
            self.show_review = self.review is not None

    def _cached_review(self, cached: ReviewCache | None) -> None:
        """Show a review kept in the save, when it was made for exactly these turns."""
        if cached is None:
            return
        tl = self.timeline
        review = cached_review(cached.model_dump(), cached.fingerprint, tl.starts[: tl.turn_count + 1], tl.turns)
        if review is not None:
            self.review = review
            self.show_review = True
            self._add_to_deck(review)

    def _keep_review(self, review: Review) -> None:
        """Write the finished review into the save the record came from (see ``review_run.keep_review``);
        a failure only says so, the review is still shown."""
        if self.loaded is None or self.is_autosave:
            return
        try:
            keep_review(self.loaded, self.timeline.turns, review)
        except Exception as exc:  # the review is still shown; only keeping it failed
            failed = exc
            self.app.toast(lambda: _("The review was not kept with the save: {problem}").format(
                problem=error_text(failed)))

    def retry_mistakes(self) -> None:
        """Ask which player's marked turns to play again, then open the retry screen on them."""
        from hwgame.app.services.retry import asked_for

        review = self.review
        if review is None or not review.complete:
            return
        names = self.timeline.players
        asked = [asked_for(review, player) for player in (0, 1)]
        choices: list[tuple[Text, Callable[[], object] | None]] = []
        for player in (self.bottom, opponent_of(self.bottom)):
            if asked[player]:
                choices.append(self._retry_choice(player, names[player], asked[player]))
        if not choices:
            message(self.app, lambda: _("Find the better turn"),
                    [lambda: _("The review marked no mistake of either player to play again.")])
            return
        choices.append((lambda: _("Cancel"), None))
        self.app.scenes.push(Dialog(self.app, lambda: _("Find the better turn"),
                                    [lambda: _("Whose marked turns do you want to play again?")], choices, width=560,
                                    column=True))  # fmt: skip

    def _retry_choice(self, player: int, name: str, asked: list[TurnReview]
                      ) -> tuple[Text, Callable[[], object] | None]:  # fmt: skip
        """The dialog's button that retries ``player``'s ``asked`` turns."""
        count = len(asked)
        return (lambda: ngettext("{name}: {count} turn", "{name}: {count} turns", count).format(name=name, count=count),
                lambda: self._open_retry(player, asked))  # fmt: skip

    def _open_retry(self, player: int, asked: list[TurnReview]) -> None:
        name = self.name
        self.app.open_scene("retry", self.game, self.review, player, lambda: name or _("This game"), entries=asked)

    def _add_to_deck(self, review: Review) -> None:
        """The player's clear mistakes of this finished game of theirs become puzzles of their deck
        (``services.deck.add_review``; the Tutorial's "Your puzzle deck"); a failure only says so."""
        from hwgame.app.control.deck import seat_of_player
        from hwgame.app.services.deck import add_review, deck_path

        kinds = [getattr(p, "kind", HUMAN) for p in self.players or []]
        seat = seat_of_player(kinds, self.game.players, self.app.settings.player_name)
        if seat is None or not self.game.is_over():
            return
        title = (self.loaded.save.title or "") if self.loaded is not None else ""
        try:
            added = add_review(deck_path(), self.game, self.players, review, seat, title, self.path)
        except Exception as exc:  # the review is still shown; only the deck missed its puzzles
            failed = exc
            self.app.toast(lambda: _("The puzzles of this game were not added to your deck: {problem}").format(
                problem=error_text(failed)))
            return
        if added:
            self.app.toast(lambda: ngettext("{count} new puzzle in your deck (Tutorial).",
                                            "{count} new puzzles in your deck (Tutorial).", added).format(count=added))

    def review_entries(self) -> list[TurnReview]:
        """The turns reviewed so far: the finished review's, or those of the review being computed."""
        if self.review is not None:
            return list(self.review.turns)
        if self.review_run is not None:
            return list(self.review_run.partial)
        return []

    def review_lines(self) -> list[strip.Line]:
        """What the strip says at the point shown: the mark (or the evaluations) of the turn shown, and
        the computer's best turn for the turn that starts from the board shown."""
        if self.review_error:
            return [(_("The review stopped: {problem}").format(problem=self.review_error), T.TEXT_BAD)]
        if self.review_run is not None:
            return [(_("The computer looks at every turn of the game. The graph grows as it goes; "
                       "Cancel review stops it."), T.TEXT_DIM)]  # fmt: skip
        if self.review is None:
            return []
        return strip.turn_lines(self.review, self.timeline, self.point, self.best_turn_here(), self.in_notation)

    def marked_here(self) -> TurnReview | None:
        """The reviewed turn whose mark the strip shows at the point shown (None without a mark)."""
        if self.review is None or not self.strip_shown:
            return None
        where = self.timeline.last_played(self.point)
        entry = self.review.at(where[0]) if where is not None else None
        return entry if entry is not None and entry.kind else None

    def show_turn(self, better: bool) -> None:
        """Play the marked turn (or the better one the review found) with ghost pieces from the board
        before it; the record shown does not change."""
        entry = self.marked_here()
        if entry is None or entry.position is None:
            return
        turn = entry.best if better else entry.turn
        if not turn:
            return
        try:
            steps = turn_steps(entry.position, turn)
        except IllegalActionError:
            return
        self.current = None
        # Nobody is to play it here: the words say where the board goes, not "your turn".
        self.demo = Demo(steps, self.position, back_to_the_record) if steps else None

    def layouts(self, size: tuple[int, int], position: Position) -> tuple[ScreenLayout, BoardLayout, BankLayout]:
        """The screen's, board's and bank's layouts for ``position`` (the ghost pieces' painter asks)."""
        screen = screen_layout(*size)
        return screen, board_layout(position, self.board_box(screen), self.bottom), bank_layout(screen.bank)

    def toast_place(self, size: tuple[int, int]) -> pygame.Rect:
        """Messages ("Imported ...") go in a corner of the map that the layout keeps clear of systems
        (``layout.notice_corner``): never over a system's name, the caption, the strip or the panel."""
        screen = screen_layout(*size)
        corner = notice_corner(board_layout(self.position, self.board_box(screen), self.bottom))
        return pygame.Rect(corner.as_ints())

    def best_turn_here(self) -> Turn | None:
        """The computer's turn for the turn that starts (or is under way) at the point shown, or None."""
        if self.review is None or self.timeline.outcome_at(Point(self.point.turn)) is not None:
            return None
        return self.review.best_before(self.point.turn)

    def close(self) -> None:
        """Leaving the viewer stops a review being computed."""
        self.cancel_review()

    # --- events ---
    def handle_event(self, event: pygame.event.Event) -> bool:
        """The go-to field, buttons, a click on the log, the wheel over the log, and the keys."""
        if self.demo is not None and event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.demo = None  # a click or a key ends the ghosts' play: the record is shown again
            return True
        if self.goto.focused and event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.goto.focused, self.goto.text, self.note = False, "", ""  # Escape leaves the field, not the screen
            return True
        if event.type == pygame.TEXTINPUT and not self.goto.focused and event.text.isdigit():
            self.goto.focused = True  # typing a number starts the jump at once
            self.goto.text = ""
        if self.goto.handle_event(event):
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.go_to_typed()
            return True
        return super().handle_event(event)

    def controls(self) -> list[Control]:
        """The panel's buttons, the Words|SDG switch, then the strip's two buttons (drawn with the strip)."""
        return [*self.buttons, self.log.notation, self.show_played, self.show_better, self.explorer]

    def _book_turn(self, turn: Turn) -> None:
        """A row of the opening book: the game's own next turn steps to it; another is only said."""
        tl, turn_index = self.timeline, self.point.turn
        if turn_index < tl.turn_count:
            mine = Game.from_position(tl.starts[turn_index])
            try:
                mine.play(turn)
            except HomeworldsError:
                return
            if key_text(mine.position) == key_text(tl.starts[turn_index + 1]):
                self.go(tl.turn_start(turn_index + 1))
                return
        self.app.toast(lambda: _("This game went on otherwise: the opening book shows what other games played."))

    def keys(self) -> dict[int, Callable[[], object]]:
        """The arrows, the page keys, Home and End step through the record; Escape goes back."""
        return {
            pygame.K_RIGHT: self.next_action, pygame.K_LEFT: self.previous_action,
            pygame.K_DOWN: self.next_turn, pygame.K_PAGEDOWN: self.next_turn,
            pygame.K_UP: self.previous_turn, pygame.K_PAGEUP: self.previous_turn,
            pygame.K_HOME: self.first, pygame.K_END: self.last,
            pygame.K_ESCAPE: self.leave,
        }

    def handle_other(self, event: pygame.event.Event) -> bool:
        """A click on the graph or on a row of the log jumps there; the wheel scrolls the log."""
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            turn = self.graph.turn_at(event.pos) if self.strip_shown else None
            if turn is not None:
                self.go(self.timeline.turn_start(turn + 1))  # the board after that turn, as in the log
                return True
            k = self.log.turn_at(event.pos)
            if k is not None:
                self.go(self.timeline.turn_start(k + 1) if k < self.timeline.turn_count else self.timeline.end)
                return True
        elif event.type == pygame.MOUSEWHEEL:
            self.log.scroll(event.y)
            return True
        return False

    def update(self, dt: float) -> None:
        """The window's size; the glide of a step forward; the caret of the field; a finished review."""
        size = sync_window_size(self.app)  # here, so that draw only reads it
        self._place_panel(pygame.Rect(screen_layout(*size).panel.as_ints()))
        self.goto.update(dt)
        self._poll_review()
        self._measure_strip(size)
        self._place_show_buttons(size)
        tl = self.timeline
        self.explorer.show(tl.starts[self.point.turn] if tl.outcome_at(self.point) is None else None)
        if self.demo is not None:
            self.demo.advance(dt)
            if self.demo.done:
                self.demo = None
        if self.current is not None:
            speed = float(self.app.settings.animation_speed) or 1.0
            self.current.advance(dt * speed)
            if self.current.done:
                self.current = None

    def _place_show_buttons(self, size: tuple[int, int]) -> None:
        """The two buttons at the right end of the strip's graph while a marked turn is shown (the words
        under the graph keep the strip's whole width)."""
        font = self.app.theme.font(15)
        self.show_w = min(SHOW_W_MOST, max(SHOW_W, *(font.size(b.text)[0] + 24
                                                     for b in (self.show_played, self.show_better))))
        entry = self.marked_here()
        if entry is None or entry.position is None:
            self.show_played.rect = pygame.Rect(0, 0, 0, 0)
            self.show_better.rect = pygame.Rect(0, 0, 0, 0)
            return
        b = screen_layout(*size).board
        h = self._strip_height()
        rect = pygame.Rect(round(b.x), round(b.bottom - h), round(b.w), h)
        graph, _text = strip.split(rect, self.show_w + 10)
        w, x = self.show_w, graph.right + 10
        self.show_played.rect = pygame.Rect(x, graph.y + 1, w, 26)
        self.show_better.rect = pygame.Rect(x, graph.y + 31, w, 26) if entry.best else pygame.Rect(0, 0, 0, 0)

    # --- drawing ---
    def draw(self, surface: pygame.Surface) -> None:
        """The board at the point shown, the last action's caption, and the panel."""
        screen = screen_layout(*self.app.size)
        bank = bank_layout(screen.bank)
        last = self.timeline.last_action(self.point)
        if self.current is not None:
            self.view.draw_transition(surface, self.current, bank, BoardOptions())
        else:
            lay = board_layout(self.position, self.board_box(screen), self.bottom)
            # Connection lines as the live board draws them (the same setting).
            opts = BoardOptions(all_lines=bool(self.app.settings.connection_lines),
                                hint_systems=_systems_of(last) if last is not None else frozenset())
            self.view.draw_still(surface, self.position, lay, bank, opts)
            best = self.best_turn_here() if self.strip_shown and not self.point.action else None
            if best is not None:
                draw_best_turn(surface, self.app.theme, lay, best)
        bottom = screen.board.bottom - self._strip_height()
        if last is not None:
            self._draw_caption(surface, screen.board, last, bottom)
        if self.strip_shown:
            b = screen.board
            self._draw_strip(surface, pygame.Rect(round(b.x), round(bottom), round(b.w), self._strip_height()))
            for button in (self.show_played, self.show_better):
                if button.rect.w > 0:
                    button.draw(surface, self.app.theme)
        self._draw_panel(surface, pygame.Rect(screen.panel.as_ints()))
        if self.demo is not None:
            self.painter.draw(surface, self, self.demo)

    def _draw_strip(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The review strip: the graph (with progress while computing) and the words under it."""
        run = self.review_run
        progress = None
        if run is not None:
            label = _("Reviewing at {level}: {done} of {total} turns").format(
                level=level_word(self.review_level), done=run.done, total=run.total)
            progress = (run.done, run.total, label)
        # Room at the graph's right end for the two buttons, kept while a review is shown so the graph
        # does not move from a marked turn to the next.
        reserve = self.show_w + 10 if self.review is not None else 0
        strip.draw_strip(surface, self.app.theme, rect, self.graph, self.review_entries(), self.timeline,
                         self.point, self.bottom, self.review_lines(), progress, reserve)  # fmt: skip

    def _draw_caption(self, surface: pygame.Surface, board: Box, action: Action | None, bottom: float) -> None:
        th = self.app.theme
        where = self.timeline.last_played(self.point)
        if where is None or action is None:
            return  # the start of the record: no action has been played to caption
        who = self.timeline.players[self.timeline.starts[where[0]].to_move]
        text = _("Turn {number}, {name}: {action}").format(number=where[0] + 1, name=who,
                                                           action=describe_action(action, Voice(self.timeline.players)))
        size, lines = caption_lines(th, text, round(board.w - 60))
        lh = th.font(size).get_linesize()
        labels = [th.fit_text(line, size, board.w - 60, T.TEXT) for line in lines]
        pad = 12 if len(lines) == 1 else 6
        rect = pygame.Rect(0, 0, max(label.get_width() for label in labels) + 24, lh * len(lines) + pad)
        rect.center = (round(board.x + board.w / 2), round(bottom - CAPTION_H / 2))
        pygame.draw.rect(surface, (20, 22, 40), rect, border_radius=8)
        pygame.draw.rect(surface, T.TEXT_WARN, rect, 1, border_radius=8)
        for i, label in enumerate(labels):
            surface.blit(label, label.get_rect(midtop=(rect.centerx, rect.y + pad // 2 + lh * i)))

    def _draw_panel(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        th = self.app.theme
        tl = self.timeline
        pygame.draw.rect(surface, T.PANEL, rect)
        pygame.draw.line(surface, T.PANEL_EDGE, rect.topleft, rect.bottomleft, 2)
        x, w = rect.x + 14, rect.w - 28
        y = rect.y + 12
        title = T.draw_text(surface, th, _("REPLAY"), (x, y), 26, T.ACCENT, True)
        rules = th.fit_text(rules_title(tl.rules.name), 18, max(10, rect.right - 14 - title.right - 10), T.TEXT_DIM)
        surface.blit(rules, rules.get_rect(topright=(rect.right - 14, y + 4)))
        y += 30
        if self.name:
            surface.blit(th.fit_text(self.name, 20, w, T.TEXT), (x, y))
            y += 24
        for player in (opponent_of(self.bottom), self.bottom):
            color = T.OWNER_RGB[0] if player == self.bottom else T.OWNER_RGB[1]
            pygame.draw.circle(surface, color, (x + 7, y + 9), 6)
            to_move = tl.outcome_at(self.point) is None and tl.mover(self.point) == player
            right = x + w
            if to_move:
                right = T.draw_text(surface, th, _("to move"), (x + w, y + 2), 18, color, anchor="topright").x - 8
            surface.blit(th.fit_text(tl.players[player], 20, right - x - 20, T.TEXT if to_move else T.TEXT_DIM,
                                     to_move), (x + 20, y))
            y += 23
        if tl.outcome is not None:
            size, lines = replay_panel.result_lines(th, tl, w)
            for line in lines:
                surface.blit(th.fit_text(line, size, w, T.TEXT_WARN), (x, y))
                y += size + 1
        y += 6
        where = tl.describe(self.point)
        for line in th.wrap(Voice(tl.players).sentence(where), 21, w, bold=True)[:2]:
            surface.blit(th.text(line, 21, T.TEXT, True), (x, y))
            y += 22
        if self.explorer.collapsed:
            y = self._draw_turn_box(surface, x, y + 4, w, self._turn_room(rect))
            self.log.draw(self.shown(), surface)
            self.explorer.draw(surface, th, self.explorer_rect)
        else:  # unfolded, the book takes the place of the turn's actions and of the move log
            self.explorer.draw(surface, th, pygame.Rect(x - 4, y + 4, w + 8, self.explorer_rect.bottom - y - 4))
        bottom = rect.bottom
        label = th.fit_text(replay_panel.go_to_label(), 20, self.goto.rect.x - x - 6, T.TEXT_DIM)
        surface.blit(label, label.get_rect(midleft=(x, bottom - 216)))
        if self.note:
            note = th.fit_text(self.note, 18, rect.right - self.go_button.rect.right - 20, T.TEXT_BAD)
            surface.blit(note, (self.go_button.rect.right + 8, bottom - 224))
        self.goto.draw(surface, th)
        for b in self.buttons:
            if b.rect.w > 0:  # "Find the better turn" has no room until a review is done
                b.draw(surface, th)

    def _place_panel(self, rect: pygame.Rect) -> None:
        """Lay out the panel in ``rect``: its buttons, the go-to field and the move log (called from
        ``update`` so that drawing only reads the layout)."""
        th = self.app.theme
        x, w = rect.x + 14, rect.w - 28
        bottom = rect.bottom
        # Analyse, the editor and Back share the last row; Back is short in every language.
        analyse_w = edit_w = (w - 12) // 3
        self.analyse_button.rect = pygame.Rect(x, bottom - 50, analyse_w, 38)
        self.edit_button.rect = pygame.Rect(x + analyse_w + 6, bottom - 50, edit_w, 38)
        self.back.rect = pygame.Rect(self.edit_button.rect.right + 6, bottom - 50,
                                     x + w - self.edit_button.rect.right - 6, 38)
        self.continue_button.rect = pygame.Rect(x, bottom - 96, w, 40)
        self.review_button.rect = pygame.Rect(x, bottom - 142, w, 40)
        if self.review is not None and self.review.complete:  # the row shared with "Find the better turn"
            review_w = max(90, min(w // 2, th.font(18).size(self._review_button_text())[0] + 24))
            self.review_button.rect = pygame.Rect(x, bottom - 142, review_w, 40)
            self.retry_button.rect = pygame.Rect(x + review_w + 6, bottom - 142, w - review_w - 6, 40)
            self.retry_button.size = next((size for size in range(18, 12, -1)
                                           if th.font(size).size(self.retry_button.text)[0] + 16
                                           <= self.retry_button.rect.w), 13)  # fmt: skip
        else:
            self.retry_button.rect = pygame.Rect(0, 0, 0, 0)
        self.review_button.text = self._review_button_text  # worded at each frame
        bw = (w - 5 * 5) // 6
        for i, b in enumerate(self.nav):
            b.rect = pygame.Rect(x + i * (bw + 5), bottom - 188, bw, 38)
        label_w = min(th.font(20).size(replay_panel.go_to_label())[0], w - 140)
        self.goto.rect = pygame.Rect(x + label_w + 10, bottom - 232, 70, 32)
        self.go_button.rect = pygame.Rect(self.goto.rect.right + 8, bottom - 232, 50, 32)
        shown = self.shown()
        y = replay_panel.header_bottom(shown, rect, self._turn_room(rect))
        area = pygame.Rect(x - 4, y + 6, w + 8, bottom - 242 - y - 6)
        # The book's folded header under the log; unfolded, it takes the log's place.
        self.log.place(shown, pygame.Rect(area.x, area.y, area.w, area.h - HEADER_H - 4))
        self.explorer_rect = area if not self.explorer.collapsed else pygame.Rect(
            area.x, area.bottom - HEADER_H, area.w, HEADER_H)

    def _turn_room(self, rect: pygame.Rect) -> int:
        """Pixels the turn box's actions may take in the panel ``rect``: the move log under them keeps
        room for the turn shown, whole, above the go-to row."""
        shown = self.shown()
        need = self.log.room_needed(shown, rect.w - 20)
        return rect.bottom - 242 - 8 - need - replay_panel.turn_box_top(shown, rect)

    def _review_button_text(self) -> str:
        if self.review_run is not None:
            return _("Cancel review")
        if self.review is not None or self.review_error:
            return _("Hide review") if self.show_review else _("Show review")
        return _("Review the game")

    def _draw_turn_box(self, surface: pygame.Surface, x: int, y: int, w: int, room: int | None = None) -> int:
        """The actions of the turn shown, in ``room`` pixels (see ``replay_panel.draw_turn_box``)."""
        return replay_panel.draw_turn_box(self.shown(), surface, x, y, w, room)


class ReviewScene(ReplayScene):
    """Reviewing the game just played: the replay viewer on a live game of the play screen (from the
    game-over card); it opens at the last board."""

    names_the_game = False

    def __init__(self, app: AppLike, ctl: PlayController):
        super().__init__(app, ctl.game, app.players_of(ctl), name=lambda: _("This game"), bottom=ctl.bottom)
        self.ctl = ctl
