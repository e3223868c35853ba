"""Try 19, finding 15: a seat card's lines ran together ("in effect: Maneuver discount
technology action: Score 3 domination points +3"): each line is a sentence of its own,
the points said as points."""

from __future__ import annotations

from pathlib import Path


def test_a_seat_cards_lines_read_as_separate_sentences(make_driver, tmp_path: Path) -> None:
    from companion.ui.devtools.gallery_board import scored_game
    from companion.ui.widgets import SeatRowView

    db = tmp_path / "games.db"
    scored_game(db)
    driver = make_driver(db=db)
    cards = [w for w in driver.app.screen("dashboard").ids.seats.children
             if isinstance(w, SeatRowView)]
    assert cards and all(card.sources for card in cards)
    for card in cards:
        shown = driver.texts(card)
        counts = next(t for t in shown if "credits" in t)
        assert counts.endswith("."), f"the counts run into the next line: {counts!r}"
        points = next(t for t in shown if card.sources in t)
        assert points.startswith("Points: ") and points.endswith("."), points
