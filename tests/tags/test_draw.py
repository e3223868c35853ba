"""Text on a sticker never runs past its cell; the QR is segno's, module for module."""

from __future__ import annotations

import pytest
from fpdf import FPDF

from companion.tags.draw import _dark_runs, fit_line, plain, wrap


@pytest.fixture
def pdf() -> FPDF:
    document = FPDF(unit="mm")
    document.add_page()
    return document


def test_a_long_name_shrinks_then_is_cut_short(pdf: FPDF) -> None:
    short, size = fit_line(pdf, "Shield", 15.0, 7, 4)
    assert (short, size) == ("Shield", 7)
    text, size = fit_line(pdf, "Domination module discount of the far frontier", 15.0, 7, 4)
    assert size == 4 and text.endswith("...")
    assert pdf.get_string_width(text) <= 15.0


def test_wrapping_keeps_to_the_line_limit_and_width(pdf: FPDF) -> None:
    lines, size = wrap(pdf, "Domination module discount", 15.0, 2, 5.5, 4)
    assert len(lines) == 2 and " ".join(lines) == "Domination module discount"
    words = "word " * 60
    lines, size = wrap(pdf, words, 15.0, 2, 5.5, 4)
    assert len(lines) == 2 and size == 4 and lines[-1].endswith("...")
    assert all(pdf.get_string_width(line) <= 15.0 for line in lines)


def test_text_the_core_fonts_lack_is_spelled_plainly() -> None:
    assert plain("Jol\u2019Nar \u2014 \u201cfast\u201d\u2026") == "Jol'Nar - \"fast\"..."
    assert plain("\u4e2d") == "?"


def test_dark_runs_cover_exactly_the_dark_modules() -> None:
    import segno

    for row in segno.make_qr("XP/SHLD1", error="h", version=1).matrix:
        rebuilt = [0] * len(row)
        for start, length in _dark_runs(row):
            rebuilt[start:start + length] = [1] * length
        assert rebuilt == [1 if cell else 0 for cell in row]
