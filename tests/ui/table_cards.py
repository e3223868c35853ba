"""Helpers of the UI tests that play a game from round 2's flight phase with cards laid
under the demo camera: the game, a card read from the camera, and what the seat rows
and the Ships panel show."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from companion.ui.devtools.gallery import flight_lines


def camera_game(make_driver, monkeypatch, seed: int, setup: tuple[str, ...] | None = None):
    """A game at round 2's flight phase (the gallery's set-up unless `setup`) with the
    demo camera and the scanner running; `seed` decides which cards the decks deal."""
    from companion.ui import app

    monkeypatch.setattr(app, "DEMO_CARD_DELAY", 0.05)  # a hand lays the next card at once
    return make_driver(seed=seed, demo=True, scanner=True,
                       demo_setup=setup if setup is not None else flight_lines())


#: The move form's options that end a ship's move on a hazard space or off the map.
ON_A_HAZARD_SPACE = "a hazard space"
OFF_THE_MAP = "a new tile off the map"


def move_one_space(driver, ship: str, ends_on: str) -> None:
    """Move `ship` one space by touch, on the move's form, passing no object."""
    driver.tap(f"Move {ship}")
    driver.fill_form(("Moves", "1 space"), ("Ends on", ends_on))


def card_from_the_camera(driver, name: str, code: str) -> None:
    """Wait for the card the table owes to be read from the camera and revealed."""
    strip = driver.app.screen("dashboard").ids.scanstrip
    driver.wait_for(lambda: driver.screen.name == "reveal",
                    f"{name} ({code}) to be read from the demo camera (the scan strip says "
                    f"{strip.status!r}: {strip.detail!r})")
    driver.settle()  # the reveal's choices are laid out before a finger goes for them
    assert driver.shown(name) and driver.shown(code), driver.texts()
    assert strip.last_scan == f"Read {name} ({code})", strip.last_scan


@dataclass
class HeldHand:
    """The demo's hand keeps the cards it would lay (`laid`) off the table."""

    laid: list[str] = field(default_factory=list)


def hold_the_next_card(driver) -> HeldHand:
    """From now on the demo camera shows no card: the ones it would lay are kept in
    `laid`, so a test can look at the table before a card owed again is read."""
    camera, hand = driver.app.demo_camera, HeldHand()
    show = camera.show

    def held(tag: str | None, words: str) -> None:
        if tag is None:
            show(tag, words)
        else:
            hand.laid.append(tag)

    camera.show = held
    return hand


def seat_counters(driver, seat: str) -> str:
    """The seat row's counters line ('14 credits · 0 command points · ...')."""
    from companion.ui.widgets import SeatRowView

    open_tab(driver, "Seats")
    row = next(w for w in driver.widgets() if isinstance(w, SeatRowView) and w.seat == seat)
    return str(row.counters)


def seat_detail(driver, seat: str) -> str:
    """The seat row's line about its ships and hidden missions (shown beside its score line)."""
    from companion.ui.widgets import SeatRowView

    open_tab(driver, "Seats")
    row = next(w for w in driver.widgets() if isinstance(w, SeatRowView) and w.seat == seat)
    shown = [t for t in driver.texts(row) if t.rstrip(".") == str(row.detail).rstrip(".")]
    assert shown, (row.detail, driver.texts(row))  # (the card ends each line with a stop)
    return str(row.detail)


def seat_score(driver, seat: str) -> tuple[str, str]:
    """The seat row's score and its last change, as shown in big digits."""
    from companion.ui.widgets import SeatRowView

    open_tab(driver, "Seats")
    row = next(w for w in driver.widgets() if isinstance(w, SeatRowView) and w.seat == seat)
    assert row.score in driver.texts(row)
    return str(row.score), str(row.delta)


def ship_lines(driver, card: str) -> list[str]:
    """The Ships panel's lines of one ship: title, place, tracks, [bonuses,] cargo."""
    open_tab(driver, "Ships")
    texts = driver.texts(driver.screen.ids.tabs.panel("Ships"))
    start = next(i for i, t in enumerate(texts) if t.startswith(f"{card} "))
    end = start + 1  # up to its Correct button, the next ship, or the next seat's badge
    while end < len(texts) and not (texts[end].startswith("Fix counts") or len(texts[end]) == 1
                                    or re.match(r"^[A-Z]{3,5}\d+ ", texts[end])):
        end += 1
    return texts[start:end]


def open_tab(driver, title: str) -> None:
    if driver.screen.name != "dashboard":
        return
    if driver.screen.ids.tabs.current != title:
        driver.tap(title, exact=True)
