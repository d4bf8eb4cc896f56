// /stats: the running game's own figures (GET /api/stats, computed by waage/stats from the game's
// records): a table per player with whole words as column headers, the teams and the rounds of
// Ein Arsch, the winner and final table of a finished game; for the Waagespiel also the last
// attempt's weight curve against its target band and the history (uPlot).
"use strict";
let curvePlot = null, historyPlot = null;

function chartWidth(el) { return Math.max(el.clientWidth - 8, 280); }
function has(key) { return TEXTS.de[key] !== undefined; }

// the column's header: the game's own word (stat_<game>_<col>), else stat_<col>, else the Waagespiel's
function label(game, col) {
  for (const key of [`stat_${game}_${col}`, `stat_${col}`, col]) if (has(key)) return t(key);
  return col;
}

function cell(col, value) {
  if (value === null || value === undefined) return "–";
  if (typeof value === "boolean") return t(value ? "stats_yes" : "stats_no");
  if (col === "hat_s") {
    const s = Math.round(value);
    return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  }
  if (col === "hit_rate") return fmt(value * 100) + " %";
  if (col === "mean_error_g") return fmt(value, 1) + " g";
  if (col === "litres") return fmt(value, 2);
  return fmt(value);
}

function fillTable(table, headers, rows) {
  const head = document.createElement("tr");
  for (const h of headers) {
    const th = document.createElement("th");
    th.textContent = h;
    head.appendChild(th);
  }
  if (table.tHead) table.tHead.replaceChildren(head);
  table.tBodies[0].replaceChildren(...rows.map(([key, cells]) => {
    const tr = document.createElement("tr");
    tr.dataset.player = key;
    cells.forEach((c, i) => {
      const td = document.createElement("td");
      td.textContent = c;
      if (i > 0) td.dataset.label = headers[i];
      tr.appendChild(td);
    });
    return tr;
  }));
}

// the game's facts over its table (GET /api/stats ``facts``: each {lang: text}, from the game's kit)
function drawFacts(data) {
  const facts = (data.facts || []).map((f) => f[LANG] || f.de || "");
  document.querySelector("[data-testid=facts]").replaceChildren(...facts.map((f) => {
    const li = document.createElement("li");
    li.textContent = f;
    return li;
  }));
}

function drawTables(data) {
  const cols = data.columns;
  fillTable(document.querySelector("[data-testid=stats-table]"), [t("player"), ...cols.map((c) => label(data.game, c))],
    Object.entries(data.per_player).map(([name, st]) => [name, [name, ...cols.map((c) => cell(c, st[c]))]]));
  document.querySelector("[data-testid=legend]").textContent = data.weighs ? "1 g ≈ 1 ml" : "";
  const teams = Object.entries(data.teams || {});
  const teamCols = cols.filter((c) => teams.length && c in teams[0][1]);
  document.querySelector("[data-testid=teams]").hidden = !teams.length;
  fillTable(document.querySelector("[data-testid=teams-table]"),
    [t("stat_team"), ...teamCols.map((c) => label(data.game, c))],
    teams.map(([name, st]) => [name, [name, ...teamCols.map((c) => cell(c, st[c]))]]));
  const rounds = (data.extra && data.extra.rounds) || [];
  document.querySelector("[data-testid=rounds]").hidden = !rounds.length;
  fillTable(document.querySelector("[data-testid=rounds-table]"),
    [t("player"), ...rounds.map((r) => t("stat_round_n", { n: r.round }))],
    rounds.length ? data.players.map((p) => [p, [p, ...rounds.map((r) => fmt(r.points[p] || 0))]]) : []);
}

function drawResult(result) {
  const box = document.querySelector("[data-testid=result]");
  box.hidden = !result;
  if (!result) return;
  document.querySelector("[data-testid=winner]").textContent = t("stats_winner", { names: result.winners.join(", ") });
  const rank = places(result.standings, result.winners);  // ties share a place, as on / and /tv (i18n.js)
  fillTable(document.querySelector("[data-testid=result-table]"), ["", ""],
    result.standings.map((s, i) => [s.name, [`${rank[i]}. ${s.name}`, fmt(s.points)]]));
}

function drawCurve(last) {
  const box = document.getElementById("curve");
  if (curvePlot) { curvePlot.destroy(); curvePlot = null; }
  if (!last) { box.textContent = t("no_attempt"); return; }
  const title = `${last.player}: ${fmt(last.grams)} g – ${t("verdict_" + last.verdict)}`;
  // a curve needs two weights at least (the load before the lift, the judged one after it); a lifted glass
  // is a gap (null) in it
  if ((last.curve || []).filter((p) => p[1] !== null).length < 2) {
    const line = (cls, text, testid) => {
      const div = document.createElement("div");
      div.className = cls;
      div.textContent = text;
      div.dataset.testid = testid;
      return div;
    };
    box.replaceChildren(line("curve-title", title, "curve-title"), line("no-curve", t("no_curve"), "no-curve"));
    return;
  }
  box.textContent = "";
  const xs = last.curve.map((p) => p[0]);
  const ys = last.curve.map((p) => p[1]);
  const lo = xs.map(() => last.band_low_g ?? null), hi = xs.map(() => last.band_high_g ?? null);
  curvePlot = new uPlot({
    title,
    width: chartWidth(box), height: 260,
    scales: { x: { time: false } },
    axes: [{ label: t("seconds") }, { label: "g" }],
    // the judged weight (the curve's last point) as a dot: after the lift's gap it has no line to it
    series: [{ label: t("seconds") }, { label: t("on_scale"), stroke: "#e67e00", width: 3,
      points: { show: true, size: 10, fill: "#e67e00", filter: () => [xs.length - 1] } },
      { label: `${t("target_band")} (min)`, stroke: "#2e9e5b", dash: [6, 4] },
      { label: `${t("target_band")} (max)`, stroke: "#2e9e5b", dash: [6, 4] }],
    bands: [{ series: [3, 2], fill: "rgba(46, 204, 113, 0.25)" }],
  }, [xs, ys, lo, hi], box);
}

function drawHistory(rows) {
  const box = document.getElementById("history");
  if (historyPlot) { historyPlot.destroy(); historyPlot = null; }
  if (!rows.length) { box.textContent = t("no_attempt"); return; }
  box.textContent = "";
  historyPlot = new uPlot({
    width: chartWidth(box), height: 240,
    scales: { x: { time: false } },
    axes: [{ label: t("attempts") }, { label: "g" }],
    series: [{ label: t("attempts") }, { label: t("drunk"), stroke: "#e67e00", width: 2, points: { size: 8 } },
      { label: t("target"), stroke: "#1f6fb2", dash: [4, 4], points: { size: 5 } }],
  }, [rows.map((r) => r.n), rows.map((r) => r.grams), rows.map((r) => r.target_g)], box);
}

async function refresh() {
  const data = await (await fetch("/api/stats", { cache: "no-store" })).json();
  setLang(data.lang);
  document.body.dataset.game = data.game;
  document.body.dataset.weighs = data.weighs ? "1" : "";
  document.querySelector("[data-testid=game-title]").textContent = data.title;
  document.querySelector("[data-testid=brand]").textContent = data.title;  // the game played now, not the device's name
  drawResult(data.result);
  drawFacts(data);
  drawTables(data);
  document.querySelector("[data-testid=weighing]").hidden = !data.weighs;
  if (data.weighs) {
    drawCurve(data.last_attempt);
    drawHistory(data.history);
  } else {
    drawCurve(null);
    drawHistory([]);
  }
}

let pending = null;
const later = () => { clearTimeout(pending); pending = setTimeout(refresh, 200); };
// a helper game's every record may change its figures; a weighing game's figures change with a sip,
// a choice or a new game (not with the weight stream's own records); a new snapshot may bring the final table
Live.on("log", (r) => {
  if (document.body.dataset.weighs && !["sip", "chosen", "game_started"].includes(r.event)) return;
  later();
});
Live.on("view", (s) => { if (s.details && s.details.result) later(); });
document.addEventListener("DOMContentLoaded", refresh);
