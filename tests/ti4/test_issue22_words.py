"""Issue 22 (stranger 21): the words a new TI4 player reads at the table."""

from __future__ import annotations

from itertools import pairwise

from tests.ti4.conftest import new_match, ok


def _span(label: str) -> tuple[int, int]:
    first, _, last = label.partition("-")
    return int(first), int(last or first)


def test_the_planet_keys_cover_each_system_once_in_order(catalog) -> None:
    """Finding 8: the keys "10-18" and "17-28" overlapped (tiles 17-18 under both): each
    key's range holds its own systems and no other key's, the keys ascending."""
    from companion.games.ti4.take import take_sections

    keys = take_sections(catalog)
    spans = [_span(k.label) for k in keys]
    assert spans == sorted(spans)
    assert all(a[1] < b[0] for a, b in pairwise(spans))  # no range overlaps the next
    for key, (first, last) in zip(keys, spans, strict=True):
        tiles = [int(t) for t in key.groups]
        assert tiles == sorted(tiles) and first <= min(tiles) and max(tiles) <= last
    every = [t for k in keys for t in k.groups]
    assert len(every) == len(set(every))
    assert [k.label for k in keys][:3] == ["1-9", "10-18", "19-28"]


def test_the_history_sentence_leaves_the_rule_out_and_its_message_keeps_it(catalog) -> None:
    """Stranger 20, finding 7: "(35.2d)" in the History: the row's `sentence` (the table's)
    reads without it; its `message` (the JSON's, the command line's) keeps it."""
    from companion.api import history_rows

    m = new_match(catalog, "player Kim red", "player Lou blue", "player Ana green", "setup")
    ok(m, 'take "Rigel I" "Rigel II" for Kim')
    row = history_rows(m)[-1]
    assert "Waiting next: Rigel II (P76B) (35.2d)." in row["message"]
    assert "Waiting next: Rigel II (P76B)." in row["sentence"]
    assert "(35.2d)" not in row["sentence"]


def test_a_seat_with_no_faction_is_said_in_a_players_words(catalog) -> None:
    """Stranger 21, finding 9: "Skip: commodity value 3 assumed" and "Ana 3 (Ana assumed)"
    in the factions line: what the app counts with, and why (no faction said)."""
    from companion.core.prompt import prompt

    m = new_match(catalog, "player Kim red", "player Lou blue", "player Ana green", "setup")
    labels = [a.label for a in prompt(m).actions]
    assert "Skip: no faction, commodity value 3" in labels
    ok(m, "faction Kim hacan", "faction Lou jol-nar", "factions-assumed")
    labels = [a.label for a in prompt(m).actions]
    assert "Record a faction (Kim Hacan, Lou Jol-Nar; Ana has none: commodity value 3)" \
        in labels
    assert not any("assumed" in label for label in labels if not label.startswith("Undo"))


def test_the_greyed_frontier_way_says_what_it_needs(catalog) -> None:
    """Stranger 21, finding 9: "Explore: Kim owns no Dark Energy Tap" read as a code. Dark
    Energy Tap is a technology any player may research (no faction's alone), so its way
    stays in its place, greyed, saying what it needs."""
    from companion.core.prompt import prompt

    m = new_match(catalog, "player Kim red", "player Lou blue", "player Ana green", "setup",
                  "factions-assumed")
    way = next(a for a in prompt(m).actions if a.label == "Explore a frontier token for Kim")
    assert not way.enabled and way.greyed == "Explore a frontier token: needs Dark Energy Tap"
