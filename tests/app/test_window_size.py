"""The window's size: ``--size`` read strictly, and any size fitted to the screen it opens on."""

from __future__ import annotations

import argparse
import subprocess
import sys

import pygame
import pytest

from hwgame.app.control.options import LARGEST, SMALLEST, fit_window, size_argument
from hwgame.app.view.layout import MIN_HEIGHT, MIN_WIDTH


def test_the_smallest_window_is_the_layouts_least():
    assert SMALLEST == (MIN_WIDTH, MIN_HEIGHT)


@pytest.mark.parametrize("text, size", [("1280x800", (1280, 800)), ("1024X700", (1024, 700)),
                                        (" 1920x1080 ", (1920, 1080)), ("7680x4320", LARGEST)])
def test_a_size_is_width_x_height(text, size):
    assert size_argument(text) == size


@pytest.mark.parametrize("text", ["abc", "1280", "1280x", "x800", "1280*800", "-1280x800", "1280x800x2", "",
                                  "12800000x800"])
def test_anything_else_is_refused_saying_what_is_wanted(text):
    with pytest.raises(argparse.ArgumentTypeError) as caught:
        size_argument(text)
    assert "WIDTHxHEIGHT" in str(caught.value) or "from 1024x700" in str(caught.value)


@pytest.mark.parametrize("text", ["100x100", "1023x800", "1280x699", "16384x16384", "7681x4320"])
def test_a_size_the_game_cannot_use_is_refused_with_the_range(text):
    with pytest.raises(argparse.ArgumentTypeError, match="from 1024x700 to 7680x4320"):
        size_argument(text)


def test_a_long_bad_size_is_quoted_short():
    with pytest.raises(argparse.ArgumentTypeError) as caught:
        size_argument("9" * 500)
    assert len(str(caught.value)) < 120


@pytest.mark.parametrize("size, screen, fitted", [
    ((1280, 800), (1920, 1080), (1280, 800)),
    ((1920, 1080), (1280, 800), (1280, 760)),  # the screen's bars keep 40 pixels
    ((3840, 2160), (1280, 800), (1280, 760)),
    ((1280, 800), None, (1280, 800)),  # a screen that does not say its size
    ((500, 300), (1920, 1080), SMALLEST),  # a kept size below the layout's least
    ((1280, 800), (800, 600), SMALLEST),  # a screen smaller than the least: the least, whatever it costs
    ((16384, 16384), None, LARGEST),
])
def test_a_window_is_fitted_to_the_screen(size, screen, fitted):
    assert fit_window(size, screen) == fitted


def test_the_window_keeps_the_size_it_opened_at_rather_than_the_settings(monkeypatch):
    from hwgame.app import app as app_module
    from hwgame.persist.schema import Settings

    monkeypatch.setattr(app_module, "screen_size", lambda: (1920, 1080))
    pygame.display.init()
    try:
        pygame.display.set_mode((1100, 720))
        app = app_module.App.__new__(app_module.App)
        app.settings = Settings(window_size=(1280, 800), fullscreen=False)
        app.owns_window, app._windowed, app.size = True, None, (1100, 720)
        app.apply_fullscreen(windowed=(1100, 720))
        assert app.size == (1100, 720)
    finally:
        pygame.display.quit()


@pytest.mark.slow
def test_a_bad_size_on_the_command_line_stops_with_one_clear_line(tmp_path):
    done = subprocess.run([sys.executable, "-m", "hwgame", "--data-dir", str(tmp_path), "--size", "huge"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "'huge' is not a window size: write WIDTHxHEIGHT, for example 1280x800" in done.stderr
    assert "Traceback" not in done.stderr
