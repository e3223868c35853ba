"""Try 13's words and places (issue 22): what the screens say and keep for a new player."""

from __future__ import annotations

from pathlib import Path

from tests.ui.test_panels import saved_game


def _at_top(page, row) -> bool:
    return abs(page.below_top(row)) < 8


def test_the_ships_tab_keeps_the_acting_seats_ships_through_its_turn(make_driver,
                                                                    tmp_path: Path) -> None:
    """Try 13, 36 (s178, s179): the Ships tab showed the acting seat's ships when its turn
    came, and after its first tap it jumped back to the first seat's ships. It stays on
    them, and where the player scrolled it stays there too."""
    driver = make_driver(db=saved_game(tmp_path / "games.db"))
    driver.tap("Ships", exact=True)
    tabs = driver.screen.ids.tabs
    panel, page = tabs.panel("Ships"), tabs._pages["Ships"]
    assert panel.opening is panel.headings["Baikonur"]  # Baikonur's SHLD1 flies first
    driver.wait_for(lambda: _at_top(page, panel.opening), "Baikonur's ships at the top")
    driver.type_command("move SHLD1 1 space")  # its ship changes: the panel is redrawn
    driver.wait_still()
    assert _at_top(page, panel.headings["Baikonur"]), "the Ships tab jumped away"
    driver.drag(page.to_window(*page.center), -2000)  # the player goes to the top
    assert _at_top(page, panel.headings["Xichang"])
    driver.tap("Undo", exact=True)
    driver.wait_still()
    assert _at_top(page, panel.headings["Xichang"]), "the Ships tab left where it was put"


def test_after_a_restart_the_seat_list_shows_the_acting_seat(make_driver, tmp_path: Path) -> None:
    """Try 13, 49 (s273-s275): the app came back on the same turn, its seat list at the top
    instead of at the seat that plays."""
    from tests.racegame.rules import TITLE
    from tests.ui.test_racegame_by_touch import seat_pilots

    db = tmp_path / "games.db"
    driver = make_driver(db=db)
    driver.tap("New game")
    driver.tap(TITLE)
    seat_pilots(driver, "Ann", "Bo", "Cy", "Di")
    driver.tap("Start the game")
    for _turn in range(3):  # Di's turn
        driver.tap("Roll the die", scroll=False)
        driver.tap("1\n1 symbol", exact=True)  # the table rolled a one: nobody finishes
        driver.wait_for(lambda: driver.screen.mode == "result", "the die's result")
        driver.tap("Continue")
    assert active_seat_in_view(driver) == "Di"
    driver.close()
    driver = make_driver(db=db)
    assert driver.screen.name == "dashboard"
    driver.wait_for(lambda: active_seat_in_view(driver) == "Di", "Di's card in view")


def active_seat_in_view(driver) -> str | None:
    """The acting seat, when its card is whole in the seat list's view."""
    from companion.ui.widgets import SeatRowView

    seats = driver.app.screen("dashboard").ids.seats
    active = next((w for w in seats.children if isinstance(w, SeatRowView) and w.active), None)
    if active is None:
        return None
    view = seats.parent
    low, high = view.to_window(view.x, view.y)[1], view.to_window(view.x, view.top)[1]
    bottom, top = active.to_window(active.x, active.y)[1], active.to_window(active.x,
                                                                          active.top)[1]
    return active.seat if low - 1 <= bottom and top <= high + 1 else None


def test_at_the_round_end_the_seat_list_shows_the_seat_that_acts(make_driver,
                                                                tmp_path: Path) -> None:
    """Try 13, 49 (s275): restarted while a drift's hazard waited for Baikonur (no seat's
    turn at the round's end), the seat list showed the first seat, not Baikonur."""
    db = saved_game(tmp_path / "games.db", "move SHLD1 1 space", "next", "move TRNS1 1 space",
                    "next", "drift SHLD1=hazard")
    driver = make_driver(db=db)
    # Try 13, 18 (s096): "Resumed game xp-20261127-1." showed an internal id.
    assert driver.shown("Resumed Exploration, round 2 of 8.")
    assert not driver.shown(driver.app.table.game_id)
    assert driver.app.table.prompt["seat"] == "Baikonur"
    seats = driver.app.screen("dashboard").ids.seats
    assert seats.height > seats.parent.height  # the two seats' cards do not fit
    driver.wait_for(lambda: seat_in_view(driver, "Baikonur"), "Baikonur's card in view")


def seat_in_view(driver, seat: str) -> bool:
    """The seat's card is whole in the seat list's view."""
    from companion.ui.widgets import SeatRowView

    seats = driver.app.screen("dashboard").ids.seats
    row = next(w for w in seats.children if isinstance(w, SeatRowView) and w.seat == seat)
    driver.wait_still()
    view = seats.parent
    low, high = view.to_window(view.x, view.y)[1], view.to_window(view.x, view.top)[1]
    return low - 1 <= row.to_window(row.x, row.y)[1] and row.to_window(row.x, row.top)[1] \
        <= high + 1


def test_a_seat_that_scored_still_shows_what_it_holds(make_driver, tmp_path: Path) -> None:
    """Try 13, 42 (s218-s221): once a seat had a score line, its card dropped its ships, its
    kept card and "5 hidden missions" while the other seats showed theirs. Every card shows
    the same kinds of lines: where its points came from and what it holds."""
    from companion.ui.devtools.gallery_board import scored_game
    from companion.ui.widgets import SeatRowView
    from companion.ui.wrapping import ended, points_line

    db = tmp_path / "games.db"
    scored_game(db)
    driver = make_driver(db=db)
    cards = [w for w in driver.app.screen("dashboard").ids.seats.children
             if isinstance(w, SeatRowView)]
    assert cards and all(card.sources for card in cards)  # both seats scored
    for card in cards:
        shown = driver.texts(card)
        assert points_line(card.sources) in shown, f"{card.seat}'s score line is not shown"
        assert ended(card.detail) in shown and "hidden mission" in card.detail, \
            f"{card.seat}'s card dropped what it holds: {shown}"


def test_a_second_tap_where_how_was_hides_the_camera_sentence(make_driver,
                                                              tmp_path: Path) -> None:
    """Try 13, 50 (s277, s278): "How?" opened its sentence and the "Hide" closing it sat in
    the middle of the column; a second tap where "How?" was did nothing."""
    driver = make_driver(db=saved_game(tmp_path / "games.db"))
    strip = driver.screen.ids.scanstrip
    strip.set_status("no-camera", "")
    driver.settle()
    how = driver.button("How?", exact=True)
    spot = how.to_window(*how.center)
    driver.press(*spot)
    driver.wait_laid_out()
    assert strip.explained and driver.shown("No camera is plugged in")
    hide = driver.button("Hide", exact=True)
    assert hide.collide_point(*hide.to_widget(*spot)), "Hide is not where How? was"
    driver.press(*spot)
    driver.wait_laid_out()
    assert not strip.explained and driver.button("How?", exact=True)


def test_back_returns_to_where_a_side_screen_was_opened(make_driver, tmp_path: Path) -> None:
    """Try 13, 51 (s279-s281): Menu -> Settings -> Back came back to the Menu, but Menu ->
    Phones -> Back went to the game. One rule: Back returns to where it was opened from."""
    driver = make_driver(db=saved_game(tmp_path / "games.db"))
    assert driver.screen.name == "dashboard"
    for side in ("Settings", "Phones"):
        driver.tap("Menu", exact=True)
        assert driver.screen.name == "start"
        driver.tap(side, exact=True)
        assert driver.screen.name == side.lower()
        driver.tap("Back", exact=True)
        assert driver.screen.name == "start", f"{side}'s Back went to {driver.screen.name}"
        driver.tap("Resume", exact=False)
        assert driver.screen.name == "dashboard"


def test_a_saved_games_delete_keeps_a_gap_from_its_row_and_asks(make_driver,
                                                                tmp_path: Path) -> None:
    """Try 13, 56 (s304): Delete sat right beside each saved game's row, where a thumb on
    the row's end goes. It keeps a gap (at the row's left since Back took the top right:
    try 15, 13), and a tap on it only asks (in the row's place)."""
    from kivy.metrics import dp

    from tests.ui.test_saved_games import ASK, delete_of, saved_screen

    driver, _db, _old, _new = saved_screen(make_driver, tmp_path)
    game = driver.button("Ann, Bob")
    delete = delete_of(driver, "Ann, Bob")
    assert game.x - delete.right >= dp(20), "no gap between a game and its Delete"
    driver.press(game.x - dp(6), game.center_y)  # a thumb just before the row's start
    driver.settle()
    assert driver.screen.name == "saved" and not driver.shown(ASK)
    driver.tap(delete)
    assert driver.shown(ASK) and driver.shown("Keep it")  # it asks, it deletes nothing yet


def test_the_setup_headline_fits_whole(make_driver) -> None:
    """Try 13, 2 (s017): the setup's headline was cut with "..." ("21 cards owed in all (5
    of them for the ...") and the line under it ended in "(more)"."""
    from companion.ui.devtools.gallery_large import large_text

    driver = make_driver(seed=2047)
    driver.app.start_new_game("xp", ["length 8", "join Xichang Dan", "join Wostochny Eve",
                                     "join Baikonur Finn"])
    driver.settle()
    sentence = driver.screen.ids.sentence
    for _size in ("Normal", "Large"):
        driver.wait_laid_out()
        assert "21 cards owed in all" in sentence.whole
        assert not sentence.folded, f"cut: {sentence.text!r}"
        large_text(driver)


def drawn_lines(button) -> list[str]:
    """The lines a button's words are drawn on, as Kivy wrapped them."""
    return ["".join(word.text for word in line.words).replace("\u00a0", " ")
            for line in button._label._cached_lines]


def test_at_large_text_a_cost_is_never_split_from_its_number(make_driver) -> None:
    """Try 13, 22 (s114): at Large text "Move UFST3 (1 energy)" broke as "Move UFST3 (1" over
    "energy)", and "Change UFST3's direction (1 energy)" took three lines."""
    from companion.ui.devtools.gallery import flight_lines
    from companion.ui.devtools.gallery_large import large_text
    from companion.ui.widgets import BigButton

    driver = make_driver(seed=2047)
    driver.app.start_new_game("xp", list(flight_lines()))
    driver.settle()
    large_text(driver)
    driver.wait_laid_out()
    costly = [b for b in driver.widgets(driver.screen.ids.actions)
              if isinstance(b, BigButton) and b.text.endswith(" energy)")]
    assert len(costly) >= 2, [b.text for b in costly]  # a move and a change of direction
    for button in costly:
        lines = drawn_lines(button)
        assert "(" in lines[-1], f"{button.text!r} drawn as {lines}"
