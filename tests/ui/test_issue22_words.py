"""Issue 22 (strangers 20 and 21): the words a new player reads at the table, by touch at
800x480."""

from __future__ import annotations

import os
from pathlib import Path

from companion.ui.devtools.gallery_ti4 import start_ti4

SHOTS = os.environ.get("WORDS_SHOTS")  # a folder: the screens are saved there to look at


def _shot(driver, name: str) -> None:
    if SHOTS:
        driver.screenshot(Path(SHOTS) / f"{name}.png")


def test_planets_taken_for_another_player_are_confirmed_on_the_table(make_driver) -> None:
    """Finding 10: after "Take planets for another player" (Lou) and the card resolved, the
    table said "Lou resolved Expedition" and nothing confirmed Lou's planet."""
    driver = make_driver(seed=102)
    start_ti4(driver)
    driver.tap("Take planets for another player")
    driver.tap("Bob")
    driver.tap("19: Wellon", scroll=False)
    driver.tap("Take planets for Bob (1)")
    driver.tap("Let the app draw: Industrial exploration deck")
    assert driver.screen.name == "reveal"
    driver.tap("Gain 1 commodity")  # Local Fabricators, this seed's draw
    driver.wait_for(lambda: driver.screen.name == "dashboard", "the table again")
    _shot(driver, "taken-for-bob")
    assert driver.app.message.startswith("Bob takes Wellon.")
    assert driver.shown("Bob takes Wellon.")


def _rule_marks_shown(driver) -> list[str]:
    import re

    from companion.games.ti4.rules import RULE_MARKS

    return [t for t in driver.texts() if re.search(RULE_MARKS, t)]


def test_rule_references_stay_out_of_the_table_and_in_the_json(make_driver) -> None:
    """Stranger 20, finding 7: "(35.9a)", "(LRR 94)", "(note 1)" in the History and the
    greyed reasons; the table reads the rule, the command line and JSON keep its number."""
    driver = make_driver(seed=102)
    start_ti4(driver)
    for line in ("take Lodor for Bob", "scan TI/C12", "resolve"):
        driver.run_line(line)
    driver.run_line('take "Rigel I" "Rigel II" for Alice')
    driver.wait_still()
    assert "Waiting next: Rigel II (P76B)." in driver.app.message  # not "(P76B) (35.2d)."
    assert not _rule_marks_shown(driver)
    driver.tap("Undo")
    driver.wait_still()
    driver.tap("Trade a relic fragment  >", exact=True)
    driver.tap(driver.button("from Bob"), scroll=False)
    assert driver.button("To Carol").disabled
    driver.tap("Not possible now: 1 action", scroll=False)
    driver.wait_still()
    _shot(driver, "trade-greyed")
    assert driver.shown("It is Alice's turn: a transaction is between the active player and "
                        "a neighbour, so Bob cannot give a fragment to Carol now.")
    assert not _rule_marks_shown(driver)
    driver.app.show("dashboard")
    driver.settle()
    driver.tap("History")
    _shot(driver, "history")
    assert driver.shown("Bob gives Cultural Relic Fragment (C12) to Alice.") or \
        driver.shown("Undid step")
    assert not _rule_marks_shown(driver)
    assert not [row.sentence for row in driver.app.table.history if "(35." in row.sentence]


def test_the_faction_words_read_whole_at_normal_and_large(make_driver, kivy_window) -> None:
    """Stranger 21, finding 9: "Skip: commodity value 3 assumed", "Ana 3 (Ana assumed)" and
    "Explore: Kim owns no Dark Energy Tap" said in a player's words, whole at both sizes."""
    from companion.ui.devtools.gallery_large import large_text
    from tests.ui.layout_rules import problems

    driver = make_driver(seed=102)
    start_ti4(driver)
    assert driver.shown("Skip: no faction, commodity value 3")
    _shot(driver, "factions-first")
    for line in ("faction Alice hacan", "faction Bob jol-nar", "factions-assumed"):
        driver.run_line(line)
    driver.wait_still()
    line = "Record a faction (Alice Hacan, Bob Jol-Nar; Carol has none: commodity value 3)"
    assert driver.shown("Explore a frontier token: needs Dark Energy Tap")
    for size in ("normal", "large"):
        if size == "large":
            large_text(driver)
            driver.wait_still()
        for n, words in enumerate((line, "Explore a frontier token: needs")):
            button = driver.button(words)
            if not driver.reachable(button):
                driver._scroll_into_view(button)  # (as a finger's swipe)
                driver.wait_still()
            _shot(driver, f"factions-{size}-{n}")
            assert not [p for p in problems(driver.screen, kivy_window, driver.app.text_scale)
                        if "Record a faction" in p or "Dark Energy Tap" in p]


def _ship_buttons_whole(driver, kivy_window, marks: tuple[str, ...]) -> list[str]:
    """The layout's problems with the buttons naming a ship of `marks` ("(TRNS1)")."""
    from tests.ui.layout_rules import problems

    return [p for p in problems(driver.screen, kivy_window, driver.app.text_scale)
            if any(mark in p for mark in marks)]


def test_ship_buttons_lead_with_the_seat_cards_name_at_normal_and_large(
        make_driver, kivy_window) -> None:
    """Stranger 21, finding 9 (issue 22): "Select TRNS1", "Deploy SHLD1 (Shield)" led with
    the code; the seat card says "Transporter (TRNS1)", and so do the buttons now."""
    from companion.ui.devtools.gallery import flight_lines
    from companion.ui.devtools.gallery_large import large_text

    driver = make_driver(demo_setup=flight_lines()[:-5])  # Xichang's round-2 preparation
    for size in ("normal", "large"):
        if size == "large":
            large_text(driver)
            driver.wait_still()
        if size == "normal":  # the seat card (at Large on 800x480: a tap on the seat away)
            assert driver.shown("Transporter (TRNS1) in orbiting space")
        for words in ("Select Transporter (TRNS1)", "Deploy Money maker (MONY1)",
                      "Build a module on Transporter (TRNS1)"):
            button = driver.button(words)
            if not driver.reachable(button):
                driver._scroll_into_view(button)  # (as a finger's swipe)
                driver.wait_still()
            _shot(driver, f"ships-{size}-{words.split()[0].lower()}")
            assert not _ship_buttons_whole(driver, kivy_window, ("(TRNS1)", "(MONY1)"))


def test_all_spaceships_movement_says_the_rulebooks_move_by_one_space(
        make_driver, kivy_window) -> None:
    """Stranger 21, finding 9: "Report where LASR3 drifts", "LASR3 drifts onto a credit
    space": the rulebook says "All spaceships movement: move by 1 space"."""
    from companion.ui.devtools.gallery import flight_lines
    from companion.ui.devtools.gallery_large import large_text

    driver = make_driver(demo_setup=flight_lines())
    driver.tap("End SHLD1's flight turn")
    driver.tap("End TRNS1's flight turn")
    assert driver.shown("All spaceships movement: where each ship on the map moves, then")
    for size in ("normal", "large"):
        if size == "large":
            large_text(driver)
            driver.wait_still()
        _shot(driver, f"movement-{size}")
        buttons = [t for t in driver.texts() if "(TRNS1)" in t or "(SHLD1)" in t]
        assert "Transporter (TRNS1) moves by 1 space  >" in buttons, buttons
        assert not [t for t in driver.texts() if "drift" in t.lower() and "(" in t]
        assert not _ship_buttons_whole(driver, kivy_window, ("(TRNS1)", "(SHLD1)"))
    driver.tap("Transporter (TRNS1) moves by 1 space")
    _shot(driver, "movement-ends-large")
    assert driver.shown("Onto a credit space")
    assert not _ship_buttons_whole(driver, kivy_window, ("Onto ", "Off the map", "Cannot move"))
