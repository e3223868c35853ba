"""The dashboard's tabs during a real game: each panel opened by tapping its tab, its
texts checked before and after the commands that change them."""

from __future__ import annotations

import re
from pathlib import Path

from companion.session import open_session
from tests.exploration.flight_setup import PICKS, ROW, SETUP

#: A scanned 2-player game (Ana at Xichang, Ben at Baikonur) in round 2's flight phase:
#: TRNS1 and SHLD1 deployed and selected, Baikonur's SHLD1 carrying a trap.
FLIGHT = (
    *[line for line in SETUP if not line.startswith("scan XP/M")][:-1],
    *(f"scan XP/{card}" for card in ROW), "draft", *(f"scan XP/{card}" for card in PICKS),
    "start",
    "tech credits", "deploy TRNS1", "build TRNS1 habitat", "build TRNS1 gnss", "done",
    "tech credits", "deploy SHLD1", "build SHLD1 trap", "done", "drift",
    "tech credits", "select TRNS1", "done", "tech credits", "select SHLD1", "done",
)


def saved_game(db: Path, *more: str) -> Path:
    session = open_session(db, "xp", new=True, seed=1)
    for line in (*FLIGHT, *more):
        result = session.run(line)
        assert result.ok, (line, result.message)
    session.close()
    return db


def test_the_tabs_are_seats_then_the_games_panels(make_driver, tmp_path: Path) -> None:
    driver = make_driver(db=saved_game(tmp_path / "games.db"))
    tabs = driver.screen.ids.tabs
    assert tabs.titles[0] == "Seats" and "Traps" in tabs.titles
    assert driver.shown("Ana")  # the seat rows are the first page
    driver.tap("Traps", exact=True)
    assert tabs.current == "Traps"
    assert driver.shown("No trap on the map.")
    assert not driver.shown("Xichang  ·  Ana")  # the seat rows left with their tab
    assert driver.screen.ids.scanstrip.get_root_window() is not None  # always visible
    driver.tap("Seats", exact=True)
    assert driver.shown("Xichang  ·  Ana")


def test_a_trap_shows_its_owner_place_and_count_going_down(make_driver,
                                                          tmp_path: Path) -> None:
    driver = make_driver(db=saved_game(tmp_path / "games.db", "drop SHLD1 trap 2"))
    driver.tap("Traps", exact=True)
    panel = driver.screen.ids.tabs.panel("Traps")
    # Where it was dropped, true once SHLD1 has gone on (try 19, finding 4: "under SHLD1").
    assert "T1 · Baikonur's trap · dropped by SHLD1 at orbiting space" in driver.texts(panel)
    assert "count 2" in driver.texts(panel)
    # The rule as the rulebook has it: ending a move on the trap sets it off at any count;
    # the drop is no such end (try 19, finding 4).
    assert driver.shown("A ship passing a trap lowers its count by one, and the trap goes "
                        "off at 0; a ship that ends a later move on a trap's space sets it "
                        "off at any count (not the ship that dropped it there).")
    driver.type_command("move SHLD1 1 space past T1")
    assert "count 1" in driver.texts(panel) and "count 2" not in driver.texts(panel)
    driver.tap("Undo", exact=True)
    assert "count 2" in driver.texts(panel)


def test_a_game_without_panels_shows_no_tab_strip(make_driver, tmp_path: Path) -> None:
    from dataclasses import replace

    from kivy.metrics import dp

    from companion.ui.panels import panels_for

    driver = make_driver(db=saved_game(tmp_path / "games.db"))
    tabs = driver.screen.ids.tabs
    driver.tap("Decks", exact=True)
    assert panels_for({}) == ()
    table = driver.app.table
    bare = {**table.view["table"], "panels": [], "decks": []}  # a game with neither
    tabs.show_table(replace(table, view={**table.view, "table": bare}))
    driver.pump(2)
    assert tabs.titles == ["Seats"] and tabs.current == "Seats"
    assert tabs.strip.height == 0 and tabs.strip.opacity == 0
    assert driver.shown("Xichang  ·  Ana")  # back on the seat rows
    tabs.show_table(driver.app.table)
    driver.pump(2)
    assert tabs.titles == ["Seats", "Ships", "Traps", "Board", "Decks"]
    assert tabs.strip.height == dp(52)


def new_game_by_touch(driver) -> None:
    from tests.ui.test_screens import fill_names

    driver.tap("New game")
    fill_names(driver, "Ana", "Ben")
    driver.tap("Start the game")


def test_decks_show_cards_left_after_a_draw_and_the_odds_on_a_tap(make_driver) -> None:
    driver = make_driver()
    new_game_by_touch(driver)
    driver.tap("Decks", exact=True)
    panel = driver.screen.ids.tabs.panel("Decks")
    assert "Development deck" in driver.texts(panel)
    assert "18 left" in driver.texts(panel)
    rows = [w for w in panel.children if getattr(w, "heading", "")]
    driver.tap(_action_button(_row(panel, "Development deck")))  # Odds
    sentence = next(t for t in driver.texts(panel) if "cards left in the development" in t)
    assert sentence.startswith("18 cards left in the development deck: ")
    assert "2 x Funding" in sentence
    assert "Funding: 2 of 18 (11%)" in driver.texts(panel)
    driver.type_command("for Xichang")
    driver.type_command("scan XP/D17")
    driver.tap("Continue")  # the reveal
    assert driver.screen.name == "dashboard" and driver.screen.ids.tabs.current == "Decks"
    assert "17 left" in driver.texts(panel) and "18 left" not in driver.texts(panel)
    # Each deck's row is the one already up, its words changed (none made anew: a row is
    # 10 to 20 ms of a tap on one core).
    assert [w for w in panel.children if getattr(w, "heading", "")] == rows
    # The odds follow the draw: one Funding fewer among the unseen cards.
    sentence = next(t for t in driver.texts(panel) if "cards left in the development" in t)
    assert sentence.startswith("17 cards left") and "1 x Funding" in sentence
    assert "Funding: 1 of 17 (6%)" in driver.texts(panel)
    driver.tap(_action_button(_row(panel, "Development deck")))  # Hide
    assert not any("cards left in the development" in t for t in driver.texts(panel))


def _row(panel, heading: str):
    return next(w for w in panel.children if getattr(w, "heading", "") == heading)


def _action_button(row):
    from companion.ui.widgets import BigButton

    return next(w for w in row.walk(restrict=True) if isinstance(w, BigButton))


def test_the_runner_answers_odds_and_refuses_an_unknown_deck(tmp_path: Path) -> None:
    from companion.ui.runner import CommandRunner, run_inline

    replies = []
    runner = CommandRunner(saved_game(tmp_path / "games.db"), run_inline)
    runner.resume(replies.append)
    runner.odds("hazard", replies.append)
    runner.odds("nonsense", replies.append)
    runner.stop()
    assert replies[1].ok and replies[1].value["deck"] == "hazard"
    assert replies[1].value["sentence"].startswith(f"{replies[1].value['left']} cards left")
    assert not replies[2].ok and replies[2].message == "'nonsense' is not a deck of this game."


def _ship_texts(driver, card: str) -> list[str]:
    from companion.ui.panels.panel import PanelCard

    panel = driver.screen.ids.tabs.panel("Ships")
    card_widget = next(w for w in panel.children if isinstance(w, PanelCard)
                       and any(getattr(t, "text", "").startswith(card + " ")
                               for t in w.children))
    return driver.texts(card_widget)


def _editor(driver):
    from companion.ui.panels.corrections import CorrectionEditor

    editor = driver.screen.ids.tabs.panel("Ships").children[0]
    assert isinstance(editor, CorrectionEditor)
    return editor


def _minus(driver, editor, times: int = 1) -> None:
    minus = editor.ids.stepper.children[-1]
    assert minus.text == "-"
    for _ in range(times):
        driver.tap(minus)


def test_ships_show_tracks_and_an_undeployed_ships_printed_values(make_driver,
                                                                   tmp_path: Path) -> None:
    driver = make_driver(db=saved_game(tmp_path / "games.db"))
    driver.tap("Ships", exact=True)
    assert _ship_texts(driver, "SHLD1") == [
        "SHLD1 Shield", "in orbiting space · selected to fly this round",
        "Energy 4/6 · Resistance 3/3 · Velocity 4 · Maneuverability 2",
        "Cargo: Trap module (1 of 2 slots)", "Fix counts: SHLD1"]
    assert _ship_texts(driver, "LASR2") == [
        "LASR2 Laser beam", "not deployed",
        "Deploy cost 5 · starts with energy 4/6, resistance 3, velocity 4, maneuverability 2,"
        " 2 cargo slots"]  # printed values, and nothing to correct
    driver.type_command("move SHLD1 1 space")
    assert _ship_texts(driver, "SHLD1")[1:3] == [
        "on the map: a plain space · selected to fly this round",
        "Energy 3/6 · Resistance 3/3 · Velocity 4 · Maneuverability 2"]


def test_a_ship_correction_by_touch_shows_and_undoes_by_touch(make_driver,
                                                             tmp_path: Path) -> None:
    driver = make_driver(db=saved_game(tmp_path / "games.db"))
    driver.tap("Ships", exact=True)
    driver.tap("Fix counts: SHLD1")
    editor = _editor(driver)
    assert editor.title == "Fix the counts: SHLD1 Shield (Baikonur)"
    assert driver.button("Apply").disabled  # no change chosen yet
    _minus(driver, editor)
    driver.tap("forgot an effect")
    assert driver.shown("Energy: 4 -> 3")
    assert driver.shown("adjust SHLD1 energy -1 'forgot an effect'")
    driver.type_command("note the scanner read something meanwhile")
    assert driver.shown("Energy: 4 -> 3")  # a new table keeps the choices made
    steps = driver.app.table.steps
    driver.tap("Apply")
    assert driver.app.message == "Adjusted SHLD1's energy by -1 to 3 (forgot an effect)."
    assert driver.app.table.steps == steps + 1
    assert _ship_texts(driver, "SHLD1")[2].startswith("Energy 3/6 · ")
    driver.tap("Undo", exact=True)
    assert driver.shown("Undid: ")
    assert _ship_texts(driver, "SHLD1")[2].startswith("Energy 4/6 · ")


def test_a_correction_the_game_refuses_says_why_and_changes_nothing(make_driver,
                                                                   tmp_path: Path) -> None:
    driver = make_driver(db=saved_game(tmp_path / "games.db"))
    driver.tap("Ships", exact=True)
    driver.tap("Fix counts: SHLD1")
    editor = _editor(driver)
    driver.tap("Resistance 3")
    _minus(driver, editor, 3)  # the stepper goes to 0; the game keeps resistance >= 1
    assert driver.shown("Resistance: 3 -> 0")
    # At its bound the sign is greyed (try 28: a + lit at the top read as a frozen app).
    minus, plus = editor.ids.stepper.children[-1], editor.ids.stepper.children[0]
    assert minus.disabled and not plus.disabled
    steps = driver.app.table.steps
    driver.tap("Apply")
    assert driver.app.message_refused
    assert driver.app.message.startswith("SHLD1 has 3 resistance (from 1 to 3)")
    assert driver.app.table.steps == steps
    assert _ship_texts(driver, "SHLD1")[2] == \
        "Energy 4/6 · Resistance 3/3 · Velocity 4 · Maneuverability 2"


def test_a_seats_counter_is_corrected_with_a_typed_reason(make_driver, tmp_path: Path) -> None:
    driver = make_driver(db=saved_game(tmp_path / "games.db"))
    credits = driver.app.table.view["seats"][0]["credits"]
    driver.tap("Ships", exact=True)
    driver.tap("Fix counts", exact=True)  # the first seat: Xichang
    editor = _editor(driver)
    assert editor.title == "Fix the counts: Xichang"
    driver.tap(f"Credits {credits}")
    driver.tap(editor.ids.stepper.children[0])  # +
    driver.tap(editor.ids.stepper.children[0])
    editor.ids.typed.text = "forgot the credit space"
    driver.tap("Apply")
    assert driver.app.message == \
        "Adjusted Xichang's credits by +2 (forgot the credit space)."
    driver.tap("Seats", exact=True)
    assert driver.shown(f"{credits + 2} credits")


def test_no_panel_shows_a_hidden_mission(make_driver, tmp_path: Path) -> None:
    from companion.ui.devtools.gallery import PREPARATION_LINES
    from tests.ui.test_actions import saved_game as golden_game

    db = tmp_path / "games.db"
    secrets = golden_game(db, PREPARATION_LINES)
    driver = make_driver(db=db)
    tabs = driver.screen.ids.tabs

    def check(where: str) -> None:
        for text in driver.texts():
            for secret in secrets:
                assert secret not in text, f"{secret!r} shown on {where}: {text!r}"

    for title in ("Ships", "Traps", "Decks"):
        driver.tap(title, exact=True)
        check(f"the {title} panel")
    for deck in ("Hazard deck", "Development deck"):
        driver.tap(_action_button(_row(tabs.panel("Decks"), deck)))
        check(f"the odds of the {deck}")
    # A mission deck's odds (primary, secondary) are counts only: a list of the unseen
    # names would hold the names of the missions players keep.
    for deck in ("Primary deck", "Secondary deck"):
        driver.tap(_action_button(_row(tabs.panel("Decks"), deck)))
        check(f"the odds of the {deck}")
    sentence = next(t for t in driver.texts() if "left in the secondary deck" in t)
    # the verb agrees with the count: "1 more ... card is", "2 more ... cards are"
    assert re.search(r"\b(1 more secondary card is|\d+ more secondary cards are) in hidden hands",
                     sentence), sentence


def test_the_decks_panel_says_to_reshuffle_an_empty_deck_the_table_owes(make_driver,
                                                                        tmp_path: Path) -> None:
    from dataclasses import replace

    driver = make_driver(db=saved_game(tmp_path / "games.db"))
    driver.tap("Decks", exact=True)
    panel = driver.screen.ids.tabs.panel("Decks")
    table = driver.app.table
    owed = {"deck": "hazard", "seat": "Baikonur", "ship": "SHLD1", "reason": "SHLD1's move",
            "reshuffle_first": 7}
    note = ("The hazard deck is empty: shuffle its discard pile (7 cards) into a new hazard "
            f"deck, then draw for {owed['reason']}.")
    decks = [{**d, "left": 0, "discarded": 7, "warnings": [note]} if d["id"] == "hazard"
             else d for d in table.view["table"]["decks"]]
    view = {**table.view, "table": {**table.view["table"], "decks": decks}}
    panel.show_table(replace(table, view=view))  # the view of a table that emptied it
    driver.pump(2)
    assert "The hazard deck is empty: shuffle its discard pile (7 cards) into a new hazard " \
           "deck, then draw for SHLD1's move." in driver.texts(panel)
    assert "0 left · 7 in the discard pile" in driver.texts(panel)
    driver.type_command("tech credits")  # any command: the real table comes back
    assert not any("is empty" in t for t in driver.texts(panel))


def test_the_ships_tab_opens_at_the_acting_seats_ships(make_driver, tmp_path: Path) -> None:
    """Try 7 (finding 36): the Ships tab started with the first seat's ships on anybody's
    turn; it opens at the acting seat's heading (a tab opened again, the same)."""
    driver = make_driver(db=saved_game(tmp_path / "games.db"))
    seats = [s["seat"] for s in driver.app.table.view["seats"]]
    while driver.app.table.view["table"]["active"] == seats[0]:
        driver.type_command("done")  # the first seat's turn ends: a later seat acts
    active = driver.app.table.view["table"]["active"]
    driver.tap("Ships", exact=True)
    tabs = driver.screen.ids.tabs
    page, heading = tabs._pages["Ships"], tabs.panel("Ships").opening
    assert heading is not None and active in " ".join(driver.texts(heading))
    driver.wait_for(lambda: abs(page.below_top(heading)) < 2, "the acting seat's heading on top")
    assert page.scroll_y < 1  # the first seat's ships are above, a swipe away
    driver.tap("Seats", exact=True)
    driver.tap("Ships", exact=True)
    driver.wait_for(lambda: abs(page.below_top(heading)) < 2, "again on top")


def test_a_count_is_fixed_from_a_seat_s_own_page(make_driver, tmp_path: Path) -> None:
    """Try 25 (a blocker on that route): "Fix counts" on a seat's page opened the editor
    with no Apply anywhere; its bar now stands under the page's list, as under a tab's."""
    from companion.ui.panels.corrections import CorrectionEditor

    driver = make_driver(db=saved_game(tmp_path / "games.db"))
    credits = driver.app.table.view["seats"][0]["credits"]
    driver.app.open_seat("Xichang")
    driver.settle()
    assert driver.screen.name == "seat"
    driver.tap("Fix counts", exact=True)
    editor = next(w for w in driver.widgets() if isinstance(w, CorrectionEditor))
    # The editor opens at the list's top, its counts and stepper in view (try 26: under
    # the seat's card they were below the fold, a swipe away).
    driver.settle()
    for part in (driver.button(f"Credits {credits}"), editor.ids.stepper.children[0]):
        assert driver.reachable(part), part.text
    driver.tap(f"Credits {credits}", scroll=False)
    driver.tap(editor.ids.stepper.children[0], scroll=False)  # +
    apply = driver.button("Apply", exact=True)
    assert driver.reachable(apply)  # no scroll: the bar is not in the list
    driver.tap(apply, scroll=False)
    assert driver.app.message == "Adjusted Xichang's credits by +1 (no reason given)."
    assert driver.screen.name == "seat" and not driver.screen.ids.foot.children
    assert driver.app.table.view["seats"][0]["credits"] == credits + 1


def test_a_change_left_without_apply_is_said_dropped_not_lost_in_silence(
        make_driver, tmp_path: Path) -> None:
    """Try 28: commodities set 0 -> 4 on a seat's page, then "Back to the table": the change
    vanished with no word. Leaving drops it and says so; nothing is changed."""
    from companion.ui.panels.corrections import CorrectionEditor

    driver = make_driver(db=saved_game(tmp_path / "games.db"))
    credits = driver.app.table.view["seats"][0]["credits"]
    steps = driver.app.table.steps
    driver.app.open_seat("Xichang")
    driver.settle()
    driver.tap("Fix counts", exact=True)
    editor = next(w for w in driver.widgets() if isinstance(w, CorrectionEditor))
    driver.settle()
    driver.tap(f"Credits {credits}", scroll=False)
    for _ in range(2):
        driver.tap(editor.ids.stepper.children[0], scroll=False)  # +
    driver.tap("Back to the table", exact=True, scroll=False)
    assert driver.screen.name == "dashboard"
    assert driver.app.message == "Not applied: Xichang's credits +2 (only Apply keeps a change)."
    assert driver.app.table.steps == steps
    assert driver.app.table.view["seats"][0]["credits"] == credits
    driver.app.open_seat("Xichang")  # the page again: its list, no editor left open
    driver.settle()
    assert not any(isinstance(w, CorrectionEditor) for w in driver.widgets())
    assert not driver.screen.ids.foot.children
