"""No keyboard anywhere: every text field opens the on-screen keyboard, names by one tap,
OK on an empty field says why, and the command bar only where someone can type."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.session import open_session
from companion.ui.screens.newgame import NameChip
from companion.ui.settings import AppSettings, load_settings
from companion.ui.widgets import CommandInput
from companion.ui.widgets.keyboard import SHIFT_KEY, has_keyboard


def name_fields(driver) -> list[CommandInput]:
    return [w for w in driver.widgets() if isinstance(w, CommandInput)]


def field_bottom(field) -> float:
    return float(field.to_window(field.x, field.y)[1])


def test_a_name_is_typed_by_tapping_the_keys_of_the_on_screen_keyboard(make_driver) -> None:
    driver = make_driver()
    driver.tap("New game")
    assert driver.keyboard() is None
    third = name_fields(driver)[2]  # low on the screen: the keyboard would cover it
    driver.tap(third)
    keyboard = driver.keyboard()
    assert keyboard is not None and third.focus
    driver.pump(2)  # the screen is laid out again where the keyboard put it
    assert field_bottom(third) >= keyboard.top, "the field is hidden behind the keyboard"
    assert keyboard.top <= driver.app.root.height * 0.5
    driver.type_keys("Zoe Quinn")
    assert third.text == "Zoe Quinn"
    fields = name_fields(driver)
    for _field in fields[fields.index(third):]:
        driver.type_keys("\n")  # Next, Next, then Done on the form's last field
        driver.pump(2)
    assert driver.keyboard() is None and not any(f.focus for f in fields)
    assert driver.app.root.y == 0 and field_bottom(third) < keyboard.top  # back in its place


def enter_key_text(keyboard) -> str:
    return next(label.text for label in keyboard.children if label.text in ("Done", "Next"))


def test_done_on_the_keyboard_goes_on_to_the_next_name_and_closes_after_the_last(
        make_driver) -> None:
    driver = make_driver()
    driver.tap("New game")
    fields = name_fields(driver)
    names = ["Ana", "Ben", "Chloe", "Dev", "Eve"][:len(fields)]
    assert len(names) >= 3
    driver.tap(fields[0])
    for index, name in enumerate(names):
        field = fields[index]
        assert field.focus and driver.keyboard() is not None, f"seat {index + 1} not focused"
        assert seen_whole(driver, field), f"seat {index + 1} is not in view"
        last = index == len(names) - 1
        assert enter_key_text(driver.keyboard()) == ("Done" if last else "Next")
        driver.type_keys(f"{name}\n")
        driver.pump(3)
    assert [f.text for f in fields] == names
    assert driver.keyboard() is None and not any(f.focus for f in fields)
    assert driver.app.root.y == 0


def test_the_close_key_puts_the_keyboard_away_from_any_field(make_driver) -> None:
    driver = make_driver()
    driver.tap("New game")
    fields = name_fields(driver)
    driver.tap(fields[2])  # not the last field: its enter key reads Next
    keyboard = driver.keyboard()
    assert enter_key_text(keyboard) == "Next"
    driver.type_keys("Mia")
    driver._tap_key(keyboard, _key(keyboard, "close"))
    driver.pump(3)
    assert driver.keyboard() is None and not any(f.focus for f in fields)
    assert fields[2].text == "Mia" and driver.app.root.y == 0


def keys_across(keyboard) -> tuple[float, float]:
    """Where the keys shown begin and end across the keyboard (its own coordinates)."""
    return (min(label.x for label in keyboard.children),
            max(label.right for label in keyboard.children))


def assert_keys_fit(driver, window) -> None:
    keyboard = driver.keyboard()
    assert keyboard is not None and keyboard.width == window.width
    left, right = keys_across(keyboard)
    assert 0 <= left < 0.05 * window.width and 0.95 * window.width < right <= window.width, (
        f"keys from {left} to {right} on a keyboard {window.width} wide")


def test_the_keys_fit_a_window_resized_while_the_keyboard_was_away_and_while_up(
        make_driver, kivy_window) -> None:
    driver = make_driver()
    driver.tap("New game")
    field = name_fields(driver)[0]
    driver.tap(field)
    keyboard = driver.keyboard()
    driver._tap_key(keyboard, _key(keyboard, "close"))
    driver.pump(3)
    assert driver.keyboard() is None
    try:
        kivy_window.size = (1024, 600)  # resized with the keyboard put away
        driver.pump(3)
        driver.tap(field)
        assert_keys_fit(driver, kivy_window)
        driver.type_keys("Zoe 7")
        kivy_window.size = (800, 480)  # resized with the keyboard up
        driver.pump(3)
        assert_keys_fit(driver, kivy_window)
        driver.type_keys("q")
    finally:
        kivy_window.size = (800, 480)
    assert field.text == "Zoe 7q"


def test_the_top_row_keeps_its_digits_with_capitals_on(make_driver) -> None:
    driver = make_driver()
    driver.tap("New game")
    field = name_fields(driver)[0]
    driver.tap(field)
    keyboard = driver.keyboard()
    assert keyboard.have_capslock  # a name's first letter: capitals on
    for char in "2047":
        driver._tap_key(keyboard, _key(keyboard, char))
    driver._tap_key(keyboard, SHIFT_KEY)
    driver._tap_key(keyboard, _key(keyboard, "9"))
    assert field.text == "20479"
    shown = {label.text for label in keyboard.children}
    assert set("1234567890") <= shown and "!" not in shown


def form_list(field):
    from kivy.uix.scrollview import ScrollView

    from companion.ui.driver import _ancestors

    return next(p for p in _ancestors(field) if isinstance(p, ScrollView))


def seen_whole(driver, field) -> bool:
    """The whole field is on screen, above the keyboard and inside its list's view."""
    driver.pump(3)
    bottom = field_bottom(field)
    top = bottom + field.height
    scroll = form_list(field)
    low = scroll.to_window(scroll.x, scroll.y)[1]
    high = scroll.to_window(0, scroll.top)[1]
    return (driver.keyboard().top <= bottom and top <= driver.app.root.get_root_window().height
            and low - 1 <= bottom and top <= high + 1)


def test_every_seat_field_tapped_where_it_shows_is_seen_whole_above_the_keyboard(
        make_driver) -> None:
    driver = make_driver()
    driver.tap("New game")
    for index in range(5):
        field = name_fields(driver)[index]
        if driver.keyboard() is not None:
            driver.type_keys("\n")
            driver.pump(3)
        scroll = form_list(field)
        low = scroll.to_window(scroll.x, scroll.y)[1]
        if field_bottom(field) + field.height <= low + 8:
            driver.drag((400, low + 40), 200)  # out of sight below: a swipe brings it up
        bottom = max(field_bottom(field), low)  # a finger on the part that shows
        driver.press(field.to_window(field.center_x, 0)[0], bottom + 6)
        driver.settle()
        assert field.focus and seen_whole(driver, field), f"seat {index + 1} is not in view"


def cut_rows(driver, field) -> list[str]:
    """The form's rows that the keyboard's edge (its keys and any band above them) cuts in
    two: a row shows whole above it, or not at all."""
    keyboard = driver.keyboard()
    edge = keyboard.top + keyboard.cover
    cut = []
    for row in form_list(field).children[0].children:
        bottom = row.to_window(row.x, row.y)[1]
        if bottom + 1 < edge < bottom + row.height - 1:
            cut.append(getattr(row, "label", "") or getattr(row, "text", "") or repr(row))
    return cut


@pytest.mark.parametrize("game", ["Exploration", "TI4 Exploration"])
def test_no_seat_or_chip_shows_half_above_the_keyboard(make_driver, game: str) -> None:
    """Typing the first name, the next seat's row (its one-tap name) sat half under the
    keyboard and took taps on its strip: every row is whole above the keyboard or covered."""
    driver = make_driver(settings=AppSettings(recent_names=("Ana", "Ben")))
    driver.tap("New game")
    driver.tap(game, exact=True)
    fields = name_fields(driver)
    driver.tap(fields[0])
    for index, field in enumerate(fields):
        if index:
            driver.type_keys("\n")  # Next: the next seat
        driver.pump(3)
        assert field.focus and seen_whole(driver, field), f"seat {index + 1} is not in view"
        chip = chip_by(driver, field)
        keyboard = driver.keyboard()
        assert chip.to_window(chip.x, chip.y)[1] >= keyboard.top + keyboard.cover  # whole
        assert cut_rows(driver, field) == [], f"seat {index + 1}: {cut_rows(driver, field)}"
    driver.type_keys("\n")
    # A tap on the band that covers a row types nothing and seats nobody.
    driver.tap(fields[0])
    driver.pump(3)
    keyboard = driver.keyboard()
    assert keyboard.cover > 0  # at 800x480 the second seat's row is covered
    second_chip = chip_by(driver, fields[1])
    driver.press(second_chip.to_window(*second_chip.center)[0], keyboard.top + keyboard.cover / 2)
    driver.settle()
    assert [f.text for f in fields[:2]] == ["", ""] and fields[0].focus


def test_tapping_another_name_while_typing_moves_nothing_under_the_finger(make_driver) -> None:
    driver = make_driver()
    driver.tap("New game")
    first, _second, third = name_fields(driver)[:3]
    driver.tap(third)
    driver.type_keys("Chloe")
    driver.pump(3)
    where = first.to_window(*first.center)
    driver.press(*where)
    driver.settle()
    driver.pump(3)
    assert first.focus and driver.keyboard() is not None  # at the first tap
    assert first.to_window(*first.center) == pytest.approx(where, abs=1)
    driver.type_keys("Ana")
    assert (first.text, third.text) == ("Ana", "Chloe")


def test_the_keyboard_capitalises_the_first_letter_of_each_word(make_driver) -> None:
    driver = make_driver()
    driver.tap("New game")
    field = name_fields(driver)[0]
    driver.tap(field)
    keyboard = driver.keyboard()
    assert keyboard.have_capslock  # an empty name starts with a capital
    for char in "ann lee":
        driver._tap_key(keyboard, _key(keyboard, char))
    assert field.text == "Ann Lee"


def _press_keys(driver, keyboard, keys: str) -> None:
    """Tap keys by what they type whatever the case shown: `^` is the shift key, `<` backspace."""
    for char in keys:
        driver._tap_key(keyboard, SHIFT_KEY if char == "^" else _key(keyboard, char))


@pytest.mark.parametrize(("keys", "typed"), [
    ("ana", "Ana"),            # the automatic capital
    ("^ben", "ben"),           # shift takes it away, as on a phone
    ("^a<^ana", "Ana"),        # shift, a, backspace: shift gives the capital back
    ("^^ana", "Ana"),          # two taps: on again
    ("ana^lee", "AnaLee"),     # one tap of shift in a word: the next letter only
    ("^ann lee", "ann Lee"),   # a new word starts with a capital again
])
def test_the_shift_key_gives_what_a_phone_would(make_driver, keys: str, typed: str) -> None:
    driver = make_driver()
    driver.tap("New game")
    field = name_fields(driver)[0]
    driver.tap(field)
    keyboard = driver.keyboard()
    _press_keys(driver, keyboard, keys)
    assert field.text == typed


def test_the_shift_key_is_lit_while_capitals_are_on(make_driver) -> None:
    from kivy.graphics import Color

    from companion.ui import theme

    def lit() -> bool:
        return any(isinstance(i, Color) and tuple(i.rgba) == tuple(theme.ACCENT)
                   for i in keyboard.active_keys_layer.children)

    driver = make_driver()
    driver.tap("New game")
    driver.tap(name_fields(driver)[0])
    keyboard = driver.keyboard()
    assert keyboard.have_capslock and lit()
    driver._tap_key(keyboard, SHIFT_KEY)
    assert not keyboard.have_capslock and not lit()
    driver._tap_key(keyboard, SHIFT_KEY)
    assert keyboard.have_capslock and lit()


def _key(keyboard, char: str) -> tuple[int, int]:
    layout = keyboard.available_layouts[keyboard.layout]
    for row in range(1, layout["rows"] + 1):
        for index, key in enumerate(layout[f"normal_{row}"]):
            if key[2] in (char, {" ": "spacebar", "<": "backspace"}.get(char)):
                return row, index
    raise AssertionError(char)


def chip_by(driver, field) -> NameChip:
    """The one-tap name in the field's own row."""
    return next(w for w in field.parent.children if isinstance(w, NameChip))


def test_each_empty_seat_offers_its_own_name_and_a_tap_seats_it_there(make_driver,
                                                                     tmp_path: Path) -> None:
    driver = make_driver(settings=AppSettings(typed_commands=True,
                                              recent_names=("Ana", "Ben", "Chloe")))
    driver.tap("New game")
    fields = name_fields(driver)
    assert [chip_by(driver, f).text for f in fields[:4]] == ["Ana", "Ben", "Chloe", "Player 4"]
    for field in fields[:4]:  # the chip sits on the field's own row, just after it
        chip = chip_by(driver, field)
        assert abs(chip.to_window(*chip.center)[1] - field.to_window(*field.center)[1]) < 2
        assert chip.to_window(chip.x, 0)[0] >= field.to_window(field.right, 0)[0]
    driver.tap("Chloe", exact=True)
    assert [f.text for f in fields[:3]] == ["", "", "Chloe"]  # the seat it sat by
    assert chip_by(driver, fields[2]).opacity == 0  # a named seat offers no more
    driver.tap(chip_by(driver, fields[3]))
    assert fields[3].text == "Player 4"
    driver.tap("Start the game")
    assert driver.screen.name == "dashboard"
    saved = load_settings(tmp_path / "settings.json")
    assert saved.recent_names[:2] == ("Chloe", "Player 4") and "Ana" in saved.recent_names


def test_a_chip_seats_its_own_field_even_while_another_is_being_typed_in(make_driver) -> None:
    driver = make_driver(settings=AppSettings(recent_names=("Ana",)))
    driver.tap("New game")
    fields = name_fields(driver)
    driver.tap(fields[1])
    driver.type_keys("Zoe")
    driver.pump(3)
    driver.tap(chip_by(driver, fields[0]))
    assert [f.text for f in fields[:3]] == ["Ana", "Zoe", ""]
    assert fields[1].focus  # the field being typed in keeps the keyboard


def test_ok_on_an_empty_field_says_why_and_changes_nothing(make_driver,
                                                           tmp_path: Path) -> None:
    from companion.ui.widgets.actions import EMPTY_FIELD

    db = tmp_path / "games.db"
    session = open_session(db, "xp", new=True, seed=2047)
    session.close()
    driver = make_driver(db=db)
    steps = driver.app.table.steps
    driver.tap("Add a player at Kourou")
    driver.tap("OK", exact=True)
    assert driver.shown(EMPTY_FIELD)
    assert driver.app.table.steps == steps
    field = next(w for w in name_fields(driver) if w.hint_text == "type here")
    driver.tap(field)
    assert enter_key_text(driver.keyboard()) == "Done"
    driver.type_keys("\n")  # Done on the empty field: the same sentence, nothing run
    assert driver.shown(EMPTY_FIELD) and driver.app.table.steps == steps
    driver.tap(field)
    # Done on the only field sends it: no OK to find afterwards (try 8, finding 45).
    driver.type_keys("Zoe\n")
    driver.wait_for(lambda: any(s["player"] == "Zoe" for s in driver.app.table.view["seats"]),
                    "Zoe seated by the keyboard's Done")


def test_the_command_bar_shows_only_with_a_keyboard_or_when_asked(make_driver,
                                                                  monkeypatch) -> None:
    import companion.ui.app as app_module

    monkeypatch.setattr(app_module, "has_keyboard", lambda: False)
    driver = make_driver(settings=AppSettings())
    driver.tap("New game")
    driver.tap("Player 1", exact=True)
    driver.tap("Player 2", exact=True)
    driver.tap("Start the game")
    bar = driver.screen.ids.command_bar
    assert bar.height == 0 and bar.opacity == 0 and driver.screen.ids.run.disabled
    driver.tap("Menu")
    driver.tap("Settings")
    driver.tap(driver.screen.ids.typed_on)
    driver.tap("Back")
    assert driver.screen.name == "start"  # the Menu it was opened from
    driver.tap(driver.app.screen("start").ids.resume)
    assert driver.screen.name == "dashboard"
    assert not bar.disabled and bar.height > 0
    driver.tap(driver.screen.ids.command)
    assert driver.keyboard() is not None  # a finger types commands too

    monkeypatch.setattr(app_module, "has_keyboard", lambda: True)
    plugged = make_driver(settings=AppSettings())
    assert plugged.app.typed_commands


def test_the_camera_field_in_settings_is_typed_on_the_keyboard(make_driver,
                                                               tmp_path: Path) -> None:
    driver = make_driver()
    driver.tap("Settings")
    field = driver.screen.ids.camera
    driver.tap(field)
    driver.type_keys("\b" * len(field.text) + "2\n")
    assert driver.app.settings.camera == "2"
    assert json.loads((tmp_path / "settings.json").read_text())["camera"] == "2"


@pytest.mark.parametrize(("names", "plugged"), [(None, False), ((), False),
                                                (("platform-mouse",), False),
                                                (("platform-i8042-serio-0-event-kbd",), True)])
def test_a_keyboard_counts_as_plugged_in_only_when_the_kernel_lists_one(
        tmp_path: Path, names: tuple[str, ...] | None, plugged: bool) -> None:
    folder = tmp_path / "by-path"
    if names is not None:
        folder.mkdir()
        for name in names:
            (folder / name).touch()
    assert has_keyboard(folder) is plugged


def test_recent_names_are_kept_newest_first_once_each() -> None:
    settings = AppSettings(recent_names=("Ana", "Ben")).with_recent_names(["ben", " Cleo ", ""])
    assert settings.recent_names == ("ben", "Cleo", "Ana")
    many = AppSettings().with_recent_names(f"P{n}" for n in range(20))
    assert len(many.recent_names) == 8 and many.recent_names[0] == "P0"


def outline(field: CommandInput) -> tuple[float, ...]:
    """The colour the field's outline is drawn in (its canvas's last Color before a Line)."""
    from kivy.graphics import Color, Line

    drawn = list(field.canvas.after.children)
    line = max(i for i, d in enumerate(drawn) if isinstance(d, Line))
    return tuple(next(d for d in reversed(drawn[:line]) if isinstance(d, Color)).rgba)


def test_the_field_the_keys_type_into_is_outlined_and_next_moves_the_outline(
        make_driver) -> None:
    """Try 26: after "Next" nothing but a blinking cursor told which name field the keys
    went to; the field that has the keyboard is outlined in the accent colour, alone."""
    from companion.ui import theme

    driver = make_driver()
    driver.tap("New game")
    fields = name_fields(driver)
    assert all(outline(f)[3] == 0 for f in fields)  # nobody typing: no outline
    driver.tap(fields[0])
    for index in range(2):
        driver.pump(2)
        lit = [i for i, f in enumerate(fields) if outline(f)[3] > 0]
        assert lit == [index] and outline(fields[index]) == tuple(theme.ACCENT)
        driver.type_keys("Ana\n")
