"""The test process registers the test game (tests/racegame), exactly as a game kept
outside the package is registered: by naming it in COMPANION_GAMES. Child processes
(the CLI tests run `python -m companion`) inherit the variable, so they see it too.

Temporary files (every test's tmp_path, and its child processes' TMPDIR) go to a
memory file system when the machine has one: a saved game fsyncs every step it keeps
(`store/journal.py`, synchronous=FULL), and on a disk those waits were most of the wall
time of the tests that play steps. What a test asserts is the same on either. A TMPDIR
set by the caller is kept."""

import os
import shutil
import tempfile

import pytest
from hypothesis import settings

from companion.games.registry import EXTRA_GAMES_VARIABLE

TEST_GAME = "tests.racegame:GAME"

_named = [n for n in os.environ.get(EXTRA_GAMES_VARIABLE, "").split(",") if n.strip()]
os.environ[EXTRA_GAMES_VARIABLE] = ",".join(dict.fromkeys([*_named, TEST_GAME]))

#: Where temporary files go when the caller set no TMPDIR, and the free room it must have.
MEMORY_TMP = "/dev/shm"
MEMORY_TMP_ROOM = 2 * 1024**3


def _tmp_in_memory() -> None:
    if os.environ.get("TMPDIR") or not os.access(MEMORY_TMP, os.W_OK | os.X_OK):
        return
    if shutil.disk_usage(MEMORY_TMP).free < MEMORY_TMP_ROOM:
        return
    os.environ["TMPDIR"] = MEMORY_TMP  # child processes, and pytest-xdist's workers
    tempfile.tempdir = MEMORY_TMP  # this process (pytest asked before: the answer is kept)


_tmp_in_memory()

# Hypothesis fails an example that takes over 200 ms (its deadline): a timed test, which
# a machine shared with other jobs fails at random (tests/core/test_zones.py's round trip
# of a zone's text failed so in a whole run at load 14). Examples are still all checked.
settings.register_profile("suite", deadline=None)
settings.load_profile("suite")


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object | None:
    """`--dist loadfile` (deploy/setup.sh test) hands the files out longest first
    (tests/longest_first.py): the workers end together, not one after the other."""
    if config.getvalue("dist") != "loadfile":
        return None
    from tests.longest_first import make_scheduler

    return make_scheduler(config, log)
