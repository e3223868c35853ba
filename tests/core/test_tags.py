import pytest

from companion.core.errors import TagFormatError
from companion.core.tags import classify, make_tag, parse_tag


def test_parses_both_games_prefixes():
    assert parse_tag("XP/SH01").game == "xp"
    assert parse_tag("TI/C12").game == "ti4"


def test_lowercase_typed_tag_is_read_as_uppercase():
    assert parse_tag("xp/h3").text == "XP/H3"


@pytest.mark.parametrize("text", ["XP/", "XP/ABCDEFGH", "XP-SH01", "XP/SH 1", "X/1", "XP/É1",
                                  "XPXP/1", ""])
def test_malformed_tags_are_refused_with_a_sentence(text):
    with pytest.raises(TagFormatError, match="not a card tag"):
        parse_tag(text)


def test_unknown_prefix_names_the_known_ones():
    with pytest.raises(TagFormatError, match="known: TI, XP"):
        parse_tag("ZZ/1")


def test_every_valid_tag_fits_ten_characters():
    assert len(make_tag("xp", "ABCDEFG").text) == 10


def test_foreign_codes_are_classified_not_raised():
    assert classify("https://example.org/x").kind == "foreign"
    assert classify("\x00\xff garbage").kind == "foreign"
    assert classify("A" * 5000).kind == "foreign"
    assert classify("TI/R1").kind == "ours"


def test_make_tag_refuses_bad_ids():
    with pytest.raises(TagFormatError):
        make_tag("xp", "toolong12")
    with pytest.raises(TagFormatError):
        make_tag("chess", "A1")


def test_game_titles_take_the_right_article():
    from companion.core.tags import with_article
    assert with_article("xp") == "an Exploration"
    assert with_article("ti4") == "a TI4 Exploration"
