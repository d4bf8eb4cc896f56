// The table view for phones (/) and the TV (/tv): drawn from the same view models as the OLED.
"use strict";
const $ = (id) => document.querySelector(`[data-testid="${id}"]`);

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function showDice(dice) {
  const box = $("dice");
  box.hidden = !dice;
  if (!dice) return;
  box.querySelectorAll(".die").forEach((d, i) => {
    d.dataset.value = dice[i];
    d.setAttribute("aria-label", String(dice[i]));
    if (!d.children.length) for (let k = 0; k < 9; k++) d.appendChild(el("span", "pip"));
  });
}

function verdictText(grams, verdict) {
  return `${fmt(grams)} g – ${t("verdict_" + verdict)}`;
}

// the games as the server registers them (GET /api/games: id, title per language, uses_scale)
let GAMES = {};
let lastState = null;
const gameTitle = (id) => (GAMES[id] ? GAMES[id].title[LANG] || GAMES[id].title.de : id);
const weighs = (id) => Boolean(GAMES[id] && GAMES[id].uses_scale);
// a helper game (no scale): its snapshot carries the helper screen; the registry says so too
const isHelperGame = (s) => Boolean((s.details || {}).helper) || Boolean(GAMES[s.game] && !GAMES[s.game].uses_scale);
let shownGame = null;

function resetSections() {
  // another game: nothing of the last one stays on the page (rolls, dice, verdict, helper lines, feed)
  $("rolls").replaceChildren();
  $("dice").hidden = true;
  $("verdict-box").hidden = true;
  $("target").hidden = true;
  $("helper").hidden = true;
  $("helper").querySelector("ul").replaceChildren();
  $("standings").replaceChildren();
  $("ticker").replaceChildren();
}

function role(v, s) {
  // who: the player the game waits for (as /api/state "current"); what: what they do now
  if (!weighs(s.game)) return [gameTitle(s.game), ""];
  const doing = {
    setup: t("role_start"), rolling: t("role_rolls"), tie_break: t("role_rolls"), choosing: t("role_chooses"),
    drinking: t("role_drinks"), awaiting_refill: t("role_refill"),
  }[s.phase] || "";
  switch (v.type) {
    case "DiceEntryView": return [s.current || v.player, t("role_enters")];
    case "TieBreakView": return [s.current || v.players[0], `${v.name}: ${v.players.join(" · ")}`];
    case "ChosenView": return [s.current || v.player, t("role_chosen")];
    case "DrinkingView": return [s.current || v.player, v.lifted ? t("lifted") : t("role_drinks")];
    case "RefillView": return [s.current || "", v.needed ? t("refill_needed") : `${fmt(v.added_g)} g ${t("refill_added")}`];
    case "SetupView": return [s.current || v.starter, t("role_start")];
    case "FaultView": return [s.current || "", t("phase_paused")];
    case "StatsView": return [s.current || "", t("stats")];
    case "MessageView": return [v.title, v.lines.join(" ")];
    case "ScaleView": return [s.current || "", t("nav_scale")];
    case "GlassWeighView": return [t("weigh_glass"), v.note || ""];
    case "GlassUnknownView": return [s.current || "", t("glass_unknown")];
    case "NumberEntryView": return [v.title, ""];
    // a menu of the device (the glass's size, the game menu): the game waits behind it, nobody rolls meanwhile
    case "ListView": return [v.title, t("role_device_menu")];
    default: return [s.current || "", doing];
  }
}

// one text of the web details in the page's language ({lang: text}, waage/live/details.py)
function inLang(words) { return (words && (words[LANG] || words.de)) || ""; }

function renderView(s) {
  lastState = s;
  if (s.game !== shownGame) {
    if (shownGame !== null) resetSections();
    shownGame = s.game;
  }
  const v = s.view || {};
  const d = s.details || {};
  // the phase and the round, each whole on its line ("Runde läuft" / "· Runde 1"), never a word per line
  const phase = d.phase_word ? inLang(d.phase_word) : t("phase_" + s.phase);  // the game's own word (its details)
  const parts = s.fault ? [t("phase_paused")] : [phase, ...(d.round ? [`· ${t("round")} ${d.round}`] : [])];
  $("phase").replaceChildren(...parts.flatMap((p, i) => [...(i ? [" "] : []), el("span", "part", p)]));
  document.querySelector(".scale").hidden = !weighs(s.game);
  const [who, what] = role(v, s);
  // a player's name never breaks inside (it shrinks instead); other words (a message's title) wrap
  $("player").replaceChildren((s.players || []).includes(who) ? el("span", "name", who) : document.createTextNode(who || "…"));
  $("player").dataset.value = s.current || "";  // for machines: as /api/state
  $("phase").dataset.value = s.phase || "";
  $("role").textContent = what || "";
  fitWidths();  // a long name shrinks to the screen's width, never breaks inside (games.js)

  // target window and what the Auserwählte has drunk (W-21: ±tolerance, bounds included)
  const tgt = $("target");
  const drinking = v.type === "DrinkingView" || v.type === "ChosenView";
  tgt.hidden = !drinking;
  if (drinking) {
    const drunk = v.type === "DrinkingView" ? v.drunk_g : 0;
    $("drunk").textContent = drunk === null ? "–" : fmt(Math.max(drunk, 0));
    $("target-text").textContent = `/ ${t("target")} ${v.target_g} g (${v.min_g}–${v.max_g})`;
    const top = v.max_g * 1.3;
    const pct = (g) => `${Math.min(Math.max(g / top, 0), 1) * 100}%`;
    const bar = $("bar");
    bar.querySelector(".window").style.left = pct(v.min_g);
    bar.querySelector(".window").style.width = `calc(${pct(v.max_g)} - ${pct(v.min_g)})`;
    bar.querySelector(".goal").style.left = pct(v.target_g);
    bar.querySelector(".fill").style.width = pct(drunk || 0);
    const inside = drunk !== null && drunk >= v.min_g && drunk <= v.max_g;
    bar.classList.toggle("inside", inside);
    bar.classList.toggle("over", drunk !== null && drunk > v.max_g);
  }

  const box = $("verdict-box");
  const verdict = v.type === "VerdictView" ? { ...v, now: true } : (d.verdict ? { ...d.verdict, now: false } : null);
  box.hidden = verdict === null;
  if (verdict) {
    box.className = `verdict ${verdict.now ? "now" : "past"} ${verdict.verdict}`;
    $("verdict-player").textContent = verdict.player;
    $("verdict").textContent = verdictText(verdict.grams, verdict.verdict);
  }

  // dice faces only for the player named above them: the dice being entered (manual dice). Under "Cem würfelt"
  // the roll before is Ben's: it stands in the rolls, the newest marked, never as dice under Cem's name
  showDice(v.type === "DiceEntryView" ? v.dice : null);
  const rolls = $("rolls");
  const shownRolls = ["RollView", "TieBreakView", "ChooseView", "ChosenView"].includes(v.type) ? (d.rolls || []) : [];
  rolls.replaceChildren(...shownRolls.map((r, i) => el("span", "roll" + (r.pasch ? " pasch" : "")
    + (i === shownRolls.length - 1 ? " last" : ""), `${r.player} ${r.sum}${r.pasch ? " ★" : ""}`)));

  // a helper game's state (Stehtisch, hat, turn, resistance, points) as the device words it
  const helper = $("helper");
  const hv = d.helper || (v.type === "HelperGameView" || v.type === "MessageView" ? v : null);
  helper.hidden = hv === null;
  if (hv) {
    helper.querySelector("h2").textContent = hv.title;
    helper.querySelector("ul").replaceChildren(...(hv.lines || []).map((line) => el("li", "", line)));
  }

  const stats = d.stats || {};
  $("standings").replaceChildren(...s.players.map((p) => {
    const st = stats[p] || {};
    const row = el("span", "seat" + (p === s.current ? " current" : ""), p);
    if (st.attempts) row.appendChild(el("small", "", ` ${st.hits}/${st.attempts}`));
    return row;
  }));
}

function renderGrams(live) {
  const g = $("grams");
  g.textContent = live.grams === null ? "–" : fmt(live.grams, 1);
  g.dataset.value = live.grams === null ? "" : String(live.grams);  // for machines: a plain number
}

const TICKER_MAX = 4;
function narrate(r) {
  switch (r.event) {
    case "roll": return `${r.player}: ${r.dice.join(" + ")} = ${r.sum}${r.pasch ? " (" + t("pasch") + ")" : ""}`;
    case "chosen": return `${r.player}: ${t("target")} ${r.target_g} g (${r.min_g}–${r.max_g})`;
    case "sip": return `${r.player}: ${verdictText(r.grams, r.verdict)}`;
    case "tie_break_started": return `${r.name}: ${r.players.join(", ")}`;
    case "refill": return `${fmt(r.grams)} g ${t("refill_added")}`;
    case "attempt_unmeasured": return `${r.player}: ${t(r.cause === "beside" ? "unmeasured_beside" : "unmeasured")}`;
    case "sensor_fault": return t("fault", { k: r.kind });
    default: return null;
  }
}
function addTicker(r) {
  if (r.event === "game_started") $("ticker").replaceChildren();  // a new game: a new ticker
  if (r.say) return;  // a helper game's record: its own feed shows it in words (games.js)
  const text = narrate(r);
  if (!text) return;
  const list = $("ticker");
  list.prepend(el("li", "", text));
  while (list.children.length > TICKER_MAX) list.lastChild.remove();
}

Live.on("view", renderView);
document.addEventListener("DOMContentLoaded", async () => {
  const games = await (await fetch("/api/games", { cache: "no-store" })).json();
  GAMES = Object.fromEntries(games.map((g) => [g.id, g]));
  if (lastState) Live.emit("view", lastState);  // again with the game titles known (every page part)
  const url = document.querySelector("[data-testid=url]");
  if (url) url.textContent = (await (await fetch("/api/state", { cache: "no-store" })).json()).url || "";
});
Live.on("grams", renderGrams);
Live.on("log", addTicker);
