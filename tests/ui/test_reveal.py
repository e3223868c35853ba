"""The card reveal as the table reads it: what the card is called in the rulebook, whose
ship drew it, and its words and choices readable at the Pi display's 800x480."""

from __future__ import annotations

from companion.ui.devtools.gallery import flight_lines
from tests.ui.table_cards import OFF_THE_MAP, ON_A_HAZARD_SPACE, move_one_space


def flight_game(make_driver):
    """Round 2's flight phase (the gallery's set-up: Ana's Xichang, Ben's Baikonur);
    cards are scanned through the command bar, as a hand-held scanner would send them."""
    driver = make_driver(seed=6, demo=True, demo_setup=flight_lines())
    driver.tap("End SHLD1's flight turn")
    return driver


def test_a_hazard_card_is_headed_with_the_ship_that_drew_it_and_its_player(make_driver):
    driver = flight_game(make_driver)
    move_one_space(driver, "TRNS1", ON_A_HAZARD_SPACE)
    driver.type_command("scan XP/H02")
    assert driver.screen.name == "reveal"
    assert driver.screen.heading == "Hazard card for TRNS1 (Ana)"
    assert driver.shown("Hazard card for TRNS1 (Ana)") and driver.shown("Lost cargo")


def test_an_outer_space_tile_is_headed_as_the_rulebook_calls_it(make_driver):
    driver = flight_game(make_driver)
    move_one_space(driver, "TRNS1", OFF_THE_MAP)
    driver.type_command("scan XP/X5")
    assert driver.screen.name == "reveal"
    assert driver.screen.heading == "Outer Space tile for TRNS1 (Ana)"
    assert not driver.shown("Hex card")


def test_five_choices_at_800x480_are_one_height_and_leave_the_card_readable(make_driver):
    from kivy.metrics import dp

    driver = make_driver(seed=6, demo=True, demo_setup=flight_lines())
    driver.tap("Move SHLD1")
    driver.fill_form(("Moves", "1 space"), ("Ends on", "a hazard space"))
    driver.type_command("scan XP/H12")  # Mars restriction: close one of 4 spaces, or ignore
    driver.settle()
    screen = driver.screen
    assert screen.name == "reveal" and screen.heading == "Hazard card for SHLD1 (Ben)"
    choices = list(reversed(screen.ids.choices.children))
    assert [b.text.split("  (")[0] for b in choices] == [
        *(f"Apply Mars restriction: close mars{n}" for n in range(1, 5)),
        "Ignore Mars restriction"]
    assert choices[-1].text.endswith("(2 command points)"), choices[-1].text  # its cost
    heights = {round(b.height) for b in choices}
    assert len(heights) == 1 and heights.pop() >= dp(48)
    # Every label fits its button, and the card (name, summary, what the app did) fits
    # above them without scrolling.
    assert all(b.texture_size[1] <= b.height for b in choices)
    card = screen.ids.card
    assert card.height <= card.parent.height
    did = "Baikonur draws hazard Mars restriction (H12) for SHLD1. Apply it, or ignore it " \
          "for 2 command points."
    assert screen.did == did and driver.shown(did)


def test_the_board_tab_shows_whose_cube_is_where_and_the_closed_mars_space(make_driver):
    from companion.ui.widgets import Text

    driver = make_driver(seed=6, demo=True, demo_setup=flight_lines())
    for line in ("move SHLD1 1 hazard", "scan XP/H12", "resolve mars1", "next",
                 "drop TRNS1 gnss"):  # SHLD1 flies first
        driver.type_command(line)
    if driver.screen.name != "dashboard":
        driver.tap("Continue")
    driver.tap("Board", exact=True)
    board = driver.screen.ids.tabs.panel("Board")
    areas = {w.heading: w for w in driver.widgets(board) if getattr(w, "heading", "")}
    gnss, mars = areas["GNSS orbit"], areas["Mars"]  # an area: its cubes in big digits
    assert gnss.detail.startswith("Held by Xichang 1 cube")
    assert gnss.count == "1" and gnss.detail.split("\n")[1:] == [
        "gnss1: Xichang (Ana)'s cube (GNSS)", "Free: gnss2, gnss3, gnss4, gnss5"]
    assert mars.count == "0" and mars.detail.split("\n")[1:] == [
        "mars1: closed by a restriction token: no domination points there",
        "Free: mars2, mars3, mars4"]
    assert all(w.texture_size[0] <= w.width + 1 for w in driver.widgets(board)
               if isinstance(w, Text))


def test_leaving_a_hazard_undecided_says_it_is_only_a_look_around(make_driver):
    """Rulebook, "Hazard Space": "draw 1 hazard card from the deck and immediately resolve
    its effects": nothing else can be done before. Try 9 (finding 15) read "Decide later"
    as "after other things"; the way out says what it is."""
    from companion.ui.screens.reveal import LOOK_AROUND

    driver = flight_game(make_driver)
    move_one_space(driver, "TRNS1", ON_A_HAZARD_SPACE)
    driver.type_command("scan XP/H02")
    assert driver.screen.name == "reveal" and driver.shown("Apply Lost cargo")
    assert not driver.shown("Decide later")
    steps = driver.app.table.steps
    driver.tap(LOOK_AROUND, exact=True)
    assert driver.screen.name == "dashboard"
    assert driver.app.table.steps == steps  # nothing applied, nothing ignored
    assert driver.shown("Apply Lost cargo")  # the decision waits on the table
    others = [a["label"] for a in driver.app.table.prompt["actions"] if a["enabled"]
              and a.get("group") != "Undo and redo" and "Lost cargo" not in a["label"]]
    assert others == []  # and it is true: nothing else is offered meanwhile
