"""Kiosk benchmark: what polling for USB sticks and exporting saved games cost.

Not a test: run it by hand and copy its markdown into docs/perf.md.

    .venv/bin/python bench/kiosk.py [--games 10] [--events 5000] [--repeat 15]

1. `usb.sticks()` with the real udisks mechanism, against this machine's own
   /sys (no stick) and against a fake /sys with an SD card and four USB disks:
   the median time per call, which is what the app pays each time it polls.
2. `usb.export_to()` of a saved-games file holding `--games` games of
   `--events` events each (built as bench/journal.py builds them) and one
   backup, to a folder standing in for the stick: the median time per export,
   including every fsync and the final sync, and the bytes written.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from journal import fill  # bench/journal.py: a game of N events through real commands

from companion.kiosk import usb
from companion.kiosk.udisks import UdisksSticks
from companion.store.opening import open_journal


def fake_sys(root: Path) -> UdisksSticks:
    """An SD card holding the system and four USB sticks of two partitions each."""
    usb_bus = "devices/platform/scb/usb2/2-1/2-1:1.0/host0/block"
    disks = {"mmcblk0": "devices/platform/emmc2bus/mmc0/block"} | {
        f"sd{letter}": f"{usb_bus}/{letter}" for letter in "abcd"}
    for name, parent in disks.items():
        disk = root / "sys" / parent / name
        for number in (1, 2):
            part = disk / (f"{name}p{number}" if name.startswith("mmc") else f"{name}{number}")
            part.mkdir(parents=True)
            (part / "partition").write_text("1")
            (part / "size").write_text("16000000")
        (root / "sys" / "block").mkdir(parents=True, exist_ok=True)
        os.symlink(disk, root / "sys" / "block" / name)
    (root / "mounts").write_text("/dev/mmcblk0p2 / ext4 rw 0 0\n")
    return UdisksSticks(sys_root=root / "sys", mounts_file=root / "mounts",
                        swaps_file=root / "swaps", labels_dir=root / "by-label")


def median_us(call, repeat: int) -> tuple[float, int]:
    times, found = [], 0
    for _ in range(repeat):
        start = time.perf_counter()
        found = len(call())
        times.append((time.perf_counter() - start) * 1e6)
    return statistics.median(times), found


def bench_export(folder: Path, games: int, events: int, repeat: int) -> tuple[float, int]:
    db = folder / "data" / "games.db"
    for index in range(games):
        fill(db, ("xp", "ti4")[index % 2], events)
    journal, _ = open_journal(db)
    journal.backup()
    journal.close()
    usb.use(usb.StandInSticks(folder / "media"))
    (folder / "media" / "STICK").mkdir(parents=True)
    times = []
    for _ in range(repeat):
        [stick] = usb.sticks()
        start = time.perf_counter()
        report = usb.export_to(stick, db)
        times.append((time.perf_counter() - start) * 1000)
    written = sum(p.stat().st_size for p in (folder / "media" / "STICK" / report.folder).iterdir())
    return statistics.median(times), written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--events", type=int, default=5000)
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    print(f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}")
    with tempfile.TemporaryDirectory() as tmp:
        real, real_found = median_us(UdisksSticks().sticks, args.repeat * 20)
        fake, fake_found = median_us(fake_sys(Path(tmp)).sticks, args.repeat * 20)
        ms, written = bench_export(Path(tmp), args.games, args.events, args.repeat)
    print("| what | median |\n|---|---|")
    print(f"| `usb.sticks()`, this machine's /sys ({real_found} sticks) | {real:.0f} µs |")
    print(f"| `usb.sticks()`, fake /sys with 4 USB disks ({fake_found} partitions) "
          f"| {fake:.0f} µs |")
    print(f"| `usb.export_to()`, {args.games} games of {args.events} events + 1 backup "
          f"({written / 1e6:.1f} MB written) | {ms:.0f} ms |")


if __name__ == "__main__":
    main()
