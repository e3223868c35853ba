"""The UI tests' memory and time, one checkout beside another (docs/perf.md, Test suite):

    python bench/suite_memory.py OUT.json CHECKOUT [CHECKOUT...] -- tests/ui/test_a.py ...

Runs pytest on the same test files in each checkout at once (one process each, side by
side on a shared machine, so that both meet the same load), and writes, per checkout: the
resident memory (MiB), the objects the collector follows and the apps still alive after
each test, the pytest process's wall and CPU time, and the seconds between pytest's last
hook and the process's end (Python's final collection of whatever is still alive).

Loaded into each pytest as a plugin (`-p suite_memory`, this folder on PYTHONPATH), it
only reads: no collection is forced between tests, so the times are the suite's own.
"""

from __future__ import annotations

import gc
import json
import os
import resource
import statistics
import subprocess
import sys
import time
import weakref
from pathlib import Path
from typing import Any

#: Where the plugin, inside a pytest process, writes its lines (one JSON object each).
REPORT_VARIABLE = "SUITE_MEMORY_REPORT"

_apps: list[weakref.ref[Any]] = []


def _rss_mib() -> float:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def _write(line: dict[str, Any]) -> None:
    with open(os.environ[REPORT_VARIABLE], "a") as out:
        out.write(json.dumps(line) + "\n")


# ---- the plugin (inside each pytest process) ------------------------------------------------
def pytest_collection_finish(session: Any) -> None:
    """Every app the tests start is watched through a weak reference."""
    from companion.ui.app import CompanionApp

    started = CompanionApp.__init__

    def watched(self: Any, *args: Any, **kwargs: Any) -> None:
        _apps.append(weakref.ref(self))
        started(self, *args, **kwargs)

    CompanionApp.__init__ = watched  # type: ignore[method-assign]


def pytest_runtest_logfinish(nodeid: str, location: Any) -> None:
    _write({"test": nodeid, "rss_mib": round(_rss_mib(), 1), "objects": len(gc.get_objects()),
            "frozen": gc.get_freeze_count(),
            "apps_alive": sum(1 for app in _apps if app() is not None), "apps": len(_apps)})


def pytest_unconfigure(config: Any) -> None:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    _write({"end": time.time(), "cpu_s": usage.ru_utime + usage.ru_stime,
            "rss_mib": round(_rss_mib(), 1), "objects": len(gc.get_objects())})


# ---- the runner ------------------------------------------------------------------------------
def run(out: Path, checkouts: list[Path], files: list[str]) -> dict[str, Any]:
    here = Path(__file__).resolve().parent
    python = os.environ.get("BENCH_PYTHON", sys.executable)
    runs = []
    for checkout in checkouts:
        report = out.with_suffix(f".{checkout.name}.jsonl")
        report.unlink(missing_ok=True)
        env = {**os.environ, REPORT_VARIABLE: str(report),
               "PYTHONPATH": os.pathsep.join([str(here), os.environ.get("PYTHONPATH", "")])}
        started = time.time()
        log = open(out.with_suffix(f".{checkout.name}.out"), "w")  # noqa: SIM115
        process = subprocess.Popen(
            [python, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "suite_memory",
             *files], cwd=checkout, env=env, stdout=log, stderr=subprocess.STDOUT)
        runs.append((checkout, report, started, process))
    results: dict[str, Any] = {"files": files, "load_before": os.getloadavg()}
    ends: dict[int, float] = {}
    while len(ends) < len(runs):  # each process's own end, not the moment it is looked at
        for _checkout, _report, _started, process in runs:
            if process.pid not in ends and process.poll() is not None:
                ends[process.pid] = time.time()
        time.sleep(0.2)
    for checkout, report, started, process in runs:
        output = out.with_suffix(f".{checkout.name}.out").read_text()
        ended = ends[process.pid]
        lines = [json.loads(line) for line in report.read_text().splitlines()]
        tests, end = [line for line in lines if "test" in line], lines[-1]
        results[str(checkout)] = {
            "returncode": process.returncode, "summary": output.strip().splitlines()[-1],
            "wall_s": round(ended - started, 1), "cpu_s": round(end["cpu_s"], 1),
            "exit_after_last_hook_s": round(ended - end["end"], 2),
            "rss_mib": [t["rss_mib"] for t in tests], "objects": [t["objects"] for t in tests],
            "apps_alive": [t["apps_alive"] for t in tests],
            "median_rss_mib": statistics.median(t["rss_mib"] for t in tests), "tests": tests}
    results["load_after"] = os.getloadavg()
    out.write_text(json.dumps(results, indent=1))
    return results


def main(argv: list[str]) -> int:
    if "--" not in argv or len(argv[:argv.index("--")]) < 2:
        print(__doc__.split("\n\n")[1])
        return 2
    head, files = argv[:argv.index("--")], argv[argv.index("--") + 1:]
    results = run(Path(head[0]), [Path(c).resolve() for c in head[1:]], files)
    for checkout in head[1:]:
        r = results[str(Path(checkout).resolve())]
        print(f"{checkout}: {r['summary']}; wall {r['wall_s']} s, CPU {r['cpu_s']} s, "
              f"exit after the last hook {r['exit_after_last_hook_s']} s; RSS after each "
              f"test {r['rss_mib']}; apps alive {r['apps_alive']}")
    print(f"load average before {results['load_before']}, after {results['load_after']}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
