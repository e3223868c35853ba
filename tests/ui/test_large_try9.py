"""Exploration's screens whole at Large text and at 800x480 (issue 22, try 9): a move's two
checks, the die's faces, the turn's sentence, the move form with traps, the left column's
panels, History and the seats' list scrolled to the active seat."""

from __future__ import annotations

from typing import Any

from companion.ui.devtools.gallery import FLIGHT_SETUP, flight_lines
from companion.ui.devtools.gallery_large import large_text, two_checks
from tests.ui.layout_rules import problems

#: A 2-seat game at round 1's preparation phase, Xichang to play.
PREPARATION = FLIGHT_SETUP[:FLIGHT_SETUP.index("start") + 1]


def _problems(driver: Any, window: Any) -> list[str]:
    driver.wait_still()
    return problems(driver.screen, window, driver.app.text_scale)


def test_two_checks_at_large_show_each_outcome_clear_of_the_summary(make_driver,
                                                                    kivy_window) -> None:
    """s171/s173: the faces' words whole ("symbol / s" no more) and each check's outcome
    inside its row, over the move's summary."""
    driver = make_driver(seed=2047)
    driver.app.start_new_game("xp", list(flight_lines()))
    driver.settle()
    large_text(driver)
    driver.tap("Move SHLD1")
    walk = two_checks(driver)
    assert next(walk) == "large-check"
    assert _problems(driver, kivy_window) == []
    faces = driver.screen.ids.faces.children[0]
    assert faces.cols == 2  # four faces in two rows: "symbols" whole on each
    assert next(walk) == "large-check-result"
    assert _problems(driver, kivy_window) == []
    screen = driver.screen
    # The first check's outcome showed once its face was entered; the second's now, alone
    # under its own heading (xp16 finding 5: each check's roll and outcome in turn).
    assert screen.numbers == "The table rolled one."
    assert "check 2 of 2" in screen.heading
    outcome = screen.ids.faces.children[0]
    said = next(w for w in screen.walk() if getattr(w, "text", None) == screen.said)
    assert outcome.y >= said.top - 1  # above the summary, not into it


def test_the_turns_sentence_shows_whole_at_large(make_driver) -> None:
    """s144, s149: at Large the preparation turn's sentence takes the 3 lines it needs:
    "... or the end of the turn." is read, not behind "(more)"."""
    driver = make_driver(seed=2047)
    driver.app.start_new_game("xp", list(PREPARATION))
    driver.settle()
    large_text(driver)
    sentence = driver.screen.ids.sentence
    for seat in ("Xichang", "Baikonur"):
        driver.wait_for(lambda s=seat: sentence.whole.startswith(f"{s}'s preparation turn"),
                        f"{seat}'s preparation turn")
        assert not sentence.folded, sentence.text
        assert sentence.text.endswith("the end of the turn.")
        for line in ("tech credits", "done"):
            driver.run_line(line)


def _move_form_with_traps_and_ships(driver: Any) -> Any:
    """The move form as a table with 3 traps and 4 ships asks it (try 9, s249 and s270):
    the game's own fields, with the trap and ship options the game words the same way."""
    import dataclasses

    from companion.core.forms import FormOption
    from companion.ui.presenters.actions import actions_view

    driver.app.start_new_game("xp", list(flight_lines()))
    driver.settle()
    view = actions_view(driver.app.table.prompt)
    item = next(i for g in view.groups for i in g.items if i.label.startswith("Move SHLD1"))
    moves, ends, passes = item.fields
    traps = ("T1", "T2", "T3")
    ends = dataclasses.replace(ends, options=ends.options + tuple(
        FormOption(t, f"trap {t}", "it explodes") for t in traps))
    ships = tuple(FormOption(s, s, "Wostochny", "partial") for s in ("DSTR4", "UFST1"))
    options = passes.options + ships + tuple(FormOption(t, f"trap {t}", "count 3") for t in traps)
    passes = dataclasses.replace(passes, options=options, slots=len(options))
    form = driver.app.screen("form")
    form.prepare(dataclasses.replace(item, fields=(moves, ends, passes)))
    driver.app.show("form")
    driver.settle()
    return form


def test_a_move_with_three_traps_and_four_ships_fits_800x480(make_driver,
                                                              kivy_window) -> None:
    """Every option of the move's three parts in reach without a swipe at Normal text, the
    options' rows even (a 3-line option's neighbours as tall as it, no gap), no word
    broken inside."""
    driver = make_driver(seed=2047)
    form = _move_form_with_traps_and_ships(driver)
    driver.wait_still()
    options = form._buttons
    assert len(options) == 4 + 9 + 7
    assert [o.text.split("\n")[0] for o in options if not driver.reachable(o)] == []
    assert _problems(driver, kivy_window) == []
    for option in options:  # a row's options share its height
        row = [o for o in options if abs(o.top - option.top) < 1 and o.field == option.field]
        assert {round(o.height) for o in row} == {round(option.height)}, [o.text for o in row]
    large_text(driver)
    driver.wait_still()
    assert _problems(driver, kivy_window) == []


def test_at_large_every_part_of_the_move_shows_its_first_options_whole(make_driver) -> None:
    """s249-s254: at Large text with 3 traps and 4 ships the Passes row was below the fold (a
    swipe down to tick a pass, up again for "Ends on"). Now each part's name and its first
    row of options show whole as the form opens, the fixed send button under them, and no
    option's words are wrapped where a wider button would hold them."""
    driver = make_driver(seed=2047)
    form = _move_form_with_traps_and_ships(driver)
    large_text(driver)
    driver.wait_still()
    scroll = form.ids.fields_scroll
    for field in ("Moves", "Ends on", "Passes"):
        options = [o for o in form._buttons if o.field in {
            f.name for f in form._item.fields if f.label == field}]
        first = [o for o in options if abs(o.top - options[0].top) < 1]
        row = next(r for r in form.ids.fields.walk(restrict=True)
                   if getattr(r, "label", None) == field)
        assert _in_view(row.ids.name, scroll), f"{field}'s name is out of view"
        for option in first:
            assert _in_view(option, scroll), f"{field}: {option.text!r} is cut or out of view"
    ships = [o for o in form._buttons if o.text.startswith(("TRNS1", "DSTR4", "UFST1"))]
    assert all(o.texture_size[1] < 3 * o.font_size for o in ships)  # two lines, not four
    assert driver.reachable(form.ids.submit)


def _in_view(widget: Any, scroll: Any) -> bool:
    """`widget` whole inside the list `scroll` shows (window coordinates)."""
    low = scroll.to_window(scroll.x, scroll.y)[1]
    high = scroll.to_window(scroll.x, scroll.top)[1]
    return low - 1 <= widget.to_window(widget.x, widget.y)[1] \
        and widget.to_window(widget.x, widget.top)[1] <= high + 1


def test_the_odds_a_tap_opens_come_into_view_with_their_decks_row(make_driver) -> None:
    """s227: at Large, the hazard deck's odds opened under the list, a swipe away."""
    from companion.ui.panels.panel import PanelCard

    driver = make_driver(seed=2047)
    driver.app.start_new_game("xp", list(flight_lines()))
    driver.settle()
    large_text(driver)
    driver.tap("Decks", exact=True)
    panel = driver.screen.ids.tabs.panel("Decks")
    hazard = next(row for row in panel.children if getattr(row, "heading", "") == "Hazard deck")
    driver.tap(next(w for w in hazard.walk(restrict=True) if getattr(w, "text", "") == "Odds"))
    driver.wait_for(lambda: any(isinstance(w, PanelCard) and len(w.children) > 1
                                for w in panel.children), "the hazard deck's odds")
    driver.wait_still()
    card = next(w for w in panel.children if isinstance(w, PanelCard))
    row = next(row for row in panel.children if getattr(row, "heading", "") == "Hazard deck")
    assert _in_view(row, panel.parent), "the deck's row (its Hide) is out of view"
    first = card.children[-1]  # the odds' first sentence
    assert driver.reachable(first), first.text


def test_the_correct_panels_apply_and_cancel_in_reach_as_it_opens(make_driver) -> None:
    """s317: Apply and Cancel were below the left column's fold."""
    driver = make_driver(seed=2047)
    driver.app.start_new_game("xp", list(flight_lines()))
    driver.settle()
    for scale in ("1.0", "1.3"):
        driver.app.change_setting("text_scale", scale)
        driver.settle()
        driver.tap("Ships", exact=True)
        driver.tap("Fix counts: SHLD1")
        driver.wait_still()
        for text in ("Apply", "Cancel"):
            assert driver.reachable(driver.button(text, True)), f"{text} at text x{scale}"
        driver.tap("Cancel", exact=True, scroll=False)
        driver.tap("Seats", exact=True)


def test_history_lines_stop_clear_of_the_lists_bar(make_driver) -> None:
    """s261: at Large a line's last word touched the scroll bar."""
    driver = make_driver(seed=2047)
    driver.app.start_new_game("xp", list(flight_lines()))
    driver.settle()
    large_text(driver)
    driver.tap("History")
    driver.wait_still()
    rows = driver.screen.ids.rows
    scroll = rows.parent
    bar = scroll.right - scroll.bar_width - scroll.bar_margin
    lines = [w for w in rows.walk(restrict=True) if getattr(w, "text", "").strip()]
    assert lines
    assert all(w.x + w.texture_size[0] <= bar - 4 for w in lines), \
        [w.text[:30] for w in lines if w.x + w.texture_size[0] > bar - 4]


def test_the_seat_list_following_the_turn_cuts_no_card_at_its_top(make_driver) -> None:
    """s093, s098: scrolled to the active seat, the seat above it was cut at the top edge
    (its name half hidden): the active seat is whole and no card is cut at the top."""
    from companion.ui.widgets import SeatRowView
    from tests.racegame.rules import TITLE
    from tests.ui.test_racegame_by_touch import seat_pilots

    driver = make_driver()
    driver.tap("New game")
    driver.tap(TITLE)
    seat_pilots(driver, "Ann", "Bo", "Cy", "Di")
    driver.tap("Start the game")
    seats = driver.app.screen("dashboard").ids.seats
    scroll = seats.parent
    top = scroll.to_window(scroll.x, scroll.top)[1]
    checked = 0  # turns where the list was not at its end
    for _turn in range(4):
        driver.wait_still()
        rows = [w for w in seats.children if isinstance(w, SeatRowView)]
        active = next(w for w in rows if w.active)
        assert _in_view(active, scroll), f"{active.seat}'s card is cut"
        cut = [w.seat for w in rows
               if w.to_window(w.x, w.y)[1] + 2 < top < w.to_window(w.x, w.top)[1] - 2]
        at_end = scroll.scroll_y <= 0.001  # the last cards: no scroll shows the one above whole
        assert cut == [] or at_end, f"{cut} cut at the list's top on {active.seat}'s turn"
        checked += not at_end
        driver.tap("Roll the die", scroll=False)
        driver.tap("1\n1 symbol", exact=True)
        driver.wait_for(lambda: driver.screen.mode == "result", "the die's result")
        driver.tap("Continue")
    assert checked >= 2


def test_the_correct_panels_apply_and_cancel_stay_in_reach_down_at_its_reasons(
        make_driver) -> None:
    """s316-s319: a swipe down to the reasons put Apply and Cancel out of reach (a swipe up
    again): they are a bar under the column's list, never scrolled away."""
    driver = make_driver(seed=2047)
    driver.app.start_new_game("xp", list(flight_lines()))
    driver.settle()
    large_text(driver)
    driver.tap("Ships", exact=True)
    driver.tap("Fix counts: SHLD1")
    driver.tap("+", exact=True)
    driver.tap("house rule", exact=True)  # the last reason: the list scrolls down to it
    driver.screen.ids.tabs.body.children[-1].scroll_y = 0  # the editor's foot
    driver.wait_still()
    for text in ("Apply", "Cancel"):
        assert driver.reachable(driver.button(text, True)), text
    driver.tap("Apply", exact=True, scroll=False)
    driver.wait_for(lambda: "house rule" in driver.app.table.history[-1].command,
                    "the correction in the history")
    assert not any(getattr(w, "text", "") == "Apply" for w in driver.screen.walk())


def test_the_history_bar_is_as_tall_as_the_dashboards_at_large(make_driver) -> None:
    """The last new players' tries: at Large the History's title ("TI4 Exploration ·
    History (12 steps)") took a second line and pushed the top bar's buttons ~30 px down
    from where the dashboard has them."""
    from companion.ui.settings import TEXT_SIZES, AppSettings
    from companion.ui.widgets import GameBar
    from tests.ui.test_steady_sides import start_ti4

    driver = make_driver(settings=AppSettings(typed_commands=True, text_scale=TEXT_SIZES[-1]))
    start_ti4(driver)
    for line in ("take Lisis for Ravi", "scan TI/I01", "resolve gain", "take Loki",
                 "scan TI/C10", "resolve"):
        driver.run_line(line)
        if driver.screen.name != "dashboard":
            driver.app.show("dashboard")
    assert driver.app.table.steps >= 10

    def bar() -> tuple[float, float]:
        widget = next(w for w in driver.widgets() if isinstance(w, GameBar))
        return widget.height, widget.ids.history.to_window(0, widget.ids.history.y)[1]

    on_dashboard = bar()
    driver.tap("History")
    assert driver.screen.name == "history"
    assert bar() == on_dashboard
