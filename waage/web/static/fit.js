// The TV (/tv, a window wider than 900 px) never scrolls (issue 30): twelve players of 16 characters made the
// rolls, the seats or a helper game's table run past the screen's bottom, where nobody can scroll. After every
// drawing the TV's sizes shrink until the page fits its window: the lists (--fit-list: the rolls, the seats, the
// helper games' cards, table and feed) by a factor f, everything else of the game (--fit) half as much, f the
// largest that fits (at least FIT_LEAST: smaller text is not read from the sofa). Three players keep the full
// sizes. A page that may scroll down (the phone, /tv in a narrow window) is left as drawn. Runs after the other
// page scripts' handlers of the same event (it is loaded last); the page's width fitters (games.js fitWidths:
// fitText, fitNames) run again with the sizes found, so every name still fits its box.
"use strict";

// the least shrink factor: the lists at half their size, everything else at three quarters
const FIT_LEAST = 0.5;
// the halvings of the search for the largest factor that fits, and the step it finds it to (1/64 of the range)
const FIT_ROUNDS = 6;
const FIT_STEP = (1 - FIT_LEAST) / 2 ** FIT_ROUNDS;

function fitWanted() {
  return document.body.classList.contains("tv") && innerWidth > 900;
}

function fitsTheScreen() {
  return document.scrollingElement.scrollHeight <= innerHeight;
}

// shrink by ``f`` (1: full size): the lists by f, everything else of the game half as much
function fitShrink(f) {
  const style = document.body.style;
  if (f >= 1) {
    style.removeProperty("--fit-list");
    style.removeProperty("--fit");
  } else {
    style.setProperty("--fit-list", f.toFixed(3));
    style.setProperty("--fit", ((1 + f) / 2).toFixed(3));
  }
}

// the largest factor that fits (within FIT_STEP; FIT_LEAST when even that does not)
function fitSearch() {
  fitShrink(1);
  if (fitsTheScreen()) return 1;
  fitShrink(FIT_LEAST);
  if (!fitsTheScreen()) return FIT_LEAST;
  let lo = FIT_LEAST, hi = 1;  // lo fits, hi does not
  for (let i = 0; i < FIT_ROUNDS; i++) {
    const mid = (lo + hi) / 2;
    fitShrink(mid);
    if (fitsTheScreen()) lo = mid; else hi = mid;
  }
  return lo;
}

// ``f`` is still what the search would find (two layouts instead of eight: most drawings, a new weight, keep
// the page's height)
function fitStill(f) {
  fitShrink(f);
  if (!fitsTheScreen() && f > FIT_LEAST) return false;
  if (f >= 1) return true;
  fitShrink(Math.min(1, f + FIT_STEP));
  return !fitsTheScreen();
}

let fitTaken = 1;  // the factor of the last drawing

function fitScreen() {
  unfitWidths();  // the names at their boxes' full size while the search measures (games.js)
  if (!fitWanted()) fitTaken = 1;
  else if (!fitStill(fitTaken)) fitTaken = fitSearch();
  fitShrink(fitTaken);
  fitWidths();
  document.body.dataset.fit = fitTaken >= 1 ? "" : fitTaken.toFixed(3);  // for tests and the curious
}

Live.on("view", fitScreen);
Live.on("log", fitScreen);
addEventListener("resize", fitScreen);
