"""Issue 22, Exploration by touch, try 7: what the new player read on the private screens."""

from __future__ import annotations

import os
from pathlib import Path

from companion.games.exploration.missions import CANNOT_REVEAL
from companion.ui.devtools.gallery import PREPARATION_LINES
from tests.ui.test_actions import saved_game


# ---- finding 32: the sentence under the owner's missions is whole, and names them ---------
def test_the_missions_not_revealable_now_are_named_under_a_whole_sentence(
        make_driver, tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    saved_game(db, PREPARATION_LINES)
    driver = make_driver(db=db)
    driver.tap(driver.button("complete a mission"))
    driver.tap("Show Ben's choices")
    driver.settle()
    sentence = next(w for w in driver.widgets() if getattr(w, "text", None) == CANNOT_REVEAL)
    driver.pump(2)
    assert sentence.texture_size[1] <= sentence.height + 1  # nothing cut off its foot
    assert sentence.texture_size[0] <= sentence.width + 1
    # One line at 800x480, so the named missions under it stay in reach below a list of
    # missions that can be completed (try 7 saw only its cut first line).
    assert sentence.texture_size[1] < 2 * sentence.font_size
    assert driver.reachable(sentence)
    # The first mission it is about is named in reach under it (a "most" mission says why).
    labels = [w for w in driver.widgets() if "scored at the end of the game" in
              str(getattr(w, "text", ""))]
    assert labels and driver.reachable(labels[0]), [w.text for w in labels]
    if os.environ.get("SHOTS_DIR"):
        driver.screenshot(Path(os.environ["SHOTS_DIR"]) / "try7_missions.png")


# ---- finding 35: the move's button reads as a sentence off the map too --------------------
def test_the_move_button_says_a_ship_ends_on_a_new_tile_off_the_map(make_driver) -> None:
    from companion.ui.devtools.gallery import flight_lines
    from tests.ui.table_cards import OFF_THE_MAP

    driver = make_driver(seed=6, demo=True, demo_setup=flight_lines())
    driver.tap("End SHLD1's flight turn")
    driver.tap("Move TRNS1")
    driver.fill_form(("Moves", "2 spaces"), ("Ends on", OFF_THE_MAP), send=False)
    submit = driver.screen.ids.submit.text
    assert "moves 2 spaces, ends on a new tile off the map" in submit, submit
    assert "on off" not in submit
    option = driver.screen.option("Ends on", OFF_THE_MAP)
    driver.pump(2)
    assert option.texture_size[0] <= option.width + 1 and driver.reachable(option)
    if os.environ.get("SHOTS_DIR"):
        driver.screenshot(Path(os.environ["SHOTS_DIR"]) / "try7_move.png")


# ---- finding 3: after "Let the app draw every owed card", the way out says it skips -------
def test_continue_says_every_owed_card_is_drawn_and_it_skips_to_the_end(make_driver) -> None:
    from companion.games.exploration import DEMO_SETUP

    driver = make_driver(seed=2047, demo_setup=DEMO_SETUP)
    driver.tap("Let the app draw every owed card")
    assert driver.screen.name == "reveal"
    total = int(driver.screen.counter.rsplit(" ", 1)[-1])
    way_out = driver.screen.ids["continue"]
    assert way_out.text == f"Continue to the end: all {total} drawn"
    driver.pump(2)
    assert way_out.texture_size[0] <= way_out.width + 1
    assert way_out.texture_size[1] <= way_out.height + 1
    if os.environ.get("SHOTS_DIR"):
        driver.screenshot(Path(os.environ["SHOTS_DIR"]) / "try7_reveal.png")
    driver.tap(way_out)
    assert driver.screen.name == "dashboard"
    assert not driver.shown("cards owed in all")  # every card was drawn by the one tap
