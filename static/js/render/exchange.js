// A Goulash's exchanges (seed 001): three rounds in which every player passes three tiles face
// down. The prompt, the "Pass these 3" button and the hand's marks for chosen and received tiles.
import { esc, tilesWords, windName } from "../tiles.js";
import { EXCHANGE_COUNT, mayExchange } from "../view.js";
import { gettext, listWords } from "../i18n.js";

function partnerWords(ctx, s) {
  const wind = windName(ctx.view.seats[s].wind);
  const name = ctx.seatName(s);
  return name === gettext("%(wind)s seat", { wind }) ? `<b>${wind}</b>` : `<b>${wind}</b> – ${esc(name)}`;
}

export function exchangePrompt(ctx) {
  const v = ctx.view;
  const x = v.exchange;
  if (!x || !x.round) return "";
  const round = gettext("round %(round)s of %(rounds)s", { round: x.round, rounds: x.rounds });
  if (v.viewer != null && x.partner != null) {
    const to = partnerWords(ctx, x.partner);
    if (mayExchange(v)) {
      const n = ctx.exchangePicks.length;
      const chosen = n ? ` ${gettext("%(chosen)s of %(n)s chosen.", { chosen: n, n: EXCHANGE_COUNT })}` : ` ${gettext("Choose them in your hand.")}`;
      return `${gettext("Goulash: pass %(n)s tiles to %(to)s (%(round)s).", { n: EXCHANGE_COUNT, to, round })}${chosen}`;
    }
    const passed = x.passed ? ` ${gettext("You pass %(tiles)s to %(to)s.", { tiles: esc(tilesWords(x.passed)), to })}` : "";
    return `${gettext("Goulash (%(round)s):", { round })}${passed} ${gettext("Waiting for the others.")}`;
  }
  // Spectators (and seats between rounds) see who has chosen, never what.
  const waiting = [0, 1, 2, 3].filter((s) => !x.chosen[s]).map((s) => esc(ctx.seatName(s)));
  const who = waiting.length ? ` ${gettext("Waiting for %(names)s to choose.", { names: listWords(waiting) })}` : "";
  return `${gettext("Goulash exchange, %(round)s: each player passes %(n)s tiles face down.", { round, n: EXCHANGE_COUNT })}${who}`;
}

export function exchangeButtonHTML(ctx) {
  if (!mayExchange(ctx.view)) return "";
  const n = ctx.exchangePicks.length;
  const ready = n === EXCHANGE_COUNT;
  return `<button type="button" class="act primary pass-three" data-act="exchange"${
    ready ? "" : ' aria-disabled="true"'} title="${gettext("Pass the chosen tiles face down")}">${gettext("Pass these %(n)s", { n: EXCHANGE_COUNT })}${
    ready ? "" : ` <span class="count">(${n}/${EXCHANGE_COUNT})</span>`}</button>`;
}

/** A badge for a seat that has chosen its tiles this round. */
export function chosenBadge(v, seat) {
  const x = v.exchange;
  if (v.phase !== "exchange" || !x || !x.chosen || !x.chosen[seat]) return "";
  return `<span class="badge chosen" title="${gettext("Has chosen the tiles to pass")}">${gettext("Tiles chosen")}</span>`;
}
