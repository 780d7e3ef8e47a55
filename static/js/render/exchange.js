// A Goulash's exchanges (seed 001): three rounds in which every player passes three tiles face
// down. The prompt, the "Pass these 3" button and the hand's marks for chosen and received tiles.
import { esc, parseTiles, tileWords, windName } from "../tiles.js";
import { EXCHANGE_COUNT, mayExchange } from "../view.js";

function partnerWords(ctx, s) {
  const wind = windName(ctx.view.seats[s].wind);
  const name = ctx.seatName(s);
  return name === `${wind} seat` ? `<b>${wind}</b>` : `<b>${wind}</b> – ${esc(name)}`;
}

export function exchangePrompt(ctx) {
  const v = ctx.view;
  const x = v.exchange;
  if (!x || !x.round) return "";
  const round = `round ${x.round} of ${x.rounds}`;
  if (v.viewer != null && x.partner != null) {
    const to = partnerWords(ctx, x.partner);
    if (mayExchange(v)) {
      const n = ctx.exchangePicks.length;
      const chosen = n ? ` ${n} of ${EXCHANGE_COUNT} chosen.` : " Choose them in your hand.";
      return `Goulash: pass ${EXCHANGE_COUNT} tiles to ${to} (${round}).${chosen}`;
    }
    const passed = x.passed ? ` You pass ${esc(parseTiles(x.passed).map(tileWords).join(", "))} to ${to}.` : "";
    return `Goulash (${round}):${passed} Waiting for the others.`;
  }
  // Spectators (and seats between rounds) see who has chosen, never what.
  const waiting = [0, 1, 2, 3].filter((s) => !x.chosen[s]).map((s) => esc(ctx.seatName(s)));
  const who = waiting.length ? ` Waiting for ${waiting.join(", ")} to choose.` : "";
  return `Goulash exchange, ${round}: each player passes ${EXCHANGE_COUNT} tiles face down.${who}`;
}

export function exchangeButtonHTML(ctx) {
  if (!mayExchange(ctx.view)) return "";
  const n = ctx.exchangePicks.length;
  const ready = n === EXCHANGE_COUNT;
  return `<button type="button" class="act primary pass-three" data-act="exchange"${
    ready ? "" : ' aria-disabled="true"'} title="Pass the chosen tiles face down">Pass these ${EXCHANGE_COUNT}${
    ready ? "" : ` <span class="count">(${n}/${EXCHANGE_COUNT})</span>`}</button>`;
}

/** A badge for a seat that has chosen its tiles this round. */
export function chosenBadge(v, seat) {
  const x = v.exchange;
  if (v.phase !== "exchange" || !x || !x.chosen || !x.chosen[seat]) return "";
  return '<span class="badge chosen" title="Has chosen the tiles to pass">Tiles chosen</span>';
}
