"""A USB stick as the kiosk shows it, and the one error every USB mechanism raises.

`companion.kiosk.usb` (the export, which picks the mechanism) and
`companion.kiosk.udisks` (the real mechanism) both use these, so the
mechanism never imports the export back. `usb.Stick` and `usb.UsbError` stay.

>>> Stick("/dev/sda1", "KINGSTON", 16_000_000_000).describe()
'KINGSTON (16 GB)'
>>> Stick("/dev/sdb1").describe()
'the USB stick sdb1'
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from companion.kiosk import KioskError


class UsbError(KioskError):
    """A stick that could not be used; the sentence says whether it is safe to remove."""


@dataclass(frozen=True)
class Stick:
    """One mountable partition of a USB stick (or the whole stick if unpartitioned)."""

    device: str
    label: str = ""
    size_bytes: int = 0
    mount_point: str = ""

    def describe(self) -> str:
        """'KINGSTON (16 GB)': what a player recognises."""
        name = self.label or f"the USB stick {Path(self.device).name}"
        return f"{name} ({size_words(self.size_bytes)})" if self.size_bytes else name


def size_words(size: int) -> str:
    """'16 GB', '1.5 GB', '512 bytes': a stick's size as its label prints it."""
    for unit, scale in (("TB", 10**12), ("GB", 10**9), ("MB", 10**6)):
        if size >= scale:
            return f"{size / scale:.0f} {unit}" if size >= 10 * scale else \
                f"{size / scale:.1f} {unit}"
    return f"{size} bytes"
