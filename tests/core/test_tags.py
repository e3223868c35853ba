import pytest

from companion.core.errors import TagFormatError
from companion.core.tags import Tag, classify, parse_tag, with_article


def test_a_tag_is_a_prefix_and_a_card_id_with_a_parse_and_format_pair():
    tag = Tag.from_text("XP/SH01")
    assert tag == Tag("XP", "SH01")
    assert tag.text == str(tag) == "XP/SH01"
    assert Tag.from_text(tag.text) == tag


def test_lowercase_typed_tag_is_read_as_uppercase():
    assert parse_tag("xp/h3").text == "XP/H3"


@pytest.mark.parametrize("text", ["XP/", "XP/ABCDEFGH", "XP-SH01", "XP/SH 1", "X/1", "XP/É1",
                                  "XPXP/1", ""])
def test_malformed_tags_are_refused_with_a_sentence(text):
    with pytest.raises(TagFormatError, match="not a card tag"):
        parse_tag(text)


def test_the_tag_format_knows_no_game():
    # Which prefix belongs to which game is the registry's business (tests/core/test_definition.py).
    assert parse_tag("ZZ/1") == Tag("ZZ", "1")


def test_every_valid_tag_fits_ten_characters():
    assert len(Tag("XP", "ABCDEFG").text) == 10


def test_foreign_codes_are_classified_not_raised():
    assert classify("https://example.org/x").kind == "foreign"
    assert classify("\x00\xff garbage").kind == "foreign"
    assert classify("A" * 5000).kind == "foreign"
    assert classify("TI/R1").kind == "ours"


def test_a_tag_refuses_bad_ids_and_prefixes():
    with pytest.raises(TagFormatError, match="cannot be a card ID"):
        Tag("XP", "toolong12")
    with pytest.raises(TagFormatError, match="cannot be a tag prefix"):
        Tag("X1", "A1")


def test_titles_take_the_right_article():
    assert with_article("Exploration") == "an Exploration"
    assert with_article("TI4 Exploration") == "a TI4 Exploration"
