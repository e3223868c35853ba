"""What the scan strip tells a player about the scanner: one sentence they can act on.

The scanner's own messages name packages, devices and flags; those belong to
`companion doctor` and docs/scanner.md, not to the table.
"""

from __future__ import annotations

#: A player's sentence for each scanner status whose message speaks to an installer.
PLAYER_SENTENCES = {
    "off": "The camera is switched off: choose one in Settings to scan cards, "
           "or let the app draw them.",
    "starting": "No camera answers yet: plug one in and it is found by itself; "
                "until then, let the app draw the cards.",
    "opening": "A camera was found: it is being started to read the cards.",
    "no-camera": "No camera answers: plug one in and it is found by itself; "
                 "until then, let the app draw the cards.",
    "camera-lost": "The camera stopped answering: check its cable, it reconnects by itself.",
    "failed": "The scanner could not start: let the app draw the cards "
              "(`companion doctor` says why).",
}


def scanner_sentence(status: str, message: str) -> str:
    """The strip's sentence for a status: the player's own words, else the message (a
    scan's words, such as a QR code that is not a card, are already a player's)."""
    return PLAYER_SENTENCES.get(status, message)
