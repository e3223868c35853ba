"""The app-dealt ship draft by touch: the drafter's own screen shows their pack and picks
from it (the prompt's `private_to`), and no sentence shows a command."""

from __future__ import annotations

from companion.games.exploration import DEMO_SETUP

COMMAND_WORDS = ("state --as", "--as ", "prompt ")


def _dealt(make_driver, db):
    driver = make_driver(db=db, seed=2047, demo_setup=DEMO_SETUP)
    while driver.app.table.prompt.get("expects_scan"):  # setup's draws, by the app
        driver.tap("Let the app draw")
        if driver.screen.name == "reveal":
            driver.tap(driver.screen.ids["continue"])
    driver.tap("Start the ship draft (the app deals the packs)")
    return driver


def _pack(db) -> tuple[list[str], dict[str, str]]:
    """The pack being drafted, as the saved game holds it, with each card's name."""
    from companion.games.exploration.draft import current_pack
    from companion.session import open_session

    session = open_session(db, None)
    try:
        cards = current_pack(session.match.state)
        return cards, {c: session.match.catalog.card(c).name for c in cards}
    finally:
        session.close()


def _types(db) -> dict[str, int]:
    """The pack being drafted, as the saved game holds it: each ship type's name and how
    many of the pack's ships are of that type."""
    cards, names = _pack(db)
    counts: dict[str, int] = {}
    for card in cards:
        counts[names[card]] = counts.get(names[card], 0) + 1
    return counts


def test_the_drafter_opens_their_own_pack_and_picks_a_ship_type_from_it(make_driver,
                                                                       tmp_path) -> None:
    db = tmp_path / "games.db"
    driver = _dealt(make_driver, db)
    assert not [t for t in driver.texts() if any(w in t for w in COMMAND_WORDS)]
    driver.tap("Xichang takes a ship from the pack (only Xichang sees the choices)", scroll=False)
    assert driver.screen.name == "private" and driver.shown("Only Ana (Xichang) looks now")
    assert not driver.shown(" in the pack)")  # nothing of the pack before Xichang asks
    driver.tap("Show Ana's choices")
    types = _types(db)
    offered = [t for t in driver.texts() if t.endswith(" in the pack)")]
    assert len(offered) == len(types)  # one button per ship type of the pack, no more
    name, copies = next(iter(types.items()))
    button = next(t for t in offered if t.startswith(f"{name}: velocity "))
    assert button.endswith(f"({copies} in the pack)") and "maneuverability " in button
    driver.tap(button, exact=True)
    assert driver.screen.name == "dashboard"  # picked: no reveal of what Xichang chose
    assert driver.shown(f"Xichang takes {name} (")
    assert driver.shown("Baikonur takes a ship from the pack (only Baikonur sees the choices)")
    assert not [t for t in driver.texts() if any(w in t for w in COMMAND_WORDS)]


def _pick_by_touch(driver, picker: str) -> tuple[int, tuple[float, float]]:
    """One pick of a pack dealt at the table, by touch: the fixed bar's button, then a
    ship type. The taps it took, and where the bar's button was."""
    main = driver.app.screen("dashboard").ids.main
    assert main.text == f"{picker} takes a ship from the pack  >"
    spot = tuple(main.to_window(*main.pos))
    taps = driver.taps + driver.scrolls
    driver.tap(main, scroll=False)
    choice = next(t for t in driver.app.screen("dashboard").ids.actions.offered()
                  if t.endswith("left)"))
    driver.tap(choice, exact=True, scroll=False)
    assert driver.screen.name == "dashboard" and not driver.app.message_refused, \
        driver.app.message
    assert driver.shown(f"{picker} takes {choice.split(' (')[0]} (")
    return driver.taps + driver.scrolls - taps, spot


def test_a_pick_from_a_pack_dealt_at_the_table_takes_two_taps_from_one_place(
        make_driver) -> None:
    driver = make_driver(seed=2047, demo_setup=DEMO_SETUP)
    driver.tap("Let the app draw every owed card")
    driver.tap(driver.screen.ids["continue"])
    driver.tap("Start the ship draft (packs dealt at the table)")
    spots, pickers = set(), []
    main = driver.app.screen("dashboard").ids.main
    while main.text.endswith(" takes a ship from the pack  >"):
        pickers.append(main.text.split(" takes ")[0])
        taps, spot = _pick_by_touch(driver, pickers[-1])
        assert taps == 2
        spots.add(spot)
    assert pickers[:4] == ["Xichang", "Baikonur", "Baikonur", "Xichang"]  # back and forth
    assert len(spots) == 1  # the pick's button never moved between picks
    assert driver.app.screen("dashboard").ids.main.text == "Start round 1"


def test_every_owed_card_is_drawn_with_one_tap_and_paged_on_one_reveal(make_driver) -> None:
    driver = make_driver(seed=2047, demo_setup=DEMO_SETUP)
    driver.tap("Let the app draw every owed card")
    screen = driver.screen
    assert screen.name == "reveal" and screen.heading == "Development card for Xichang"
    total = int(screen.counter.rsplit(" of ", 1)[1])
    assert total == 16 and screen.counter.endswith(f"card 1 of {total}")
    headings = [screen.heading]
    for n in range(2, total + 1):
        driver.tap(screen.ids["next"])
        assert screen.counter.endswith(f"card {n} of {total}")
        headings.append(screen.heading)
        if screen.hidden:  # a mission: whose it is, never what it is
            assert screen.code == "" and screen.name_text.endswith("'s hidden card")
    assert headings.count("A primary card for Xichang") == 2
    assert not screen.more
    driver.tap(screen.ids["continue"])
    assert driver.screen.name == "dashboard"
    assert not driver.app.table.prompt.get("expects_scan")
    assert not driver.shown("Let the app draw")


def test_each_seat_looks_at_its_own_hidden_cards_with_a_visible_button(make_driver,
                                                                       tmp_path) -> None:
    db = tmp_path / "games.db"
    driver = make_driver(db=db, seed=2047, demo_setup=DEMO_SETUP)
    assert not driver.shown("Hidden cards, for their owner's eyes only")
    driver.tap("Let the app draw every owed card")
    screen = driver.screen
    while not screen.hidden:
        driver.tap(screen.ids["next"])
    page = screen.counter
    driver.tap("Only Xichang: look at it")  # from the hidden card's own reveal
    assert driver.screen.name == "private" and driver.shown("Only Ana (Xichang) looks now")
    driver.tap("Hide and go back to the table")
    assert driver.screen.name == "reveal" and driver.screen.counter == page  # same page
    driver.tap(driver.screen.ids["continue"])
    assert driver.shown("Hidden cards, for their owner's eyes only")
    driver.tap("Baikonur (5)")
    assert driver.screen.name == "private" and not driver.shown("(P")  # not yet shown
    driver.tap("Show Ben's hidden cards")
    from companion.session import open_session

    session = open_session(db, None)
    held = [session.match.catalog.card(c) for c in
            session.match.state.table.cards_in("hand:Baikonur")]
    session.close()
    assert len(held) == 5 and all(driver.shown(f"{c.name} ({c.card_id})") for c in held)
    driver.tap("Hide and go back to the table")
    assert driver.screen.name == "dashboard"
    assert not any(driver.shown(f"({c.card_id})") for c in held)


def test_a_second_quick_tap_on_show_picks_nothing_and_the_picks_show_their_numbers(
        make_driver, tmp_path) -> None:
    from kivy.metrics import dp

    db = tmp_path / "games.db"
    driver = _dealt(make_driver, db)
    driver.tap("Xichang takes a ship from the pack (only Xichang sees the choices)")
    show = driver.button("Show Ana's choices")
    spot = show.to_window(*show.center)
    bottom = show.to_window(show.x, show.y)[1]
    driver.tap(show)
    driver.press(*spot)  # the finger taps again where "Show" was
    driver.settle()
    assert driver.screen.name == "private"  # nothing picked unseen
    picks = [b for b in driver.widgets() if getattr(b, "text", "").endswith(" in the pack)")]
    assert picks and all(b.to_window(b.x, b.top)[1] <= bottom - dp(2) for b in picks)
    assert all("velocity " in b.text and "maneuverability " in b.text for b in picks)
    driver.tap(picks[0])
    assert driver.screen.name == "dashboard"
    assert driver.shown("Xichang takes ") and not driver.shown("Drawn by the app")
