"""Where every sticker or proxy card goes on the page: pure geometry in millimetres.

Stickers are grouped in blocks, one per deck, each starting on a new row under
a caption, so a strip never mixes two decks. Square stickers abut (one cut
serves two stickers) with crop marks around the block; round stickers for
tiles stand apart, each inside its circular cut line; proxy cards abut and
are outlined.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from companion.core.catalog import CardEntry, Catalog
from companion.tags.sizes import MARGIN_MM, Paper, TagKitError

Shape = Literal["square", "round", "proxy"]

HEADER_MM = 5.0  # one line: game, size, page number
FOOTER_MM = 8.0  # the 50 mm scale bar and its instruction
CAPTION_MM = 4.0  # a deck's title above its block
BLOCK_GAP_MM = 2.0
LABEL_MM = 7.0  # under a square sticker: the tag, then the name on up to two lines
MIN_LABEL_WIDTH_MM = 16.0  # narrower stickers could not show a card name
CROP_OFFSET_MM = 1.0  # crop marks start this far from the cut, so none shows after cutting
CROP_LENGTH_MM = 3.0
ROUND_RING_MM = 1.5  # between the quiet zone's corners and the circular cut
ROUND_GAP_MM = 2.0
PROXY_WIDTH_MM = 63.0  # a standard poker-size card
PROXY_HEIGHT_MM = 88.0
PROXY_MAX_TAG_MM = 30.0  # a bigger code leaves no room for the proxy's text
TILE_WORDS = ("hex", "tile")


@dataclass(frozen=True)
class Style:
    """How one kind of item is laid out: its cell, the gap and padding around it."""

    shape: Shape
    cell_width: float
    cell_height: float
    gap: float
    pad: float  # room around the grid for crop marks


@dataclass(frozen=True)
class Slot:
    """One item at the top-left corner (x, y) of its cell."""

    entry: CardEntry
    x: float
    y: float


@dataclass(frozen=True)
class Block:
    """A grid of same-shaped items under an optional caption."""

    caption: str
    style: Style
    x: float  # top-left of the grid itself (inside the padding)
    y: float
    columns: int
    rows: int
    slots: tuple[Slot, ...]

    @property
    def width(self) -> float:
        return self.columns * self.style.cell_width + (self.columns - 1) * self.style.gap

    @property
    def height(self) -> float:
        return self.rows * self.style.cell_height + (self.rows - 1) * self.style.gap

    def row_counts(self) -> list[int]:
        """How many items each row holds; only the last row may be short."""
        left = len(self.slots)
        counts = []
        for _ in range(self.rows):
            counts.append(min(self.columns, left))
            left -= counts[-1]
        return counts


@dataclass(frozen=True)
class Page:
    blocks: tuple[Block, ...]


def is_tile(catalog: Catalog, entry: CardEntry) -> bool:
    """True for a board tile (e.g. an Outer Space hex), which gets a round sticker."""
    words = f"{entry.kind} {entry.deck} {catalog.decks[entry.deck].title}".lower()
    return any(word in words for word in TILE_WORDS)


def style_for(shape: Shape, size_mm: float) -> Style:
    if shape == "square":
        return Style(shape, max(size_mm, MIN_LABEL_WIDTH_MM), size_mm + LABEL_MM, 0.0,
                     CROP_OFFSET_MM + CROP_LENGTH_MM)
    if shape == "round":
        diameter = round_diameter(size_mm)
        return Style(shape, diameter, diameter, ROUND_GAP_MM, 0.0)
    return Style(shape, PROXY_WIDTH_MM, PROXY_HEIGHT_MM, 0.0, 0.0)


def round_diameter(size_mm: float) -> float:
    """The circular cut around a tag: the whole quiet-zone square fits inside, plus a ring."""
    return size_mm * math.sqrt(2) + 2 * ROUND_RING_MM


def content_box(paper: Paper) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) of the area between header and footer."""
    return (MARGIN_MM, MARGIN_MM + HEADER_MM, paper.width - MARGIN_MM,
            paper.height - MARGIN_MM - FOOTER_MM)


def largest_size(shape: Shape, paper: Paper) -> float:
    """The largest tag size (0.1 mm steps) whose item still fits one page."""
    left, top, right, bottom = content_box(paper)
    width, height = right - left, bottom - top
    if shape == "square":
        largest = min(width - 2 * CROP_OFFSET_MM - 2 * CROP_LENGTH_MM,
                      height - CAPTION_MM - 2 * CROP_OFFSET_MM - 2 * CROP_LENGTH_MM - LABEL_MM)
    elif shape == "round":
        largest = (min(width, height - CAPTION_MM) - 2 * ROUND_RING_MM) / math.sqrt(2)
    else:
        largest = PROXY_MAX_TAG_MM
    return math.floor(largest * 10) / 10


def check_fits(shapes: Sequence[Shape], size_mm: float, paper: Paper) -> None:
    """Refuse a tag size too large for the paper (or for a proxy card), naming the largest."""
    for shape in shapes:
        largest = largest_size(shape, paper)
        if size_mm > largest:
            where = "a proxy card" if shape == "proxy" else f"{paper.name} paper"
            raise TagKitError(
                f"A {size_mm:g} mm tag does not fit on {where}; the largest is {largest:g} mm.")


def groups_for(catalog: Catalog, entries: Sequence[CardEntry],
               proxies: bool) -> list[tuple[str, Shape, list[CardEntry]]]:
    """(caption, shape, cards) per block: one per deck for stickers, one for all proxies."""
    if proxies:
        return [("", "proxy", list(entries))]
    groups: list[tuple[str, Shape, list[CardEntry]]] = []
    for deck in catalog.decks.values():
        cards = [e for e in entries if e.deck == deck.name]
        for shape in ("square", "round"):
            chosen = [e for e in cards if (shape == "round") == is_tile(catalog, e)]
            if chosen:
                groups.append((f"{deck.title} ({len(chosen)})", shape, chosen))
    return groups


def lay_out(groups: Sequence[tuple[str, Shape, list[CardEntry]]], size_mm: float,
            paper: Paper) -> list[Page]:
    """Flow the groups down the pages; a group too long for the page continues overleaf."""
    check_fits([shape for _, shape, _ in groups], size_mm, paper)
    left, top, right, bottom = content_box(paper)
    pages: list[list[Block]] = [[]]
    y = top
    for caption, shape, entries in groups:
        style = style_for(shape, size_mm)
        remaining, title = list(entries), caption
        while remaining:
            block = _block(title, style, remaining, left, right, y, bottom)
            if block is None:
                pages.append([])
                y = top
                continue
            pages[-1].append(block)
            remaining = remaining[len(block.slots):]
            y = block.y + block.height + style.pad + BLOCK_GAP_MM
            title = f"{caption} continued" if caption else ""
    return [Page(tuple(blocks)) for blocks in pages if blocks]


def _block(caption: str, style: Style, entries: Sequence[CardEntry], left: float,
           right: float, y: float, bottom: float) -> Block | None:
    """As much of `entries` as fits between y and bottom, or None if not one row does."""
    step_x, step_y = style.cell_width + style.gap, style.cell_height + style.gap
    columns = max(1, int((right - left - 2 * style.pad + style.gap + 1e-6) // step_x))
    grid_top = y + (CAPTION_MM if caption else 0.0) + style.pad
    free_rows = int((bottom - style.pad - grid_top + style.gap + 1e-6) // step_y)
    rows = min(free_rows, math.ceil(len(entries) / columns))
    if rows < 1:
        return None
    # Centred as if full, so the blocks of one shape share their columns.
    full_width = columns * step_x - style.gap
    x = left + (right - left - full_width) / 2
    taken = entries[:rows * columns]
    columns = min(columns, len(taken))  # so the first row is always full
    slots = tuple(Slot(e, x + (i % columns) * step_x, grid_top + (i // columns) * step_y)
                  for i, e in enumerate(taken))
    return Block(caption, style, x, grid_top, columns, math.ceil(len(taken) / columns), slots)
