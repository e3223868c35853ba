"""The sentences above the choices (try 10, findings 7 and 29): folded, one "(more)" says
so for the box, never two stacked; the yellow sentence keeps clear of the list's edge."""

from __future__ import annotations

import pytest

from companion.ui.devtools.gallery_ti4 import start_ti4
from companion.ui.settings import TEXT_SIZES, AppSettings

LINES = ("take Loki", "scan TI/C10", "resolve", "pass", "pass", "pass")


@pytest.mark.parametrize("scale", [1.0, TEXT_SIZES[-1]], ids=["normal", "large"])
def test_the_status_phase_header_reads_whole_and_folds_once(make_driver, scale) -> None:
    from kivy.metrics import dp

    driver = make_driver(seed=102, settings=AppSettings(typed_commands=True, text_scale=scale))
    start_ti4(driver)
    for line in LINES:
        driver.run_line(line)
    driver.wait_still()
    ids = driver.screen.ids
    sentence, message = ids.sentence, ids.message
    # The status phase's sentence reads whole (try 17, finding 7: it was cut before what
    # to do next); the message under it, longer than its lines, says "(more)" once.
    assert not sentence.folded and message.folded
    assert sentence.text == "Status phase: ready all planets, technologies, relics and " \
        "agents, then start round 2."
    shown = sentence.text + "\n" + message.text
    assert shown.count("(more)") == 1, shown
    assert message.text.endswith("(more)")
    scroll = ids.side_scroll
    right = scroll.to_window(scroll.right, 0)[0]
    for text in (sentence, message):
        assert text.to_window(text.right, 0)[0] <= right - dp(8), "the sentence runs to the edge"
    driver.tap(ids.said)  # one tap shows both whole
    assert driver.shown("Status phase: ready all planets, technologies, relics and agents")
