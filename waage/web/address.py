"""The address phones use to open the web view: the device's IP address, never a ``.local`` name."""

from __future__ import annotations

import ipaddress
import socket

#: a private address used only to ask the kernel which interface routes to the LAN (nothing is sent)
_PROBE = ("10.254.254.254", 9)


def lan_ip() -> str:
    """The IPv4 address of the interface the default route uses, else ``127.0.0.1``.

    Connecting a UDP socket sends no packet; it only picks the source address.
    """
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(_PROBE)
            return s.getsockname()[0]
    except OSError:
        return "127.0.0.1"


def page_url(host: str, port: int, path: str = "/") -> str:
    """``http://IP:PORT/path`` for a server listening on ``host``: a wildcard host (0.0.0.0, ::)
    becomes the LAN address, a specific address stays (IPv6 in brackets)."""
    if host in ("0.0.0.0", "::", ""):
        host = lan_ip()
    elif host == "localhost":
        host = "127.0.0.1"
    if ipaddress.ip_address(host).version == 6:
        host = f"[{host}]"
    return f"http://{host}:{port}{path}"
