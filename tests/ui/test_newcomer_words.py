"""Sentences a newcomer reads on the TI4 screens say what is possible in words, never in
the CLI's syntax ("with ABILITY", "type order ...")."""

from __future__ import annotations

from companion.ui.devtools.gallery_ti4 import start_ti4

CODE_WORDS = ("ABILITY", "type order", "order \"")


def code_shown(driver) -> list[str]:
    return [t for t in driver.texts() if any(word in t for word in CODE_WORDS)]


def test_the_explore_screen_and_the_waiting_planets_are_told_in_words(make_driver) -> None:
    driver = make_driver(seed=102)
    start_ti4(driver)
    driver.tap("Take planets for Alice")
    assert driver.screen.name == "order"
    assert not code_shown(driver)
    driver.tap("76: Rigel I, Rigel II, Rigel III")
    driver.tap("Take planets for Alice (3)")
    assert driver.screen.name == "dashboard"
    assert driver.shown("Waiting, in this order: Rigel II (P76B), then Rigel III (P76A)"
                        "; any of them can still be explored next instead.")  # (35.2d) left out
    assert driver.shown("Explore Rigel III (P76A) before Rigel II (P76B)")  # the sentence's
    assert not code_shown(driver)


def test_the_history_and_the_table_tell_undo_and_redo_without_command_lines(
        make_driver) -> None:
    from companion.games.exploration import DEMO_SETUP

    driver = make_driver(seed=2047, demo_setup=DEMO_SETUP)
    driver.tap("History")
    assert driver.shown("Undo would take back step 3: Ben takes Baikonur and gains 10 credits")
    driver.tap("Undo the last step")
    assert driver.shown("Redo would bring back step 3: Ben takes Baikonur and gains")
    assert driver.shown("Undid step 3: Ben takes Baikonur")  # the history's new row
    assert not [t for t in driver.texts() if "(join " in t]
    driver.tap("Back to the table")
    assert driver.app.message.startswith("Undid: Ben takes Baikonur")  # its words, no number
    assert not [t for t in driver.texts() if "(join " in t]


def test_counts_on_the_dashboard_are_said_as_a_player_says_them(make_driver) -> None:
    from companion.games.exploration import DEMO_SETUP

    driver = make_driver(seed=2047, demo_setup=DEMO_SETUP)
    assert driver.shown("16 cards owed in all, 5 for the maneuver row.")
    driver.tap("Let the app draw: Development cards")
    driver.tap("Continue")
    assert driver.shown("Xichang has 5 more cards to draw.")
    assert not [t for t in driver.texts() if "(s)" in t]


def test_the_cards_owed_are_the_cards_the_one_tap_draw_pages_through(make_driver) -> None:
    """"16 cards owed" then "card 1 of 21" read as a mistake: one count, the row included."""
    import re

    from companion.games.exploration import DEMO_SETUP

    driver = make_driver(seed=2047, demo_setup=DEMO_SETUP)
    owed = next(int(m.group(1)) for t in driver.texts()
                if (m := re.search(r"(\d+) cards owed in all", t)))
    driver.tap("Let the app draw every owed card")
    assert driver.screen.name == "reveal"
    assert driver.screen.counter.endswith(f"card 1 of {owed}"), driver.screen.counter


def test_with_no_camera_no_sentence_says_scan_the_card(make_driver) -> None:
    """The last new players' tries: with no camera, the step's sentence ("... and scan
    the card", behind "(more)") and the turn's hint ("take or scan a planet") spoke of a
    scan. With no camera they say the table's ways instead; with one, the scan."""
    driver = make_driver(seed=102)
    start_ti4(driver)
    assert not driver.app.camera  # (the tests' app starts no scanner)
    assert driver.shown("take a planet, or another action") and not any(
        "scan a planet" in t for t in driver.texts())
    driver.tap("Take planets for Alice")
    driver.tap("76: Rigel I, Rigel II, Rigel III")
    driver.tap("Take planets for Alice (3)")
    said = driver.app.message
    assert "deck and pick it from the list (or let the app draw)." in said
    assert "scan" not in said
    driver.app.camera = True
    driver.app.undo()
    driver.app.redo()
    driver.wait_for(lambda: "and scan the card." in driver.app.message, "the camera's words")


def test_with_no_camera_the_history_rows_say_no_scan_either(make_driver) -> None:
    """Issue 22 (tries 16-18): the step's sentence said the table's ways, but its History
    row still said "draw from the ... deck and scan the card"."""
    driver = make_driver(seed=102)
    start_ti4(driver)
    driver.tap("Take planets for Alice")
    driver.tap("76: Rigel I, Rigel II, Rigel III")
    driver.tap("Take planets for Alice (3)")
    driver.tap("History")
    assert driver.screen.name == "history"
    rows = [t for t in driver.texts() if "deck and pick it from the list" in t]
    assert rows, driver.texts()
    assert not any("scan the card" in t for t in driver.texts())
