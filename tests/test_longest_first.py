"""The suite's files go to pytest-xdist's workers longest first (tests/longest_first.py):
the last files handed out are short ones, so the workers end together."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from tests.longest_first import (
    longest_first,
    make_scheduler,
    seconds_from_junit,
)


class _Config:
    option = SimpleNamespace(loadscopereorder=True)  # pytest-xdist's default

    def getvalue(self, name: str) -> object:
        return {"tx": ["2*popen"], "dist": "loadfile"}[name]


class _Worker:
    def __init__(self, name: str) -> None:
        self.gateway = SimpleNamespace(id=name)
        self.sent: list[list[int]] = []
        self.shutting_down = False

    def send_runtest_some(self, indices: list[int]) -> None:
        self.sent.append(indices)

    def shutdown(self) -> None:
        self.shutting_down = True


def _files_handed_out(table: Path) -> list[list[str]]:
    """Three files (5, 3 and 1 tests) scheduled on two workers: each worker's files, in the
    order it was given them."""
    collection = [*(f"tests/a.py::test_{i}" for i in range(5)),
                  *(f"tests/b.py::test_{i}" for i in range(3)), "tests/c.py::test_walk"]
    scheduler = make_scheduler(_Config(), None, table)
    workers = [_Worker("gw0"), _Worker("gw1")]
    for worker in workers:
        scheduler.add_node(worker)
        scheduler.add_node_collection(worker, collection)
    scheduler.schedule()
    return [[collection[batch[0]].split("::")[0] for batch in w.sent] for w in workers]


def test_the_longest_file_goes_out_first_though_it_has_the_fewest_tests(tmp_path: Path) -> None:
    table = tmp_path / "seconds.txt"
    table.write_text("# measured\n 300.0 tests/c.py\n  50.0 tests/b.py\n  10.0 tests/a.py\n")
    first, second = _files_handed_out(table)
    assert first[0] == "tests/c.py"  # pytest-xdist alone hands out a.py first (most tests)
    assert second[0] == "tests/b.py"
    assert sorted(first + second) == ["tests/a.py", "tests/b.py", "tests/c.py"]


def test_a_file_the_table_does_not_know_counts_as_its_median() -> None:
    seconds = {"tests/long.py": 100.0, "tests/mid.py": 20.0, "tests/short.py": 1.0}
    order = longest_first(["tests/short.py", "tests/new.py", "tests/mid.py",
                           "tests/long.py"], seconds)
    assert order == ["tests/long.py", "tests/new.py", "tests/mid.py", "tests/short.py"]


def test_the_table_is_written_from_a_runs_junit_report() -> None:
    xml = """<testsuites><testsuite>
      <testcase classname="tests.ui.test_layout" name="test_a[ti4]" time="36.5"/>
      <testcase classname="tests.ui.test_layout" name="test_a[large]" time="22.0"/>
      <testcase classname="tests.core.test_zones.TestRoundTrip" name="test_b" time="1.5"/>
    </testsuite></testsuites>"""
    assert seconds_from_junit(xml) == {"tests/ui/test_layout.py": 58.5,
                                       "tests/core/test_zones.py": 1.5}

