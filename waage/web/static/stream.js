// One live stream per page: EventSource on /events, honest connection state, reconnects by itself.
"use strict";
const STALE_S = 2.0;
const Live = {
  state: null,        // the last "view" event: the snapshot without the live fields
  live: null,         // the last "grams" event
  liveAt: 0,          // performance.now() when it came
  lastMsgAt: 0,       // any event
  connected: false,
  handlers: { view: [], grams: [], log: [] },
  on(kind, fn) { this.handlers[kind].push(fn); },
  emit(kind, data, ev) { for (const fn of this.handlers[kind]) fn(data, ev); },
};

function connectLive() {
  const lastId = sessionStorage.getItem("waage-last-id");
  const es = new EventSource("/events" + (lastId ? "?last_id=" + encodeURIComponent(lastId) : ""));
  const seen = () => { Live.lastMsgAt = performance.now(); Live.connected = true; };
  // the banner follows each event at once (with what it drew), not only the next periodic check
  es.onopen = () => { seen(); checkHealth(); };
  es.addEventListener("view", (e) => {
    seen();
    Live.state = JSON.parse(e.data);
    if (Live.state.details && Live.state.details.lang) setLang(Live.state.details.lang);
    Live.emit("view", Live.state);
    checkHealth();
  });
  es.addEventListener("grams", (e) => {
    seen();
    Live.live = JSON.parse(e.data);
    Live.liveAt = performance.now();
    Live.emit("grams", Live.live);
    checkHealth();
  });
  es.addEventListener("log", (e) => {
    seen();
    sessionStorage.setItem("waage-last-id", e.lastEventId);
    Live.emit("log", JSON.parse(e.data), e);
    checkHealth();
  });
  es.onerror = () => {
    Live.connected = false;
    if (es.readyState === EventSource.CLOSED) {  // the browser gave up: start again ourselves
      setTimeout(connectLive, 1000);
    }
  };
}

function sensorAge() {
  if (!Live.live || Live.live.sample_age_s === null || Live.live.sample_age_s === undefined) return null;
  return Live.live.sample_age_s + (performance.now() - Live.liveAt) / 1000;
}

function checkHealth() {
  const banner = document.getElementById("banner");
  const ageEl = document.querySelector("[data-testid=age]");
  const streamAge = Live.lastMsgAt ? (performance.now() - Live.lastMsgAt) / 1000 : Infinity;
  const sAge = sensorAge();
  if (ageEl) ageEl.textContent = Number.isFinite(streamAge) ? t("age", { s: fmt(Math.min(streamAge, sAge ?? streamAge), 1) }) : "";
  let msg = null, note = null;
  if (!Live.lastMsgAt) msg = t("stream_connecting");  // nothing heard yet: the page has just opened
  else if (!Live.connected || streamAge > STALE_S) msg = t("stale_stream");
  else if (Live.live && Live.live.fault) msg = t("fault", { k: Live.live.fault });
  else if (sAge !== null && sAge > STALE_S && Live.state && Live.state.details && Live.state.details.sim_waits_for_input) {
    note = t("sim_waiting");
  } else if (sAge !== null && sAge > STALE_S) msg = t("stale_sensor", { s: fmt(sAge, 0) });
  if (banner) {
    banner.hidden = msg === null && note === null;
    banner.textContent = msg || note || "";
    banner.classList.toggle("note", msg === null && note !== null);
  }
  document.body.classList.toggle("stale", msg !== null);
  // the weight on the page is old (no sample for STALE_S, none at all, a fault or a dead stream): greyed out,
  // so nobody reads a number the scale no longer stands behind (the simulator's pause is no such case)
  const weightStale = msg !== null || (note === null && Live.live !== null && sAge === null);
  document.body.classList.toggle("weight-stale", weightStale);
  document.querySelectorAll("[data-testid=grams], [data-testid=net], [data-testid=drunk]").forEach((e) => {
    e.dataset.stale = weightStale ? "1" : "";
  });
}

document.addEventListener("DOMContentLoaded", () => {
  connectLive();
  setInterval(checkHealth, 250);
});
