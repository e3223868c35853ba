"""The maneuver-check screen and the trap explosion, driven by touch on the prompt's buttons."""

from __future__ import annotations

from companion.ui.devtools.gallery import flight_lines


def walk_to_the_dice(driver, ship: str, spaces: str, ends_on: str, *passes: str) -> None:
    """`ship`'s move on its form: the spaces, where it ends, each object passed, then send."""
    driver.tap(f"Move {ship}")
    driver.fill_form(("Moves", spaces), ("Ends on", ends_on), *(("Passes", p) for p in passes))


def assert_finger_sized_and_inside(driver) -> None:
    """Every button at least 48 px at 800x480, and nothing drawn off the window."""
    from kivy.core.window import Window
    from kivy.uix.button import Button

    driver.pump(2)
    for w in driver.widgets():
        if isinstance(w, Button) and w.opacity > 0:
            assert w.height >= 48 and w.width >= 48, (w.text, w.size)
        if getattr(w, "text", "") and w.opacity > 0:
            x, y = w.to_window(w.x, w.y)
            assert x >= -1 and y >= -1 and x + w.width <= Window.width + 1 and \
                y + w.height <= Window.height + 1, (w.text, (x, y), w.size)


def test_one_tap_on_the_physical_dies_face_shows_the_arithmetic_and_outcome(make_driver):
    driver = make_driver(demo_setup=flight_lines())
    driver.tap("End SHLD1's flight turn")  # SHLD1 flies first in round 2
    walk_to_the_dice(driver, "TRNS1", "2 spaces", "a credit space", "L1")
    assert driver.screen.name == "check"
    assert driver.shown("Maneuver check: TRNS1 against L1")
    assert driver.shown("Maneuverability 2 + the symbols rolled, against 2")
    assert_finger_sized_and_inside(driver)
    driver.tap("two\n2 symbols", exact=True)
    assert driver.screen.name == "check"
    assert driver.shown("Passed")
    assert driver.shown("2 + 2 symbols = 4 > 2 (L1)")
    assert driver.shown("The table rolled two.")
    assert driver.shown("Xichang gains 5 credits.")  # the CLI's sentence
    assert_finger_sized_and_inside(driver)
    driver.tap("Continue")
    assert driver.screen.name == "dashboard"
    assert driver.app.table.history[-1].command == "move TRNS1 2 credit past L1 die two"


def test_undo_from_a_checks_result_takes_back_the_move_and_its_explosion(make_driver):
    driver = make_driver(demo_setup=flight_lines("trap"))
    for label in ("Drop the Trap", "With count 1", "End SHLD1's flight turn"):
        driver.tap(label)
    walk_to_the_dice(driver, "TRNS1", "1 space", "a plain space", "L1", "trap T1")
    # (a check, then the trap at count 1)
    driver.tap("one\n1 symbol", exact=True)
    assert driver.screen.name == "check" and driver.shown("Passed")  # the check shows first
    driver.tap("Undo this")
    assert driver.screen.name == "dashboard" and driver.shown("Undid: ")
    assert [t["trap_id"] for t in driver.app.table.view["traps"]] == ["T1"]
    walk_to_the_dice(driver, "TRNS1", "1 space", "a plain space", "L1", "trap T1")
    driver.tap("one\n1 symbol", exact=True)
    driver.tap("Continue")
    assert driver.screen.name == "explosion" and driver.shown("Trap T1 explodes!")


def tap_skip(driver) -> None:
    """A finger on the rolling die's Skip as soon as the screen takes touches: the driver's
    tap would first wait for the result's row (its gate opens only once the result is
    drawn, so after the spin had ended by itself) and never show that Skip ends it."""
    skip = driver.button("Skip", exact=True)
    driver.press(*skip.to_window(*skip.center))
    driver.settle()


def test_the_app_rolls_with_a_short_animation_that_a_tap_skips(make_driver, monkeypatch):
    from companion.ui.screens import check

    monkeypatch.setattr(check, "ROLL_SECONDS", 60.0)  # only the tap can end the spin here
    driver = make_driver(demo_setup=flight_lines())
    driver.tap("End SHLD1's flight turn")
    walk_to_the_dice(driver, "TRNS1", "1 space", "a plain space", "L1", "SHLD1")
    assert driver.shown("Maneuver check 1 of 2: TRNS1 against L1")
    driver.tap("blank\n0 symbols", exact=True)  # check 1 entered: how it went, large
    # As large as the app's roll (try 30: only a small line on check 2's screen said it).
    assert driver.shown("Maneuver check 1 of 2: TRNS1 against L1") and driver.shown("Failed")
    assert driver.screen.ids.die.face == "blank" and driver.screen.ids.die.tone == "bad"
    assert driver.shown("2 + 0 symbols = 2 is not above 2 (L1)")
    # What the failure costs, under it (try 31: "Failed" alone read as the ship stopped).
    assert driver.shown("TRNS1 still passes L1, losing 1 energy.")
    driver.tap("< Back")  # not sent yet: check 1's faces again
    assert driver.shown("blank\n0 symbols") and driver.screen.ids.die.face == "?"
    driver.tap("blank\n0 symbols", exact=True)
    driver.tap("Next check")  # check 2's faces follow
    assert driver.shown("Maneuver check 2 of 2: TRNS1 against SHLD1")
    # How check 1 went shows before check 2, and the app may roll check 2 (try 9).
    assert driver.shown("Check 1 (L1) failed: the table rolled blank, maneuverability 2 + "
                        "0 symbols = 2 <= 2.")
    assert driver.shown("App rolls the die")
    driver.tap("< Back")
    assert driver.screen.name == "form"  # what was chosen is still chosen
    assert driver.screen.submit_text.endswith("passes L1 and SHLD1  >")
    driver.tap(driver.screen.ids.submit)
    driver.tap("App rolls the die")  # check 1 left to the app: check 2's choice follows
    assert driver.shown("Maneuver check 2 of 2: TRNS1 against SHLD1")
    driver.tap("App rolls the die")  # waits for the reply: the die still spins
    assert driver.screen.mode == "rolling" and not driver.shown("Passed")
    faces = set()

    def three_faces_seen() -> bool:
        faces.add(driver.screen.ids.die.face)
        return len(faces) > 2

    # The die shows face after face while it rolls.
    driver.wait_for(three_faces_seen, "the rolling die to show three faces")
    tap_skip(driver)
    assert driver.shown("Passed") or driver.shown("Failed"), driver.texts()
    assert driver.shown("The app rolled")
    rolled = [m["data"] for m in driver.screen._reply.moments if m["kind"] == "check"]
    assert len(rolled) == 2 and all(d["by"] == "app" for d in rolled)
    assert driver.screen.ids.die.face == rolled[0]["face"]  # each check in turn (xp16)


def test_a_trap_going_off_fills_the_screen_then_a_tap_goes_back(make_driver):
    driver = make_driver(demo_setup=(*flight_lines("trap"),))
    driver.tap("Drop the Trap")
    driver.tap("With count 1")
    assert driver.shown("SHLD1 drops trap T1 with count 1")
    driver.tap("End SHLD1's flight turn")
    walk_to_the_dice(driver, "TRNS1", "2 spaces", "a credit space", "trap T1")
    assert driver.screen.name == "explosion"
    assert driver.shown("Trap T1 explodes!")
    assert driver.shown("Baikonur's trap (count 1) dropped by SHLD1")
    assert driver.shown("TRNS1 (Xichang) is destroyed with its modules.")
    assert "explosion" in driver.app.speaker.played
    assert_finger_sized_and_inside(driver)
    driver.tap(driver.screen.ids["continue"])
    assert driver.screen.name == "dashboard"


def _die_faces() -> dict[str, int]:
    """The maneuver die's faces and their symbols, as the catalog defines them."""
    from companion.catalogs import load_catalog
    from companion.core.moments import die_faces
    from companion.games.exploration.rules import RULES

    die = RULES.dice(load_catalog("xp"))["maneuver"]
    return {f["face"]: f["symbols"] for f in die_faces(die)}


def test_every_face_is_drawn_with_exactly_its_symbols_and_the_unknown_face_with_none(
        make_driver, monkeypatch):
    from companion.ui.screens import check

    monkeypatch.setattr(check, "ROLL_SECONDS", 60.0)  # only the tap ends the spin here
    faces = _die_faces()
    driver = make_driver(demo_setup=flight_lines())
    driver.tap("End SHLD1's flight turn")
    walk_to_the_dice(driver, "TRNS1", "2 spaces", "a credit space", "L1")
    die = driver.screen.ids.die
    assert die.face == "?" and die.pip_count() == 0  # nothing left from another face
    shown = {b.text.split("\n")[0] for b in driver.widgets(driver.screen.ids.faces)
             if hasattr(b, "on_release")}
    assert shown == set(faces)  # one button per face of the die's definition
    for face, symbols in faces.items():  # every face as the die shows it
        die.face, die.symbols = face, symbols
        driver.pump()
        assert die.pip_count() == symbols, face
    die.face, die.symbols = "?", 0
    driver.tap("App rolls the die")
    seen: set[str] = set()
    wrong: list[tuple[str, int]] = []

    def every_face_seen() -> bool:  # the roll animation: each frame's face with its pips
        # A slow machine may look before the first spin frame: the "?" face, no pips.
        if die.pip_count() != faces.get(die.face, 0):
            wrong.append((die.face, die.pip_count()))
        if die.face in faces:
            seen.add(die.face)
        return len(seen) == len(faces)

    driver.wait_for(every_face_seen, "the rolling die to show every face")
    assert not wrong
    tap_skip(driver)
    assert driver.shown("Passed") or driver.shown("Failed")
    assert die.pip_count() == faces[die.face]


def test_a_finger_late_on_skip_as_the_result_shows_does_not_leave_the_result(
        make_driver, monkeypatch):
    """The roll ends by itself just as a finger comes down on Skip: the finger must not
    land on Continue (the result would be gone before it was read)."""
    from companion.ui.screens import check

    monkeypatch.setattr(check, "ROLL_SECONDS", 60.0)  # the test ends the spin itself
    driver = make_driver(demo_setup=flight_lines())
    driver.tap("End SHLD1's flight turn")
    walk_to_the_dice(driver, "TRNS1", "2 spaces", "a credit space", "L1")
    driver.tap("App rolls the die")
    screen = driver.screen
    assert screen.mode == "rolling"
    skip = driver.button("Skip", exact=True)
    where = skip.to_window(*skip.center)
    driver.wait_for(lambda: screen._reply is not None, "the roll's reply")
    screen._rolled_at -= 60.0  # the animation's time is up: the result shows at its frame
    driver.wait_for(lambda: screen.mode == "result", "the result")
    driver.press(*where)  # the finger aimed at Skip lands now
    driver.settle()
    assert driver.screen.name == "check" and screen.mode == "result"
    assert driver.shown("Passed") or driver.shown("Failed")
    driver.tap("Continue")
    assert driver.screen.name == "dashboard"


def test_a_spinning_die_stays_inside_its_own_box(make_driver, monkeypatch):
    """Try 13, finding 16: caught mid-spin at 45 degrees the die ran off the screen's left
    edge and its corner covered the result's arithmetic."""
    import math

    from kivy.metrics import dp

    from companion.ui.screens import check

    monkeypatch.setattr(check, "ROLL_SECONDS", 60.0)
    driver = make_driver(demo_setup=flight_lines())
    driver.tap("End SHLD1's flight turn")
    walk_to_the_dice(driver, "TRNS1", "2 spaces", "a credit space", "L1")
    die = driver.screen.ids.die
    for angle in (0.0, 20.0, 45.0, 74.0, 135.0):
        die.spin = angle
        driver.pump()
        turned = math.radians(angle)
        # the turned die with its frame (dp(4) each side): its extent across and up
        extent = (die.side + dp(8)) * (abs(math.cos(turned)) + abs(math.sin(turned)))
        assert extent <= min(die.width, die.height) + dp(8) * 1.5, angle
        left, _y = die.to_window(die.center_x - extent / 2, die.center_y)
        assert left >= 0, angle  # never off the screen's left edge
