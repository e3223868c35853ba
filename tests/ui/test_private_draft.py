"""The app-dealt ship draft by touch: the drafter's own screen shows their pack and picks
from it (the prompt's `private_to`), and no sentence shows a command."""

from __future__ import annotations

from companion.games.exploration import DEMO_SETUP

COMMAND_WORDS = ("state --as", "--as ", "prompt ")
#: In every ship type's button of a pack the app dealt: "Shield (2 in the pack): velocity 4, ...".
PICK = " in the pack): "


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
    # The draft started: the screen is handed to the first drafter, closed (issue 22).
    assert driver.screen.name == "private" and driver.shown("Pass to Ana: only Ana looks now")
    assert driver.shown("Xichang takes a ship from the pack (only Ana sees the choices)")
    assert not driver.shown(PICK)  # nothing of the pack before Xichang asks
    assert not [t for t in driver.texts() if any(w in t for w in COMMAND_WORDS)]
    driver.tap("Show Ana's choices")
    types = _types(db)
    offered = [t for t in driver.texts() if PICK in t]
    assert len(offered) == len(types)  # one button per ship type of the pack, no more
    name, copies = next(iter(types.items()))
    button = next(t for t in offered if t.startswith(f"{name} ("))
    assert button.startswith(f"{name} ({copies} in the pack): velocity ")
    assert "maneuverability " in button
    driver.tap(next(b for b in driver.widgets()
                    if getattr(b, "text", "").replace("\u00a0", " ") == button))
    # Picked: no reveal of what Xichang chose; the screen passes on to the next drafter.
    assert driver.screen.name == "private" and driver.shown("Pass to Ben: only Ben looks now")
    assert not driver.shown(PICK)
    assert driver.shown("Baikonur takes a ship from the pack (only Ben sees the choices)")
    driver.tap("Hide and go back to the table")  # the table may look first
    assert driver.screen.name == "dashboard" and driver.shown(f"Xichang takes {name} (")
    assert driver.shown("Baikonur takes a ship from the pack (only Ben sees the choices)")
    assert not [t for t in driver.texts() if any(w in t for w in COMMAND_WORDS)]


FOUR = ("length 8", "join Xichang Mia", "join Wostochny Tom", "join Baikonur Lea",
        "join Kourou Sam")


def _type_of(text: str) -> str:
    """The ship type a button of the drafter's screen is for: "Shield (2 in the pack): ...",
    "Shield\nNone in the pack.", "Shield (1 in the pack)\nMia already has one."."""
    return text.split("\n")[0].split(" (")[0]


def test_the_app_dealt_draft_of_four_takes_two_taps_a_pick_and_each_pack_fits(
        make_driver, tmp_path) -> None:
    """Try 9 (finding 4): 16 picks at 3 taps each. Now the screen is handed from drafter
    to drafter by itself: "Show PLAYER's choices" and a ship type, every type in view.
    Try 13 (finding 10): a type jumped from the right column to the left as the pack
    shrank. Every type of the draft keeps one rectangle in every hand: offered, or greyed
    where the pack has none or the drafter holds one, with why."""
    from kivy.uix.button import Button

    from companion.catalogs import load_catalog
    from companion.games.exploration import catalog as xc
    from companion.games.exploration.prompt_draft import ship_codes

    db = tmp_path / "games.db"
    driver = make_driver(db=db, seed=2047, demo_setup=FOUR)
    driver.tap("Let the app draw every owed card")
    driver.tap(driver.screen.ids["continue"])
    driver.tap("Wostochny takes a starting module")
    driver.tap("Laser turret")
    start = driver.inputs
    driver.tap("Start the ship draft (the app deals the packs)")
    players = {"Xichang": "Mia", "Wostochny": "Tom", "Baikonur": "Lea", "Kourou": "Sam"}
    catalog = load_catalog("xp")
    names = [xc.ship_type(catalog, code).name for code in ship_codes(catalog)]
    places: dict[str, set[tuple[int, ...]]] = {name: set() for name in names}
    greyed = 0
    picks = 0
    last = ""
    while driver.screen.name == "private":
        seat = driver.screen.seat
        handed = f"Taken. {players[seat]} picks again" if seat == last else \
            f"Pass to {players[seat]}"
        assert driver.shown(f"{handed}: only {players[seat]} looks now")
        last = seat
        assert not driver.shown(PICK), (picks, seat, driver.texts())  # closed until it looks
        taps = driver.inputs
        driver.tap(f"Show {players[seat]}'s choices", scroll=False)
        buttons = [b for b in driver.widgets(driver.screen.ids.picks) if isinstance(b, Button)]
        assert [_type_of(b.text) for b in buttons] == names  # every type, in one order
        pack = _types(db)
        held = {_type_of(b.text) for b in buttons if "already has one." in b.text}
        for button in buttons:
            kind = _type_of(button.text)
            x, y = button.to_window(button.x, button.y)
            places[kind].add((round(x), round(y), round(button.width), round(button.height)))
            if kind not in pack:  # greyed in its place: none of it in this pack
                assert button.disabled and button.text == f"{kind}\nNone in the pack."
            elif kind in held:  # greyed with why, while the pack has a type they lack
                assert button.disabled and button.text == \
                    f"{kind} ({pack[kind]} in the pack)\n{players[seat]} already has one."
            else:
                assert not button.disabled and PICK in button.text
        greyed += len(held)
        offered = [b for b in buttons if not b.disabled]
        hide = driver.button("Hide and go back to the table")
        assert all(b.to_window(b.x, b.y)[1] >= hide.to_window(hide.x, hide.top)[1]
                   for b in buttons), "a ship type below the fold"
        assert all(b.texture_size[1] <= b.height for b in buttons)  # no word cut
        driver.tap(offered[-1], scroll=False)
        assert not driver.app.message_refused, driver.app.message
        assert driver.inputs - taps == 2
        picks += 1
    assert picks == 16 and driver.screen.name == "dashboard"
    assert driver.app.screen("dashboard").ids.main.text == "Start round 1"
    assert driver.inputs - start == 1 + 2 * 16  # try 9 counted 48 for the picks alone
    assert all(len(rects) == 1 for rects in places.values()), places  # never moved
    assert greyed  # some hand had a type its drafter holds (the walk tested that case)


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
    driver.tap("Only Ana (Xichang): look at it")  # from the hidden card's own reveal
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
    driver = _dealt(make_driver, db)  # handed to Xichang's drafter by itself
    show = driver.button("Show Ana's choices")
    spot = show.to_window(*show.center)
    bottom = show.to_window(show.x, show.y)[1]
    driver.tap(show)
    driver.press(*spot)  # the finger taps again where "Show" was
    driver.settle()
    assert driver.screen.name == "private"  # nothing picked unseen
    picks = [b for b in driver.widgets() if PICK in getattr(b, "text", "")]
    assert picks and all(b.to_window(b.x, b.top)[1] <= bottom - dp(2) for b in picks)
    assert all("velocity\u00a0" in b.text and "maneuverability\u00a0" in b.text for b in picks)
    driver.tap(picks[0])
    assert driver.screen.name == "private" and driver.screen.seat == "Baikonur"
    assert driver.app.message.startswith("Xichang takes ") and not driver.shown(PICK)


def test_a_player_handed_two_packs_in_a_row_is_told_the_second_is_a_new_pack(
        make_driver, tmp_path) -> None:
    """Try 13 (finding 9): the last drafter of a pack starts the next one (its direction
    turns), and their second "Pass to Ben" looked the same as the first: a tap seemed
    lost. The hand-over names the pack it hands on."""
    from kivy.uix.button import Button

    def pick_one() -> None:
        driver.tap(driver.screen.ids.reveal, scroll=False)
        driver.tap(next(b for b in driver.widgets(driver.screen.ids.picks)
                        if isinstance(b, Button) and not b.disabled), scroll=False)

    driver = _dealt(make_driver, tmp_path / "games.db")
    assert driver.shown("Pack 1 of 4 starts with Ana")
    pick_one()
    assert driver.screen.seat == "Baikonur" and driver.shown("Pack 1 of 4, passed on by Ana")
    first = driver.texts()
    pick_one()  # Ben's pick ends pack 1; pack 2 goes the other way round, from Ben
    # Issue 22 (try 18, 7): not a second "Pass to Ben", the same as the first but its note.
    assert driver.screen.seat == "Baikonur" and not driver.shown("Pass to Ben")
    assert driver.shown("Taken. Ben picks again: only Ben looks now")
    assert driver.shown("Pack 2 of 4 starts with Ben") and driver.texts() != first
    assert not driver.shown(PICK)  # still closed: only the pack's number is said
    driver.tap("Hide and go back to the table")  # the table's bar opens it the same way
    bar = driver.app.screen("dashboard").ids.main
    assert bar.text.startswith("Baikonur takes a ship from the pack (only Ben sees")
    driver.tap(bar, scroll=False)
    assert driver.screen.name == "private" and driver.shown("Pack 2 of 4 starts with Ben")


def _rect(widget) -> tuple[int, ...]:
    x, y = widget.to_window(widget.x, widget.y)
    return round(x), round(y), round(widget.width), round(widget.height)


def test_the_reveals_way_on_sits_in_one_place_after_one_card_or_every_owed_card(
        make_driver, tmp_path) -> None:
    """Try 13 (finding 6): after one card the green "Continue" filled the row; after "Let
    the app draw every owed card" that place held "Next card", "Continue to the end" on
    the right: a finger used to "Continue" paged on instead. The way on (Continue, or
    Next card while cards wait) has one rectangle whatever the reveal, at both sizes."""
    from companion.ui.settings import AppSettings

    for scale in (1.0, 1.3):
        driver = make_driver(db=tmp_path / f"{scale}.db", seed=2047, demo_setup=DEMO_SETUP,
                             settings=AppSettings(typed_commands=True, text_scale=scale))
        driver.tap(driver.button("Let the app draw: "), scroll=False)  # one deck's card
        screen = driver.screen
        assert screen.name == "reveal" and not screen.more
        on, undo = screen.ids["continue"], screen.ids.undo
        assert on.text == "Continue" and on.kind == "primary"
        single = _rect(on)
        assert single[0] > _rect(undo)[0] + undo.width  # right of Undo, the row's end
        driver.tap(on)
        driver.tap(driver.button("Let the app draw every owed card"), scroll=False)
        assert screen.more and screen.ids.next.text == "Next card"
        assert _rect(screen.ids.next) == single and screen.ids.next.kind == "primary"
        skip = screen.ids["continue"]  # beside it, quiet: it skips the looking
        assert skip.text.startswith("Continue to the end: all ") and skip.kind == "quiet"
        assert skip.right <= screen.ids.next.x and skip.texture_size[1] <= skip.height
        while screen.more:
            driver.tap(screen.ids.next)
        assert screen.ids["continue"].text == "Continue" and _rect(screen.ids["continue"]) \
            == single
        driver.close()


def test_a_look_at_a_drawn_hidden_card_shows_that_card_only(make_driver, tmp_path) -> None:
    """xp16, 12 (issue 22): the look at "card 2 of 21", a hidden mission, listed all five
    of Xichang's missions. It shows the card on that page, the one its owner asked about."""
    from companion.session import open_session

    db = tmp_path / "games.db"
    driver = make_driver(db=db, seed=2047, demo_setup=DEMO_SETUP)
    driver.tap("Let the app draw every owed card")
    screen = driver.screen
    seen = 0
    while True:  # the second hidden card drawn for Xichang
        if screen.hidden and "Xichang" in screen.heading:
            seen += 1
            if seen == 2:
                break
        driver.tap(screen.ids["next"])
    session = open_session(db, None)
    try:
        step = session.match.step(max(session.match.index))
        drawn = [str(e["card"]) for e in step.events
                 if e.type == "card_moved" and e["to"] == "hand:Xichang"]
        names = {c: session.match.catalog.card(c).name for c in drawn}
    finally:
        session.close()
    assert len(drawn) == 5
    driver.tap("Only Ana (Xichang): look at it")
    driver.tap("Show Ana's hidden card")
    assert driver.shown("The card drawn for Ana (Xichang):")
    shown = [c for c in drawn if driver.shown(f"{names[c]} ({c})")]
    assert shown == [drawn[1]], (shown, drawn)


def test_a_pick_left_from_another_game_never_says_taken(make_driver, tmp_path) -> None:
    """Try 31: a new draft's first screen said "Taken. Kim picks again" before anyone had
    picked: the screen still held the seat that chose last in an earlier game."""
    driver = make_driver(db=tmp_path / "games.db", seed=2047, demo_setup=DEMO_SETUP)
    while driver.app.table.prompt.get("expects_scan"):  # setup's draws, by the app
        driver.tap("Let the app draw")
        if driver.screen.name == "reveal":
            driver.tap(driver.screen.ids["continue"])
    private = driver.app.screen("private")
    private.chose, private._chose_after = "Xichang", 3  # an earlier game's last pick
    driver.tap("Start the ship draft (the app deals the packs)")
    assert driver.screen.name == "private" and driver.shown("Pack 1 of 4 starts with Ana")
    assert driver.shown("Pass to Ana") and not driver.shown("Taken.")
