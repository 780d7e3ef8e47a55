// A Goulash exchange (render/exchange.js draws it): the tiles picked in the hand to pass, sent
// together once there are enough, and the tiles received, marked in the hand for a moment.
import { parseTiles } from "../tiles.js";
import { EXCHANGE_COUNT, mayExchange } from "../view.js";
import { root, state } from "./state.js";
import { render } from "./draw.js";
import { announce, showError } from "./announce.js";
import { send } from "./actions.js";
import { gettext } from "../i18n.js";

const RECEIVED_MARK_MS = 4000;
let receivedTimer = null;

// A new exchange round (or none) starts with nothing chosen.
export function syncExchange() {
  const v = state.view;
  const key = v && v.phase === "exchange" && v.exchange ? `${v.deal_number}:${v.exchange.round}` : null;
  if (key !== state.exchangeKey) {
    state.exchangeKey = key;
    state.exchangePicks = [];
  }
}

export function markReceived(events) {
  const mine = events.filter((e) => e.type === "exchange_received" && e.tiles);
  if (!mine.length) return;
  state.received = parseTiles(mine[mine.length - 1].tiles);
  clearTimeout(receivedTimer);
  receivedTimer = setTimeout(() => {
    state.received = [];
    render();
  }, RECEIVED_MARK_MS);
}

export function toggleExchangePick(idx) {
  const picks = state.exchangePicks;
  const at = picks.indexOf(idx);
  if (at >= 0) {
    picks.splice(at, 1);
  } else if (picks.length >= EXCHANGE_COUNT) {
    showError(gettext("You have chosen %(n)s tiles: click one of them to put it back first.", { n: EXCHANGE_COUNT }));
    announce(gettext("You have already chosen %(n)s tiles.", { n: EXCHANGE_COUNT }));
    return;
  } else {
    picks.push(idx);
  }
  showError(null);
  render();
}

export function sendExchange() {
  const v = state.view;
  if (!mayExchange(v)) return;
  if (state.exchangePicks.length !== EXCHANGE_COUNT) {
    showError(gettext("Choose %(n)s tiles in your hand to pass (%(chosen)s chosen so far).", { n: EXCHANGE_COUNT, chosen: state.exchangePicks.length }));
    return;
  }
  const tiles = [...root.querySelectorAll(".hand button")];
  const chosen = state.exchangePicks.map((i) => tiles[i]?.dataset.tile).filter(Boolean);
  if (chosen.length !== EXCHANGE_COUNT) return;
  send({ type: "exchange", tiles: chosen.join(" ") });
}
