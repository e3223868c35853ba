"""`companion doctor`'s lines about phones: where they can reach the page, if anywhere."""

from __future__ import annotations

import socket
from collections.abc import Callable

from companion.phones.addresses import lan_addresses
from companion.phones.command import DEFAULT_PORT
from companion.scanner.doctor import Finding


def check_phones(port: int = DEFAULT_PORT,
                 addresses: Callable[[], list[str]] = lan_addresses,
                 port_free: Callable[[int], bool] | None = None) -> list[Finding]:
    """The page's addresses on the local network, and whether its port is taken."""
    found = addresses()
    if not found:
        return [Finding("phones", "No network address: phones cannot reach this machine.",
                        "Connect it to the table's Wi-Fi or network cable, then turn on "
                        "'Phones at the table' in Settings.")]
    urls = ", ".join(f"http://{address}:{port}/" for address in found)
    free = (port_free or _port_free)(port)
    state = "free" if free else "in use (the app's page, or another program)"
    return [Finding("phones", f"Phones on this network can open {urls} while 'Phones at "
                              f"the table' is on in Settings (port {port} {state}).")]


def _port_free(port: int) -> bool:
    with socket.socket() as probe:
        try:
            probe.bind(("0.0.0.0", port))
        except OSError:
            return False
    return True
