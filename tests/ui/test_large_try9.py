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
    """s171/s173: the faces' words whole ("symbol / s" no more) and both outcomes inside
    their row, each rolled sentence on its own line, over the move's summary."""
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
    assert screen.numbers == "The table rolled two.\nThe table rolled one."
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
    ships = tuple(FormOption(s, s, "Wostochny, maneuver check") for s in ("DSTR4", "UFST1"))
    passes = dataclasses.replace(passes, options=passes.options + ships + tuple(
        FormOption(t, f"trap {t}", "count 3") for t in traps))
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
