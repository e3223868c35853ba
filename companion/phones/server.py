"""The phones' web server: one saved game, a public page and a page per seat.

Tornado (docs/phones.md says why) serves the page's own files, the page data
as JSON, a Server-Sent Events stream that pushes the page data after every
step, and a seat's private actions. The server opens the game through its own
`TableAPI`, so it runs beside the touchscreen (in its own process when the app
starts it) and notices the touchscreen's steps with `changed()`, as any second
companion does.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from tornado.httpserver import HTTPServer
from tornado.iostream import StreamClosedError
from tornado.netutil import bind_sockets
from tornado.web import Application, RequestHandler

from companion.api import TableAPI
from companion.core.errors import CompanionError
from companion.phones.pages import PhoneTable, RefusedError
from companion.phones.tokens import SeatLinks

STATIC = Path(__file__).parent / "static"
FILES = {"page.html": "text/html; charset=utf-8", "page.js": "text/javascript; charset=utf-8",
         "page.css": "text/css; charset=utf-8"}
#: Seconds between looks for another companion's steps (PRAGMA data_version: cheap).
WATCH_EVERY_S = 0.05
#: Seconds between keep-alive comments on an idle event stream (proxies, phones asleep).
KEEPALIVE_S = 15.0
#: The largest request body taken: an action is a command line of a few hundred bytes.
MAX_BODY_BYTES = 8 * 1024
#: A content security policy that allows only the page's own files, and no framing.
SECURITY_HEADERS = {
    "Content-Security-Policy": ("default-src 'none'; script-src 'self'; style-src 'self'; "
                                "img-src 'self'; connect-src 'self'; base-uri 'none'; "
                                "form-action 'none'; frame-ancestors 'none'"),
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    # A seat's token is in its link: no other site may ever see it in a Referer.
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}
NOT_A_SEAT = "This seat link does not open any seat of this game: ask the table for a new one."
NOT_AN_ACTION = "The request was not an action."
NOT_FOUND = "There is no such page here."


class Phones:
    """The game's pages and its version; every call runs on the server's event loop."""

    def __init__(self, table: PhoneTable, links: SeatLinks) -> None:
        self.table = table
        self.links = links
        self.version = 0
        self.closing = False
        self.links_version = 0  # moves when a seat's link was re-issued (by the app)
        self.changed = asyncio.Condition()
        self.files = {name: (STATIC / name).read_bytes() for name in FILES}

    def seat_of(self, token: str) -> str | None:
        return self.links.seat_of(self.table.game_id, token)

    async def versions(self, gone: asyncio.Event) -> AsyncIterator[int]:
        """The current version at once, then each new one, -1 after a quiet while;
        ends when the phone is `gone` or the server closes."""
        seen, links_seen = self.version, self.links_version
        yield seen
        while True:
            async with self.changed:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.changed.wait_for(
                        partial(self._moved, seen, links_seen, gone)), KEEPALIVE_S)
            if gone.is_set() or self.closing:
                return
            quiet = self.version == seen
            seen, links_seen = self.version, self.links_version
            yield -1 if quiet else seen

    def _moved(self, seen: int, links_seen: int, gone: asyncio.Event) -> bool:
        return (self.version != seen or self.links_version != links_seen
                or gone.is_set() or self.closing)

    async def bump(self) -> None:
        async with self.changed:
            self.version += 1
            self.changed.notify_all()

    async def wake(self) -> None:
        """Let every stream look again (one of them went away, or the server closes)."""
        async with self.changed:
            self.changed.notify_all()

    async def watch(self) -> None:
        links = self.links.stamp()
        while True:
            await asyncio.sleep(WATCH_EVERY_S)
            if self.table.changed():
                await self.bump()
            if self.links.stamp() != links:
                links = self.links.stamp()
                self.links_version += 1
                await self.wake()


class _Handler(RequestHandler):
    def initialize(self, phones: Phones) -> None:
        self.phones = phones

    def set_default_headers(self) -> None:
        for name, value in SECURITY_HEADERS.items():
            self.set_header(name, value)

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        self.set_header("Content-Type", "text/plain; charset=utf-8")
        self.finish(NOT_FOUND if status_code == 404 else "The request was refused.")

    def refuse(self, status: int, sentence: str) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "text/plain; charset=utf-8")
        self.finish(sentence)

    def seat(self, token: str) -> str | None:
        """The seat the link opens; None (and the refusal sent) for any other token."""
        seat = self.phones.seat_of(token)
        if seat is None:
            self.refuse(404, NOT_A_SEAT)
        return seat

    def send_json(self, data: Any, status: int = 200) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps(data, separators=(",", ":")))


class _File(_Handler):
    def initialize(self, phones: Phones, name: str) -> None:  # type: ignore[override]
        self.phones, self.name = phones, name

    def get(self, token: str | None = None) -> None:
        if token is not None and self.seat(token) is None:
            return
        self.set_header("Content-Type", FILES[self.name])
        self.finish(self.phones.files[self.name])


class _Table(_Handler):
    def get(self, token: str | None = None) -> None:
        seat = None if token is None else self.seat(token)
        if token is None or seat is not None:
            self.set_header("Content-Type", "application/json")
            self.finish(self.phones.table.page_json(seat))


class _Events(_Handler):
    """The page data now, then after every step, until the phone goes away (or, on a
    seat's stream, its link is re-issued)."""

    def initialize(self, phones: Phones) -> None:
        super().initialize(phones)
        self.gone = asyncio.Event()

    async def get(self, token: str | None = None) -> None:
        seat = None if token is None else self.seat(token)
        if token is not None and seat is None:
            return
        self.set_header("Content-Type", "text/event-stream")
        try:
            async for version in self.phones.versions(self.gone):
                if token is not None and self.phones.seat_of(token) != seat:
                    self.write("event: revoked\ndata: {}\n\n")
                    await self.flush()
                    break
                self.write(self._message(seat, version))
                await self.flush()
        except StreamClosedError:  # the phone went away
            return
        self.finish()

    def on_connection_close(self) -> None:
        self.gone.set()
        self.waking = asyncio.ensure_future(self.phones.wake())  # kept until it has run

    def _message(self, seat: str | None, version: int) -> str:
        if version < 0:
            return ": still here\n\n"
        return f"data: {self.phones.table.page_json(seat)}\n\n"


class _Act(_Handler):
    async def post(self, token: str) -> None:
        seat = self.seat(token)
        if seat is None:
            return
        try:
            body = json.loads(self.request.body)
        except (ValueError, UnicodeDecodeError):
            body = None
        if not isinstance(body, dict) or not isinstance(body.get("command"), str) \
                or not isinstance(body.get("after"), (str, type(None))):
            self.send_json({"ok": False, "message": NOT_AN_ACTION}, 400)
            return
        try:
            result = self.phones.table.act(seat, body.get("after"), body["command"])
        except RefusedError as refused:
            self.send_json({"ok": False, "message": str(refused)}, 403)
            return
        if result.get("ok"):
            await self.phones.bump()
        self.send_json({"ok": bool(result.get("ok")), "message": result.get("message")})


class _Missing(_Handler):
    def prepare(self) -> None:
        self.refuse(404, NOT_FOUND)


def application(phones: Phones) -> Application:
    token = r"/s/([A-Za-z0-9_-]{1,64})"
    given = {"phones": phones}
    return Application([
        (r"/", _File, {**given, "name": "page.html"}),
        (r"/page\.js", _File, {**given, "name": "page.js"}),
        (r"/page\.css", _File, {**given, "name": "page.css"}),
        (r"/table", _Table, given),
        (r"/events", _Events, given),
        (token, _File, {**given, "name": "page.html"}),
        (token + r"/table", _Table, given),
        (token + r"/events", _Events, given),
        (token + r"/act", _Act, given),
    ], default_handler_class=_Missing, default_handler_args=given,
        log_function=lambda _handler: None, compress_response=True)


@dataclass
class Running:
    """A server listening on a thread of its own (the app's worker side, tests, benches)."""

    url: str
    loop: asyncio.AbstractEventLoop
    thread: threading.Thread
    stopping: Callable[[], Any]

    def stop(self) -> None:
        asyncio.run_coroutine_threadsafe(self.stopping(), self.loop).result(timeout=10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=10)


def start(open_api: Callable[[], TableAPI], links: SeatLinks, host: str = "127.0.0.1",
          port: int = 0) -> Running:
    """Open the game and serve it on a thread of its own; returns once it listens.

    `open_api` runs on that thread, so the game's connection belongs to it. A port
    already in use or a game that cannot be opened raises here, in one sentence."""
    loop = asyncio.new_event_loop()
    ready: dict[str, Any] = {}
    started = threading.Event()

    def main() -> None:
        asyncio.set_event_loop(loop)
        try:
            ready.update(loop.run_until_complete(_listen(open_api, links, host, port)))
        except (OSError, CompanionError) as failed:
            ready["error"] = failed
        started.set()
        if "error" not in ready:
            loop.run_forever()
        loop.close()

    thread = threading.Thread(target=main, name="phones", daemon=True)
    thread.start()
    started.wait()
    if "error" in ready:
        thread.join()
        raise _unusable(ready["error"], host, port)
    return Running(ready["url"], loop, thread, ready["stopping"])


async def _listen(open_api: Callable[[], TableAPI], links: SeatLinks, host: str,
                  port: int) -> dict[str, Any]:
    phones = Phones(PhoneTable(open_api()), links)
    try:
        sockets = bind_sockets(port, host)
    except OSError:
        phones.table.close()
        raise
    server = HTTPServer(application(phones), max_body_size=MAX_BODY_BYTES)
    server.add_sockets(sockets)
    watch = asyncio.create_task(phones.watch())

    async def stopping() -> None:
        server.stop()
        watch.cancel()
        phones.closing = True
        await phones.wake()
        await server.close_all_connections()
        phones.table.close()

    bound = sockets[0].getsockname()[1]
    return {"url": f"http://{host}:{bound}", "stopping": stopping}


def _unusable(error: Exception, host: str, port: int) -> Exception:
    if isinstance(error, OSError):
        return CompanionError(f"The phones' page cannot listen on {host}:{port} "
                              f"({error.strerror or error}): choose another --port.")
    return error
