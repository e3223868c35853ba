"""A served game for the phones' tests: an Exploration table set up with hidden missions,
served on 127.0.0.1 on a free port, stopped after each test."""

from __future__ import annotations

import http.client
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from companion.api import TableAPI
from companion.phones.server import Running, start
from companion.phones.tokens import SeatLinks
from companion.session import open_session

SETUP = Path(__file__).resolve().parents[1] / "exploration" / "demo_setup.txt"


def setup_lines() -> list[str]:
    return [line.strip() for line in SETUP.read_text().splitlines()
            if line.strip() and not line.startswith("#")]


@pytest.fixture
def game_db(tmp_path: Path) -> Path:
    db = tmp_path / "games.db"
    session = open_session(db, "xp", new=True)
    for line in setup_lines():
        assert session.run(line).ok, line
    session.close()
    return db


@pytest.fixture
def served(game_db: Path) -> Iterator[Running]:
    running = start(lambda: TableAPI(open_session(game_db, None)), SeatLinks(game_db))
    try:
        yield running
    finally:
        running.stop()


def mission_table(db: Path) -> str:
    """Round 2, Xichang's turn, Treasury (P06) met: Xichang may reveal it; its game id."""
    from tests.exploration.flight_setup import round_two

    played = round_two()
    session = open_session(db, "xp", new=True, seed=played.seed)
    for step in played.history():
        assert session.run(step.command).ok, step.command
    assert session.run("adjust Xichang credits +42 test").ok
    made = session.game_id
    session.close()
    return made


def game_id(db: Path) -> str:
    session = open_session(db, None)
    try:
        return session.game_id
    finally:
        session.close()


def get(url: str, path: str, method: str = "GET", body: bytes | None = None,
        headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
    """One request to the test server (127.0.0.1 only), with a short timeout."""
    parts = urlsplit(url)
    assert parts.hostname == "127.0.0.1"
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        connection.close()


def get_json(url: str, path: str) -> Any:
    status, _headers, body = get(url, path)
    assert status == 200, body
    return json.loads(body)


def post_json(url: str, path: str, data: Any) -> tuple[int, Any]:
    status, _headers, body = get(url, path, "POST", json.dumps(data).encode(),
                                 {"Content-Type": "application/json"})
    return status, json.loads(body)
