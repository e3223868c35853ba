"""The real USB mechanism: sticks found in /sys, mounted with udisks2's `udisksctl`.

Lite has no automounter; udisks2 mounts under /media/USER for the kiosk user
(allowed by the kiosk's polkit rule, and for the active seat by default). A
disk counts as a stick when it hangs off a USB bus and none of its partitions
holds the running system, so a Pi that boots from a USB SSD never offers its
own disk.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from companion.kiosk.sticks import Stick, UsbError

Runner = Callable[[Sequence[str]], "subprocess.CompletedProcess[str]"]
MIN_SIZE = 1 << 20  # an extended-partition container or an empty card reader is smaller
SYSTEM_MOUNTS = ("/", "/boot", "/boot/firmware", "/usr", "/var", "/home", "[SWAP]")
DEVICE_NAME = re.compile(r"^(sd[a-z]+|vd[a-z]+|mmcblk\d+|nvme\d+n\d+)$")


def _run(argv: Sequence[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(list(argv), capture_output=True, text=True, timeout=60, check=False)


@dataclass
class UdisksSticks:
    """Reads /sys, /dev/disk/by-label and /proc/mounts; roots are injectable for tests."""

    sys_root: Path = Path("/sys")
    dev_root: Path = Path("/dev")
    labels_dir: Path = Path("/dev/disk/by-label")
    mounts_file: Path = Path("/proc/mounts")
    swaps_file: Path = Path("/proc/swaps")
    run: Runner = _run
    which: Callable[[str], str | None] = shutil.which

    def sticks(self) -> list[Stick]:
        mounts = self._mounts()
        labels = self._labels()
        found = []
        for disk in sorted((self.sys_root / "block").glob("*")):
            if not DEVICE_NAME.match(disk.name) or not self._on_usb(disk):
                continue
            parts = self._partitions(disk)
            if any(mounts.get(self._dev(p.name), "") in SYSTEM_MOUNTS for p in parts):
                continue
            for part in parts:
                size = _read_int(part / "size") * 512
                if size < MIN_SIZE:
                    continue
                device = self._dev(part.name)
                found.append(Stick(device, labels.get(device, ""), size,
                                   mounts.get(device, "")))
        return found

    def mount(self, stick: Stick) -> Path:
        current = self._mounts().get(stick.device)
        if current:
            return Path(current)
        result = self._udisksctl("mount", "-b", stick.device)
        if result.returncode != 0:
            raise UsbError(f"{stick.describe()} could not be opened ({_first(result)}); "
                           "it is safe to remove. A stick formatted FAT32, exFAT or ext4 works.")
        mounted = self._mounts().get(stick.device)
        if not mounted:
            raise UsbError(f"{stick.describe()} did not appear after mounting; it is safe to "
                           "remove. Plug it in again and retry.")
        return Path(mounted)

    def release(self, stick: Stick) -> None:
        if self._mounts().get(stick.device):
            result = self._udisksctl("unmount", "-b", stick.device)
            if result.returncode != 0:
                raise UsbError(f"{stick.describe()} is still busy ({_first(result)}); wait a "
                               "moment and do not remove it yet.")
        disk = self._disk_of(stick.device)
        if disk:
            # Powering the stick down turns its light off; a stick that refuses is
            # already safe once unmounted, so a refusal here changes nothing.
            self._udisksctl("power-off", "-b", disk)

    # ---- reading the system ------------------------------------------------------------
    def _dev(self, name: str) -> str:
        return str(self.dev_root / name)

    def _on_usb(self, disk: Path) -> bool:
        return "/usb" in os.path.realpath(disk)

    def _partitions(self, disk: Path) -> list[Path]:
        parts = sorted(p for p in disk.iterdir() if (p / "partition").is_file())
        return parts or [disk]

    def _disk_of(self, device: str) -> str:
        name = Path(device).name
        for disk in (self.sys_root / "block").glob("*"):
            if disk.name == name or (disk / name).is_dir():
                return self._dev(disk.name)
        return ""

    def _labels(self) -> dict[str, str]:
        labels = {}
        if self.labels_dir.is_dir():
            for link in self.labels_dir.iterdir():
                target = self._dev(Path(os.readlink(link)).name) if link.is_symlink() else ""
                if target:
                    labels[target] = _unescape_udev(link.name)
        return labels

    def _mounts(self) -> dict[str, str]:
        mounts: dict[str, str] = {}
        for text in (self.mounts_file, self.swaps_file):
            try:
                lines = text.read_text().splitlines()
            except OSError:
                continue
            for line in lines:
                fields = line.split()
                if len(fields) < 2 or not fields[0].startswith("/dev/"):
                    continue
                where = "[SWAP]" if text == self.swaps_file else _unescape_mount(fields[1])
                mounts.setdefault(fields[0], where)
        return mounts

    def _udisksctl(self, *args: str) -> subprocess.CompletedProcess[str]:
        if self.which("udisksctl") is None:
            raise UsbError("udisks2 is not installed, so USB sticks cannot be opened; run "
                           "`bash deploy/setup.sh kiosk` again. Any stick is safe to remove.")
        try:
            return self.run(["udisksctl", args[0], "--no-user-interaction", *args[1:]])
        except (OSError, subprocess.SubprocessError) as exc:
            raise UsbError(f"udisksctl did not answer ({exc}); wait a moment before removing "
                           "the stick.") from exc


def _read_int(path: Path) -> int:
    try:
        return int(path.read_text().strip() or 0)
    except (OSError, ValueError):
        return 0


def _first(result: subprocess.CompletedProcess[str]) -> str:
    lines = (result.stderr or result.stdout or "").strip().splitlines()
    return lines[0] if lines else f"exit status {result.returncode}"


def _unescape_mount(text: str) -> str:
    """/proc/mounts writes a space as \\040."""
    return re.sub(r"\\([0-7]{3})", lambda m: chr(int(m.group(1), 8)), text)


def _unescape_udev(text: str) -> str:
    """udev's by-label links write a space as \\x20."""
    return re.sub(r"\\x([0-9a-fA-F]{2})", lambda m: chr(int(m.group(1), 16)), text)
