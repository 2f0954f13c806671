"""End to end in a real window: an X server in memory (Xvfb), the game as a separate process, real mouse
drags, clicks and key presses sent by xdotool, and what the game did read back from its autosave files.

- a drag and Enter play a turn, and the computer's answer follows;
- a turn in progress survives a window killed in the middle of it: started again, Continue brings it back;
- a second game leaves the first one in the Load screen, from where it opens as it was left;
- ``--lang`` opens the window in that language for the run and leaves the saved Language setting alone.

Skipped, saying why, when Xvfb or xdotool is not installed.
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

XVFB = shutil.which("Xvfb")
XDOTOOL = shutil.which("xdotool")
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        not (XVFB and XDOTOOL),
        reason="the end-to-end window test needs Xvfb and xdotool (apt-get install xvfb xdotool)",
    ),
]

WINDOW = (1280, 800)


def _start_xvfb():
    for _ in range(20):
        number = random.randint(40, 400)
        if Path(f"/tmp/.X11-unix/X{number}").exists() or Path(f"/tmp/.X{number}-lock").exists():
            continue
        proc = subprocess.Popen([XVFB, f":{number}", "-screen", "0", "1400x900x24", "-nolisten", "tcp"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 10
        while time.time() < deadline:
            if Path(f"/tmp/.X11-unix/X{number}").exists():
                return proc, f":{number}"
            if proc.poll() is not None:
                break
            time.sleep(0.05)
        proc.kill()
    pytest.skip("Xvfb would not start")


def _xdo(display: str, *args: str) -> str:
    out = subprocess.run([XDOTOOL, *args], env=dict(os.environ, DISPLAY=display), capture_output=True,
                         text=True, timeout=30)
    return out.stdout.strip()


def _wait_for(predicate, timeout: float, what: str):
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


def _load(path: Path):
    from hwgame.persist import load_game

    try:
        return load_game(path)
    except Exception:
        return None  # written at this very moment: try again


def _autosaves(data: Path) -> list[Path]:
    """The autosave files of the data folder, one per game."""
    return sorted((data / "saves").glob("autosave-*.json"))


def _launch(data: Path, display: str, log, *args: str) -> subprocess.Popen:
    """The game in a window of its own on ``display``, saving into ``data``."""
    # The system's language is English, whatever the machine speaks: the window's words are then known.
    env = dict(os.environ, DISPLAY=display, SDL_VIDEO_WINDOW_POS="0,0", SDL_AUDIODRIVER="dummy", LANGUAGE="en")
    env.pop("SDL_VIDEODRIVER", None)
    env.pop("WAYLAND_DISPLAY", None)
    command = [sys.executable, "-m", "hwgame", "--data-dir", str(data), "--size", f"{WINDOW[0]}x{WINDOW[1]}", *args]
    return subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT)


def _new_game(data: Path, display: str, log, seed: int) -> subprocess.Popen:
    return _launch(data, display, log, "--new-game", "--opponent", "computer", "--level", "beginner", "--setup",
                   "auto", "--seed", str(seed))


def _window(display: str, proc: subprocess.Popen) -> tuple[str, tuple[int, int]]:
    """The game's window and its size, once it is drawn."""

    def found():
        # Found by process id (SDL sets _NET_WM_PID); a name search misses SDL windows on some builds.
        # A window just made may not answer for its geometry yet: ask again until it does.
        for wid in _xdo(display, "search", "--pid", str(proc.pid)).splitlines():
            geometry = _xdo(display, "getwindowgeometry", wid)
            if "Geometry:" in geometry:
                w, h = geometry.split("Geometry:")[1].split()[0].split("x")
                return wid, (int(w), int(h))
        return None

    window = _wait_for(found, 20, "the window")
    time.sleep(0.5)  # let the first frames draw
    return window


def _drag(display: str, wid: str, src, dst) -> None:
    """A real drag: press, travel in steps, release."""
    _xdo(display, "mousemove", "--window", wid, str(round(src[0])), str(round(src[1])))
    time.sleep(0.1)
    _xdo(display, "mousedown", "1")
    for i in range(1, 9):
        x = src[0] + (dst[0] - src[0]) * i / 8
        y = src[1] + (dst[1] - src[1]) * i / 8
        _xdo(display, "mousemove", "--window", wid, str(round(x)), str(round(y)))
        time.sleep(0.03)
    _xdo(display, "mouseup", "1")


def _click(display: str, wid: str, point) -> None:
    _xdo(display, "mousemove", "--window", wid, str(round(point[0])), str(round(point[1])))
    time.sleep(0.1)
    _xdo(display, "click", "1")


def _title_button(size, label: str):
    """The centre of a title-screen button, from the title's own layout."""
    from hwgame.app.scenes.title import MENU, menu_rects

    return menu_rects(size[0], size[1], len(MENU))[MENU.index(label)].center


def _end_turn(display: str, wid: str, path: Path, action) -> None:
    """End the turn with the real Enter key; confirm if the game asks (it may warn about a catastrophe)."""
    from hwgame.app.control.controller import ActionResolver

    probe = _load(path).game
    if not probe.pending:
        probe.act(action)
    warned = bool(ActionResolver(probe).end_turn_warnings())
    _xdo(display, "windowfocus", wid)
    _xdo(display, "key", "Return")
    if warned:
        time.sleep(0.4)
        _xdo(display, "key", "Return")


def _stop(proc: subprocess.Popen) -> None:
    """Close the game as the window manager's close button would (SDL turns the signal into a quit)."""
    if proc.poll() is None:
        proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(timeout=10)


@pytest.fixture
def display(tmp_path):
    xvfb, name = _start_xvfb()
    try:
        yield name
    finally:
        xvfb.terminate()
        xvfb.wait(timeout=10)


def _plan_drag(game, size):
    """A legal action the player can make by one drag, with the window points to press and release."""
    from hwgame.app.view.layout import bank_layout, board_layout, screen_layout
    from hwgame.rules import Build, Move, Sacrifice, Trade

    screen = screen_layout(*size)
    lay = board_layout(game.position, screen.board, 0)
    bank = bank_layout(screen.bank)
    legal = game.legal_actions()

    def ship(system, piece):
        for pp in lay.system(system).pieces:
            if pp.kind == "ship" and pp.target.owner == 0 and pp.piece == piece:
                return pp.box.center
        return None

    def label(name):
        box = lay.system(name).box
        return (box.x + 6, box.y + 6)

    for a in legal:
        if isinstance(a, Build):
            return a, bank.cells[a.piece].box.center, label(a.system)
    for a in legal:
        if isinstance(a, Move):
            return a, ship(a.origin, a.ship), label(a.destination)
        if isinstance(a, Trade):
            return a, bank.cells[a.new].box.center, ship(a.system, a.old)
    a = next(a for a in legal if isinstance(a, Sacrifice))
    return a, ship(a.system, a.ship), bank.cells[0].box.center


def test_drag_in_a_real_window_and_the_computer_answers(tmp_path, display):
    log = open(tmp_path / "game.log", "w")
    game_proc = _new_game(tmp_path, display, log, seed=4)
    try:
        found = _wait_for(lambda: _autosaves(tmp_path), 30, "the first autosave")
        autosave = found[0]
        loaded = _wait_for(lambda: _load(autosave), 30, "the first autosave to load")
        game = loaded.game
        assert not game.in_setup and game.to_move == 0 and len(game.turns) == 2
        assert loaded.players[1].kind == "computer"  # the computer's seat, from the first autosave on
        wid, size = _window(display, game_proc)
        action, src, dst = _plan_drag(game, size)
        _drag(display, wid, src, dst)
        _wait_for(lambda: (g := _load(autosave)) is not None and g.game.pending == [action], 20,
                  "the action in the autosave")
        _end_turn(display, wid, autosave, action)

        def answered():
            g = _load(autosave)
            return g if g is not None and len(g.game.turns) >= 4 else None

        final = _wait_for(answered, 60, "the computer's answer in the autosave")
        turns = final.game.turns
        assert turns[2][0] == action, f"the drag played {turns[2]} instead of {action}"
        assert final.players[1].kind == "computer"
        assert len(turns[3]) >= 1 and final.game.to_move == 0
        assert _autosaves(tmp_path) == [autosave]  # one game, one autosave
    finally:
        _stop(game_proc)
        log.close()
    assert "Traceback" not in (tmp_path / "game.log").read_text()


def test_a_turn_in_progress_survives_a_killed_window(tmp_path, display):
    log = open(tmp_path / "game.log", "w")
    first = _new_game(tmp_path, display, log, seed=4)
    try:
        autosave = _wait_for(lambda: _autosaves(tmp_path), 30, "the first autosave")[0]
        game = _wait_for(lambda: _load(autosave), 30, "the first autosave to load").game
        wid, size = _window(display, first)
        action, src, dst = _plan_drag(game, size)
        _drag(display, wid, src, dst)
        _wait_for(lambda: (g := _load(autosave)) is not None and g.game.pending == [action], 20,
                  "the action in the autosave")
        first.kill()  # mid-turn, with no chance to save anything more
        first.wait(timeout=10)
    finally:
        _stop(first)
    # Started again: the title's Continue brings the game back with the action made, ready to end the turn.
    again = _launch(tmp_path, display, log)
    try:
        wid, size = _window(display, again)
        before = autosave.stat().st_mtime_ns
        _click(display, wid, _title_button(size, "Continue"))
        # A game opened is autosaved at once (it becomes the one to continue): the click has been seen.
        _wait_for(lambda: autosave.stat().st_mtime_ns != before, 20, "the game to open")
        _end_turn(display, wid, autosave, action)

        def answered():
            g = _load(autosave)
            return g if g is not None and len(g.game.turns) >= 4 else None

        turns = _wait_for(answered, 60, "the turn ended and the computer's answer").game.turns
        assert turns[2][0] == action, f"the turn ended was {turns[2]}, not the one in progress ({action})"
        assert _autosaves(tmp_path) == [autosave]
    finally:
        _stop(again)
        log.close()
    assert "Traceback" not in (tmp_path / "game.log").read_text()


def test_a_second_game_leaves_the_first_in_load(tmp_path, display):
    from hwgame.persist import Store

    log = open(tmp_path / "game.log", "w")
    first = _new_game(tmp_path, display, log, seed=4)
    try:
        mine = _wait_for(lambda: _autosaves(tmp_path), 30, "the first game's autosave")[0]
        game = _wait_for(lambda: _load(mine), 30, "the first autosave to load").game
        wid, size = _window(display, first)
        action, src, dst = _plan_drag(game, size)
        _drag(display, wid, src, dst)
        _wait_for(lambda: (g := _load(mine)) is not None and g.game.pending == [action], 20,
                  "the action in the autosave")
    finally:
        _stop(first)
    assert first.returncode == 0  # closed, not killed: the game quit as from its close button
    second = _new_game(tmp_path, display, log, seed=6)
    try:
        both = _wait_for(lambda: len(_autosaves(tmp_path)) == 2 and _autosaves(tmp_path), 30,
                         "the second game's autosave")
        other = next(p for p in both if p != mine)
        _wait_for(lambda: _load(other), 30, "the second autosave to load")
    finally:
        _stop(second)
    other_bytes = other.read_bytes()
    assert Store(tmp_path).latest_autosave() == other
    # Started again on the title: Load lists the two unfinished games, the latest first; the second row is
    # the first game, and Enter opens it as it was left.
    third = _launch(tmp_path, display, log)
    try:
        wid, size = _window(display, third)
        before = mine.stat().st_mtime_ns
        _click(display, wid, _title_button(size, "Load"))
        time.sleep(1.0)  # the Load screen reads every save before it shows
        _xdo(display, "windowfocus", wid)
        _xdo(display, "key", "Down")
        _xdo(display, "key", "Return")
        _wait_for(lambda: mine.stat().st_mtime_ns != before, 20, "the first game to open")
        store = Store(tmp_path)
        assert store.latest_autosave() == mine  # opened, it is the one Continue resumes
        assert store.load(mine).game.pending == [action]
        assert other.read_bytes() == other_bytes
        assert [i.path for i in store.list_saves()] == [mine, other]
    finally:
        _stop(third)
        log.close()
    assert "Traceback" not in (tmp_path / "game.log").read_text()


def test_the_command_line_language_opens_the_window_and_leaves_the_setting(tmp_path, display):
    from hwgame.persist import Settings
    from hwgame.persist.settings_file import read_settings, write_settings

    data = tmp_path / "data"
    settings_path = data / "settings.json"
    write_settings(settings_path, Settings(language="zh-Hant", player_name="Ann"))
    before = settings_path.read_bytes()
    with open(tmp_path / "game.log", "w") as log:
        proc = _launch(data, display, log, "--lang", "ja", "--exit-after-first-frame")
        try:
            assert proc.wait(timeout=60) == 0
        finally:
            _stop(proc)
    output = (tmp_path / "game.log").read_text(encoding="utf-8", errors="replace")
    assert "first frame drawn" in output, output
    settings, notices = read_settings(settings_path)
    assert settings.language == "zh-Hant" and notices == []
    assert settings_path.read_bytes() == before  # the saved language untouched by the run's --lang


def test_the_card_of_keys_and_fullscreen_in_a_real_window(tmp_path, display):
    from hwgame.persist.settings_file import read_settings

    log = open(tmp_path / "game.log", "w")
    proc = _new_game(tmp_path, display, log, seed=4)
    try:
        autosave = _wait_for(lambda: _autosaves(tmp_path), 30, "the first autosave")[0]
        game = _wait_for(lambda: _load(autosave), 30, "the first autosave to load").game
        wid, size = _window(display, proc)
        action, src, dst = _plan_drag(game, size)
        _drag(display, wid, src, dst)
        _wait_for(lambda: (g := _load(autosave)) is not None and g.game.pending == [action], 20,
                  "the action in the autosave")
        # F1 opens the card of keys over the board: the Enter that follows closes the card and does not
        # end the turn under it.
        _xdo(display, "windowfocus", wid)
        _xdo(display, "key", "F1")
        time.sleep(0.5)
        _xdo(display, "key", "Return")
        time.sleep(1.0)
        still = _load(autosave)
        assert still is not None and len(still.game.turns) == 2 and still.game.pending == [action]
        _end_turn(display, wid, autosave, action)  # the card gone, Enter ends the turn
        _wait_for(lambda: (g := _load(autosave)) is not None and len(g.game.turns) >= 3, 30, "the turn ended")

        # F11: the window fills the screen (1400x900) and the setting is kept; F11 again gives it back.
        def geometry():
            text = _xdo(display, "getwindowgeometry", wid)
            w, h = text.split("Geometry:")[1].split()[0].split("x")
            return int(w), int(h)

        _xdo(display, "key", "F11")
        _wait_for(lambda: geometry() == (1400, 900), 10, "the window to fill the screen")
        _wait_for(lambda: read_settings(tmp_path / "settings.json")[0].fullscreen, 10, "the setting kept")
        _xdo(display, "key", "F11")
        _wait_for(lambda: geometry() == WINDOW, 10, "the window to come back")
        assert not read_settings(tmp_path / "settings.json")[0].fullscreen
    finally:
        _stop(proc)
        log.close()
    assert "Traceback" not in (tmp_path / "game.log").read_text()


def _opened_at(tmp_path: Path, display: str, data: Path, *args: str) -> tuple[int, int]:
    """The size of the window the game opens with ``args`` (no ``--size`` of the harness's own)."""
    env = dict(os.environ, DISPLAY=display, SDL_VIDEO_WINDOW_POS="0,0", SDL_AUDIODRIVER="dummy", LANGUAGE="en")
    env.pop("SDL_VIDEODRIVER", None)
    env.pop("WAYLAND_DISPLAY", None)
    with open(tmp_path / "size.log", "ab") as log:
        proc = subprocess.Popen([sys.executable, "-m", "hwgame", "--data-dir", str(data), *args], env=env,
                                stdout=log, stderr=subprocess.STDOUT)
        try:
            return _window(display, proc)[1]
        finally:
            proc.terminate()
            proc.wait(timeout=20)


def test_the_window_opens_at_the_size_asked_and_never_larger_than_the_screen(tmp_path, display):
    # The screen is 1400x900; the window keeps 40 pixels of it for the screen's own bars.
    data = tmp_path / "data"
    assert _opened_at(tmp_path, display, data, "--size", "1024x700") == (1024, 700)
    assert _opened_at(tmp_path, display, data, "--size", "1100x720") == (1100, 720)
    assert _opened_at(tmp_path, display, data, "--size", "1920x1080") == (1400, 860)
    # A size kept from a bigger screen opens as large as this one allows, not beyond it.
    from hwgame.persist.schema import Settings

    data.mkdir(parents=True, exist_ok=True)
    (data / "settings.json").write_text(Settings(window_size=(3840, 2160)).model_dump_json(), encoding="utf-8")
    assert _opened_at(tmp_path, display, data) == (1400, 860)


def test_a_window_larger_than_the_layout_shows_it_scaled_and_a_drag_lands_where_it_shows(tmp_path, display):
    # 1400x860 is the whole screen less its bars: the screens are drawn at 1302x800 and shown 1.075 times larger.
    from hwgame.app.view.canvas import logical_size, scale_for

    log = open(tmp_path / "game.log", "w")
    # The last --size given is the one the window takes.
    game_proc = _launch(tmp_path, display, log, "--size", "1400x860", "--new-game", "--opponent", "computer",
                        "--level", "beginner", "--setup", "auto", "--seed", "4")
    try:
        autosave = _wait_for(lambda: _autosaves(tmp_path), 30, "the first autosave")[0]
        game = _wait_for(lambda: _load(autosave), 30, "the first autosave to load").game
        wid, size = _window(display, game_proc)
        assert size == (1400, 860)
        scale = scale_for(size)
        assert scale > 1 and logical_size(size) == (1302, 800)
        action, src, dst = _plan_drag(game, logical_size(size))
        _drag(display, wid, (src[0] * scale, src[1] * scale), (dst[0] * scale, dst[1] * scale))
        _wait_for(lambda: (g := _load(autosave)) is not None and g.game.pending == [action], 20,
                  "the action in the autosave")
    finally:
        _stop(game_proc)
        log.close()
    assert "Traceback" not in (tmp_path / "game.log").read_text()
