"""The layering ARCHITECTURE.md draws: each package imports only the packages below it, the window's
rooms only the rooms below them, and no files import each other in a circle.

Read from the source with ``ast`` (nothing is imported), so a new arrow that runs up or sideways fails
here with the file and the line. Every import counts: at the top of a file, inside a function, and under
``TYPE_CHECKING`` (an import for the type checker ties two files together as much as any other).
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
    "openings": {"rules", "words", "i18n"},
    "persist": {"rules", "words", "i18n", "levels", "openings"},
    "tutorial": {"rules", "words", "i18n"},
    "cli": {"analysis", "ai", "rules", "words", "i18n", "levels", "persist", "tutorial", "openings"},
}
# Libraries a part must never use: the window's, the files', and threads in the pure rules.
FORBIDDEN: dict[str, set[str]] = {
    "rules": {"pygame", "pydantic", "platformdirs", "threading", "multiprocessing", "concurrent"},
    "i18n": {"pygame", "pydantic", "platformdirs"},
    "words": {"pygame", "pydantic", "platformdirs"},
    "ai": {"pygame", "pydantic", "platformdirs"},
    "analysis": {"pygame", "pydantic", "platformdirs"},
    "openings": {"pygame", "pydantic", "platformdirs", "threading", "multiprocessing", "concurrent"},
    "persist": {"pygame"},
    "tutorial": {"pygame", "pydantic", "platformdirs"},
    "cli": {"pygame"},
}


def part_of(path: Path) -> str:
    """The part of the house a module belongs to: its package under hwgame, or its own name."""
    rel = path.relative_to(ROOT)
    return rel.parts[0] if len(rel.parts) > 1 else rel.stem


def statements_of(path: Path) -> list[tuple[int, str, list[str]]]:
    """(line, dotted module, names taken from it) for every import statement of ``path``, inside
    functions and under ``TYPE_CHECKING`` too, relative imports made absolute (``import x`` takes none)."""
    package = ["hwgame", *path.relative_to(ROOT).parent.parts]
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [(node.lineno, alias.name, []) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                name = ".".join([*base, node.module] if node.module else base)
            else:
                name = node.module or ""
            out.append((node.lineno, name, [alias.name for alias in node.names]))
    return out


def imports_of(path: Path) -> list[tuple[int, str]]:
    """(line, dotted name) of every module ``path`` imports, relative imports made absolute."""
    out = []
    for line, name, names in statements_of(path):
        out.append((line, name))
        if name == "hwgame":  # ``from hwgame import words``
            out += [(line, f"hwgame.{alias}") for alias in names]
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


@pytest.mark.slow
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


# The rooms of the window (hwgame.app), from the top down: a room imports only itself and rooms below it.
APP_ROOMS = ["tools", "window", "scenes", "kit", "panels", "stage", "view", "control", "services"]
# The rooms that may ask the computer or the analysis layer directly; every other room goes through
# the services (the opponent, the coach, the reviewer).
ASKS_THE_COMPUTER = {"services", "tools"}


def module_of(path: Path) -> str:
    """The dotted name of the module at ``path`` (a package is named by its folder)."""
    parts = ["hwgame", *path.relative_to(ROOT).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


ALL_MODULES = {module_of(p): p for p in ROOT.rglob("*.py")}


def resolved(name: str) -> str | None:
    """The project's module ``name`` refers to (``hwgame.app.view.theme.T`` is ``hwgame.app.view.theme``)."""
    while name and name not in ALL_MODULES:
        name = name.rpartition(".")[0]
    return name or None


def edges_of(path: Path) -> list[tuple[int, str]]:
    """(line, module of the project) for every module ``path`` imports, ``from x import module`` included."""
    out = []
    for line, name, names in statements_of(path):
        out += [(line, f"{name}.{alias}" if f"{name}.{alias}" in ALL_MODULES else name) for alias in names or [""]]
    found = []
    for line, name in out:
        target = resolved(name) if name.startswith("hwgame") else None
        if target is not None and target != module_of(path):
            found.append((line, target))
    return found


def app_room(module: str) -> str | None:
    """The room of the window a module lives in, or None outside hwgame.app."""
    parts = module.split(".")
    if parts[:2] != ["hwgame", "app"]:
        return None
    if len(parts) == 2 or parts[2] in ("main", "app"):
        return "window"
    return parts[2]


APP_MODULES = sorted(p for name, p in ALL_MODULES.items() if app_room(name) is not None)


def test_every_module_of_the_window_has_a_room():
    unknown = sorted(name for name in ALL_MODULES if app_room(name) not in (None, *APP_ROOMS))
    assert not unknown, f"modules of hwgame.app outside the rooms {APP_ROOMS}: {unknown}"


@pytest.mark.parametrize("room", [r for r in APP_ROOMS if r != "window"])
def test_each_room_says_what_lives_there(room):
    path = ROOT / "app" / room / "__init__.py" if room != "stage" else ROOT / "app" / "stage.py"
    doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")))
    assert doc and len(doc) > 60, f"{path.relative_to(ROOT)} needs a docstring saying what lives in it"


@pytest.mark.parametrize("path", APP_MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_a_room_of_the_window_imports_only_rooms_below_it(path):
    room = app_room(module_of(path))
    assert room is not None
    wrong = []
    for line, target in edges_of(path):
        other = app_room(target)
        if other is not None and APP_ROOMS.index(other) < APP_ROOMS.index(room):
            wrong.append(f"line {line}: {target} ({other} is above {room})")
        if other is None and target.split(".")[1] in ("ai", "analysis") and room not in ASKS_THE_COMPUTER:
            wrong.append(f"line {line}: {target} (only {sorted(ASKS_THE_COMPUTER)} ask the computer)")
    if room == "control":
        wrong += [f"line {line}: {name}" for line, name in imports_of(path) if name.split(".")[0] == "pygame"]
    assert not wrong, f"{path.relative_to(ROOT)} ({room}) imports what its room may not: {wrong}"


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of two or more modules that import each other round a circle (strongly connected
    components, found by Tarjan's method without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return found


def test_no_files_import_each_other_in_a_circle():
    graph = {name: {target for _, target in edges_of(path)} for name, path in ALL_MODULES.items()}
    found = circles(graph)
    assert not found, "files that import each other round a circle: " + "; ".join(" -> ".join(c) for c in found)


def test_the_circle_check_finds_a_circle_and_its_members():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"e", "d"}}
    assert circles(graph) == [["a", "b", "c"]]
    assert circles({"x": {"y"}, "y": set()}) == []


def test_the_room_check_sees_imports_inside_functions_and_for_the_type_checker():
    names = {target for _, target in edges_of(ROOT / "app" / "scenes" / "play.py")}
    assert "hwgame.app.control.flow" in names  # imported only under TYPE_CHECKING there
    assert "hwgame.app.panels.play_board" in names
