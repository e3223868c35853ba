"""The screenshot gallery's walks at the Large text size: the screens two players found cut
at 800x480 with Large text (issue 22), so the layout check (tests/ui/test_layout.py) reads
them where the cuts were: the camera line without a camera, the Board's ship lines, the
action list scrolled to its footer, the move form's Passes row, a move's two checks (the
die's faces, both outcomes), the draft's private pack, an outer space tile's reveal and the
form of what it prints, and TI4's seat column, Decks tab and take-planets grid."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from companion.ui.devtools.gallery import FLIGHT_SETUP, flight_lines, play_tile
from companion.ui.devtools.gallery_ti4 import start_ti4

if TYPE_CHECKING:  # importing Kivy creates its window: only when driving
    from companion.ui.driver import AppDriver

#: The Large text size, as Settings' "Large" sets it.
LARGE = "large"
#: A draft the app deals (`draft virtual`): Xichang's private pack of ships.
DRAFT_LINES = (*FLIGHT_SETUP[:FLIGHT_SETUP.index("draft")], "draft virtual")
#: TI4 planets taken so every seat's card has its longest lines.
TI4_LINES = ("take Loki", "scan TI/C10", "resolve", "take Jord for Bob",
             "take Nestphar for Carol")


def large_text(driver: AppDriver) -> None:
    """Settings' Text size at Large, as its button sets it."""
    from companion.ui.settings import TEXT_SIZES

    driver.app.change_setting("text_scale", str(TEXT_SIZES[-1]))
    driver.settle()


def no_camera(driver: AppDriver) -> None:
    """The scan strip as the scanner leaves it when no camera answers (a table with none)."""
    driver.screen.ids.scanstrip.set_status("no-camera", "no camera answered")
    driver.settle()


def play_large_gallery(driver: AppDriver) -> Iterator[str]:
    """Exploration at Large text: a flight phase with no camera, a move with two checks,
    then the app's draft."""
    driver.app.start_new_game("xp", list(flight_lines()))
    driver.settle()
    large_text(driver)
    no_camera(driver)
    yield "large-dashboard"
    driver.tap("Board", exact=True)
    yield "large-board"
    driver.tap("Seats", exact=True)
    driver.screen.ids.side_scroll.scroll_y = 0  # the list's foot: "Cards left" above the bar
    driver.wait_still()
    yield "large-actions-end"
    # Back to the list's start before the tap: where the list fits the window (1280x720)
    # the foot set above is past its end, and a tap on a list still springing back only
    # stops it (widgets/touch.py), so the walk's tap was lost there.
    driver.screen.ids.side_scroll.scroll_y = 1
    driver.wait_still()
    driver.tap("Move SHLD1")
    yield "large-form"
    yield from two_checks(driver)
    driver.app.start_new_game("xp", list(DRAFT_LINES))
    driver.settle()
    driver.tap("takes a ship from the pack")
    driver.tap("Show Ana's choices")
    yield "large-draft"
    driver.tap("Hide and go back")
    yield from (f"large-{name}" for name in play_tile(driver))


def two_checks(driver: AppDriver) -> Iterator[str]:
    """On the move form: a move passing two ships' checks, the real die typed for each; the
    faces' buttons, then both outcomes over the move's summary (try 9, s171 and s173)."""
    driver.fill_form(("Moves", "4 spaces"), ("Ends on", "a plain space"), ("Passes", "L1"),
                     ("Passes", "TRNS1"), send=False)
    driver.tap(driver.screen.ids.submit)
    yield "large-check"
    driver.tap("two\n2 symbols", exact=True)
    driver.tap("Next check")  # check 1's outcome showed, large
    driver.tap("one\n1 symbol", exact=True)
    driver.pump_for(0.4)
    yield "large-check-result"
    driver.tap("Continue")


def play_ti4_large_gallery(driver: AppDriver) -> Iterator[str]:
    """TI4 at Large text: the seats, the Decks tab and the take-planets grid."""
    start_ti4(driver)
    for line in TI4_LINES:
        driver.run_line(line)
    large_text(driver)
    no_camera(driver)
    yield "ti4-large-dashboard"
    driver.tap("Decks", exact=True)
    yield "ti4-large-decks"
    driver.tap("Seats", exact=True)
    driver.tap("Take planets for Alice")
    yield "ti4-large-take"
