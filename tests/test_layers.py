"""The layering the README's map draws: each package imports only the packages below it.

Read from the source with ``ast`` (nothing is imported), so a new arrow that runs up or sideways fails
here with the file and the line, before it becomes a circle.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1] / "hwgame"

# What each part of the house may import from the project (besides itself). Anything not listed here
# (app, bench, the command line's modules) stands on top and may import the rest.
ALLOWED: dict[str, set[str]] = {
    "rules": set(),
    "i18n": set(),
    "levels": {"i18n"},
    "words": {"rules", "i18n", "levels"},
    "ai": {"rules", "levels"},
    "analysis": {"ai", "rules", "levels"},
    "persist": {"rules", "words", "i18n", "levels"},
    "tutorial": {"rules", "words", "i18n"},
    "engine": {"ai", "rules", "words", "i18n", "levels"},
}
# Libraries a part must never use: the window's, the files', and threads in the pure rules.
FORBIDDEN: dict[str, set[str]] = {
    "rules": {"pygame", "pydantic", "platformdirs", "threading", "multiprocessing", "concurrent"},
    "i18n": {"pygame", "pydantic", "platformdirs"},
    "words": {"pygame", "pydantic", "platformdirs"},
    "ai": {"pygame", "pydantic", "platformdirs"},
    "analysis": {"pygame", "pydantic", "platformdirs"},
    "persist": {"pygame"},
    "tutorial": {"pygame", "pydantic", "platformdirs"},
    "engine": {"pygame"},
}


def part_of(path: Path) -> str:
    """The part of the house a module belongs to: its package under hwgame, or its own name."""
    rel = path.relative_to(ROOT)
    return rel.parts[0] if len(rel.parts) > 1 else rel.stem


def imports_of(path: Path) -> list[tuple[int, str]]:
    """(line, dotted name) of every module ``path`` imports, relative imports made absolute."""
    package = ["hwgame", *path.relative_to(ROOT).parent.parts]
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                name = ".".join([*base, node.module] if node.module else base)
            else:
                name = node.module or ""
            out.append((node.lineno, name))
            if name == "hwgame":  # ``from hwgame import words``
                out += [(node.lineno, f"hwgame.{alias.name}") for alias in node.names]
    return out


MODULES = sorted(p for p in ROOT.rglob("*.py") if part_of(p) in ALLOWED)


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_a_module_imports_only_what_its_layer_may(path):
    part = part_of(path)
    wrong = []
    for line, name in imports_of(path):
        top = name.split(".")
        if top[0] == "hwgame" and len(top) > 1:
            target = top[1]
            if target != part and target not in ALLOWED[part] and target not in ("__init__", "__version__"):
                wrong.append(f"line {line}: {name}")
        elif top[0] in FORBIDDEN.get(part, set()):
            wrong.append(f"line {line}: {name}")
    assert not wrong, f"{path.relative_to(ROOT)} ({part}) imports what its layer may not: {wrong}"


@pytest.mark.parametrize("face", ["rules", "words"])
def test_other_packages_use_the_face_of_the_rules_and_the_words(face):
    outside = sorted(p for p in ROOT.rglob("*.py") if part_of(p) != face)
    reaching_in = [f"{p.relative_to(ROOT)}:{line} {name}" for p in outside for line, name in imports_of(p)
                   if name.startswith(f"hwgame.{face}.")]  # fmt: skip
    assert not reaching_in, f"import hwgame.{face} itself, not its modules: {reaching_in}"


def test_the_check_sees_imports_written_either_way():
    # the test reads the project's own tree; this guards the reader itself against missing a form
    sample = ROOT / "words" / "refusals.py"
    names = {n for _, n in imports_of(sample)}
    assert any(n.startswith("hwgame.rules") for n in names)
    assert len(MODULES) > 60
