"""The replay viewer's words: the turn's actions and the move log, in plain words or in SDG notation.

Functions of the replay scene (``hwgame.app.scenes.replay``), kept apart so that screen stays a readable
size. Plain words are the default, the same sentences as the play screen's log (``describe``); the
Words|SDG switch is the play screen's, with the same setting, so the choice carries over.
"""

from __future__ import annotations

import pygame

from hwgame.rules import format_action

from .describe import Voice, describe_action, log_entry
from .side_panel import NOTATION_SETTING
from .view import theme as T
from .view.widgets import Switch

LOG_ROW = 19  # pixels a row of the log takes
LOG_PX = 18  # type size of the log and of the turn's actions


def notation_switch(app) -> Switch:
    """The Words|SDG switch, set from (and saving to) the play screen's setting."""

    def remember(index: int) -> None:
        try:
            setattr(app.settings, NOTATION_SETTING, index == 1)
        except Exception:
            return  # settings that refuse a new field: the choice lasts for this window only
        app.save_settings()

    return Switch(["Words", "SDG"], int(bool(getattr(app.settings, NOTATION_SETTING, False))), remember, size=15)


def action_text(action, notation: bool) -> str:
    """One action of the turn box: its caption in words, or its SDG notation."""
    return format_action(action) if notation else describe_action(action)


def log_rows(timeline, notation: bool) -> list[tuple[int, str]]:
    """(turn index, text) per turn of the record, the unfinished turn last, in words or notation."""
    voice = Voice(tuple(timeline.players))
    rows = [(k, log_entry(k + 1, turn, timeline.starts[k].to_move, voice, notation))
            for k, turn in enumerate(timeline.turns)]
    if timeline.pending:
        k = timeline.turn_count
        text = log_entry(k + 1, timeline.pending, timeline.starts[k].to_move, voice, notation)
        rows.append((k, text.rstrip(".") + " (unfinished)"))
    return rows


def draw_turn_box(scene, surface, x: int, y: int, w: int) -> int:
    """The actions of the turn shown: played ones bright, the last one marked, the rest dim; returns
    the y below them."""
    th = scene.app.theme
    tl, point = scene.timeline, scene.point
    where = tl.last_played(point)
    if where is None:
        surface.blit(th.fit_text("Right arrow: the first action.", LOG_PX, w, T.TEXT_DIM), (x, y))
        return y + 22
    turn, last = where
    actions = tl.actions_of(turn)
    who = tl.players[tl.starts[turn].to_move]
    surface.blit(th.fit_text(f"{who}'s actions in turn {turn + 1}", 19, w, T.TEXT_DIM, True), (x, y))
    y += 21
    first = max(0, min(last - 2, len(actions) - 6))  # a long turn (sacrifices) shows six around the last
    for k, action in enumerate(actions[first: first + 6], start=first):
        row = pygame.Rect(x - 4, y - 1, w + 8, 20)
        if k == last:
            pygame.draw.rect(surface, (60, 56, 30), row, border_radius=4)
            pygame.draw.rect(surface, T.TEXT_WARN, row, 1, border_radius=4)
        ink = T.TEXT if k <= last else T.TEXT_DIM
        text = f"{k + 1}. {action_text(action, scene.in_notation)}"
        surface.blit(th.fit_text(text, LOG_PX, w - 8, ink), (x + 2, y + 1))
        y += 21
    return y + 2


def draw_log(scene, surface, rect: pygame.Rect) -> None:
    """The move log: a header with the Words|SDG switch, one row per turn, the turn of the last action
    shown highlighted; a click on a row jumps there (the scene reads ``log_rows``)."""
    th = scene.app.theme
    tl = scene.timeline
    scene.log_rows = []
    if rect.h < 50:
        scene.notation.rect = pygame.Rect(0, 0, 0, 0)
        return
    pygame.draw.rect(surface, (16, 19, 34), rect, border_radius=6)
    T.draw_text(surface, th, "Move log", (rect.x + 8, rect.y + 6), 19, T.TEXT_DIM, True)
    sw = min(scene.notation.natural_width(th), rect.w - 110)
    scene.notation.rect = pygame.Rect(rect.right - 8 - sw, rect.y + 5, sw, 20)
    scene.notation.draw(surface, th)
    rows = log_rows(tl, scene.in_notation)
    where = tl.last_played(scene.point)
    current = where[0] if where else -1
    room = max(1, (rect.h - 30) // LOG_ROW)
    if scene._log_follow and current >= 0:
        if not scene.log_top <= current < scene.log_top + room:
            scene.log_top = current - room // 2
    scene.log_top = max(0, min(scene.log_top, len(rows) - room))
    y = rect.y + 28
    for k, text in rows[scene.log_top: scene.log_top + room]:
        row = pygame.Rect(rect.x + 4, y - 1, rect.w - 8, LOG_ROW)
        player = tl.starts[k].to_move
        if k == current:
            pygame.draw.rect(surface, (52, 64, 108), row, border_radius=4)
            ink = T.TEXT
        else:
            ink = T.mix(T.TEXT_DIM, T.OWNER_RGB[0] if player == scene.bottom else T.OWNER_RGB[1], 0.3)
        surface.blit(th.fit_text(text, LOG_PX, rect.w - 16, ink), (rect.x + 8, y + 1))
        scene.log_rows.append((row, k))
        y += LOG_ROW
    if not rows:
        T.draw_text(surface, th, "No turns recorded.", (rect.x + 8, y), LOG_PX, T.TEXT_DIM)


__all__ = ["action_text", "draw_log", "draw_turn_box", "log_rows", "notation_switch"]
