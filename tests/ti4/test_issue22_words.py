"""Issue 22 (stranger 21): the words a new TI4 player reads at the table."""

from __future__ import annotations

from tests.ti4.conftest import new_match, ok  # noqa: F401


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
    assert all(a[1] < b[0] for a, b in zip(spans, spans[1:]))  # no range overlaps the next
    for key, (first, last) in zip(keys, spans):
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
