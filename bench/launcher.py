"""What the installed `companion` command's held Ctrl-C costs at start-up (issue 23).

Not a test. Writes two commands into a temporary folder, the launcher of
deploy/common.sh (`env --block-signal=INT` in its first line) and pip's own console
script, then runs `companion state` on one small saved game with each, interleaved,
and prints the median wall milliseconds of each side by side; then the same for
`/bin/true` with and without env in front, the launcher's own cost without
Python's noise:

    PYTHONPATH=. python bench/launcher.py 40
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PIPS = """#!{python}
import re
import sys
from companion.cli import main
if __name__ == "__main__":
    sys.argv[0] = re.sub(r"(-script\\.pyw|\\.exe)?$", "", sys.argv[0])
    sys.exit(main())
"""


def commands(folder: Path) -> dict[str, Path]:
    ours, pips = folder / "ours" / "companion", folder / "pips" / "companion"
    for path in (ours, pips):
        path.parent.mkdir()
    pips.write_text(PIPS.format(python=sys.executable))
    pips.chmod(0o755)
    subprocess.run(["bash", "-c", '. deploy/common.sh; write_launcher "$1" "$2"', "_",
                    sys.executable, str(ours)], cwd=ROOT, check=True)
    return {"pip's script": pips, "launcher (env --block-signal)": ours}


def main() -> None:
    repeat = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        env = {**os.environ, "PYTHONPATH": str(ROOT), "COMPANION_DATA_DIR": str(folder)}
        subprocess.run([sys.executable, "-m", "companion", "play", "--game", "xp", "--new",
                        "--script", "-"], input="note hello\n", text=True, env=env,
                       check=True, capture_output=True)
        paths = commands(folder)
        timings: dict[str, list[float]] = {name: [] for name in paths}
        for _ in range(repeat):
            for name, path in paths.items():
                started = time.perf_counter()
                subprocess.run([str(path), "state"], env=env, check=True, capture_output=True)
                timings[name].append((time.perf_counter() - started) * 1000)
    for name, command in (("/bin/true", ["/bin/true"]),
                          ("env --block-signal=INT /bin/true",
                           ["/usr/bin/env", "--block-signal=INT", "/bin/true"])):
        timings[name] = []
        for _ in range(repeat * 5):
            started = time.perf_counter()
            subprocess.run(command, check=True)
            timings[name].append((time.perf_counter() - started) * 1000)
    for name, values in timings.items():
        print(f"{name:32} median {statistics.median(values):6.1f} ms "
              f"(min {min(values):.1f}, {len(values)} runs)")


if __name__ == "__main__":
    main()
