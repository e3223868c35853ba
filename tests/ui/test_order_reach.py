"""The order screen by touch at 800x480: any system of TI4's long list is two taps away
(its section key, then the system) with no scroll, and a system added keeps its words and
its size under the finger (a check mark says it is added)."""

from __future__ import annotations

from companion.ui.devtools.gallery_ti4 import start_ti4
from companion.ui.screens.order import GroupButton, SectionKey
from companion.ui.widgets import Text


def open_take_planets(make_driver, **options):
    driver = make_driver(seed=102, **options)
    start_ti4(driver)
    driver.tap("Take planets for Alice")
    assert driver.screen.name == "order"
    return driver


def groups_shown(driver) -> list[GroupButton]:
    return [w for w in driver.widgets(driver.screen.ids.groups) if isinstance(w, GroupButton)]


def keys(driver) -> list[SectionKey]:
    return list(reversed(driver.screen.ids.sections.children))


def test_every_system_is_reached_by_two_taps_and_no_scroll(make_driver) -> None:
    driver = open_take_planets(make_driver)
    everything = {b.text for b in groups_shown(driver)}
    assert len(everything) > 60  # the whole map: far more than one page
    assert driver.out_of_reach() == []  # the first 6 systems, as before: no scroll
    # The game's keys (TI4's: the systems to explore, then the home systems).
    assert [k.text for k in keys(driver)] == ["All", "1-9", "10-18", "19-28", "29-50", "51-58",
                                              "59-68", "69-82"]
    seen: set[str] = set()
    for key in keys(driver)[1:]:
        driver.tap(key, scroll=False)
        assert key.chosen and not keys(driver)[0].chosen
        shown = groups_shown(driver)
        driver.wait_laid_out()
        missed = [b.text for b in shown if not driver.in_reach(b)]
        assert not missed, f"{key.text}: {missed} need a scroll"
        seen |= {b.text for b in shown}
    assert seen == everything  # the sections together hold every system once
    driver.tap("All", exact=True, scroll=False)
    assert {b.text for b in groups_shown(driver)} == everything

    # A far system: two taps from the screen's opening, no scroll.
    before = driver.inputs
    driver.tap("51-58", exact=True, scroll=False)
    driver.tap(driver.button("58: Avar, Valk, Ylir"), scroll=False)
    assert driver.inputs - before == 2
    order = [w.text for w in driver.widgets(driver.screen.ids.order) if isinstance(w, Text)]
    assert order[:3] == ["1. Avar (no trait: not explored)", "2. Valk (no trait: not explored)",
                         "3. Ylir (no trait: not explored)"]


def test_a_list_of_one_page_has_no_section_keys() -> None:
    """Keys would only cost room above a list that fits: they come with the 11th group."""
    from companion.ui.presenters.order import GroupChoice, sections

    few = [GroupChoice(f"{n}: P", (f"P{n}",), str(n)) for n in range(1, 11)]
    assert sections(few) == ()
    assert [s.label for s in sections([*few, GroupChoice("40: Q", ("P40",), "40")])] == \
        ["1-9", "10", "40"]


def test_an_added_system_keeps_its_words_and_size_under_the_finger(make_driver) -> None:
    driver = open_take_planets(make_driver)
    driver.tap("19-28", exact=True, scroll=False)
    shown = groups_shown(driver)
    tequran = driver.button("28: Tequ'ran, Torkan")
    where = {b.text: (tuple(b.to_window(b.x, b.y)), tuple(b.size)) for b in shown}
    words = tequran.text
    driver.tap(tequran, scroll=False)
    driver.pump(3)
    assert tequran.chosen and tequran.text == words  # marked, not re-worded
    assert {b.text: (tuple(b.to_window(b.x, b.y)), tuple(b.size)) for b in shown} == where
    driver.tap(driver.button("Remove"), scroll=False)
    driver.pump(3)
    assert not tequran.chosen and tequran.text == words
    assert {b.text: (tuple(b.to_window(b.x, b.y)), tuple(b.size)) for b in shown} == where


def test_the_send_button_stays_put_as_systems_are_added(make_driver) -> None:
    """It sat under the order and moved down a row with each system added."""
    driver = open_take_planets(make_driver)
    submit = driver.screen.ids.submit
    places = []
    for system in ("19: Wellon", "20: Vefut II", "21: Thibah", "22: Tar'Mann"):
        driver.tap(system, scroll=False)
        driver.pump(3)
        places.append((*submit.to_window(submit.x, submit.y), *submit.size))
        assert driver.reachable(submit)
    assert places == [places[0]] * 4
    assert submit.text == "Take planets for Alice (4)"
