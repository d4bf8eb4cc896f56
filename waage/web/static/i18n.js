// Texts of the web pages, German by default, English when the device is set to "en" (served as /static/i18n.js).
"use strict";
// TEXTS ({de: {...}, en: {...}}) is put in front of this file by the server: the texts live in
// Python, one home per language (waage/display/texts.py: WEB_TEXTS and the display's verdict words).
let LANG = "de";
function t(key, vars) { return tIn(LANG, key, vars); }
// a text in a given language (not the page's): a feed line is kept in every language
function tIn(lang, key, vars) {
  let s = (TEXTS[lang] && TEXTS[lang][key]) || TEXTS.de[key] || key;
  for (const [k, v] of Object.entries(vars || {})) s = s.replace("{" + k + "}", v);
  return s;
}
let translated = false;
function setLang(lang) {
  if (!TEXTS[lang] || (lang === LANG && translated)) return;
  LANG = lang;
  translated = true;
  document.documentElement.lang = lang;
  document.querySelectorAll("[data-i18n]").forEach((el) => { el.textContent = t(el.dataset.i18n); });
  document.querySelectorAll("[data-i18n-placeholder]").forEach((el) => { el.placeholder = t(el.dataset.i18nPlaceholder); });
}
function fmt(x, digits) {
  if (x === null || x === undefined) return "–";
  return (Number(x) + 0).toLocaleString(LANG === "de" ? "de-DE" : "en-GB",
    { minimumFractionDigits: digits || 0, maximumFractionDigits: digits || 0 });
}
// the places of a final table (standings best first, {members, points}): the winners share place 1, equal
// points share a place, the next place skips ("1., 2., 2., 4."); the same on /, /tv and /stats
function places(standings, winners) {
  let place = 0, prev = null;
  return standings.map((r, i) => {
    const members = r.members && r.members.length ? r.members : [r.name];
    const win = members.every((m) => winners.includes(m));
    if (win) place = 1; else if (r.points !== prev || place === 1) place = i + 1;
    prev = r.points;
    return place;
  });
}
document.addEventListener("DOMContentLoaded", () => setLang(LANG));
