// /stats: per player figures, the last attempt's weight curve against its target band, the history (uPlot).
"use strict";
const COLUMNS = [["chosen", 0], ["attempts", 0], ["hits", 0], ["exact", 0], ["misses", 0],
  ["hit_rate", "pct"], ["mean_error", 1], ["grams", 0], ["litres", 2]];
let curvePlot = null, historyPlot = null;

function chartWidth(el) { return Math.max(el.clientWidth - 8, 280); }

function drawTable(data) {
  const table = document.querySelector("[data-testid=stats-table]");
  const head = document.createElement("tr");
  for (const key of ["player", ...COLUMNS.map((c) => c[0])]) {
    const th = document.createElement("th");
    th.textContent = key === "player" ? t(key) : t("col_" + key);
    th.title = t(key);
    head.appendChild(th);
  }
  table.tHead.replaceChildren(head);
  document.querySelector("[data-testid=legend]").textContent =
    COLUMNS.map(([key]) => `${t("col_" + key)} = ${t(key)}`).join(" · ") + " (1 g ≈ 1 ml)";
  table.tBodies[0].replaceChildren(...Object.entries(data.per_player).map(([name, st]) => {
    const tr = document.createElement("tr");
    tr.dataset.player = name;
    const cells = [name, ...COLUMNS.map(([key, digits]) => {
      const value = key === "mean_error" ? st.mean_error_g : st[key];
      if (value === null || value === undefined) return "–";
      if (digits === "pct") return fmt(value * 100) + " %";
      return fmt(value, digits) + (key === "mean_error" ? " g" : "");
    })];
    cells.forEach((c, i) => {
      const td = document.createElement("td");
      td.textContent = c;
      if (i > 0) td.dataset.label = t(COLUMNS[i - 1][0]);
      tr.appendChild(td);
    });
    return tr;
  }));
}

function drawCurve(last) {
  const box = document.getElementById("curve");
  if (curvePlot) { curvePlot.destroy(); curvePlot = null; }
  if (!last || !last.curve || !last.curve.length) { box.textContent = t("no_attempt"); return; }
  box.textContent = "";
  const xs = last.curve.map((p) => p[0]);
  const ys = last.curve.map((p) => p[1]);
  const lo = xs.map(() => last.band_low_g), hi = xs.map(() => last.band_high_g);
  curvePlot = new uPlot({
    title: `${last.player}: ${fmt(last.grams)} g – ${t("verdict_" + last.verdict)}`,
    width: chartWidth(box), height: 260,
    scales: { x: { time: false } },
    axes: [{ label: t("seconds") }, { label: "g" }],
    series: [{ label: t("seconds") }, { label: t("on_scale"), stroke: "#e67e00", width: 3 },
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
  drawTable(data);
  drawCurve(data.last_attempt);
  drawHistory(data.history);
}

let pending = null;
Live.on("log", (r) => {
  if (!["sip", "chosen", "game_started"].includes(r.event)) return;
  clearTimeout(pending);
  pending = setTimeout(refresh, 200);
});
document.addEventListener("DOMContentLoaded", refresh);
