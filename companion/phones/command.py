"""`companion serve`: the phones' page for one saved game, on the local network."""

from __future__ import annotations

import argparse
import threading
from pathlib import Path

from companion.paths import default_db
from companion.subcommand import Subcommand

#: The port phones open when none is given (unassigned by IANA; any free port works).
DEFAULT_PORT = 8765


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="0.0.0.0",
                        help="the address to listen on (default: every address of this "
                             "machine; 127.0.0.1 for this machine only)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT,
                        help=f"the port to listen on (default {DEFAULT_PORT})")
    parser.add_argument("--no-qr", action="store_true", help="print the links without QR codes")


def run_serve(args: argparse.Namespace) -> int:
    from companion.api import TableAPI
    from companion.phones.addresses import page_urls, qr_text
    from companion.phones.server import start
    from companion.phones.tokens import SeatLinks
    from companion.session import open_session

    db: Path = getattr(args, "db", None) or default_db()
    game_id = getattr(args, "game_id", None)
    opened = open_session(db, None, game_id)  # refuses a missing or damaged game here
    api = TableAPI(opened)
    links = SeatLinks(db)
    seats = [seat for seat in api.match.state.table.seats]
    tokens = {seat: links.token(opened.game_id, seat) for seat in seats}
    chosen = opened.game_id
    opened.close()
    running = start(lambda: TableAPI(open_session(db, None, chosen)), links,
                    args.host, args.port)
    for url in page_urls(args.host, args.port):
        print(f"Watching: {url}/")
        for seat, token in tokens.items():
            link = f"{url}/s/{token}"
            print(f"{seat}: {link}")
            if not args.no_qr:
                print(qr_text(link))
    print("Phones follow the game until Ctrl-C.", flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        print("Stopped.")
    finally:
        running.stop()
    return 0


serve_command = Subcommand("serve", "the phones' page", _arguments, run_serve)
