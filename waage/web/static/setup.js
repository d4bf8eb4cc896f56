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

// the team variant (Ein Arsch kommt selten allein, AS-07): offered for a game that has one, with its number of players
let GAME_LIST = [];
function playerNames() { return field("game.players").value.split("\n").map((s) => s.trim()).filter(Boolean); }
// only what applies to the chosen game: dice for a game with dice, the house rules (grams) and the glass
// for a game that weighs (GET /api/games: uses_scale, dice)
function showForGame() {
  const game = GAME_LIST.find((g) => g.id === field("game.game").value);
  if (!game) return;
  document.querySelector("[data-testid=dice-row]").hidden = !game.dice;
  document.querySelector("[data-testid=rules]").hidden = !game.uses_scale;
  document.querySelector("[data-testid=glass-form]").hidden = !game.uses_scale;
}
// the header names the game the device plays now (its snapshot), as / and /tv do
let playing = null;
function showBrand() {
  const game = GAME_LIST.find((g) => g.id === playing);
  if (game) document.querySelector("[data-testid=brand]").textContent = game.title[LANG] || game.title.de;
}
function showTeams() {
  showForGame();
  const game = GAME_LIST.find((g) => g.id === field("game.game").value);
  const fits = Boolean(game && game.team_players && game.team_players === playerNames().length);
  document.querySelector("[data-testid=teams-row]").hidden = !fits;
  if (!fits) field("game.teams").checked = false;
}

// a number as the form writes it: in the page's language ("0,1" in German), all its decimals, no grouping
function decimal(x) {
  return typeof x === "number" ? x.toLocaleString(LANG === "de" ? "de-DE" : "en-GB",
    { maximumFractionDigits: 6, useGrouping: false }) : String(x ?? "");
}
// what a field holds as a number (a decimal comma as the point, as the form writes it), else its text (the
// server names the problem)
function numberOrText(v) {
  const x = v.trim().replace(",", ".");
  return x === "" || Number.isNaN(Number(x)) ? v : Number(x);
}

function body() {
  const f = form();
  return {
    game: {
      game: f.elements["game.game"].value,
      players: f.elements["game.players"].value.split("\n").map((s) => s.trim()).filter(Boolean),
      starter: f.elements["game.starter"].value || null,
      dice: f.elements["game.dice"].value,
      teams: f.elements["game.teams"].checked && !document.querySelector("[data-testid=teams-row]").hidden,
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

function fillGames(games, lang) {
  // the game registry's list (GET /api/games), in menu order
  field("game.game").replaceChildren(...games.map((g) => {
    const o = document.createElement("option");
    o.value = g.id;
    o.textContent = g.title[lang] || g.title.de;
    return o;
  }));
}

async function load() {
  const [s, games] = await Promise.all([
    fetch("/api/setup", { cache: "no-store" }).then((r) => r.json()),
    fetch("/api/games", { cache: "no-store" }).then((r) => r.json()),
  ]);
  setLang(s.language);
  fillGames(games, s.language);
  GAME_LIST = games;
  const f = form();
  f.elements["game.players"].value = s.game.players.join("\n");
  f.elements["game.game"].value = s.game.game;
  f.elements["game.dice"].value = s.game.dice;
  for (const [k, v] of Object.entries(s.rules)) if (f.elements["rules." + k]) f.elements["rules." + k].value = decimal(v);
  f.elements.language.value = s.language;
  fillStarter(s.game.starter || "");
  f.elements["game.teams"].checked = Boolean(s.game.teams);
  showTeams();
  if (playing === null) playing = s.game.game;
  showBrand();
}

// ---- the glass in use (W-36): weigh the empty glass on the scale; the answer comes as a log record
let glassPending = null;  // the timer while a weighing waits for its record
const BRIM_G_PER_L = 1010 * 1.1;  // grams of beer to the brim per litre to the mark (the host's capacity_for_size)

function glassResult(text, ok) {
  const out = document.querySelector("[data-testid=glass-result]");
  out.textContent = text;
  out.className = ok ? "ok" : "err";
}

// issue 30: a load that looks like a full glass is refused (code looks_full) until "Ja, leer: wiegen" sends empty
function askEmpty(shown) {
  document.querySelector("[data-testid=weigh-glass-empty]").hidden = !shown;
}

async function weighGlass(empty) {
  const size = field("glass.size_l").value;
  askEmpty(false);
  const resp = await fetch("/api/glass", { method: "POST", headers: { "Content-Type": "application/json",
    "X-Waage-PIN": field("pin").value.trim() },
    body: JSON.stringify({ size_l: size ? Number(size) : null, empty: empty === true }) });
  let data = {};
  try { data = await resp.json(); } catch (e) { data = { errors: { form: `HTTP ${resp.status}` } }; }
  if (!resp.ok) {
    showErrors(data.errors || { form: `HTTP ${resp.status}` });
    glassResult("", true);
    return;
  }
  showErrors({});
  glassResult(t("glass_sent"), true);
  clearTimeout(glassPending);
  glassPending = setTimeout(() => { glassPending = null; glassResult(t("glass_no_answer"), false); }, 5000);
}

function glassAnswer(r) {
  if (glassPending === null) return;
  if (r.event === "glass_weighed") {
    clearTimeout(glassPending);
    glassPending = null;
    const cap = r.glass_capacity_g ?? "–";
    glassResult(t("glass_weighed", { g: fmt(r.glass_g, 0), cap: fmt(cap, 0) }), true);
  } else if (r.event === "input_rejected" && r.code === "looks_full") {
    clearTimeout(glassPending);
    glassPending = null;
    const d = r.details || {};
    glassResult(t("glass_looks_full_" + d.reason, { load_g: fmt(d.load_g, 0), beer_g: fmt(d.beer_g, 0),
      full_g: fmt(d.full_g, 0) }), false);
    askEmpty(true);
  } else if (r.event === "input_rejected") {
    clearTimeout(glassPending);
    glassPending = null;
    const key = "why_" + (r.code || "");
    const why = TEXTS.de[key] ? t(key, r.details || {}) : t("why_other", { why: r.why || r.code || "?" });
    glassResult(t("glass_refused", { why }), false);
  }
}

Live.on("view", (s) => {
  playing = s.game;
  showBrand();
  const glass = (s.details || {}).glass;
  document.querySelector("[data-testid=glass-now]").textContent = glass
    ? `${fmt(glass.glass_g, 0)} g · ${fmt(glass.glass_capacity_g / BRIM_G_PER_L, 1)} l` : "–";
});
Live.on("grams", (live) => {
  const load = document.querySelector("[data-testid=glass-load]");
  load.textContent = live.load_g === null || live.load_g === undefined ? "–" : fmt(live.load_g, 1);
  load.dataset.value = live.load_g === null || live.load_g === undefined ? "" : String(live.load_g);
  document.querySelector("[data-testid=glass-steady]").textContent =
    live.steady === null || live.steady === undefined ? "" : t(live.steady ? "glass_steady" : "glass_unsteady");
});
Live.on("log", glassAnswer);

document.addEventListener("DOMContentLoaded", () => {
  load();
  document.querySelector("[data-testid=weigh-glass]").addEventListener("click", () => weighGlass(false));
  document.querySelector("[data-testid=weigh-glass-empty]").addEventListener("click", () => weighGlass(true));
  field("game.players").addEventListener("input", () => { fillStarter(); showTeams(); });
  field("game.game").addEventListener("change", showTeams);
  form().addEventListener("submit", (e) => { e.preventDefault(); send("/api/setup", body()); });
  document.querySelector("[data-testid=new-game]").addEventListener("click", () => send("/api/new-game", {}));
});
