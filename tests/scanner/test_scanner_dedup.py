"""One scan per card, with a fake clock: no test here waits for real time."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from companion.scanner.codes import ScanCode
from companion.scanner.dedup import ScanDeduper

FRAME = 1 / 30


def card(text: str, x: float = 100, y: float = 100, size: float = 60) -> ScanCode:
    corners = ((x, y), (x + size, y), (x + size, y + size), (x, y + size))
    return ScanCode(text, "ok", corners)


def scans(deduper: ScanDeduper, frames: list[tuple[float, list[ScanCode]]]) -> list[str]:
    return [c.text for t, codes in frames for c in deduper.observe(t, codes)]


def test_card_held_ten_seconds_scans_exactly_once() -> None:
    held = [(i * FRAME, [card("XP/SH01")]) for i in range(300)]
    assert scans(ScanDeduper(), held) == ["XP/SH01"]


def test_frames_that_miss_the_card_do_not_cause_a_second_scan() -> None:
    # Glare or a passing hand hides the tag in 2 of every 3 frames for 10 s.
    flicker = [(i * FRAME, [card("XP/SH01")] if i % 3 == 0 else []) for i in range(300)]
    assert scans(ScanDeduper(), flicker) == ["XP/SH01"]


def test_card_shown_again_after_leaving_view_scans_again() -> None:
    d = ScanDeduper(forget_after=1.5)
    assert scans(d, [(0.0, [card("XP/SH01")]), (1.0, [card("XP/SH01")]), (2.0, [])]) == [
        "XP/SH01"]
    assert scans(d, [(2.4, [card("XP/SH01")])]) == []  # gone only 1.4 s: same showing
    assert scans(d, [(3.9, []), (4.0, [card("XP/SH01")])]) == ["XP/SH01"]


def test_scan_again_rescans_a_card_still_in_view() -> None:
    d = ScanDeduper()
    d.observe(0.0, [card("XP/SH01"), card("XP/EV07", y=300)])
    d.scan_again(["XP/SH01"])
    assert [c.text for c in d.observe(0.1, [card("XP/SH01"), card("XP/EV07", y=300)])] == [
        "XP/SH01"]
    d.scan_again()
    assert len(d.observe(0.2, [card("XP/SH01"), card("XP/EV07", y=300)])) == 2


def test_two_cards_scan_top_to_bottom_then_left_to_right() -> None:
    lower = card("XP/EV07", x=50, y=400)
    right = card("XP/TR3", x=700, y=105)  # a little lower than SH01 but the same row
    upper_left = card("XP/SH01", x=100, y=100)
    got = ScanDeduper().observe(0.0, [lower, right, upper_left])
    assert [c.text for c in got] == ["XP/SH01", "XP/TR3", "XP/EV07"]


@given(st.permutations(["XP/SH01", "XP/TR3", "XP/EV07", "TI/R3"]))
def test_order_does_not_depend_on_decoder_order(texts: list[str]) -> None:
    places = {"XP/SH01": (100, 100), "XP/TR3": (700, 110), "XP/EV07": (50, 400),
              "TI/R3": (600, 390)}
    codes = [card(t, *places[t]) for t in texts]
    got = [c.text for c in ScanDeduper().observe(0.0, codes)]
    assert got == ["XP/SH01", "XP/TR3", "XP/EV07", "TI/R3"]


@given(st.lists(st.sets(st.sampled_from(["XP/SH01", "XP/TR3", "TI/R3"])), max_size=60))
def test_never_two_scans_of_a_card_without_a_long_enough_absence(
    frames: list[set[str]],
) -> None:
    d = ScanDeduper(forget_after=0.5)
    last_seen: dict[str, float] = {}
    for i, texts in enumerate(frames):
        now = i * 0.1
        for code in d.observe(now, [card(t) for t in sorted(texts)]):
            assert code.text not in last_seen or now - last_seen[code.text] >= 0.5
        for t in texts:
            last_seen[t] = now
