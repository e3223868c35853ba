"""Large text on an 800x480 window (issue 22; try 22: "Player panels need scrolling to see
the 3rd player"): the seats' column folds to each seat's name, its score and whose turn,
every seat in view without a scroll; a tap on a seat opens its whole card (its own page)
and "Back to the table" returns; the choices take the width the column gives up. At
Normal text nothing folds."""

from __future__ import annotations

from typing import Any

from kivy.core.window import Window

from companion.ui.devtools.gallery import flight_lines
from companion.ui.devtools.gallery_large import large_text
from companion.ui.settings import AppSettings
from companion.ui.widgets import Figure, SeatRowView, Text
from companion.ui.widgets.fit import WholeText, line_width

#: Exploration's most seats (the catalog's max_players), the longest seat's name among them.
FIVE_SEATS = ("length 13", "join Xichang Xia", "join Wostochny Wen", "join Baikonur Bo",
              "join Kourou Kim", 'join "Cape Canaveral" Cal')


def _cards(driver: Any) -> list[SeatRowView]:
    return [w for w in driver.widgets(driver.screen.ids.seats) if isinstance(w, SeatRowView)]


def _name_and_score(card: SeatRowView) -> tuple[Text, Figure]:
    name = next(w for w in card.walk() if isinstance(w, Text) and w.text.startswith(card.seat))
    score = next(w for w in card.walk() if isinstance(w, Figure) and w.text == card.score)
    return name, score


def _assert_every_seat_in_view(driver: Any, seats: int) -> None:
    cards = _cards(driver)
    assert len(cards) == seats
    for card in cards:
        name, score = _name_and_score(card)
        for shown in (name, score):  # whole, in the column, no scroll
            assert driver.short_of(shown) == 0, (card.seat, shown.text, driver.short_of(shown))
        # the seat's name not cut (a player's name after it, among many seats, as it fits)
        assert line_width(card.seat, name.font_size, bold=True) <= name.width, card.seat


def test_at_large_on_a_small_window_every_seat_shows_its_name_and_score_unscrolled(
        make_driver) -> None:
    assert (Window.width, Window.height) == (800, 480)
    driver = make_driver(seed=2047, settings=AppSettings())  # a touch-only table
    driver.app.start_new_game("xp", list(FIVE_SEATS))
    driver.settle()
    large_text(driver)
    driver.wait_still()
    _assert_every_seat_in_view(driver, 5)
    # No room left under 5 seats: what a tap did stays over the choices, under the sentence.
    ids = driver.screen.ids
    assert _left(ids.message) >= _left(ids.side_scroll)
    assert 0 <= _bottom(ids.sentence) - _top(ids.message) <= 8


def test_among_three_folded_seats_each_card_names_its_player_too(make_driver) -> None:
    """Try 23: at Large text the folded cards showed only "Xichang 0"; players know their
    own name before their spaceport's. Among many seats the player's name follows the
    seat's on its line, whole for a 3-player table's names."""
    three = ("length 8", "join Xichang Ana", "join Wostochny Cleo", "join Baikonur Ben")
    driver = make_driver(seed=2047, settings=AppSettings(), demo_setup=three)
    large_text(driver)
    driver.wait_still()
    _assert_every_seat_in_view(driver, 3)
    for card in _cards(driver):
        name, _score = _name_and_score(card)
        assert name.text == f"{card.seat} · {card.player}"
        assert line_width(name.text, name.font_size, bold=True) <= name.width, name.text


def test_a_tap_on_a_folded_seat_opens_its_whole_card_and_back(make_driver) -> None:
    driver = make_driver(seed=2047)
    driver.app.start_new_game("xp", list(flight_lines()))
    driver.settle()
    large_text(driver)
    driver.wait_still()
    _assert_every_seat_in_view(driver, 2)
    assert [c.seat for c in _cards(driver) if c.active] == ["Baikonur"]  # whose turn: outlined
    # Folded, the card shows no count; its page shows them all.
    assert not [t for t in driver.texts(driver.screen.ids.seats) if "credits" in t]
    card = next(c for c in _cards(driver) if c.seat == "Baikonur")
    driver.tap(card, scroll=False)
    assert driver.screen.name == "seat" and driver.screen.seat == "Baikonur"
    assert [t for t in driver.texts() if "credits" in t]
    driver.tap("Back to the table", scroll=False)
    assert driver.screen.name == "dashboard"


def test_the_choices_take_the_width_the_folded_seats_give_up(make_driver) -> None:
    """The choices' column: 55 % of the width at Normal, 66 % at Large on a small window
    (a half before); another tab's panel opens at its whole width (a half), and back on
    Seats the column folds again."""
    driver = make_driver(seed=2047)
    driver.app.start_new_game("xp", list(flight_lines()))
    driver.settle()
    side = driver.screen.ids.side_scroll
    normal = side.width
    large_text(driver)
    driver.wait_still()
    assert side.width > normal + 0.08 * Window.width, (normal, side.width)
    folded = side.width
    driver.tap("Board", exact=True, scroll=False)
    driver.wait_still()
    assert side.width < folded - 0.1 * Window.width  # the Board's rows at a half's width
    driver.tap("Seats", exact=True, scroll=False)
    driver.wait_still()
    assert side.width == folded


def _bottom(widget: Any) -> float:
    return float(widget.to_window(widget.x, widget.y)[1])


def _top(widget: Any) -> float:
    return float(widget.to_window(widget.x, widget.top)[1])


def _left(widget: Any) -> float:
    return float(widget.to_window(widget.x, widget.y)[0])


def _overlay() -> Any:
    return next((w for w in Window.children if isinstance(w, WholeText)), None)


def test_the_last_result_stands_under_the_folded_seats(make_driver) -> None:
    """At Large on a small window what a tap did is read under the seats' names and scores
    in the lines the room there holds, up to 4 (over the choices it was 1, "... (more)" in
    most looks: try 22, finding 8), a tap there shows it whole, and the choices start
    right under the sentence; a refusal is still read whole over the choices, where the
    tap was. At Normal it stays over the choices, under the sentence."""
    driver = make_driver(seed=2047, settings=AppSettings())  # a touch-only table
    driver.app.start_new_game("xp", list(flight_lines()))
    driver.settle()
    ids = driver.screen.ids
    message, sentence, side = ids.message, ids.sentence, ids.side_scroll
    result = driver.app.message
    line = message.font_size * 1.5
    assert result and message.height < line and _left(message) >= _left(side)  # Normal:
    assert 0 <= _bottom(sentence) - _top(message) <= 8  # 1 line under the sentence
    large_text(driver)
    driver.wait_still()
    driver.pump(2)
    assert _left(message) + message.width <= _left(side)  # beside the choices, not over them
    card = _cards(driver)[-1]
    assert _top(message) <= _bottom(card) and driver.short_of(message) == 0  # under the seats
    words = " ".join(message.text.split())
    assert message.height > 2 * message.font_size and words.startswith(result[:40])  # lines
    assert 0 <= _bottom(sentence) - _top(ids.actions) <= 8  # the choices right under the sentence
    driver.tap(ids.aside, scroll=False)
    try:
        driver.wait_for(lambda: _overlay() is not None, "the whole result over the screen")
        assert result in driver.texts(_overlay())
    finally:
        driver.tap(_overlay() or ids.aside, scroll=False)
    driver.wait_for(lambda: _overlay() is None, "the overlay closed")
    driver.app.send("nonsense words")
    driver.settle()
    driver.pump(2)
    assert driver.app.message_refused and _left(message) >= _left(side)  # over the choices,
    assert not message.folded and "nonsense" in message.text  # whole

