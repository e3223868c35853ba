"""The examples in the package's docstrings run in the suite, so a documented example
that stops being true fails here, named by module.

Every module of companion/ is run with `doctest`, except those that load Kivy
or a camera or image library when imported, at their top or through another
module of the package (the app's screens and panels, the decoders): importing
them opens a window or loads native libraries, and their behaviour is tested in
tests/ui and tests/scanner. A test checks that running the examples loads none.
"""

from __future__ import annotations

import ast
import doctest
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "companion"
HEAVY = {"kivy", "cv2", "numpy", "picamera2", "zxingcpp", "pyzbar", "PIL", "reportlab"}
NOT_IMPORTABLE = {"companion.__main__"}  # running it is the command itself


def _name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports_at_top(path: Path) -> set[str]:
    """The dotted names a module imports when it is imported (not inside functions)."""
    found: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def _heavy(modules: dict[str, Path]) -> set[str]:
    """Modules that load Kivy or a camera library when imported, directly or through
    another module of the package (a panel that imports a widget, say)."""
    top = {name: _imports_at_top(path) for name, path in modules.items()}
    heavy = {name for name, names in top.items() if {n.split(".")[0] for n in names} & HEAVY}
    while True:
        more = {name for name, names in top.items() if name not in heavy and names & heavy}
        if not more:
            return heavy
        heavy |= more


def _runnable() -> list[str]:
    modules = {_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}
    heavy = _heavy(modules)
    return [name for name in modules if name not in NOT_IMPORTABLE and name not in heavy]


def _with_examples(name: str) -> bool:
    module = importlib.import_module(name)
    return any(t.examples for t in doctest.DocTestFinder().find(module))


RUNNABLE = _runnable()


@pytest.mark.parametrize("name", RUNNABLE)
def test_the_examples_in_the_docstrings_are_true(name):
    module = importlib.import_module(name)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    report: list[str] = []
    for test in doctest.DocTestFinder().find(module):
        runner.run(test, out=report.append)
    assert runner.failures == 0, "".join(report)


def test_the_documented_values_have_examples():
    """The values a reader meets first show their parse and format by example."""
    with_examples = {name for name in RUNNABLE if _with_examples(name)}
    assert {"companion.core.tags", "companion.core.zones", "companion.core.seats",
            "companion.core.piles",
            "companion.terminal", "companion.scanner.codes"} <= with_examples
    assert len(with_examples) >= 20


def test_no_module_with_examples_is_left_out_unless_it_needs_kivy_or_a_camera():
    modules = {_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}
    heavy = _heavy(modules)
    for name, path in modules.items():
        if ">>> " in path.read_text(encoding="utf-8") and name not in RUNNABLE:
            assert name in heavy, f"{name}'s examples never run"


def test_running_the_examples_loads_neither_kivy_nor_a_camera_library():
    script = ("import importlib, sys; from tests.test_doctests import RUNNABLE\n"
              "for name in RUNNABLE: importlib.import_module(name)\n"
              f"print(sorted(m for m in {sorted(HEAVY)!r} if m in sys.modules))")
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         cwd=PACKAGE.parent, check=True)
    assert run.stdout.strip() == "[]", run.stdout
