"""Shared fixtures: a resolver over small test catalogs, and one reader for the session."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # so tests and the bench can `import photos`

from scanner_catalogs import load_test_catalog

from companion.scanner.decoders import make_decoder
from companion.scanner.reader import FrameReader
from companion.scanner.resolve import TagResolver


@pytest.fixture
def resolver() -> TagResolver:
    return TagResolver(load_test_catalog)


@pytest.fixture(scope="session")
def reader() -> FrameReader:
    return FrameReader(make_decoder("zxing"))


@pytest.fixture(autouse=True)
def test_catalogs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Commands resolve against the small test catalogs, not the packaged ones."""
    monkeypatch.setattr("companion.scanner.resolve.default_loader", load_test_catalog)
