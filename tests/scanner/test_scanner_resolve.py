"""What a player is told about each decoded code, before any game sees it."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from scanner_catalogs import broken_loader, catalog_data, load_test_catalog

from companion.core.catalog import Catalog
from companion.games.registry import games
from companion.scanner.codes import RawCode
from companion.scanner.resolve import TagResolver


def raw(payload: bytes | str) -> RawCode:
    data = payload.encode() if isinstance(payload, str) else payload
    return RawCode(data, ((10.0, 10.0), (50.0, 10.0), (50.0, 50.0), (10.0, 50.0)), "test")


def test_known_card_resolves_to_its_name(resolver: TagResolver) -> None:
    code = resolver.resolve(raw("XP/SH01"))
    assert code.status == "ok"
    assert code.card is not None and code.card.name == "Shipwreck"
    assert code.to_dict()["card"] == {"game": "xp", "id": "SH01", "name": "Shipwreck"}


def test_unknown_id_of_our_format_names_the_catalog(resolver: TagResolver) -> None:
    code = resolver.resolve(raw("XP/ZZ99"))
    assert code.status == "unknown" and code.card is None
    assert code.message == "XP/ZZ99 is not a card in the Exploration catalog."


def test_without_a_game_each_tag_uses_its_own_catalog(resolver: TagResolver) -> None:
    code = resolver.resolve(raw("TI/R3"))
    assert code.status == "ok" and code.card is not None and code.card.game == "ti4"


def test_bound_game_refuses_the_other_game_and_says_which() -> None:
    bound = TagResolver(load_test_catalog, game="xp")
    code = bound.resolve(raw("TI/R3"))
    assert code.status == "other-game"
    assert code.message == "TI/R3 is a TI4 Exploration card, not part of this Exploration game."


def test_catalog_that_fails_to_load_gives_a_sentence_not_a_crash() -> None:
    broken = TagResolver(broken_loader)
    code = broken.resolve(raw("XP/SH01"))
    assert code.status == "unresolved" and code.card is None
    assert code.message is not None and "Exploration catalog could not be loaded" in code.message
    assert "xp" in broken.catalog_problems()


def test_foreign_texts_are_typed_foreign(resolver: TagResolver) -> None:
    for text in ("https://example.org", "XP-SH01", "XP/TOOLONGID", "QQ/A1", "xp/sh01 extra"):
        code = resolver.resolve(raw(text))
        assert code.status == "foreign", text
        assert code.card is None


def test_huge_and_binary_payloads_are_noted_quietly(resolver: TagResolver) -> None:
    huge = resolver.resolve(raw("XP/SH01" * 500))
    assert huge.status == "foreign" and "3500 bytes" in (huge.message or "")
    assert len(huge.text) < 300  # shown cut short, never thousands of characters
    binary = resolver.resolve(raw(b"\xff\xfe\x00XP/SH01"))
    assert binary.status == "foreign" and "binary" in (binary.message or "")


@given(st.binary(max_size=3000))
def test_no_payload_crashes_or_becomes_a_card_unless_it_is_a_tag(payload: bytes) -> None:
    code = TagResolver(load_test_catalog).resolve(raw(payload))
    if code.status == "ok":  # exactly a tag, never a case-folded or padded look-alike
        assert payload.decode() in {"XP/SH01", "XP/EV07", "XP/TR3", "TI/R3", "TI/C12"}


def test_preload_loads_the_bound_catalog_once_before_any_scan() -> None:
    loaded: list[str] = []

    def counting(game: str) -> Catalog:
        loaded.append(game)
        return load_test_catalog(game)

    bound = TagResolver(counting, game="ti4")
    bound.preload()
    assert loaded == ["ti4"]
    assert bound.resolve(raw("TI/R3")).status == "ok"
    assert bound.resolve(raw("XP/SH01")).status == "other-game"
    assert loaded == ["ti4"]  # the other game's catalog is never needed
    TagResolver(counting).preload()
    assert loaded == ["ti4", *games().ids]  # unbound: every registered game's catalog


def test_a_given_catalog_is_used_instead_of_the_packaged_one() -> None:
    pinned = Catalog.from_data(catalog_data("xp", "Exploration", {"SH01": "Old Shipwreck"}),
                               "saved game", "XP")
    resolver = TagResolver(broken_loader, catalog=pinned)
    assert resolver.game == "xp"
    code = resolver.resolve(raw("XP/SH01"))
    assert code.card is not None and code.card.name == "Old Shipwreck"
    assert resolver.resolve(raw("XP/EV07")).status == "unknown"  # not in the pinned version
    assert resolver.catalog_problems() == {}


def test_shown_text_escapes_control_characters_but_keeps_the_code_as_read(
    resolver: TagResolver,
) -> None:
    code = resolver.resolve(raw("line one\nline two\x1b[31m"))
    assert code.text == "line one\nline two\x1b[31m"
    assert code.describe().startswith("line one\\nline two\\x1b[31m  (foreign: ")


def test_a_lower_case_look_alike_is_foreign_and_the_message_suggests_the_tag(
    resolver: TagResolver,
) -> None:
    code = resolver.resolve(raw("xp/sh01"))  # would name Shipwreck if case were folded
    assert code.status == "foreign" and code.card is None
    assert code.message == ("A QR code reading 'xp/sh01' was ignored: card tags are printed "
                            "in upper case with no spaces, like XP/SH01.")
    for look_alike in ("Xp/SH01", "XP/sh01", " XP/SH01", "XP/SH01\n", "XP/SH01 "):
        assert resolver.resolve(raw(look_alike)).status == "foreign", look_alike


def test_resolve_doctests() -> None:
    import doctest

    from companion.scanner import resolve

    assert doctest.testmod(resolve).failed == 0
