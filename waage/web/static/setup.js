// /setup: players, seat order, starter, game, house rules, language; every change needs the PIN.
"use strict";
const form = () => document.getElementById("setup");
const field = (name) => form().elements.namedItem(name);

function fillStarter(selected) {
  const names = field("game.players").value.split("\n").map((s) => s.trim()).filter(Boolean);
  const sel = field("game.starter");
  const keep = selected !== undefined ? selected : sel.value;
  const first = document.createElement("option");
  first.value = "";
  first.textContent = `(${t("first")})`;
  sel.replaceChildren(first, ...names.map((n) => { const o = document.createElement("option"); o.value = n; o.textContent = n; return o; }));
  sel.value = names.includes(keep) ? keep : "";
}

function showErrors(errors) {
  document.querySelectorAll(".err").forEach((e) => { e.textContent = ""; });
  for (const [key, msg] of Object.entries(errors || {})) {
    const slot = document.querySelector(`.err[data-for="${CSS.escape(key)}"]`) || document.querySelector('.err[data-for="form"]');
    slot.textContent = slot.textContent ? slot.textContent + " " + msg : msg;
  }
}

function numberOrText(v) { return v.trim() === "" || Number.isNaN(Number(v)) ? v : Number(v); }

function body() {
  const f = form();
  return {
    game: {
      game: f.elements["game.game"].value,
      players: f.elements["game.players"].value.split("\n").map((s) => s.trim()).filter(Boolean),
      starter: f.elements["game.starter"].value || null,
      dice: f.elements["game.dice"].value,
    },
    rules: Object.fromEntries(["tolerance", "grams_per_pip", "pasch_grams", "streak_limit"]
      .map((k) => [k, numberOrText(f.elements["rules." + k].value)])),
    language: f.elements.language.value,
  };
}

async function send(path, payload) {
  const saved = document.querySelector("[data-testid=saved]");
  saved.hidden = true;
  const pin = field("pin").value.trim();
  const resp = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json", "X-Waage-PIN": pin },
    body: JSON.stringify(payload) });
  let data = {};
  try { data = await resp.json(); } catch (e) { data = { errors: { form: `HTTP ${resp.status}` } }; }
  if (resp.ok) {
    showErrors({});
    saved.textContent = t("saved");
    saved.hidden = false;
    field("pin").value = "";
  } else {
    showErrors(data.errors || { form: `HTTP ${resp.status}` });
  }
}

async function load() {
  const s = await (await fetch("/api/setup", { cache: "no-store" })).json();
  setLang(s.language);
  const f = form();
  f.elements["game.players"].value = s.game.players.join("\n");
  f.elements["game.game"].value = s.game.game;
  f.elements["game.dice"].value = s.game.dice;
  for (const [k, v] of Object.entries(s.rules)) if (f.elements["rules." + k]) f.elements["rules." + k].value = v;
  f.elements.language.value = s.language;
  fillStarter(s.game.starter || "");
}

document.addEventListener("DOMContentLoaded", () => {
  load();
  field("game.players").addEventListener("input", () => fillStarter());
  form().addEventListener("submit", (e) => { e.preventDefault(); send("/api/setup", body()); });
  document.querySelector("[data-testid=new-game]").addEventListener("click", () => send("/api/new-game", {}));
});
