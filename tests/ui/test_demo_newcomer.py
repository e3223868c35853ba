"""`companion app --demo` as a newcomer meets it: the demo camera's words can be read in
the scan strip's small preview, the next card waits until the one revealed is read, and
the scan strip names the card read as the reveal does (a hidden one by whose it is)."""

from __future__ import annotations

from companion.games.exploration import DEMO_SETUP


def test_the_empty_tables_words_are_big_enough_to_read_in_the_preview() -> None:
    import cv2

    from companion.ui.app import DEMO_PAUSED
    from companion.ui.democamera import HEIGHT, WIDTH, table_picture
    from companion.ui.widgets.scanstrip import PREVIEW_WIDTH_DP

    for caption in ("Demo camera: card read", "Demo camera: no card owed now", DEMO_PAUSED):
        gray = cv2.cvtColor(table_picture(None, caption), cv2.COLOR_BGR2GRAY)
        rows, columns = (gray > 180).nonzero()
        preview_scale = PREVIEW_WIDTH_DP / WIDTH  # the preview is about 150 dp wide
        letters = (rows.max() - rows.min()) * preview_scale
        assert letters >= 9, f"{caption!r}: {letters:.1f} dp of text in the preview"
        assert columns.min() > 0 and columns.max() < WIDTH - 1, f"{caption!r} is cut"
        assert rows.max() < HEIGHT - 1


def test_the_demo_lays_the_next_card_only_after_the_reveal_is_read(make_driver,
                                                                   monkeypatch) -> None:
    from companion.ui import app

    monkeypatch.setattr(app, "DEMO_CARD_DELAY", 0.05)  # a hand lays the next card at once
    driver = make_driver(seed=2047, demo=True, scanner=True, demo_setup=DEMO_SETUP)
    driver.wait_for(lambda: driver.screen.name == "reveal", "the demo camera's first card")
    assert driver.shown("Command and glory") and driver.shown("Drawn at the table")
    driver.pump_for(1.5)  # the newcomer reads the card; nobody taps
    assert driver.screen.name == "reveal"
    assert driver.shown("Command and glory") and driver.shown("Drawn at the table")
    assert driver.app.demo_camera.tag is None  # the table stays clear meanwhile
    assert strip_says(driver) == "Read Command and glory (D04)"
    camera, laid = driver.app.demo_camera, []
    show = camera.show
    camera.show = lambda tag, words: (laid.append((tag, words)), show(tag, words))
    driver.tap("Continue")
    driver.wait_for(lambda: driver.screen.name == "reveal", "the demo camera's second card")
    assert driver.shown("Drawn at the table") and driver.shown("Xichang's hidden card")
    assert strip_says(driver) == "Read Xichang's hidden card"  # not the mission's ID
    # The demo card's printed words, in the public preview, name the deck, not the mission.
    assert [words for tag, words in laid if tag] == ["primary card"]


def strip_says(driver) -> str:
    """The scan strip's line under its status, as the dashboard shows it."""
    strip = driver.app.screen("dashboard").ids.scanstrip
    words = [t for t in driver.texts(strip) if t.startswith("Read")]
    assert len(words) == 1, driver.texts(strip)
    return words[0]


def test_the_demo_camera_picks_the_card_up_while_the_table_is_not_shown(make_driver,
                                                                        monkeypatch) -> None:
    """No scanner here: the card stays in view until the player leaves the table."""
    from companion.ui import app

    monkeypatch.setattr(app, "DEMO_CARD_DELAY", 0.05)
    driver = make_driver(seed=2047, demo=True, demo_setup=DEMO_SETUP)
    camera = driver.app.demo_camera
    driver.wait_for(lambda: camera.tag is not None, "the first card laid on the table")
    laid = camera.tag
    for screen in ("Settings", "Saved games"):
        driver.tap("Menu")
        driver.tap(screen)
        driver.wait_for(lambda: camera.tag is None, f"the card picked up for {screen}")
        driver.tap("Back", exact=True)
        if driver.screen.name == "start":  # Saved games goes back to the menu
            driver.tap(driver.app.screen("start").ids.resume)
        driver.wait_for(lambda: driver.screen.name == "dashboard", "the table again")
        driver.wait_for(lambda: camera.tag == laid, "the same card laid again")


def test_no_card_is_read_and_no_reveal_pulls_the_player_off_the_menu(make_driver) -> None:
    """The real hand's delay (DEMO_CARD_DELAY): the player opens the menu while the next
    card is on its way, looks at Settings and Saved games, and comes back to it."""
    driver = make_driver(seed=2047, demo=True, scanner=True, demo_setup=DEMO_SETUP)
    driver.wait_for(lambda: driver.screen.name == "dashboard" and driver.app.table is not None,
                    "the demo table")
    steps = driver.app.table.steps
    driver.tap("Menu")
    from companion.ui.app import DEMO_CARD_DELAY

    for screen in ("Settings", "Saved games"):
        driver.tap(screen)
        driver.pump_for(DEMO_CARD_DELAY + 1.0)  # long enough for a card to be laid and read
        assert driver.screen.name == screen.lower().split()[0]
        assert driver.app.table.steps == steps and driver.app.demo_camera.tag is None
        driver.tap("Back", exact=True)
        if driver.screen.name == "dashboard":
            driver.tap("Menu")
    driver.tap(driver.app.screen("start").ids.resume)
    driver.wait_for(lambda: driver.screen.name == "reveal", "the card laid once back", 60)
    assert driver.shown("Command and glory") and driver.app.table.steps == steps + 1


def test_a_killed_demo_resumes_on_its_step_and_new_demo_game_starts_another(
        make_driver, monkeypatch, tmp_path) -> None:
    from companion.ui import app

    monkeypatch.setattr(app, "DEMO_CARD_DELAY", 0.05)
    db = tmp_path / "demo.db"  # `companion app --demo --db demo.db`
    driver = make_driver(db=db, seed=2047, demo=True, scanner=True, demo_setup=DEMO_SETUP)
    driver.wait_for(lambda: driver.screen.name == "reveal", "the demo camera's first card")
    table = driver.app.table
    driver.close()  # killed on the reveal: the card read is already saved
    monkeypatch.setattr(app, "DEMO_CARD_DELAY", 10.0)  # no card read while the test looks
    again = make_driver(db=db, seed=2047, demo=True, scanner=True, demo_setup=DEMO_SETUP)
    again.wait_for(lambda: again.app.table is not None, "the demo table")
    assert again.app.table.game_id == table.game_id
    assert again.app.table.steps == table.steps == len(DEMO_SETUP) + 1
    assert again.shown(f"The demo game you left resumes at {table.steps} steps: "
                       "New demo game on the menu starts another.")
    again.tap("Menu")
    again.tap("New demo game")
    again.wait_for(lambda: again.app.table.game_id != table.game_id, "a new demo game")
    assert again.app.table.steps == len(DEMO_SETUP)
