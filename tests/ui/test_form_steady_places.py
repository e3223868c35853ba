"""A form's options keep their places from turn to turn (try 19, finding 2: on the move
screen a trap and a ship came, the Passes rows went from three columns to four, and a habit
tap chose MONY1 where SMAN1 had been): what is new comes after the old places, and takes a
tap only a moment after it shows."""

from __future__ import annotations

import time
from typing import Any

from companion.core.forms import FormField, FormOption
from companion.ui.devtools.gallery import flight_lines
from companion.ui.presenters.actions import ActionItem

SHIPS = (("L1", "Lagrangian point\npasses for sure"), ("SHLD1", "Xichang\npasses for sure"),
         ("SMAN1", "Baikonur"))
NEW = (("MONY1", "Xichang\npasses for sure"), ("T1", "count 2"))


def _form(passes: tuple[tuple[str, str], ...]) -> ActionItem:
    options = tuple(FormOption(value, value, detail) for value, detail in passes)
    field = FormField("passes", "Passes", "toggles", options, min=0, max=len(options),
                      each="past {}", slots=len(options), note="checks")
    return ActionItem("Move LASR1", "input", "move LASR1 {passes}", True, "", "",
                      input_kind="form", fields=(field,))


def _open(driver: Any, item: ActionItem) -> Any:
    driver.app.open_form(item)
    driver.settle()
    driver.wait_still()
    driver.wait_laid_out()
    return driver.screen


def _place(form: Any, value: str) -> tuple[int, int]:
    button = next(b for b in form._buttons if b.value == value)
    x, y = button.to_window(button.x, button.y)
    return round(x), round(y)


def test_a_ship_keeps_its_place_when_others_come_and_a_new_one_waits(make_driver,
                                                                     monkeypatch) -> None:
    import companion.ui.screens.form as form_screen

    monkeypatch.setattr(form_screen, "SEAT_ARRIVAL", 3.0)  # (a slow finger: the test's own)
    driver = make_driver(demo_setup=flight_lines())
    form = _open(driver, _form(SHIPS))
    before = {value: _place(form, value) for value, _d in SHIPS}
    form.ids.back.dispatch("on_release")
    driver.settle()
    form = _open(driver, _form(SHIPS + NEW))
    assert {value: _place(form, value) for value, _d in SHIPS} == before
    # The new ship is held a moment (a finger aimed at what was there before): a touch that
    # went down at once does nothing, one made after the moment chooses it.
    mony = next(b for b in form._buttons if b.value == "MONY1")
    assert mony.taps_from > time.time()
    driver.press(*mony.to_window(*mony.center))
    driver.pump(2)
    assert not mony.chosen
    driver.tap(mony)  # (the driver's finger waits for the moment)
    assert mony.chosen
    sman = next(b for b in form._buttons if b.value == "SMAN1")
    assert sman.taps_from < time.time()  # the ones offered before take taps at once
