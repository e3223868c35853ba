"""Shut the kiosk down or restart it, through systemd and logind.

The kiosk's polkit rule lets the kiosk user power off and reboot without a
password; `systemctl --no-ask-password` fails at once instead of waiting for
one if the rule is missing.
"""

from __future__ import annotations

import subprocess
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from companion.kiosk import KioskError, is_kiosk

Runner = Callable[[Sequence[str]], "subprocess.CompletedProcess[str]"]


class PowerError(KioskError):
    """The system would not shut down or restart."""


class Power(Protocol):
    def shutdown(self) -> None: ...

    def restart(self) -> None: ...


def _run(argv: Sequence[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(list(argv), capture_output=True, text=True, timeout=30, check=False)


@dataclass
class SystemdPower:
    """The real thing: `systemctl poweroff` / `systemctl reboot` as the kiosk user."""

    run: Runner = _run

    def shutdown(self) -> None:
        self._ask("poweroff", "shut down")

    def restart(self) -> None:
        self._ask("reboot", "restart")

    def _ask(self, verb: str, words: str) -> None:
        try:
            result = self.run(["systemctl", "--no-ask-password", verb])
        except (OSError, subprocess.SubprocessError) as exc:
            raise PowerError(f"The companion could not ask the system to {words} ({exc}); "
                             "use the power button after the screen says the game is saved.") \
                from exc
        if result.returncode != 0:
            why = (result.stderr or result.stdout or "").strip().splitlines()
            reason = f" ({why[0]})" if why else ""
            raise PowerError(f"The system refused to {words}{reason}. Run "
                             "`bash deploy/setup.sh kiosk` again to restore the permission.")


@dataclass
class StandInPower:
    """Records what was asked instead of acting: for tests, demos and development."""

    requests: list[str] = field(default_factory=list)
    refusal: str = ""

    def shutdown(self) -> None:
        self._ask("shutdown")

    def restart(self) -> None:
        self._ask("restart")

    def _ask(self, what: str) -> None:
        if self.refusal:
            raise PowerError(self.refusal)
        self.requests.append(what)


_chosen: Power | None = None


def use(power: Power | None) -> None:
    """Make every later shutdown()/restart() go to `power` (None: back to the default)."""
    global _chosen
    _chosen = power


def backend() -> Power:
    """The power backend in use: the one chosen with use(), else systemd on the kiosk."""
    if _chosen is not None:
        return _chosen
    if not is_kiosk():
        raise PowerError("Shutting down from the screen is offered only on the kiosk; "
                         "use the system's own menu or `sudo poweroff`.")
    return SystemdPower()


def shutdown() -> None:
    """Power the kiosk off. Every acknowledged command is already saved."""
    backend().shutdown()


def restart() -> None:
    """Reboot the kiosk."""
    backend().restart()
