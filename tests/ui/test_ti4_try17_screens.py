"""TI4 screens the new players of tries 17 and 18 stumbled on (issue 22), by touch."""

from __future__ import annotations

import pytest

from companion.ui.devtools.gallery import seat_players
from companion.ui.settings import TEXT_SIZES, AppSettings

SIZES = pytest.mark.parametrize("scale", [1.0, TEXT_SIZES[-1]], ids=["normal", "large"])


def start(make_driver, scale: float = 1.0):
    driver = make_driver(seed=7, settings=AppSettings(text_scale=scale))
    driver.tap("New game")
    driver.tap("TI4 Exploration")
    seat_players(driver, {"Player 1": "Kim", "Player 2": "Lou", "Player 3": "Max"})
    driver.tap("Start the game")
    return driver


def top_in_window(driver, text: str) -> float:
    button = driver.button(text, exact=True)
    return button.to_window(button.x, button.top)[1]


@SIZES
def test_the_rows_under_a_faction_stay_still_once_it_is_said(make_driver, scale) -> None:
    """Try 18, finding 4: "Max's faction" moved 11 px down after Kim's was set ("Skip"
    became "Skip the rest" and took a third line)."""
    driver = start(make_driver, scale)
    driver.wait_still()
    before = top_in_window(driver, "Max's faction")
    driver.tap("Kim's faction")
    driver.tap("Hacan", exact=True)
    driver.wait_still()
    assert top_in_window(driver, "Max's faction") == before
    assert driver.shown("Kim: Hacan")


@SIZES
def test_the_order_list_shows_whole_rows(make_driver, scale) -> None:
    """Try 17, finding 7: at Large text the order's first line showed cut in half at the
    list's top edge; every row in view is whole, the one just added among them."""
    driver = start(make_driver, scale)
    driver.tap("Take planets for Kim")
    driver.tap("29-50", exact=True)
    driver.tap("32: Dal Bootha, Xxehan")
    driver.tap("33: Corneeq, Resculon")
    driver.wait_still()
    scroll = driver.screen.ids.side_scroll
    low, high = scroll.to_window(scroll.x, scroll.y)[1], scroll.to_window(scroll.x, scroll.top)[1]
    rows = list(reversed(driver.screen.ids.order.children))[:4]
    seen = []
    for row in rows:
        bottom, top = row.to_window(row.x, row.y)[1], row.to_window(row.x, row.top)[1]
        if top <= low + 0.5 or bottom >= high - 0.5:
            continue  # wholly out of view (a swipe away)
        assert low - 0.5 <= bottom and top <= high + 0.5, f"a row cut at the list's edge: " \
            f"{[w.text for w in row.children if hasattr(w, 'text')]}"
        seen.append(row)
    assert rows[-1] in seen and len(seen) >= 3


def test_back_from_a_tiles_ways_goes_back_to_the_tiles(make_driver) -> None:
    """Try 17, finding 8: "< Back" from a tile's ways went to the first list, not to the
    tiles, one level back, as "< Back" does everywhere else."""
    driver = start(make_driver)
    driver.tap("Explore a frontier token by an ability", exact=True)
    driver.tap("System without planets (tile 42)", exact=True)
    assert driver.shown("Tile 42 with another ability, by its name")
    driver.tap("< Back", exact=True)
    assert driver.shown("System without planets (tile 40)")  # the tiles again
    assert not driver.shown("Tile 42 with another ability, by its name")
    driver.tap("System without planets (tile 40)", exact=True)  # and on from there
    assert driver.shown("Tile 40 with another ability, by its name")
    driver.tap("< Back", exact=True)
    driver.tap("Cancel", exact=True)  # the tiles' own way back: the first list
    assert driver.shown("Take planets for Kim")


def test_a_tap_on_a_relic_in_the_relics_panel_opens_its_actions(make_driver) -> None:
    """Try 17, finding 3: a player tapped the relic in the Relics panel to use it and
    nothing happened (its action was three swipes down the first list). And try 18,
    finding 11: the panel's big number is the fragments', said under it."""
    driver = start(make_driver)
    driver.run_line("relic Lou draws R07")  # The Crown of Emphidia
    if driver.screen.name != "dashboard":
        driver.tap("Continue")
    driver.tap("Relics", exact=True)
    lou = next(w for w in driver.widgets() if getattr(w, "heading", "") == "Lou: no fragments")
    assert (lou.count, lou.unit) == ("0", "fragments")
    crown = next(w for w in driver.widgets()
                 if getattr(w, "heading", "") == "The Crown of Emphidia (R07)")
    driver.tap(crown)
    assert driver.screen.ids.actions.trail == "The Crown of Emphidia (R07)"
    assert driver.button("Exhaust The Crown of Emphidia", exact=False).disabled  # Kim's turn
    driver.tap("Purge The Crown of Emphidia (Lou's)")
    seats = {s["seat"]: s for s in driver.app.table.view["seats"]}
    assert seats["Lou"]["relics"] == []
    assert driver.shown("Take planets for Kim")  # back on the first list


def test_letting_the_app_draw_a_relic_by_an_ability_is_one_tap(make_driver) -> None:
    """Try 18, finding 6: "The top relic: let the app draw it" then asked for the relic
    deck's draw again; the tap draws it, and the relic is revealed."""
    driver = start(make_driver)
    driver.tap("Purge three fragments for a relic, or draw one by an ability")
    driver.tap("Lou draws a relic by an ability")
    driver.tap("The top relic: let the app draw it", exact=True)
    assert driver.screen.name == "reveal" and driver.shown("Relic card for Lou")
    driver.tap("Continue", exact=True)
    assert not driver.shown("Let the app draw: Relic deck")
    seats = {s["seat"]: s for s in driver.app.table.view["seats"]}
    assert len(seats["Lou"]["relics"]) == 1
