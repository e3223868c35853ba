"""The phones' page in a real browser (Debian's Chromium, headless, on 127.0.0.1): it
follows the game by itself, a seat's page shows that seat's cards, and the public
page's DOM never holds a hidden card."""

from __future__ import annotations

import pytest

from companion.phones.tokens import SeatLinks
from companion.session import open_session
from tests.api.playout import leak_finder
from tests.phones.browser import browser, missing, wait_for
from tests.phones.conftest import game_id

pytestmark = pytest.mark.skipif(missing() is not None, reason=missing() or "")


def _play(db, line: str) -> None:
    session = open_session(db, None)  # another companion: the touchscreen or the CLI
    try:
        assert session.run(line).ok, line
    finally:
        session.close()


def _hidden_finder(db):
    session = open_session(db, None)
    try:
        return leak_finder(session.match)
    finally:
        session.close()


def test_the_public_page_follows_a_step_played_elsewhere(game_db, served):
    with browser() as page:
        page.get(served.url + "/")
        step = wait_for(lambda: page.find_element("tag name", "body").get_attribute(
            "data-step"))
        seats = page.find_element("id", "seats").text
        assert "Ana (Xichang)" in seats and "Cleo (Kourou)" in seats
        _play(game_db, "undo")
        wait_for(lambda: page.find_element("tag name", "body").get_attribute("data-step")
                 == str(int(step) + 1))
        assert page.find_element("id", "history").find_elements(
            "css selector", "li.undone"), "the undone step is struck through"
        dom = page.page_source
        assert _hidden_finder(game_db)(dom) == []
        assert page.find_element("id", "own").get_attribute("hidden") is not None


def test_a_seat_page_shows_its_missions_and_a_bad_link_shows_a_sentence(game_db, served):
    token = SeatLinks(game_db).token(game_id(game_db), "Kourou")
    session = open_session(game_db, None)
    try:
        mine = session.match.rules.view(session.match.state, session.match.catalog,
                                        "Kourou")["my_missions"]
    finally:
        session.close()
    with browser() as page:
        page.get(f"{served.url}/s/{token}")
        own = wait_for(lambda: page.find_element("id", "own-body").text)
        assert all(mission["name"] in own for mission in mine)
        assert page.find_element("id", "own-title").text.startswith("Kourou")
        page.get(f"{served.url}/s/not-a-token")
        assert "does not open any seat" in page.find_element("tag name", "body").text
