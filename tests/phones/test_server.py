"""The phones' server over HTTP on 127.0.0.1: what each page shows, what a seat's link
may do, and what nobody may see or do."""

from __future__ import annotations

import json
import re
from pathlib import Path

from companion.phones.server import NOT_A_SEAT
from companion.phones.tokens import SeatLinks
from companion.session import open_session
from tests.api.playout import leak_finder
from tests.phones.conftest import game_id, get, get_json, post_json


def _link(db: Path, seat: str) -> str:
    return f"/s/{SeatLinks(db).token(game_id(db), seat)}"


def _leaks(db: Path, text: str) -> list[str]:
    session = open_session(db, None)
    try:
        return leak_finder(session.match)(text)
    finally:
        session.close()


def test_the_public_page_shows_the_table_and_never_a_hidden_mission(game_db, served):
    status, _headers, html = get(served.url, "/")
    assert status == 200 and b'<script src="/page.js"' in html
    page = get_json(served.url, "/table")
    assert [s["seat"] for s in page["table"]["seats"]] == ["Xichang", "Baikonur", "Kourou"]
    assert page["waiting_for"] and page["history"]
    for path in ("/", "/table", "/page.js", "/page.css"):
        assert _leaks(game_db, get(served.url, path)[2].decode()) == [], path


def test_every_response_forbids_framing_outside_scripts_and_referrers(served):
    for path in ("/", "/table", "/page.js", "/s/nobody", "/nothing-here"):
        _status, headers, _body = get(served.url, path)
        policy = headers["Content-Security-Policy"]
        assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy, path
        assert "unsafe-inline" not in policy
        assert headers["X-Frame-Options"] == "DENY" and headers["Referrer-Policy"] == "no-referrer"
    _status, _headers, html = get(served.url, "/")
    assert not re.search(rb"<script(?![^>]*\bsrc=)", html), "no inline script on the page"


def test_a_seat_link_shows_that_seats_missions_and_no_one_elses(game_db, served):
    own = get_json(served.url, f"{_link(game_db, 'Kourou')}/table")
    assert own["seat"] == "Kourou"
    session = open_session(game_db, None)
    try:
        mine = session.match.rules.view(session.match.state, session.match.catalog,
                                        "Kourou")["my_missions"]
        theirs = session.match.rules.view(session.match.state, session.match.catalog,
                                          "Xichang")["my_missions"]
    finally:
        session.close()
    text = json.dumps(own)
    assert mine and all(m["name"] in text for m in mine)
    assert not [m["id"] for m in theirs if f'"{m["id"]}"' in text]


def test_a_wrong_or_guessed_token_gets_one_sentence_and_no_data(served):
    for path in ("/s/guess", "/s/guess/table", "/s/guess/events", "/s/" + "A" * 22 + "/table"):
        status, _headers, body = get(served.url, path)
        assert status == 404 and body.decode() == NOT_A_SEAT, path
    status, _headers, body = get(served.url, "/s/guess/act", "POST", b'{"command": "undo"}',
                                 {"Content-Type": "application/json"})
    assert status == 404 and body.decode() == NOT_A_SEAT


def test_a_reissued_link_stops_the_old_one_at_once(game_db, served):
    old = _link(game_db, "Kourou")
    assert get(served.url, f"{old}/table")[0] == 200
    SeatLinks(game_db).reissue(game_id(game_db), "Kourou")
    assert get(served.url, f"{old}/table")[0] == 404
    assert get(served.url, f"{_link(game_db, 'Kourou')}/table")[0] == 200


def test_a_phone_can_take_only_its_own_seats_offered_choices(game_db, served):
    link = _link(game_db, "Kourou")
    for body in ({"after": None, "command": "undo"},
                 {"after": None, "command": "tech credits"},
                 {"after": "complete Xichang", "command": "complete Xichang P01"},
                 {"after": "complete Kourou", "command": "complete Kourou XP/P01"},
                 {"command": 7}, ["not", "an", "object"]):
        status, reply = post_json(served.url, f"{link}/act", body)
        assert status in (400, 403) and reply["ok"] is False and reply["message"], body
    assert get_json(served.url, "/table")["step"] == get_json(served.url, "/table")["step"]


def test_an_oversized_request_is_refused_before_it_is_read(game_db, served):
    before = get_json(served.url, "/table")["step"]
    try:
        status, _headers, _body = get(served.url, f"{_link(game_db, 'Kourou')}/act", "POST",
                                      b"{" + b" " * 20000 + b"}",
                                      {"Content-Type": "application/json"})
    except (ConnectionResetError, BrokenPipeError):
        status = None  # the server hung up while the body was still being sent
    # Tornado refuses a body over max_body_size as a bad request, or closes the connection
    # before reading it: either way nothing of it is read or run.
    assert status in (400, None)
    assert get_json(served.url, "/table")["step"] == before


def _stream(url: str, path: str):
    """An open event stream: yields each event's data, parsed (127.0.0.1 only)."""
    import http.client
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=20)
    connection.request("GET", path)
    response = connection.getresponse()
    assert response.status == 200
    assert response.getheader("Content-Type") == "text/event-stream"

    def events():
        kind = "message"
        while True:
            line = response.fp.readline().decode()
            if not line:
                return
            if line.startswith("event: "):
                kind = line[7:].strip()
            elif line.startswith("data: "):
                yield kind, json.loads(line[6:])
                kind = "message"
    return connection, events()


def test_a_step_played_elsewhere_reaches_an_open_page_by_itself(game_db, served):
    connection, events = _stream(served.url, "/events")
    try:
        _kind, first = next(events)
        session = open_session(game_db, None)  # the touchscreen, or the CLI: another companion
        try:
            assert session.run("undo").ok  # undo is a step too: the page follows it
        finally:
            session.close()
        _kind, second = next(events)
        assert second["step"] == first["step"] + 1
        assert second["history"][-2]["undone"] and not first["history"][-1]["undone"]
    finally:
        connection.close()


def test_an_open_seat_stream_ends_at_once_when_its_link_is_reissued(game_db, served):
    connection, events = _stream(served.url, f"{_link(game_db, 'Baikonur')}/events")
    try:
        assert next(events)[1]["seat"] == "Baikonur"
        SeatLinks(game_db).reissue(game_id(game_db), "Baikonur")  # no step needed
        assert next(events)[0] == "revoked"
    finally:
        connection.close()


def _open_files() -> int:
    import os

    return len(os.listdir("/proc/self/fd"))


def test_a_hundred_reconnects_leave_no_stream_or_file_open(game_db, served):
    import time

    link = _link(game_db, "Kourou")

    def reconnect(times: int) -> None:
        for index in range(times):
            connection, events = _stream(served.url, link + "/events" if index % 2
                                         else "/events")
            assert next(events)[1]["step"] > 0
            connection.close()  # the phone lost its network

    reconnect(10)  # warm-up: the server's first connections open what it keeps
    deadline = time.monotonic() + 20
    before = _open_files()
    reconnect(100)
    while _open_files() > before and time.monotonic() < deadline:
        time.sleep(0.05)  # each closed stream is noticed and its handler ends
    assert _open_files() <= before


def test_a_seat_completes_its_mission_from_its_phone_and_every_page_sees_it(tmp_path):
    from companion.api import TableAPI
    from companion.phones.server import start
    from tests.exploration.flight_setup import round_two

    played = round_two()  # round 2: Xichang holds Treasury (P06), 50 credits to reveal it
    db = tmp_path / "games.db"
    session = open_session(db, "xp", new=True, seed=played.seed)
    for step in played.history():
        assert session.run(step.command).ok, step.command
    assert session.run("adjust Xichang credits +42 test").ok
    session.close()
    running = start(lambda: TableAPI(open_session(db, None)), SeatLinks(db))
    try:
        xichang = _link(db, "Xichang")
        own = get_json(running.url, f"{xichang}/table")
        group = next(g for g in own["actions"] if g["after"] == "complete Xichang")
        treasury = next(c for c in group["choices"] if "Treasury" in c["label"])
        assert treasury["enabled"]
        # Another seat's phone cannot make Xichang's choice.
        status, _reply = post_json(running.url, f"{_link(db, 'Baikonur')}/act",
                                   {"after": group["after"], "command": treasury["command"]})
        assert status == 403
        status, reply = post_json(running.url, f"{xichang}/act",
                                  {"after": group["after"], "command": treasury["command"]})
        assert status == 200 and reply["ok"], reply
        seats = get_json(running.url, "/table")["table"]["seats"]
        assert next(s for s in seats if s["seat"] == "Xichang")["score"] == 7
    finally:
        running.stop()


def test_doctor_says_where_phones_reach_the_page_or_why_they_cannot():
    from companion.phones.doctor import check_phones

    [found] = check_phones(8765, lambda: ["192.168.1.20"], lambda port: True)
    assert "http://192.168.1.20:8765/" in found.found and not found.fix
    [alone] = check_phones(8765, lambda: [], lambda port: True)
    assert "cannot reach" in alone.found and "Wi-Fi" in alone.fix
