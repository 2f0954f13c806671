"""Folders and files an attacker (or a confused system) hands the game: folders the player cannot
enter, loops of symbolic links, names holding a line end, titles holding what no font draws. Each is
one short line and a non-zero exit on the command line, one row in the list of saves, and changes
nothing.

The permission cases run as an ordinary user: root may enter any folder, so when the tests run as
root (as CI does) the command is run as ``nobody`` in a process of its own.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from hwgame.persist import SaveError, Store, paths
from hwgame.persist.paths import ENV_VAR
from hwgame.persist.settings_file import read_settings

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "saves" / "mid-game.json"
TRANSCRIPT = "Homeworlds Online (SDG# 77)\nParticipants: Ann (N), Bob (S)\n\n1) Ann: Homeworld G3 B2 Y3\n"


def _as_nobody() -> list[str]:
    """The start of a command that runs as an ordinary user: nothing when this is one already; as
    root, ``setpriv`` to the user ``nobody`` (skipped, saying why, where that is impossible)."""
    if os.geteuid() != 0:
        return []
    import pwd

    try:
        pwd.getpwnam("nobody")
    except KeyError:
        pytest.skip("running as root and there is no user 'nobody' to test permissions as an ordinary user")
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("running as root without setpriv (util-linux): cannot run the game as an ordinary user")
    prefix = [setpriv, "--reuid=nobody", "--regid=nogroup", "--clear-groups"]
    try:
        probe = subprocess.run([*prefix, sys.executable, "-c", "import hwgame"], cwd="/", capture_output=True,
                               env={**os.environ, "PYTHONPATH": str(REPO)}, timeout=60)  # fmt: skip
    except OSError:
        probe = None
    if probe is None or probe.returncode != 0:
        pytest.skip("running as root, and 'nobody' cannot run this Python or read the project (a folder on "
                    "the way is private): permissions cannot be tested as an ordinary user here")
    return prefix


@pytest.fixture
def open_dir() -> Iterator[Path]:
    """A folder anyone may enter (pytest's own are private to the user who runs the tests)."""
    folder = Path(tempfile.mkdtemp(prefix="hwgame-hostile-"))
    folder.chmod(0o755)
    yield folder
    for root, dirs, _files in os.walk(folder):
        for d in dirs:
            os.chmod(os.path.join(root, d), 0o755)
    shutil.rmtree(folder, ignore_errors=True)


def hwgame(*args: str, home: Path, user: list[str] | None = None, env_dir: str | None = None):
    env = {k: v for k, v in os.environ.items() if k != ENV_VAR}
    env.update(HOME=str(home), XDG_DATA_HOME=str(home / "data"), XDG_CONFIG_HOME=str(home / "config"),
               PYTHONPATH=str(REPO))  # fmt: skip
    if env_dir is not None:
        env[ENV_VAR] = env_dir
    return subprocess.run([*(user or []), sys.executable, "-m", "hwgame", *args], cwd="/", env=env,
                          capture_output=True, text=True, timeout=120)  # fmt: skip


def one_error(done: subprocess.CompletedProcess) -> str:
    """The single line a failing command prints, after checking it failed and printed nothing else."""
    assert done.returncode != 0 and done.stdout == ""
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and len(lines[0]) < 400, done.stderr
    return lines[0]


def _tree(open_dir: Path) -> dict[str, Path]:
    """A locked folder holding a save, a read-only data folder, a data folder whose saves/ is locked,
    a free data folder, and a transcript anyone may read; everything made open to the ordinary user."""
    home = open_dir / "home"
    locked = open_dir / "locked"
    readonly = open_dir / "readonly"
    inner = open_dir / "inner"
    for folder in (home, locked, readonly / "saves", inner / "saves"):
        folder.mkdir(parents=True)
    shutil.copy(EXAMPLE, locked / "mid-game.json")
    transcript = open_dir / "t.txt"
    transcript.write_text(TRANSCRIPT)
    for path in (home, transcript):
        path.chmod(0o777)
    locked.chmod(0o000)
    readonly.chmod(0o555)
    (readonly / "saves").chmod(0o555)
    (inner / "saves").chmod(0o000)
    inner.chmod(0o777)
    return {"home": home, "locked": locked, "readonly": readonly, "inner": inner, "transcript": transcript}


@pytest.mark.slow
@pytest.mark.parametrize("case", ["load", "export", "import-readonly", "import-locked-data", "import-locked-saves",
                                  "load-name-in-locked-saves", "export-into-locked"])
def test_folders_the_user_cannot_enter_are_one_line_and_a_failure(open_dir, case):
    user = _as_nobody()
    t = _tree(open_dir)
    home, locked = t["home"], t["locked"]
    save = str(locked / "mid-game.json")
    commands = {
        "load": ["--load", save, "--smoke"],
        "export": ["export", save, "--sdg", str(home / "out.txt")],
        "import-readonly": ["--data-dir", str(t["readonly"]), "import", str(t["transcript"])],
        "import-locked-data": ["--data-dir", str(locked / "data"), "import", str(t["transcript"])],
        "import-locked-saves": ["--data-dir", str(t["inner"]), "import", str(t["transcript"])],
        "load-name-in-locked-saves": ["--data-dir", str(t["inner"]), "--load", "mid-game", "--smoke"],
        "export-into-locked": ["export", str(EXAMPLE), "--sdg", str(locked / "out.txt")],
    }
    line = one_error(hwgame(*commands[case], home=home, user=user))
    assert line.startswith("hwgame: ") and "permission denied" in line.lower()
    locked.chmod(0o755)
    assert sorted(p.name for p in locked.iterdir()) == ["mid-game.json"]  # nothing written or moved


@pytest.mark.slow
def test_an_unreadable_saves_folder_is_said_so_not_listed_as_empty(open_dir):
    user = _as_nobody()
    t = _tree(open_dir)
    script = ("from hwgame.persist import Store, SaveError\nimport sys\n"
              "try:\n    Store(sys.argv[1]).list_saves()\nexcept SaveError as exc:\n    print(exc.message)\n")
    done = subprocess.run([*user, sys.executable, "-c", script, str(t["inner"])], cwd="/", capture_output=True,
                          text=True, env={**os.environ, "PYTHONPATH": str(REPO)}, timeout=60)  # fmt: skip
    assert done.stdout.strip() == f"{t['inner'] / 'saves'}: the saves folder cannot be read: permission denied"


@pytest.mark.slow
@pytest.mark.parametrize("how", ["option", "variable"])
def test_a_data_folder_that_is_a_loop_of_links_is_one_line(tmp_path, how):
    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    home = tmp_path / "home"
    for args in (["--load", "x", "--smoke"], ["import", str(tmp_path / "t.txt")], ["--smoke"]):
        if how == "option":
            done = hwgame("--data-dir", str(tmp_path / "a"), *args, home=home)
        else:
            done = hwgame(*args, home=home, env_dir=str(tmp_path / "a"))
        assert one_error(done) == f"hwgame: {tmp_path / 'a'}: cannot be reached: it is a loop of symbolic links"


def test_a_saves_folder_that_is_a_loop_of_links(tmp_path):
    (tmp_path / "saves").symlink_to(tmp_path / "saves")
    store = Store(tmp_path)
    with pytest.raises(SaveError, match="loop of symbolic links|cannot be read"):
        store.list_saves()
    assert store.latest_unfinished() is None  # the title's Continue simply finds nothing


@pytest.mark.slow
def test_a_file_name_holding_a_line_end_is_escaped_in_the_one_line(tmp_path):
    folder = tmp_path / "two\nlines"
    folder.mkdir()
    (folder / "bad.json").write_text("{")
    done = hwgame("--load", str(folder / "bad.json"), home=tmp_path / "home")
    line = one_error(done)
    assert "two\\nlines/bad.json: is cut short" in line
    shutil.copy(EXAMPLE, folder / "good.json")
    done = hwgame("--load", str(folder / "good.json"), "--smoke", home=tmp_path / "home")
    assert done.returncode == 0 and done.stdout.count("\n") == 1 and "two\\nlines" in done.stdout


def test_a_settings_file_too_large_is_called_a_settings_file(tmp_path, monkeypatch):
    from hwgame.persist import files

    monkeypatch.setattr(files, "MAX_BYTES", 1000)
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"player_name": "x" * 5000}))
    settings, notices = read_settings(path)
    assert settings.player_name == "Player"
    (notice,) = [str(n()) for n in notices]
    assert "too large to be a settings file" in notice and "save" not in notice


@pytest.mark.parametrize(("field", "value", "why"), [
    ("title", "a\u0000b", "U+0000"),
    ("title", "x\ud800y", "not valid Unicode"),
    ("title", "a\u001b[2Jb", "U+001B"),
    ("title", "T" * 100_000, "at most 500 characters"),
    ("game_id", "id\u0000", "U+0000"),
    ("game_id", "i" * 1000, "at most 100 characters"),
    ("imported", {"winner": "a\nb"}, "U+000A"),
    ("imported", {"source": "s\u2028"}, "U+2028"),
])  # fmt: skip
def test_text_no_line_can_show_is_refused_when_a_save_is_read(saves, field, value, why):
    data = json.loads(EXAMPLE.read_text())
    data[field] = value
    path = saves.saves_dir / "hostile.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    raw = json.dumps(data).encode()
    path.write_bytes(raw)
    with pytest.raises(SaveError, match=re.escape(why)) as caught:
        saves.load(path)
    assert "\n" not in caught.value.message and len(caught.value.message) < 300
    (info,) = saves.list_saves()  # one row, with its problem
    assert info.error is not None and why.split()[0] in info.error
    assert path.read_bytes() == raw


def test_the_data_folder_is_checked_once_before_anything_else(monkeypatch, tmp_path):
    (tmp_path / "loop").symlink_to(tmp_path / "loop")
    monkeypatch.setattr(paths, "_override", None)
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "loop"))
    with pytest.raises(SaveError, match="loop of symbolic links"):
        paths.data_dir()
