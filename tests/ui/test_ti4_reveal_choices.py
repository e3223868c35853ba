"""A TI4 card's reveal by touch (issue 22, try 4): the card's own choices are the
prominent buttons and the way out a quiet "Decide later" (finding 6); a choice tapped
keeps the card up until its reply, so the table never shows it unresolved behind a tap
that resolved it (finding 4, s122)."""

from __future__ import annotations

from companion.ui.devtools.gallery_ti4 import start_ti4


def _functioning_base(make_driver):
    driver = make_driver(seed=102)
    start_ti4(driver)
    driver.run_line("adjust Alice commodities +1 counted at the table")
    driver.run_line("adjust Alice trade_goods +1 counted at the table")
    driver.run_line("take P76A")
    driver.run_line("scan TI/I05")
    assert driver.screen.name == "reveal" and driver.screen.name_text == "Functioning Base"
    return driver


def test_a_cards_choices_are_the_main_buttons_and_deciding_later_is_quiet(make_driver):
    driver = _functioning_base(make_driver)
    choices = list(reversed(driver.screen.ids.choices.children))
    # Under the card's name, its choices do not name it again (try 10, finding 26).
    assert [b.text for b in choices] == [
        "Gain 1 commodity",
        "Spend 1 commodity to draw 1 action card",
        "Spend 1 trade good to draw 1 action card"]
    assert {b.kind for b in choices} == {"primary"}
    way_out = driver.screen.ids["continue"]
    assert way_out.text == "Decide later" and way_out.kind == "quiet"
    driver.tap(choices[0])
    assert driver.screen.name == "dashboard"
    assert driver.app.table.view["seats"][0]["commodities"] == 2  # Alice gained one


def test_a_card_without_choices_closes_with_the_main_continue(make_driver):
    driver = make_driver(seed=102)
    start_ti4(driver)
    driver.run_line("relic Alice with \"Black Market Forgery\"")  # owed a relic
    driver.tap("Let the app draw: Relic deck")
    assert driver.screen.name == "reveal"
    way_out = driver.screen.ids["continue"]
    assert way_out.text == "Continue" and way_out.kind == "primary"


def test_a_choice_keeps_the_card_up_until_it_is_resolved(make_driver):
    driver = _functioning_base(make_driver)
    screen = driver.screen
    gain = screen.ids.choices.children[-1]  # the first choice
    driver.tap(gain, settle=False)  # the reply is still on its way
    assert driver.screen.name == "reveal"  # not the table with the card unresolved
    assert all(b.disabled for b in screen.ids.choices.children)  # no second command
    assert screen.ids.undo.disabled
    driver.settle()
    driver.pump_for(0.2)
    assert driver.screen.name == "dashboard"
    assert driver.app.table.view["seats"][0]["commodities"] == 2
    assert not driver.shown("Resolve Functioning Base")  # resolved: nothing left to resolve
