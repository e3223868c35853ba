"""Playing by the prompt's buttons: commands, partial walks, inputs, private choices,
and the hidden-information walk over every public screen."""

from __future__ import annotations

from pathlib import Path

from kivy.uix.button import Button

from companion.core import piles
from companion.session import open_session
from companion.ui.devtools.gallery import PREPARATION_LINES, script_lines

SETUP = ("length 8", "join Xichang Ana", "join Baikonur Ben")


def saved_game(db: Path, count: int) -> list[str]:
    """A game on `db` after the golden script's first `count` lines; the hidden missions
    (ID, name and goal text of each)."""
    session = open_session(db, "xp", new=True, seed=2047)
    for line in (*SETUP, *script_lines()[:count]):
        assert session.run(line).ok, line
    table, catalog = session.match.state.table, session.match.catalog
    hidden = [card for seat in table.seats for card in table.cards_in(piles.hand_zone(seat))]
    words = [w for card in hidden for w in (card, catalog.card(card).name,
                                            catalog.card(card).summary)]
    session.close()
    return words


def test_a_prompt_command_is_one_tap(make_driver, tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    saved_game(db, 1)  # "for Xichang": the table owes Xichang's starting cards
    driver = make_driver(db=db)
    assert driver.shown("A development card for Xichang")
    driver.tap("Let the app draw: Development cards")
    assert driver.screen.name == "reveal"
    drawn = driver.app.table.view["seats"][0]["development_cards"][0]
    assert driver.shown(drawn["name"]) and driver.shown(drawn["summary"])
    assert driver.shown("Development card for Xichang") and driver.shown("The app drew")
    assert driver.app.speaker.played[-1] == "card"
    driver.tap("Continue")
    assert driver.screen.name == "dashboard"
    assert driver.shown("development 17")
    assert not driver.app.message_refused


def test_a_hidden_card_is_acknowledged_without_being_shown(make_driver,
                                                          tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    saved_game(db, 2)  # Xichang has its development card; missions are owed next
    driver = make_driver(db=db)
    driver.tap("Let the app draw: Primary mission cards")
    assert driver.screen.name == "reveal"
    assert driver.shown("Xichang's hidden card")
    session = open_session(db, None)
    hand = session.match.state.table.cards_in(piles.hand_zone("Xichang"))
    name = session.match.catalog.card(hand[0]).name
    session.close()
    assert not driver.shown(name) and not driver.shown(hand[0])


def test_a_partial_is_a_short_walk_of_choices_with_a_way_back(make_driver,
                                                              tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    saved_game(db, PREPARATION_LINES)
    driver = make_driver(db=db)
    assert driver.shown("Baikonur's preparation turn")
    driver.tap("Build a module on Shield (SHLD1)")
    panel = driver.app.screen("dashboard").ids.actions
    assert panel.trail == "Build a module on Shield (SHLD1)"
    assert driver.shown("< Back")
    driver.tap("< Back")
    assert panel.trail == "" and driver.shown("Deploy Laser beam (LASR2)")
    driver.tap("Build a module on Shield (SHLD1)")
    # A module's choice in the walk (the seat cards name modules too: a button, not a line).
    choice = next(w.text for w in driver.widgets(panel) if isinstance(w, Button)
                  and ("urret" in w.text or "abitat" in w.text))
    driver.tap(choice)
    assert "SHLD1" in driver.app.message and not driver.app.message_refused
    assert panel.trail == ""


def test_an_input_action_asks_for_the_value_then_runs(make_driver, tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    saved_game(db, 0)
    driver = make_driver(db=db)
    driver.tap("Add another player at Kourou")
    from companion.ui.widgets import CommandInput

    field = next(w for w in driver.widgets() if isinstance(w, CommandInput)
                 and w.hint_text == "type here")
    field.text = "Zoe Quinn"
    driver.tap("OK", exact=True)
    assert driver.shown("Zoe Quinn")
    assert driver.app.table.view["seats"][-1]["player"] == "Zoe Quinn" or \
        any(s["player"] == "Zoe Quinn" for s in driver.app.table.view["seats"])


def test_hidden_missions_appear_on_no_public_screen(make_driver, tmp_path: Path) -> None:
    """Every screen of the app and every dashboard tab (opened, decks' odds too) is walked,
    whatever screens and tabs exist, so one added later is walked as well."""
    from companion.ui.app import SCREENS

    db = tmp_path / "games.db"
    secrets = saved_game(db, PREPARATION_LINES)
    assert len(secrets) == 30  # 2 seats x 5 missions: ID, name and goal text of each
    driver = make_driver(db=db)

    names = set(secrets[1::3])

    def check(where: str) -> None:
        """No secret in any text: no ID, name or goal of an unrevealed mission (a mission
        deck's odds are counts only, so they name none either)."""
        for text in driver.texts():
            for secret in secrets:
                assert secret not in text, f"{secret!r} shown on {where}: {text!r}"

    def walk_tabs() -> list[str]:
        tabs = driver.screen.ids.tabs
        for title in tabs.titles:
            driver.tap(title, exact=True)
            assert tabs.current == title
            check(f"the dashboard's {title} tab")
            if title == tabs.home_title:
                continue
            for index in range(len(_buttons(driver, tabs.panel(title), "Odds"))):
                row = _buttons(driver, tabs.panel(title), "Odds", "Hide")[index]
                if row.text == "Odds":  # one deck's odds open at a time
                    driver.tap(row)
                    _odds_card(driver, tabs.panel(title))
                    check(f"the odds of deck {index + 1} on the {title} tab")
        return list(tabs.titles)

    check("the dashboard")
    assert {"Seats", "Ships", "Decks", "Traps"} <= set(walk_tabs())
    driver.tap("Not possible now")
    check("the dashboard's unavailable actions")
    driver.tap("Hide what is not possible now")
    driver.tap("Use Field assembly (M01)")
    check("a partial's choices")
    driver.tap("< Back")
    button = driver.button("complete a mission")
    driver.tap(button)
    assert driver.screen.name == "private"
    check("the private screen before its owner opens it")
    driver.tap("Show Ben's choices")
    driver.settle()
    owner_sees = " ".join(driver.texts())  # its owner sees them, with their goals
    assert any(s in owner_sees for s in names) and any(g in owner_sees for g in secrets[2::3])
    driver.tap("Hide and go back")
    check("the dashboard after the private panel closed")
    driver.tap("History")
    check("the history")
    walked = []
    for name in SCREENS:  # every screen the app has, as it stands during the game
        driver.app.show(name)
        driver.pump(2)
        if driver.screen.name == name:
            walked.append(name)
        check(f"the {name} screen")
    assert {"dashboard", "history", "scoreboard", "start", "saved", "settings",
            "private"} <= set(walked)


def _buttons(driver, root, *texts: str) -> list:
    """The buttons under `root` reading one of `texts`, top to bottom."""
    from kivy.uix.button import Button

    return [w for w in driver.widgets(root) if isinstance(w, Button) and w.text in texts]


def _odds_card(driver, panel):
    """The open odds under a Decks panel: the card right under the row whose button
    reads Hide."""
    rows = list(reversed(panel.children))  # top to bottom
    shown = [i for i, row in enumerate(rows) if _buttons(driver, row, "Hide")]
    assert len(shown) == 1 and shown[0] + 1 < len(rows), driver.texts(panel)
    card = rows[shown[0] + 1]
    if any("in hidden hands" in t for t in driver.texts(card)):
        assert any("unseen cards" in t for t in driver.texts(card))  # counted, not named
    return card


def test_a_long_trail_of_choices_wraps_whole_instead_of_being_cut(make_driver,
                                                                   tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    saved_game(db, PREPARATION_LINES)
    driver = make_driver(db=db)
    driver.tap("Build a module on Shield (SHLD1)")
    panel = driver.app.screen("dashboard").ids.actions
    line = panel.ids.trail
    one_line = line.texture_size[1]
    panel.trail = "Move UFST1  >  5 spaces  >  Ends on a hazard space  >  Passes L1 and GNSS"
    driver.pump(3)
    assert line.texture_size[1] >= 2 * one_line * 0.9  # wrapped onto a second line
    assert line.height >= line.texture_size[1] and line.texture_size[0] <= line.width
