"""Try 21 (issue #22): what a new player hit, mended and checked by touch."""

from __future__ import annotations

from companion.ui.devtools.gallery import flight_lines
from tests.ui.test_check import walk_to_the_dice


def test_every_check_of_a_move_offers_the_tables_roll_or_the_apps(make_driver):
    """Finding 2: after "App rolls the die" on check 1, check 2 was rolled by the app too,
    with no chance to enter the table's own roll."""
    driver = make_driver(demo_setup=flight_lines())
    driver.tap("End SHLD1's flight turn")
    walk_to_the_dice(driver, "TRNS1", "1 space", "a plain space", "L1", "SHLD1")
    assert driver.shown("Maneuver check 1 of 2: TRNS1 against L1")
    driver.tap("App rolls the die")
    # Check 2 offers the same choice: the table's faces and the app's roll.
    assert driver.screen.name == "check" and driver.screen.mode == "choose"
    assert driver.shown("Maneuver check 2 of 2: TRNS1 against SHLD1")
    assert driver.shown("Check 1 (L1): the app rolls it with the last check.")
    assert driver.shown("App rolls the die")
    driver.tap("two\n2 symbols", exact=True)
    assert driver.screen.mode == "result"
    assert driver.app.table.history[-1].command == \
        "move TRNS1 1 space past L1 past SHLD1 die app die two"
    # The app's roll for check 1 shows first, then the table's for check 2.
    assert driver.shown("Maneuver check 1 of 2: TRNS1 against L1")
    assert driver.shown("The app rolled")
    driver.tap("Next check")
    assert driver.shown("Maneuver check 2 of 2: TRNS1 against SHLD1")
    assert driver.shown("The table rolled two.")
    driver.tap("Continue")
    assert driver.screen.name == "dashboard"


def test_opening_what_is_not_possible_brings_its_first_reason_into_view(make_driver):
    """Finding 4: "Not possible now: 1 action" opened its reason below the fold, and the
    tap seemed to do nothing."""
    from companion.games.exploration import DEMO_SETUP
    from companion.ui.settings import AppSettings
    from companion.ui.widgets.touch import holding_list

    driver = make_driver(seed=2047, demo_setup=DEMO_SETUP, settings=AppSettings())
    driver.tap("Let the app draw every owed card")
    driver.tap(driver.screen.ids["continue"])
    toggle = driver.button("Not possible now: ")
    scroll = holding_list(toggle)
    assert driver.reachable(toggle)  # at the foot of the list, where the player tapped it
    driver.tap(toggle, scroll=False)
    driver.wait_still()
    driver.wait_for(lambda: not scroll.waiting, "the list placed")
    reasons = [w for w in driver.widgets(driver.screen.ids.unavailable)
               if getattr(w, "text", "").startswith("Start ")]
    assert reasons, driver.texts(driver.screen.ids.unavailable)
    first = reasons[0]
    bottom = scroll.to_window(scroll.x, scroll.y)[1]
    top = scroll.to_window(scroll.x, scroll.top)[1]
    assert first.to_window(0, first.y)[1] >= bottom - 1, "the reason is below the fold"
    assert first.to_window(0, first.top)[1] <= top + 1
    hide = driver.button("Hide what is not possible now")
    assert hide.to_window(0, hide.y)[1] >= bottom - 1  # still in view: one tap hides it


def test_the_new_game_says_how_many_play_before_start(make_driver):
    """Finding 1: TI4 needs 3 players, and the form said so only after Start."""
    from companion.ui.screens.newgame import SeatEntry
    from companion.ui.widgets import CommandInput

    driver = make_driver()
    driver.tap("New game")
    driver.tap("TI4 Exploration", exact=True)
    driver.settle()
    start = driver.button("Start the game", exact=True)
    beside = next(w for w in start.parent.children if w is not start)
    assert beside.text == "3 to 8 players: 0 named (3 more to start)" and driver.reachable(beside)
    assert driver.shown("3 to 8 players (leave a seat empty if nobody sits there)")
    fields = [next(w for w in row.children if isinstance(w, CommandInput))
              for row in driver.widgets() if isinstance(row, SeatEntry)]
    fields[0].text, fields[1].text = "Kim", "Lou"
    driver.settle()
    assert beside.text == "3 to 8 players: 2 named (1 more to start)"
    # Try 22, finding 9: with too few names Start looks greyed, not ready (still tappable).
    assert start.kind == "off" and not start.disabled
    driver.tap(start)
    assert driver.screen.name == "newgame"
    assert beside.text == "Name at least 3 players to start."  # the missing count, as before
    fields[2].text = "Ana"
    driver.settle()
    assert beside.text == "3 to 8 players: 3 named"
    assert start.kind == "primary"  # green once the game can start
    driver.tap("Exploration", exact=True)
    driver.settle()
    assert beside.text.startswith("2 to ")
    assert beside.text.endswith(" players: 0 named (2 more to start)")


def test_the_keyboard_leaves_the_next_seat_in_view_and_the_chips_hold_still(make_driver):
    """Finding 12: the keyboard covered the seats under the one typed, so "Next" went to a
    field nobody could see, and the seat's own chip vanished at the first letter;
    finding 7: typing a name in one seat changed another seat's chip (Ben to Ana)."""
    from companion.ui.settings import AppSettings
    from tests.ui.test_keyboard import chip_by, name_fields, seen_whole

    driver = make_driver(settings=AppSettings(recent_names=("Ana", "Ben")))
    driver.tap("New game")
    fields = name_fields(driver)
    chips = [chip_by(driver, f) for f in fields[:3]]
    assert [c.text for c in chips] == ["Ana", "Ben", "Player 3"]
    driver.tap(fields[0])
    for index in range(3):
        driver.pump(3)
        assert fields[index].focus and seen_whole(driver, fields[index])
        assert seen_whole(driver, fields[index + 1]), f"seat {index + 2} hidden by the keyboard"
        driver.type_keys("Kim" if index == 0 else "")
        driver.pump(2)
        if index == 0:  # while typed in: its own chip and the next seat's hold still
            assert (chips[0].text, chips[0].opacity) == ("Ana", 1)
            assert (chips[1].text, chips[1].opacity) == ("Ben", 1)
        driver.type_keys("\n")  # Next
    assert chips[0].opacity == 0 and chips[1].text == "Ben"  # seat 1 left, named: no chip
