"""The MQTT adapter: a ``LiveObserver`` that publishes the game with paho-mqtt 2.x.

Threads: the game thread only hands values over (``record``, ``state``: a
few assignments and an ``Event.set``); paho's network thread
(``loop_start``) connects, reconnects with paho's back-off
(``reconnect_delay_set``) and sends; one publisher thread of ours calls
``client.publish`` (it never holds a lock of ours while calling paho, so
paho's callbacks, which hold paho's locks, can take ours: no deadlock).

Nothing lost, bounded memory: events are read from the session log (JSON
Lines, line number = event id), never kept in a list. At most ``window``
event messages wait for their acknowledgement (paho's queue is bounded with
``max_queued_messages_set``). We keep only the last line the broker
acknowledged (``on_publish`` of QoS 1) and the last line handed to paho; after
each reconnect (and a first connection that needed retries) we wait
``backlog_delay_s`` (subscribers that lost the broker too come back meanwhile)
and re-read the log from the acknowledged line on.
paho also re-sends its own unacknowledged messages at once, so a subscriber
may see an event twice: delivery is at least once, the ``id`` tells repeats.
The acknowledged line is saved in the state directory, so a restarted device
re-reads the log from there.

Other clients on the broker (docs/mqtt.md, docs/security.md): the client speaks
MQTT 5 with a Maximum Packet Size (the broker never sends it a huge message), watches
its own retained topics and publishes its own again when a stranger overwrote them,
and validates league messages before they count (``waage.mqtt.league``).
"""

from __future__ import annotations

import collections
import json
import logging
import shutil
import ssl
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, Callable

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion, MQTTErrorCode
from paho.mqtt.packettypes import PacketTypes
from paho.mqtt.properties import Properties

from waage.errors import InputFileError
from waage.files import write_atomic
from waage.live.hub import LiveSnapshot
from waage.mqtt.league import Leaderboard, LeaderboardView, TableStats
from waage.mqtt.messages import (
    GAME_BEGIN_EVENTS,
    GAME_END_EVENTS,
    OFFLINE,
    ONLINE,
    Topics,
    discovery_payload,
    dumps,
    event_payload,
    state_payload,
    verdict_payload,
)
from waage.mqtt.sessionlog import LogCursor
from waage.mqtt.settings import MqttSettings

log = logging.getLogger("waage.mqtt")

#: queue places beyond the event window: status, discovery, league (QoS 1)
RESERVE = 10
#: at most one state message per this many seconds while only the live grams change
STATE_INTERVAL_S = 1.0
#: the acknowledged line is saved at most this often (and at close)
SAVE_INTERVAL_S = 1.0
#: largest MQTT packet this client accepts from the broker (MQTT 5 Maximum Packet Size): a league
#: message is at most ``league.MAX_MESSAGE_BYTES``, Home Assistant's status a few bytes
MAX_PACKET_BYTES = 64 * 1024
#: our last payloads kept per retained topic (an echo of an earlier state is still ours)
OWN_KEPT = 16
#: a foreign message on one of our retained topics is answered with ours at most this often
RESTORE_INTERVAL_S = 1.0
#: ``close`` waits at most this long for acknowledgements when the broker was never reached
#: (paho's own retries go on meanwhile; then ``disconnect`` + ``loop_stop`` end its thread)
NEVER_CONNECTED_WAIT_S = 1.0


def configure_client(client: mqtt.Client, settings: MqttSettings) -> None:
    """Give a paho client the credentials and TLS of ``[mqtt]`` (no connection is made).

    Reads ``password_file`` (with a ``username``) and, with ``tls``, loads ``ca_file`` (or the
    system's CA store). Raises InputFileError naming the password or CA file when it cannot
    be read. ``MqttObserver`` (``waage run``, ``waage sim --mqtt``) and ``check_files``
    (``waage check-config``) both go through here.
    """
    password = settings.read_password()
    if settings.username is not None:
        client.username_pw_set(settings.username, password)
    if settings.tls:
        try:
            client.tls_set(ca_certs=str(settings.ca_file) if settings.ca_file else None)
        except (OSError, ssl.SSLError) as exc:
            raise InputFileError(settings.ca_file or "system CA store", "mqtt.ca_file",
                                 f"cannot load the CA certificates ({getattr(exc, 'strerror', None) or exc})") from None


def check_files(settings: MqttSettings) -> None:
    """The files ``waage run`` reads for ``[mqtt]`` (password, CA), checked on a client that
    never connects. Raises InputFileError naming the file, as ``waage run`` would."""
    configure_client(mqtt.Client(CallbackAPIVersion.VERSION2, protocol=mqtt.MQTTv311), settings)


class MqttObserver:
    """Publishes status, state, events, verdicts, discovery and the league of one scale.

    settings: ``[mqtt]``; log_path: the session log whose line N is event N
    (None: the observer writes the records it gets to a throw-away log of
    its own, for the simulator); ack_path: where the last acknowledged line is
    kept across restarts (None: not kept); language: Home Assistant entity names.
    Raises InputFileError (naming the file) when the password or CA file cannot be read.
    """

    def __init__(self, settings: MqttSettings, log_path: Path | None = None, ack_path: Path | None = None,
                 language: str = "de", clock: Callable[[], float] = time.monotonic) -> None:
        c = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=f"waage-{settings.device_id}", protocol=mqtt.MQTTv5)
        configure_client(c, settings)  # before anything else: a bad file leaves nothing behind
        self.settings, self.topics, self.language, self.clock = settings, Topics.of(settings), language, clock
        self._spool_dir: Path | None = None
        self._spool: Any = None
        if log_path is None:
            self._spool_dir = Path(tempfile.mkdtemp(prefix="waage-mqtt-"))
            log_path = self._spool_dir / "session.jsonl"
            self._spool = open(log_path, "a", encoding="utf-8")  # noqa: SIM115 - closed in close()
        self.log_path, self.ack_path = log_path, ack_path
        self.table = TableStats(settings.device_id, settings.table_name)
        self.leaderboard = Leaderboard(settings.league) if settings.league else None
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._flushed = threading.Condition()
        # counters: newest line known, acknowledged (contiguous), handed to paho
        self.newest = self._scan_log()
        self.acked = min(self._load_acked(), self.newest)
        self._cursor = LogCursor(log_path)
        self.sent = self._cursor.skip_to(self.acked)
        self._inflight: dict[int, int] = {}  # paho mid -> log line, at most `window` entries
        self._acked_ahead: set[int] = set()  # acknowledged lines beyond `acked` (out of order), bounded likewise
        self._acks: collections.deque[int] = collections.deque()  # mids from on_publish, drained by the publisher
        self._verdicts: collections.deque[str] = collections.deque(maxlen=32)
        self._snapshot: LiveSnapshot | None = None
        self._ended = False  # the game's closing record came and no new game began: the state says "ended"
        self._state_key: Any = None
        self._state_at = -float("inf")
        self._state_grams: float | None = None
        self._saved_acked, self._saved_at = self.acked, self.clock()
        self._league_dirty = bool(self.table.players)
        if self.leaderboard is not None:
            self.leaderboard.put(self.table.message())
        self.connected = False
        #: what this scale last published on its retained topics (a different payload there is foreign)
        self._published: dict[str, collections.deque[bytes]] = {}
        self._restore: set[str] = set()
        self._restored_at: dict[str, float] = {}
        self._hello = False  # status, discovery, league and state to (re)publish after a connect
        self._events_from = float("inf")  # clock time from which events go out (after a connect)
        self._rewind = False  # re-read the log from the acknowledged line before the next event
        self._backlog_wait_s = 0.0  # backlog_delay_s after an outage, 0 at a first connection that just worked
        self._discovery_due = False
        self._closing = False
        self.connects = 0

        c.will_set(self.topics.status, OFFLINE, qos=1, retain=True)
        c.reconnect_delay_set(settings.reconnect_min_s, settings.reconnect_max_s)
        c.max_inflight_messages_set(settings.window + RESERVE)
        c.max_queued_messages_set(settings.window + RESERVE)
        c.on_connect, c.on_disconnect = self._on_connect, self._on_disconnect
        c.on_publish, c.on_message = self._on_publish, self._on_message
        c.on_connect_fail = self._on_connect_fail
        self._told_unreachable = False
        self.client = c
        self._publisher = threading.Thread(target=self._run, name="waage-mqtt-publisher", daemon=True)

    # ------------------------------------------------------------------ start / stop
    def start(self) -> "MqttObserver":
        """Connect in the background (the broker may be down: paho retries with back-off)."""
        s = self.settings
        log.info("MQTT: connecting to %s:%d as %s", s.host, s.broker_port, s.device_id)
        # MQTT 5's Maximum Packet Size: the broker never sends this client a bigger message (a
        # stranger's 80 MB league message is dropped by the broker, not read into memory here)
        props = Properties(PacketTypes.CONNECT)
        props.MaximumPacketSize = MAX_PACKET_BYTES
        self.client.connect_async(s.host, s.broker_port, keepalive=s.keepalive_s, clean_start=True,
                                  properties=props)
        self.client.loop_start()
        self._publisher.start()
        return self

    @property
    def close_wait_s(self) -> float:
        """How long ``close`` would wait now for the broker to acknowledge every event:
        ``flush_timeout_s``, or at most ``NEVER_CONNECTED_WAIT_S`` while the broker was never reached."""
        timeout_s = self.settings.flush_timeout_s
        return timeout_s if self.connects else min(timeout_s, NEVER_CONNECTED_WAIT_S)

    def close(self) -> None:
        """Clean stop: wait up to ``close_wait_s`` until every event is acknowledged,
        publish the last league tallies and state, then ``offline`` (retained, after them), disconnect,
        stop the threads, save the acknowledged line.
        A second call does nothing."""
        if self._closing:
            return
        timeout_s = self.close_wait_s
        if not self.wait_flushed(min(0.5, timeout_s)):
            s = self.settings
            log.warning("MQTT: waiting up to %g s for the broker at %s:%d to take events %d..%d%s",
                        timeout_s, s.host, s.broker_port, self.acked + 1, self.newest,
                        "" if self.connects else " (it was never reached)")
            if not self.wait_flushed(max(timeout_s - 0.5, 0.0)):
                later = ("they are lost with the simulator's throw-away log" if self._spool is not None
                         else "they are sent from the session log at the next start")
                log.warning("MQTT: stopping with events %d..%d not acknowledged; %s", self.acked + 1, self.newest,
                            later)
        self._closing = True
        self._wake.set()
        if self._publisher.is_alive():
            self._publisher.join(5.0)
        if self.connected:
            try:
                if self._league_dirty:  # a sip recorded after the publisher's last step
                    self._publish_league()
                self._publish_state()  # the last state (e.g. "ended" after the game's end), before offline
                self.client.publish(self.topics.status, OFFLINE, qos=1, retain=True).wait_for_publish(2.0)
            except (RuntimeError, ValueError):
                pass  # connection lost meanwhile: the broker publishes the last will instead
        self.client.disconnect()
        self.client.loop_stop()
        self._drain_acks()
        self._save_acked(force=True)
        self._cursor.close()
        if self._spool is not None:
            self._spool.close()
        if self._spool_dir is not None:
            shutil.rmtree(self._spool_dir, ignore_errors=True)

    def wait_flushed(self, timeout_s: float) -> bool:
        """Wait until the broker acknowledged every event so far; False at the timeout."""
        with self._flushed:
            return self._flushed.wait_for(lambda: self.acked >= self.newest, timeout=timeout_s)

    # ------------------------------------------------------------------ LiveObserver (game thread)
    def record(self, line: int, record: dict[str, Any]) -> None:
        """One session-log record (line = its 1-based line number): counted, and published from the log."""
        if self._spool is not None:
            if line != self.newest + 1:
                return  # a repeat or a gap: the throw-away log's lines must be the ids
            self._spool.write(json.dumps(record, ensure_ascii=False) + "\n")
            self._spool.flush()
        with self._lock:
            self.newest = max(self.newest, line)
            if record.get("event") in GAME_END_EVENTS:
                self._ended = True
            elif record.get("event") in GAME_BEGIN_EVENTS:
                self._ended = False
            if self.table.feed(record):
                self._league_dirty = True
                if self.leaderboard is not None:  # this table shows at once, with or without a broker
                    self.leaderboard.put(self.table.message())
            verdict = verdict_payload(record)
            if verdict is not None and self.connected:
                self._verdicts.append(verdict)  # live only: an old verdict must not flash the lights later
        self._wake.set()

    def state(self, snapshot: LiveSnapshot) -> None:
        """The newest snapshot (only the latest is kept)."""
        self._snapshot = snapshot
        self._wake.set()

    def league_view(self, page: int = 0) -> LeaderboardView | None:
        """The league's leaderboard for the OLED screen (None without a league)."""
        if self.leaderboard is None:
            return None
        with self._lock:
            return self.leaderboard.view(page)

    def league_json(self) -> dict[str, Any] | None:
        """The league's leaderboard as JSON for the web page's statistics (None without a league)."""
        if self.leaderboard is None:
            return None
        with self._lock:
            return self.leaderboard.to_json()

    # ------------------------------------------------------------------ paho callbacks (network thread)
    def _on_connect(self, client: mqtt.Client, _userdata: Any, _flags: Any, reason: Any, _props: Any) -> None:
        if reason.is_failure:
            log.warning("MQTT: the broker refused the connection: %s", reason)
            return
        self.connects += 1
        after_outage = self.connects > 1 or self._told_unreachable  # the broker was away: maybe restarted
        self._told_unreachable = False
        log.info("MQTT: connected to %s:%d", self.settings.host, self.settings.broker_port)
        subs = [(self.topics.ha_status, 1), (self.topics.status, 1), (self.topics.discovery, 1),
                (self.topics.state, 0)]
        if self.topics.league_filter:
            subs.append((self.topics.league_filter, 1))
        client.subscribe(subs)
        with self._lock:
            self.connected = True
            self._hello = True
            self._backlog_wait_s = self.settings.backlog_delay_s if after_outage else 0.0
        self._wake.set()

    def _on_connect_fail(self, _client: mqtt.Client, _userdata: Any) -> None:
        # paho calls this from inside its ``except OSError``: the exception tells TLS from the network
        exc = sys.exc_info()[1]
        if not self._told_unreachable:  # once per outage, not at every retry
            self._told_unreachable = True
            s = self.settings
            if isinstance(exc, ssl.SSLError):
                why = getattr(exc, "verify_message", None) or getattr(exc, "reason", None) or str(exc)
                log.warning("MQTT: the TLS handshake with the broker at %s:%d failed (%s): check [mqtt] ca_file "
                            "and the broker's certificate; the game goes on, retrying (at most every %d s)",
                            s.host, s.broker_port, why, s.reconnect_max_s)
            else:
                log.warning("MQTT: cannot reach the broker at %s:%d%s; the game goes on, retrying (at most every %d s)",
                            s.host, s.broker_port, f" ({exc.strerror or exc})" if isinstance(exc, OSError) else "",
                            s.reconnect_max_s)

    def _on_disconnect(self, _client: mqtt.Client, _userdata: Any, _flags: Any, reason: Any, _props: Any) -> None:
        with self._lock:
            was, self.connected = self.connected, False
        if was and not self._closing:
            log.warning("MQTT: connection lost (%s); the game goes on, reconnecting", reason)

    def _on_publish(self, _client: mqtt.Client, _userdata: Any, mid: int, _reason: Any, _props: Any) -> None:
        self._acks.append(mid)
        self._wake.set()

    def _on_message(self, _client: mqtt.Client, _userdata: Any, msg: mqtt.MQTTMessage) -> None:
        if msg.topic in (self.topics.status, self.topics.discovery, self.topics.league, self.topics.state):
            self._check_own(msg.topic, msg.payload)
            return
        if msg.topic == self.topics.ha_status:
            if msg.payload == ONLINE.encode():
                self._discovery_due = True  # Home Assistant (re)started: it wants the discovery again
                self._wake.set()
            return
        if self.leaderboard is not None and self.topics.league_filter and msg.topic.startswith(
                self.topics.league_filter[:-1]):
            device_id = msg.topic.rsplit("/", 1)[-1]
            if device_id == self.settings.device_id:
                return  # our own message: the local tallies are newer
            with self._lock:
                self.leaderboard.update(device_id, msg.payload, retained=bool(msg.retain))

    def _check_own(self, topic: str, payload: bytes) -> None:
        """A message on one of this scale's retained topics (status, state, discovery, league): ours
        (what we published last, or an earlier state still on its way back) is fine;
        anything else was written by another client (no broker ACL stops it): publish ours again,
        at most once per RESTORE_INTERVAL_S per topic, so a stranger's retained value does not stay."""
        if self._closing or not self.connected:
            return
        ours = self._published.get(topic)
        if ours is None or payload in ours:
            return
        now = self.clock()
        if now - self._restored_at.get(topic, -float("inf")) < RESTORE_INTERVAL_S:
            return
        self._restored_at[topic] = now
        log.warning("MQTT: a foreign message on %s (%d bytes); publishing ours again", topic, len(payload))
        with self._lock:
            self._restore.add(topic)
        self._wake.set()

    def _remember(self, topic: str, payload: str) -> None:
        self._published.setdefault(topic, collections.deque(maxlen=OWN_KEPT)).append(payload.encode())

    def _publish_retained(self, topic: str, payload: str) -> None:
        self._remember(topic, payload)
        self.client.publish(topic, payload, qos=1, retain=True)

    # ------------------------------------------------------------------ publisher thread
    def _run(self) -> None:
        while not self._closing:
            self._wake.wait(0.25)
            self._wake.clear()
            try:
                self._step()
            except Exception:  # noqa: BLE001 - the publisher must survive a bad record or a paho error
                log.exception("MQTT publisher step failed")

    def _step(self) -> None:
        self._drain_acks()
        if not self.connected or self._closing:
            return
        with self._lock:
            restore, self._restore = self._restore, set()
        if self.topics.status in restore:
            self._publish_retained(self.topics.status, ONLINE)
        if self.topics.discovery in restore:
            self._discovery_due = True
        if self.topics.league in restore:
            self._league_dirty = True
        if self.topics.state in restore:
            self._state_key = None  # the next _publish_state sends ours again
        if self._hello:
            self._hello = False
            self._discovery_due = True
            self._league_dirty = True
            self._state_key = None
            self._events_from, self._rewind = self.clock() + self._backlog_wait_s, True
            self._publish_retained(self.topics.status, ONLINE)
        if self._discovery_due:
            self._discovery_due = False
            self._publish_retained(self.topics.discovery, dumps(discovery_payload(self.settings, self.language)))
        if self._league_dirty:
            self._publish_league()
        self._publish_state()
        while self._verdicts:
            self.client.publish(self.topics.verdict, self._verdicts.popleft(), qos=0)
        self._pump_events()
        self._save_acked()

    def _publish_league(self) -> None:
        with self._lock:
            self._league_dirty = False
            msg = self.table.message()
        if self.topics.league is not None:
            self._publish_retained(self.topics.league, msg.model_dump_json())

    def _publish_state(self) -> None:
        snap = self._snapshot
        if snap is None:
            return
        payload = state_payload(snap, self._ended)
        key = {k: v for k, v in payload.items() if k != "grams"}
        now = self.clock()
        if key == self._state_key and (payload["grams"] == self._state_grams or now - self._state_at < STATE_INTERVAL_S):
            return
        text = dumps(payload)
        self._remember(self.topics.state, text)
        info = self.client.publish(self.topics.state, text, qos=0, retain=True)
        if info.rc == MQTTErrorCode.MQTT_ERR_SUCCESS:
            self._state_key, self._state_grams, self._state_at = key, payload["grams"], now

    def _pump_events(self) -> None:
        """Hand the next log lines to paho while the window has room (after the backlog delay)."""
        if self.clock() < self._events_from:
            return
        if self._rewind:
            self._rewind = False
            self._rewind_to(self.acked)
        while self.connected and len(self._inflight) < self.settings.window and self.sent < self.newest:
            item = self._cursor.next()
            if item is None:
                return  # the writer has not finished the line yet
            line, raw = item
            try:
                record = json.loads(raw)
            except ValueError:
                record = {"event": "unreadable_log_line"}
            info = self.client.publish(self.topics.event, event_payload(line, record), qos=1)
            if info.rc == MQTTErrorCode.MQTT_ERR_QUEUE_SIZE:  # cannot happen within the window; be safe
                self._rewind_to(self.sent)
                return
            self._inflight[info.mid] = line
            self.sent = line
            self._drain_acks()

    def _rewind_to(self, line: int) -> None:
        """Read the log again after line ``line``."""
        self._cursor.close()
        self._cursor = LogCursor(self.log_path)
        self.sent = self._cursor.skip_to(line)

    def _drain_acks(self) -> None:
        advanced = False
        while self._acks:
            line = self._inflight.pop(self._acks.popleft(), None)
            if line is not None and line > self.acked:
                self._acked_ahead.add(line)
        while self.acked + 1 in self._acked_ahead:
            self._acked_ahead.discard(self.acked + 1)
            self.acked += 1
            advanced = True
        if advanced:
            with self._flushed:
                self._flushed.notify_all()

    # ------------------------------------------------------------------ the log and the acknowledged line
    def _scan_log(self) -> int:
        """Count the log's lines and tally its sips for the league (streamed: bounded memory)."""
        cursor = LogCursor(self.log_path)
        try:
            while (item := cursor.next()) is not None:
                try:
                    self.table.feed(json.loads(item[1]))
                except ValueError:
                    continue
            return cursor.line
        finally:
            cursor.close()

    def _load_acked(self) -> int:
        if self.ack_path is None:
            return 0
        try:
            data = json.loads(self.ack_path.read_text(encoding="utf-8"))
            return int(data["acked_line"]) if data.get("log") == str(self.log_path) else 0
        except (OSError, ValueError, KeyError, TypeError):
            return 0

    def _save_acked(self, force: bool = False) -> None:
        if self.ack_path is None or self.acked == self._saved_acked:
            return
        now = self.clock()
        if not force and now - self._saved_at < SAVE_INTERVAL_S:
            return
        try:
            write_atomic(self.ack_path, dumps({"log": str(self.log_path), "acked_line": self.acked}) + "\n")
            self._saved_acked, self._saved_at = self.acked, now
        except OSError as exc:
            log.warning("MQTT: cannot save the acknowledged line in %s (%s)", self.ack_path, exc)
