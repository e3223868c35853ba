"""A choice stays in its column when another one goes or comes (try 7, finding 5: after
Wostochny's starting module the table-dealt draft went from the left half to the right,
and the app-dealt one from the right half to a whole row: a tap by memory took the other
mode). Since issue 22 (try 10) a column is a function of what is offered, its place in its
group, not a memory by label (which changed with the seat and died with a restart:
tests/ui/test_steady_sides.py): a choice coming or going in the setup group moves no
draft, a group of its own; the setup group's seats after a seat taken may change halves
(the game lists a spaceport only while it is free)."""

from __future__ import annotations

from companion.games.exploration import DEMO_SETUP
from companion.games.exploration.prompt_draft import ONE_OF_A_TYPE

DRAFTS = ("Start the ship draft (packs dealt at the table)",
          "Start the ship draft (the app deals the packs)")


def _columns(driver) -> dict[str, tuple[float, float]]:
    """Each list button's left and right edge on the window."""
    panel = driver.screen.ids.actions
    return {b.text: (round(b.to_window(b.x, 0)[0]), round(b.to_window(b.right, 0)[0]))
            for b in panel.buttons()}


def _seat(driver, name: str) -> None:
    from companion.ui.widgets import CommandInput

    field = next(w for w in driver.widgets() if isinstance(w, CommandInput)
                 and w.hint_text == "type here")
    driver.tap(field)
    driver.type_keys(name)
    driver.tap("OK", exact=True)


def test_the_choices_keep_their_columns_when_one_before_them_is_taken(make_driver) -> None:
    driver = make_driver(seed=2047, demo_setup=DEMO_SETUP)
    driver.tap("Let the app draw every owed card")
    driver.tap(driver.screen.ids["continue"])
    before = _columns(driver)
    driver.tap("Add another player at Wostochny", exact=True)  # the first choice goes
    _seat(driver, "Zoe")
    after = _columns(driver)
    assert "Add another player at Wostochny" not in after
    halves = {before[t] for t in before if t in after and before[t][1] - before[t][0] < 300}
    assert {left > 500 for left, _right in halves} == {True, False}  # choices in both halves
    assert set(DRAFTS) <= set(after)
    assert {t: after[t] for t in DRAFTS} == {t: before[t] for t in DRAFTS}
    driver.tap("Let the app draw every owed card")  # Zoe's cards: new choices came
    driver.tap(driver.screen.ids["continue"])
    before = _columns(driver)
    module = next(t for t in before if t.endswith("takes a starting module  >"))
    driver.tap(module, exact=True)
    driver.tap(list(_columns(driver))[1], exact=True)  # a module (the first: the way back)
    after = _columns(driver)
    assert module not in after and set(DRAFTS) <= set(after), after
    assert {t: after[t] for t in DRAFTS} == {t: before[t] for t in DRAFTS}


def _type_places(driver) -> dict[str, tuple[int, int, bool]]:
    """The table draft's type buttons by ship type: where each is under the list's top
    (its left edge and its top), and whether it takes a tap."""
    from companion.ui.widgets.touch import holding_list

    panel = driver.screen.ids.actions
    scroll = holding_list(panel)
    return {b.text.split(" (")[0]: (round(b.to_window(b.x, 0)[0]), round(scroll.below_top(b)),
                                     not b.disabled)
            for b in panel.buttons() if b.kind != "quiet"}  # (the way back, Not possible)


def test_the_table_drafts_types_stay_in_place_for_the_whole_draft(make_driver) -> None:
    """Try 7, finding 6: a type that ran out vanished and a held type's button grew a
    note; every type now keeps its place, one that ran out greyed, the rule said once
    over the list."""
    driver = make_driver(seed=2047, demo_setup=DEMO_SETUP)
    driver.tap("Let the app draw every owed card")
    driver.tap(driver.screen.ids["continue"])
    driver.tap(DRAFTS[0], exact=True)
    main = driver.app.screen("dashboard").ids.main
    toggle = driver.button("Not possible now: ")  # after the choices, not over them
    hidden = driver.screen.ids.hidden.children
    assert hidden and all(toggle.to_window(0, toggle.top)[1] < b.to_window(0, b.y)[1]
                          for row in hidden for b in [row])
    first, gone, said = None, False, False
    while main.text.endswith(" takes a ship from the pack  >"):
        driver.tap(main, scroll=False)
        places = _type_places(driver)
        first = first or places
        assert {k: v[:2] for k, v in places.items()} == {k: v[:2] for k, v in first.items()}
        shield = driver.button("Shield (")
        gone = gone or not places["Shield"][2]
        if not places["Shield"][2]:
            assert shield.text == "Shield (none left)" and shield.text not in \
                driver.screen.ids.actions.offered()
            driver.tap(next(t for t in driver.screen.ids.actions.offered()
                            if t.endswith("left)")), exact=True, scroll=False)
            continue
        said = said or driver.button("Shield (").text.endswith(" left, has one)")
        assert driver.shown(ONE_OF_A_TYPE)  # the rule, once over the list
        driver.tap(shield, scroll=False)  # Shield again and again, till none is left
    assert gone and said


def _places(driver) -> dict[str, tuple[int, int, int]]:
    """Each list button's left edge, right edge and top on the window."""
    panel = driver.screen.ids.actions
    return {b.text: (round(b.to_window(b.x, 0)[0]), round(b.to_window(b.right, 0)[0]),
                     round(b.to_window(0, b.top)[1])) for b in panel.buttons()}


def test_a_setup_draw_done_stays_greyed_in_its_place(make_driver) -> None:
    """The last new players' tries: once a deck's draw was done, the other "Let the app
    draw" buttons moved up under the finger. The done one stays, greyed, in its place."""
    from companion.ui.devtools.gallery import seat_players

    driver = make_driver()
    driver.tap("New game")
    seat_players(driver, {"Xichang": "Ana", "Baikonur": "Ben"})
    driver.tap("Start the game")
    draws = [t for t in _places(driver) if t.startswith("Let the app draw: ")]
    before = _places(driver)
    driver.tap("Let the app draw: Development cards")
    driver.tap("Continue")
    after = _places(driver)
    assert "Development cards: done" in after
    assert after["Development cards: done"] == before["Let the app draw: Development cards"]
    assert driver.button("Development cards: done", exact=True).disabled
    rest = [t for t in draws if t != "Let the app draw: Development cards"]
    assert len(rest) >= 2 and {t: after[t] for t in rest} == {t: before[t] for t in rest}
