"""The core imports only the standard library and does no I/O of its own."""

import ast
import sys
from pathlib import Path

CORE = Path(__file__).resolve().parents[2] / "companion" / "core"
FORBIDDEN_CALLS = {"open", "print", "input"}


def _imports(tree: ast.AST) -> set[str]:
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_core_imports_only_the_standard_library_and_itself():
    for path in CORE.glob("*.py"):
        tree = ast.parse(path.read_text())
        outside = {n for n in _imports(tree) if n not in sys.stdlib_module_names}
        assert outside <= {"companion"}, f"{path.name} imports {outside}"
        companion_imports = {
            node.module for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.module
            and node.module.startswith("companion")}
        assert all(m.startswith("companion.core") for m in companion_imports), path.name


def test_core_does_no_io():
    for path in CORE.glob("*.py"):
        tree = ast.parse(path.read_text())
        calls = {node.func.id for node in ast.walk(tree)
                 if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)}
        assert not calls & FORBIDDEN_CALLS, f"{path.name} calls {calls & FORBIDDEN_CALLS}"
        assert not _imports(tree) & {"os", "sqlite3", "socket", "subprocess", "pathlib"}
