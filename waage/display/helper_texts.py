"""Texts of the three helper games, German and English (the engines carry no words).

- ``reason(code, details, lang)``: an ``InputRejected`` code of a helper engine in words.
- ``narrate(event, lang)``: one plain sentence per engine event (the simulator's narration).
- ``helper_view(engine, events, lang)``: the ``HelperGameView`` (title and at most
  ``MAX_LINES`` short lines) for the current screen: what the last input means, then
  the counters (hat and Stehtisch, round, resistance and points).
- ``drinks_text(drinks, lang)``: "2 Bier, 1 Kurzer" for a list of drink names.
- ``sim_word(name, lang)`` and ``SIM_HELP[game][lang]``: what the simulator's typed shells
  say (``waage sim``: the helper games' ``HelperShell`` and the Waagespiel's
  ``InteractiveShell``, whose words start with ``ws_``); the typed command words stay English.

Unknown languages fall back to German; a missing key in English falls back to German.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from waage.display.views import HelperGameView
from waage.games.arsch_selten_allein.events import Pair, Pass
from waage.games.propter.events import Discard, Play, Sting
from waage.games.willkommen_am_arsch.events import Drink, OpeningTie, StehtischAdd, Trottelmuetze, WaaRoll
from waage.rules.helpers.events import InputRejectedEvent, typed_helper

#: Lines below the title that ``HelperGameView`` shows (``screens._helper`` has three baselines).
MAX_LINES = 3
LANGS = ("de", "en")

DRINK_WORDS: dict[str, dict[str, tuple[str, str]]] = {
    "de": {"bier": ("Bier", "Bier"), "kurzer": ("Kurzer", "Kurze"), "wasser": ("Wasser", "Wasser")},
    "en": {"bier": ("beer", "beers"), "kurzer": ("shot", "shots"), "wasser": ("water", "waters")},
}

FIELD_WORDS: dict[str, dict[str, str]] = {
    "de": {
        "schuettelbude": "Schüttelbude", "trottelmuetze": "Trottelmütze", "stehtisch": "Stehtisch",
        "jail": "Jail", "kneipe": "Kneipe", "brennerei": "Brennerei", "parkbank": "Parkbank",
        "sauf_bier": "Sauf! 1 Bier", "sauf_kurzer": "Sauf! 1 Kurzen", "willkommen": "Willkommen am Arsch",
        "arschloch": "Arschloch-Karte", "taxi": "Taxi", "daemmerschoppen": "Dämmerschoppen",
        "fruehschoppen": "Frühschoppen", "teich": "Teich", "spielothek": "Spielothek", "pinkeln": "Pinkeln",
    },
    "en": {
        "schuettelbude": "Schüttelbude (shaker booth)", "trottelmuetze": "Trottelmütze (fool's cap)",
        "stehtisch": "Stehtisch (bar table)", "jail": "Jail", "kneipe": "Kneipe (pub)",
        "brennerei": "Brennerei (distillery)", "parkbank": "Parkbank (park bench)",
        "sauf_bier": "Drink! 1 beer", "sauf_kurzer": "Drink! 1 shot", "willkommen": "Willkommen am Arsch card",
        "arschloch": "Arschloch card", "taxi": "Taxi", "daemmerschoppen": "Dämmerschoppen (beer + shot)",
        "fruehschoppen": "Frühschoppen (two beers)", "teich": "Teich (pond)", "spielothek": "Spielothek (casino)",
        "pinkeln": "Pinkeln (toilet)",
    },
}

PHASE_WORDS: dict[str, dict[str, str]] = {
    "de": {"opening": "Mützenwurf", "roll": "Wurf", "field": "Feld", "taxi": "Taxi-Ziel",
           "spielothek": "Spielothek", "choose": "Wahl", "play": "Runde", "score": "Punkte zählen",
           "over": "Spielende", "turn": "Zug", "discarded": "nach dem Abwerfen"},
    "en": {"opening": "opening roll", "roll": "roll", "field": "field", "taxi": "taxi destination",
           "spielothek": "casino", "choose": "choice", "play": "round", "score": "scoring",
           "over": "game over", "turn": "turn", "discarded": "after the discard"},
}

REASONS: dict[str, dict[str, str]] = {
    "de": {
        "invalid": "Eingabe ungültig: {key}",
        "not_your_turn": "{player} ist nicht dran, sondern {expected}",
        "already_started": "Das Spiel läuft schon",
        "auto_unresolved": "Würfel fehlen",
        "field_owed": "Erst das Feld von {player} eingeben",
        "no_field_owed": "Kein Feld offen: erst würfeln",
        "meets_self": "{player} trifft sich nicht selbst",
        "meets_at_jail": "{player} sitzt in Jail, steht nicht hier",
        "meets_not_at_jail": "{player} sitzt nicht in Jail",
        "invite_not_here": "Einladen nur auf der Schüttelbude",
        "invite_self": "{player} lädt sich nicht selbst ein",
        "not_now": "Nicht jetzt ({phase})",
        "hat_never_pees": "Trottelmütze {player} darf nie aufs Klo",
        "pee_not_allowed": "{player} darf jetzt nicht ohne Mütze pinkeln",
        "no_choice": "Jetzt wird niemand gewählt",
        "not_a_candidate": "{player} steht nicht zur Wahl ({candidates})",
        "first_is_raise": "Die Runde beginnt mit einer Karte",
        "no_points_now": "Jetzt keine Punkte ({phase})",
        "points_for": "Punkte genau für: {expected}",
        "finish_between_rounds": "Ende nur zwischen den Runden",
        "game_over": "Das Spiel ist aus: {winner} hat gewonnen",
    },
    "en": {
        "invalid": "invalid input: {key}",
        "not_your_turn": "it is not {player}'s turn but {expected}'s",
        "already_started": "the game has already started",
        "auto_unresolved": "no dice given",
        "field_owed": "enter {player}'s field first",
        "no_field_owed": "no field is due: roll first",
        "meets_self": "{player} cannot meet themself",
        "meets_at_jail": "{player} stands at Jail, not here",
        "meets_not_at_jail": "{player} is not at Jail",
        "invite_not_here": "invitations only at the Schüttelbude",
        "invite_self": "{player} cannot invite themself",
        "not_now": "not now ({phase})",
        "hat_never_pees": "{player} wears the Trottelmütze: no toilet",
        "pee_not_allowed": "{player} has no permission to go now",
        "no_choice": "nobody is to be chosen now",
        "not_a_candidate": "{player} is not among {candidates}",
        "first_is_raise": "a round opens with a single card (raise)",
        "no_points_now": "no points now ({phase})",
        "points_for": "points for exactly: {expected}",
        "finish_between_rounds": "the game ends only between rounds",
        "game_over": "the game is over: {winner} won",
    },
}

#: One sentence per event (narration); ``{drinks}`` is already in words.
SAY: dict[str, dict[str, str]] = {
    "de": {
        "game_started": "Spiel beginnt: {players}.",
        "roll_opening": "{player} würfelt um die Mütze: {a}+{b} = {sum}.",
        "roll_move": "{player} würfelt {a}+{b} = {sum}{pasch}.",
        "roll_spielothek": "{player} zockt: {a}+{b}{pasch}.",
        "pasch": " (Pasch)",
        "opening_tie": "Gleichstand bei {sum}: {players} würfeln nochmal.",
        "trottelmuetze": "{player} bekommt die Trottelmütze.",
        "turn": "{player} ist dran.",
        "turn_again": "{player} ist nochmal dran (Pasch).",
        "field": "{player} landet auf {field}.",
        "field_meets": "{player} landet auf {field} und trifft {meets}.",
        "drink": "{player} trinkt {drinks}.",
        "stehtisch_add": "{drinks} auf den Stehtisch (jetzt {stehtisch}).",
        "stehtisch_add_player": "{player}: {drinks} auf den Stehtisch (jetzt {stehtisch}).",
        "stehtisch_emptied": "{player} leert den Stehtisch: {drinks}. Ein neues Bier steht drauf.",
        "jail_entered": "{player} steht in Jail: trinkt nichts, alles geht auf den Stehtisch.",
        "jail_left": "{player} verlässt Jail.",
        "spielothek_started": "Spielothek: {player} zockt, bis kein Pasch kommt.",
        "spielothek_done": "Spielothek vorbei für {player}.",
        "skipped": "{player} setzt aus.",
        "invite": "{player} lädt {guest} auf die Schüttelbude ein.",
        "pee": "{player} geht pinkeln.",
        "round_started": "Runde {round}: {starter} beginnt.",
        "choice_needed": "Wer beginnt? Zur Wahl: {players}.",
        "raise": "{player} legt eine höhere Karte.",
        "pair": "{player} legt ein Paar ({pairs}.).",
        "pass": "{player} passt und zieht, bis ein Mann- und ein Frau-Arsch dabei sind.",
        "went_out": "{player} ist raus!",
        "round_ended": "Runde {round} vorbei. Punkte zählen: {to_score}.",
        "round_scored": "Runde {round}: {points}. Gesamt: {totals}.",
        "game_finished_as": "Spielende. Sieg: {winners}.",
        "play": "{player} legt auf BS {slot} ({match}): Resistenz {resistance}.",
        "match_category": "Kategorie", "match_exact": "exakt",
        "sting": "{player} sticht BS {slot} (Punktestand {points}).",
        "discard": "{player} wirft ab: noch {hand} Karten.",
        "discard_1": "{player} wirft ab: noch 1 Karte.",
        "fell_off": "{player} fällt von der Weltscheibe.",
        "game_finished_pr": "{winner} gewinnt!",
        "input_rejected": "Nicht angenommen: {why}.",
        "summary": "Stand: {text}.",
        "nothing": "nichts",
    },
    "en": {
        "game_started": "Game starts: {players}.",
        "roll_opening": "{player} rolls for the cap: {a}+{b} = {sum}.",
        "roll_move": "{player} rolls {a}+{b} = {sum}{pasch}.",
        "roll_spielothek": "{player} gambles: {a}+{b}{pasch}.",
        "pasch": " (double)",
        "opening_tie": "Tie at {sum}: {players} roll again.",
        "trottelmuetze": "{player} gets the Trottelmütze.",
        "turn": "{player}'s turn.",
        "turn_again": "{player} goes again (double).",
        "field": "{player} lands on {field}.",
        "field_meets": "{player} lands on {field} and meets {meets}.",
        "drink": "{player} drinks {drinks}.",
        "stehtisch_add": "{drinks} to the Stehtisch (now {stehtisch}).",
        "stehtisch_add_player": "{player}: {drinks} to the Stehtisch (now {stehtisch}).",
        "stehtisch_emptied": "{player} empties the Stehtisch: {drinks}. A new beer goes on it.",
        "jail_entered": "{player} is at Jail: drinks nothing, everything goes to the Stehtisch.",
        "jail_left": "{player} leaves Jail.",
        "spielothek_started": "Casino: {player} gambles until a roll is no double.",
        "spielothek_done": "Casino over for {player}.",
        "skipped": "{player} is skipped.",
        "invite": "{player} invites {guest} to the Schüttelbude.",
        "pee": "{player} goes to the toilet.",
        "round_started": "Round {round}: {starter} starts.",
        "choice_needed": "Who starts? To choose: {players}.",
        "raise": "{player} plays a higher card.",
        "pair": "{player} plays a pair (no. {pairs}).",
        "pass": "{player} passes and draws until a male and a female ass are among the cards.",
        "went_out": "{player} is out!",
        "round_ended": "Round {round} over. Count points: {to_score}.",
        "round_scored": "Round {round}: {points}. Total: {totals}.",
        "game_finished_as": "Game over. Winner: {winners}.",
        "play": "{player} plays on BS {slot} ({match}): resistance {resistance}.",
        "match_category": "category", "match_exact": "exact",
        "sting": "{player} takes BS {slot} (score {points}).",
        "discard": "{player} discards: {hand} cards left.",
        "discard_1": "{player} discards: 1 card left.",
        "fell_off": "{player} falls off the disc.",
        "game_finished_pr": "{winner} wins!",
        "input_rejected": "Not taken: {why}.",
        "summary": "Score: {text}.",
        "nothing": "nothing",
    },
}

#: Screen texts (short: the OLED's tiny lines are about 22 characters).
SCREEN: dict[str, dict[str, str]] = {
    "de": {
        "title_opening": "Mützenwurf: {p}", "title_turn": "{p} ist dran", "title_again": "{p} nochmal!",
        "title_field": "{p}: welches Feld?", "title_taxi": "Taxi {p}: wohin?", "title_spielothek": "Las Vegas: {p}",
        "title_choose": "Runde {n}: wer?", "title_score": "Runde {n}: Punkte", "title_over": "Spielende",
        "title_pr_choose": "Wer beginnt?", "title_discarded": "{p}: legen/weiter", "title_won": "{p} gewinnt!",
        "hat": "Mütze: {p}", "stehtisch": "Stehtisch: {what}", "jail": "Jail: {names}",
        "round": "Runde {n}", "totals": "{items}", "resistance": "BS: {r}",
        "over_after_1": "Spielende nach 1 Runde", "over_after": "Spielende nach {n} Runden",
        "me": "{n} Pkt · {h} Karten", "me_1": "{n} Pkt · 1 Karte",
        "lowest": "Niedrigste: Mütze", "draw": "Ziehen bis Mann+Frau", "to_score": "Zählen: {names}",
        "choose_from": "Wahl: {names}", "choose_from_n": "Wahl: {n} Spieler", "to_score_n": "Zählen: {n} Spieler",
        "pasch_bier": "Mütze {p}: 1 Bier", "drink": "{p}: {drinks}", "to_stehtisch": "{p}: {drinks} → Tisch",
        "card_stehtisch": "+{drinks} Stehtisch", "emptied": "{p} leert Stehtisch",
        "jail_in": "{p} in Jail", "jail_out": "{p} raus aus Jail", "new_hat": "{p}: Trottelmütze!",
        "skipped": "{p} setzt aus", "tie": "Gleichstand: {names}", "rejected": "Nicht jetzt",
        "pairs": "{p}: {n}. Paar", "out": "{p} ist raus!", "sting": "{p} sticht BS {slot}!",
        "play": "{p}: BS {slot} auf {r}", "discard": "{p}: {h} Karten",
        "discard_1": "{p}: 1 Karte", "fell_off": "{p} fällt runter!",
        "may_pee": "{p} darf pinkeln", "zock": "Zocken: {a}+{b}", "roll": "{p}: {a}+{b} = {s}",
    },
    "en": {
        "title_opening": "Cap roll: {p}", "title_turn": "{p}'s turn", "title_again": "{p} again!",
        "title_field": "{p}: which field?", "title_taxi": "Taxi {p}: where?", "title_spielothek": "Casino: {p}",
        "title_choose": "Round {n}: who?", "title_score": "Round {n}: points", "title_over": "Game over",
        "title_pr_choose": "Who starts?", "title_discarded": "{p}: play/next", "title_won": "{p} wins!",
        "hat": "Cap: {p}", "stehtisch": "Stehtisch: {what}", "jail": "Jail: {names}",
        "round": "Round {n}", "totals": "{items}", "resistance": "BS: {r}",
        "over_after_1": "Game over after 1 round", "over_after": "Game over after {n} rounds",
        "me": "{n} pts · {h} cards", "me_1": "{n} pts · 1 card",
        "lowest": "Lowest gets the cap", "draw": "Draw to male+female", "to_score": "Count: {names}",
        "choose_from": "Pick: {names}", "choose_from_n": "Pick: {n} players", "to_score_n": "Count: {n} players",
        "pasch_bier": "Cap {p}: 1 beer", "drink": "{p}: {drinks}", "to_stehtisch": "{p}: {drinks} → table",
        "card_stehtisch": "+{drinks} Stehtisch", "emptied": "{p} empties table",
        "jail_in": "{p} at Jail", "jail_out": "{p} leaves Jail", "new_hat": "{p} gets the cap!",
        "skipped": "{p} skipped", "tie": "Tie: {names}", "rejected": "Not now",
        "pairs": "{p}: pair {n}", "out": "{p} is out!", "sting": "{p} takes BS {slot}!",
        "play": "{p}: BS {slot} to {r}", "discard": "{p}: {h} cards",
        "discard_1": "{p}: 1 card", "fell_off": "{p} fell off!",
        "may_pee": "{p} may pee", "zock": "Gamble: {a}+{b}", "roll": "{p}: {a}+{b} = {s}",
    },
}


def _table(tables: Mapping[str, Mapping[str, str]], key: str, lang: str) -> str:
    return (tables.get(lang) or tables["de"]).get(key) or tables["de"][key]


def _names(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        return ", ".join(str(v) for v in value)
    return "-" if value is None else str(value)


DRINK_ABBR: dict[str, dict[str, str]] = {"de": {"bier": "B", "kurzer": "K", "wasser": "W"},
                                         "en": {"bier": "B", "kurzer": "S", "wasser": "W"}}
#: characters of one screen line (TINY font, 126 px: about 20 characters of a name-heavy line)
LINE_CHARS = 20


def drinks_text(drinks: Sequence[str], lang: str = "de", max_len: int | None = None) -> str:
    """"2 Bier, 1 Kurzer" for drink names in the order of first use; "nichts" for none.

    Longer than ``max_len`` characters: the short form "3B 2K" (B/K/W; English B/S/W).
    """
    counts: dict[str, int] = {}
    for d in drinks:
        counts[d] = counts.get(d, 0) + 1
    if not counts:
        return _table(SAY, "nothing", lang)
    words = DRINK_WORDS.get(lang) or DRINK_WORDS["de"]
    long = ", ".join(f"{n} {words[d][0 if n == 1 else 1]}" for d, n in counts.items())
    if max_len is None or len(long) <= max_len:
        return long
    abbr = DRINK_ABBR.get(lang) or DRINK_ABBR["de"]
    return " ".join(f"{n}{abbr[d]}" for d, n in counts.items())


def packed(items: Sequence[str], max_lines: int, max_len: int = LINE_CHARS) -> list[str]:
    """``items`` joined by " · " into at most ``max_lines`` lines of ≤ ``max_len`` characters (rest dropped)."""
    lines: list[str] = []
    for item in items:
        if lines and len(lines[-1]) + 3 + len(item) <= max_len:
            lines[-1] += " · " + item
        elif len(lines) < max_lines:
            lines.append(item)
        else:
            break
    return lines


def reason(code: str, details: Mapping[str, Any] | None = None, lang: str = "de") -> str:
    """An engine's rejection ``code`` with its ``details`` in words (unknown codes: the code itself)."""
    details = dict(details or {})
    args = {k: _names(v) for k, v in details.items()}
    if "phase" in details:
        args["phase"] = (PHASE_WORDS.get(lang) or PHASE_WORDS["de"]).get(str(details["phase"]), str(details["phase"]))
    table = REASONS.get(lang) or REASONS["de"]
    fmt = table.get(code) or REASONS["de"].get(code)
    if fmt is None:
        return code
    try:
        return fmt.format(**args)
    except KeyError:
        return fmt


def narrate(ev: Mapping[str, Any], lang: str = "de") -> str:
    """One plain sentence for an engine event (or "" for an event without words)."""
    name = ev.get("event", "")
    say = lambda key, **kw: _table(SAY, key, lang).format(**kw)  # noqa: E731
    p = ev.get("player")
    if name == "roll":
        a, b = ev["dice"]
        pasch = _table(SAY, "pasch", lang) if ev.get("pasch") else ""
        return say(f"roll_{ev.get('kind', 'move')}", player=p, a=a, b=b, sum=ev["sum"], pasch=pasch)
    if name == "turn":
        return say("turn_again" if ev.get("again") else "turn", player=p)
    if name == "field":
        field = (FIELD_WORDS.get(lang) or FIELD_WORDS["de"]).get(ev["field"], ev["field"])
        if ev.get("meets"):
            return say("field_meets", player=p, field=field, meets=_names(ev["meets"]))
        return say("field", player=p, field=field)
    if name in ("drink", "stehtisch_emptied"):
        return say(name, player=p, drinks=drinks_text(ev["drinks"], lang))
    if name == "stehtisch_add":
        key = "stehtisch_add_player" if p else "stehtisch_add"
        return say(key, player=p, drinks=drinks_text(ev["drinks"], lang),
                   stehtisch=drinks_text(ev.get("stehtisch", []), lang))
    if name == "game_finished":
        if "winners" in ev:
            return say("game_finished_as", winners=_names(ev["winners"]))
        return say("game_finished_pr", winner=ev.get("winner"))
    if name == "play":
        match = _table(SAY, f"match_{ev['match']}", lang)
        return say("play", player=p, slot=ev["slot"], match=match, resistance=ev["resistance"])
    if name == "discard":  # "noch 1 Karte", not "noch 1 Karten" (issue 21)
        return say("discard_1" if ev.get("hand") == 1 else "discard", player=p, hand=ev.get("hand"))
    if name == "input_rejected":
        why = reason(ev["code"], ev.get("details"), lang) if "code" in ev else ev.get("why", "")
        return say("input_rejected", why=why)
    if name in ("round_scored",):
        pts = ", ".join(f"{k} {v}" for k, v in ev["points"].items())
        tot = ", ".join(f"{k} {v}" for k, v in ev["totals"].items())
        return say(name, round=ev["round"], points=pts, totals=tot)
    if name == "opening_tie":
        return say(name, players=_names(ev["players"]), sum=ev.get("sum", "?"))
    if name == "summary":
        return summary_text(ev, lang)
    table = SAY.get(lang) or SAY["de"]
    if name not in table and name not in SAY["de"]:
        return ""
    args = {k: _names(v) for k, v in ev.items()}
    try:
        return _table(SAY, name, lang).format(**args)
    except KeyError:
        return ""


def _screen(key: str, lang: str, **kw: Any) -> str:
    return _table(SCREEN, key, lang).format(**kw)


def _note(ev: Any, lang: str) -> str | None:
    """A short screen line for what a typed event (``waage/rules/helpers/events.py``) means at the
    table (None: not worth a line)."""
    name, p = ev.event, getattr(ev, "player", None)
    if isinstance(ev, WaaRoll) and ev.kind == "spielothek":
        return _screen("zock", lang, a=ev.dice[0], b=ev.dice[1])
    if isinstance(ev, WaaRoll):
        return _screen("roll", lang, p=p, a=ev.dice[0], b=ev.dice[1], s=ev.sum)
    if isinstance(ev, Drink):
        return _screen("pasch_bier" if ev.reason == "pasch" else "drink", lang, p=p,
                       drinks=drinks_text(ev.drinks, lang))
    if isinstance(ev, StehtischAdd):
        if p:
            return _screen("to_stehtisch", lang, p=p, drinks=drinks_text(ev.drinks, lang))
        return _screen("card_stehtisch", lang, drinks=drinks_text(ev.drinks, lang))
    simple = {"stehtisch_emptied": "emptied", "jail_entered": "jail_in", "jail_left": "jail_out",
              "trottelmuetze": "new_hat", "skipped": "skipped", "went_out": "out", "fell_off": "fell_off"}
    if name in simple:
        return _screen(simple[name], lang, p=p)
    if isinstance(ev, OpeningTie):
        return _screen("tie", lang, names=_names(ev.players))
    if isinstance(ev, Pair):
        return _screen("pairs", lang, p=p, n=ev.pairs)
    if isinstance(ev, Play) and ev.resistance > 0:
        return _screen("play", lang, p=p, slot=ev.slot, r=ev.resistance)
    if isinstance(ev, Sting):
        return _screen("sting", lang, p=p, slot=ev.slot)
    if isinstance(ev, Discard) and ev.hand > 0:
        return _screen("discard_1" if ev.hand == 1 else "discard", lang, p=p, h=ev.hand)
    if isinstance(ev, Pass):
        return _screen("draw", lang)
    if isinstance(ev, InputRejectedEvent):
        return reason(ev.code, ev.details, lang) if ev.code is not None else _screen("rejected", lang)
    return None


def _title_and_status(engine: Any, lang: str) -> tuple[str, list[str]]:
    game, phase, who = engine.game_id, engine.phase, engine.current_player
    if game == "willkommen_am_arsch":
        status = [_screen("stehtisch", lang, what=drinks_text(engine.stehtisch, lang, max_len=LINE_CHARS - 11))]
        if engine.trottelmuetze:
            status.insert(0, _screen("hat", lang, p=engine.trottelmuetze))
        if engine.jail:
            status.append(_screen("jail", lang, names=_names(engine.jail)))
        if phase == "opening":
            return _screen("title_opening", lang, p=who), [_screen("lowest", lang)] + status[-1:]
        if phase == "roll":
            return _screen("title_again" if engine.again else "title_turn", lang, p=who), status
        return _screen(f"title_{phase}", lang, p=who), status
    if game == "arsch_selten_allein":
        st = engine.state
        tot = packed([f"{p} {n}" for p, n in engine.totals.items()], 2)
        if phase == "choose":
            pick = _screen("choose_from", lang, names=_names(engine.candidates))
            if len(pick) > 2 * LINE_CHARS:  # many names: how many (the list is the device's to show)
                pick = _screen("choose_from_n", lang, n=len(engine.candidates))
            return _screen("title_choose", lang, n=st.round), [pick] + tot[:1]
        if phase == "score":
            count = _screen("to_score", lang, names=_names(engine.to_score))
            if len(count) > 2 * LINE_CHARS:
                count = _screen("to_score_n", lang, n=len(engine.to_score))
            return _screen("title_score", lang, n=st.round), [count]
        if phase == "over":  # the engine's round after ``finish``: the rounds played (issue 21)
            return _over_after(st.round, lang), tot
        return _screen("title_turn", lang, p=who), [_screen("round", lang, n=st.round)]
    r = " | ".join(str(x) for x in engine.resistance)
    status = [_screen("resistance", lang, r=r)]
    if phase == "choose":
        return _screen("title_pr_choose", lang), status
    if phase == "over":
        return _screen("title_won", lang, p=engine.winner), packed([f"{p} {n}" for p, n in engine.points.items()], 3)
    status.append(_screen("me_1" if engine.hands[who] == 1 else "me", lang, p=who, n=engine.points[who],
                          h=engine.hands[who]))
    return _screen("title_discarded" if phase == "discarded" else "title_turn", lang, p=who), status


def helper_view(engine: Any, events: Sequence[Mapping[str, Any]] = (), lang: str = "de") -> HelperGameView:
    """The current screen of a helper engine: a title (who acts, what is due) and ≤ ``MAX_LINES`` lines.

    ``events``: those of the last input (their short notes come first, at most two, then
    the counters). ``engine`` is any engine of a kit of ``waage.games``.
    """
    title, status = _title_and_status(engine, lang)
    typed = typed_helper(engine.game_id, events)  # the game's typed events (rules/helpers/events.py)
    rejected = [e for e in typed if isinstance(e, InputRejectedEvent)]
    if rejected:  # the reason may need two rows of the screen
        why = _note(rejected[-1], lang) or ""
        return HelperGameView(game=engine.game_id, title=title, lines=[why] + status[:1])
    notes = [n for n in (_note(e, lang) for e in typed) if n]
    hat = getattr(engine, "trottelmuetze", None)
    if hat and any(isinstance(e, Trottelmuetze) or (getattr(e, "reason", None) == "pasch"
                                                    and getattr(e, "player", None) == hat) for e in typed):
        status = status[1:]  # a note already names the Trottelmütze
    room = max(MAX_LINES - len(status), min(2, MAX_LINES - 1))
    lines = (notes[-room:] if len(notes) > room else notes) + status
    return HelperGameView(game=engine.game_id, title=title, lines=lines[:MAX_LINES])


# ---------------------------------------------------------------- the simulator's words
SIM_WORDS: dict[str, dict[str, str]] = {
    "de": {
        "intro": "{game}: Befehle mit 'help', Ende mit 'quit'.",
        "quit": "beenden",
        "keys": "die Tasten des Geräts: WEITER, ZURÜCK, OK, lang drücken (Menü)",
        "err_quote": "Ein Anführungszeichen fehlt.",
        "err_empty": "Bitte einen Befehl eingeben ('help').",
        "err_unknown": ("Das Wort '{word}' kenne ich hier nicht. Ein Name mit Leerzeichen gehört in "
                        "Anführungszeichen, z. B. \"Anna Lena\" ('help' zeigt die Befehle)."),
        "err_number": "'{word}' ist keine Zahl (bei {key}).",
        "err_points_form": "Punkte als NAME=ZAHL, z. B. Anna=3 (nicht '{word}').",
        "err_missing": "Bei '{key}' fehlt der Wert.",
        "err_needs": "'{cmd}' braucht noch: {keys} ('help' zeigt die Befehle).",
        "err_invalid": "Das passt nicht: {key} = {value} ('help' zeigt die Befehle).",
        "err_player": "{who} spielt nicht mit (Spieler: {players}).",
        # the Waagespiel's shell (waage/app/sim.py InteractiveShell); the command words stay as typed
        "ws_intro": "Waagespiel-Simulator: Befehle mit 'help', 'help BEFEHL' erklärt einen, Ende mit 'quit'.",
        "ws_number": "{cmd}: eine Zahl bitte, nicht '{word}'.",
        "ws_negative": "{cmd}: darf nicht negativ sein.",
        "ws_at_most_g": "{cmd}: höchstens {g} g.",
        "ws_at_most_s": "{cmd}: höchstens {s} s.",
        "ws_dice": "{cmd}: zwei ganze Zahlen von 1 bis 6, z. B. 'roll 3 5' (nicht '{word}').",
        "ws_spilled": ("{cmd}: {poured} g kamen ins Glas, {spilled} g liefen über "
                       "(das Glas fasst {capacity} g Bier)."),
        "ws_unknown": "Den Befehl '{word}' gibt es nicht; 'help' zeigt die Befehle.",
        "ws_no_help": "Zu '{word}' gibt es keine Hilfe; 'help' zeigt die Befehle.",
    },
    "en": {
        "intro": "{game}: 'help' lists the commands, 'quit' ends.",
        "quit": "end",
        "keys": "the device keys: NEXT, PREV, OK, long press (menu)",
        "err_quote": "A quote is missing.",
        "err_empty": "Please type a command ('help').",
        "err_unknown": ("I do not know the word '{word}' here. A name with a space goes in quotes, "
                        "e.g. \"Anna Lena\" ('help' lists the commands)."),
        "err_number": "'{word}' is no number (for {key}).",
        "err_points_form": "Points as NAME=NUMBER, e.g. Anna=3 (not '{word}').",
        "err_missing": "'{key}' needs a value.",
        "err_needs": "'{cmd}' also needs: {keys} ('help' lists the commands).",
        "err_invalid": "That does not fit: {key} = {value} ('help' lists the commands).",
        "err_player": "{who} is not playing (players: {players}).",
        "ws_intro": "Waagespiel simulator: 'help' lists the commands, 'help COMMAND' explains one, 'quit' ends.",
        "ws_number": "{cmd}: need a number, got '{word}'.",
        "ws_negative": "{cmd}: must not be negative.",
        "ws_at_most_g": "{cmd}: at most {g} g.",
        "ws_at_most_s": "{cmd}: at most {s} s.",
        "ws_dice": "{cmd}: two whole numbers 1–6, e.g. 'roll 3 5' (got '{word}').",
        "ws_spilled": ("{cmd}: {poured} g went in, {spilled} g spilled over the rim "
                       "(the glass holds {capacity} g of beer)."),
        "ws_unknown": "unknown command '{word}'; 'help' lists the commands.",
        "ws_no_help": "no help on '{word}'; 'help' lists the commands.",
    },
}

SIM_HELP: dict[str, dict[str, list[tuple[str, str]]]] = {
    "waagespiel": {  # the Waagespiel's shell (waage/app/sim.py); the first word is the command
        "de": [
            ("roll", "elektronisch würfeln für den, der dran ist"),
            ("roll A B", "beide Würfel von Hand eingeben (1–6)"),
            ("choose NAME", "der Einer-Pasch-Würfler wählt die/den Auserwählte(n)"),
            ("lift", "das Glas von der Waage nehmen"),
            ("drink G", "G Gramm aus dem angehobenen Glas trinken"),
            ("put", "das Glas zurückstellen (und ruhig werden lassen)"),
            ("put G", "zurückstellen und sofort G Gramm nachschenken (vor dem Urteil, W-38)"),
            ("sip G", "anheben, G Gramm trinken, zurückstellen (alles in einem)"),
            ("refill G", "G Gramm ins Glas auf der Waage gießen (was nicht passt, läuft über)"),
            ("wait S", "S Sekunden vergehen lassen"),
            ("bump G", "an den Tisch stoßen (Schwingen von etwa G Gramm, ohne Anheben)"),
            ("glass G", "Glas wiegen: ein leeres Glas von G Gramm statt des alten auf die Waage stellen"),
            ("stats", "das Spielmenü (sein Eintrag „Statistik“ zeigt die Statistik)"),
            ("quit", "das Spiel beenden (die Statistik wird gezeigt)"),
        ],
        "en": [
            ("roll", "electronic dice for whoever must roll"),
            ("roll A B", "enter both dice by hand (1–6)"),
            ("choose NAME", "the Einer-Pasch roller names the Auserwählte"),
            ("lift", "take the glass off the scale"),
            ("drink G", "drink G grams from the lifted glass"),
            ("put", "put the glass back on the scale (and let it settle)"),
            ("put G", "put it back and pour G grams at once (before the verdict, W-38)"),
            ("sip G", "lift, drink G grams, put back (all in one)"),
            ("refill G", "pour G grams into the glass on the scale (what does not fit spills)"),
            ("wait S", "let S seconds pass"),
            ("bump G", "knock the table (ringing of about G grams, no lift)"),
            ("glass G", "weigh the glass: put an empty G-gram glass on the scale instead of the old one"),
            ("stats", "the game menu (its \"Statistics\" entry shows the statistics)"),
            ("quit", "end the game (statistics are shown)"),
        ],
    },
    "willkommen_am_arsch": {
        "de": [
            ("roll  |  roll 3 4  |  roll 3 4 by Ben", "würfeln (ohne Zahlen würfelt das Gerät)"),
            ("field FELD [meets NAMEN] [cards GETRÄNKE]", "wo die Figur gelandet ist; wer schon dort stand;"
             " Getränke-Karten auf dem Feld"),
            ("field schuettelbude invite NAME [drink kurzer]", "Schüttelbude: wen du einlädst, was ihr trinkt"),
            ("absent NAME", "NAME ist beim Zug nicht am Platz (setzt aus, 1 Bier)"),
            ("pee NAME  |  pee NAME allowed", "pinkeln gehen (ohne Erlaubnis: Trottelmütze)"),
            ("gejammer NAME", "Gejammer oder Regelverstoß: 1 Kurzer"),
            ("muetze NAME", "eine Karte gibt NAME die Trottelmütze"),
            ("stehtisch_add bier [2]", "eine Karte stellt Getränke auf den Stehtisch"),
            ("stand", "der Stand jetzt"),
            ('"Vorname Nachname"', "einen Namen mit Leerzeichen in Anführungszeichen, z. B. \"Anna Lena\""),
            ("Felder:", ", ".join(FIELD_WORDS["de"])),
            ("Getränke:", "bier, kurzer, wasser"),
        ],
        "en": [
            ("roll  |  roll 3 4  |  roll 3 4 by Ben", "roll the dice (without numbers the device rolls)"),
            ("field FIELD [meets NAMES] [cards DRINKS]", "where the piece landed; who was already there;"
             " drink cards on the field"),
            ("field schuettelbude invite NAME [drink kurzer]", "Schüttelbude: whom you invite, what you drink"),
            ("absent NAME", "NAME is away at their turn (skipped, 1 beer)"),
            ("pee NAME  |  pee NAME allowed", "go to the toilet (without permission: the Trottelmütze)"),
            ("gejammer NAME", "complaining or a broken rule: 1 shot"),
            ("muetze NAME", "a card gives NAME the Trottelmütze"),
            ("stehtisch_add bier [2]", "a card puts drinks on the Stehtisch"),
            ("stand", "the counters now"),
            ('"First Last"', "a name with a space in quotes, e.g. \"Anna Lena\""),
            ("fields:", ", ".join(FIELD_WORDS["de"])),
            ("drinks:", "bier (beer), kurzer (shot), wasser (water)"),
        ],
    },
    "arsch_selten_allein": {
        "de": [
            ("choose NAME", "wer die Runde beginnt (Runde 1: der Pechvogel)"),
            ("raise NAME", "NAME legt eine höhere Karte (Zug zu Ende)"),
            ("pair NAME", "NAME legt ein Paar (Zug geht weiter; Nachbarn setzen aus)"),
            ("pass NAME", "NAME passt und zieht"),
            ("out NAME", "NAME legt die letzte Karte und ist raus"),
            ("points Anna=3 Ben=5", "Strafpunkte derer, die noch Karten haben"),
            ("finish", "Spiel beenden (nach einer gezählten Runde)"),
            ("stand", "der Stand jetzt"),
            ('"Vorname Nachname"', "einen Namen mit Leerzeichen in Anführungszeichen, z. B. \"Anna Lena\""),
        ],
        "en": [
            ("choose NAME", "who starts the round (round 1: the unluckiest)"),
            ("raise NAME", "NAME plays a higher card (turn over)"),
            ("pair NAME", "NAME plays a pair (turn goes on; neighbours skip)"),
            ("pass NAME", "NAME passes and draws"),
            ("out NAME", "NAME plays the last card and is out"),
            ("points Anna=3 Ben=5", "penalty points of those still holding cards"),
            ("finish", "end the game (after a scored round)"),
            ("stand", "the counters now"),
            ('"First Last"', "a name with a space in quotes, e.g. \"Anna Lena\""),
        ],
    },
    "propter": {
        "de": [
            ("choose NAME", "wer beginnt"),
            ("play NAME slot 1-3 match category|exact", "Propter auf BS 1–3: Kategorie (−1) oder exakt (sticht)"),
            ("play NAME 2 exakt", "dasselbe kurz"),
            ("discard NAME", "abwerfen ohne Nachziehen"),
            ("next NAME", "nach dem Abwerfen: Zug beenden"),
            ("stand", "der Stand jetzt"),
            ('"Vorname Nachname"', "einen Namen mit Leerzeichen in Anführungszeichen, z. B. \"Anna Lena\""),
        ],
        "en": [
            ("choose NAME", "who starts"),
            ("play NAME slot 1-3 match category|exact", "a Propter on BS 1–3: category (−1) or exact (stings)"),
            ("play NAME 2 exact", "the same, short"),
            ("discard NAME", "discard without drawing"),
            ("next NAME", "after a discard: end the turn"),
            ("stand", "the counters now"),
            ('"First Last"', "a name with a space in quotes, e.g. \"Anna Lena\""),
        ],
    },
}


def sim_word(name: str, lang: str = "de", **args: Any) -> str:
    """The simulator text ``name`` (intro, errors of typed commands) in ``lang``, formatted with ``args``."""
    return _table(SIM_WORDS, name, lang).format(**args)


def _over_after(rounds: int, lang: str) -> str:
    """"Spielende nach 2 Runden": Ein Arsch kommt selten allein's end with the rounds played (the engine's
    ``round`` once the game is over, AS-08)."""
    return _screen("over_after_1", lang) if rounds == 1 else _screen("over_after", lang, n=rounds)


def summary_text(ev: Mapping[str, Any], lang: str = "de") -> str:
    """The ``summary`` counters in words (one line)."""
    parts: list[str] = []
    if "stehtisch" in ev:
        parts.append(_screen("hat", lang, p=_names(ev.get("trottelmuetze"))))
        parts.append(_screen("stehtisch", lang, what=drinks_text(ev["stehtisch"], lang)))
        if ev.get("jail"):
            parts.append(_screen("jail", lang, names=_names(ev["jail"])))
        for p, d in ev.get("drinks", {}).items():
            parts.append(f"{p} " + drinks_text([k for k, n in d.items() for _ in range(n)], lang))
    elif "totals" in ev:
        over = ev.get("phase") == "over"  # after ``finish`` the round is the number of rounds played
        parts.append(_over_after(ev["round"], lang) if over else _screen("round", lang, n=ev["round"]))
        parts.append(", ".join(f"{p} {n}" for p, n in ev["totals"].items()))
    else:
        parts.append(_screen("resistance", lang, r=" | ".join(str(r) for r in ev["resistance"])))
        parts.append(", ".join(f"{p} {n}" for p, n in ev["points"].items()))
    return _table(SAY, "summary", lang).format(text="; ".join(parts))
