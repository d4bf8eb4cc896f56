"""The Starlette app of the web view and the uvicorn server that runs it on its own thread.

Routes: pages ``/`` (phones), ``/tv``, ``/stats``, ``/setup`` and their assets
under ``/static`` (package data, nothing from another host); ``GET /events``
(SSE, see ``WebHub.stream``); ``GET /api/state``, ``/api/games`` (the game registry: id, title per language, uses_scale, dice, team_players), ``/api/setup``,
``/api/stats`` (the running game's own figures, ``stats_json``), ``/api/stats.csv``, ``/api/stats.jsonl``
(those figures as files), ``/api/session.jsonl``, ``/api/session.csv``; and the changes
``POST /api/setup``, ``POST /api/new-game``, ``POST /api/tare`` (the plain scale's tare) and
``POST /api/glass`` (weigh the glass in use, W-36), which need the PIN in the
``X-Waage-PIN`` header (missing: 401, wrong: 403, too many wrong from that
client or from the whole LAN: 429, see ``waage.web.guard``), a JSON body of at most
MAX_BODY bytes (413) within REQUEST_BODY_S (408) and, when the browser
sends an ``Origin``, the device's own (403). Every request must name the device
in ``Host`` (421 otherwise: DNS rebinding). No CORS headers are ever sent, so
other sites cannot read or change anything. Connection limits (per client, head
timeout) are in ``GuardedH11Protocol``; the threat model and every figure are in
docs/security.md.
"""

from __future__ import annotations

import asyncio
import io
import ipaddress
import json
import logging
import math
import re
import socket
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import segno
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol
from pydantic import ValidationError
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from waage.display.texts import LANGS, text
from waage.display.web_texts import web_texts
from waage.games import GAMES
from waage.live.hub import LiveSnapshot
from waage.web.address import page_url
from waage.web.commands import (Command, GlassCommand, NewGameCommand, SetupCommand, TareCommand, field_errors,
                                validate_setup)
from waage.web.guard import PinGuard
from waage.web.hub import WebHub, last_attempt_of
from waage.web.pin import new_pin, pin_matches
from waage.web.quiet_log import quiet
from waage.web.stats import game_of, game_stats, stats_csv, stats_jsonl
from waage.stats import players_of

log = logging.getLogger("waage.web")

STATIC = Path(__file__).with_name("static")
_HOSTNAME = socket.gethostname().lower()
#: largest request body accepted, in bytes
MAX_BODY = 16 * 1024
#: open connections at most (pages keep one stream each): a new one closes the oldest idle connection;
#: with none idle, a request beyond gets 503 instead of starving the Pi
MAX_CONNECTIONS = 128
#: open connections from one client address at most (a phone or TV needs 2–4); more are closed at once
MAX_CONNECTIONS_PER_CLIENT = 12
#: a connection must send its request head within this many seconds (also between requests)
REQUEST_HEAD_S = 5.0
#: a request body must arrive within this many seconds
REQUEST_BODY_S = 5.0
#: largest incomplete request head uvicorn's h11 buffers, in bytes (request line and headers)
MAX_HEAD_BYTES = 8 * 1024
#: most digits of a Last-Event-ID
MAX_ID_DIGITS = 12
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
           "pin_paused": "Zu viele falsche PINs im Netz – bitte {s} s warten",
           "pin_wrong": "PIN falsch – sie steht auf dem Display der Waage",
           "read_only": "Diese Waage nimmt keine Änderungen über das Netz an"},
    "en": {"origin": "changes only from the device's own pages",
           "content-type": "JSON expected (Content-Type: application/json)",
           "pin_missing": "PIN missing – it is shown on the scale's display",
           "pin_locked": "too many wrong PINs – please wait a minute",
           "pin_paused": "too many wrong PINs on the network – please wait {s} s",
           "pin_wrong": "wrong PIN – it is shown on the scale's display",
           "read_only": "this scale accepts no changes over the network"},
}
#: a Last-Event-ID the stream takes (ASCII digits only; anything else: a fresh page)
LAST_ID = re.compile(rf"[0-9]{{1,{MAX_ID_DIGITS}}}")
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
    current_setup: the set-up the device plays now; clock: for the guessing budget (``guard``).

    Wrong PINs are bounded per client and for the whole LAN (``waage.web.guard.PinGuard``): a
    stranger's tries never lock the owner's phone, and the PIN shown on the OLED stays valid.
    """

    def __init__(self, hub: WebHub, submit: Callable[[Command], None] | None,
                 current_setup: Callable[[], SetupCommand], clock: Callable[[], float] = time.monotonic) -> None:
        self.hub, self.submit, self.current_setup = hub, submit, current_setup
        self.guard = PinGuard(clock)

    @property
    def clock(self) -> Callable[[], float]:
        """The guard's clock (tests set a fake one)."""
        return self.guard.clock

    @clock.setter
    def clock(self, clock: Callable[[], float]) -> None:
        self.guard = PinGuard(clock)

    def _say(self, key: str, **values: Any) -> str:
        return REFUSALS.get(state_json(self.hub)["lang"], REFUSALS["de"])[key].format(**values)

    def check(self, request: Request) -> Response | None:
        """None when the request may change the game, else the refusal."""
        origin = request.headers.get("origin")
        if origin is not None and not same_origin(origin, request.scope):
            return _error(403, "origin", self._say("origin"))
        if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
            return _error(415, "content-type", self._say("content-type"))
        pin = request.headers.get("x-waage-pin")
        if not pin:
            return _error(401, "pin", self._say("pin_missing"))
        host = request.client.host if request.client else "?"
        decision = self.guard.attempt(host, pin_matches(pin, self.hub.pin))
        if decision.outcome == "ok":
            return None
        if decision.outcome == "wrong":
            return _error(403, "pin", self._say("pin_wrong"))
        wait_s = max(1, math.ceil(decision.retry_s))
        key, values = ("pin_locked", {}) if decision.outcome == "locked" else ("pin_paused", {"s": wait_s})
        refusal = _error(429, "pin", self._say(key, **values))
        refusal.headers["retry-after"] = str(wait_s)
        return refusal

    def hand_over(self, command: Command) -> Response:
        """Give the command to the game thread; the PIN changes with a new game (not with a tare or
        a weighing of the glass, which the table repeats during one game)."""
        if self.submit is None:
            return _error(503, "form", self._say("read_only"))
        self.submit(command)
        if not isinstance(command, (TareCommand, GlassCommand)):
            self.hub.pin = new_pin(avoid=self.hub.pin)
        return JSONResponse({"ok": True, "accepted": command.kind}, status_code=202)


class BodyTimeout(Exception):
    """The request body did not arrive within REQUEST_BODY_S (answered 408, the connection closed)."""


async def _body(request: Request) -> bytes:
    """The request body, within REQUEST_BODY_S (a client that trickles it, or sends chunks that never
    end, is cut off: BodyTimeout, answered 408)."""
    try:
        return await asyncio.wait_for(request.body(), timeout=REQUEST_BODY_S)
    except TimeoutError:
        raise BodyTimeout from None


async def _body_timeout(request: Request, exc: Exception) -> Response:
    return PlainTextResponse("request body too slow", status_code=408, headers={"connection": "close"})


def web_list() -> list[dict[str, Any]]:
    """The web's game list (``GET /api/games``) from the registry of games (``waage.games.GAMES``):
    per game ``id``, ``title`` in every language, ``uses_scale``, ``dice`` and ``team_players``,
    in menu order."""
    return [{"id": g.id, "title": {lang: text(g.title_key, lang) for lang in LANGS}, "uses_scale": g.uses_scale,
             "dice": g.dice, "team_players": g.team_players} for g in GAMES.values()]


def views_js() -> str:
    """The games' own page scripts (``GameSpec.view``, ``waage/games/<id>/view.js``) in menu order, each in
    a function scope of its own (``/static/views.js``, run after games.js: each adds its game to ``GAME_VIEWS``)."""
    parts = ['"use strict";']
    for g in GAMES.values():
        script = g.view_script()
        if script is not None:
            parts.append(f"// {g.id}: {g.view}\n(() => {{\n{script}\n}})();")
    return "\n".join(parts) + "\n"


def _error(status: int, field: str, message: str) -> JSONResponse:
    return JSONResponse({"ok": False, "errors": {field: message}}, status_code=status)


def own_names(scope: Any) -> set[str]:
    """The names a request may use for this device in ``Host`` (lower case, without the port): the
    address the connection came in on, the device's host name and ``<name>.local``; ``localhost``
    on a loopback connection. A name from elsewhere (DNS rebinding) is none of them."""
    server = scope.get("server") or ("", None)
    address = str(server[0]).lower()
    names = {address, f"[{address}]", _HOSTNAME, f"{_HOSTNAME}.local"}
    try:
        if ipaddress.ip_address(address).is_loopback:
            names |= {"localhost", "127.0.0.1", "[::1]"}
    except ValueError:
        pass
    return names


def _host_and_port(netloc: str) -> tuple[str, int | None] | None:
    try:
        parts = urlsplit("//" + netloc)
        port = parts.port
    except ValueError:
        return None
    if parts.hostname is None or parts.username is not None or parts.path:
        return None
    host = parts.hostname.lower()
    return (f"[{host}]" if ":" in host else host), port


def host_allowed(host_header: str | None, scope: Any) -> bool:
    """True when ``Host`` names this device (``own_names``) and its port (if any) is the one the
    connection came in on."""
    if not host_header:
        return False
    parsed = _host_and_port(host_header)
    if parsed is None:
        return False
    server = scope.get("server") or ("", None)
    return parsed[0] in own_names(scope) and parsed[1] in (None, server[1])


def same_origin(origin: str, scope: Any) -> bool:
    """True when ``Origin`` is this device's own (``http://<own name>:<port>``), whatever the request's
    ``Host`` says."""
    parts = urlsplit(origin)
    if parts.scheme != "http" or parts.path not in ("", "/"):
        return False
    return host_allowed(parts.netloc, scope)


class HostGuard:
    """ASGI middleware: every HTTP request whose ``Host`` does not name this device (``host_allowed``)
    gets 421 before any route runs: a page of another site that a rebinding DNS name points at
    this device reads nothing."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            host = next((v.decode("latin-1") for k, v in scope["headers"] if k == b"host"), None)
            if not host_allowed(host, scope):
                await PlainTextResponse("unknown host: open the address the scale shows", status_code=421)(
                    scope, receive, send)
                return
        await self.app(scope, receive, send)


class GuardedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with the limits a party LAN needs (uvicorn itself arms its keep-alive
    timer only after a response, so a connection that never sends a request stays forever):

    - the request head must come within REQUEST_HEAD_S of the connection (and of the last
      response on a kept-alive connection), else the connection is closed;
    - at most MAX_CONNECTIONS_PER_CLIENT open connections per client address: a new one beyond closes
      that client's oldest idle connection (no request under way), so idle sockets never shut out a
      phone behind the same address; when none is idle, the new one is closed at once;
    - at MAX_CONNECTIONS in all, a new connection closes the oldest idle one of any client, so idle
      sockets from many addresses never shut out a phone (only requests under way count to the 503).
    """

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._opened_s = self.loop.time()
        ip = self.client[0] if self.client else None
        same = [c for c in self.connections if c is not self and getattr(c, "client", None) and c.client[0] == ip]
        if ip is not None and len(same) >= MAX_CONNECTIONS_PER_CLIENT and not self._close_oldest_idle(same):
            self.connections.discard(self)
            transport.abort()
            return
        if len(self.connections) >= MAX_CONNECTIONS:  # the total: the oldest idle one of any client gives way
            self._close_oldest_idle([c for c in self.connections if c is not self])
        self._arm_head_timer()

    @staticmethod
    def _close_oldest_idle(among: list[Any]) -> bool:
        """Close the oldest idle connection ``among`` these (no request under way); False if none is idle."""
        idle = [c for c in among if getattr(c, "_idle", lambda: False)()]
        if not idle:
            return False
        oldest = min(idle, key=lambda c: getattr(c, "_opened_s", 0.0))
        oldest.connections.discard(oldest)
        oldest.transport.close()
        return True

    def _idle(self) -> bool:
        """No request under way: waiting for a (first or next) request head."""
        return (self.cycle is None or self.cycle.response_complete) and not self.transport.is_closing()

    def _arm_head_timer(self) -> None:
        self._head_timer = self.loop.call_later(REQUEST_HEAD_S, self._head_timeout)

    def _head_timeout(self) -> None:
        if (self.cycle is None or self.cycle.response_complete) and not self.transport.is_closing():
            self.transport.close()  # no request (head) in time: the slot goes back to the phones

    def on_response_complete(self) -> None:
        super().on_response_complete()
        timer = getattr(self, "_head_timer", None)
        if timer is not None:
            timer.cancel()
        if not self.transport.is_closing():
            self._arm_head_timer()

    def connection_lost(self, exc: Exception | None) -> None:
        timer = getattr(self, "_head_timer", None)
        if timer is not None:
            timer.cancel()
        super().connection_lost(exc)


def state_json(hub: WebHub) -> dict[str, Any]:
    """``GET /api/state``: the snapshot (game, phase, players, grams, view, sample_age_s, …) + lang."""
    snap: LiveSnapshot | None = hub.snapshot
    base: dict[str, Any] = {"game": None, "phase": None, "players": [], "current": None, "grams": None,
                            "view": None, "sample_age_s": None, "fault": None, "details": {}, "lines": hub.lines}
    if snap is not None:
        base = snap.to_json(hub.clock())
    base["lang"] = base.get("details", {}).get("lang", hub.lang)
    return base


def _game_and_players(hub: WebHub, records: list[dict[str, Any]]) -> tuple[str, list[str]]:
    """The game the current records belong to (its ``game_started``; else the snapshot's) and its
    players in seat order (the snapshot's while it shows that game, else the ``game_started``'s)."""
    snap = hub.snapshot
    game = game_of(records, default=snap.game if snap is not None and snap.game in GAMES else "waagespiel")
    if game not in GAMES:
        game = "waagespiel"
    if snap is not None and snap.game == game and snap.players:
        return game, list(snap.players)
    return game, players_of(records)


def stats_json(hub: WebHub, records: list[dict[str, Any]]) -> dict[str, Any]:
    """``GET /api/stats``: the running game's own figures (``waage.stats.game_stats``): ``game``,
    ``title`` (in the page's language), ``players``, ``columns``, ``per_player``, ``teams``, ``extra``;
    ``weighs`` (the game weighs: its weight curve and history are shown); ``facts``: the game's facts
    over its table, each ``{lang: text}`` (its kit's ``GameSpec.facts``); ``result`` (the finished game's
    winners and final table, ``details.result`` of the snapshot,
    else None); the Waagespiel's ``history`` and ``last_attempt`` (its weight curve); ``lang``."""
    game, players = _game_and_players(hub, records)
    st = game_stats(game, records, players)
    lang = state_json(hub)["lang"]
    snap = hub.snapshot
    result = snap.details.get("result") if snap is not None and snap.game == game else None
    kit = GAMES[game]
    return {**st.to_json(), "title": text(kit.title_key, lang), "result": result, "weighs": kit.uses_scale,
            "facts": kit.facts_of(st), "history": st.extra.get("history", []),
            "last_attempt": _last_attempt(hub, records) if kit.uses_scale else None, "lang": lang}


def _last_attempt(hub: WebHub, records: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The game's last attempt: the hub's (with the weight curve it saw), else the newest ``sip`` of the game's
    records without a curve (the page says none was recorded, not that nobody drank); None before the first."""
    sip = next((r for r in reversed(records) if r.get("event") == "sip"), None)
    kept = hub.last_attempt
    if sip is None:
        return None
    if kept is not None and (kept["player"], kept["attempt"], kept["grams"]) == \
            (sip.get("player"), sip.get("attempt"), sip.get("grams")):
        return kept
    return last_attempt_of(sip)


def create_app(hub: WebHub, controls: Controls, join_url: str = "") -> Starlette:
    """The ASGI app over ``hub`` (read side) and ``controls`` (changes); ``join_url`` is the page
    address with the device's IP (``/api/qr.svg`` encodes it for the TV)."""

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / PAGES[request.url.path], headers={"cache-control": "no-cache"})

    async def events(request: Request) -> Response:
        raw = request.headers.get("last-event-id") or request.query_params.get("last_id")
        last_id = int(raw) if raw and LAST_ID.fullmatch(raw) else None
        return StreamingResponse(hub.stream(last_id), media_type="text/event-stream",
                                 headers={"cache-control": "no-cache", "x-accel-buffering": "no"})

    async def api_state(request: Request) -> Response:
        return JSONResponse({**state_json(hub), "url": join_url})

    async def qr_svg(request: Request) -> Response:
        buf = io.BytesIO()
        code = segno.make(join_url, error="m", micro=False)
        code.save(buf, kind="svg", scale=8, border=3, dark="#000", light="#fff", xmldecl=False)
        return Response(buf.getvalue(), media_type="image/svg+xml", headers={"cache-control": "no-cache"})

    i18n_js = ("\"use strict\";\nconst TEXTS = " + json.dumps(web_texts(), ensure_ascii=False) + ";\n"
               + (STATIC / "i18n.js").read_text(encoding="utf-8"))

    async def i18n(request: Request) -> Response:
        # the pages' texts from the Python tables (waage/display/texts.py), then the helpers of i18n.js
        return Response(i18n_js, media_type="text/javascript; charset=utf-8", headers={"cache-control": "no-cache"})

    async def views(request: Request) -> Response:
        # every game's own page script (GameSpec.view), each in a scope of its own; read per request, so a
        # game registered after the start (a test's) is drawn too
        return Response(views_js(), media_type="text/javascript; charset=utf-8", headers={"cache-control": "no-cache"})

    async def api_games(request: Request) -> Response:
        return JSONResponse(web_list())

    async def api_setup_get(request: Request) -> Response:
        return JSONResponse(controls.current_setup().model_dump(mode="json"))

    async def api_setup_post(request: Request) -> Response:
        refused = controls.check(request)
        if refused is not None:
            return refused
        try:
            command = validate_setup(await _body(request))
        except ValidationError as exc:
            return JSONResponse({"ok": False, "errors": field_errors(exc, state_json(hub)["lang"])}, status_code=422)
        return controls.hand_over(command)

    async def api_new_game(request: Request) -> Response:
        refused = controls.check(request)
        if refused is not None:
            return refused
        body = await _body(request)
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
            command = model.model_validate_json(await _body(request) or b"{}", strict=True)
        except ValidationError as exc:
            return JSONResponse({"ok": False, "errors": field_errors(exc, state_json(hub)["lang"])}, status_code=422)
        return controls.hand_over(command)

    async def api_stats(request: Request) -> Response:
        return JSONResponse(stats_json(hub, await hub.all_records()))

    async def export_stats(request: Request) -> Response:
        records, texts = await hub.game_records()
        kind = "csv" if request.url.path.endswith(".csv") else "jsonl"
        game, players = _game_and_players(hub, records)
        key = f"stats.{kind}|{game}|{'|'.join(players)}"  # made once per new record (the hub's cache)
        if key not in texts:
            st = game_stats(game, records, players)
            texts[key] = stats_csv(st) if kind == "csv" else stats_jsonl(st)
        media = "text/csv" if kind == "csv" else "application/x-ndjson"
        return PlainTextResponse(texts[key], media_type=media, headers={
            "content-disposition": f'attachment; filename="waage-{game}-stats.{kind}"'})

    async def export_jsonl(request: Request) -> Response:
        return PlainTextResponse(await hub.export_text("jsonl"), media_type="application/x-ndjson",
                                 headers={"content-disposition": 'attachment; filename="waage-session.jsonl"'})

    async def export_csv(request: Request) -> Response:
        return PlainTextResponse(await hub.export_text("csv"), media_type="text/csv",
                                 headers={"content-disposition": 'attachment; filename="waage-session.csv"'})

    routes = [Route(path, page) for path in PAGES] + [
        Route("/events", events),
        Route("/api/state", api_state),
        Route("/api/games", api_games),
        Route("/api/setup", api_setup_get, methods=["GET"]),
        Route("/api/setup", api_setup_post, methods=["POST"]),
        Route("/api/new-game", api_new_game, methods=["POST"]),
        Route("/api/tare", api_scale_command, methods=["POST"]),
        Route("/api/glass", api_scale_command, methods=["POST"]),
        Route("/api/stats", api_stats),
        Route("/api/stats.csv", export_stats),
        Route("/api/stats.jsonl", export_stats),
        Route("/api/qr.svg", qr_svg),
        Route("/api/session.jsonl", export_jsonl),
        Route("/api/session.csv", export_csv),
        Route("/static/i18n.js", i18n),
        Route("/static/views.js", views),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, max_body_size=MAX_BODY, exception_handlers={BodyTimeout: _body_timeout})
    app.add_middleware(HostGuard)
    app.add_middleware(SecurityHeaders)
    return app


class WebServer:
    """uvicorn (h11) serving ``create_app`` on a thread of its own with its own event loop.

    host, port: where to listen (port 0 = a free one; ``self.port`` tells which).
    Raises OSError from ``__init__`` when the address cannot be bound.
    """

    def __init__(self, hub: WebHub, controls: Controls, host: str, port: int) -> None:
        self.hub = hub
        quiet("asyncio", "uvicorn.error", "waage.web")  # identical lines at most every 10 s in the journal
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        self.socket = socket.create_server((host, port), family=family, backlog=MAX_CONNECTIONS)
        self.host, self.port = host, self.socket.getsockname()[1]
        config = uvicorn.Config(create_app(hub, controls, page_url(self.host, self.port)), log_level="warning", access_log=False,
                                lifespan="off", http=GuardedH11Protocol, ws="none", loop="none",
                                timeout_graceful_shutdown=1, limit_concurrency=MAX_CONNECTIONS,
                                timeout_keep_alive=int(REQUEST_HEAD_S), h11_max_incomplete_event_size=MAX_HEAD_BYTES,
                                backlog=MAX_CONNECTIONS)
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
