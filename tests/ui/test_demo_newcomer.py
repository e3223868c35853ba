"""`companion app --demo` as a newcomer meets it: the demo camera's words can be read in
the scan strip's small preview, the next card waits until the one revealed is read, and
the scan strip names the card read as the reveal does (a hidden one by whose it is)."""

from __future__ import annotations

from companion.games.exploration import DEMO_SETUP


def test_the_empty_tables_words_are_big_enough_to_read_in_the_preview() -> None:
    import cv2

    from companion.ui.democamera import HEIGHT, WIDTH, table_picture
    from companion.ui.widgets.scanstrip import PREVIEW_WIDTH_DP

    for caption in ("Demo camera: card read", "Demo camera: no card owed now"):
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
    assert driver.shown("Command and glory") and driver.shown("Scanned")
    driver.pump_for(1.5)  # the newcomer reads the card; nobody taps
    assert driver.screen.name == "reveal"
    assert driver.shown("Command and glory") and driver.shown("Scanned")
    assert driver.app.demo_camera.tag is None  # the table stays clear meanwhile
    assert strip_says(driver) == "Read Command and glory (D04)"
    camera, laid = driver.app.demo_camera, []
    show = camera.show
    camera.show = lambda tag, words: (laid.append((tag, words)), show(tag, words))
    driver.tap("Continue")
    driver.wait_for(lambda: driver.screen.name == "reveal", "the demo camera's second card")
    assert driver.shown("Scanned") and driver.shown("Xichang's hidden card")
    assert strip_says(driver) == "Read Xichang's hidden card"  # not the mission's ID
    # The demo card's printed words, in the public preview, name the deck, not the mission.
    assert [words for tag, words in laid if tag] == ["primary card"]


def strip_says(driver) -> str:
    """The scan strip's line under its status, as the dashboard shows it."""
    strip = driver.app.screen("dashboard").ids.scanstrip
    words = [t for t in driver.texts(strip) if t.startswith("Read")]
    assert len(words) == 1, driver.texts(strip)
    return words[0]
