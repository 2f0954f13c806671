"""The Statistics screen: the player's rating, results against each level, streaks, and recent games.

Everything here comes from the record of finished games (``persist.game_record``), read each time the
screen shows; the screen never writes it. A recent game opens in the replay viewer with a click (or
Enter on the row chosen with the arrow keys), as long as the record still keeps its turns.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

import pygame

from hwgame.app.control.text import Worded, error_text, notices_text
from hwgame.app.kit.base import ButtonScene, Control, clicked
from hwgame.app.view import theme as T
from hwgame.app.view.canvas import pointer
from hwgame.app.view.widgets import Button, draw_paragraphs, draw_screen_head, notice_strip
from hwgame.i18n import _, ngettext, pgettext
from hwgame.levels import LEVEL_TABLE
from hwgame.words import date_time_text, level_label, result_detail, result_text

if TYPE_CHECKING:
    from hwgame.app.stage import AppLike
    from hwgame.persist import RecordedGame
    from hwgame.persist.stats import Rating, Streak, Tally

RECENT = 50  # the recent games listed, newest first
ROW_H = 42


def opponent_label(opponent: str) -> str:
    """An opponent of the record as the table names it: a level's label, or two players at one screen."""
    if opponent == "hotseat":
        return _("Two players")
    return level_label(opponent)


def rating_line(rating: Rating | None, handicapped: bool = False, teaching: bool = False) -> str:
    """The rating in words: "Rating 1240", with how many games it rests on; before there is one, what
    would make one (``handicapped``: the record holds games against the computer, all with a handicap,
    which are not rated; ``teaching``: or teaching games, which are not rated either)."""
    if rating is None:
        if teaching:
            # Translators: every finished game against the computer was a teaching game or had a handicap.
            return _("No rating yet: teaching games and games with a handicap are not rated.")
        if handicapped:
            # Translators: every finished game against the computer had a handicap, so none is rated yet.
            return _("No rating yet: only games against the computer without a handicap are rated.")
        return _("No rating yet: play a game against the computer.")
    games = ngettext("from {count} game against the computer", "from {count} games against the computer",
                     rating.games).format(count=rating.games)
    if rating.provisional:
        # Translators: the rating is still a first estimate, made from few games.
        return _("Rating {rating} (provisional, {games})").format(rating=rating.value, games=games)
    return _("Rating {rating} ({games})").format(rating=rating.value, games=games)


def streak_line(streak: Streak | None, best: int) -> str:
    """The current run of results and the longest run of wins."""
    if streak is None:
        return ""
    n = streak.length
    if streak.outcome == "win":
        now = ngettext("Current streak: {count} win", "Current streak: {count} wins in a row", n)
    elif streak.outcome == "loss":
        now = ngettext("Current streak: {count} loss", "Current streak: {count} losses in a row", n)
    else:
        now = ngettext("Current streak: {count} draw", "Current streak: {count} draws in a row", n)
    longest = ngettext("longest: {count} win", "longest: {count} wins in a row", best).format(count=best)
    return f"{now.format(count=n)}  ·  {longest}"


def outcome_word(entry: RecordedGame) -> tuple[str, T.RGB]:
    """How a recorded game went for the player, and its colour: Won, Lost, Drawn; the winner's name when
    neither seat was the player's."""
    score = entry.score
    if score is None:
        return result_text(entry.result), T.TEXT
    if score > 0.75:
        return pgettext("game result", "Won"), T.TEXT_GOOD
    if score < 0.25:
        return pgettext("game result", "Lost"), T.TEXT_BAD
    return pgettext("game result", "Drawn"), T.TEXT_WARN


def game_line(entry: RecordedGame) -> str:
    """What a recent game was: against whom, how long, how it ended, and whether it had a handicap."""
    names = " – ".join(p.name for p in entry.players)
    turns = ngettext("{count} turn", "{count} turns", entry.turn_count).format(count=entry.turn_count)
    parts = [opponent_label(entry.opponent), names, turns, result_detail(entry.result).rstrip(".。")]
    if entry.teaching:
        # Translators: a game of the Statistics list played as a teaching game, left out of the rating.
        parts.append(_("teaching game, not rated"))
    elif entry.handicap is not None:
        # Translators: a game of the Statistics list played with a handicap, left out of the rating.
        parts.append(_("with a handicap, not rated"))
    if not entry.replayable:
        parts.append(_("only the result is kept"))
    return "  ·  ".join(parts)


def when_finished(entry: RecordedGame) -> str:
    """When the game ended, in local time."""
    try:
        moment: datetime = entry.finished.astimezone()
    except (OverflowError, OSError, ValueError):
        return ""
    return date_time_text(moment)


class StatsScene(ButtonScene):
    """The rating, a table of results per level, streaks and the recent games (click one to replay it)."""

    problem = Worded()  # a game that would not open, or a record that could not be read

    def __init__(self, app: AppLike):
        super().__init__(app)
        self.games: list[RecordedGame] = []
        self.tallies: list[Tally] = []
        self.rating: Rating | None = None
        self.streak: Streak | None = None
        self.best = 0
        self.notices: list[str] = []
        self.problem = ""
        self.selected = 0
        self.top = 0
        self.rows: list[tuple[pygame.Rect, int]] = []  # the recent games drawn: where, and which
        self.back = Button(lambda: _("Back"), self.leave, size=24)
        self.buttons = [self.back]
        self.refresh()

    @property
    def recent(self) -> list[RecordedGame]:
        """The recent games, newest first."""
        return self.games[::-1][:RECENT]

    def refresh(self) -> None:
        """Read the record again and work out its figures."""
        try:
            from hwgame import persist
            from hwgame.persist import stats

            record = persist.game_record()
        except Exception as exc:
            failed = exc
            self.problem = lambda: _("The record cannot be read: {problem}").format(problem=error_text(failed))
            return
        self.games = record.games
        self.notices = [text() if callable(text) else str(text) for text in record.notice_texts]
        self.tallies = stats.tallies(self.games)
        self.rating = stats.rating(self.games)
        self.streak = stats.current_streak(self.games)
        self.best = stats.best_streak(self.games)
        self.selected = min(self.selected, max(0, len(self.recent) - 1))

    def resume(self) -> None:
        """Back from a replay: the record may have grown meanwhile (another window)."""
        self.refresh()

    # --- commands ---
    def open_game(self, index: int) -> None:
        """Open the recent game ``index`` (newest first) in the replay viewer."""
        games = self.recent
        if not 0 <= index < len(games):
            return
        entry = games[index]
        self.selected = index
        try:
            from hwgame import persist

            game = persist.game_of(entry)
        except Exception as exc:
            failed = exc
            self.problem = lambda: _("This game cannot be replayed: {problem}").format(problem=error_text(failed))
            return
        self.problem = ""
        title = " – ".join(p.name for p in entry.players)
        # The viewer's own ``name`` (its title) would clash with the scene's name in ``open_scene``.
        viewer: Any = self.app.scene_class("replay")  # scenes are known to each other by name only
        self.app.scenes.push(viewer(self.app, game, list(entry.players), name=lambda: title))

    def _move(self, step: int) -> Callable[[], None]:
        def move() -> None:
            if self.recent:
                self.selected = max(0, min(len(self.recent) - 1, self.selected + step))
        return move

    def controls(self) -> Sequence[Control]:
        """The Back button."""
        return self.buttons

    def keys(self) -> dict[int, Callable[[], object]]:
        """Up and Down choose a recent game, Enter opens it, Escape goes back."""
        return {pygame.K_UP: self._move(-1), pygame.K_DOWN: self._move(1), pygame.K_PAGEUP: self._move(-8),
                pygame.K_PAGEDOWN: self._move(8), pygame.K_RETURN: lambda: self.open_game(self.selected),
                pygame.K_KP_ENTER: lambda: self.open_game(self.selected), pygame.K_ESCAPE: self.leave}

    def handle_other(self, event: pygame.event.Event) -> bool:
        """A click on a recent game opens it; the wheel scrolls the list."""
        index = clicked(event, self.rows)
        if index is not None:
            self.open_game(index)
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.top = max(0, min(len(self.recent) - 1, self.top - event.y))
            return True
        return False

    # --- drawing ---
    def toast_place(self, size: tuple[int, int]) -> pygame.Rect:
        """Messages go in the strip above Back, which the recent games leave free."""
        w, h = size
        fw = min(980, w - 60)
        return notice_strip(w // 2 - fw // 2, fw, h - 62)

    def draw(self, surface: pygame.Surface) -> None:
        """Title, rating and streaks, the table per level, the recent games and Back."""
        th = self.app.theme
        w, h = surface.get_size()
        x, fw = draw_screen_head(surface, th, _("Statistics"), 20, margin=60)
        y = 80
        handicapped = any(g.opponent != "hotseat" and g.handicap is not None for g in self.games)
        teaching = any(g.opponent != "hotseat" and g.teaching for g in self.games)
        line = th.fit_text(rating_line(self.rating, handicapped, teaching), 30, fw,
                           T.ACCENT if self.rating else T.TEXT_DIM, True)
        surface.blit(line, line.get_rect(midtop=(w // 2, y)))
        y += 40
        streak = streak_line(self.streak, self.best)
        if streak:
            text = th.fit_text(streak, 21, fw, T.TEXT_DIM)
            surface.blit(text, text.get_rect(midtop=(w // 2, y)))
            y += 30
        y = self._draw_table(surface, x, y + 6, fw)
        message = self.problem or (notices_text(self.notices) if self.notices else "")
        if message:
            draw_paragraphs(surface, th, message, pygame.Rect(x, y + 4, fw, 44), 18, T.TEXT_WARN, 2)
            y += 48
        foot = self.toast_place((w, h)).y - 8  # the messages' strip, above Back, stays clear
        self._draw_recent(surface, pygame.Rect(x, y + 10, fw, foot - (y + 10)))
        self.back.rect = pygame.Rect(w // 2 - 100, h - 62, 200, 46)
        self.back.draw(surface, th)

    def _columns(self, x: int, fw: int) -> list[int]:
        """The left edges of the table's columns: the opponent, then five figures."""
        first = int(fw * 0.34)
        step = (fw - first) // 5
        return [x, *(x + first + i * step for i in range(5))]

    def _draw_table(self, surface: pygame.Surface, x: int, y: int, fw: int) -> int:
        """The results per opponent; return the height below it."""
        th = self.app.theme
        cols = self._columns(x, fw)
        step = cols[2] - cols[1] if len(cols) > 2 else 80
        heads = [_("Opponent"), _("Games"), pgettext("results", "Won"), pgettext("results", "Lost"),
                 pgettext("results", "Drawn"), _("Best streak")]
        for i, (cx, head) in enumerate(zip(cols, heads, strict=True)):
            label = th.fit_text(head, 18, (step if i else cols[1] - x) - 8, T.TEXT_DIM, True)
            surface.blit(label, (cx + 4, y))
        y += 26
        pygame.draw.line(surface, T.PANEL_EDGE, (x, y), (x + fw, y))
        y += 4
        for tally in self.tallies:
            rated = next((level.rating for level in LEVEL_TABLE if level.name == tally.opponent), None)
            name = opponent_label(tally.opponent)
            if rated is not None:
                # Translators: a level and its fixed rating in the Statistics table, "Normal (1100)".
                name = _("{level} ({rating})").format(level=name, rating=rated)
            cells = [name, str(tally.games), str(tally.wins), str(tally.losses),
                     str(tally.draws), str(tally.best_streak)]
            ink = T.TEXT if tally.games else T.TEXT_DIM
            for i, (cx, cell) in enumerate(zip(cols, cells, strict=True)):
                text = th.fit_text(cell, 21, (step if i else cols[1] - x) - 8, ink, i == 0)
                surface.blit(text, (cx + 4, y + 4))
            y += 30
        return y + 4

    def _draw_recent(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The recent games, newest first: when, the result for the player, and what the game was."""
        th = self.app.theme
        self.rows = []
        head = th.fit_text(_("Recent games"), 22, rect.w, T.TEXT, True)
        surface.blit(head, (rect.x, rect.y))
        games = self.recent
        top = rect.y + 32
        if not games:
            empty = _("No finished games yet: every game you finish in this window is counted here.")
            draw_paragraphs(surface, th, empty, pygame.Rect(rect.x + 10, top + 6, rect.w - 20, 60), 20, T.TEXT_DIM)
            return
        visible = max(1, (rect.bottom - top) // ROW_H)
        # Keep the chosen game in view.
        if self.selected < self.top:
            self.top = self.selected
        elif self.selected >= self.top + visible:
            self.top = self.selected - visible + 1
        self.top = max(0, min(self.top, len(games) - visible))
        mouse = pointer()
        for k, index in enumerate(range(self.top, min(len(games), self.top + visible))):
            entry = games[index]
            row = pygame.Rect(rect.x, top + k * ROW_H, rect.w, ROW_H - 6)
            self.rows.append((row, index))
            hot = row.collidepoint(mouse) and entry.replayable
            fill = (52, 64, 108) if index == self.selected else T.BUTTON_HOVER if hot else T.BUTTON
            pygame.draw.rect(surface, fill, row, border_radius=6)
            date = th.text(when_finished(entry), 17, T.TEXT_DIM)
            surface.blit(date, date.get_rect(midright=(row.right - 10, row.centery)))
            word, ink = outcome_word(entry)
            label = th.fit_text(word, 20, int(row.w * 0.16), ink, True)
            surface.blit(label, label.get_rect(midleft=(row.x + 10, row.centery)))
            room = row.w - date.get_width() - int(row.w * 0.16) - 40
            what = th.fit_text(game_line(entry), 18, room, T.TEXT if entry.replayable else T.TEXT_DIM)
            surface.blit(what, what.get_rect(midleft=(row.x + 20 + int(row.w * 0.16), row.centery)))


__all__ = ["StatsScene", "game_line", "opponent_label", "outcome_word", "rating_line", "streak_line"]
