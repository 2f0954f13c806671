"""``hwgame`` without a subcommand: open the window and run the loop (events -> scenes -> update -> draw)."""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Sequence
from types import ModuleType
from typing import Any

from hwgame.app.control.options import FIRST_FRAME_MARKER, add_window_arguments, exit_after_first_frame, fit_window
from hwgame.app.view.assets import set_window_icon
from hwgame.i18n import _, on_change

# At rest the loop still wakes this often (seconds), a net for a change no scene announced.
MAX_REST = 1.0
NAP = 0.008  # at rest, seconds between looks for input: well under a frame, so nothing feels late


def _parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="hwgame")
    add_window_arguments(parser)
    parser.add_argument("--data-dir", default=None)
    parser.add_argument("--load", default=None)
    return parser.parse_args(argv)


def tune_threads(interval: float | None = None) -> None:
    """Let the window thread take the interpreter back from the AI thread sooner than the default 5 ms.

    The search is pure Python on another thread; a shorter switch interval keeps each frame's wait for
    the interpreter short, so frames stay smooth while the computer thinks.
    """
    env = os.environ.get("HWGAME_SWITCH_INTERVAL")
    value = interval if interval is not None else float(env) if env else 0.001
    sys.setswitchinterval(value)


def window_title(pygame: ModuleType) -> None:
    """Name the window in the language in force."""
    # Translators: the title of the game's window.
    pygame.display.set_caption(_("Homeworlds"))


def _no_window(reason: str) -> int:
    print(_("hwgame: cannot open the game window: {reason}").format(reason=reason), file=sys.stderr)
    return 1


def run(options: argparse.Namespace | list[str] | tuple[str, ...] | None = None) -> int:
    """Open the window and play; ``options`` is the parsed command line or a list of arguments.

    Returns the exit status. Without a display this prints one line and returns 1.
    """
    if options is None or isinstance(options, (list, tuple)):
        options = _parse(list(options or []))
    if getattr(options, "data_dir", None):
        try:
            from hwgame.persist import set_data_dir

            set_data_dir(options.data_dir)
        except Exception:
            os.environ["HWGAME_DATA_DIR"] = str(options.data_dir)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if sys.platform.startswith("linux"):
        # X11's shared-memory copy to the screen, not an OpenGL texture: with a software OpenGL (no
        # graphics card, a virtual machine, Xvfb) each frame shown through OpenGL costs ~9 ms of processor.
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
    try:
        import pygame
    except ImportError:
        return _no_window(_("pygame-ce is not installed"))
    if sys.platform.startswith("linux") and not (
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY") or os.environ.get("SDL_VIDEODRIVER")
    ):
        return _no_window(_("no display found (DISPLAY is not set)"))
    try:
        pygame.display.init()
        pygame.font.init()
    except pygame.error as exc:
        return _no_window(_("no display available ({error})").format(error=exc))
    try:
        return _loop(pygame, options)
    except KeyboardInterrupt:
        return 130
    finally:
        pygame.quit()


def wait_for_events(pygame: ModuleType, rest: float) -> list[Any]:
    """The events of the next frame. When the picture stays as it is for ``rest`` seconds, sleep until an
    event comes or that time is up (at most ``MAX_REST``), so a window at rest costs next to nothing.

    The sleep is ours, in short naps between looks at the queue: pygame's own ``event.wait`` with a
    time limit looks at the queue every millisecond, which alone costs a few percent of a core."""
    deadline = time.perf_counter() + min(rest, MAX_REST)
    while True:
        events = pygame.event.get()
        left = deadline - time.perf_counter()
        if events or left <= 0:
            return events
        time.sleep(min(left, NAP))


def _loop(pygame: ModuleType, options: argparse.Namespace) -> int:
    from hwgame.app.app import App, screen_size
    from hwgame.app.view.canvas import Canvas, use
    from hwgame.app.view.layout import MIN_HEIGHT, MIN_WIDTH

    app = App(options)
    saved_w, saved_h = app.settings.window_size
    # The size asked on the command line, else the one kept; a size from a bigger screen (or a settings
    # file written by hand) never opens a window larger than this screen.
    size = fit_window(getattr(options, "size", None) or (saved_w, saved_h), screen_size())
    window_title(pygame)
    set_window_icon()
    try:
        screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    except pygame.error as exc:
        return _no_window(_("no display available ({error})").format(error=exc))
    try:
        pygame.Window.from_display_module().minimum_size = (MIN_WIDTH, MIN_HEIGHT)
    except (AttributeError, pygame.error):
        pass  # older pygame: the loop below enlarges a window resized too small
    app.owns_window = True
    app.apply_fullscreen(windowed=size)
    # Screens draw on the canvas, which a window larger than they are laid out for shows scaled up.
    canvas = Canvas()
    use(canvas)
    app.size = canvas.fit(pygame.display.get_surface() or screen).get_size()
    tune_threads()
    pygame.key.start_text_input()
    # A size asked larger than the screen is said (the save folder's own notices, shown by boot, go first).
    asked = getattr(options, "size", None)
    if asked is not None and tuple(asked) != size:
        shown = "{}x{}".format(*size)
        app.toast(lambda: _("The window is {size}, as large as this screen allows.").format(size=shown), 6.0)
    app.boot()
    # The window's title in the language in force, now and after each change of it.
    window_title(pygame)
    on_change(lambda code: window_title(pygame))
    clock = pygame.time.Clock()
    fps = max(10, int(getattr(options, "fps", 60) or 60))
    max_frames = int(getattr(options, "max_frames", 0) or 0)
    first_frame_only = exit_after_first_frame(options)
    frames = 0
    last = time.perf_counter()
    try:
        while app.running:
            clock.tick(fps)  # frames at most ``fps`` a second, however many events come
            # A run counted in frames (--max-frames, for tests and timings) draws them all without rest.
            rest = app.rest() if frames and not max_frames else 0.0
            events = wait_for_events(pygame, rest)
            now = time.perf_counter()
            elapsed, last = now - last, now
            if rest > 0:
                # Woken after a rest: the timers move on by the time slept, then this frame is a short
                # one, so an animation the events start begins at its beginning.
                app.pass_time(max(0.0, min(elapsed - 1 / fps, MAX_REST)))
                dt = min(elapsed, 1 / fps)
            else:
                dt = min(elapsed, 0.1)
            for event in events:
                if event.type == pygame.VIDEORESIZE and (event.w < MIN_WIDTH or event.h < MIN_HEIGHT):
                    # Keep the window at least as large as the layout needs.
                    screen = pygame.display.set_mode((max(event.w, MIN_WIDTH), max(event.h, MIN_HEIGHT)),
                                                     pygame.RESIZABLE)
            screen = pygame.display.get_surface() or screen
            app.step([canvas.to_canvas(event) for event in events], dt, canvas.fit(screen))
            canvas.show(screen)
            pygame.display.flip()
            frames += 1
            if frames == 1 and first_frame_only:
                print(FIRST_FRAME_MARKER, flush=True)
                break
            if max_frames and frames >= max_frames:
                break
    except Exception as exc:
        print(_("hwgame: the game stopped after an error: {error}").format(error=f"{type(exc).__name__}: {exc}"),
              file=sys.stderr)
        return 1
    finally:
        app.remember_window(getattr(options, "size", None) is None)
        app.shutdown()
    return 0
