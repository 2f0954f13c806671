"""Show me: the intended play acted out on the board by ghost pieces, then taken back.

``Demo`` is the timeline of one demonstration: for each action of the turn (``rules.turn_steps`` gives
the position before and after each one) a ghost, a see-through copy of the piece, glides from where a
player would pick it up (a bank cell, a ship) to where it lands; the board then shows the position after
that action for a moment. After the last action the board rests, then glides back to the position of
the game, which never changed: the demonstration only paints. ``draw_demo`` paints one frame over the
play screen's bank and board (never over its side panel), with a caption of the action shown.

The timeline is plain data and arithmetic (testable without drawing); the ghost's way is read from the
same piece matching the play screen's animations use (``view.anim.Transition``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Protocol

import pygame

from hwgame.app.view import theme as T
from hwgame.app.view.anim import Flight, Transition, ease, lerp_box
from hwgame.app.view.board import BoardOptions, BoardView, rim_for
from hwgame.app.view.layout import BankLayout, BoardLayout, Box, ScreenLayout
from hwgame.app.view.pieces import draw_piece
from hwgame.i18n import _
from hwgame.rules import Catastrophe, Position, TurnStep
from hwgame.words import Voice, describe_action

GLIDE = 1.1  # seconds a ghost takes from its piece to its target
SETTLE = 0.8  # the board after each action
REST = 1.0  # after the last action, before the board goes back
BACK = 0.6  # the board going back to the game's position
GHOST_ALPHA = 150  # of 255: the ghost lets the board show through


@dataclass(frozen=True)
class Phase:
    """One stretch of the timeline: ``kind`` is "glide", "settle", "rest" or "back"; ``index`` the
    action it belongs to (the last one for "rest" and "back")."""

    kind: str
    index: int
    duration: float


def your_turn() -> str:
    """The caption after a play shown to the player who is to play it (a hint, a lesson's step)."""
    return _("Now it is your turn: play it yourself on the board.")


class Demo:
    """The timeline of one demonstration (see the module doc).

    ``steps`` are ``TurnStep``s (action, before, after) of the intended play from the start of the turn;
    ``home`` is the position the board goes back to (the game's own, unchanged); ``ending`` words the
    caption once the play is shown: by default the invitation to play it, which a screen where nobody is
    to play it (the replay) replaces with what is true there. ``told(step)``, when given, words the caption
    of a step in place of "Show me, 1 of 2: ...", for a play that is not the viewer's own (the computer's
    answer in a teaching game)."""

    def __init__(self, steps: Iterable[TurnStep], home: Position, ending: Callable[[], str] = your_turn,
                 told: Callable[[TurnStep], str] | None = None):
        self.steps = list(steps)
        self.home = home
        self.ending = ending
        self.told = told
        self.phases: list[Phase] = []
        for i in range(len(self.steps)):
            self.phases += [Phase("glide", i, GLIDE), Phase("settle", i, SETTLE)]
        if self.steps:
            last = len(self.steps) - 1
            self.phases += [Phase("rest", last, REST), Phase("back", last, BACK)]
        self.elapsed = 0.0
        self.total = sum(p.duration for p in self.phases)

    @property
    def done(self) -> bool:
        """True once the board is back at the game's position."""
        return self.elapsed >= self.total

    def advance(self, dt: float) -> None:
        """Move the clock on by ``dt`` seconds."""
        self.elapsed = min(self.total, self.elapsed + max(0.0, dt))

    def phase(self) -> tuple[Phase, float] | None:
        """The phase now and how far into it (0..1), or None when the demonstration is over."""
        if self.done:
            return None
        t = self.elapsed
        for p in self.phases:
            if t < p.duration:
                return p, t / p.duration
            t -= p.duration
        return None

    def position(self) -> Position:
        """The position the picture shows now (during a glide: the one before the action)."""
        now = self.phase()
        if now is None:
            return self.home
        p, _t = now
        step = self.steps[p.index]
        return step.before if p.kind == "glide" else step.after

    def caption(self) -> str:
        """What the picture shows, in words: the action under way, then the ending (an invitation to play
        it, by default)."""
        now = self.phase()
        if now is None or now[0].kind in ("rest", "back"):
            return self.ending()
        p = now[0]
        step = self.steps[p.index]
        if self.told is not None:
            return self.told(step)
        # The play shown is the mover's: their homeworld is "your homeworld", the other's by its owner.
        voice = Voice(step.before.players, you=step.before.to_move)
        return _("Show me, {n} of {total}: {action}").format(
            n=p.index + 1, total=len(self.steps), action=describe_action(step.action, voice)
        )


def ghost_flights(transition: Transition) -> list[Flight]:
    """The pieces an action takes somewhere: what a ghost shows (not those that only follow the map)."""
    return [f for f in transition.flights if f.moving]


def _ghost(surface: pygame.Surface, theme: T.Theme, f: Flight, box: Box, bottom: int) -> None:
    """A see-through copy of a flight's piece in ``box``, as it will look where it lands."""
    kind = f.kind1 if f.kind1 != "bank" else f.kind0
    if kind == "bank":
        kind = "star"
    pad = 3
    w, h = max(2, round(box.w)) + 2 * pad, max(2, round(box.h)) + 2 * pad
    layer = pygame.Surface((w, h), pygame.SRCALPHA)
    inner = Box(pad, pad, box.w, box.h)
    if kind == "ship":
        owner = f.owner1 if f.owner1 >= 0 else f.owner0
        direction = f.dir1 if f.kind1 == "ship" else f.dir0
        draw_piece(layer, theme, "ship", f.piece, inner, direction, rim_for(max(owner, 0), bottom), glow=False)
    else:
        draw_piece(layer, theme, kind, f.piece, inner, glow=False)
    layer.set_alpha(GHOST_ALPHA)
    surface.blit(layer, (round(box.x) - pad, round(box.y) - pad))


def _halo(surface: pygame.Surface, box: Box) -> None:
    """A soft glow behind a ghost, so a small piece in flight is easy to follow."""
    r = max(10, round(max(box.w, box.h) * 0.62))
    glow = pygame.Surface((2 * r, 2 * r), pygame.SRCALPHA)
    pygame.draw.circle(glow, (*T.TEXT_WARN, 70), (r, r), r)
    surface.blit(glow, (round(box.x + box.w / 2 - r), round(box.y + box.h / 2 - r)))


def _marker_box(layout: BoardLayout, action: object) -> Box | None:
    """The overpopulation marker a catastrophe is triggered by, in ``layout`` (None for other actions)."""
    if not isinstance(action, Catastrophe):
        return None
    sp = layout.system(action.system)
    for box, color in sp.markers if sp is not None else ():
        if color == action.color:
            return box
    return None


def _pointer(surface: pygame.Surface, x: float, y: float) -> None:
    """A mouse pointer at (x, y), as if a hand were dragging the ghost (drawn with lines, no glyph)."""
    pts = [(0, 0), (0, 17), (4, 13), (7, 20), (10, 19), (7, 12), (12, 12)]
    shape = [(round(x + px), round(y + py)) for px, py in pts]
    pygame.draw.polygon(surface, (250, 250, 250), shape)
    pygame.draw.polygon(surface, (20, 20, 30), shape, 1)


class LaysOut(Protocol):
    """What the painter reads of the play screen it paints over: where its board, bank and panel go."""

    def layouts(self, size: tuple[int, int], position: Position) -> tuple[ScreenLayout, BoardLayout, BankLayout]:
        """(screen layout, board layout, bank layout) for a window size and a position."""
        ...


class DemoPainter:
    """Paints a ``Demo`` over a play screen: its own board picture (so the play screen's cached one is
    left alone), the ghosts, a ring where each landed, and the caption."""

    def __init__(self, theme: T.Theme):
        self.theme = theme
        self.view = BoardView(theme)
        self._transitions: dict[int, Transition] = {}
        self._key: tuple[tuple[int, int], int] | None = None
        # The ghosts of the last frame as (piece, box now, box it left, box it goes to): what was shown.
        self.ghosts: list[tuple[int, Box, Box, Box]] = []

    def draw(self, surface: pygame.Surface, play: LaysOut, demo: Demo) -> None:
        """One frame of ``demo`` over ``play`` (a PlayScene): clipped to its bank and board."""
        size = surface.get_size()
        now = demo.phase()
        shown = demo.position()
        screen, lay, bank = play.layouts(size, shown)
        key = (size, id(demo))
        if key != self._key:
            self._transitions.clear()
            self._key = key
        self.ghosts = []
        old_clip = surface.get_clip()
        area = pygame.Rect(0, 0, round(screen.panel.x), size[1])
        surface.set_clip(area)
        bottom = lay.bottom
        if now is not None and now[0].kind == "back":
            step = demo.steps[now[0].index]
            back = self._transition(play, size, -1, step.after, demo.home)
            back.elapsed = back.duration * now[1]
            self.view.draw_transition(surface, back, bank, BoardOptions())
        else:
            self.view.draw_still(surface, shown, lay, bank, BoardOptions())
        if now is not None and now[0].kind in ("glide", "settle"):
            p, t = now
            step = demo.steps[p.index]
            tr = self._transition(play, size, p.index, step.before, step.after)
            flights = ghost_flights(tr)
            if p.kind == "glide":
                marker = _marker_box(lay, step.action)
                if marker is not None:
                    # A catastrophe is a click on its marker: the pointer presses it, then the pieces go.
                    _pointer(surface, *_centre(marker))
                    radius = round(marker.w / 2 + 4 + 6 * (1 - t))
                    pygame.draw.circle(surface, T.TEXT_WARN, (round(marker.x + marker.w / 2),
                                                              round(marker.y + marker.h / 2)), radius, 3)
                    u = ease(min(1.0, max(0.0, (t - 0.45) / 0.5)))
                else:
                    # A short lift, the glide, and a short pause over the target: like a hand that drags.
                    u = ease(min(1.0, max(0.0, (t - 0.12) / 0.76)))
                if marker is None:
                    for f in flights[:1]:  # the way of the piece the hand drags
                        pygame.draw.line(surface, T.TEXT_WARN, _centre(f.box0), _centre(f.box1), 1)
                for f in flights:
                    box = lerp_box(f.box0, f.box1, u)
                    _halo(surface, box)
                    _ghost(surface, self.theme, f, box, bottom)
                    self.ghosts.append((f.piece, box, f.box0, f.box1))
                if flights and marker is None:
                    box = lerp_box(flights[0].box0, flights[0].box1, u)
                    _pointer(surface, box.x + box.w / 2, box.y + box.h * 0.7)
            else:
                ring = T.mix(T.TEXT_WARN, (255, 255, 255), 0.5 * (1 - t))
                for f in flights:
                    if f.kind1 != "bank":
                        rect = pygame.Rect(f.box1.as_ints()).inflate(12, 12)
                        pygame.draw.rect(surface, ring, rect, 3, border_radius=8)
        # A frame in the caption's colour: what the board shows now is a demonstration, not the game.
        frame = pygame.Rect(screen.board.as_ints()).inflate(-6, -6)
        pygame.draw.rect(surface, T.TEXT_WARN, frame, 2, border_radius=10)
        surface.set_clip(old_clip)
        avoid = [sp.box for sp in lay.systems]
        if now is not None and now[0].kind in ("glide", "settle"):
            step = demo.steps[now[0].index]
            _s, after, _b = play.layouts(size, step.after)
            avoid += [sp.box for sp in after.systems]
        self._caption(surface, screen.board, demo.caption(), avoid)

    def _transition(self, play: LaysOut, size: tuple[int, int], index: int, before: Position, after: Position
                    ) -> Transition:
        found = self._transitions.get(index)
        if found is None:
            _s, lay0, bank = play.layouts(size, before)
            _s, lay1, _b = play.layouts(size, after)
            found = Transition(before, after, lay0, lay1, bank, BACK)
            self._transitions[index] = found
        return found

    def _caption(self, surface: pygame.Surface, board: Box, text: str, avoid: list[Box]) -> None:
        """The caption in a band on the board where it covers no system (wrapped, never cut)."""
        th = self.theme
        size = 20
        lh = th.font(size).get_linesize()
        rect, lines = caption_place(board, avoid, lambda width: th.wrap(text, size, width),
                                    lambda line: th.font(size).size(line)[0], lh)
        veil = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(veil, (20, 22, 40, 225), veil.get_rect(), border_radius=9)
        surface.blit(veil, rect.topleft)
        pygame.draw.rect(surface, T.TEXT_WARN, rect, 1, border_radius=9)
        y = rect.y + 8
        for line in lines:
            T.draw_text(surface, th, line, (rect.centerx, y), size, T.TEXT, anchor="midtop")
            y += lh


def caption_place(board: Box, avoid: list[Box], wrap: Callable[[float], list[str]], measure: Callable[[str], int],
                  lh: int) -> tuple[pygame.Rect, list[str]]:
    """Where the caption goes and its lines: the first of the board's foot, its head, and its four
    corners (narrower, in more lines) where it covers none of ``avoid``; else where it covers least."""
    wide = board.w - 40
    narrow = max(160.0, board.w * 0.3)
    best = None
    for where, width in (("foot", wide), ("head", wide), ("foot-left", narrow), ("foot-right", narrow),
                         ("head-left", narrow), ("head-right", narrow)):
        lines = wrap(width)
        w = min(board.w - 16, max(measure(line) for line in lines) + 36)
        h = lh * len(lines) + 16
        x = board.x + (board.w - w) / 2
        if where.endswith("left"):
            x = board.x + 10
        elif where.endswith("right"):
            x = board.right - 10 - w
        y = board.bottom - 10 - h if where.startswith("foot") else board.y + 6
        box = Box(x, y, w, h)
        covered = sum(_overlap(box, b) for b in avoid)
        if best is None or covered < best[0]:
            best = (covered, box, lines)
        if covered == 0:
            break
    assert best is not None
    _c, box, lines = best
    return pygame.Rect(round(box.x), round(box.y), round(box.w), round(box.h)), lines


def _overlap(a: Box, b: Box) -> float:
    w = min(a.x + a.w, b.x + b.w) - max(a.x, b.x)
    h = min(a.y + a.h, b.y + b.h) - max(a.y, b.y)
    return w * h if w > 0 and h > 0 else 0.0


def _centre(box: Box) -> tuple[float, float]:
    return (box.x + box.w / 2, box.y + box.h / 2)


__all__ = ["BACK", "GLIDE", "REST", "SETTLE", "Demo", "DemoPainter", "Phase", "caption_place", "ghost_flights"]
