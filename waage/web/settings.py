"""``[web]`` settings: whether the device serves its web view and where."""

from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict, field_validator


def parse_listen(text: str, default_host: str = "0.0.0.0") -> tuple[str, int]:
    """``"HOST:PORT"``, ``"[IPv6]:PORT"`` or ``"PORT"`` -> (host, port).

    HOST must be an IP address (or ``localhost``); PORT 1–65535 (0 = any free port).
    Raises ValueError with a sentence naming the problem.
    """
    text = text.strip()
    if text.isdigit():
        text = f"{default_host}:{text}" if ":" not in default_host else f"[{default_host}]:{text}"
    try:
        parts = urlsplit("//" + text)
        port = parts.port
    except ValueError as exc:
        raise ValueError(f"{text!r} is not HOST:PORT ({exc})") from None
    host = parts.hostname
    if not host or port is None or parts.path or parts.query or parts.username:
        raise ValueError(f"{text!r} is not HOST:PORT (e.g. 0.0.0.0:8080 or 8080)")
    if host != "localhost":
        try:
            ipaddress.ip_address(host)
        except ValueError:
            raise ValueError(f"host {host!r} must be an IP address such as 0.0.0.0 or 127.0.0.1") from None
    return host, port


class WebSettings(BaseModel):
    """``[web]``: the live web view (phones, TV, set-up).

    enabled: ``waage run`` serves the pages (``waage sim --web`` serves them regardless);
    listen: ``"HOST:PORT"``; ``0.0.0.0:8080`` = every interface of the device.
    """

    model_config = ConfigDict(extra="forbid")

    enabled: bool = False
    listen: str = "0.0.0.0:8080"

    @field_validator("listen")
    @classmethod
    def _listen(cls, value: str) -> str:
        parse_listen(value)
        return value

    @property
    def host_port(self) -> tuple[str, int]:
        """``listen`` as (host, port)."""
        return parse_listen(self.listen)
