"""The suite's files handed to pytest-xdist's workers longest first.

`--dist loadfile` gives each worker whole files, and pytest-xdist hands them out by their
number of tests, most first: a file of one 70 s walk by touch came last, and one worker ran
it while the other had nothing left to do. Here the files go out by the seconds a whole run
measured (`file_seconds.txt`), longest first, so that the last ones are the short ones and
the workers end together. A file the table does not know counts as the table's median.
The order changes which worker runs a file and when, never what a test checks.

The table is written from a run's JUnit XML (`pytest --junitxml=run.xml`):
    python -m tests.longest_first run.xml > tests/file_seconds.txt
"""

from __future__ import annotations

import statistics
import sys
import xml.etree.ElementTree as ET
from collections import OrderedDict
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

#: Each test file's seconds in a whole run (setup, call and teardown of its tests).
TABLE = Path(__file__).with_name("file_seconds.txt")


def read_seconds(text: str) -> dict[str, float]:
    """The table's lines `seconds path` ('#' starts a comment)."""
    seconds = {}
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            value, path = line.split(maxsplit=1)
            seconds[path] = float(value)
    return seconds


def longest_first(files: Iterable[str], seconds: Mapping[str, float]) -> list[str]:
    """`files` ordered by their seconds, longest first (an unknown file: the median of the
    known ones; equal ones keep their order)."""
    files = list(files)
    known = [seconds[f] for f in files if f in seconds]
    unknown = statistics.median(known) if known else 0.0
    return sorted(files, key=lambda f: -seconds.get(f, unknown))


def seconds_from_junit(xml: str) -> dict[str, float]:
    """Each file's seconds, summed over its test cases in a JUnit XML report."""
    seconds: dict[str, float] = {}
    for case in ET.fromstring(xml).iter("testcase"):
        path = case.get("classname", "").replace(".", "/")
        # classname: tests.ui.test_layout (a module) or tests.ui.test_x.TestClass
        while path and not Path(f"{path}.py").name.startswith("test_"):
            path = path.rsplit("/", 1)[0] if "/" in path else ""
        if path:
            key = f"{path}.py"
            seconds[key] = seconds.get(key, 0.0) + float(case.get("time", 0.0))
    return seconds


def make_scheduler(config: Any, log: Any, table: Path = TABLE) -> Any:
    """pytest-xdist's `loadfile` scheduling with the files in `longest_first` order of
    `table`'s seconds."""
    from xdist.scheduler import LoadFileScheduling

    class LongestFileFirst(LoadFileScheduling):
        _ordered = False

        def _assign_work_unit(self, node: Any) -> None:
            if not self._ordered:  # the first hand-out: the whole collection is known
                self._ordered = True
                seconds = read_seconds(table.read_text()) if table.exists() else {}
                queue = self.workqueue
                self.workqueue = OrderedDict((f, queue[f]) for f in longest_first(queue, seconds))
            super()._assign_work_unit(node)

    return LongestFileFirst(config, log)


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m tests.longest_first RUN.xml > tests/file_seconds.txt",
              file=sys.stderr)
        return 2
    seconds = seconds_from_junit(Path(argv[0]).read_text())
    print("# Seconds each test file took in a whole run (tests/longest_first.py hands the")
    print("# files to pytest-xdist's workers longest first). Written by")
    print("#   python -m tests.longest_first RUN.xml > tests/file_seconds.txt")
    for path, value in sorted(seconds.items(), key=lambda item: (-item[1], item[0])):
        print(f"{value:8.1f} {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
