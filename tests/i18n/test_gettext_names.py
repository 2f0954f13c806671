"""``_`` is the translation function wherever it is imported: a function that also uses ``_`` as a
throw-away name (``_, _, bank = ...``, ``for _ in ...``) would call an int or a tuple instead of
translating, and fail only when that line runs in a player's game."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

PACKAGE = Path(__file__).resolve().parents[2] / "hwgame"


def _imports_gettext(tree: ast.Module) -> bool:
    return any(isinstance(node, ast.ImportFrom) and any(a.name == "_" and a.asname is None for a in node.names)
               for node in ast.walk(tree))


def _binds_underscore(func: ast.AST) -> list[int]:
    lines = []
    for node in ast.walk(func):
        if isinstance(node, ast.Name) and node.id == "_" and isinstance(node.ctx, ast.Store):
            lines.append(node.lineno)
        elif isinstance(node, ast.arg) and node.arg == "_":
            lines.append(node.lineno)
    return lines


def test_no_module_that_translates_rebinds_the_translation_function():
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if not _imports_gettext(tree):
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda | ast.Module):
                lines = _binds_underscore(node) if not isinstance(node, ast.Module) else [
                    n.lineno for n in tree.body if isinstance(n, ast.Assign)
                    and any(isinstance(t, ast.Name) and t.id == "_" for t in n.targets)]
                found += [f"{path.relative_to(PACKAGE.parent)}:{line}" for line in lines]
    assert not found, "`_` is rebound where it translates: " + ", ".join(sorted(set(found)))
