"""Make a tag kit: select the cards, lay them out, draw the PDF, write it atomically."""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from companion.core.catalog import Catalog
from companion.tags.draw import FONT, SCALE_BAR_MM, crop_marks, header, plain, scale_bar
from companion.tags.items import draw_item
from companion.tags.layout import (
    CAPTION_MM,
    FOOTER_MM,
    HEADER_MM,
    Block,
    Page,
    groups_for,
    lay_out,
)
from companion.tags.selection import ALL, select_cards
from companion.tags.sizes import (
    DEFAULT_SIZE_MM,
    MARGIN_MM,
    Paper,
    TagKitError,
    check_not_too_small,
    paper_named,
)

if TYPE_CHECKING:
    from fpdf import FPDF


@dataclass(frozen=True)
class KitRequest:
    """What to print: which cards, on which paper, how big, stickers or proxy cards."""

    cards: str = ALL
    paper: str = "a4"
    size_mm: float = DEFAULT_SIZE_MM
    proxies: bool = False
    options: tuple[str, ...] = field(default_factory=tuple)


@dataclass(frozen=True)
class Kit:
    """A finished kit: the PDF bytes, its page count and the tags it carries."""

    pdf: bytes
    pages: int
    tags: tuple[str, ...]
    paper: Paper

    def describe(self, path: Path, request: KitRequest) -> str:
        what = "proxy cards" if request.proxies else "stickers"
        sheets = "page" if self.pages == 1 else "pages"
        return (f"Wrote {path}: {len(self.tags)} {what} ({request.size_mm:g} mm tags) on "
                f"{self.pages} {self.paper.name} {sheets}. Print at 100% (actual size) and "
                f"check that the scale bar measures {SCALE_BAR_MM:g} mm.")


def make_kit(catalog: Catalog, request: KitRequest) -> Kit:
    """The PDF of `request`; refuses bad input with TagKitError before drawing anything."""
    paper = paper_named(request.paper)
    check_not_too_small(request.size_mm)
    entries = select_cards(catalog, request.cards, request.options)
    pages = lay_out(groups_for(catalog, entries, request.proxies), request.size_mm, paper)
    pdf = _draw(catalog, pages, paper, request)
    tags = tuple(catalog.tag_of(e.card_id).text for e in entries)
    return Kit(pdf, len(pages), tags, paper)


def write_kit(kit: Kit, path: Path) -> None:
    """Write the PDF to `path` whole or not at all: a temp file beside it, then a rename."""
    folder = path.parent if str(path.parent) else Path(".")
    if path.is_dir():
        raise TagKitError(f"{path} is a folder; give a file name such as {path / 'tags.pdf'}.")
    if not folder.is_dir():
        raise TagKitError(f"The folder {folder} does not exist; create it or choose another.")
    handle, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=folder)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(kit.pdf)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


def _draw(catalog: Catalog, pages: Sequence[Page], paper: Paper, request: KitRequest) -> bytes:
    from fpdf import FPDF

    pdf = FPDF(unit="mm", format=(paper.width, paper.height))
    pdf.set_auto_page_break(False)
    pdf.set_margins(MARGIN_MM, MARGIN_MM)
    pdf.set_title(f"{catalog.title} tag kit")
    pdf.set_creator("Exploration Table Companion")
    what = "proxy cards" if request.proxies else "tag stickers"
    for number, page in enumerate(pages, start=1):
        pdf.add_page()
        header(pdf, f"{catalog.title} {what}, {request.size_mm:g} mm tags",
               f"{paper.name}, page {number} of {len(pages)}", MARGIN_MM,
               paper.width - MARGIN_MM, MARGIN_MM + HEADER_MM - 2.0)
        _footer(pdf, paper)
        for block in page.blocks:
            _draw_block(pdf, catalog, block, request.size_mm)
    return bytes(pdf.output())


def _draw_block(pdf: FPDF, catalog: Catalog, block: Block, size: float) -> None:
    if block.caption:
        pdf.set_font(FONT, "B", 7.5)
        pdf.set_text_color(0)
        pdf.text(block.x, block.y - block.style.pad - CAPTION_MM + 2.8, plain(block.caption))
    if block.style.shape == "square":
        crop_marks(pdf, block)
    for slot in block.slots:
        draw_item(pdf, catalog, slot, block.style, size)


def _footer(pdf: FPDF, paper: Paper) -> None:
    top = paper.height - MARGIN_MM - FOOTER_MM + 1.5
    scale_bar(pdf, MARGIN_MM, top)
    pdf.set_font(FONT, "", 6.5)
    pdf.set_text_color(0)
    pdf.text(MARGIN_MM + SCALE_BAR_MM + 5, top + 2.2,
             f"This bar must measure exactly {SCALE_BAR_MM:g} mm: print at 100% / Actual "
             "size, never Fit to page, on matte white label paper.")
