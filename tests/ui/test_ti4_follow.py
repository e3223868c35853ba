"""The side tabs follow the active player (issue 22, try 12 findings 21, 32): the turn
passes while another tab is open, and back on Seats the acting seat's card is in view; the
open Planets tab brings the acting seat's planets to its top when the turn passes."""

from __future__ import annotations

from companion.ui.devtools.gallery_ti4 import start_ti4


def active_row(driver):
    from companion.ui.widgets import SeatRowView

    seats = driver.app.screen("dashboard").ids.seats
    return next(w for w in seats.children if isinstance(w, SeatRowView) and w.active)


def in_view(driver, widget) -> bool:
    parent = widget.parent.parent
    low, high = parent.to_window(parent.x, parent.y)[1], parent.to_window(parent.x,
                                                                        parent.top)[1]
    bottom, top = widget.to_window(widget.x, widget.y)[1], widget.to_window(widget.x,
                                                                          widget.top)[1]
    return low - 1 <= bottom and top <= high + 1


def test_back_on_seats_the_acting_seats_card_is_in_view(make_driver) -> None:
    driver = make_driver(seed=102)
    start_ti4(driver)
    driver.run_line("factions-assumed")
    seats = driver.app.screen("dashboard").ids.seats
    assert seats.height > seats.parent.height  # three seats do not fit at 800x480
    driver.tap("Planets", exact=True)
    driver.run_line("end")
    driver.run_line("end")  # Carol's turn, while the Planets tab is open
    driver.tap("Seats", exact=True)
    driver.wait_for(lambda: in_view(driver, active_row(driver)), "Carol's card in view")
    assert active_row(driver).seat == "Carol"


def test_the_open_planets_tab_follows_the_turn(make_driver) -> None:
    driver = make_driver(seed=102)
    start_ti4(driver)
    for line in ("factions-assumed", "take P25", "scan TI/C01", "resolve", "take P26",
                 "scan TI/C02", "resolve", "take P28B", "scan TI/C03", "resolve",
                 "take P29B for Bob", "scan TI/C04", "resolve",
                 "take P30A for Carol", "scan TI/C05", "resolve"):
        driver.run_line(line)
    driver.tap("Planets", exact=True)
    tabs = driver.app.screen("dashboard").ids.tabs
    panel, page = tabs.panel("Planets"), tabs._pages["Planets"]
    driver.run_line("end")
    driver.run_line("end")  # Carol's turn: her planets, last in the list, come to the top
    driver.wait_for(lambda: panel.opening is not None and abs(page.below_top(
        panel.opening)) < 8, "Carol's planets at the top of the Planets tab")
