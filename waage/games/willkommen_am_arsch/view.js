// Willkommen am Arsch's board and table on / and /tv (served in /static/views.js after games.js): the hat,
// the Stehtisch, Jail, the roll-off, the drinks and the fields, from its web details alone
// (waage/games/willkommen_am_arsch/web.py, WillkommenDetails). Every name is set as text, never as HTML.
function drinksGrouped(drinks) {
  const count = {};
  for (const d of drinks || []) count[d] = (count[d] || 0) + 1;
  return Object.entries(count).map(([d, n]) => el("span", "chip drink-" + d, `${n} × ${t("hg_drink_" + d)}`));
}

function board(s, d) {
  const jail = d.jail || [];
  const out = [
    card("hat", t("hg_hat"), d.hat ? nameSpan(d.hat) : "–"),
    card("stehtisch", t("hg_stehtisch"), ...(d.stehtisch && d.stehtisch.length ? drinksGrouped(d.stehtisch) : [t("hg_empty")])),
    card("jail" + (jail.length ? "" : " none"), t("hg_jail"), jail.length ? names(jail) : t("hg_nobody")),
  ];
  if (d.opening) {  // the roll-off for the Trottelmütze (WA-02): the lowest sum is marked
    const rolled = d.opening.rolled || [];
    const low = rolled.length ? Math.min(...rolled.map((r) => r.sum)) : null;
    const chips = rolled.map((r) => {
      const c = el("span", "chip roll" + (r.sum === low ? " low" : ""));
      c.append(nameSpan(r.player), ` ${r.sum}`);
      return c;
    });
    const toRoll = d.opening.to_roll || [];
    const rest = toRoll.length ? [el("span", "hg-rest", t("hg_to_roll", { names: toRoll.join(", ") }))] : [];
    out.unshift(card("opening wide", t("hg_opening_rolls"), ...chips, ...rest));
  }
  return out;
}

function table(s, d) {
  const drinks = d.drinks || {};
  const jail = d.jail || [];
  grid([t("hg_col_player"), t("hg_drink_bier"), t("hg_drink_kurzer"), t("hg_drink_wasser")],
    s.players.map((p) => {
      const dr = drinks[p] || {};
      const tags = [];
      if (p === d.hat) tags.push([t("hg_tag_hat"), "hat"]);
      if (jail.includes(p)) tags.push([t("hg_tag_jail"), "jail"]);
      const field = (d.fields || {})[p];  // where each piece last landed
      const who = playerCell(p, tags);
      // where the piece last landed, under the name (the device never moves pieces: the table says the field)
      if (field) who.appendChild(el("span", "sub", `${t("hg_col_field")}: ${t("hg_field_" + field)}`));
      return { cls: p === s.current ? "current" : "",
        cells: [who, fmt(dr.bier || 0), fmt(dr.kurzer || 0), fmt(dr.wasser || 0)] };
    }), "w");
}

GAME_VIEWS.willkommen_am_arsch = { board, table };
