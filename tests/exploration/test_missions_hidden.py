"""Hidden missions: recorded privately, never in the public view or the log."""

from __future__ import annotations

import json

import pytest

from companion.games.exploration.rules import RULES
from tests.exploration.helpers import catalog, new_match, refused, run, started_match


def _mission_words(match, seat: str) -> list[str]:
    cards = match.state.table.cards_in(f"hand:{seat}")
    return cards + [catalog().card(c).name for c in cards]


def test_scanned_mission_is_confirmed_without_naming_it() -> None:
    match = new_match()
    (result,) = run(match, "join Kourou Cleo") and run(match, "scan XP/P10")
    assert result.message.startswith("Kourou's primary mission recorded (hidden).")
    assert "P10" not in result.message and "Deep space" not in result.message


def test_public_view_shows_only_counts() -> None:
    match = started_match()
    public = json.dumps(RULES.view(match.state, catalog(), None))
    text = RULES.render(match.state, catalog(), None)
    for seat in match.state.table.seats:
        words = _mission_words(match, seat)
        assert len(words) >= 10
        for word in words:
            assert f'"{word}"' not in public
            assert word not in text
    seat_view = RULES.view(match.state, catalog(), None)["seats"][0]
    assert seat_view["hidden_missions"] >= 5


def test_seat_view_shows_own_missions_only() -> None:
    match = started_match()
    mine = RULES.view(match.state, catalog(), "Kourou")
    assert {c["id"] for c in mine["my_missions"]} == set(
        match.state.table.cards_in("hand:Kourou"))
    others = json.dumps(mine["seats"])
    for word in _mission_words(match, "Xichang"):
        assert f'"{word}"' not in others


def test_history_messages_never_name_hidden_missions() -> None:
    match = started_match()
    hidden = set()
    for seat in match.state.table.seats:
        hidden.update(_mission_words(match, seat))
    for step in match.history():
        for word in hidden:
            assert word not in step.message, (step.command, word)


def test_undoing_a_hidden_draw_does_not_name_the_card() -> None:
    match = new_match()
    run(match, "join Kourou Cleo", "draw primary")
    card = match.state.table.cards_in("hand:Kourou")[0]
    (result,) = run(match, "undo")
    assert card not in result.message and catalog().card(card).name not in result.message


def test_scanning_a_mission_out_of_turn_is_refused_without_naming_it() -> None:
    match = started_match()
    message = refused(match, "scan XP/P14")
    assert "P14" not in message and catalog().card("P14").name not in message


# ---- probing: a refusal to reveal a hidden mission names nothing ----------------------------
def _secret_words(match, card_id: str) -> list[str]:
    """The card's ID and name, and every seat and player name at the table."""
    table = match.state.table
    return [card_id, catalog().card(card_id).name, *table.seats, *table.players.values()]


@pytest.mark.parametrize("line", [
    "complete P01", "scan XP/P01",  # Baikonur's, out of Baikonur's turn
    "complete P06", "scan XP/P06",  # Xichang's, during Xichang's turn, goal not met
    "complete P04", "scan XP/P04",  # Xichang's, a "most" mission
    "complete P02", "scan XP/P02",  # still in the primary deck
])
def test_probing_for_a_hidden_mission_learns_nothing(line: str) -> None:
    from companion.games.exploration.missions import CANNOT_REVEAL
    from tests.exploration.flight_setup import round_two

    match = round_two()
    message = refused(match, line)
    assert message == CANNOT_REVEAL
    for word in _secret_words(match, line.split("/")[-1].split()[-1]):
        assert word not in message, word


def test_scanning_a_held_mission_during_setup_names_no_hand() -> None:
    match = new_match()
    run(match, "join Baikonur Ben", "scan XP/P01")
    message = refused(match, "scan XP/P01")
    assert "cannot be drawn" in message
    for word in _secret_words(match, "P01"):
        assert word not in message, word


def test_the_holder_sees_the_progress_of_their_missions() -> None:
    from tests.exploration.flight_setup import round_two

    match = round_two()
    credits = match.state.table.resource("Xichang", "credits")
    text = RULES.render(match.state, catalog(), "Xichang")
    assert f"P06 Treasury ({credits}/50)" in text
    assert f"P04 {catalog().card('P04').name} (0/most)" in text
    assert "P04" not in RULES.render(match.state, catalog(), None)
