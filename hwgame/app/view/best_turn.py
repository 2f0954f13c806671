"""The computer's best turn drawn over the board: the systems it uses outlined and numbered in the
order of its actions, with an arrow for every move.

Drawn on top of the still picture, so the cached board is not redrawn for it. A turn naming a system
that is not on the board (a discovery, or a cached review of another game) simply leaves it out.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

import pygame

from hwgame.app.view import theme as T
from hwgame.app.view.layout import BoardLayout
from hwgame.rules import Action, Catastrophe, Discover, EndTurn, Move, Pass

ENGINE_RGB = (150, 236, 120)  # a green of its own: not an owner, not the last action's amber
BADGE_R = 9


def steps(turn: Iterable[Action]) -> list[tuple[str, str | None]]:
    """(system acted in, destination of a move or None) for each action of ``turn`` that has a place."""
    out: list[tuple[str, str | None]] = []
    for action in turn:
        if isinstance(action, Pass | EndTurn):
            continue
        if isinstance(action, Move):
            out.append((action.origin, action.destination))
        elif isinstance(action, Discover):
            out.append((action.origin, None))
        elif isinstance(action, Catastrophe) or hasattr(action, "system"):
            out.append((action.system, None))
    return out


def _edge(box: pygame.Rect, toward: tuple[float, float]) -> tuple[float, float]:
    """Where the ray from the centre of ``box`` to ``toward`` leaves the box."""
    cx, cy = box.center
    dx, dy = toward[0] - cx, toward[1] - cy
    scale = min(box.w / 2 / abs(dx) if dx else math.inf, box.h / 2 / abs(dy) if dy else math.inf)
    if scale == math.inf:
        return float(cx), float(cy)
    return cx + dx * scale, cy + dy * scale


def _arrow(surface: pygame.Surface, source: pygame.Rect, target: pygame.Rect, colour: T.RGB, width: int = 3
           ) -> None:
    """An arrow from the edge of ``source`` to the edge of ``target``: it crosses no pieces."""
    start, end = _edge(source, target.center), _edge(target, source.center)
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    if length < 6:
        return  # touching boxes: the outlines and numbers say it
    ux, uy = dx / length, dy / length
    head = min(12.0, length * 0.6)
    base = (end[0] - ux * head, end[1] - uy * head)
    pygame.draw.line(surface, colour, start, base, width)
    left = (base[0] - uy * head * 0.6, base[1] + ux * head * 0.6)
    right = (base[0] + uy * head * 0.6, base[1] - ux * head * 0.6)
    pygame.draw.polygon(surface, colour, [end, left, right])


def draw_best_turn(surface: pygame.Surface, theme: T.Theme, layout: BoardLayout, turn: Iterable[Action]
                   ) -> list[pygame.Rect]:
    """Outline and number the systems of ``turn`` on the board laid out as ``layout``; arrows for moves.
    Returns where the numbered discs went."""
    discs: list[pygame.Rect] = []
    places = steps(turn)
    count: dict[str, int] = {}
    for name, _ in places:
        count[name.lower()] = count.get(name.lower(), 0) + 1
    badges: dict[str, int] = {}
    outlined = set()
    for k, (name, destination) in enumerate(places, start=1):
        sp = layout.system(name)
        if sp is None:
            continue
        box = pygame.Rect(sp.box.as_ints())
        if name.lower() not in outlined:
            pygame.draw.rect(surface, ENGINE_RGB, box.inflate(8, 8), 2, border_radius=8)
            outlined.add(name.lower())
        if destination is not None:
            target = layout.system(destination)
            if target is not None:
                _arrow(surface, box.inflate(8, 8), pygame.Rect(target.box.as_ints()).inflate(8, 8), ENGINE_RGB)
        # Numbered discs just above the top edge, ending at its right end, one per action in this
        # system in the order played: the label row inside the box holds the name and the markers. A
        # system at the top of the board has no room above it: its discs go beside its label row, out
        # of the box (nothing stands beside a homeworld), never over its name.
        slot = badges.get(name.lower(), 0)
        badges[name.lower()] = slot + 1
        right = count[name.lower()] - 1 - slot
        if box.y - 2 * BADGE_R - 3 >= layout.board.y:
            centre = (box.right - 12 - right * 20, box.y - BADGE_R - 2)
        else:
            centre = (box.right + BADGE_R + 6 + slot * 20, round(box.y + sp.label.h / 2))
        pygame.draw.circle(surface, (20, 30, 20), centre, BADGE_R)
        pygame.draw.circle(surface, ENGINE_RGB, centre, BADGE_R, 2)
        label = theme.text(str(k), 13, ENGINE_RGB, True)
        surface.blit(label, label.get_rect(center=(centre[0], centre[1] + 1)))
        discs.append(pygame.Rect(centre[0] - BADGE_R, centre[1] - BADGE_R, 2 * BADGE_R, 2 * BADGE_R))
    return discs
