"""The PyInstaller recipe is sane: one windowed file named hwgame, the assets inside, test tools out.

The spec is run here with stand-ins for PyInstaller's Analysis, PYZ and EXE (PyInstaller itself is
not needed for the tests), so the test reads the very values the build would use. Building the
executable is CI's job (.ci/run), not a unit test's.
"""

from __future__ import annotations

import json
import os
import pkgutil
import subprocess
import sys
import types
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SPEC = REPO / "pyinstaller.spec"
MUST_EXCLUDE = {"pytest", "_pytest", "hypothesis", "pydantic.v1", "mypy", "ruff", "tkinter", "unittest"}
RUNTIME = {"hwgame", "pygame", "pydantic", "pydantic_core", "platformdirs", "json", "encodings", "importlib",
           "threading", "argparse", "tempfile"}  # fmt: skip


class _Recorder:
    """Stands in for one of PyInstaller's build steps and keeps what it was given."""

    def __init__(self, kind: str, calls: list):
        self.kind, self.calls = kind, calls

    def __call__(self, *args, **kwargs):
        self.calls.append((self.kind, args, kwargs))
        return types.SimpleNamespace(pure=[], scripts=[], binaries=[], datas=[], zipfiles=[])


def _collect_submodules(package: str, filter=None):
    module = __import__(package)
    names = [package] + [m.name for m in pkgutil.walk_packages(module.__path__, package + ".")]
    return [n for n in names if filter is None or filter(n)]


@pytest.fixture(scope="module")
def spec():
    """The keyword arguments the spec passes to each build step, by step name."""
    calls: list = []
    hooks = types.ModuleType("PyInstaller.utils.hooks")
    hooks.collect_submodules = _collect_submodules
    fake = {"PyInstaller": types.ModuleType("PyInstaller"), "PyInstaller.utils": types.ModuleType("PyInstaller.utils"),
            "PyInstaller.utils.hooks": hooks}  # fmt: skip
    saved = {name: sys.modules.get(name) for name in fake}
    sys.modules.update(fake)
    try:
        namespace = {"SPECPATH": str(REPO), "__file__": str(SPEC), "__name__": "__main__"}
        for kind in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE"):
            namespace[kind] = _Recorder(kind, calls)
        exec(compile(SPEC.read_text(encoding="utf-8"), str(SPEC), "exec"), namespace)
    finally:
        for name, module in saved.items():
            if module is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = module
    steps: dict = {}
    for kind, args, kwargs in calls:
        steps.setdefault(kind, []).append((args, kwargs))
    return steps


def _one(spec, kind):
    assert len(spec.get(kind, [])) == 1, f"{kind} is called {len(spec.get(kind, []))} times"
    return spec[kind][0]


def test_one_windowed_file_named_hwgame(spec):
    args, kwargs = _one(spec, "EXE")
    assert kwargs["name"] == "hwgame"
    assert kwargs["console"] is False
    assert "COLLECT" not in spec and "BUNDLE" not in spec, "a folder build, not a single file"
    assert len(args) >= 4, "binaries and datas go into the executable itself"


def test_the_script_is_the_hwgame_command(spec):
    args, kwargs = _one(spec, "Analysis")
    (scripts,) = args
    assert len(scripts) == 1 and Path(scripts[0]).is_file()
    assert "from hwgame.__main__ import main" in Path(scripts[0]).read_text()
    assert str(REPO) in kwargs["pathex"]


def test_the_assets_and_the_text_font_are_inside(spec):
    _, kwargs = _one(spec, "Analysis")
    datas = {(Path(src), dest) for src, dest in kwargs["datas"]}
    assert (REPO / "assets", "assets") in datas
    assert (REPO / "hwgame" / "openings" / "archive.json.gz", "hwgame/openings") in datas  # the opening book
    fonts = [src for src, dest in datas if dest == "pygame" and src.name == "freesansbold.ttf"]
    assert fonts and fonts[0].is_file()
    for src, _ in datas:
        assert src.exists(), src
    assert (REPO / "assets" / "icon.png").is_file() and (REPO / "assets" / "icon.ico").is_file()


def test_every_data_file_the_game_reads_ships_in_the_wheel_and_in_the_executable(spec):
    import fnmatch
    import tomllib

    _, kwargs = _one(spec, "Analysis")
    datas = {(Path(src), dest) for src, dest in kwargs["datas"]}
    patterns = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["hwgame"]
    package = REPO / "hwgame"
    read = [f for folder in ("tutorial", "openings") for f in (package / folder).iterdir()
            if f.is_file() and f.suffix in (".json", ".gz")]  # fmt: skip
    assert any(f.name == "strategy_positions.json" for f in read)
    for data in read:
        name = data.relative_to(package).as_posix()
        assert any(fnmatch.fnmatch(name, p) for p in patterns), f"{name} is not in the package data"
        assert (data, data.parent.relative_to(REPO).as_posix()) in datas, f"{name} is not in the executable"


def test_every_module_of_the_game_is_named_but_the_benchmarks(spec):
    _, kwargs = _one(spec, "Analysis")
    hidden = set(kwargs["hiddenimports"])
    # Imported by name at run time, so PyInstaller cannot see them by reading the code:
    assert {"hwgame.persist.store", "hwgame.persist.schema", "hwgame.app.tools.smoke", "hwgame.tutorial"} <= hidden
    assert not any(name.startswith("hwgame.bench") for name in hidden)


def test_test_tools_are_left_out_and_nothing_the_game_needs(spec):
    _, kwargs = _one(spec, "Analysis")
    excludes = set(kwargs["excludes"])
    assert MUST_EXCLUDE <= excludes
    for name in excludes:
        for needed in RUNTIME:
            assert not (needed == name or needed.startswith(name + ".")), f"{name} would take {needed} out"


@pytest.mark.slow
def test_nothing_left_out_is_imported_by_the_game(spec, tmp_path):
    """Run the self-check and the window's first frame, then look at every module they loaded."""
    _, kwargs = _one(spec, "Analysis")
    code = (
        "import json, os, sys\n"
        "from hwgame.__main__ import main\n"
        "status = [main(['--smoke']), main(['--exit-after-first-frame', '--size', '1280x800'])]\n"
        "print(json.dumps({'status': status, 'modules': sorted(sys.modules)}))\n"
    )
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", HWGAME_DATA_DIR=str(tmp_path),
               HOME=str(tmp_path))  # fmt: skip
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=120)  # fmt: skip
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["status"] == [0, 0]
    loaded = [m for m in report["modules"] if any(m == e or m.startswith(e + ".") for e in kwargs["excludes"])]
    assert loaded == []
