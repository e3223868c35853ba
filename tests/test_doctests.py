"""The examples in the package's docstrings run in the suite, so a documented example
that stops being true fails here, named by module.

Every module of companion/ is run with `doctest`, except those that import
Kivy or a camera or image library at their top (the app's screens, the
decoders): importing them opens windows or loads native libraries, and their
behaviour is tested in tests/ui and tests/scanner.
"""

from __future__ import annotations

import ast
import doctest
import importlib
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "companion"
HEAVY = {"kivy", "cv2", "numpy", "picamera2", "zxingcpp", "pyzbar", "PIL", "reportlab"}
NOT_IMPORTABLE = {"companion.__main__"}  # running it is the command itself


def _name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports_at_top(path: Path) -> set[str]:
    """The top-level packages a module imports when it is imported (not inside functions)."""
    found: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module.split(".")[0])
    return found


def _runnable() -> list[str]:
    return [_name(p) for p in sorted(PACKAGE.rglob("*.py"))
            if _name(p) not in NOT_IMPORTABLE and not _imports_at_top(p) & HEAVY]


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
    for path in sorted(PACKAGE.rglob("*.py")):
        if ">>> " in path.read_text(encoding="utf-8") and _name(path) not in RUNNABLE:
            assert _imports_at_top(path) & HEAVY, f"{_name(path)}'s examples never run"
