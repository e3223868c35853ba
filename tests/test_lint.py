"""The type checker and the linter stay clean.

`mypy companion` and `ruff check companion tests bench` report nothing.

Both come with the `dev` extra, which `bash deploy/setup.sh test` installs; where a tool is
missing the test is skipped and says which one and how to get it.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _run(module: str, *args: str) -> subprocess.CompletedProcess[str]:
    if importlib.util.find_spec(module) is None:
        pytest.skip(f"{module} is not installed "
                    "(pip install -e '.[dev]', or bash deploy/setup.sh test)")
    return subprocess.run([sys.executable, "-m", module, *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=600, check=False)


def test_mypy_finds_no_type_errors_in_the_package() -> None:
    result = _run("mypy", "companion")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Success: no issues found" in result.stdout


def test_ruff_finds_nothing_in_the_package_its_tests_and_benchmarks() -> None:
    result = _run("ruff", "check", "--no-cache", "companion", "tests", "bench")
    assert result.returncode == 0, result.stdout + result.stderr
