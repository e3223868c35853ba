"""Page geometry: every card exactly once, nothing outside the margins, nothing overlapping."""

from __future__ import annotations

import itertools
import math
import re

import pytest

from companion.core.catalog import Catalog
from companion.tags.layout import (
    CAPTION_MM,
    PROXY_HEIGHT_MM,
    PROXY_MAX_TAG_MM,
    Page,
    check_fits,
    content_box,
    groups_for,
    is_tile,
    largest_size,
    lay_out,
    round_diameter,
    style_for,
)
from companion.tags.selection import select_cards
from companion.tags.sizes import (
    DEFAULT_SIZE_MM,
    FLOOR_PX_PER_MODULE,
    MARGIN_MM,
    MIN_SIZE_MM,
    PAPERS,
    TagKitError,
    camera_px_per_module,
    check_not_too_small,
    module_mm,
)


def test_the_floor_and_default_follow_from_the_design_point() -> None:
    assert MIN_SIZE_MM == 13.5  # 29 modules * 3.5 px / (1280 px / 169 mm), rounded up
    assert camera_px_per_module(MIN_SIZE_MM) >= FLOOR_PX_PER_MODULE
    assert camera_px_per_module(MIN_SIZE_MM - 0.1) < FLOOR_PX_PER_MODULE
    assert module_mm(DEFAULT_SIZE_MM) == pytest.approx(0.62, abs=0.005)
    assert camera_px_per_module(DEFAULT_SIZE_MM) >= 4.0


@pytest.mark.parametrize("size", [13.4, 11.5, 5.0, 0.0, -3.0])
def test_sizes_below_the_floor_are_refused_naming_the_minimum(size: float) -> None:
    with pytest.raises(TagKitError, match=r"the minimum is 13\.5 mm"):
        check_not_too_small(size)
    check_not_too_small(MIN_SIZE_MM)


@pytest.mark.parametrize("size", [math.nan, math.inf, -math.inf])
def test_a_size_that_is_not_a_number_is_refused(size: float) -> None:
    with pytest.raises(TagKitError, match="must be a number of millimetres"):
        check_not_too_small(size)


def test_tiles_get_round_stickers(xp: Catalog, ti4: Catalog) -> None:
    tiles = {e.card_id for e in xp.cards.values() if is_tile(xp, e)}
    assert tiles == {e.card_id for e in xp.cards.values() if e.deck == "hex"}
    assert not any(is_tile(ti4, e) for e in ti4.cards.values())


def test_a_round_cut_clears_the_whole_quiet_zone() -> None:
    # The corners of the square quiet zone lie inside the circle, with room to spare.
    assert round_diameter(18.0) / 2 > 18.0 * math.sqrt(2) / 2 + 1.0


def placed(pages: list[Page]) -> list[tuple[str, float, float, float, float]]:
    return [(s.entry.card_id, s.x, s.y, b.style.cell_width, b.style.cell_height)
            for page in pages for b in page.blocks for s in b.slots]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("proxies", [False, True])
@pytest.mark.parametrize("size", [MIN_SIZE_MM, DEFAULT_SIZE_MM, 25.0])
def test_every_card_once_inside_the_margins_without_overlap(
        ti4: Catalog, xp: Catalog, paper: str, proxies: bool, size: float) -> None:
    sheet = PAPERS[paper]
    left, top, right, bottom = content_box(sheet)
    assert left >= MARGIN_MM and right <= sheet.width - MARGIN_MM
    for catalog in (xp, ti4):
        entries = select_cards(catalog, "all", ["codex"] if catalog is ti4 else [])
        pages = lay_out(groups_for(catalog, entries, proxies), size, sheet)
        items = placed(pages)
        assert [i[0] for i in items] == [e.card_id for e in entries]
        for page in pages:
            for block in page.blocks:
                pad = block.style.pad
                caption = CAPTION_MM if block.caption else 0.0
                assert block.x - pad >= left - 1e-6
                assert block.y - pad - caption >= top - 1e-6
                assert block.x + block.width + pad <= right + 1e-6
                assert block.y + block.height + pad <= bottom + 1e-6
                if not proxies:  # a sticker block never mixes decks
                    assert len({s.entry.deck for s in block.slots}) == 1
            cells = [(s.x, s.y, b.style.cell_width, b.style.cell_height)
                     for b in page.blocks for s in b.slots]
            for a, b in itertools.combinations(cells, 2):
                apart = (a[0] + a[2] <= b[0] + 1e-6 or b[0] + b[2] <= a[0] + 1e-6
                         or a[1] + a[3] <= b[1] + 1e-6 or b[1] + b[3] <= a[1] + 1e-6)
                assert apart, (a, b)


def test_proxies_fill_three_by_three_on_a4_and_three_by_two_on_letter(xp: Catalog) -> None:
    entries = select_cards(xp)
    for paper, per_page in (("a4", 9), ("letter", 6)):
        pages = lay_out(groups_for(xp, entries, True), DEFAULT_SIZE_MM, PAPERS[paper])
        assert len(pages[0].blocks[0].slots) == per_page
        assert pages[0].blocks[0].style.cell_height == PROXY_HEIGHT_MM


def test_a_size_too_big_for_the_paper_is_refused_naming_the_largest() -> None:
    for paper in PAPERS.values():
        largest = largest_size("square", paper)
        check_fits(["square"], largest, paper)
        with pytest.raises(TagKitError, match=re.escape(f"the largest is {largest:g} mm")):
            check_fits(["square"], largest + 0.1, paper)
        round_largest = largest_size("round", paper)
        assert round_largest < largest
        style = style_for("round", round_largest)
        assert style.cell_width <= paper.width - 2 * MARGIN_MM
    with pytest.raises(TagKitError, match="does not fit on a proxy card"):
        check_fits(["proxy"], PROXY_MAX_TAG_MM + 1, PAPERS["a4"])
