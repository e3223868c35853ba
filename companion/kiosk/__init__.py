"""The Raspberry Pi kiosk: what the touchscreen app needs to know when it is the kiosk.

The kiosk's systemd unit (installed by `bash deploy/setup.sh kiosk`) sets
`COMPANION_KIOSK=1`; only then does the app offer "Shut down" and "Restart".

    >>> is_kiosk({"COMPANION_KIOSK": "1"})
    True
    >>> is_kiosk({})
    False

The app's API, all standard library, safe to import on any machine:

- `is_kiosk()`: whether this process runs as the kiosk.
- `power.shutdown()`, `power.restart()`: ask systemd to power off or reboot
  (`power.use(power.StandInPower())` for tests and demos).
- `usb.sticks()`: the USB sticks plugged in now; `usb.export_to(stick, db_path)`
  copies every saved game and the latest backup to one and returns a report.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from companion.core.errors import CompanionError

KIOSK_ENV = "COMPANION_KIOSK"
SERVICE = "exploration-companion-kiosk.service"


class KioskError(CompanionError):
    """Something the kiosk was asked to do and could not, said in one sentence."""


def is_kiosk(environ: Mapping[str, str] | None = None) -> bool:
    """True when the kiosk's systemd unit started this process."""
    env = os.environ if environ is None else environ
    return env.get(KIOSK_ENV, "") == "1"


def config_dir(environ: Mapping[str, str] | None = None) -> Path:
    """The app's own configuration folder: $COMPANION_CONFIG_DIR, else the XDG one."""
    env = os.environ if environ is None else environ
    if env.get("COMPANION_CONFIG_DIR"):
        return Path(env["COMPANION_CONFIG_DIR"])
    from platformdirs import user_config_dir

    from companion.paths import APP_NAME

    return Path(user_config_dir(APP_NAME, appauthor=False))


def kivy_home(environ: Mapping[str, str] | None = None) -> Path:
    """Kivy's home: `KIVY_HOME` when set, else the kiosk's folder inside the app's own."""
    env = os.environ if environ is None else environ
    if env.get("KIVY_HOME"):
        return Path(env["KIVY_HOME"]).expanduser()
    return config_dir(env) / "kivy"


def settings_file(environ: Mapping[str, str] | None = None) -> Path:
    """The app's own settings file (JSON, companion/ui/settings.py), which the kiosk seeds
    once with the screen's rotation."""
    return config_dir(environ) / "settings.json"
