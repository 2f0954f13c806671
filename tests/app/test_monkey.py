"""A monkey at the controls: thousands of random clicks, drags, keys and resizes raise nothing, and every
game played along the way replays as a legal game."""

from __future__ import annotations

import random

import pygame
import pytest

from hwgame.app.app import App
from hwgame.app.control.controller import COMPUTER, HUMAN
from hwgame.app.control.options import GameConfig
from hwgame.rules import Game

from .helpers import down, fake_opponent, key, motion, up

pytestmark = pytest.mark.slow

KEYS = [pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_z, pygame.K_r, pygame.K_1, pygame.K_2, pygame.K_3,
        pygame.K_BACKSPACE, pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_h, pygame.K_KP_ENTER]


def _interesting_points(app) -> list[tuple[float, float]]:
    """Centres of pieces, systems, bank cells and buttons of the screen on top (where bugs live)."""
    points = []
    scene = app.scenes.top
    for attr in ("buttons", "widgets"):
        for w in getattr(scene, attr, []) or []:
            if hasattr(w, "rect"):
                points.append(w.rect.center)
    play = next((s for s in reversed(app.scenes.scenes) if hasattr(s, "layouts") and hasattr(s, "panel")), None)
    if play is not None:
        _, lay, bank = play.layouts(app.size, play.display_position())
        for sp in lay.systems:
            points.append(sp.box.center)
            points += [pp.box.center for pp in sp.pieces]
            points += [m.center for m, _ in sp.markers]
        points += [c.box.center for c in bank.cells]
        points += [b.rect.center for b in play.panel.buttons]
    for attr in ("star_boxes",):
        points += [r.center for r, _ in getattr(scene, attr, [])]
    for attr in ("slot_rects",):
        points += [r.center for r in getattr(scene, attr, [])]
    return points


def _point(app, rng):
    w, h = app.size
    if rng.random() < 0.6:
        pts = _interesting_points(app)
        if pts:
            x, y = rng.choice(pts)
            return (min(w - 1, max(0, x + rng.randint(-3, 3))), min(h - 1, max(0, y + rng.randint(-3, 3))))
    return (rng.randrange(w), rng.randrange(h))


def _gesture(app, rng) -> list:
    r = rng.random()
    if r < 0.35:
        p = _point(app, rng)
        return [down(p), up(p)]
    if r < 0.7:
        a, b = _point(app, rng), _point(app, rng)
        steps = rng.randint(1, 4)
        moves = [motion((a[0] + (b[0] - a[0]) * i / steps, a[1] + (b[1] - a[1]) * i / steps))
                 for i in range(1, steps + 1)]
        return [down(a), *moves, up(b)]
    if r < 0.86:
        mod = pygame.KMOD_CTRL if rng.random() < 0.3 else 0
        return [key(rng.choice(KEYS), mod)]
    if r < 0.9:
        return [pygame.event.Event(pygame.TEXTINPUT, text=rng.choice("abcXYZ19-_ ."))]
    if r < 0.94:
        return [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)), flipped=False)]
    if r < 0.97:
        return [down(_point(app, rng), button=3), up(_point(app, rng), button=3)]
    w, h = rng.randint(1024, 1700), rng.randint(700, 1100)
    return [pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h))]


def _replays(game: Game) -> bool:
    """True when the game's turns (and the turn in progress) replay through a fresh Game."""
    fresh = Game(game.rules, game.players, auto_repetition_draw=game.auto_repetition_draw)
    if game.positions[0] != fresh.positions[0]:  # a game begun from a board set up in the editor
        fresh = Game.from_position(game.positions[0], auto_repetition_draw=game.auto_repetition_draw)
    for turn in game.turns:
        fresh.play(turn)
    for action in game.pending:
        fresh.act(action)
    return fresh.position == game.position and fresh.state == game.state


def _controllers(app):
    return [s.ctl for s in app.scenes.scenes if getattr(s, "ctl", None) is not None]


def _monkey(screen, seed: int, gestures: int, seats, auto_setup: bool) -> dict:
    rng = random.Random(seed)
    app = App(size=screen.get_size())
    app.strict = True
    app.settings.animation_speed = 2.0
    app.opponent = fake_opponent(seed=seed)
    config = GameConfig(("Ann", "Bob"), seats, ("easy", "easy"), "standard", auto_setup)
    app.boot()
    app.new_game(config)
    surface = screen
    games: list[Game] = []
    stats = {"turns": 0, "restarts": 0}
    for _ in range(gestures):
        events = _gesture(app, rng)
        for e in events:
            if e.type == pygame.VIDEORESIZE:
                surface = pygame.display.set_mode((e.w, e.h))
        app.step(events, 1 / 30, surface)
        for ctl in _controllers(app):
            if ctl.game not in games:
                games.append(ctl.game)
        if not app.running or not _controllers(app):
            # The monkey quit or went back to the title: start another game.
            stats["restarts"] += 1
            app.running = True
            app.new_game(config)
    app.shutdown()
    for game in games:
        assert _replays(game)
        stats["turns"] += len(game.turns)
    pygame.display.set_mode((1280, 800))
    return stats


def test_monkey_against_the_computer(screen, data_dir):
    stats = _monkey(screen, seed=1, gestures=2200, seats=(HUMAN, COMPUTER), auto_setup=True)
    assert stats["turns"] > 4


def test_monkey_hotseat_with_setup(screen, data_dir):
    stats = _monkey(screen, seed=2, gestures=1200, seats=(HUMAN, HUMAN), auto_setup=False)
    assert stats["turns"] >= 2
