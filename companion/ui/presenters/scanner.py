"""What the scan strip tells a player about the scanner: one sentence they can act on.

With no camera, the sentence names both ways a card still gets in by touch: picked from
the list of the cards its deck can still give ("Pick the card drawn at the table"), or
drawn by the app (try 12, finding 4: "How?" spoke only of plugging a camera in).

The scanner's own messages name packages, devices and flags; those belong to
`companion doctor` and docs/scanner.md, not to the table.
"""

from __future__ import annotations

#: A player's sentence for each scanner status whose message speaks to an installer.
PLAYER_SENTENCES = {
    "off": "The camera is switched off: choose one in Settings to scan cards; until "
           "then, pick each card drawn at the table from its list, or let the app draw.",
    "starting": "No camera answers yet: plug one in and it is found by itself; until "
                "then, pick each card drawn at the table from its list, or let the app draw.",
    "opening": "A camera was found: it is being started to read the cards.",
    "no-camera": "No camera is plugged in, so pick each card drawn at the table from its "
                 "list or let the app draw; a camera plugged in later starts by itself.",
    "camera-lost": "The camera stopped answering: check its cable, it reconnects by itself.",
    "failed": "The scanner could not start (`companion doctor` says why): pick each card "
              "drawn at the table from its list, or let the app draw.",
}


def scanner_sentence(status: str, message: str) -> str:
    """The strip's sentence for a status: the player's own words, else the message (a
    scan's words, such as a QR code that is not a card, are already a player's)."""
    return PLAYER_SENTENCES.get(status, message)
