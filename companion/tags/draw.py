"""Drawing primitives on an fpdf2 page, all in millimetres: QR codes, fitted text, cut marks,
the scale bar. segno and fpdf2 are imported inside the functions that need them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.tags.layout import CROP_LENGTH_MM, CROP_OFFSET_MM, Block
from companion.tags.sizes import QUIET_ZONE_MODULES, TAG_MODULES

if TYPE_CHECKING:
    from fpdf import FPDF

PT_MM = 25.4 / 72  # one typographic point in millimetres
FONT = "Helvetica"
CUT_GREY = 170  # light enough to vanish under the cut, dark enough to follow
SCALE_BAR_MM = 50.0
#: Characters the PDF core fonts lack, spelled in ones they have.
_PLAIN = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"',
                        "\u2013": "-", "\u2014": "-", "\u2026": "...", "\u00a0": " "})


def plain(text: str) -> str:
    """`text` in the Latin-1 the PDF core fonts can show; anything else becomes '?'."""
    return text.translate(_PLAIN).encode("latin-1", errors="replace").decode("latin-1")


def draw_qr(pdf: FPDF, text: str, x: float, y: float, size: float) -> None:
    """A version-1, level-H QR code of `text`, quiet zone included, `size` mm square at (x, y).

    The dark modules are one filled vector path, so neighbouring modules join without
    hairline seams at any zoom, and each module is exactly size / 29 mm.
    """
    import segno
    from fpdf.drawing import PaintedPath
    from fpdf.enums import PathPaintRule

    code = segno.make_qr(text, error="h", version=1)
    module = size / TAG_MODULES
    origin_x = x + QUIET_ZONE_MODULES * module
    origin_y = y + QUIET_ZONE_MODULES * module
    path = PaintedPath()
    path.style.paint_rule = PathPaintRule.FILL_NONZERO
    path.style.fill_color = "#000000"
    for row, cells in enumerate(code.matrix):
        for start, length in _dark_runs(cells):
            path.rectangle(origin_x + start * module, origin_y + row * module,
                           length * module, module)
    # The path is built here and never touched again, so fpdf2 need not deep-copy it
    # (copying made drawing a sheet several times slower).
    with pdf.drawing_context() as context:
        context.add_item(path, clone=False)


def _dark_runs(cells: bytes | bytearray) -> list[tuple[int, int]]:
    """(start, length) of each run of dark modules in one row."""
    runs: list[tuple[int, int]] = []
    start = None
    for column, dark in enumerate([*cells, 0]):
        if dark and start is None:
            start = column
        elif not dark and start is not None:
            runs.append((start, column - start))
            start = None
    return runs


def fit_line(pdf: FPDF, text: str, width: float, largest: float, smallest: float,
             style: str = "") -> tuple[str, float]:
    """(text, points): the largest size from `largest` down to `smallest` fitting `width`;
    cut short with "..." if even the smallest is too wide."""
    text = plain(text)
    size = largest
    while True:
        pdf.set_font(FONT, style, size)
        if pdf.get_string_width(text) <= width or size - 0.25 < smallest:
            break
        size -= 0.25
    while pdf.get_string_width(text) > width and len(text) > 1:
        text = text[:-4].rstrip() + "..." if len(text) > 4 else text[:-1]
    return text, size


def wrap(pdf: FPDF, text: str, width: float, max_lines: int, largest: float,
         smallest: float, style: str = "") -> tuple[list[str], float]:
    """(lines, points): word-wrapped into at most `max_lines`, shrinking the font first."""
    text = plain(text)
    size = largest
    while True:
        pdf.set_font(FONT, style, size)
        lines = _wrap_words(pdf, text, width)
        if len(lines) <= max_lines or size - 0.25 < smallest:
            break
        size -= 0.25
    if len(lines) > max_lines:
        rest = " ".join(lines[max_lines - 1:])
        last, _ = fit_line(pdf, rest + "...", width, size, size, style)
        lines = [*lines[:max_lines - 1], last]
    return lines, size


def _wrap_words(pdf: FPDF, text: str, width: float) -> list[str]:
    lines: list[str] = []
    for word in text.split():
        if lines and pdf.get_string_width(f"{lines[-1]} {word}") <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines or [""]


def centred(pdf: FPDF, text: str, centre_x: float, baseline: float) -> None:
    pdf.text(centre_x - pdf.get_string_width(text) / 2, baseline, text)


def crop_marks(pdf: FPDF, block: Block) -> None:
    """Black marks outside the block on every cut line, and light cut lines inside it."""
    style, counts = block.style, block.row_counts()
    w, h = style.cell_width, style.cell_height
    pdf.set_line_width(0.15)
    pdf.set_draw_color(0)
    out = CROP_OFFSET_MM
    for k in range(block.columns + 1):
        x = block.x + k * w
        last_row = max(r for r, n in enumerate(counts) if n >= max(k, 1))
        bottom = block.y + (last_row + 1) * h
        pdf.line(x, block.y - out, x, block.y - out - CROP_LENGTH_MM)
        pdf.line(x, bottom + out, x, bottom + out + CROP_LENGTH_MM)
    for r in range(block.rows + 1):
        y = block.y + r * h
        right = block.x + max(counts[max(r - 1, 0):r + 1]) * w
        pdf.line(block.x - out, y, block.x - out - CROP_LENGTH_MM, y)
        pdf.line(right + out, y, right + out + CROP_LENGTH_MM, y)
    _cut_lines(pdf, block, counts)


def _cut_lines(pdf: FPDF, block: Block, counts: list[int]) -> None:
    w, h = block.style.cell_width, block.style.cell_height
    pdf.set_draw_color(CUT_GREY)
    pdf.set_line_width(0.1)
    pdf.set_dash_pattern(dash=0.8, gap=0.8)
    for r, count in enumerate(counts):
        top = block.y + r * h
        for k in range(count + 1):
            pdf.line(block.x + k * w, top, block.x + k * w, top + h)
        for y in (top, top + h):
            pdf.line(block.x, y, block.x + count * w, y)
    pdf.set_dash_pattern()


def scale_bar(pdf: FPDF, x: float, y: float) -> None:
    """A 50 mm ruler with millimetre ticks whose top edge is at y."""
    pdf.set_draw_color(0)
    pdf.set_line_width(0.15)
    pdf.line(x, y, x + SCALE_BAR_MM, y)
    pdf.set_font(FONT, "", 5)
    for mm in range(int(SCALE_BAR_MM) + 1):
        tall = 2.5 if mm % 10 == 0 else 1.6 if mm % 5 == 0 else 0.9
        pdf.line(x + mm, y, x + mm, y + tall)
        if mm % 10 == 0:
            centred(pdf, str(mm), x + mm, y + 4.5)


def header(pdf: FPDF, left_text: str, right_text: str, x0: float, x1: float,
           baseline: float) -> None:
    pdf.set_font(FONT, "B", 7)
    pdf.text(x0, baseline, plain(left_text))
    pdf.set_font(FONT, "", 7)
    right = plain(right_text)
    pdf.text(x1 - pdf.get_string_width(right), baseline, right)
