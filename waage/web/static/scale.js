// The plain scale on / and /tv ("Waage mit Tarafunktion und großer digitaler Anzeige"): the net grams since the
// last tare, huge; shown with ?waage in the address, or while the device itself shows its "Waage" screen.
// The tare key (phone, with the PIN) sets the device's tare point: the game's reference is never touched.
// Also the note for a glass the device does not know (W-37), with the way out.
"use strict";
const scaleWanted = () => new URLSearchParams(location.search).has("waage");

function scaleMode(s) {
  const on = scaleWanted() || (s && s.view && s.view.type === "ScaleView");
  document.body.classList.toggle("scale-mode", Boolean(on));
  document.querySelector("[data-testid=plain-scale]").hidden = !on;
  const link = document.querySelector("[data-testid=scale-link]");
  if (link) {
    link.textContent = t(scaleWanted() ? "nav_game" : "nav_scale");
    link.setAttribute("href", scaleWanted() ? location.pathname : "?waage");
  }
}

function renderNet(live) {
  const net = document.querySelector("[data-testid=net]");
  const g = live.scale_g;
  net.textContent = g === null || g === undefined ? "–" : fmt(g, 0);
  net.dataset.value = g === null || g === undefined ? "" : String(g);
}

// what the number is: the net since the tare once the device has a tare point, before that the whole load
// (details.tared, the Waagespiel's web details); data-i18n follows, so a change of language keeps it
function renderNetLabel(s) {
  const label = document.querySelector("[data-testid=net-label]");
  const key = s && s.details && s.details.tared === true ? "net_since_tare" : "net_untared";
  label.dataset.i18n = key;
  label.textContent = t(key);
}

function renderGlassNote(s) {
  const box = document.querySelector("[data-testid=glass-unknown]");
  const d = (s && s.details) || {};
  const unknown = (s && s.glass_unknown) || d.glass_unknown || null;
  box.hidden = !unknown;
  if (!unknown) return;
  const glass = d.glass ? d.glass.glass_g : null;
  box.querySelector("[data-testid=glass-unknown-why]").textContent =
    t(unknown.reason === "lighter" ? "glass_lighter" : "glass_heavier", { load: fmt(unknown.load_g, 0), g: fmt(glass, 0) });
}

async function sendTare(e) {
  e.preventDefault();
  const form = e.target;
  const err = form.querySelector("[data-testid=tare-error]");
  err.textContent = "";
  const resp = await fetch("/api/tare", { method: "POST", headers: { "Content-Type": "application/json",
    "X-Waage-PIN": form.elements.pin.value.trim() }, body: "{}" });
  if (!resp.ok) {
    let data = {};
    try { data = await resp.json(); } catch (x) { data = {}; }
    err.textContent = Object.values(data.errors || { form: `HTTP ${resp.status}` }).join(" ");
  }
}

Live.on("view", (s) => { scaleMode(s); renderNetLabel(s); renderGlassNote(s); });
Live.on("grams", renderNet);
document.addEventListener("DOMContentLoaded", () => {
  scaleMode(null);
  const form = document.querySelector("[data-testid=tare-form]");
  if (form) form.addEventListener("submit", sendTare);
});
