"""Try 15 (Exploration, 3 players, touch only at 800x480): the preparation and flight
turns. "Select <ship>" has one place after the technology action, whatever was tapped and
whoever plays; the drift never takes the fixed bar where "End ...'s flight turn" was;
"Continue" takes no tap a beat after the roll shows; ending a turn with no ship selected
says so; an Ultra-fast's place says why it flies at once; the result's first line names
what changed."""

from __future__ import annotations

import pytest

from companion.ui.devtools.gallery import FLIGHT_SETUP, flight_lines
from companion.ui.devtools.gallery_large import large_text

#: Round 2's preparation, Xichang to play: TRNS1 in orbiting space to select.
ROUND_2 = flight_lines()[:FLIGHT_SETUP.index("drift") + 1]
#: A 3-player round 1 to the end of Kourou's turn, Kourou having deployed its second
#: ship (LASR2), not its first: in round 2 it selects the ship after one still in hand.
THREE = (
    "length 8", "join Xichang Ana", "join Baikonur Ben", "join Kourou Cleo",
    "for Xichang", "scan XP/D05", "scan XP/P01", "scan XP/P04", "scan XP/S01", "scan XP/S07",
    "scan XP/S13", "for Baikonur", "scan XP/P03", "scan XP/P08", "scan XP/S04", "scan XP/S15",
    "scan XP/S26", "for Kourou", "scan XP/P06", "scan XP/P11", "scan XP/P14", "scan XP/S10",
    "scan XP/S18", "scan XP/S22", "scan XP/M01", "scan XP/M03", "scan XP/M06", "scan XP/M08",
    "scan XP/M09", "draft", "scan XP/TRNS1", "scan XP/UFST1", "scan XP/SHLD1",
    "scan XP/LASR2", "scan XP/MONY1", "scan XP/CONQ3", "scan XP/SMAN1", "scan XP/RECV2",
    "scan XP/DSTR4", "scan XP/BOMB2", "scan XP/TRNS3", "scan XP/MONY4", "start",
    "tech credits", "deploy TRNS1", "done", "tech credits")
ROUND_2_OF_THREE = (*THREE, "deploy UFST1", "select UFST1", "done", "tech credits",
                    "deploy LASR2", "done", "next", "drift")


def _spot(driver, text: str) -> tuple[float, float]:
    driver.wait_still()
    driver.wait_laid_out()
    button = driver.button(text)
    return button.to_window(*button.center)


def _under(driver, spot: tuple[float, float]) -> list[str]:
    """The enabled buttons of the actions list a finger at `spot` would tap."""
    driver.wait_still()
    driver.wait_laid_out()
    return [b.text for b in driver.app.screen("dashboard").ids.actions.buttons()
            if not b.disabled and b.collide_point(*b.to_widget(*spot))]


def _press(driver, spot: tuple[float, float]) -> None:
    driver.press(*spot)
    driver.settle()


def _main(driver):
    return driver.app.screen("dashboard").ids.main


def _first_line(driver) -> str:
    """The result as the dashboard shows it first, folded to its line."""
    driver.wait_laid_out()
    return str(driver.app.screen("dashboard").ids.message.text)


# ---- finding 1 ---------------------------------------------------------------------------------
def _second_touch(driver, spot: tuple[float, float], command: str, after: float = 0.3) -> None:
    """Tap `command`'s button, then a second touch at `spot` that went down `after` s after
    the result's buttons were drawn (a double tap's gap; set, not waited for)."""
    from kivy.tests.common import UnitTestTouch

    panel = driver.app.screen("dashboard").ids.actions
    waits: list[float] = []  # the wait after its frame each opening of the list used
    opening = panel.open

    def open_() -> None:
        waits.append(panel._arrival)
        opening()

    panel.open = open_
    try:
        driver.tap(command)  # its result shown and the list open again
    finally:
        del panel.open
    drawn = panel._opened_at - waits[-1]  # the frame that drew the result
    touch = UnitTestTouch(*spot)
    touch.time_start = drawn + after
    touch.touch_down()
    driver.pump()
    touch.touch_up()
    driver.settle()


def test_select_has_one_place_after_the_technology_action_for_every_seat(make_driver) -> None:
    """Xichang selects its first ship, Kourou its second (its first still in hand): after
    either's technology action "Select ..." stands at the same spot, the group's first
    place; and the buttons a tap brought take no touch that went down as they came (a
    double tap's second touch on the spot just tapped does nothing)."""
    driver = make_driver(demo_setup=ROUND_2_OF_THREE)
    places = {}
    for seat, ship in (("Xichang", "Transporter (TRNS1)"), ("Baikonur", "Ultra-fast (UFST1)"),
                       ("Kourou", "Laser beam (LASR2)")):
        assert driver.shown(f"{seat}'s preparation turn")
        tapped = _spot(driver, "Gain 6 credits")
        steps = driver.app.table.steps
        # A slow double tap too (0.6 s: try 31 deployed a ship that came where it was).
        _second_touch(driver, tapped, "Gain 6 credits", after=0.6)
        assert driver.app.table.steps == steps + 1, driver.app.table.history[-1].command
        places[seat] = _spot(driver, f"Select {ship}")
        assert _under(driver, tapped) == [f"Select {ship}"]  # first place
        assert driver.out_of_reach() == []
        driver.tap(f"Select {ship}")
        driver.tap(_main(driver))  # End ...'s preparation turn
    assert places["Xichang"] == pytest.approx(places["Kourou"], abs=1)
    assert places["Xichang"] == pytest.approx(places["Baikonur"], abs=1)


# ---- finding 2 ---------------------------------------------------------------------------------
def test_the_drift_never_takes_the_bar_where_the_flight_turn_ended(make_driver) -> None:
    driver = make_driver(demo_setup=flight_lines())
    main = _main(driver)
    driver.tap(main)  # End SHLD1's flight turn
    assert main.text == "End TRNS1's flight turn"
    spot = main.to_window(*main.center)
    driver.tap(main)
    steps = driver.app.table.steps
    assert driver.shown("All spaceships movement")
    _press(driver, spot)  # the next tap by habit, where "End ...'s flight turn" was
    assert driver.app.table.steps == steps
    assert not main.text


def test_the_drift_reports_follow_one_another_under_one_spot(make_driver) -> None:
    driver = make_driver(demo_setup=flight_lines())
    driver.tap(_main(driver))
    driver.tap(_main(driver))
    spot = _spot(driver, "Transporter (TRNS1) moves by 1 space")
    for lands in ("Onto a credit space", "Shield (SHLD1) moves by 1 space",
                  "Onto a credit space"):
        _press(driver, spot)
        assert [t.split("  ")[0] for t in _under(driver, spot)] == [lands]
    steps = driver.app.table.steps
    _press(driver, spot)
    assert driver.app.table.steps == steps + 1
    assert driver.app.table.history[-1].command == "drift TRNS1=credit SHLD1=credit"


# ---- finding 3 ---------------------------------------------------------------------------------
def test_continue_takes_no_tap_as_the_roll_shows(make_driver) -> None:
    driver = make_driver(demo_setup=flight_lines())
    driver.tap(_main(driver))  # End SHLD1's flight turn: TRNS1 flies
    driver.tap("Move TRNS1")
    driver.fill_form(("Moves", "2 spaces"), ("Ends on", "a credit space"), ("Passes", "L1"))
    assert driver.screen.name == "check"
    roll = _spot(driver, "App rolls the die")
    driver.tap("App rolls the die", settle=False)
    check = driver.screen
    driver.wait_for(lambda: check.mode == "result", "the roll's result")
    _press(driver, roll)  # the double tap's second touch, as the result shows
    assert driver.screen.name == "check" and check.mode == "result"
    driver.tap("Continue")  # once the result has been seen
    assert driver.screen.name != "check"


# ---- finding 4 ---------------------------------------------------------------------------------
def test_a_turn_ended_with_no_ship_selected_says_so_first(make_driver) -> None:
    driver = make_driver(demo_setup=ROUND_2)
    driver.tap("Gain 6 credits")
    # Try 22, finding 1: said on the button before the tap, not only after it (a table
    # ended every turn so and found its flight phase empty).
    end = _main(driver)
    assert end.text == "End Xichang's preparation turn (no ship flies)"
    assert driver.short_of(end) == 0  # whole in its bar
    driver.tap(end)  # TRNS1 not selected
    assert _first_line(driver).startswith("No ship selected: TRNS1 does not fly")
    driver.tap("Gain 6 credits")
    driver.tap("Select Shield (SHLD1)")
    assert _main(driver).text == "End Baikonur's preparation turn"
    driver.tap(_main(driver))
    assert "No ship selected" not in driver.app.message


# ---- finding 5 ---------------------------------------------------------------------------------
@pytest.mark.parametrize("size", ["normal", "large"])
def test_the_launch_pad_says_why_an_ultra_fast_flies_at_once(make_driver, size: str) -> None:
    driver = make_driver(demo_setup=THREE)
    if size == "large":
        large_text(driver)
    driver.tap("Deploy Ultra-fast (UFST1)")
    greyed = driver.button("UFST1 is on the launch pad: Ultra-fast, no launch penalty.",
                           exact=True)
    assert greyed.disabled and greyed.height >= greyed.texture_size[1]
    assert driver.button("Select UFST1 for the flight (Ultra-fast, no launch penalty)")
    driver.tap(_main(driver))
    driver.tap("Gain 6 credits")
    driver.tap("Deploy Shield (SHLD1)")
    greyed = driver.button("SHLD1 is on the launch pad: it flies next round.",
                           exact=True)
    assert greyed.disabled and greyed.height >= greyed.texture_size[1]


# ---- finding 6 ---------------------------------------------------------------------------------
def test_the_first_line_names_a_sure_pass_roll_and_an_attacks_command_point(
        make_driver) -> None:
    lines = list(flight_lines())
    lines[len(lines) - 1 - lines[::-1].index("tech credits")] = "tech maneuverability"
    driver = make_driver(demo_setup=tuple(lines))  # SHLD1: maneuverability 3 against L1's 2
    driver.tap("Move SHLD1")
    driver.fill_form(("Moves", "1 space"), ("Ends on", "a plain space"), ("Passes", "L1"))
    assert driver.screen.name == "dashboard"
    # Try 19, finding 5: no roll nobody made; the first line says why none is needed.
    assert _first_line(driver).startswith("SHLD1 passes L1 for sure: no roll needed")
    driver.run_line("attack SHLD1 TRNS1")
    assert _first_line(driver).startswith("Baikonur gains 1 command point")
