"""The review strip under the replay's board: the evaluation graph, a progress bar while the review
is computed, and a few lines of words (the mark of the turn shown, the computer's best turn).

``turn_lines`` words a finished review at a point of the record; the rest only draws.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from hwgame.app.control.timeline import Point, Timeline
from hwgame.app.services.reviewer import standing
from hwgame.app.view import theme as T
from hwgame.app.view.best_turn import ENGINE_RGB
from hwgame.app.view.eval_graph import GUTTER, MARK_COLOURS, MARK_RGB, EvalGraph
from hwgame.i18n import _
from hwgame.rules import Turn, format_turn, opponent_of
from hwgame.words import POSSIBLE, Voice, better_text, mark_notation, mark_words, narrate_turn, score_text

if TYPE_CHECKING:
    from hwgame.app.services.reviewer import Review, TurnReview

Line = tuple[str, T.RGB]  # a line of the strip's words and its colour

STRIP_H = 140  # the strip's height with its fewest rows of words, taken from the bottom of the board area
GRAPH_H = 58
LINE_H = 19
TEXT_PX = 17
MAX_LINES = 3  # rows of words the strip always has room for
MOST_LINES = 8  # rows it grows to for a review whose words need them
SMALLER = ((15, 17), (14, 16))  # (type size, row) when the words need more rows than the strip has


def height_for(rows: int) -> int:
    """The strip's height with room for ``rows`` rows of words (``MAX_LINES`` to ``MOST_LINES``)."""
    return STRIP_H + LINE_H * (max(MAX_LINES, min(MOST_LINES, rows)) - MAX_LINES)


def rows_of(theme: T.Theme, lines: list[Line], width: int) -> int:
    """The rows ``lines`` take wrapped to ``width`` at the strip's type size."""
    return sum(len(theme.wrap(text, TEXT_PX, width)) for text, _colour in lines)


def split(rect: pygame.Rect, reserve: int = 0) -> tuple[pygame.Rect, pygame.Rect]:
    """The graph's rectangle (top of the strip, ``reserve`` pixels narrower for the buttons at its right
    end) and the words' (below it, the strip's whole width)."""
    graph = pygame.Rect(rect.x + 10, rect.y + 4, rect.w - 20 - reserve, GRAPH_H)
    text = pygame.Rect(rect.x + 12, graph.bottom + 6, rect.w - 24, rect.bottom - graph.bottom - 10)
    return graph, text


def draw_progress(surface: pygame.Surface, theme: T.Theme, rect: pygame.Rect, done: int, total: int,
                  label: str) -> None:
    """A thin bar along the bottom of the graph's frame with ``label`` above it, right-aligned."""
    frac = 0.0 if total <= 0 else max(0.0, min(1.0, done / total))
    left = min(GUTTER, rect.w // 4)  # clear of the names at the graph's left
    bar = pygame.Rect(rect.x + left, rect.bottom - 9, rect.w - left - 6, 5)
    pygame.draw.rect(surface, (40, 46, 72), bar, border_radius=2)
    if frac > 0:
        pygame.draw.rect(surface, T.ACCENT, (bar.x, bar.y, max(2, round(bar.w * frac)), bar.h), border_radius=2)
    text = theme.fit_text(label, 15, rect.w // 2, T.TEXT)
    back = text.get_rect(bottomright=(rect.right - 8, bar.y - 3)).inflate(8, 2)
    pygame.draw.rect(surface, (16, 19, 34), back, border_radius=4)
    surface.blit(text, text.get_rect(center=back.center))


def draw_lines(surface: pygame.Surface, theme: T.Theme, rect: pygame.Rect, lines: list[Line]) -> None:
    """Lines of (text, colour), each wrapped to the width, all of them: the strip is as tall as its
    review's words need (``height_for``), and words that need more rows still are set smaller. Only
    past the smallest size is the last row cut (said to the audit, as ``fit_text`` says it)."""
    px, pitch = TEXT_PX, LINE_H
    rows: list[Line] = []
    for px, pitch in ((TEXT_PX, LINE_H), *SMALLER):
        rows = [(row, colour) for text, colour in lines for row in theme.wrap(text, px, rect.w)]
        if len(rows) * pitch <= rect.h:
            break
    room = max(1, rect.h // pitch)
    if len(rows) > room:
        if theme.audit is not None:
            theme.audit.cut.append((" ".join(text for text, _colour in rows[room - 1:]), rect.w))
        rows = rows[: room - 1] + [(rows[room - 1][0] + " …", rows[room - 1][1])]
    y = rect.y
    for text, colour in rows:
        surface.blit(theme.fit_text(text, px, rect.w, colour), (rect.x, y))
        y += pitch


def draw_frame(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The strip's background, set apart from the starfield."""
    pygame.draw.rect(surface, (20, 23, 40), rect)
    pygame.draw.line(surface, T.PANEL_EDGE, rect.topleft, rect.topright, 1)


def turn_lines(review: Review, timeline: Timeline, point: Point, best: Turn | None, notation: bool = False
               ) -> list[Line]:
    """The words at ``point`` of the record: the mark of the turn shown and the better turn its player
    had (or the turn's evaluations for its mover), then ``best``, the computer's turn for the turn that
    starts (or is under way) there, told in plain words (the play screen's log's) or, with
    ``notation``, in SDG notation."""
    lines: list[Line] = []
    where = timeline.last_played(point)
    entry = review.at(where[0]) if where is not None else None
    said_better = False  # the better turn of the turn under way, said once: not again as the computer's best
    if entry is not None:
        who = timeline.players[entry.player]
        values = {"number": entry.number, "name": who}
        if entry.kind:
            names = timeline.players
            told = mark_notation(entry, names) if notation else mark_words(entry, Voice(names))
            lines.append((_("Turn {number}, {name}: {mark}").format(mark=told, **values),
                          MARK_COLOURS.get(entry.kind, MARK_RGB)))  # fmt: skip
            if entry.best is not None and entry.kind != "missed_win":
                better = (_("Better: {turn}").format(turn=format_turn(entry.best)) if notation
                          else better_text(entry, Voice(names)))  # fmt: skip
                lines.append((better, ENGINE_RGB))
                said_better = entry.index == point.turn
        elif entry.before is not None and timeline.outcome_at(Point(entry.number)) is not None:
            before = score_text(entry.before, standing(entry.proof_before), entry.chance_before)
            # Translators: {before} is the mover's chance to win before the turn ("64%", or "winning (proven)").
            lines.append((_("Turn {number}, {name}: {name}'s chance to win {before} before it; this turn ends "
                            "the game").format(before=before, **values), T.TEXT_DIM))
        elif entry.before is not None:
            # Translators: the mover's chance to win before and after the turn ("64%", or "winning (proven)").
            lines.append((_("Turn {number}, {name}: {name}'s chance to win {before} before it, {after} after "
                            "it").format(
                before=score_text(entry.before, standing(entry.proof_before), entry.chance_before),
                after=score_text(entry.after, standing(entry.proof_after), entry.chance_after), **values), T.TEXT_DIM))
    if best is not None and not said_better:
        player = timeline.starts[point.turn].to_move
        mover = timeline.players[player]
        if notation:
            told = format_turn(best)
        else:
            told = narrate_turn(best, player, Voice(timeline.players), POSSIBLE)
        lines.append((_("Computer's best for turn {number} ({name}): {turn}").format(
            number=point.turn + 1, name=mover, turn=told), ENGINE_RGB))
    elif where is None:
        lines.append((_("The review starts with the first turn after the homeworlds."), T.TEXT_DIM))
    return lines


def draw_strip(
    surface: pygame.Surface,
    theme: T.Theme,
    rect: pygame.Rect,
    graph: EvalGraph,
    entries: Sequence[TurnReview],
    timeline: Timeline,
    point: Point,
    bottom: int,
    lines: list[Line],
    progress: tuple[int, int, str] | None,
    reserve: int = 0,
) -> None:
    """The whole strip: frame, graph of ``entries`` (from the ``bottom`` player's side, the turn shown
    outlined), ``progress`` (done, total, label) while computing, and ``lines`` under the graph; the
    graph leaves the ``reserve`` pixels at its right end (for buttons)."""
    draw_frame(surface, rect)
    graph_rect, text_rect = split(rect, reserve)
    graph.place(graph_rect, timeline.turn_count)
    where = timeline.last_played(point)
    names = (timeline.players[bottom], timeline.players[opponent_of(bottom)])
    graph.draw(surface, theme, [t.chance_for(bottom) for t in entries], {t.index: t.kind for t in entries if t.kind},
               where[0] if where else None, names, (T.OWNER_RGB[0], T.OWNER_RGB[1]))  # fmt: skip
    if progress is not None:
        draw_progress(surface, theme, graph_rect, *progress)
    draw_lines(surface, theme, text_rect, lines)
