// Texts of the web pages, German by default, English when the device is set to "en".
"use strict";
const TEXTS = {
  de: {
    title: "Waagespiel", on_scale: "Bier im Glas (netto)", nav_stats: "Statistik", nav_setup: "Einrichten", nav_tv: "TV-Ansicht",
    phase_setup: "Vorbereitung", phase_rolling: "Würfeln", phase_tie_break: "Stechen", phase_choosing: "Auswahl",
    phase_drinking: "Trinken", phase_awaiting_refill: "Nachfüllen", phase_paused: "Pause", phase_playing: "Spiel läuft",
    role_rolls: "würfelt", role_drinks: "trinkt", role_chooses: "wählt die Auserwählte", role_enters: "gibt die Würfel ein",
    role_chosen: "ist die Auserwählte", role_refill: "Glas nachfüllen", role_start: "beginnt",
    target: "Ziel", drunk: "getrunken", lifted: "Glas ist oben",
    verdict_hit: "Treffer!", verdict_exact: "Grammgenau!", verdict_miss: "Daneben", verdict_emptied: "Glas leer",
    age: "vor {s} s", live: "live",
    stale_stream: "Verbindung zur Waage unterbrochen – verbinde neu …",
    stale_sensor: "Die Waage liefert keine Messwerte (seit {s} s)",
    fault: "Sensorfehler ({k}) – das Spiel ist pausiert",
    sim_waiting: "Simulator: die Zeit läuft nur, während ein Befehl ausgeführt wird",
    round: "Runde", attempt: "Versuch", next: "Nächste Runde beginnt", refill_needed: "Das Glas ist leer: bitte nachfüllen",
    unmeasured: "nicht gemessen – erst nach dem Urteil nachschenken!",
    refill_added: "nachgefüllt", chosen_by: "Einer-Pasch", pasch: "Pasch",
    stats: "Statistik", player: "Spieler", chosen: "Auserwählt", attempts: "Versuche", hits: "Treffer", exact: "Genau",
    misses: "Daneben", hit_rate: "Trefferquote", mean_error: "Ø Abweichung", grams: "Gramm", litres: "Liter",
    col_chosen: "Ausw.", col_attempts: "Vers.", col_hits: "Tr.", col_exact: "Gen.", col_misses: "Dan.",
    col_hit_rate: "Quote", col_mean_error: "Ø Abw.", col_grams: "g", col_litres: "l",
    last_attempt: "Letzter Versuch", history: "Verlauf", export: "Export", no_attempt: "Noch kein Versuch",
    seconds: "Sekunden", target_band: "Zielbereich",
    setup: "Einrichten", players: "Spieler (einer pro Zeile, in Sitzreihenfolge im Uhrzeigersinn)",
    starter: "Wer beginnt (der Durstigste)", game: "Spiel", dice: "Würfel", dice_electronic: "elektronisch (die Waage würfelt)",
    dice_manual: "echte Würfel, mit den Tasten eingeben", rules: "Hausregeln", tolerance: "Toleranz (0,10 = ±10 %)",
    grams_per_pip: "Gramm pro Auge", pasch_grams: "Ziel bei Pasch (g)", streak_limit: "Auserwählt in Folge bis zum Wechsel",
    language: "Sprache", pin: "PIN (steht auf dem Display der Waage)", apply: "Übernehmen und neues Spiel",
    new_game: "Neues Spiel (gleiche Einstellungen)", saved: "Übernommen – das neue Spiel beginnt. Die neue PIN steht auf dem Display.",
    first: "der Erste", join: "Mitspielen: Handy-Kamera auf den Code",
    nav_scale: "Waage", nav_game: "Spiel", net_since_tare: "netto seit Tara", tare: "Tara", pin_short: "PIN",
    glass_unknown: "Anderes Glas? Menü → Glas wiegen",
    glass_heavier: "{load} g auf der Waage: zu schwer für das Glas in Gebrauch ({g} g)",
    glass_lighter: "{load} g auf der Waage: leichter als das Glas in Gebrauch ({g} g)",
    glass: "Glas", glass_now: "Glas in Gebrauch", glass_on: "Auf der Waage", glass_size: "Größe",
    glass_scaled: "passend zum Glas", weigh_glass: "Glas wiegen", glass_steady: "ruhig", glass_unsteady: "noch unruhig",
    glass_hint: "Das leere Glas auf die Waage stellen, warten bis „ruhig“ dasteht, dann wiegen (mit PIN).",
    glass_sent: "Wird gewogen …", glass_weighed: "Glas gewogen: leer {g} g, fasst {cap} g Bier",
    glass_refused: "Nicht gewogen: {why}", glass_no_answer: "Keine Antwort der Waage",
    why_not_steady: "die Waage ist noch nicht ruhig", why_implausible: "{load_g} g ist kein leeres Glas (50 bis 2000 g)",
    why_attempt_under_way: "gerade wird getrunken – erst nach dem Urteil wiegen",
    why_paused: "die Waage hat einen Sensorfehler", why_no_scale: "dieses Spiel braucht keine Waage",
    why_bad_capacity: "diese Glasgröße passt nicht", why_other: "die Waage lehnt ab ({why})",
  },
  en: {
    title: "Waagespiel", on_scale: "beer in the glass (net)", nav_stats: "Statistics", nav_setup: "Set-up", nav_tv: "TV view",
    phase_setup: "Set-up", phase_rolling: "Rolling", phase_tie_break: "Tie-break", phase_choosing: "Choosing",
    phase_drinking: "Drinking", phase_awaiting_refill: "Refill", phase_paused: "Paused", phase_playing: "Playing",
    role_rolls: "rolls", role_drinks: "drinks", role_chooses: "chooses the Auserwählte", role_enters: "enters the dice",
    role_chosen: "is the Auserwählte", role_refill: "refill the glass", role_start: "starts",
    target: "target", drunk: "drunk", lifted: "glass is lifted",
    verdict_hit: "Hit!", verdict_exact: "Gram-exact!", verdict_miss: "Missed", verdict_emptied: "Glass empty",
    age: "{s} s ago", live: "live",
    stale_stream: "Lost the connection to the scale – reconnecting …",
    stale_sensor: "The scale sends no readings (for {s} s)",
    fault: "Sensor fault ({k}) – the game is paused",
    sim_waiting: "Simulator: time only passes while a command runs",
    round: "Round", attempt: "Attempt", next: "Next round starts", refill_needed: "The glass is empty: please refill",
    unmeasured: "not measured – pour only after the verdict!",
    refill_added: "refilled", chosen_by: "Einer-Pasch", pasch: "Pasch",
    stats: "Statistics", player: "Player", chosen: "Chosen", attempts: "Attempts", hits: "Hits", exact: "Exact",
    misses: "Misses", hit_rate: "Hit rate", mean_error: "Mean error", grams: "Grams", litres: "Litres",
    col_chosen: "Ch.", col_attempts: "Att.", col_hits: "Hit", col_exact: "Ex.", col_misses: "Miss",
    col_hit_rate: "Rate", col_mean_error: "Err.", col_grams: "g", col_litres: "l",
    last_attempt: "Last attempt", history: "History", export: "Export", no_attempt: "No attempt yet",
    seconds: "seconds", target_band: "target band",
    setup: "Set-up", players: "Players (one per line, in seat order, clockwise)",
    starter: "Who starts (the thirstiest)", game: "Game", dice: "Dice", dice_electronic: "electronic (the scale rolls)",
    dice_manual: "real dice, entered with the buttons", rules: "House rules", tolerance: "Tolerance (0.10 = ±10 %)",
    grams_per_pip: "Grams per pip", pasch_grams: "Target after a Pasch (g)", streak_limit: "Chosen in a row before the switch",
    language: "Language", pin: "PIN (shown on the scale's display)", apply: "Apply and start a new game",
    new_game: "New game (same settings)", saved: "Applied – the new game begins. The new PIN is on the display.",
    first: "the first", join: "Join: point your phone's camera at the code",
    nav_scale: "Scale", nav_game: "Game", net_since_tare: "net since the tare", tare: "Tare", pin_short: "PIN",
    glass_unknown: "Another glass? Menu → Weigh the glass",
    glass_heavier: "{load} g on the scale: too heavy for the glass in use ({g} g)",
    glass_lighter: "{load} g on the scale: lighter than the glass in use ({g} g)",
    glass: "Glass", glass_now: "Glass in use", glass_on: "On the scale", glass_size: "Size",
    glass_scaled: "scaled with the glass", weigh_glass: "Weigh the glass", glass_steady: "steady", glass_unsteady: "not steady yet",
    glass_hint: "Put the empty glass on the scale, wait for “steady”, then weigh (with the PIN).",
    glass_sent: "Weighing …", glass_weighed: "Glass weighed: empty {g} g, holds {cap} g of beer",
    glass_refused: "Not weighed: {why}", glass_no_answer: "No answer from the scale",
    why_not_steady: "the scale has not settled yet", why_implausible: "{load_g} g is no empty glass (50 to 2000 g)",
    why_attempt_under_way: "someone is drinking – weigh after the verdict",
    why_paused: "the scale has a sensor fault", why_no_scale: "this game uses no scale",
    why_bad_capacity: "that size does not fit", why_other: "the scale refused ({why})",
  },
};
let LANG = "de";
function t(key, vars) {
  let s = (TEXTS[LANG] && TEXTS[LANG][key]) || TEXTS.de[key] || key;
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
document.addEventListener("DOMContentLoaded", () => setLang(LANG));
