"""What the 800x480 dashboard leaves for the seats: a one-line scan strip without a camera,
and the waiting sentence at the top of the actions naming who acts (TI4 as Exploration)."""

from __future__ import annotations

import pytest
from kivy.metrics import dp

from companion.ui.devtools.gallery_ti4 import start_ti4


def test_without_a_camera_the_scan_strip_is_one_line_that_explains_on_demand(
        make_driver) -> None:
    driver = make_driver(seed=102)
    start_ti4(driver)
    assert driver.screen.name == "dashboard"
    strip = driver.screen.ids.scanstrip
    assert strip.ids.preview.texture is None  # no camera, no preview
    assert strip.get_root_window() is not None  # always on the dashboard
    assert strip.height <= dp(56)  # one line and its button, not a 92 dp box
    # the same words as with a camera switched on that does not answer (try 9, finding 34)
    assert driver.shown("No camera: pick cards by touch") and not driver.shown("No scanner")
    strip.set_status("no-camera", "")
    assert driver.shown("No camera: pick cards by touch")
    strip.set_status("off", "")
    assert not driver.shown("choose one in Settings")
    assert driver.button("How?", exact=True).height >= dp(48)
    driver.tap("How?", exact=True)
    assert driver.shown("The camera is switched off: choose one in Settings to scan cards; "
                        "until then, pick each card drawn at the table from its list, or let "
                        "the app draw.")
    assert strip.height > dp(56)
    driver.tap("Hide", exact=True)
    assert not driver.shown("choose one in Settings") and strip.height <= dp(56)


def test_the_ti4_dashboard_says_whose_action_it_is_in_a_sentence(make_driver) -> None:
    driver = make_driver(seed=102)
    start_ti4(driver)
    # (no camera in the tests' app: the words for a table with none)
    assert driver.screen.next_text == "Alice's action: take a planet, or another action."
    assert driver.shown("Alice's action: take a planet")
    driver.tap("End Alice's turn", exact=True)
    assert driver.screen.next_text.startswith("Bob's action: ")


def test_no_empty_room_above_the_actions_until_the_game_is_over(make_driver) -> None:
    driver = make_driver(seed=102)
    start_ti4(driver)
    final = driver.screen.ids.final
    assert not driver.shown("Final scores") and final.disabled
    assert final.parent.height == 0  # the folded "Final scores" button takes no room
    side = driver.screen.ids.side
    message, actions = driver.screen.ids.message, driver.screen.ids.actions
    assert message.y - actions.top <= 2 * side.spacing  # the actions follow the sentence


def test_the_camera_line_says_what_the_camera_is_for_and_shows_whole(make_driver) -> None:
    from kivy.core.text import Label as CoreLabel

    driver = make_driver(seed=102)
    start_ti4(driver)
    strip = driver.screen.ids.scanstrip
    line = strip.ids.status_line
    for status, words in (("no-camera", "No camera: pick cards by touch"),
                          ("opening", "Camera starting, to read cards")):
        strip.set_status(status, "")
        driver.pump(3)
        assert driver.shown(words)
        whole = CoreLabel(text=line.text, font_size=line.font_size, bold=True)
        whole.refresh()
        assert whole.texture.width <= line.width, f"{words!r} is cut on the strip"


def test_no_camera_is_said_plainly_while_the_scanner_looks_for_one(make_driver) -> None:
    """Try 10: a table with no camera read "Camera starting, to read cards" while the
    scanner looked; it says so only while a camera found is being opened."""
    driver = make_driver(seed=102)
    start_ti4(driver)
    strip = driver.screen.ids.scanstrip
    strip.set_status("starting", "Looking for a camera.")
    driver.pump(3)
    assert driver.shown("No camera: pick cards by touch")
    assert not driver.shown("Camera starting")
    strip.set_status("opening", "Looking for a camera.")
    driver.pump(3)
    assert driver.shown("Camera starting, to read cards")


def test_the_camera_line_wraps_whole_onto_the_strip_at_large_text(make_driver) -> None:
    """At Large text the line no longer fits one line: it wraps and the strip grows to hold
    it (it was shortened to "No camera: the app draws c...", unreadable whole)."""
    from companion.ui.settings import TEXT_SIZES
    from tests.ui.layout_rules import label_problems

    driver = make_driver(seed=102)
    start_ti4(driver)
    driver.app.change_setting("text_scale", str(TEXT_SIZES[-1]))
    strip = driver.screen.ids.scanstrip
    line = strip.ids.status_line
    strip.set_status("no-camera", "")
    driver.settle()
    driver.pump(3)
    assert line.text == "No camera: pick cards by touch"
    assert not list(label_problems(line, TEXT_SIZES[-1]))
    assert strip.y <= line.y and line.top <= strip.top, "the line spills out of the strip"


def test_the_seat_whose_turn_it_is_comes_whole_into_view(make_driver) -> None:
    driver = make_driver(seed=102)
    start_ti4(driver)
    seats = driver.screen.ids.seats
    scroll = seats.parent
    driver.tap("Another player's turn")
    driver.tap("Carol", exact=True)
    driver.wait_for(lambda: any(getattr(w, "active", False) and w.seat == "Carol"
                                for w in seats.children), "Carol's turn")
    driver.pump(3)
    row = next(w for w in seats.children if w.seat == "Carol")
    bottom, top = row.to_window(row.x, row.y)[1], row.to_window(row.x, row.top)[1]
    low, high = scroll.to_window(scroll.x, scroll.y)[1], scroll.to_window(0, scroll.top)[1]
    assert low - 1 <= bottom and top <= high + 1, "Carol's card is cut by the list's edge"


def _rows(driver, panel) -> tuple[set[str], set[str]]:
    """The panel's rows (its widgets with a heading): those drawn whole inside their
    list, and those drawn only in part (some of the row inside it, some not)."""
    from kivy.uix.scrollview import ScrollView

    scroll = panel
    while not isinstance(scroll, ScrollView):
        scroll = scroll.parent
    _left, bottom = scroll.to_window(scroll.x, scroll.y)
    top = bottom + scroll.height
    whole, cut = set(), set()
    for row in driver.widgets(panel):
        if not getattr(row, "heading", ""):
            continue
        _x, y = row.to_window(row.x, row.y)
        if y >= bottom - 1 and y + row.height <= top + 1:
            whole.add(row.heading)
        elif y < bottom - 1 < y + row.height or y < top + 1 < y + row.height:
            cut.add(row.heading)
    return whole, cut


def test_the_scanners_how_never_covers_nor_cuts_a_panels_rows(make_driver) -> None:
    """Try 4, s076: the opened "How?" took the room of the Relics tab's last seat row,
    cut in half under it; it opens as a sheet over the column, the panel folded away."""
    driver = make_driver(seed=102)
    start_ti4(driver)
    driver.tap("Relics", exact=True)
    tabs = driver.screen.ids.tabs
    panel = tabs.panel("Relics")
    before, _cut = _rows(driver, panel)
    assert "Bob: no fragments" in before, before
    driver.tap("How?", exact=True)
    assert driver.shown("The camera is switched off: choose one in Settings")
    if tabs.opacity > 0:  # the panel still drawn: none of its rows may be cut
        assert _rows(driver, panel) == (before, set())
    else:  # folded away whole behind the sheet, not a finger's target meanwhile
        assert tabs.disabled and tabs.height == 0  # nothing of it drawn, nothing to hit
    driver.tap("Hide", exact=True)
    assert tabs.opacity == 1 and not tabs.disabled
    assert _rows(driver, panel)[0] == before


def _third_seat_to_play(db) -> str:
    """A 3-seat Exploration game on `db` at round 1, the third seat's turn after its
    technology action; the ship it can deploy."""
    from companion.session import open_session
    from tests.exploration.helpers import legal_pick

    session = open_session(db, "xp", new=True, seed=7)
    ok = lambda line: session.run(line).ok or pytest.fail(line)  # noqa: E731
    for line in ("length 8", "join Xichang Ana", "join Wostochny Ben", "join Baikonur Caro"):
        ok(line)
    while session.match.state.pending:
        first = session.match.state.pending[0]
        if first.deck == "module":
            ok(f"bonus {first.seat} velocity")
        else:
            ok(f"for {first.seat}")
            ok(f"draw {first.deck}")
    for line in (*["draw maneuver"] * 5, "draft virtual"):
        ok(line)
    while session.match.state.draft.is_running:
        ok(f"pick {legal_pick(session.match)}")
    for line in ("start", "tech credits", "done", "tech credits", "done", "tech credits"):
        ok(line)
    seat = session.match.state.table.active
    ship = next(s.card for s in session.match.state.ships_of(seat or "")
                if s.location == "hand")
    session.close()
    return ship


def test_the_acting_seats_card_stays_whole_when_it_grows(make_driver, tmp_path) -> None:
    """Issue 22 (s085): the third seat deployed a ship, its card grew a line and its
    bottom went behind the list's edge."""
    db = tmp_path / "games.db"
    ship = _third_seat_to_play(db)
    driver = make_driver(db=db)
    seats = driver.screen.ids.seats
    scroll = seats.parent
    driver.tap(next(b for b in driver.widgets() if str(getattr(b, "text", "")).startswith(
        "Deploy ") and f"({ship})" in b.text))  # "Deploy Laser beam (LASR3)"
    row = next(w for w in seats.children if getattr(w, "active", False))
    driver.wait_for(lambda: ship in row.row.detail, "the deployed ship on the card")

    def whole() -> bool:
        bottom, top = row.to_window(row.x, row.y)[1], row.to_window(row.x, row.top)[1]
        low, high = scroll.to_window(scroll.x, scroll.y)[1], scroll.to_window(0, scroll.top)[1]
        return low - 1 <= bottom and top <= high + 1

    driver.wait_for(whole, "the acting seat's card whole in the list's view")
