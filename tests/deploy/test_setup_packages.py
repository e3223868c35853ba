"""`deploy/common.sh`'s apt step on a Raspberry Pi with and without Raspberry Pi's archive.

apt, dpkg and sudo are stand-ins on PATH that record what they were asked; the Pi
is a fixture folder (`COMPANION_PI_PROBE_ROOT`) holding the device tree's model.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PI4 = "Raspberry Pi 4 Model B Rev 1.5\x00"
DEBIAN = ("python3 python3-venv ca-certificates libzbar0 libmtdev1 libgl1 libegl1 libgles2 "
          "libgbm1 libgl1-mesa-dri espeak-ng python3-numpy")
NO_CAMERA_MODULE = ("python3-picamera2 is not in this system's archive: the Raspberry Pi "
                    "Camera Module needs Raspberry Pi OS (or Raspberry Pi's archive), so the "
                    "scanner goes on with USB webcams through OpenCV.")

STANDINS = {
    # dpkg-query -W -f=... PACKAGE: installed when named in $INSTALLED.
    "dpkg-query": 'for p in $INSTALLED; do [ "$p" = "${!#}" ] && '
                  '{ printf "install ok installed"; exit 0; }; done; exit 1',
    # apt-cache policy PACKAGE: a candidate when the archive ($OFFERED) has it; an
    # unknown package prints nothing, as apt does.
    "apt-cache": 'for p in $OFFERED; do [ "$p" = "$2" ] && '
                 '{ printf "%s:\\n  Installed: (none)\\n  Candidate: 1.0\\n" "$2"; exit 0; }; '
                 'done; exit 0',
    "apt-get": 'echo "apt-get $*" >>"$LOG"; [ "$1" = update ] && exit 0; '
               'for p in "$@"; do case "$p" in -*|install) ;; *) case " $OFFERED " in '
               '*" $p "*) ;; *) echo "E: Unable to locate package $p" >&2; exit 100;; esac;; '
               'esac; done',
    "sudo": '[ "$1" = -n ] && exit 0; exec "$@"',
    "id": 'echo 1000',
}


def _apt_step(tmp_path: Path, offered: str, installed: str = "",
              model: str | None = PI4) -> tuple[subprocess.CompletedProcess[str], list[str]]:
    tools = tmp_path / "bin"
    tools.mkdir(exist_ok=True)
    for name, body in STANDINS.items():
        (tools / name).write_text(f"#!/bin/bash\n{body}\n")
        (tools / name).chmod(0o755)
    fixture = tmp_path / "machine"
    if model is not None:
        (fixture / "proc" / "device-tree").mkdir(parents=True, exist_ok=True)
        (fixture / "proc" / "device-tree" / "model").write_text(model)
    log = tmp_path / "apt.log"
    log.write_text("")
    env = {"PATH": f"{tools}:/usr/bin:/bin", "COMPANION_PI_PROBE_ROOT": str(fixture),
           "OFFERED": offered, "INSTALLED": installed, "LOG": str(log)}
    result = subprocess.run(["bash", "-c", 'set -euo pipefail; . deploy/common.sh; '
                             'apt_packages "$APT_RUN"'], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=60)
    return result, log.read_text().splitlines()


def _installed(calls: list[str]) -> set[str]:
    (install,) = [c for c in calls if c.startswith("apt-get install")]
    return {word for word in install.split()[2:] if not word.startswith("-")}


def test_plain_debian_on_a_pi_installs_everything_else_and_says_why_in_one_sentence(
        tmp_path: Path) -> None:
    result, calls = _apt_step(tmp_path, offered=DEBIAN)
    assert result.returncode == 0, result.stderr
    assert f"companion setup: {NO_CAMERA_MODULE}\n" in result.stderr
    assert calls[0] == "apt-get update -q"
    installed = _installed(calls)
    assert "python3-picamera2" not in installed and "python3-numpy" not in installed
    assert {"python3-venv", "libzbar0", "libgl1-mesa-dri", "espeak-ng"} <= installed


def test_raspberry_pi_os_installs_picamera2(tmp_path: Path) -> None:
    result, calls = _apt_step(tmp_path, offered=f"{DEBIAN} python3-picamera2")
    assert result.returncode == 0, result.stderr
    assert "Camera Module" not in result.stderr
    assert {"python3-picamera2", "python3-numpy", "libzbar0"} <= _installed(calls)


def test_a_second_run_on_plain_debian_needs_no_network(tmp_path: Path) -> None:
    """Everything Debian offers is installed: only the missing picamera2 is left, and the
    lists at hand already say it is not offered, so apt is not even updated."""
    result, calls = _apt_step(tmp_path, offered=DEBIAN, installed=DEBIAN)
    assert result.returncode == 0, result.stderr
    assert calls == [] and NO_CAMERA_MODULE in result.stderr


@pytest.mark.parametrize("model", [None, "Generic x86 board\x00"])
def test_a_machine_that_is_no_pi_never_asks_for_picamera2(tmp_path: Path,
                                                         model: str | None) -> None:
    result, calls = _apt_step(tmp_path, offered=DEBIAN, model=model)
    assert result.returncode == 0, result.stderr
    assert "Camera Module" not in result.stderr
    assert "python3-picamera2" not in _installed(calls) and "libzbar0" in _installed(calls)


def test_the_fixture_is_what_is_read_not_this_machine(tmp_path: Path) -> None:
    """Pointed at a fixture, the detection never falls back to this machine's own files."""
    env = {**os.environ, "COMPANION_PI_PROBE_ROOT": str(tmp_path)}
    (tmp_path / "etc").mkdir()
    probe = ["bash", "-c", ". deploy/common.sh; is_pi && echo pi || echo other"]
    assert subprocess.run(probe, cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=30).stdout == "other\n"
    (tmp_path / "etc" / "rpi-issue").write_text("Raspberry Pi reference 2024-11-19\n")
    assert subprocess.run(probe, cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=30).stdout == "pi\n"


ARM64_CHECK = ROOT / "deploy" / "check-arm64-chroot.sh"


@pytest.mark.parametrize(("args", "sentence"), [
    (["--bogus"], "unknown option '--bogus'; see --help."),
    (["--minutes", "0"], "--minutes takes a whole number of minutes from 1 to 9999."),
    (["--minutes", "ten"], "--minutes takes a whole number of minutes from 1 to 9999."),
    (["--work"], "--work needs a folder."),
])
def test_the_arm64_check_refuses_a_bad_option_in_one_sentence(args: list[str],
                                                             sentence: str) -> None:
    result = subprocess.run(["bash", str(ARM64_CHECK), *args], capture_output=True,
                            text=True, timeout=30)
    assert (result.returncode, result.stderr) == (2, f"check-arm64: {sentence}\n")


def test_the_arm64_check_says_when_arm64_programs_cannot_run_here(tmp_path: Path) -> None:
    """Without qemu registered with binfmt_misc, it stops before making anything."""
    work = tmp_path / "work"
    result = subprocess.run(["bash", str(ARM64_CHECK), "--work", str(work)],
                            env={**os.environ, "BINFMT_MISC": str(tmp_path)},
                            capture_output=True, text=True, timeout=30)
    assert result.returncode == 1 and result.stderr.count("\n") == 1
    assert "qemu-aarch64 is not registered with binfmt_misc" in result.stderr
    assert not work.exists()


def test_the_arm64_check_explains_itself() -> None:
    result = subprocess.run(["bash", str(ARM64_CHECK), "--help"], capture_output=True,
                            text=True, timeout=30)
    assert result.returncode == 0 and "--minutes N" in result.stdout
    assert "set -euo" not in result.stdout and not result.stdout.startswith("!")
