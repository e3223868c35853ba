"""Hostile command lines: too long or not UTF-8, refused at once for that line only."""

from __future__ import annotations

import time

from companion.session import MAX_LINE_CHARS, open_session


def test_a_line_over_the_limit_is_refused_at_once_and_the_game_goes_on(tmp_path):
    session = open_session(tmp_path / "g.db", "xp", new=True, seed=1)
    started = time.perf_counter()
    result = session.run('note "' + "x" * 5_000_000)  # an unbalanced quote, 5 MB
    assert time.perf_counter() - started < 1.0  # shlex took 300 s on this before
    assert not result.ok and "at most 4,096 characters" in result.message
    assert session.run("note " + "y" * (MAX_LINE_CHARS - 5)).ok  # a note of the limit fits
    assert session.match.step_count == 1
    session.close()


def test_a_line_that_is_not_utf8_is_refused_for_that_line_only(tmp_path):
    session = open_session(tmp_path / "g.db", "xp", new=True, seed=1)
    line = b"note caf\xe9 au lait".decode("utf-8", "surrogateescape")  # Latin-1 bytes
    result = session.run(line)
    assert not result.ok and result.message == ("That line is not UTF-8 text, so it was not "
                                                "read; retype it.")
    assert session.run("note café au lait").ok and session.match.step_count == 1
    session.close()
