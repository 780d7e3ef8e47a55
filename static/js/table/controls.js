// Clicks on the table: a tile of the hand (a discard, or a pick for the exchange), the move
// buttons, the chow and Original Call choices, the rituals and settings buttons; and the move
// log's fold, kept across redraws.
import { mayExchange } from "../view.js";
import { writePref } from "../stored.js";
import { root, state } from "./state.js";
import { render } from "./draw.js";
import { showError } from "./announce.js";
import { legal, send } from "./actions.js";
import { sendExchange, toggleExchangePick } from "./exchange.js";
import { closeRituals, toggleRituals } from "./rituals.js";
import { refreshHints } from "./hints.js";
import { writeComfort, setSoundVolume } from "../prefs.js";
import { volumeWords } from "../render/layout.js";
import { autoMove } from "./comfort.js";
import { discardingPlace, sortHand } from "./handorder.js";
import { previewChime } from "./signal.js";
import { releaseRender } from "./draw.js";
import { gettext } from "../i18n.js";

// The comfort switches (prefs.js): each remembered, and a move owed now made at once if its
// switch was just turned on.
const COMFORT_ACTS = { "auto-win": "autoWin", "auto-discard": "autoDiscard", "no-calls": "noCalls", "show-waits": "showWaits" };

function toggleComfort(name) {
  state[name] = !state[name];
  writeComfort(name, state[name]);
  render();
  autoMove();
}

function onTile(tile) {
  state.focusIdx = Number(tile.dataset.idx);
  if (mayExchange(state.view)) {
    if (!state.pending) toggleExchangePick(Number(tile.dataset.idx));
    return;
  }
  if (tile.getAttribute("aria-disabled") === "true") {
    const v = state.view;
    const mine = v && v.turn === v.viewer && v.phase === "play";
    showError(mine && state.originalCall
      ? gettext("With an Original Call you may discard only a tile that keeps your hand calling.")
      : mine ? gettext("You cannot discard that tile now.") : gettext("It is not your turn to discard."));
    return;
  }
  const t = tile.dataset.tile;
  const a = (state.view.legal_actions || []).find(
    (x) => x.type === "discard" && x.tile === t && !!x.call === !!state.originalCall,
  );
  if (!a || state.pending) return;
  if (!tile.classList.contains("drawn")) discardingPlace(Number(tile.dataset.idx), t);
  send(a);
}

// Notifications are asked for only here, on the player's own click.
function toggleNotify() {
  const on = !(state.notify && Notification.permission === "granted");
  if (!on) {
    state.notify = false;
    writePref("mahjong-notify", false);
    render();
    return;
  }
  const granted = (answer) => {
    state.notify = answer === "granted";
    writePref("mahjong-notify", state.notify);
    if (!state.notify) showError(gettext("This browser blocks notifications from this site: allow them in its site settings first."));
    render();
  };
  if (Notification.permission === "granted") granted("granted");
  else Promise.resolve(Notification.requestPermission()).then(granted, () => granted("denied"));
}

function onButton(btn) {
  if (btn.dataset.ai != null) {
    const a = legal(btn.dataset.ai);
    if (a) send(a);
    return;
  }
  if (COMFORT_ACTS[btn.dataset.act]) {
    toggleComfort(COMFORT_ACTS[btn.dataset.act]);
    return;
  }
  switch (btn.dataset.act) {
    case "sort-hand":
      sortHand();
      root.querySelector('.hand [tabindex="0"]')?.focus();
      break;
    case "exchange":
      sendExchange();
      break;
    case "chow-menu":
      state.chowOpen = !state.chowOpen;
      render();
      root.querySelector(".chow-choices button")?.focus();
      break;
    case "original-call":
      state.originalCall = !state.originalCall;
      render();
      break;
    case "hide-rituals":
      closeRituals();
      render();
      root.querySelector('[data-act="show-rituals"]')?.focus();
      break;
    case "settings":
      state.settingsOpen = !state.settingsOpen;
      render();
      break;
    case "mark-claims":
      state.markClaims = !state.markClaims;
      writePref("mahjong-mark-claims", state.markClaims);
      render();
      break;
    case "auto-rituals":
      state.autoRituals = !state.autoRituals;
      writePref("mahjong-auto-rituals", state.autoRituals);
      render();
      break;
    case "turn-sound":
      state.turnSound = !state.turnSound;
      writePref("mahjong-turn-sound", state.turnSound);
      render();
      break;
    case "notify":
      toggleNotify();
      break;
    case "hints":
      state.hints = !state.hints;
      writePref("mahjong-hints", state.hints);
      render();
      refreshHints(render);
      break;
    case "show-rituals":
      toggleRituals();
      render();
      // Below the wide layout the account lies under the table: bring it into view.
      if (state.showRituals) root.querySelector(".rituals")?.scrollIntoView({ block: "nearest" });
      break;
    default:
      break;
  }
}

export function wireControls() {
  root.addEventListener("click", (ev) => {
    // With the settings open (on a phone they cover most of the table), a click elsewhere only
    // closes them (below): it never throws a tile or answers a claim by accident.
    if (state.settingsOpen && !ev.target.closest(".settings-wrap")) return;
    const tile = ev.target.closest(".hand button");
    if (tile) {
      onTile(tile);
      return;
    }
    const btn = ev.target.closest("button");
    if (!btn || !root.contains(btn)) return;
    onButton(btn);
  });

  // A click anywhere else closes the settings panel.
  document.addEventListener("click", (ev) => {
    if (state.settingsOpen && !ev.target.closest?.(".settings-wrap")) {
      state.settingsOpen = false;
      render();
    }
  });

  // The volume slider: the chime obeys it at once; the table is not drawn again while it is
  // dragged (that would take the slider from under the pointer).
  root.addEventListener("input", (ev) => {
    const el = ev.target;
    if (el.dataset?.act !== "volume") return;
    state.volume = Number(el.value);
    setSoundVolume(state.volume);
    el.setAttribute("aria-valuetext", volumeWords(state.volume));
    const out = el.parentElement.querySelector("output");
    if (out) out.textContent = volumeWords(state.volume);
  });
  root.addEventListener("change", (ev) => {
    if (ev.target.dataset?.act === "volume") previewChime();
  });
  root.addEventListener("pointerdown", (ev) => {
    if (ev.target.dataset?.act === "volume") state.holdRender = true;
  });
  const letGo = () => {
    if (state.holdRender && document.activeElement?.dataset?.act === "volume") releaseRender();
  };
  document.addEventListener("pointerup", letGo);
  document.addEventListener("pointercancel", letGo);

  // The log's fold is kept across redraws (toggle does not bubble: listen while capturing).
  root.addEventListener("toggle", (ev) => {
    if (ev.target.id === "move-log") state.logOpen = ev.target.open;
  }, true);
}
