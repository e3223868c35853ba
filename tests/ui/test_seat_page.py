"""A tap on a seat's card on the dashboard opens what that seat holds (any game: the rows of
the panels its game declares `by_seat`), by simulated touches at 800x480."""

from __future__ import annotations

from companion.core.tableview import Panel, PanelRow
from companion.ui.devtools.gallery import seat_players
from companion.ui.devtools.gallery_ti4 import seat_card, start_ti4
from companion.ui.presenters.seat import neighbours, seat_sheet


def test_a_tap_on_a_ti4_seat_card_shows_its_planets_fragments_and_relics(make_driver) -> None:
    driver = make_driver(seed=102)
    start_ti4(driver)
    for line in ("take P76A P76C P76B", "scan TI/I16", "resolve", "scan TI/H16", "resolve",
                 "scan TI/I01", "resolve"):
        driver.run_line(line)
        assert not driver.app.message_refused, f"{line}: {driver.app.message}"
    driver.tap(seat_card(driver, "Alice"), scroll=False)
    assert driver.screen.name == "seat"
    assert driver.shown("What Alice holds")
    assert driver.shown("Rigel III (P76A)") and driver.shown("Rigel I (P76C)")
    assert driver.shown("Alice: 1 hazardous (") and driver.shown("Relics: no relics")
    assert not driver.shown("Frontier tokens")  # the table's, nobody's own
    driver.tap("Bob >", scroll=False)
    assert driver.shown("What Bob holds") and driver.shown("Bob: no planets")
    assert not driver.shown("Rigel")  # Alice's planets are on Alice's page
    driver.run_line("take P19 for Bob")  # the table moves on: the page follows it
    assert driver.screen.name == "seat" and driver.shown("Wellon (P19)")
    driver.tap("< Alice", scroll=False)
    assert driver.shown("What Alice holds") and not driver.shown("Wellon")
    driver.tap("Back to the table", scroll=False)
    assert driver.screen.name == "dashboard"


def test_a_short_tap_on_a_seat_badge_opens_the_seat_page_too(make_driver) -> None:
    """Exploration's seat: its ships (and the Correct button of its tab); the badge's hold
    still opens the private panel (tests/ui/test_peek.py), a short tap the public page."""
    from companion.ui.widgets.hold import HoldBadge

    driver = make_driver()
    driver.tap("New game")
    seat_players(driver, {"Xichang": "Ana", "Baikonur": "Ben"})
    driver.tap("Start the game")
    badge = next(w for w in driver.widgets(seat_card(driver, "Baikonur"))
                 if isinstance(w, HoldBadge))
    driver.tap(badge, scroll=False)
    assert driver.screen.name == "seat"
    assert driver.shown("What Baikonur holds") and driver.shown("Baikonur  ·  Ben")
    assert driver.shown("Ships") and driver.shown("No ships yet.")
    assert driver.shown("< Xichang") and not driver.shown("Kourou")  # seated seats only


def test_a_seat_sheet_holds_only_that_seats_rows_of_by_seat_panels() -> None:
    planets = Panel("planets", "Planets", (
        PanelRow("Ann: 1 planet", badge="A", seat="Ann", kind="heading"),
        PanelRow("Loki (P75A)", number="1/2"),
        PanelRow("Bo: no planets", badge="B", seat="Bo", kind="heading"),
        PanelRow("On the table", kind="heading"),
        PanelRow("Frontier tokens", number="3")), by_seat=True)
    relics = Panel("relics", "Relics", (PanelRow("Relic deck", number="9"),
                                        PanelRow("Ann: no fragments", seat="Ann", number="0")),
                   actions="relic", by_seat=True)
    board = Panel("board", "Board", (PanelRow("SHLD1", seat="Ann"),))  # not by seat
    table = {"seats": [{"seat": "Ann", "player": "Ann", "colour": "red", "score": None,
                        "score_sources": [], "counters": [{"text": "1 planet"}],
                        "in_effect": [], "detail": ["Dark Energy Tap"]},
                       {"seat": "Bo", "player": "Bo", "colour": None, "score": 3,
                        "score_sources": [{"source": "relics", "points": 3}],
                        "counters": [], "in_effect": [], "detail": []}],
             "panels": [p.to_dict() for p in (planets, relics, board)]}
    ann = seat_sheet(table, "Ann")
    assert ann is not None and ann.counters == "1 planet" and ann.lines == ("Dark Energy Tap",)
    assert [(p["title"], [r["text"] for r in p["rows"]]) for p in ann.panels] == [
        ("Planets", ["Ann: 1 planet", "Loki (P75A)"]), ("Relics", ["Ann: no fragments"])]
    assert all(p["actions"] is None for p in ann.panels)  # the table's buttons stay on its tab
    bo = seat_sheet(table, "Bo")
    assert bo is not None and bo.score == "3" and bo.lines == ("Score: relics +3",)
    assert [p["title"] for p in bo.panels] == ["Planets"]
    assert seat_sheet(table, "Cy") is None
    # Around the table, the first after the last: the bar is the same on every page.
    assert neighbours(table, "Ann") == ("Bo", "Bo") and neighbours(table, "Bo") == ("Ann", "Ann")
    assert neighbours({"seats": table["seats"][:1]}, "Ann") == (None, None)


def test_a_swipe_past_the_end_of_a_seat_page_rests_on_its_last_row(make_driver) -> None:
    """A long pull at a list's end springs back to the end, not part way up: a new player
    swiped to a seat's Relics and the page came to rest with that box cut in half, every
    swipe again (try 8, findings 13 and 36)."""
    from kivy.metrics import dp

    from companion.ui.devtools.gallery_ti4 import LATER_LINES

    driver = make_driver()
    start_ti4(driver)
    for line in ("take Rigel I", "scan TI/I16", "resolve", "take Rigel II", "scan TI/H16",
                 "resolve", "take Rigel III", "scan TI/I01", "resolve", *LATER_LINES):
        driver.run_line(line)
    driver.tap(seat_card(driver, "Alice"))
    scroll = driver.screen.ids.sheet_scroll
    last_box = driver.screen.ids.sheet.children[0]
    assert last_box.height > 0 and scroll.children[0].height > scroll.height  # it scrolls
    list_bottom = scroll.to_window(scroll.x, scroll.y)[1]
    for swipe in range(3):  # the first reaches the end; the next ones pull past it
        driver.drag((scroll.center_x, scroll.y + dp(12)), scroll.height * 0.9)
        rows = last_box.children or [last_box]
        lowest = min(w.to_window(w.x, w.y)[1] for w in rows)
        assert lowest >= list_bottom - 1, f"swipe {swipe + 1}: the last row is cut"


def test_a_ti4_seat_s_trade_goods_are_fixed_by_touch_from_its_page(make_driver) -> None:
    """Try 27: a greyed choice said "if the count is wrong, correct it first", and no
    screen offered a way. The seat's page (its planets' heading) has Fix counts. At a
    touch-only table the command the change sends is not shown (try 31: a developer's
    line)."""
    from companion.ui.panels.corrections import CorrectionEditor
    from companion.ui.settings import AppSettings

    driver = make_driver(seed=102, settings=AppSettings())
    start_ti4(driver)
    driver.tap(seat_card(driver, "Bob"), scroll=False)
    driver.tap("Fix counts", exact=True)
    editor = next(w for w in driver.widgets() if isinstance(w, CorrectionEditor))
    driver.settle()
    driver.tap("Trade goods 0", scroll=False)
    plus = editor.ids.stepper.children[0]
    for _ in range(2):
        driver.tap(plus, scroll=False)
    assert driver.shown("Trade goods: 0 -> 2") and not driver.shown("adjust Bob")
    back = driver.screen.ids.back  # Apply is the one green button while a change is open
    assert back.kind == "quiet" and driver.button("Apply", exact=True).kind == "primary"
    driver.tap("Apply", exact=True, scroll=False)
    assert driver.app.message == "Adjusted Bob's trade goods by +2 (no reason given)."
    assert back.kind == "primary"
    seat = next(s for s in driver.app.table.view["seats"] if s["seat"] == "Bob")
    assert any(c["text"] == "2 trade goods" for c in seat["counters"])
