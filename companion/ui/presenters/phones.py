"""The Phones screen's words: where phones open the page, and each seat's code.

A seat's code opens that seat's secrets, so the screen shows the "just watching"
code to everyone and a seat's code only when that seat asks for it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

OFF = ("Phones at the table is off. Turn it on and every phone on this network can "
       "follow the game; each player can see their own secret cards on their phone.")
NO_NETWORK = ("This machine has no network address: connect it to the table's Wi-Fi "
              "or cable, then come back here.")
WATCH = "Anyone scans this code to follow the game."
SEAT = ("Only {seat}'s player scans this code: it opens {seat}'s secret cards. "
        "Shared by mistake? Tap New link: the old one stops working at once.")


@dataclass(frozen=True)
class PhonesView:
    on: bool
    sentence: str
    watch_url: str | None
    seats: tuple[str, ...]


def phones_view(on: bool, urls: Sequence[str], seats: Sequence[str],
                failure: str | None = None) -> PhonesView:
    """What the screen shows: off, on without a network, failed, or the codes."""
    if not on:
        return PhonesView(False, OFF, None, ())
    if failure:
        return PhonesView(True, failure, None, ())
    if not urls:
        return PhonesView(True, NO_NETWORK, None, ())
    return PhonesView(True, WATCH, f"{urls[0]}/", tuple(seats))


def seat_url(base: str, token: str) -> str:
    return f"{base}/s/{token}"
