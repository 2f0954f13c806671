"""A monkey at the screens that replay a player's mistakes: hundreds of random clicks, drags, keys and
resizes on "Find the better turn" and on the puzzle deck raise nothing, and the deck file they write
still reads."""

from __future__ import annotations

import random
from datetime import date

import pygame
import pytest

from hwgame.ai.thinking import Limit, Thinking
from hwgame.analysis.review import review_of
from hwgame.app.app import App
from hwgame.app.services.deck import add_review, deck_path
from hwgame.persist.deck_file import change_deck, read_deck
from hwgame.rules import SDG, read_transcript, replay

from .helpers import fake_opponent
from .test_monkey import _gesture

pytestmark = pytest.mark.slow

LIGHT = Thinking(Limit(depth=1, nodes=2000))
GAME = "17917.raw"  # OnePageWars' turn 17 lets ts52 win at once: a blunder with a clear better turn


@pytest.fixture
def reviewed(sdg_games):
    game = replay(read_transcript(sdg_games / GAME), SDG)
    return game, review_of(game, LIGHT)


def _run(screen, seed: int, gestures: int, opened, name: str) -> int:
    """``gestures`` random gestures, the screen ``name`` opened again whenever the monkey left it (as long
    as it still opens); return how many gestures met that screen."""
    rng = random.Random(seed)
    app = App(size=screen.get_size())
    app.strict = True  # an exception in a frame fails the test instead of becoming a message
    app.settings.animation_speed = 2.0
    app.opponent = fake_opponent(seed=seed)
    app.boot()
    opened(app)
    surface = screen
    met = 0
    opens = True
    for _ in range(gestures):
        here = any(type(s).__name__ == name for s in app.scenes.scenes)
        if not here and opens:
            opened(app)  # the monkey left the screen: back to it
            here = opens = any(type(s).__name__ == name for s in app.scenes.scenes)
        met += here
        events = _gesture(app, rng)
        for e in events:
            if e.type == pygame.VIDEORESIZE:
                surface = pygame.display.set_mode((e.w, e.h))
        app.step(events, 1 / 30, surface)
        if not app.running:
            app.running = True
    app.shutdown()
    pygame.display.set_mode((1280, 800))
    return met


def test_a_monkey_at_find_the_better_turn_raises_nothing(screen, data_dir, reviewed):
    game, review = reviewed
    me = game.players.index("OnePageWars")
    met = _run(screen, 3, 900, lambda app: app.open_scene("retry", game, review, me, lambda: "SDG 17917"), "RetryScene")
    assert met == 900  # the screen opens again whenever it was left


def test_a_monkey_at_the_puzzle_deck_raises_nothing_and_the_deck_still_reads(screen, data_dir, reviewed):
    game, review = reviewed
    me = game.players.index("OnePageWars")
    assert add_review(deck_path(), game, None, review, me, "SDG 17917") == 1

    def due_again(deck):
        for puzzle in deck.puzzles:  # answered or skipped, it would wait for another day
            puzzle.schedule = puzzle.schedule.model_copy(update={"due": date.today()})

    def opened(app):
        change_deck(deck_path(), due_again)
        listing = app.open_scene("lessons")
        listing.open_deck()

    assert _run(screen, 4, 900, opened, "DeckScene") == 900  # the screen opens again whenever it was left
    deck = read_deck(deck_path())
    assert not deck.notices and len(deck.puzzles) == 1
