"""The Move form the same for every ship (issue 22, try 13): a velocity-9, 6 and 3 ship's
counts in one row, "Ends on" and "Passes" at the same rectangles for each, L1 in the first
place, and with five ships to pass every Passes button reachable whole by a finger, at
Normal and at Large text on 800x480."""

from __future__ import annotations

from typing import Any

import pytest

from companion.ui.devtools.gallery_large import large_text
from companion.ui.devtools.gallery_moves import six_ships

#: The ships that fly in six_ships(), in flight order, with their velocity this round.
FLYING = (("UFST1", 9), ("DSTR4", 6), ("TRNS1", 3))


def _six_ships(make_driver: Any, large: bool) -> Any:
    driver = make_driver(seed=2047)
    driver.app.start_new_game("xp", list(six_ships()))
    driver.settle()
    if large:
        large_text(driver)
    return driver


def _rect(widget: Any) -> tuple[int, int, int, int]:
    x, y = widget.to_window(widget.x, widget.y)
    return round(x), round(y), round(widget.width), round(widget.height)


def _field(form: Any, label: str) -> list[Any]:
    names = {f.name for f in form._item.fields if f.label == label}
    return [b for b in form._buttons if b.field in names]


def _open(driver: Any, ship: str) -> Any:
    driver.tap(f"Move {ship}")
    driver.wait_still()
    driver.wait_laid_out()
    return driver.screen


@pytest.mark.parametrize("large", [False, True], ids=["normal", "large"])
def test_ends_on_and_passes_sit_at_one_place_for_every_velocity(make_driver,
                                                                large: bool) -> None:
    """s234 vs s075: a velocity-9 ship's counts wrapped to a second row and pushed every
    "Ends on" and "Passes" button ~56 px down; s136/s141/s187: L1 never in one place."""
    driver = _six_ships(make_driver, large)
    seen: dict[str, list[tuple[int, int, int, int]]] = {}
    for ship, velocity in FLYING:
        form = _open(driver, ship)
        counts = _field(form, "Moves")
        assert [b.label for b in counts] == [f"{n} space{'s' * (n > 1)}"
                                            for n in range(1, velocity + 1)]
        assert {round(b.y) for b in counts} == {round(counts[0].y)}, ship  # one row
        assert counts[-1].chosen  # full speed chosen first
        ends, passes = _field(form, "Ends on"), _field(form, "Passes")
        assert passes[0].label == "L1" and len(passes) == 6  # L1 and five ships
        for option in (counts[0], ends[0], passes[0]):  # each field's rows hang from its top
            assert option.top == pytest.approx(option.parent.top, abs=1), (ship, option.label)
        places = {"ends": [_rect(b) for b in ends], "passes": [_rect(b) for b in passes]}
        for key, rects in places.items():
            assert rects == seen.setdefault(key, rects), (ship, key)
        driver.tap(form.ids.back)
        driver.tap(f"End {ship}'s flight turn")


@pytest.mark.parametrize("large", [False, True], ids=["normal", "large"])
def test_every_pass_is_reachable_whole_at_the_scrolls_end(make_driver, large: bool) -> None:
    """s154: the last Passes row stayed half under the bottom bar even at the end of the
    scroll, and more of it once the send button grew to two lines. Scrolled to its end,
    the form shows every Passes button whole, and a finger on the last one chooses it."""
    driver = _six_ships(make_driver, large)
    driver.tap(driver.button("End UFST1's flight turn"))  # DSTR4 opens after a taller form
    form = _open(driver, "DSTR4")
    driver.tap(form.option("Ends on", "a plain space"))
    driver.tap(form.option("Passes", "L1"))  # the send button grows to two lines
    scroll = form.ids.fields_scroll
    middle = scroll.to_window(*scroll.center)
    driver.drag((middle[0], middle[1] - 60), 400)  # a finger swipes the list to its end
    driver.wait_laid_out()

    def whole() -> list[str]:
        low = scroll.to_window(scroll.x, scroll.y)[1]
        high = scroll.to_window(scroll.x, scroll.top)[1]
        return [b.label for b in _field(form, "Passes")
                if not low - 1 <= b.to_window(b.x, b.y)[1] <= b.to_window(b.x, b.top)[1]
                <= high + 1]

    # (a list lays out what it held back while the finger was down a moment after it)
    driver.wait_for(lambda: not whole(), f"every Passes button whole, not {whole()}")
    last = _field(form, "Passes")[-1]
    driver.tap(last, scroll=False)  # no further scroll: it is in reach as it is
    assert last.chosen and form.submit_text.endswith(f"passes L1 and {last.label}  >")


def _faces(driver: Any) -> list[tuple[int, int, int, int]]:
    driver.wait_still()
    driver.wait_laid_out()
    grid = driver.screen.ids.faces.children[0]
    return [_rect(f) for f in reversed(grid.children)]


@pytest.mark.parametrize("large", [False, True], ids=["normal", "large"])
def test_the_second_checks_faces_sit_where_the_firsts_did(make_driver, large: bool) -> None:
    """s192 vs s193: on the second of two checks the four faces were shorter and ~10 px
    higher, check 1's result in small print under them pushing them up."""
    driver = _six_ships(make_driver, large)
    driver.tap("Move UFST1")
    driver.fill_form(("Ends on", "a plain space"), ("Passes", "L1"), ("Passes", "TRNS1"))
    assert driver.screen.name == "check"
    first = _faces(driver)
    assert len(first) == 4
    driver.tap("two\n2 symbols", exact=True)
    driver.tap("Next check")  # (check 1's outcome first, large: try 30)
    driver.wait_for(lambda: driver.screen.said != "", "check 1's result under check 2")
    assert _faces(driver) == first
