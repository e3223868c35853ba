"""Where phones can reach this machine, and the QR codes that carry its links.

The addresses are read from the network interfaces themselves (Linux's
SIOCGIFADDR), so finding them sends nothing over any network.
"""

from __future__ import annotations

import fcntl
import ipaddress
import socket
import struct

#: Linux's ioctl number for an interface's IPv4 address (<linux/sockios.h>).
_SIOCGIFADDR = 0x8915


def lan_addresses() -> list[str]:
    """The IPv4 addresses of this machine's interfaces that other machines can reach:
    private and public ones, never loopback or link-local; in interface order."""
    found = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        for _index, name in socket.if_nameindex():
            address = _interface_address(probe, name)
            if address is not None and _reachable(address):
                found.append(address)
    return found


def _interface_address(probe: socket.socket, name: str) -> str | None:
    request = struct.pack("256s", name.encode()[:15])
    try:
        reply = fcntl.ioctl(probe.fileno(), _SIOCGIFADDR, request)
    except OSError:  # no IPv4 address on this interface (or it went down)
        return None
    return socket.inet_ntoa(reply[20:24])


def _reachable(address: str) -> bool:
    ip = ipaddress.IPv4Address(address)
    return not (ip.is_loopback or ip.is_link_local or ip.is_unspecified)


def page_urls(host: str, port: int, addresses: list[str] | None = None) -> list[str]:
    """The base URLs a phone may open: the bound host, or every LAN address when the
    server listens on all of them (0.0.0.0)."""
    if host not in ("0.0.0.0", ""):
        return [f"http://{host}:{port}"]
    found = lan_addresses() if addresses is None else addresses
    return [f"http://{address}:{port}" for address in found]


def qr_png(url: str, scale: int = 6) -> bytes:
    """A QR code of `url` as PNG bytes (segno: the tag kit's QR library)."""
    import io

    import segno

    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="png", scale=scale, border=2)
    return out.getvalue()


def qr_text(url: str) -> str:
    """A QR code of `url` drawn with block characters, for a terminal."""
    import io

    import segno

    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True)
    return out.getvalue()
