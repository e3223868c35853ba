"""Phones following one game while steps are committed: latency, completeness, memory.

Not a test. Starts `companion serve` as its own process on 127.0.0.1 (as the app
does), opens N public event streams (simulated phones, one thread each), then
commits S steps from this process as the touchscreen would (undo and redo in
turn, each a saved step), one every --every seconds. For each phone and step it
records the time from the step's commit to the moment that phone received the
page for it. Prints a markdown table: phones, steps, updates seen, median and 95th
percentile latency, the server's resident memory at the start and end.

    python bench/phones.py --phones 30 --steps 1000 --every 0.02
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def make_game(db: Path) -> str:
    from companion.session import open_session

    session = open_session(db, "xp", new=True, seed=7)
    setup = (ROOT / "tests" / "exploration" / "demo_setup.txt").read_text().splitlines()
    for line in (x.strip() for x in setup):
        if line and not line.startswith("#"):
            assert session.run(line).ok, line
    game_id = session.game_id
    session.close()
    return game_id


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


class Phone(threading.Thread):
    """One phone's event stream: the arrival time of each step's page."""

    def __init__(self, port: int) -> None:
        super().__init__(daemon=True)
        self.port, self.seen, self.ready = port, {}, threading.Event()
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    def run(self) -> None:
        self.connection.request("GET", "/events")
        response = self.connection.getresponse()
        try:
            for raw in response.fp:
                line = raw.decode()
                if line.startswith("data: "):
                    self.seen[json.loads(line[6:])["step"]] = time.monotonic()
                    self.ready.set()
        except (OSError, ValueError):
            return  # the bench closed the stream


def wait_listening(port: int, deadline_s: float = 30) -> None:
    end = time.monotonic() + deadline_s
    while time.monotonic() < end:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.05)
    raise SystemExit("the server did not start listening")


def run(phones: int, steps: int, every: float, folder: Path) -> dict[str, float]:
    from companion.session import open_session

    db = folder / "games.db"
    game_id = make_game(db)
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    server = subprocess.Popen(
        [sys.executable, "-m", "companion", "--db", str(db), "--game-id", game_id, "serve",
         "--host", "127.0.0.1", "--port", str(port), "--no-qr"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, cwd=ROOT)
    try:
        wait_listening(port)
        followers = [Phone(port) for _ in range(phones)]
        for phone in followers:
            phone.start()
        for phone in followers:
            phone.ready.wait(30)
        start_rss = rss_mib(server.pid)
        session = open_session(db, None, game_id)
        committed: dict[int, float] = {}
        for index in range(steps):
            result = session.run("undo" if index % 2 == 0 else "redo")
            assert result.ok and result.step is not None, result.message
            committed[result.step.number] = time.monotonic()
            time.sleep(every)
        session.close()
        last = max(committed)
        end = time.monotonic() + 30
        while time.monotonic() < end and any(last not in p.seen for p in followers):
            time.sleep(0.05)
        end_rss = rss_mib(server.pid)
    finally:
        server.terminate()
        server.wait(10)
    # Steps saved within one look of the server (0.1 s) reach a phone as one page, the
    # newest, whose history holds each of them: a step is shown once a page at or after
    # it has arrived.
    shown = [_shown(p.seen, committed) for p in followers]
    latencies = [at - committed[s] for phone in shown for s, at in phone.items()]
    got = sum(len(phone) for phone in shown)
    return {"phones": phones, "steps": steps, "updates": got, "expected": phones * steps,
            "all_saw_last": all(last in p.seen for p in followers),
            "median_ms": statistics.median(latencies) * 1000,
            "p95_ms": statistics.quantiles(latencies, n=20)[18] * 1000,
            "rss_start": start_rss, "rss_end": end_rss}


def _shown(seen: dict[int, float], committed: dict[int, float]) -> dict[int, float]:
    """For each committed step, when the phone first had a page at or after it."""
    pages = sorted(seen.items())
    shown = {}
    for step in committed:
        arrivals = [at for page, at in pages if page >= step]
        if arrivals:
            shown[step] = min(arrivals)
    return shown


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phones", type=int, default=30)
    parser.add_argument("--steps", type=int, default=1000)
    parser.add_argument("--every", type=float, default=0.02,
                        help="seconds between committed steps")
    args = parser.parse_args()
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        got = run(args.phones, args.steps, args.every, Path(folder))
    print("| phones | steps | steps shown on phones | every phone saw the last | median ms "
          "| p95 ms | server RSS start MiB | end MiB |")
    print("|---|---|---|---|---|---|---|---|")
    print(f"| {got['phones']} | {got['steps']} | {got['updates']} of {got['expected']} "
          f"| {'yes' if got['all_saw_last'] else 'NO'} | {got['median_ms']:.1f} "
          f"| {got['p95_ms']:.1f} | {got['rss_start']:.1f} | {got['rss_end']:.1f} |")


if __name__ == "__main__":
    main()
