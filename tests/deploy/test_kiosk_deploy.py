"""The kiosk's deploy files: shell scripts pass shellcheck, the unit passes systemd's own
check, and Kivy keeps exactly one touch provider from the configuration we install."""

import configparser
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from companion import kiosk
from companion.kiosk import probes

ROOT = Path(__file__).resolve().parents[2]
KIOSK_SH = ROOT / "deploy" / "kiosk.sh"
SKIP_DIRS = {".git", ".venv", "node_modules", "__pycache__", ".mypy_cache", ".ruff_cache"}


def _tool(name: str) -> str:
    path = shutil.which(name)
    if path is None:
        pytest.fail(f"{name} is not installed; `bash deploy/setup.sh test` installs it "
                    "from Debian.")
    return path


def shell_scripts() -> list[Path]:
    """Every *.sh file and every file starting with a sh/bash shebang."""
    found = []
    for folder, dirs, files in os.walk(ROOT):
        dirs[:] = [d for d in dirs if d not in SKIP_DIRS and not d.startswith(".")]
        for name in files:
            path = Path(folder) / name
            if name.endswith(".sh"):
                found.append(path)
            elif path.suffix in ("", ".bash"):
                with path.open("rb") as handle:
                    head = handle.readline(100)
                if head.startswith(b"#!") and (b"sh" in head.split(b"/")[-1].split()[0]
                                               or b"bash" in head):
                    found.append(path)
    return sorted(found)


def test_every_shell_script_passes_shellcheck():
    scripts = shell_scripts()
    assert ROOT / "deploy" / "setup.sh" in scripts and KIOSK_SH in scripts
    result = subprocess.run([_tool("shellcheck"), "-x", *map(str, scripts)], cwd=ROOT,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr


def _render(tmp_path: Path, drm: str = "") -> tuple[Path, Path]:
    """The unit as the kiosk would install it for a stand-in project folder."""
    install = tmp_path / "exploration-companion"
    (install / ".venv" / "bin").mkdir(parents=True)
    companion = install / ".venv" / "bin" / "companion"
    companion.write_text("#!/bin/sh\n")
    companion.chmod(0o755)
    home = tmp_path / "home" / "pi"
    home.mkdir(parents=True)
    args = ["bash", str(KIOSK_SH), "render-unit", "pi", str(home),
            str(home / ".config" / "exploration-companion" / "kivy"), str(install)]
    unit = tmp_path / kiosk.SERVICE
    unit.write_text(subprocess.run(args + ([drm] if drm else []), capture_output=True,
                                   text=True, check=True, timeout=30).stdout)
    return unit, install


def _service_section(unit: Path) -> dict[str, list[str]]:
    values: dict[str, list[str]] = {}
    section = ""
    for line in unit.read_text().splitlines():
        if line.startswith("["):
            section = line
        elif "=" in line and not line.startswith("#") and section == "[Service]":
            key, _, value = line.partition("=")
            values.setdefault(key, []).append(value)
    return values


def test_the_rendered_unit_passes_systemd_analyze_verify(tmp_path):
    unit, _ = _render(tmp_path, drm="1")
    result = subprocess.run([_tool("systemd-analyze"), "verify", str(unit)],
                            capture_output=True, text=True, timeout=60)
    # verify exits 0 on a mistyped value and only warns: any output is a finding.
    assert result.returncode == 0 and not result.stderr.strip(), result.stderr


def test_the_unit_starts_the_app_fullscreen_as_the_kiosk(tmp_path):
    unit, install = _render(tmp_path)
    service = _service_section(unit)
    assert service["ExecStart"] == [f'"{install}/.venv/bin/companion" app --fullscreen']
    assert service["User"] == ["pi"] and service["Restart"] == ["always"]
    env = dict(v.strip('"').split("=", 1) for v in service["Environment"])
    assert kiosk.is_kiosk(env)
    assert kiosk.kivy_home(env) == tmp_path / "home/pi/.config/exploration-companion/kivy"
    assert env["SDL_VIDEODRIVER"] == "kmsdrm" and env["KIVY_NO_ARGS"] == "1"
    assert "SDL_KMSDRM_DEVICE_INDEX" not in env


def test_the_app_takes_the_screen_once_plymouths_boot_splash_has_quit(tmp_path):
    unit, _ = _render(tmp_path)
    after = [line for line in unit.read_text().splitlines() if line.startswith("After=")]
    assert after and "plymouth-quit.service" in after[0].split("=", 1)[1].split()


def test_a_pi5_gets_its_display_card(tmp_path):
    unit, _ = _render(tmp_path, drm="1")
    env = dict(v.strip('"').split("=", 1) for v in _service_section(unit)["Environment"])
    assert env["SDL_KMSDRM_DEVICE_INDEX"] == "1"


def test_the_kivy_config_gives_one_touch_provider_per_screen():
    text = (ROOT / "deploy" / "kiosk" / "kivy-config.ini").read_text()
    for name in ("generic ft5x06 (79)", "ILITEK ILITEK-TP", "WaveShare WS170120"):
        assert len(probes.touch_providers(text, name, "/dev/input/event4")) == 1
    config = configparser.RawConfigParser()
    config.read_string(text)
    assert config.get("input", "mouse") == "mouse,disable_on_activity"
    assert config.get("graphics", "allow_screensaver") == "0"


def test_kivy_reads_the_config_without_adding_a_second_provider(tmp_path):
    """Kivy rewrites an outdated config and adds its default input lines back."""
    pytest.importorskip("kivy")
    home = tmp_path / "kivy"
    home.mkdir()
    shutil.copy(ROOT / "deploy" / "kiosk" / "kivy-config.ini", home / "config.ini")
    env = {**os.environ, "KIVY_HOME": str(home), "KIVY_NO_ARGS": "1",
           "KIVY_NO_CONSOLELOG": "1"}
    script = ("from kivy.config import Config, KIVY_CONFIG_VERSION as v; "
              "print(v, Config.getint('kivy', 'config_version'), "
              "sorted(Config.items('input')))")
    out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                         text=True, check=True, timeout=60).stdout.strip()
    assert out == ("27 27 [('hid_%(name)s', 'probesysfs,provider=hidinput'), "
                   "('mouse', 'mouse,disable_on_activity')]")


def test_the_polkit_rule_names_only_the_kiosk_user_and_power_and_sticks():
    rendered = subprocess.run(["bash", str(KIOSK_SH), "render-rules", "pi"],
                              capture_output=True, text=True, check=True, timeout=30).stdout
    assert 'subject.user === "pi"' in rendered and "@USER@" not in rendered
    actions = [line.strip().strip('",') for line in rendered.splitlines()
               if line.strip().startswith('"org.freedesktop.')]
    assert actions and all(a.startswith(("org.freedesktop.login1.power-off",
                                         "org.freedesktop.login1.reboot",
                                         "org.freedesktop.udisks2.filesystem-mount",
                                         "org.freedesktop.udisks2.power-off-drive"))
                           for a in actions)


@pytest.mark.parametrize(("args", "sentence"), [
    (["--rotation", "90"], "--rotation takes 0 or 180."),
    (["--bogus"], "unknown kiosk option '--bogus'"),
    (["--user", "root"], "the app should not run as root"),
    (["--user", "Not A Name"], "is not a user name this kiosk accepts"),
    (["--user", "nobody-here-at-all"], "there is no user 'nobody-here-at-all'"),
])
def test_bad_kiosk_options_get_one_sentence_and_change_nothing(args, sentence, tmp_path):
    result = subprocess.run(["bash", str(ROOT / "deploy" / "setup.sh"), "kiosk", *args],
                            capture_output=True, text=True, timeout=60,
                            env={**os.environ, "PATH": "/usr/bin:/bin"})
    assert result.returncode == 1
    assert sentence in result.stderr and result.stderr.count("\n") == 1, result.stderr
    assert not Path("/var/lib/exploration-companion-kiosk").exists()


def test_an_unknown_mode_is_refused_before_anything_is_installed():
    result = subprocess.run(["bash", str(ROOT / "deploy" / "setup.sh"), "kioks"],
                            capture_output=True, text=True, timeout=30)
    assert result.returncode == 2
    assert result.stderr == ("companion setup: unknown mode 'kioks': use 'run', 'test' or "
                             "'kiosk'.\n")


def _anchors(markdown: str) -> set[str]:
    return {re.sub(r"[^a-z0-9 -]", "", h.lower()).replace(" ", "-")
            for h in re.findall(r"^#+ (.+)$", markdown, re.M)}


def test_the_kiosk_guide_links_and_scripts_exist():
    guide = ROOT / "deploy" / "README.md"
    text = guide.read_text(encoding="utf-8")
    for target, anchor in re.findall(r"\]\(([^)#]*)(?:#([^)]+))?\)", text):
        if "://" in target:
            continue
        path = (guide.parent / target).resolve() if target else guide
        assert path.exists(), f"deploy/README.md links to missing {target}"
        if anchor:
            assert anchor in _anchors(path.read_text(encoding="utf-8")), f"#{anchor} in {target}"
    for script in set(re.findall(r"bash (deploy/[\w./-]+\.sh)", text)):
        assert (ROOT / script).is_file(), script
