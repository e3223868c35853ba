"""The TI4 walk of the screenshot gallery: planets taken in a chosen order on the order
screen, cards scanned (typed `scan` lines, as the camera sends them), the panels.

Cards are named by their tags so the pictures do not depend on the shuffle.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from companion.ui.devtools.gallery import seat_players

if TYPE_CHECKING:  # importing Kivy creates its window: only when driving
    from companion.ui.driver import AppDriver

#: Planets taken and the cards scanned for them, after Rigel (tile 76) in a chosen order.
LATER_LINES = ("take Loki", "scan TI/C10", "resolve",
               "take Abyz Fria", "scan TI/H15", "resolve", "scan TI/H10", "resolve",
               "take Bereg", "scan TI/H18", "resolve", "relic Alice hazardous", "scan TI/R07",
               "take Jord for Bob", "take Nestphar for Carol")


def order_button(driver: AppDriver, planet: str, text: str) -> Any:
    """On the order screen, the Up or Remove button of `planet`'s row in the order."""
    from companion.ui.widgets import Text

    for label in driver.widgets(driver.screen.ids.order):
        if isinstance(label, Text) and planet in label.text:
            return next(b for b in label.parent.children if getattr(b, "text", "") == text)
    raise AssertionError(f"{planet} is not in the order: {driver.texts(driver.screen.ids.order)}")


def seat_card(driver: AppDriver, seat: str) -> Any:
    """The dashboard's card of `seat` (a tap on it opens what the seat holds)."""
    from companion.ui.widgets import SeatRowView

    return next(w for w in driver.widgets() if isinstance(w, SeatRowView) and w.seat == seat)


def start_ti4(driver: AppDriver) -> None:
    driver.tap("New game")
    driver.tap("TI4 Exploration")
    seat_players(driver, {"Player 1": "Alice", "Player 2": "Bob", "Player 3": "Carol"})
    driver.tap("Start the game")


def play_ti4_gallery(driver: AppDriver) -> Iterator[str]:
    """From the start screen of an app with no game: a TI4 session, screen by screen."""
    start_ti4(driver)
    driver.tap("Take planets for Alice")
    driver.tap("69-82", exact=True)  # the section keys of a long list
    driver.tap("76: Rigel I, Rigel II, Rigel III")
    driver.tap(order_button(driver, "Rigel III", "Up"))
    driver.tap(order_button(driver, "Rigel III", "Up"))
    yield "order"
    driver.tap("Take planets for Alice (3)")
    driver.tap("Pick the card drawn at the table: Industrial exploration deck")
    yield "ti4-pick"
    driver.tap("< Back")
    driver.run_line("scan TI/I16")
    driver.pump_for(0.4)
    yield "ti4-reveal"
    driver.tap("Resolve")
    for line in ("scan TI/H16", "resolve", "scan TI/I01", "resolve", *LATER_LINES):
        driver.run_line(line)
    yield "ti4-dashboard"
    driver.tap(seat_card(driver, "Alice"))  # what a seat holds: a tap on its card
    yield "ti4-seat"
    driver.tap("Back to the table")
    for tab in ("Planets", "Relics", "Decks"):
        driver.tap(tab, exact=True)
        yield f"ti4-{tab.lower()}"
    driver.tap("Seats", exact=True)
    driver.run_line("tech Alice dark-energy-tap")
    driver.tap("Explore a frontier token for Alice")
    yield "ti4-frontier"
    driver.tap("Cancel", exact=True)
    # A long choice in the trail, and what is not possible with its reasons: every sentence
    # whole (the layout check reads these pictures too; a cut trail once went unseen).
    driver.tap("Purge three fragments for a relic, or draw one by an ability")
    driver.tap("Not possible now")
    driver.screen.ids.side_scroll.scroll_y = 1  # the picture starts at the trail
    driver.wait_still()
    yield "ti4-not-possible"
    # A seat's faction by name (try 8, finding 40): every faction on one screen, A to Z.
    driver.tap("< Back", exact=True)
    driver.tap("Factions: ")  # the first turn still: "Factions: commodity values ..."
    driver.tap("Carol's faction")
    driver.fill_form(("Faction", "Hacan"), send=False)
    driver.wait_still()
    yield "ti4-faction"
