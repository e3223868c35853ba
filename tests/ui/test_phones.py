"""Phones at the table, from the touchscreen: turned on from the Phones screen, a seat's
code shown only when asked for, and a mission completed on a phone shown on the table."""

from __future__ import annotations

import socket

from tests.phones.conftest import get, get_json, mission_table, post_json


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_a_mission_completed_on_a_phone_shows_on_the_touchscreen(make_driver, tmp_path):
    db = tmp_path / "games.db"
    mission_table(db)
    driver = make_driver(db=db)
    driver.wait_for(lambda: driver.app.table is not None, "the game to open")
    app = driver.app
    app.phones.host, app.phones.port = "127.0.0.1", _free_port()  # this machine only
    app.show("start")
    driver.settle()
    driver.tap("Phones", exact=True)
    assert driver.screen.name == "phones" and driver.shown("Phones at the table is off")
    driver.tap("Turn on phones at the table")
    url = f"http://127.0.0.1:{app.phones.port}"

    def listening() -> bool:
        try:
            return get(url, "/table")[0] == 200
        except OSError:
            return False
    driver.wait_for(listening, "the phones' page to listen")
    app._show_phones()
    assert driver.shown(f"{url}/") and driver.shown("Show Xichang's own code")
    driver.tap("Show Xichang's own code")
    assert driver.shown("Only Xichang's player scans this code")
    token = app.phone_token("Xichang")
    assert token is not None
    own = get_json(url, f"/s/{token}/table")
    group = next(g for g in own["actions"] if g["after"] == "complete Xichang")
    treasury = next(c for c in group["choices"] if "Treasury" in c["label"])
    status, reply = post_json(url, f"/s/{token}/act",
                              {"after": group["after"], "command": treasury["command"]})
    assert status == 200 and reply["ok"], reply

    def xichang_score() -> int | None:
        seats = app.table.view["table"]["seats"]
        return next(s["score"] for s in seats if s["seat"] == "Xichang")
    driver.wait_for(lambda: xichang_score() == 7, "the phone's step on the touchscreen")
    driver.tap("Done: hide Xichang's code")
    driver.tap("Turn off phones at the table")
    driver.wait_for(lambda: not listening(), "the page to stop when turned off")
    assert not app.settings.phones
