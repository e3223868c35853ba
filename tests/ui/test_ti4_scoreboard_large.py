"""TI4's scoreboard at the Large text size (try 10, finding 24): the line of what each
seat holds grows with the text size and wraps between its items, never inside one."""

from __future__ import annotations

from companion.ui.devtools.gallery_large import large_text
from companion.ui.devtools.gallery_ti4 import start_ti4

ITEMS = " · "


def _notes(driver) -> list:
    from companion.ui.screens.scoreboard import ScoreLineView
    from companion.ui.widgets import Text

    rows = [w for w in driver.widgets() if isinstance(w, ScoreLineView)]
    return [t for row in rows for t in row.walk(restrict=True)
            if isinstance(t, Text) and t.text == row.note and row.note]


def _lines(label) -> list[str]:
    return ["".join(word.text for word in line.words).strip()
            for line in label._label._cached_lines]


def test_the_scoreboards_counters_grow_with_the_text_and_wrap_between_items(
        make_driver) -> None:
    driver = make_driver(seed=102)
    start_ti4(driver)
    driver.run_line("take Loki")
    driver.app.show("scoreboard")
    driver.wait_for(lambda: len(_notes(driver)) == 3, "the scoreboard's three seats")
    normal = _notes(driver)[0].font_size
    large_text(driver)
    driver.wait_still()
    notes = _notes(driver)
    assert notes[0].font_size >= normal * 1.25, "the counters did not grow with the text"
    for note in notes:
        lines = _lines(note)
        assert len(lines) > 1  # the line is long enough to wrap at Large
        items = [item.replace("\u00a0", " ") for item in note.text.split(ITEMS)]
        for line in lines:
            words = [w.replace("\u00a0", " ").strip(" ·") for w in line.split(ITEMS)]
            assert all(w in items for w in words if w), f"an item is cut across lines: {lines}"
