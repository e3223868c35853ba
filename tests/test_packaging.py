"""A normal, non-editable install must carry the catalogs and demo scripts."""

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_wheel_ships_assets_inside_the_package(tmp_path):
    build = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet",
         "--disable-pip-version-check", "-w", str(tmp_path), str(ROOT)],
        capture_output=True, text=True, timeout=300)
    assert build.returncode == 0, build.stderr[-2000:]
    wheel = next(tmp_path.glob("exploration_companion-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    for needed in ("companion/assets/catalogs/exploration.toml",
                   "companion/assets/catalogs/ti4.toml",
                   "companion/assets/demo/xp.txt",
                   "companion/cli/__init__.py", "companion/cli/main.py"):
        assert needed in names, f"{needed} missing from the wheel"
    assert not any(n.startswith("tests/") for n in names)
