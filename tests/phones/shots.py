"""Pictures of the phones' pages for docs/screens: `python -m tests.phones.shots DIR`.

A round-2 Exploration table where Xichang may reveal a mission, served on
127.0.0.1; the public page and Xichang's page at 390x844 (a phone) and 768x1024
(a tablet), light and dark. Needs Debian's chromium and chromium-driver.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from companion.api import TableAPI
from companion.phones.server import start
from companion.phones.tokens import SeatLinks
from companion.session import open_session
from tests.phones.browser import browser, wait_for
from tests.phones.conftest import mission_table

SIZES = ((390, 844), (768, 1024))


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "games.db"
        game_id = mission_table(db)
        running = start(lambda: TableAPI(open_session(db, None)), SeatLinks(db))
        token = SeatLinks(db).token(game_id, "Xichang")
        try:
            for width, height in SIZES:
                for scheme in ("light", "dark"):
                    with browser(width, height) as page:
                        page.execute_cdp_cmd("Emulation.setEmulatedMedia", {
                            "features": [{"name": "prefers-color-scheme", "value": scheme}]})
                        for name, path in (("public", "/"), ("seat", f"/s/{token}")):
                            page.get(running.url + path)
                            wait_for(lambda p=page: p.find_element("id", "seats").text)
                            page.save_screenshot(str(out / f"phone-{name}-{width}x{height}"
                                                         f"-{scheme}.png"))
        finally:
            running.stop()


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screens"))
