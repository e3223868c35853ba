"""The new-game form at 800x480: every spaceport's row can be brought into reach by a
finger's drag on the form, wherever the drag starts (a name field included), and the
seats a game needs show whole without any drag."""

from __future__ import annotations

from kivy.metrics import dp


def test_the_last_spaceport_is_reached_by_dragging_the_form(make_driver) -> None:
    from companion.ui.screens.newgame import SeatEntry
    from companion.ui.widgets import CommandInput

    driver = make_driver()
    driver.tap("New game")
    assert driver.screen.name == "newgame"
    rows = [w for w in driver.widgets() if isinstance(w, SeatEntry)]
    assert len(rows) >= 5
    fourth = next(w for w in rows[-1].children if isinstance(w, CommandInput))
    assert not driver.reachable(fourth)  # below the fold at 800x480
    first = next(w for w in rows[0].children if isinstance(w, CommandInput))
    for _ in range(4):  # a few drags up, each starting on a name field
        if driver.reachable(fourth):
            break
        start = first if driver.reachable(first) else rows[1]
        driver.drag(start.to_window(*start.center), dp(120))
    assert driver.reachable(fourth), "the last spaceport's row cannot be reached"
    _x, y = fourth.to_window(*fourth.pos)
    assert y >= 0 and fourth.height >= dp(40)
    driver.tap(fourth, scroll=False)
    assert fourth.focus  # a tap on the field opens it for typing


def test_every_seat_a_game_needs_shows_whole_above_the_bottom_bar(make_driver) -> None:
    """Strangers could not see the third seat's field at 800x480 (half under the bar)."""
    from kivy.uix.scrollview import ScrollView

    from companion.ui.driver import _ancestors
    from companion.ui.screens.newgame import SeatEntry
    from companion.ui.widgets import CommandInput

    driver = make_driver()
    driver.tap("New game")
    for game in ("Exploration", "TI4 Exploration"):
        driver.tap(game, exact=True)
        driver.settle()
        fields = [next(w for w in row.children if isinstance(w, CommandInput))
                  for row in driver.widgets() if isinstance(row, SeatEntry)][:3]
        start = driver.button("Start the game", exact=True)
        for number, field in enumerate(fields, 1):
            scroll = next(p for p in _ancestors(field) if isinstance(p, ScrollView))
            bottom = field.to_window(field.x, field.y)[1]
            low = scroll.to_window(scroll.x, scroll.y)[1]
            assert bottom >= low - 1 and bottom >= start.to_window(0, start.top)[1], \
                f"{game}: seat {number} is cut by the bottom bar"


def test_each_empty_seat_gets_its_own_suggestion() -> None:
    from companion.ui.presenters.newgame import seat_suggestions

    assert seat_suggestions(["", "Ana", "", ""], ["ana", "Ben"]) == \
        ["Ben", "", "Player 3", "Player 4"]
    assert seat_suggestions(["Player 2", ""], []) == ["", ""]  # never a name seated already


def test_the_form_opens_on_the_game_last_started(make_driver, tmp_path) -> None:
    """Try 12, finding 1: a TI4 table found Exploration chosen every new game (and its
    spaceports), one tap more; the table's saved games keep the game last started, a
    restart too."""
    from companion.ui.devtools.gallery_ti4 import start_ti4

    driver = make_driver()
    driver.tap("New game")
    first = driver.screen.form.kind
    driver.tap("Back", exact=True)
    start_ti4(driver)
    assert driver.screen.name == "dashboard" and first != "ti4"
    driver.close()  # the app closed: the next start reads the same saved-games file

    again = make_driver()
    again.tap("Menu", exact=True)
    again.tap("New game")
    assert again.screen.form.kind == "ti4" and again.shown("Player 3")


def test_a_new_table_opens_on_the_main_game(make_driver, tmp_path) -> None:
    """Try 19, finding 7: a new table's new-game screen opened on "TI4 Exploration", the
    game another table on the same device had played (the shared settings): a table with
    no saved game opens on the companion's main game, Exploration."""
    from companion.ui.settings import AppSettings

    driver = make_driver(db=tmp_path / "new-table.db",
                         settings=AppSettings(typed_commands=True, last_game="ti4"))
    driver.tap("New game")
    assert driver.screen.form.kind == "xp"
    assert driver.shown("Exploration")
