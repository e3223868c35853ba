"""A TI4 exploration session played through the screens by simulated touches.

The game is seeded (seed 102), so the app's draws are known: Rigel III, I and II
taken in one action in a chosen order, Loki's Paradise World attached, three
hazardous fragments purged for a relic, a frontier token explored, an undo.
"""

from __future__ import annotations

from kivy.uix.button import Button

from companion.ui.devtools.gallery_ti4 import order_button, start_ti4
from companion.ui.widgets import Text

SEED = 102


def start_ti4_game(make_driver):
    driver = make_driver(seed=SEED)
    start_ti4(driver)
    assert driver.screen.name == "dashboard", driver.screen.problem
    return driver


def order_shown(driver) -> list[str]:
    return [w.text for w in driver.widgets(driver.screen.ids.order) if isinstance(w, Text)]


def draw_and_resolve(driver, deck: str, heading: str) -> str:
    """Tap the prompt's draw button, check the reveal, tap its Resolve; the card's name."""
    driver.tap(f"Let the app draw: {deck}")
    assert driver.screen.name == "reveal"
    assert driver.shown(heading)
    name = driver.screen.name_text
    # Its first choice: "Resolve NAME (ID)", or the first of the card's own choices.
    driver.tap(next(iter(reversed(driver.screen.ids.choices.children))))
    assert driver.screen.name == "dashboard"
    return name


def test_planets_taken_in_a_chosen_order_are_explored_one_card_at_a_time(make_driver) -> None:
    driver = start_ti4_game(make_driver)
    driver.tap("Take planets for Alice")
    assert driver.screen.name == "order"
    assert driver.shown("Tap a system on the left to add its planets")
    driver.tap("76: Rigel I, Rigel II, Rigel III")
    assert order_shown(driver) == ["1. Rigel I (hazardous)", "2. Rigel II (industrial)",
                                   "3. Rigel III (industrial)"]
    driver.tap(order_button(driver, "Rigel III", "Up"))
    driver.tap(order_button(driver, "Rigel III", "Up"))
    assert order_shown(driver)[0] == "1. Rigel III (industrial)"
    rigel = driver.button("76: Rigel I, Rigel II, Rigel III")
    assert rigel.chosen  # marked as already added (its check mark; its words stay)
    driver.tap(order_button(driver, "Rigel II (", "Remove"))
    assert order_shown(driver) == ["1. Rigel III (industrial)", "2. Rigel I (hazardous)"]
    assert not rigel.chosen  # one planet is not in
    driver.tap(rigel)
    assert rigel.chosen
    small = [(b.text, b.size) for b in driver.widgets() if isinstance(b, Button)
             and b.opacity > 0 and (b.height < 48 or b.width < 48)]
    assert not small, small
    driver.tap("Take planets for Alice (3)")
    assert driver.screen.name == "dashboard"
    assert driver.shown("Alice gains Rigel III (P76A).")
    assert driver.shown("Explore Rigel II (P76B) before Rigel I (P76C)")  # reorderable
    driver.tap("Planets", exact=True)  # the queue, with the planets
    assert driver.shown("Now: Alice explores Rigel III (P76A) (industrial deck)")
    assert driver.shown("Then 1: Alice explores Rigel I (P76C)")
    assert driver.shown("Then 2: Alice explores Rigel II (P76B)")
    driver.tap("Seats", exact=True)
    assert draw_and_resolve(driver, "Industrial exploration deck",
                            "Industrial card for Alice exploring Rigel III (tile 76)") \
        == "Local Fabricators"
    assert driver.shown("Alice gains Rigel I (P76C).")
    assert draw_and_resolve(driver, "Hazardous exploration deck",
                            "Hazardous card for Alice exploring Rigel I") == \
        "Hazardous Relic Fragment"
    draw_and_resolve(driver, "Industrial exploration deck", "Industrial card for Alice")
    seats = driver.app.table.view["seats"]
    assert sorted(p["name"] for p in seats[0]["planets"]) == ["Rigel I", "Rigel II", "Rigel III"]

    # One planet of a system: add the system, remove the others.
    driver.tap("Take planets for Alice")
    driver.tap("75: Abaddon, Ashtroth, Loki")
    driver.tap(order_button(driver, "Abaddon", "Remove"))
    driver.tap(order_button(driver, "Ashtroth", "Remove"))
    assert order_shown(driver) == ["1. Loki (cultural)"]
    driver.tap("Take planets for Alice (1)")
    assert draw_and_resolve(driver, "Cultural exploration deck",
                            "Cultural card for Alice") == "Paradise World"
    assert driver.shown("attached to Loki (P75A)")
    driver.tap("Planets", exact=True)  # the attachment with the planet's new values
    assert driver.shown("Loki (P75A)") and driver.shown("1/4")
    assert driver.shown("cultural · printed 1/2 · + Paradise World (C10)")
    assert driver.shown("Alice: 4 planets · 3 resources, 8 influence")

    # Two hazardous planets, then the three hazardous fragments purged for a relic.
    driver.tap("Take planets for Alice")
    driver.tap("38: Abyz, Fria")
    driver.tap("Take planets for Alice (2)")
    draw_and_resolve(driver, "Hazardous exploration deck", "Hazardous card for Alice")
    draw_and_resolve(driver, "Hazardous exploration deck", "Hazardous card for Alice")
    assert [f["type"] for f in driver.app.table.view["seats"][0]["fragments"]] == \
        ["hazardous"] * 3
    driver.tap("Relics", exact=True)
    assert driver.shown("Alice: 3 hazardous (")
    driver.tap("Alice purges three fragments for a relic")  # the panel's own button
    assert driver.shown("Alice draws the top relic")
    driver.tap("Let the app draw: Relic deck")
    assert driver.screen.name == "reveal"
    assert driver.shown("Relic card for Alice") and driver.shown("Scepter of Emelpar")
    driver.tap("Continue")
    assert driver.app.table.view["seats"][0]["fragments"] == []
    driver.tap("Relics", exact=True)
    assert driver.shown("Relics: Scepter of Emelpar (R03)")
    assert driver.shown("Alice: no fragments")
    relic_deck = next(w for w in driver.widgets() if getattr(w, "heading", "") == "Relic deck")
    assert relic_deck.count == "9"
    driver.tap("Decks", exact=True)
    assert driver.shown("Hazardous deck")
    driver.tap("Planets", exact=True)  # what is on the table, after the seats' planets
    tokens = next(w for w in driver.widgets() if getattr(w, "heading", "") == "Frontier tokens")
    assert tokens.count == "17" and tokens.detail.startswith("in tiles ")
    driver.tap("Seats", exact=True)

    # A frontier token, with Dark Energy Tap recorded first; then an undo by touch.
    driver.tap("Record a technology")
    driver.tap("Alice  >", exact=True)
    driver.tap("Dark Energy Tap")
    driver.tap("Explore a frontier token for Alice")  # her technology: the tile is enough
    driver.tap("System without planets (tile 41)", exact=True)
    assert driver.screen.name == "dashboard" and driver.shown("frontier token in tile 41")
    driver.tap("Planets", exact=True)
    assert driver.shown("Now: Alice explores the frontier token in tile 41 (frontier deck)")
    driver.tap("Seats", exact=True)
    driver.tap("Let the app draw: Frontier exploration deck")
    assert driver.screen.name == "reveal" and driver.screen.name_text == "Ion Storm"
    assert not driver.shown("commodit")  # the choice is the token's side, nothing counted
    # The explorer chooses the side face up (try 8, finding 8); it is said and kept.
    driver.tap("Place the token with its beta wormhole side face up")
    assert driver.screen.name == "dashboard"
    assert driver.shown("Place the Ion Storm token in tile 41, its beta wormhole side face up.")
    assert [t.get("side") for t in driver.app.table.view["map_tokens"]] == ["beta wormhole"]
    driver.tap("Planets", exact=True)
    assert driver.shown("Ion Storm (beta wormhole side up) in tile 41")
    driver.tap("Seats", exact=True)
    assert "41" not in driver.app.table.view["frontier_tokens"]
    driver.tap("Undo", exact=True)
    assert driver.shown("Undid: ")
    assert driver.app.table.view["revealed"] == "Ion Storm (F06)"
    assert driver.shown("Resolve Ion Storm (F06)")
    driver.tap("Planets", exact=True)
    assert driver.shown("Revealed to all: Ion Storm (F06)")


def test_a_planet_with_several_traits_offers_the_choice_of_deck(make_driver, tmp_path) -> None:
    from companion.session import open_session

    db = tmp_path / "games.db"
    session = open_session(db, "ti4", new=True, seed=SEED)
    for line in ("player Alice red", "player Bob blue", "player Carol green", "setup",
                 "take Loki", "draw cultural", "resolve", "terraform Loki",
                 "tech Alice scanlink-drone-network"):
        assert session.run(line).ok, line
    session.close()
    driver = make_driver(db=db)  # the app resumes the game
    driver.tap("Explore a planet again")
    driver.tap("Loki (P75A) · Alice")  # whose it is: every seat's are listed
    driver.tap("With Scanlink Drone Network")
    assert driver.shown("Alice chooses the cultural or hazardous or industrial deck")
    driver.tap("Alice chooses the industrial deck")
    driver.tap("Planets", exact=True)
    assert driver.shown("Now: Alice explores Loki (P75A) (industrial deck)")
    driver.tap("Seats", exact=True)
    driver.tap("Let the app draw: Industrial exploration deck")
    assert driver.screen.name == "reveal" and driver.shown("Industrial card for Alice")


def test_the_demo_camera_shows_the_card_owed_and_the_scanner_reads_it(make_driver) -> None:
    driver = make_driver(seed=SEED, demo=True, scanner=True)
    start_ti4(driver)
    driver.tap("Take planets for Alice")
    driver.tap("75: Abaddon, Ashtroth, Loki")
    for planet in ("Abaddon", "Ashtroth"):
        driver.tap(order_button(driver, planet, "Remove"))
    driver.tap("Take planets for Alice (1)")
    # No tap: the demo camera puts the card the seeded cultural deck deals next on the
    # table, the scanner reads its tag, and the scan is revealed like a draw.
    driver.wait_for(lambda: driver.screen.name == "reveal", "the scanned card's reveal",
                    timeout=60)
    driver.settle()  # the reveal laid out before a finger goes on it
    assert driver.shown("Cultural card for Alice exploring Loki (tile 75)")
    scanned = driver.app.table.view["revealed"]
    assert scanned and scanned.startswith(driver.screen.name_text)
    assert driver.app.screen("dashboard").ids.scanstrip.last_scan == f"Read {scanned}"
    driver.tap(f"Resolve {scanned}")
    assert driver.shown(f"Alice resolved {scanned}")


def test_another_seat_takes_planets_and_the_order_drops_one_taken_meanwhile(
        make_driver, tmp_path) -> None:
    from companion.session import open_session

    db = tmp_path / "games.db"
    session = open_session(db, "ti4", new=True, seed=SEED)
    for line in ("player Alice red", "player Bob blue", "player Carol green", "setup"):
        assert session.run(line).ok, line
    session.close()
    driver = make_driver(db=db)
    driver.tap("Take planets for another player")
    driver.tap("Take planets for Bob")
    assert driver.screen.name == "order"
    driver.tap("38: Abyz, Fria")
    assert order_shown(driver) == ["1. Abyz (hazardous)", "2. Fria (hazardous)"]
    driver.app.send("take Fria for Bob")  # typed at the table meanwhile
    driver.settle()
    assert order_shown(driver) == ["1. Abyz (hazardous)"]
    # The system keeps its place, Fria named as Bob's (on its details' line, which keeps
    # the button's size: try 10) and no longer added by it.
    abyz = driver.button("38: Abyz, Fria\n")
    assert abyz.whole == "38: Abyz, Fria\nhazardous, hazardous · Bob"
    assert abyz.values == ("P38A",)
    driver.tap("Take planets for Bob (1)")
    assert driver.screen.name == "dashboard" and not driver.app.message_refused
    assert [(q["seat"], q["target"]) for q in driver.app.table.view["queue"]] == \
        [("Bob", "Fria (P38B)"), ("Bob", "Abyz (P38A)")]


def test_a_cards_own_choice_is_tapped_on_its_reveal_and_its_commodities_shown(
        make_driver, tmp_path) -> None:
    from companion.session import open_session

    db = tmp_path / "games.db"
    session = open_session(db, "ti4", new=True, seed=SEED)
    for line in ("player Alice red", "player Bob blue", "player Carol green", "setup",
                 "take P76A"):
        assert session.run(line).ok, line
    session.close()
    driver = make_driver(db=db)
    assert not driver.shown("End Alice's turn")  # Alice's exploration is under way
    driver.type_command("scan TI/I01")  # the camera reads Abandoned Warehouses
    assert driver.screen.name == "reveal"
    assert driver.shown("Alice has 0 commodities, 0 trade goods; commodity value 3, assumed: "
                        "not set from Alice's faction sheet.")
    driver.tap("Gain 2 commodities", exact=True)
    assert driver.screen.name == "dashboard" and not driver.app.message_refused
    assert driver.shown("Alice now has 2 commodities, 0 trade goods (commodity value 3, "
                        "assumed")
    assert driver.app.table.view["seats"][0]["commodities"] == 2
    assert driver.shown("End Alice's turn")  # the exploration is over: the turn may end


def resolve_on_reveal(driver) -> None:
    """The reveal's Resolve (a card with its own choice: its first one)."""
    assert driver.screen.name == "reveal"
    first = next(w for w in reversed(driver.screen.ids.choices.children)
                 if isinstance(w, Button) and not w.disabled)
    driver.tap(first, scroll=False)
    assert driver.screen.name == "dashboard"


def test_a_round_by_touch_to_round_2_with_the_taps_of_two_explorations(make_driver) -> None:
    from companion.ui.settings import AppSettings

    driver = make_driver(seed=SEED, settings=AppSettings(typed_commands=False))  # as at a table
    start_ti4(driver)
    driver.run_line("tech Bob dark-energy-tap")  # recorded earlier in the game
    # One planet exploration, the card drawn by the app: 5 taps, no scroll.
    taps, scrolls = driver.taps, driver.scrolls
    driver.tap("Take planets for Alice", scroll=False)
    driver.tap("19: Wellon", scroll=False)
    driver.tap("Take planets for Alice (1)", scroll=False)
    driver.tap("Let the app draw: Industrial exploration deck", scroll=False)
    resolve_on_reveal(driver)
    assert (driver.taps - taps, driver.scrolls - scrolls) == (5, 0)
    assert [p["name"] for p in driver.app.table.view["seats"][0]["planets"]] == ["Wellon"]
    driver.tap("End Alice's turn", scroll=False)  # the pinned main action
    assert driver.app.table.view["active"] == "Bob"
    assert driver.shown("Alice's turn ends; Bob is active.")

    # Bob, who owns Dark Energy Tap, explores a frontier token: 4 taps, no scroll.
    taps, scrolls = driver.taps, driver.scrolls
    driver.tap("Explore a frontier token for Bob", exact=True, scroll=False)
    driver.tap("System without planets (tile 41)", exact=True, scroll=False)
    driver.tap("Let the app draw: Frontier exploration deck", scroll=False)
    resolve_on_reveal(driver)
    assert (driver.taps - taps, driver.scrolls - scrolls) == (4, 0)
    assert "41" not in driver.app.table.view["frontier_tokens"]

    # Everyone passes; the status phase; round 2 starts with its first seat.
    for seat, following in (("Bob", "Carol"), ("Carol", "Alice")):
        driver.tap(f"{seat} passes", exact=True)
        assert driver.app.table.view["active"] == following
    driver.tap("Alice passes", exact=True)
    view = driver.app.table.view
    assert (view["phase"], view["active"], view["passed"]) == \
        ("status", None, ["Bob", "Carol", "Alice"])
    assert driver.shown("Status phase: ready all planets, technologies, relics and agents")
    assert not driver.shown("End Alice's turn")
    driver.tap("Start round 2", exact=True, scroll=False)
    view = driver.app.table.view
    assert (view["round"], view["phase"], view["active"], view["passed"]) == \
        (2, "action", "Alice", [])
    assert driver.shown("Round 2") and driver.shown("End Alice's turn")
