// Ein Arsch kommt selten allein's board and table on / and /tv (served in /static/views.js after games.js):
// the round, the teams, who is out, who was skipped, the penalty points, from its web details
// (waage/games/arsch_selten_allein/web.py, ArschDetails) and the skips the feed saw (HG.skips).
// Every name is set as text, never as HTML.
function board(s, d) {
  const out = [card("round", t("round"), String(d.round))];
  for (const team of d.teams || []) {
    const c = card("team", t("hg_team", { n: team.n }), el("span", "big", fmt(team.points)));
    c.appendChild(el("div", "hg-members")).append(names(team.members));
    out.push(c);
  }
  out.push(card("out" + ((d.out || []).length ? "" : " none"), t("hg_out"), (d.out || []).length ? names(d.out) : t("hg_nobody")));
  const skips = s.phase === "play" ? HG.skips : [];
  out.push(card("skips" + (skips.length ? "" : " none"), t("hg_skips"), skips.length ? names(skips) : t("hg_nobody")));
  return out;
}

function table(s, d) {
  const last = d.last_round;
  const heads = [t("hg_col_player")];
  if (last) heads.push(t("hg_col_last_round", { n: last.n }));
  heads.push(t("hg_col_penalty"));
  grid(heads, s.players.map((p) => {
    const tags = [];
    if (p === s.current) tags.push([t("hg_tag_turn"), "turn"]);
    if ((d.out || []).includes(p)) tags.push([t("hg_tag_out"), "out"]);
    if (s.phase === "play" && HG.skips.includes(p)) tags.push([t("hg_tag_skips"), "skips"]);
    const team = (d.teams || []).find((tm) => tm.members.includes(p));
    if (team) tags.push([t("hg_team", { n: team.n }), "team"]);
    const cells = [playerCell(p, tags)];
    if (last) cells.push(fmt(last.points[p] || 0));
    cells.push(fmt((d.totals || {})[p] || 0));
    return { cls: p === s.current ? "current" : ((d.out || []).includes(p) ? "gone" : ""), cells };
  }), "a");
}

GAME_VIEWS.arsch_selten_allein = { board, table };
