"""The command line a build is checked with: ``--smoke``, ``--version``, ``--help``, the first-frame exit.

Each runs ``python -m hwgame`` as a separate process, as the built executable would be run, with a
private home so nothing reaches the player's real folders.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from hwgame import __version__
from hwgame.app.control.options import FIRST_FRAME_ENV, FIRST_FRAME_MARKER
from hwgame.persist.paths import ENV_VAR

REPO = Path(__file__).resolve().parents[2]


def run(*args: str, home: Path, code: str | None = None, **env_extra: str) -> subprocess.CompletedProcess:
    """``python -m hwgame ARGS`` (or ``python -c CODE``) with HOME and the XDG folders under ``home``."""
    env = {k: v for k, v in os.environ.items() if k not in (ENV_VAR, FIRST_FRAME_ENV, "SDL_VIDEODRIVER")}
    env.update(HOME=str(home), XDG_DATA_HOME=str(home / "data"), XDG_CONFIG_HOME=str(home / "config"))
    env.update(env_extra)
    command = [sys.executable, "-c", code] if code else [sys.executable, "-m", "hwgame", *args]
    return subprocess.run(command, cwd=REPO, env=env, capture_output=True, text=True, timeout=120)


@pytest.mark.slow
def test_smoke_runs_every_check_headless_and_touches_no_real_folder(tmp_path):
    # No SDL_VIDEODRIVER and no DISPLAY here: the check must choose the dummy driver by itself.
    done = run("--smoke", home=tmp_path, DISPLAY="")
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    lines = done.stdout.strip().splitlines()
    for step in ("assets", "middle game", "tutorial", "languages", "computer turn", "save and load"):
        assert any(line.startswith(f"hwgame --smoke: {step}: ok") for line in lines), done.stdout
    assert lines[-1].startswith("hwgame --smoke: all checks passed")
    assert not any(tmp_path.rglob("*.json")), "the check wrote into the player's folders"


def test_a_failing_check_is_one_line_and_exit_status_1(tmp_path):
    code = (
        "import sys, hwgame.app.tools.smoke as s\n"
        "def broken(ctx):\n"
        "    raise OSError('the disk is on fire')\n"
        "s.CHECKS = s.CHECKS[:1] + (('computer turn', broken),)\n"
        "sys.exit(s.run_smoke())\n"
    )
    done = run(home=tmp_path, code=code)
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert done.stderr.strip().splitlines() == ["hwgame --smoke: FAILED: computer turn: OSError: the disk is on fire"]


def test_smoke_with_load_still_checks_only_the_save(tmp_path):
    done = run("--load", str(REPO / "saves" / "mid-game.json"), "--smoke", home=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "loads" in done.stdout and "middle game" not in done.stdout


def test_version(tmp_path):
    done = run("--version", home=tmp_path)
    assert done.returncode == 0
    assert done.stdout.strip() == f"hwgame {__version__}"


def test_help_lists_the_subcommands_and_the_checks(tmp_path):
    done = run("--help", home=tmp_path)
    assert done.returncode == 0
    for word in ("verify", "engine", "export", "import", "--smoke", "--data-dir", "--exit-after-first-frame"):
        assert word in done.stdout, word


@pytest.mark.slow
def test_the_window_can_quit_after_its_first_frame(tmp_path):
    done = run("--exit-after-first-frame", "--data-dir", str(tmp_path / "d"), "--size", "1280x800", home=tmp_path,
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == FIRST_FRAME_MARKER
    done = run("--data-dir", str(tmp_path / "d"), "--size", "1280x800", home=tmp_path,
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", **{FIRST_FRAME_ENV: "1"})
    assert done.returncode == 0, done.stderr
    assert FIRST_FRAME_MARKER in done.stdout


def test_no_display_is_one_clear_line(tmp_path):
    if not sys.platform.startswith("linux"):
        return  # elsewhere a desktop is always there
    done = run("--size", "1280x800", home=tmp_path, DISPLAY="", WAYLAND_DISPLAY="")
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert lines == ["hwgame: cannot open the game window: no display found (DISPLAY is not set)"]
