"""A greyed place cut with "…" is read whole with one tap, and that tap does nothing else
(try 19, finding 3: "Deploy MONY1 (Money maker): Xichang …" did nothing when tapped)."""

from __future__ import annotations

from typing import Any

from companion.ui.devtools.gallery import flight_lines


def _whole_views() -> list[Any]:
    from kivy.core.window import Window

    from companion.ui.widgets.fit import WholeText

    return [w for w in Window.children if isinstance(w, WholeText)]


def _words(view: Any) -> str:
    return " ".join(w.text for w in view.walk() if isinstance(getattr(w, "text", None), str))


def test_a_tap_on_a_greyed_place_shows_its_whole_why_and_nothing_else(make_driver) -> None:
    driver = make_driver(demo_setup=flight_lines())
    driver.app.text_scale = 1.6  # Large: the why is cut with "…" in its place
    driver.settle()
    place = driver.button("SHLD1 has nothing to drop")
    assert place.disabled
    if not driver.reachable(place):
        driver._scroll_into_view(place)  # (as a finger's swipe)
        driver.wait_still()
    before = driver.texts()
    driver.press(*place.to_window(*place.center))
    driver.wait_for(lambda: bool(_whole_views()), "the greyed place's whole words")
    assert "Drop a module from SHLD1: SHLD1 has nothing to drop: its Laser turret stays " \
           "built on it." in _words(_whole_views()[0])
    driver.press(5, 5)  # any tap closes it, and reaches nothing under it
    driver.wait_for(lambda: not _whole_views(), "the whole words closed")
    assert driver.texts() == before  # nothing was done
