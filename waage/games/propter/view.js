// Propter's board and table on / and /tv (served in /static/views.js after games.js): the BS slots and their
// resistance (PR-01), the race to the trophies (PR-06), the hands, who fell off, from its web details alone
// (waage/games/propter/web.py, PropterDetails). Every name is set as text, never as HTML.
function board(s, d) {
  const win = d.win_points;
  const out = (d.resistance || []).map((r, i) => {
    const c = el("div", "hg-card bs" + (r === 1 ? " weak" : ""));
    c.dataset.slot = String(i + 1);
    c.appendChild(el("div", "hg-label", t("hg_bs", { n: i + 1 })));
    const v = el("div", "hg-value");
    v.appendChild(el("span", "resistance", String(r)));
    c.appendChild(v);
    const foot = el("div", "hg-foot");
    foot.append(el("span", "", t("hg_resistance") + " "), pips(r, d.resistance_max));
    c.appendChild(foot);
    return c;
  });
  const race = el("div", "hg-card race");
  race.appendChild(el("div", "hg-label", t("hg_race", { n: win })));
  const lead = Math.max(0, ...Object.values(d.points || {}));
  const leaders = lead ? s.players.filter((p) => (d.points || {})[p] === lead) : [];
  const v = el("div", "hg-value");
  if (leaders.length) {  // the leading score big, who holds it smaller (many may share it)
    const who = el("span", "hg-leaders");
    who.append(names(leaders));
    v.append(pips(lead, win, "gold"), who);
  } else v.textContent = "–";
  race.appendChild(v);
  out.push(race);
  if ((d.out || []).length) out.push(card("out", t("hg_fell"), names(d.out)));
  return out;
}

function table(s, d) {
  grid([t("hg_col_player"), t("hg_col_trophies"), t("hg_col_hand")], s.players.map((p) => {
    const gone = (d.out || []).includes(p);
    const tags = [];
    if (p === s.current) tags.push([t("hg_tag_turn"), "turn"]);
    if (gone) tags.push([t("hg_tag_fell"), "out"]);
    const pts = (d.points || {})[p] || 0;
    const trophies = document.createDocumentFragment();
    trophies.append(el("span", "n", fmt(pts)), pips(pts, d.win_points, "gold"));
    return { cls: p === s.current ? "current" : (gone ? "gone" : ""),
      cells: [playerCell(p, tags), trophies, fmt((d.hands || {})[p] ?? 0)] };
  }), "p");
}

GAME_VIEWS.propter = { board, table };
