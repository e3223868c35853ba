"""No import cycle in companion/: dependencies point one way, so any part can be read alone.

Every import counts, also one inside a function or under TYPE_CHECKING: a
lazy import still ties the two files together. Two levels are checked: the
files, and the top-level parts of the package (`companion/scanner/`,
`companion/session.py`, ...), where a cycle is an arrow that runs back up
(the scanner asking the kiosk while the kiosk asks the scanner).
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterable, Mapping
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "companion"


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _imported(node: ast.AST, here: str, is_package: bool,
              modules: Mapping[str, Path]) -> Iterable[str]:
    """The modules of the package an import statement loads for its names.

    `from pkg import sub` names the module `pkg.sub` (its package only runs
    first, as for every submodule); `from pkg import name` names `pkg`.
    """
    if isinstance(node, ast.Import):
        yield from (alias.name for alias in node.names)
    elif isinstance(node, ast.ImportFrom):
        if node.level:
            base = here.split(".")
            base = base[:len(base) - node.level + (1 if is_package else 0)]
            module = ".".join([*base, *([node.module] if node.module else [])])
        else:
            module = node.module or ""
        for alias in node.names:
            sub = f"{module}.{alias.name}"
            yield sub if sub in modules else module


def import_graph(modules: Mapping[str, Path]) -> dict[str, set[str]]:
    """Each module of the package -> the modules of the package it imports."""
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        graph[name] = {dotted for node in ast.walk(tree)
                       for dotted in _imported(node, name, path.name == "__init__.py", modules)
                       if dotted in modules and dotted != name}
    return graph


def cycles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one node (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def _part(module: str) -> str:
    """`companion.scanner.doctor` -> `companion.scanner`; `companion.session` stays."""
    return ".".join(module.split(".")[:2])


def part_graph(graph: Mapping[str, set[str]]) -> dict[str, set[str]]:
    parts: dict[str, set[str]] = {}
    for module, targets in graph.items():
        mine = parts.setdefault(_part(module), set())
        mine.update(_part(t) for t in targets if _part(t) != _part(module))
    return parts


def test_the_checker_finds_a_cycle_and_its_members():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert cycles(graph) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_graph_sees_lazy_and_relative_imports(tmp_path):
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("from . import one\n")
    (tmp_path / "pkg" / "one.py").write_text("def f():\n    from pkg.two import g\n")
    (tmp_path / "pkg" / "two.py").write_text("from .one import f\n")
    modules = {"pkg": tmp_path / "pkg" / "__init__.py", "pkg.one": tmp_path / "pkg" / "one.py",
               "pkg.two": tmp_path / "pkg" / "two.py"}
    assert import_graph(modules) == {"pkg": {"pkg.one"}, "pkg.one": {"pkg.two"},
                                     "pkg.two": {"pkg.one"}}


@functools.cache
def _companion_graph() -> dict[str, set[str]]:
    return import_graph(_modules())


def test_no_file_of_the_companion_imports_itself_through_others():
    graph = _companion_graph()
    assert "companion.cli.main" in graph and graph["companion.api"]  # the package was read
    assert cycles(graph) == []


def test_no_part_of_the_companion_imports_a_part_that_imports_it_back():
    parts = part_graph(_companion_graph())
    assert {"companion.core", "companion.store", "companion.scanner"} <= set(parts)
    assert cycles(parts) == []
