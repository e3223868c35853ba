"""What the app's scan strip says about a code that is not a card: the resolver's own
sentence, the one `decode` and `play --camera` print, and no scan sent to the game; a
card's code goes to the game as the resolver typed it."""

from __future__ import annotations

from companion.scanner.codes import RawCode, ScanCode
from companion.scanner.commands import build_resolver
from companion.scanner.pipeline import ScanEvent
from companion.ui.scanning import ScannerService


def scanned(payload: bytes) -> tuple[list[ScanCode], list[tuple[str, str]]]:
    """Hand one frame's code to the service; the codes and statuses it delivered."""
    lines: list[ScanCode] = []
    statuses: list[tuple[str, str]] = []
    service = ScannerService("none", "auto", lambda job: job(), lines.append,
                             lambda status, message: statuses.append((status, message)))
    code = build_resolver("xp").resolve(RawCode(payload, (), "test"))
    service._event(ScanEvent((code,), 1, 0.0, 0.0, "2026-11-23T20:00:00"))
    return lines, statuses


def test_a_lower_case_look_alike_is_ignored_with_the_upper_case_tag_suggested() -> None:
    lines, statuses = scanned(b"xp/h03")
    assert lines == []
    assert statuses == [("foreign", "A QR code reading 'xp/h03' was ignored: card tags are "
                                    "printed in upper case with no spaces, like XP/H03.")]


def test_a_stranger_code_is_ignored_in_one_sentence() -> None:
    lines, statuses = scanned(b"https://example.com/menu")
    assert lines == []
    assert statuses == [("foreign", "A QR code that is not a card tag was ignored.")]


def test_a_card_tag_is_delivered_as_the_typed_code_not_a_line() -> None:
    codes, statuses = scanned(b"XP/H03")
    assert statuses == []
    (code,) = codes
    assert (code.text, code.status, code.card.id if code.card else None) == \
        ("XP/H03", "ok", "H03")


def test_a_missing_camera_is_told_in_a_players_words_not_an_installers() -> None:
    from companion.ui.presenters.scanner import scanner_sentence

    installer = ("picamera2 is not installed (on the Pi: sudo apt install python3-picamera2 "
                 "and a venv made with --system-site-packages) (No module named 'picamera2'). "
                 "Retrying until a camera answers.")
    sentence = scanner_sentence("no-camera", installer)
    # One plain sentence (stranger 2, finding 6: "plug one in and it is found by itself").
    assert sentence == ("No camera is plugged in, so pick each card drawn at the table from "
                        "its list or let the app draw; a camera plugged in later starts by "
                        "itself.")
    assert scanner_sentence("foreign", "A QR code that is not a card tag was ignored.") == \
        "A QR code that is not a card tag was ignored."


def test_a_camera_is_starting_only_when_one_is_plugged_in() -> None:
    """The pipeline's "starting" (it looks for a camera) reaches the strip as "opening"
    only when a camera is there to open; with none, as the plain "starting"."""
    from companion.catalogs import load_catalog

    for source, said in ((None, "starting"), (object(), "opening")):
        statuses: list[tuple[str, str]] = []
        service = ScannerService("opencv:99", "auto", lambda job: job(),
                                 lambda _code: None,
                                 lambda s, m, seen=statuses: seen.append((s, m)),
                                 source=source)
        service._build("ti4", load_catalog("ti4"))
        service.stop()
        assert statuses and statuses[0] == (said, "Looking for a camera."), statuses
