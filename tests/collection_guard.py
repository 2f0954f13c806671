"""Every test file runs, and the suite never shrinks unnoticed.

pytest quietly skips whole folders (``norecursedirs`` holds ``build``, ``dist`` and dot folders) and files
whose names it does not match, so a test can exist for months without running. When the whole suite is
collected (no paths, ``-k``, ``-m`` or deselection), this refuses to run it if

- a ``test_*.py`` file under ``tests/`` produced no collection report (it was never looked at), or
- fewer tests were collected than the last count recorded in ``tests/COLLECTED``.

A count may fall for a good reason (tests merged or retired): then add a line to ``tests/COLLECTED`` with
the new count and that reason. A count that grows needs nothing.
"""

from __future__ import annotations

from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
FLOOR_FILE = TESTS / "COLLECTED"

_seen_files: set[Path] = set()


def recorded_floor(text: str) -> int:
    """The count on the last line of ``tests/COLLECTED`` that starts with a number (0 when none)."""
    floor = 0
    for line in text.splitlines():
        head = line.split(maxsplit=1)[0] if line.strip() else ""
        if head.isdigit():
            floor = int(head)
    return floor


def uncollected_files(seen: set[Path], root: Path = TESTS) -> list[Path]:
    """The test files under ``root`` that pytest never looked at, given the files it reported on."""
    return sorted(p for p in root.rglob("test_*.py") if "__pycache__" not in p.parts and p.resolve() not in seen)


def _whole_suite(config: pytest.Config) -> bool:
    option = config.option
    if getattr(option, "keyword", "") or getattr(option, "markexpr", "") or getattr(option, "deselect", None):
        return False
    if getattr(option, "lf", False) or getattr(option, "failedfirst", False):
        return False
    args = [Path(a.split("::")[0]).resolve() for a in config.args]
    return all(a == TESTS or a == TESTS.parent for a in args)


def pytest_collectreport(report: pytest.CollectReport) -> None:
    """Note each test file pytest looked at, whether it collected, skipped or failed."""
    file_part = report.nodeid.split("::")[0]
    if file_part.endswith(".py"):
        _seen_files.add((TESTS.parent / file_part).resolve())


def pytest_collection_finish(session: pytest.Session) -> None:
    """Stop a whole-suite run whose collection lost a file or fell below the recorded count."""
    if not _whole_suite(session.config):
        return
    problems = [f"{p.relative_to(TESTS.parent)} was never collected (a folder pytest skips, or a bad name?)"
                for p in uncollected_files(_seen_files)]
    floor = recorded_floor(FLOOR_FILE.read_text(encoding="utf-8")) if FLOOR_FILE.is_file() else 0
    if len(session.items) < floor:
        problems.append(f"{len(session.items)} tests collected, fewer than the {floor} recorded in tests/COLLECTED "
                        "(if that is meant, add a line there with the new count and why)")
    if problems:
        pytest.exit("the test suite is incomplete:\n  " + "\n  ".join(problems), returncode=pytest.ExitCode.USAGE_ERROR)
