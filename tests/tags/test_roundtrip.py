"""Print, then scan: render each kit's pages with pypdfium2 at camera-like resolutions and
read them with the companion's own scanner (the reader and resolver `companion decode` uses).

4.5 pixels per module is what the stand's camera sees of an 18 mm tag (1280 px over
169 mm); the floor case prints the smallest size we allow and renders it at the stand's
resolution, i.e. the floor of 3.5 pixels per module.
"""

from __future__ import annotations

import io
import math
from functools import cache
from typing import TYPE_CHECKING

import pytest

from companion.catalogs import load_catalog
from companion.scanner.commands import build_reader, build_resolver
from companion.tags.kit import Kit, KitRequest, make_kit
from companion.tags.sizes import (
    DEFAULT_SIZE_MM,
    DESIGN_PX_PER_MM,
    FLOOR_PX_PER_MODULE,
    MIN_SIZE_MM,
    QR_MODULES,
    module_mm,
)

if TYPE_CHECKING:
    import numpy as np

pytestmark = pytest.mark.slow
MM_PER_INCH = 25.4


def dpi_for(px_per_module: float, size_mm: float = DEFAULT_SIZE_MM) -> float:
    return px_per_module / module_mm(size_mm) * MM_PER_INCH


@cache
def kit(game: str, paper: str, cards: str = "all", options: tuple[str, ...] = (),
        proxies: bool = False, size: float = DEFAULT_SIZE_MM) -> Kit:
    request = KitRequest(cards, paper, size, proxies, options)
    return make_kit(load_catalog(game), request)


def pages(pdf: bytes, dpi: float) -> list[np.ndarray]:
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(pdf)
    images = []
    for page in document:
        image = page.render(scale=dpi / 72, grayscale=True).to_numpy()
        images.append(image if image.ndim == 2 else image[:, :, 0])
    return images


def scanned(game: str, made: Kit, dpi: float) -> list[str]:
    """Every tag the scanner reads on the kit's pages; each must resolve to a card."""
    reader, resolver = build_reader(None, io.StringIO()), build_resolver(game)
    texts = []
    for image in pages(made.pdf, dpi):
        for raw in reader.read(image).codes:
            code = resolver.resolve(raw)
            assert code.status == "ok", code.describe()
            texts.append(code.text)
    return texts


def assert_round_trip(game: str, made: Kit, dpi: float) -> None:
    texts = scanned(game, made, dpi)
    assert len(texts) == len(set(texts)), "a tag was printed twice"
    missing = set(made.tags) - set(texts)
    assert not missing, f"unread at {dpi:.0f} dpi: {sorted(missing)}"
    assert set(texts) == set(made.tags)


@pytest.mark.parametrize(("game", "paper", "options"), [
    ("xp", "a4", ()), ("xp", "letter", ()), ("ti4", "a4", ()), ("ti4", "letter", ("codex",)),
])
def test_every_sticker_of_a_catalog_scans_at_camera_resolution(
        game: str, paper: str, options: tuple[str, ...]) -> None:
    made = kit(game, paper, options=options)
    catalog = load_catalog(game)
    expected = [c for c in catalog.cards.values() if c.option is None or c.option in options]
    assert len(made.tags) == len(expected)
    assert_round_trip(game, made, dpi_for(4.5))


def test_stickers_scan_at_a_high_resolution_too() -> None:
    assert_round_trip("ti4", kit("ti4", "letter", options=("codex",)), 300)


@pytest.mark.parametrize(("game", "paper", "cards", "options"), [
    ("xp", "a4", "hazard,hex,P01", ()), ("ti4", "letter", "relic,TI/C01", ("codex",)),
])
def test_proxy_cards_scan(game: str, paper: str, cards: str, options: tuple[str, ...]) -> None:
    made = kit(game, paper, cards, options, proxies=True)
    assert_round_trip(game, made, dpi_for(4.5))


def test_the_smallest_allowed_tag_scans_at_the_stands_resolution() -> None:
    made = kit("xp", "a4", "ship,hex", size=MIN_SIZE_MM)
    stand_dpi = DESIGN_PX_PER_MM * MM_PER_INCH
    assert stand_dpi * module_mm(MIN_SIZE_MM) / MM_PER_INCH >= FLOOR_PX_PER_MODULE
    assert_round_trip("xp", made, stand_dpi)


@pytest.mark.parametrize("size", [MIN_SIZE_MM, DEFAULT_SIZE_MM, 25.0])
def test_codes_are_printed_true_to_size(size: float) -> None:
    dpi = 400.0
    made = kit("xp", "letter", "H01,X1", size=size)
    reader = build_reader(None, io.StringIO())
    codes = [c for image in pages(made.pdf, dpi) for c in reader.read(image).codes]
    assert len(codes) == 2
    expected_mm = QR_MODULES * module_mm(size)  # finder corner to finder corner
    for code in codes:
        corners = code.corners
        sides = [math.dist(corners[i], corners[(i + 1) % 4]) for i in range(4)]
        measured_mm = sum(sides) / 4 / dpi * MM_PER_INCH
        assert measured_mm == pytest.approx(expected_mm, rel=0.03)
