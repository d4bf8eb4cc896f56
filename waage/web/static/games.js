// The pages of the games that do not weigh on / and /tv: who must act (big), the state the table argues
// about, the last events in words, the winner with the final table. Drawn from the live snapshot only: its
// ``details`` are the game's web details (the contract of waage/live/details.py: ``prompt``, ``result``,
// ``points_word``; a game's own counters are drawn by its kit's view.js, ``GAME_VIEWS``); the feed's
// sentences come from the server (the ``say`` of each log record, waage.display.helper_texts.narrate).
// Every name is set as text, never as HTML.
"use strict";

const HG = {
  game: null,        // the game the feed belongs to
  feed: [],          // the last events in words, {lang: sentence} (newest first)
  skips: [],         // Ein Arsch kommt selten allein: who was skipped at the last change of turn
  lastEvent: null,   // the previous record's event (a run of "skipped" records belongs to one turn)
  players: [],       // who plays (from game_started: "Alle trinken" needs everyone)
  run: null,         // the drink records in a row with the same drinks: {key, players, jailed, drinks: {lang: words}}
  jailedAhead: [],   // Jail players whose drink went to the Stehtisch right before a run of drinks (WA-05)
};
const HG_FEED_MAX = 6;
const HG_STORE = "waage-hg";

function hgSave() {
  try {
    sessionStorage.setItem(HG_STORE, JSON.stringify({ game: HG.game, feed: HG.feed, skips: HG.skips }));
  } catch (e) { /* a full or blocked storage only costs the memory across a reload */ }
}
function hgLoad() {
  try {
    const saved = JSON.parse(sessionStorage.getItem(HG_STORE) || "null");
    if (saved && typeof saved === "object" && sessionStorage.getItem("waage-last-id")) {
      HG.game = typeof saved.game === "string" ? saved.game : null;
      HG.feed = Array.isArray(saved.feed) ? saved.feed.filter((x) => x && typeof x === "object").slice(0, HG_FEED_MAX) : [];
      HG.skips = Array.isArray(saved.skips) ? saved.skips : [];
    }
  } catch (e) { /* nothing remembered */ }
}

function hgReset(game) {
  HG.game = game;
  HG.feed = [];
  HG.skips = [];
  HG.lastEvent = null;
  HG.run = null;
  HG.jailedAhead = [];
  const feed = $("hg-feed");
  if (feed) feed.replaceChildren();
  hgSave();
}

// ---- small builders (text only)
function nameSpan(name, cls) {
  return el("span", "name" + (cls ? " " + cls : ""), name);
}
function names(list) {
  // names that wrap between each other, never inside one; the dot keeps to the name before it (one nowrap
  // run "Anna\u00a0·"): a line may end after a dot, never begin with one, and no dot stands alone
  const box = el("span", "names");  // one box: in a flex card the names and dots stay one run of text
  list.forEach((n, i) => {
    if (i) box.appendChild(document.createTextNode(" "));
    if (i < list.length - 1) {
      const keep = el("span", "keep");
      keep.append(nameSpan(n), "\u00a0·");
      box.appendChild(keep);
    } else box.appendChild(nameSpan(n));
  });
  return box;
}
function card(cls, label, ...body) {
  const c = el("div", "hg-card " + cls);
  c.appendChild(el("div", "hg-label", label));
  const v = el("div", "hg-value");
  v.append(...body);
  c.appendChild(v);
  return c;
}
function tag(text, cls) { return el("span", "tag " + cls, text); }
function pips(n, of, cls) {
  const box = el("span", "pips " + (cls || ""));
  for (let i = 0; i < of; i++) box.appendChild(el("span", "pip" + (i < n ? " on" : "")));
  box.setAttribute("aria-label", `${n}/${of}`);
  return box;
}

// fit a big line to its box: shrink the font until no name (nor the line) reaches past the box's edge
function fitText(box, minPx) {
  box.style.fontSize = "";
  let size = parseFloat(getComputedStyle(box).fontSize);
  const over = () => box.scrollWidth > box.clientWidth + 1
    || [...box.querySelectorAll(".name")].some((n) => n.getBoundingClientRect().width > box.clientWidth + 1);
  while (over() && size > minPx) {
    size = Math.max(minPx, size * 0.92);
    box.style.fontSize = `${size}px`;
  }
}

// fit every name of a table or a card to its box: a name too wide for its cell (16 W's) gets a smaller font,
// never a cut or a break inside; the cells keep their width, so every column stays on the screen
function fitNames(root, minPx) {
  const list = [...root.querySelectorAll(".name")].filter((n) => n.getClientRects().length);
  for (const n of list) n.style.fontSize = "";
  for (const n of list) {
    const box = n.closest(".td, .hg-card");
    if (!box) continue;
    const unit = n.closest(".chip") || n;  // a chip (a name with its roll) never wraps: it fits whole
    // the dot that keeps to the name ("Anna\u00a0· ") must fit on its line too
    const dot = n.nextSibling && n.nextSibling.nodeType === 3 && n.nextSibling.data.startsWith("\u00a0") ? n.nextSibling : null;
    const endOf = () => {
      if (!dot) return unit.getBoundingClientRect().right;
      const range = document.createRange();
      range.setStart(dot, 0);
      range.setEnd(dot, Math.min(2, dot.data.length));
      return Math.max(unit.getBoundingClientRect().right, range.getBoundingClientRect().right);
    };
    for (let i = 0; i < 8; i++) {
      const r = box.getBoundingClientRect();
      const right = r.left + box.clientLeft + box.clientWidth - parseFloat(getComputedStyle(box).paddingRight);
      const excess = endOf() - right;
      const size = parseFloat(getComputedStyle(n).fontSize);
      if (excess <= 0.5 || size <= minPx) break;
      const w = n.getBoundingClientRect().width;
      n.style.fontSize = `${Math.max(minPx, size * Math.max(0.5, (w - excess - 1) / w))}px`;
    }
  }
}

// ---- the table of players (a grid of cells: phones and the TV draw it the same way)
function grid(heads, rows, cls) {
  const box = $("hg-table");
  box.className = "hg-table " + (cls || "");
  box.style.setProperty("--cols", String(heads.length - 1));
  const cells = heads.map((h, i) => el("div", "th" + (i ? " num" : ""), h));
  for (const row of rows) {
    row.cells.forEach((c, i) => {
      const cell = el("div", "td" + (i ? " num" : "") + (row.cls ? " " + row.cls : ""));
      if (c instanceof Node) cell.appendChild(c); else cell.textContent = c;
      cell.setAttribute("role", "cell");
      cells.push(cell);
    });
  }
  box.replaceChildren(...cells);
  box.classList.toggle("many", rows.length > 8);
}
function playerCell(p, tags) {
  const f = document.createDocumentFragment();
  f.appendChild(nameSpan(p));
  for (const [text, cls] of tags) f.appendChild(tag(text, cls));
  return f;
}

// ---- [who, what to do]: the details' prompt (waage/live/details.py), the same for every game
function prompt(s) {
  const p = (s.details || {}).prompt;
  if (!p) return [s.current ? [s.current] : [], ""];
  return [p.ask ? inLang(p.ask) : (p.who || []), inLang(p.do)];
}

// ---- a game's own board and table: its kit's page script (waage/games/<id>/view.js, served in /static/views.js)
// adds {board(s, d) -> [cards], table(s, d) -> fills #hg-table with grid()} under its id; a game without one
// shows its prompt, its feed and its final table
const GAME_VIEWS = {};

// ---- the winner and the final table (details.result: {winners, standings: [{name, members, points}]}, best first)
function renderWinner(s, result, d) {
  $("hg-won").textContent = t("hg_won");
  const teams = result.standings.some((r) => r.members.length > 1);
  const winners = $("hg-winners");
  if (teams) {
    const won = result.standings.filter((r) => r.members.every((m) => result.winners.includes(m)));
    winners.replaceChildren(...won.map((r, i) => {
      const f = el("span", "team");
      f.append(names(r.members));
      if (i < won.length - 1) {  // the dot keeps to the team's last name, as between names
        const last = f.querySelector(".names").lastChild;
        const keep = el("span", "keep");
        last.replaceWith(keep);
        keep.append(last, "\u00a0·");
        f.append(" ");
      }
      return f;
    }));
  } else winners.replaceChildren(names(result.winners));
  const pointsWord = d.points_word ? inLang(d.points_word) : t("hg_col_penalty");
  const rank = places(result.standings, result.winners);
  $("hg-table").setAttribute("aria-label", t("hg_final"));
  grid([t("hg_col_rank"), t("hg_col_player"), pointsWord], result.standings.map((r, i) => {
    const win = r.members.every((m) => result.winners.includes(m));
    const who = document.createDocumentFragment();
    who.append(names(r.members));
    return { cls: win ? "winner" : "", cells: [`${rank[i]}.`, who, fmt(r.points)] };
  }), "final");
  // the rank is the first column here: a name column would start the grid
  $("hg-table").classList.add("ranked");
}

function renderHelperGame(s) {
  const d = s.details || {};
  const box = $("hg");
  box.dataset.game = s.game;
  box.dataset.phase = s.phase || "";
  const result = d.result || null;
  $("hg-winner").hidden = result === null;
  $("hg-prompt").hidden = result !== null;
  $("hg-board").hidden = result !== null;
  if (result) {
    renderWinner(s, result, d);
  } else {
    const [who, what] = prompt(s);
    const whoBox = $("hg-who");
    if (Array.isArray(who)) whoBox.replaceChildren(names(who)); else whoBox.replaceChildren(el("span", "ask", who));
    whoBox.classList.toggle("question", !Array.isArray(who));
    $("hg-do").textContent = what;
    const view = GAME_VIEWS[s.game] || {};
    $("hg-board").replaceChildren(...(view.board ? view.board(s, d) : []));
    if (view.table) view.table(s, d); else $("hg-table").replaceChildren();
  }
  renderFeed();
  fitWidths();
}

// the page's width fitters: the current player's name (live.js), and a helper game's prompt, winners and names;
// fit.js runs them again after it shrank the TV's sizes to the screen
function fitWidths() {
  fitText($("player"), 16);  // a long name shrinks to the screen's width, never breaks inside
  if ($("hg").hidden) return;
  // a TV keeps names readable from 4 m (≥ 80 px, at least 60 % of that on a TV full of players, fit.js);
  // a narrow window shrinks them to its width
  const big = document.body.classList.contains("tv") && innerWidth >= 1200;
  const least = big ? 80 * Math.min(1, parseFloat(getComputedStyle(document.body).getPropertyValue("--fit")) || 1) : 14;
  fitText($("hg-who"), least);
  fitText($("hg-winners"), least);
  fitNames($("hg-board"), 8);
  fitNames($("hg-table"), 8);
}
// the sizes the width fitters set, taken back (the boxes' own sizes again)
function unfitWidths() {
  for (const id of ["player", "hg-who", "hg-winners"]) $(id).style.fontSize = "";
  document.querySelectorAll("[data-testid=hg] .name").forEach((n) => { n.style.fontSize = ""; });
}

function renderFeed() {
  const list = $("hg-feed");
  // in the page's language now (the records may come before the snapshot that says which)
  list.replaceChildren(...HG.feed.map((say) => el("li", "", String(say[LANG] || say.de || ""))));
}

// drink records in a row with the same drinks (a Kneipe: everybody drinks) become one feed line: "Alle trinken
// 1 Bier.", "Alle außer Cara trinken 1 Bier." (Cara in Jail, WA-05) or "Anna, Ben und Cara trinken je 1 Kurzer.";
// returns that line when ``r`` joins the run before it; ``jailedAhead``: who sent theirs to the Stehtisch just
// before the run began (a Jail player first in the order)
function drinkRun(r, jailedAhead) {
  if (r.event !== "drink" || !r.say_drinks || typeof r.player !== "string" || !Array.isArray(r.drinks)) {
    HG.run = null;
    return null;
  }
  const key = JSON.stringify([...r.drinks].sort());
  const run = HG.run;
  if (!run || run.key !== key || run.players.includes(r.player) || !HG.feed.length) {
    HG.run = { key, players: [r.player], jailed: jailedAhead, drinks: r.say_drinks };
    return null;
  }
  run.players.push(r.player);
  return runLine(run);
}

// the feed line of a run of drinks (two players or more); ``run.jailed``: who sent theirs to the Stehtisch
function runLine(run) {
  const all = HG.players.length ? HG.players : ((Live.state && Live.state.players) || []);
  const jailed = run.jailed || [];
  const drank = (p) => run.players.includes(p);
  const everyone = all.length > 0 && all.every(drank);
  const allBut = !everyone && jailed.length > 0 && all.length > 0 && all.every((p) => drank(p) || jailed.includes(p));
  const list = (lang, names) => names.length === 1 ? names[0]
    : names.slice(0, -1).join(", ") + " " + tIn(lang, "hg_and") + " " + names[names.length - 1];
  const line = {};
  for (const lang of Object.keys(run.drinks)) {
    const drinks = run.drinks[lang];
    if (everyone) line[lang] = tIn(lang, "hg_feed_drink_all", { drinks });
    else if (allBut) line[lang] = tIn(lang, "hg_feed_drink_all_but", { names: list(lang, jailed), drinks });
    else line[lang] = tIn(lang, "hg_feed_drink_each", { names: list(lang, run.players), drinks });
  }
  return line;
}

// a log record of a helper game (it carries its sentence in ``say``)
function helperRecord(r) {
  if (r.event === "input_rejected") return;  // the device's own notice, not the table's feed
  if (r.event === "game_started" || r.event === "game_resumed") {
    if (r.event === "game_started" || HG.game !== (r.game || "waagespiel")) hgReset(r.game || "waagespiel");
    if (Array.isArray(r.players)) HG.players = r.players.filter((p) => typeof p === "string");
  }
  if (r.event === "skipped" && typeof r.player === "string") {
    if (HG.lastEvent !== "skipped") HG.skips = [];
    HG.skips.push(r.player);
  } else if ((r.event === "turn" && HG.lastEvent !== "skipped") || r.event === "round_started") {
    HG.skips = [];
  }
  const runOn = HG.lastEvent === "drink";
  if (r.event === "stehtisch_add" && !runOn) {
    HG.jailedAhead = typeof r.player === "string" ? [...(HG.lastEvent === "stehtisch_add" ? HG.jailedAhead : []), r.player] : [];
  }
  const jailedAhead = HG.lastEvent === "stehtisch_add" ? HG.jailedAhead : [];
  if (runOn && HG.run && r.event === "stehtisch_add" && typeof r.player === "string" && r.say) {
    // a player in Jail drinks nothing: that drink goes to the Stehtisch in the middle of the field's drinks;
    // its line goes under the drinks' line and the drinks go on in the same line
    HG.run.jailed = [...(HG.run.jailed || []), r.player];
    if (HG.run.players.length > 1) HG.feed[0] = runLine(HG.run);
    HG.feed.splice(1, 0, r.say);
    HG.feed.length = Math.min(HG.feed.length, HG_FEED_MAX);
    hgSave();
    return helperDraw();
  }
  HG.lastEvent = r.event;
  if (!runOn) HG.run = null;
  const joins = drinkRun(r, jailedAhead);
  if (joins) HG.feed[0] = joins;  // the field's drinks in one line: the field itself stays in sight
  else if (r.say && typeof r.say === "object" && typeof r.say.de === "string") {
    HG.feed.unshift(r.say);
    HG.feed.length = Math.min(HG.feed.length, HG_FEED_MAX);
  }
  hgSave();
  helperDraw();
}
function helperDraw() {
  const s = Live.state;
  if (s && isHelperGame(s) && s.game === HG.game) renderHelperGame(s);
}

function helperView(s) {
  const helper = isHelperGame(s);
  document.body.classList.toggle("helper-mode", helper);
  // the header names the game being played (the Waagespiel's own pages keep the device's name)
  const brand = document.querySelector(".top .brand");
  if (brand) brand.textContent = helper && GAMES[s.game] ? gameTitle(s.game) : t("title");
  $("hg").hidden = !helper;
  if (!helper) return;
  if (HG.game === null) HG.game = s.game;  // a fresh page: the records before the first view are this game's
  else if (HG.game !== s.game) hgReset(s.game);  // another game than the remembered one: nothing of it stays
  renderHelperGame(s);
}

hgLoad();
Live.on("view", helperView);
Live.on("log", helperRecord);
