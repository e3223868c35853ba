"""docs/tagging.md and the size floor agree with the code and the scanner benchmark."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.catalogs import load_catalog
from companion.tags.layout import groups_for, lay_out
from companion.tags.selection import select_cards
from companion.tags.sizes import DEFAULT_SIZE_MM, FLOOR_PX_PER_MODULE, MIN_SIZE_MM, PAPERS

DOCS = Path(__file__).resolve().parents[2] / "docs"
TAGGING = (DOCS / "tagging.md").read_text(encoding="utf-8")


def test_the_documented_sizes_are_the_real_ones() -> None:
    assert f"default {DEFAULT_SIZE_MM:g}, minimum {MIN_SIZE_MM:g}" in TAGGING
    assert f"rounded up to {MIN_SIZE_MM:g} mm" in TAGGING
    assert f"We use {FLOOR_PX_PER_MODULE:g} pixels" in TAGGING


@pytest.mark.parametrize(("row", "game", "options", "proxies"), [
    ("Exploration stickers", "xp", (), False),
    ("TI4 stickers, all", "ti4", ("codex",), False),
    ("TI4 stickers with `--core-only`", "ti4", (), False),
    ("Exploration proxies", "xp", (), True),
    ("TI4 proxies", "ti4", ("codex",), True),
])
def test_the_documented_page_counts_are_the_real_ones(
        row: str, game: str, options: tuple[str, ...], proxies: bool) -> None:
    line = next(line for line in TAGGING.splitlines() if line.startswith(f"| {row}"))
    documented = [int(n) for n in re.findall(r"(\d+) pages", line)]
    catalog = load_catalog(game)
    entries = select_cards(catalog, "all", options)
    assert str(len(entries)) in line
    real = [len(lay_out(groups_for(catalog, entries, proxies), DEFAULT_SIZE_MM, PAPERS[p]))
            for p in ("a4", "letter")]
    assert documented == real


def test_the_floor_is_not_below_the_scanner_benchmark() -> None:
    report = DOCS / "perf.md"
    found = re.search(r"recall >= 98%.*?\*\*([0-9.]+|none)\*\*", report.read_text(), re.S)
    assert found, "docs/perf.md no longer states the pixels-per-module floor"
    assert found.group(1) != "none", "the scanner benchmark found no size it reads at 98%"
    assert float(found.group(1)) <= FLOOR_PX_PER_MODULE
