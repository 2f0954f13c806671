"""The face of the persist package: typed for mypy, loaded on first use at run time."""

from __future__ import annotations

import ast
import importlib
import inspect
import subprocess
import sys

import pytest

import hwgame.persist as persist


def _imports_for_mypy() -> dict[str, str]:
    """The names the ``if TYPE_CHECKING:`` block imports, each with the module it comes from."""
    tree = ast.parse(inspect.getsource(persist))
    block = next(node for node in tree.body if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING")
    return {alias.name: node.module or "" for node in block.body if isinstance(node, ast.ImportFrom)
            for alias in node.names}


def test_mypy_sees_every_name_of_the_face_from_the_module_that_loads_it():
    assert _imports_for_mypy() == persist._WHERE
    assert persist.__all__ == sorted(persist._WHERE)


@pytest.mark.parametrize("name", sorted(persist._WHERE))
def test_each_name_is_the_real_one(name):
    module = importlib.import_module(f"hwgame.persist.{persist._WHERE[name]}")
    assert getattr(persist, name) is getattr(module, name)


def test_an_unknown_name_is_an_attribute_error():
    with pytest.raises(AttributeError, match="no attribute 'save_gmae'"):
        persist.save_gmae  # noqa: B018


def test_importing_the_face_does_not_load_pydantic():
    code = "import sys, hwgame.persist; print('pydantic' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"
