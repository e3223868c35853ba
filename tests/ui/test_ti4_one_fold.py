"""The sentences above the choices (try 10, findings 7 and 29): folded, one "(more)" says
so for the box, never two stacked; the yellow sentence keeps clear of the list's edge."""

from __future__ import annotations

from companion.ui.devtools.gallery_ti4 import start_ti4

LINES = ("take Loki", "scan TI/C10", "resolve", "pass", "pass", "pass")


def test_the_status_phase_header_folds_once(make_driver) -> None:
    from kivy.metrics import dp

    driver = make_driver(seed=102)
    start_ti4(driver)
    for line in LINES:
        driver.run_line(line)
    driver.wait_still()
    ids = driver.screen.ids
    sentence, message = ids.sentence, ids.message
    assert sentence.folded and message.folded  # both longer than their lines at 800x480
    shown = sentence.text + "\n" + message.text
    assert shown.count("(more)") == 1, shown
    assert message.text.endswith("(more)") and sentence.text.endswith("…")
    scroll = ids.side_scroll
    right = scroll.to_window(scroll.right, 0)[0]
    for text in (sentence, message):
        assert text.to_window(text.right, 0)[0] <= right - dp(8), "the sentence runs to the edge"
    driver.tap(ids.said)  # one tap shows both whole
    assert driver.shown("Status phase of round 1: ready every exhausted card")
