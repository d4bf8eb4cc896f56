"""The Starlette app of the web view and the uvicorn server that runs it on its own thread.

Routes: pages ``/`` (phones), ``/tv``, ``/stats``, ``/setup`` and their assets
under ``/static`` (package data, nothing from another host); ``GET /events``
(SSE, see ``WebHub.stream``); ``GET /api/state``, ``/api/setup``,
``/api/stats``, ``/api/session.jsonl``, ``/api/session.csv``; and the changes
``POST /api/setup``, ``POST /api/new-game``, ``POST /api/tare`` (the plain scale's tare) and
``POST /api/glass`` (weigh the glass in use, W-36), which need the PIN in the
``X-Waage-PIN`` header (missing: 401, wrong: 403, too many wrong: 429), a JSON
body of at most MAX_BODY bytes (413) and, when the browser sends an
``Origin``, the device's own (403). No CORS headers are ever sent, so other
sites cannot read or change anything.
"""

from __future__ import annotations

import asyncio
import io
import json
import logging
import socket
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import segno
import uvicorn
from pydantic import ValidationError
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from waage.app.live import LiveSnapshot
from waage.web.address import page_url
from waage.web.commands import (Command, GlassCommand, NewGameCommand, SetupCommand, TareCommand, field_errors,
                                validate_setup)
from waage.web.hub import WebHub
from waage.web.pin import new_pin, pin_matches
from waage.web.stats import current_game, history, player_stats, to_csv

log = logging.getLogger("waage.web")

STATIC = Path(__file__).with_name("static")
#: largest request body accepted, in bytes
MAX_BODY = 16 * 1024
#: open connections at most (pages keep one stream each); more get 503 instead of starving the Pi
MAX_CONNECTIONS = 64
#: wrong PINs in a row before the controls are locked for LOCK_S seconds
MAX_WRONG_PINS = 5
LOCK_S = 60.0
#: sent with every response: nothing may load from another host
SECURITY_HEADERS = [
    (b"content-security-policy", b"default-src 'self'; img-src 'self' data:; style-src 'self'; "
                                 b"script-src 'self'; connect-src 'self'; frame-ancestors 'none'; "
                                 b"form-action 'self'; base-uri 'none'"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]
#: the refusals in the page's language
REFUSALS = {
    "de": {"origin": "Änderungen nur von den Seiten des Geräts",
           "content-type": "JSON erwartet (Content-Type: application/json)",
           "pin_missing": "PIN fehlt – sie steht auf dem Display der Waage",
           "pin_locked": "Zu viele falsche PINs – bitte eine Minute warten",
           "pin_wrong": "PIN falsch – sie steht auf dem Display der Waage",
           "read_only": "Diese Waage nimmt keine Änderungen über das Netz an"},
    "en": {"origin": "changes only from the device's own pages",
           "content-type": "JSON expected (Content-Type: application/json)",
           "pin_missing": "PIN missing – it is shown on the scale's display",
           "pin_locked": "too many wrong PINs – please wait a minute",
           "pin_wrong": "wrong PIN – it is shown on the scale's display",
           "read_only": "this scale accepts no changes over the network"},
}
PAGES = {"/": "index.html", "/tv": "tv.html", "/stats": "stats.html", "/setup": "setup.html"}


class SecurityHeaders:
    """ASGI middleware: SECURITY_HEADERS on every HTTP response."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = list(message.get("headers", [])) + SECURITY_HEADERS
            await send(message)

        await self.app(scope, receive, send_with_headers)


class Controls:
    """Who may change the game: the PIN (new per game) and the hand-over to the game thread.

    submit: puts a validated command on the game thread's queue (None: read-only, 503);
    current_setup: the set-up the device plays now; clock: for the lock after wrong PINs.
    """

    def __init__(self, hub: WebHub, submit: Callable[[Command], None] | None,
                 current_setup: Callable[[], SetupCommand], clock: Callable[[], float] = time.monotonic) -> None:
        self.hub, self.submit, self.current_setup, self.clock = hub, submit, current_setup, clock
        self.wrong = 0
        self.locked_until = 0.0

    def _say(self, key: str) -> str:
        return REFUSALS.get(state_json(self.hub)["lang"], REFUSALS["de"])[key]

    def check(self, request: Request) -> Response | None:
        """None when the request may change the game, else the refusal."""
        origin = request.headers.get("origin")
        if origin is not None and urlsplit(origin).netloc != request.headers.get("host"):
            return _error(403, "origin", self._say("origin"))
        if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
            return _error(415, "content-type", self._say("content-type"))
        pin = request.headers.get("x-waage-pin")
        if not pin:
            return _error(401, "pin", self._say("pin_missing"))
        if self.clock() < self.locked_until:
            return _error(429, "pin", self._say("pin_locked"))
        if not pin_matches(pin, self.hub.pin):
            self.wrong += 1
            if self.wrong >= MAX_WRONG_PINS:
                self.wrong, self.locked_until = 0, self.clock() + LOCK_S
            return _error(403, "pin", self._say("pin_wrong"))
        self.wrong = 0
        return None

    def hand_over(self, command: Command) -> Response:
        """Give the command to the game thread; the PIN changes with a new game (not with a tare or
        a weighing of the glass, which the table repeats during one game)."""
        if self.submit is None:
            return _error(503, "form", self._say("read_only"))
        self.submit(command)
        if not isinstance(command, (TareCommand, GlassCommand)):
            self.hub.pin = new_pin(avoid=self.hub.pin)
        return JSONResponse({"ok": True, "accepted": command.kind}, status_code=202)


def _error(status: int, field: str, message: str) -> JSONResponse:
    return JSONResponse({"ok": False, "errors": {field: message}}, status_code=status)


def state_json(hub: WebHub) -> dict[str, Any]:
    """``GET /api/state``: the snapshot (game, phase, players, grams, view, sample_age_s, …) + lang."""
    snap: LiveSnapshot | None = hub.snapshot
    base: dict[str, Any] = {"game": None, "phase": None, "players": [], "current": None, "grams": None,
                            "view": None, "sample_age_s": None, "fault": None, "details": {}, "lines": hub.lines}
    if snap is not None:
        base = snap.to_json(hub.clock())
    base["lang"] = base.get("details", {}).get("lang", hub.lang)
    return base


def create_app(hub: WebHub, controls: Controls, join_url: str = "") -> Starlette:
    """The ASGI app over ``hub`` (read side) and ``controls`` (changes); ``join_url`` is the page
    address with the device's IP (``/api/qr.svg`` encodes it for the TV)."""

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / PAGES[request.url.path], headers={"cache-control": "no-cache"})

    async def events(request: Request) -> Response:
        raw = request.headers.get("last-event-id") or request.query_params.get("last_id")
        last_id = int(raw) if raw and raw.isdigit() else None
        return StreamingResponse(hub.stream(last_id), media_type="text/event-stream",
                                 headers={"cache-control": "no-cache", "x-accel-buffering": "no"})

    async def api_state(request: Request) -> Response:
        return JSONResponse({**state_json(hub), "url": join_url})

    async def qr_svg(request: Request) -> Response:
        buf = io.BytesIO()
        code = segno.make(join_url, error="m", micro=False)
        code.save(buf, kind="svg", scale=8, border=3, dark="#000", light="#fff", xmldecl=False)
        return Response(buf.getvalue(), media_type="image/svg+xml", headers={"cache-control": "no-cache"})

    async def api_setup_get(request: Request) -> Response:
        return JSONResponse(controls.current_setup().model_dump(mode="json"))

    async def api_setup_post(request: Request) -> Response:
        refused = controls.check(request)
        if refused is not None:
            return refused
        try:
            command = validate_setup(await request.body())
        except ValidationError as exc:
            return JSONResponse({"ok": False, "errors": field_errors(exc, state_json(hub)["lang"])}, status_code=422)
        return controls.hand_over(command)

    async def api_new_game(request: Request) -> Response:
        refused = controls.check(request)
        if refused is not None:
            return refused
        body = await request.body()
        try:
            command = NewGameCommand.model_validate_json(body or b"{}", strict=True)
        except ValidationError as exc:
            return JSONResponse({"ok": False, "errors": field_errors(exc, state_json(hub)["lang"])}, status_code=422)
        return controls.hand_over(command)

    async def api_scale_command(request: Request) -> Response:
        # POST /api/tare and /api/glass: the plain scale's tare, the weighing of the glass (W-36)
        refused = controls.check(request)
        if refused is not None:
            return refused
        model = TareCommand if request.url.path == "/api/tare" else GlassCommand
        try:
            command = model.model_validate_json(await request.body() or b"{}", strict=True)
        except ValidationError as exc:
            return JSONResponse({"ok": False, "errors": field_errors(exc, state_json(hub)["lang"])}, status_code=422)
        return controls.hand_over(command)

    async def api_stats(request: Request) -> Response:
        records = current_game(await hub.all_records())
        players = hub.snapshot.players if hub.snapshot else []
        return JSONResponse({"players": players, "per_player": player_stats(records, players),
                             "history": history(records), "last_attempt": hub.last_attempt,
                             "lang": state_json(hub)["lang"]})

    async def export_jsonl(request: Request) -> Response:
        records = current_game(await hub.all_records())
        text = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)
        return PlainTextResponse(text, media_type="application/x-ndjson",
                                 headers={"content-disposition": 'attachment; filename="waage-session.jsonl"'})

    async def export_csv(request: Request) -> Response:
        records = current_game(await hub.all_records())
        return PlainTextResponse(to_csv(records), media_type="text/csv",
                                 headers={"content-disposition": 'attachment; filename="waage-session.csv"'})

    routes = [Route(path, page) for path in PAGES] + [
        Route("/events", events),
        Route("/api/state", api_state),
        Route("/api/setup", api_setup_get, methods=["GET"]),
        Route("/api/setup", api_setup_post, methods=["POST"]),
        Route("/api/new-game", api_new_game, methods=["POST"]),
        Route("/api/tare", api_scale_command, methods=["POST"]),
        Route("/api/glass", api_scale_command, methods=["POST"]),
        Route("/api/stats", api_stats),
        Route("/api/qr.svg", qr_svg),
        Route("/api/session.jsonl", export_jsonl),
        Route("/api/session.csv", export_csv),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, max_body_size=MAX_BODY)
    app.add_middleware(SecurityHeaders)
    return app


class WebServer:
    """uvicorn (h11) serving ``create_app`` on a thread of its own with its own event loop.

    host, port: where to listen (port 0 = a free one; ``self.port`` tells which).
    Raises OSError from ``__init__`` when the address cannot be bound.
    """

    def __init__(self, hub: WebHub, controls: Controls, host: str, port: int) -> None:
        self.hub = hub
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        self.socket = socket.create_server((host, port), family=family, backlog=64)
        self.host, self.port = host, self.socket.getsockname()[1]
        config = uvicorn.Config(create_app(hub, controls, page_url(self.host, self.port)), log_level="warning", access_log=False,
                                lifespan="off", http="h11", ws="none", loop="none",
                                timeout_graceful_shutdown=1, limit_concurrency=MAX_CONNECTIONS)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self._run, name="waage-web", daemon=True)

    def _run(self) -> None:
        async def main() -> None:
            self.hub.attach(asyncio.get_running_loop())
            await self.server.serve(sockets=[self.socket])

        try:
            asyncio.run(main())
        except (Exception, SystemExit):  # noqa: BLE001 - the game goes on without its web view
            log.exception("the web server stopped")

    def start(self) -> "WebServer":
        """Start serving (returns at once; the socket already accepts connections)."""
        self.thread.start()
        return self

    def close(self) -> None:
        """Stop: end the streams, let uvicorn shut down (at most about 2 s)."""
        self.hub.close()
        self.server.should_exit = True
        self.thread.join(timeout=5)
        self.socket.close()
