"""No sentence in the companion says "point(s)": every count a player reads has its real
singular or plural (companion/core/words.py, `counted` and `for_count`)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "companion"
MAYBE_PLURAL = re.compile(r"[A-Za-z]\(s\)")


def texts_with_maybe_plurals(source: str) -> list[tuple[int, str]]:
    """Each string in `source` (plain, or a part of an f-string) that says "word(s)"."""
    return [(node.lineno, node.value) for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and MAYBE_PLURAL.search(node.value)]


def test_the_check_finds_a_maybe_plural_in_an_f_string() -> None:
    found = texts_with_maybe_plurals('x = f"{seat} gains {n} frag(s)."\ny = "(s) alone"\n')
    assert found == [(1, " frag(s).")]


def test_no_string_in_the_package_says_word_s() -> None:
    found = [f"{path.relative_to(PACKAGE.parent)}:{line}: {text!r}"
             for path in sorted(PACKAGE.rglob("*.py"))
             for line, text in texts_with_maybe_plurals(path.read_text(encoding="utf-8"))]
    assert not found, "say the count with counted()/for_count() instead:\n" + "\n".join(found)
