"""End to end in a real window: an X server in memory (Xvfb), the game as a separate process, a real mouse
drag and a real key press sent by xdotool, and the computer's answer read back from the autosave.

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
pytestmark = pytest.mark.skipif(
    not (XVFB and XDOTOOL),
    reason="the end-to-end window test needs Xvfb and xdotool (apt-get install xvfb xdotool)",
)

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


def test_drag_in_a_real_window_and_the_computer_answers(tmp_path):
    xvfb, display = _start_xvfb()
    env = dict(os.environ, DISPLAY=display, SDL_VIDEO_WINDOW_POS="0,0", SDL_AUDIODRIVER="dummy")
    env.pop("SDL_VIDEODRIVER", None)
    env.pop("WAYLAND_DISPLAY", None)
    log = open(tmp_path / "game.log", "w")
    game_proc = subprocess.Popen(
        [sys.executable, "-m", "hwgame", "--data-dir", str(tmp_path), "--new-game", "--opponent", "computer",
         "--level", "beginner", "--setup", "auto", "--seed", "4", "--size", f"{WINDOW[0]}x{WINDOW[1]}"],
        env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        autosave = tmp_path / "saves" / "autosave.json"
        loaded = _wait_for(lambda: autosave.exists() and _load(autosave), 30, "the first autosave")
        game = loaded.game
        assert not game.in_setup and game.to_move == 0 and len(game.turns) == 2
        # Found by process id (SDL sets _NET_WM_PID); a name search misses SDL windows on some builds.
        window = _wait_for(lambda: _xdo(display, "search", "--pid", str(game_proc.pid)), 20, "the window")
        wid = window.splitlines()[0]
        geometry = _xdo(display, "getwindowgeometry", wid)
        size_text = geometry.split("Geometry:")[1].split()[0]
        size = tuple(int(v) for v in size_text.split("x"))
        action, src, dst = _plan_drag(game, size)
        time.sleep(0.5)  # let the first frames draw
        # A real drag: press, travel in steps, release.
        _xdo(display, "mousemove", "--window", wid, str(round(src[0])), str(round(src[1])))
        time.sleep(0.1)
        _xdo(display, "mousedown", "1")
        for i in range(1, 9):
            x = src[0] + (dst[0] - src[0]) * i / 8
            y = src[1] + (dst[1] - src[1]) * i / 8
            _xdo(display, "mousemove", "--window", wid, str(round(x)), str(round(y)))
            time.sleep(0.03)
        _xdo(display, "mouseup", "1")
        time.sleep(0.6)
        # End the turn with the real Enter key; confirm if the game asks (it may warn about a catastrophe).
        from hwgame.app.controller import ActionResolver

        probe = _load(autosave).game
        probe.act(action)
        warned = bool(ActionResolver(probe).end_turn_warnings())
        _xdo(display, "windowfocus", wid)
        _xdo(display, "key", "Return")
        if warned:
            time.sleep(0.4)
            _xdo(display, "key", "Return")

        def answered():
            g = _load(autosave)
            return g if g is not None and len(g.game.turns) >= 4 else None

        final = _wait_for(answered, 60, "the computer's answer in the autosave")
        turns = final.game.turns
        assert turns[2][0] == action, f"the drag played {turns[2]} instead of {action}"
        assert final.players[1].kind == "computer"
        assert len(turns[3]) >= 1 and final.game.to_move == 0
    finally:
        game_proc.terminate()
        try:
            game_proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            game_proc.kill()
        log.close()
        xvfb.terminate()
        xvfb.wait(timeout=10)
    assert "Traceback" not in (tmp_path / "game.log").read_text()
