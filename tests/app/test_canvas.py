"""The window's canvas: a window larger than the screens are laid out for shows them scaled up, and the
pointer's events reach the screens in the pixels they draw in."""

from __future__ import annotations

import pygame
import pytest

from hwgame.app.view import canvas as C


@pytest.mark.parametrize("size, scale, logical", [
    ((1024, 700), 1.0, (1024, 700)),  # the smallest window: drawn on directly
    ((1280, 800), 1.0, (1280, 800)),
    ((1920, 1080), 1.35, (1422, 800)),  # 1920x1080 is a larger 1422x800, not a smaller one
    ((2560, 1600), 2.0, (1280, 800)),
    ((3840, 2160), 2.7, (1422, 800)),  # 4K
    ((7680, 4320), 3.0, (2560, 1440)),  # at most three times: beyond, the screens get room
    ((1400, 1600), 1.09375, (1280, 1463)),  # a tall window scales by its width
])
def test_a_window_shows_the_screens_as_large_as_its_narrower_side_allows(size, scale, logical):
    assert C.scale_for(size) == pytest.approx(scale)
    assert C.logical_size(size) == logical


def test_the_logical_height_never_falls_below_the_layouts_least():
    from hwgame.app.view.layout import MIN_HEIGHT, MIN_WIDTH

    for w in range(1024, 7681, 97):
        for h in range(700, 4321, 89):
            lw, lh = C.logical_size((w, h))
            assert lw >= MIN_WIDTH - 1 and lh >= MIN_HEIGHT - 1, (w, h)


@pytest.fixture
def window():
    pygame.display.init()
    try:
        yield pygame.display.set_mode((1920, 1080))
    finally:
        C.use(None)
        pygame.display.quit()


def test_a_pointer_event_reaches_the_screens_in_canvas_pixels(window):
    canvas = C.Canvas()
    C.use(canvas)
    surface = canvas.fit(window)
    assert surface is not window and surface.get_size() == (1422, 800)
    assert C.drawing_surface() is surface
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, {"pos": (1350, 540), "button": 1})
    moved = pygame.event.Event(pygame.MOUSEMOTION, {"pos": (135, 270), "rel": (27, -27), "buttons": (1, 0, 0)})
    assert canvas.to_canvas(down).pos == (1000, 400) and canvas.to_canvas(down).button == 1
    assert canvas.to_canvas(moved).pos == (100, 200) and canvas.to_canvas(moved).rel == (20, -20)
    resized = canvas.to_canvas(pygame.event.Event(pygame.VIDEORESIZE, {"w": 2560, "h": 1600, "size": (2560, 1600)}))
    assert (resized.w, resized.h) == (1280, 800)
    key = pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_a})
    assert canvas.to_canvas(key) is key


def test_what_is_drawn_on_the_canvas_fills_the_window(window):
    canvas = C.Canvas()
    surface = canvas.fit(window)
    surface.fill((0, 0, 0))
    pygame.draw.rect(surface, (255, 255, 255), (711, 0, 711, 800))  # the right half of the canvas
    canvas.show(window)
    assert window.get_at((1900, 540))[:3] == (255, 255, 255) and window.get_at((20, 540))[:3] == (0, 0, 0)


def test_a_window_as_large_as_the_layout_is_drawn_on_directly():
    pygame.display.init()
    try:
        window = pygame.display.set_mode((1280, 800))
        canvas = C.Canvas()
        C.use(canvas)
        assert canvas.fit(window) is window and C.drawing_surface() is window
        down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, {"pos": (700, 500), "button": 1})
        assert canvas.to_canvas(down) is down
    finally:
        C.use(None)
        pygame.display.quit()
