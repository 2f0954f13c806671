"""The suite refuses to run when a test file is never collected or the count falls unrecorded."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.collection_guard import recorded_floor, uncollected_files

GUARD = Path(__file__).with_name("collection_guard.py")


def test_the_floor_is_the_last_recorded_count():
    text = "# comment\n1700 first\n\n1650 two tests merged into one table\n"
    assert recorded_floor(text) == 1650
    assert recorded_floor("# nothing yet\n") == 0


def test_a_file_pytest_never_reported_on_is_named(tmp_path):
    (tmp_path / "build").mkdir()
    seen = tmp_path / "test_seen.py"
    hidden = tmp_path / "build" / "test_hidden.py"
    for path in (seen, hidden):
        path.write_text("def test_x():\n    pass\n")
    assert uncollected_files({seen.resolve()}, tmp_path) == [hidden]


def _project(tmp_path: Path, floor: int) -> Path:
    """A small project with the guard, one visible test file and one in a folder named build."""
    tests = tmp_path / "tests"
    (tests / "build").mkdir(parents=True)
    (tests / "__init__.py").write_text("")
    shutil.copy(GUARD, tests / "collection_guard.py")
    (tests / "conftest.py").write_text(
        "from tests.collection_guard import pytest_collection_finish, pytest_collectreport  # noqa\n")
    (tests / "test_visible.py").write_text("def test_a():\n    pass\n\ndef test_b():\n    pass\n")
    (tests / "COLLECTED").write_text(f"{floor} the visible tests\n")
    (tmp_path / "pyproject.toml").write_text('[tool.pytest.ini_options]\ntestpaths = ["tests"]\n')
    return tmp_path


def _run(project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *args], cwd=project,
                          capture_output=True, text=True, timeout=120)


@pytest.mark.slow
def test_a_whole_run_stops_on_a_hidden_file_and_a_fallen_count(tmp_path):
    project = _project(tmp_path, floor=3)
    (project / "tests" / "build" / "test_hidden.py").write_text("def test_c():\n    pass\n")
    result = _run(project)
    assert result.returncode != 0
    assert "tests/build/test_hidden.py was never collected" in result.stdout + result.stderr
    assert "2 tests collected, fewer than the 3 recorded" in result.stdout + result.stderr


@pytest.mark.slow
def test_a_complete_run_and_a_chosen_subset_run_as_usual(tmp_path):
    project = _project(tmp_path, floor=2)
    assert _run(project).returncode == 0
    (project / "tests" / "build" / "test_hidden.py").write_text("def test_c():\n    pass\n")
    assert _run(project, "-k", "test_a").returncode == 0  # a chosen subset is not the whole suite
