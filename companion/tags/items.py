"""One sticker or proxy card, drawn in its cell: the code, then words a player can read."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from companion.core.catalog import CardEntry, Catalog
from companion.tags.draw import PT_MM, centred, draw_qr, fit_line, plain, wrap
from companion.tags.layout import PROXY_HEIGHT_MM, PROXY_WIDTH_MM, Slot, Style

if TYPE_CHECKING:
    from fpdf import FPDF

CAP_HEIGHT = 0.72  # of the font size, Helvetica capitals
TEXT_GAP_MM = 0.4  # between a code's quiet zone and the text next to it
PROXY_INSET_MM = 4.0


def draw_item(pdf: FPDF, catalog: Catalog, slot: Slot, style: Style, size: float) -> None:
    if style.shape == "square":
        square_sticker(pdf, catalog, slot, style, size)
    elif style.shape == "round":
        round_sticker(pdf, catalog, slot, style, size)
    else:
        proxy_card(pdf, catalog, slot, size)


def square_sticker(pdf: FPDF, catalog: Catalog, slot: Slot, style: Style, size: float) -> None:
    """The code at the top of the cell; the tag and the card's name centred beneath."""
    entry, width = slot.entry, style.cell_width
    centre = slot.x + width / 2
    text = catalog.tag_of(entry.card_id).text
    draw_qr(pdf, text, centre - size / 2, slot.y, size)
    text_width = width - 1.5
    pdf.set_text_color(0)
    tag, points = fit_line(pdf, text, text_width, 7, 5, "B")
    baseline = slot.y + size + points * PT_MM * CAP_HEIGHT + TEXT_GAP_MM
    centred(pdf, tag, centre, baseline)
    lines, points = wrap(pdf, entry.name, text_width, 2, 5.5, 4, "")
    for line in lines:
        baseline += points * PT_MM * 1.1
        centred(pdf, line, centre, baseline)


def round_sticker(pdf: FPDF, catalog: Catalog, slot: Slot, style: Style, size: float) -> None:
    """A circular cut around the code's quiet zone; the name above the code, the tag below."""
    radius = style.cell_width / 2
    cx, cy = slot.x + radius, slot.y + radius
    pdf.set_draw_color(120)
    pdf.set_line_width(0.15)
    pdf.circle(cx, cy, radius)
    text = catalog.tag_of(slot.entry.card_id).text
    draw_qr(pdf, text, cx - size / 2, cy - size / 2, size)
    # Each line must fit the circle where it is narrowest: at its edge farthest from the
    # centre (the tag's baseline below the code, the name's cap line above it).
    farthest = size / 2 + TEXT_GAP_MM + 7 * PT_MM * CAP_HEIGHT
    tag, points = fit_line(pdf, text, _chord(radius, farthest), 7, 4, "B")
    centred(pdf, tag, cx, cy + size / 2 + TEXT_GAP_MM + points * PT_MM * CAP_HEIGHT)
    farthest = size / 2 + TEXT_GAP_MM + 5.5 * PT_MM * CAP_HEIGHT
    name, points = fit_line(pdf, slot.entry.name, _chord(radius, farthest), 5.5, 3.5, "")
    centred(pdf, name, cx, cy - size / 2 - TEXT_GAP_MM)


def _chord(radius: float, distance: float) -> float:
    """Width of the circle at `distance` from its centre, less a small margin."""
    return 2 * math.sqrt(max(radius * radius - distance * distance, 0.0)) - 1.0


def proxy_card(pdf: FPDF, catalog: Catalog, slot: Slot, size: float) -> None:
    """A stand-in card: name, deck, our own summary, the tag and PROXY; no artwork."""
    x, y, entry = slot.x, slot.y, slot.entry
    pdf.set_draw_color(120)
    pdf.set_line_width(0.15)
    pdf.rect(x, y, PROXY_WIDTH_MM, PROXY_HEIGHT_MM)
    inner = PROXY_WIDTH_MM - 2 * PROXY_INSET_MM
    left = x + PROXY_INSET_MM
    lines, points = wrap(pdf, entry.name, inner, 2, 12, 8, "B")
    baseline = y + PROXY_INSET_MM
    for line in lines:
        baseline += points * PT_MM * 1.15
        pdf.text(left, baseline, line)
    baseline += 3.6
    deck_line, _ = fit_line(pdf, _deck_line(catalog, entry), inner, 7.5, 6, "I")
    pdf.set_text_color(80)
    pdf.text(left, baseline, deck_line)
    pdf.set_text_color(0)
    pdf.set_draw_color(160)
    pdf.line(left, baseline + 1.8, left + inner, baseline + 1.8)
    bottom = y + PROXY_HEIGHT_MM - PROXY_INSET_MM - size
    _summary(pdf, entry.summary, left, baseline + 2.2, inner, bottom - 1.0)
    _proxy_footer(pdf, catalog, entry, left, bottom, inner, size)


def _deck_line(catalog: Catalog, entry: CardEntry) -> str:
    deck = catalog.decks[entry.deck].title
    copy = f", copy {entry.copy} of {entry.copies}" if entry.copies > 1 else ""
    option = f" ({entry.option} option)" if entry.option else ""
    return f"{deck}{option}{copy}"


def _summary(pdf: FPDF, summary: str, left: float, top: float, width: float,
             bottom: float) -> None:
    """Our short paraphrase of the effect, shrunk until it fits above the code."""
    text = summary or "No effect text: see the rulebook."
    points = 10.0
    while True:
        line_height = points * PT_MM * 1.25
        max_lines = max(1, int((bottom - top) // line_height))
        lines, used = wrap(pdf, text, width, max_lines, points, points, "")
        if not lines[-1].endswith("...") or points <= 6:
            break
        points -= 0.5
    baseline = top
    for line in lines:
        baseline += used * PT_MM * 1.25
        pdf.text(left, baseline, line)


def _proxy_footer(pdf: FPDF, catalog: Catalog, entry: CardEntry, left: float, top: float,
                  width: float, size: float) -> None:
    """The code bottom-left (its quiet zone inside the card); PROXY and the tag beside it."""
    tag = catalog.tag_of(entry.card_id).text
    draw_qr(pdf, tag, left - 1.5, top, size)
    text_left = left - 1.5 + size + 1.0
    room = left + width - text_left
    word, points = fit_line(pdf, "PROXY", room, 20, 8, "B")
    pdf.text(text_left, top + size / 2 - 0.5, word)
    shown, points = fit_line(pdf, tag, room, 10, 6, "B")
    pdf.text(text_left, top + size / 2 + points * PT_MM + 0.8, shown)
    # fit_line leaves the font set at the size it chose.
    note, _ = fit_line(pdf, plain(catalog.title) + " - not for sale", room, 6, 4.5, "")
    pdf.set_text_color(90)
    pdf.text(text_left, top + size - 2.0, note)
    pdf.set_text_color(0)
