// The scoring proof of a finished deal, exactly as the engine computed it (games/engine/settle.py
// and arrangement.py): each hand split into the sets and pair it was scored as, the winning tile
// marked with how it came, every line of points and doubles with its rule, the limit if reached,
// and every payment between every pair of players. Nothing is worked out here.
import { esc, parseTiles, tileHTML, tileWords, tilesHTML, windName } from "../tiles.js";
import { meldHTML } from "./melds.js";
import { lineName, sheetWord as w } from "./names.js";

const SET_WORDS = { chow: "Chow", pung: "Pung", kong: "Kong", pair: "Pair" };

const HOW = {
  self_drawn: "self-drawn",
  discard: "on a discard",
  robbed_kong: "by robbing a kong",
  draw: "",
};
export { HOW };

/** How the winning tile came: "self-drawn from the wall", "discarded by South", ... */
export function winningTileWords(ctx, result) {
  if (!result || result.winner == null) return "";
  const tile = tileWords(result.tile);
  const from = result.discarder != null ? esc(ctx.playerName(result.discarder)) : "";
  const extras = [
    result.last_tile ? "the last tile" : "",
    result.original_call ? "after an Original Call" : "",
    result.blessing ? (result.how === "self_drawn" ? "Heaven's Blessing" : "Earth's Blessing") : "",
    result.kong_on_kong ? "kong upon kong" : "",
  ].filter(Boolean);
  let how;
  if (result.source === "discard") how = `discarded by ${from}`;
  else if (result.source === "robbed_kong") how = `robbed from ${from}'s kong`;
  else if (result.source === "dead_wall") how = "self-drawn: a supplement tile from the dead wall";
  else how = "self-drawn from the wall";
  return `Winning tile <b>${esc(tile)}</b>, ${how}${extras.length ? ` (${extras.join(", ")})` : ""}.`;
}

function setLabel(set) {
  const tiles = parseTiles(set.tiles);
  const what = set.kind === "chow" ? `Chow ${tiles.map(tileWords).join(", ")}` : `${SET_WORDS[set.kind] || set.kind} of ${tileWords(tiles[0])}`;
  const state = set.declared ? (set.concealed ? "declared concealed" : "exposed") : set.concealed ? "concealed" : "completed by a discard";
  return `${what}, ${state}${set.winning ? ", completed by the winning tile" : ""}`;
}

function setHTML(set, ctx, meld, winTile) {
  if (meld) return meldHTML(meld, ctx.seatName);
  const tiles = parseTiles(set.tiles);
  let marked = false;
  const inner = tiles.map((t) => {
    const win = set.winning && !marked && t === winTile;
    if (win) marked = true;
    return tileHTML(t, { cls: win ? "winning-tile" : "", title: false, label: "" });
  }).join("");
  const label = setLabel(set);
  return `<li class="meld set ${esc(set.kind)}${set.winning ? " winning" : ""}" role="img" aria-label="${esc(label)}" title="${esc(label)}">${inner}</li>`;
}

function arrangementHTML(ctx, hand, deal) {
  const a = hand.arrangement;
  const won = deal.winner === hand.seat;
  const winTile = won ? deal.result?.tile : null;
  const melds = hand.melds || [];
  const bonus = parseTiles(hand.bonus).length
    ? `<li class="meld bonus" aria-label="Bonus tiles: ${esc(parseTiles(hand.bonus).map(tileWords).join(", "))}">${tilesHTML(hand.bonus)}</li>`
    : "";
  if (!a) {
    return `<div class="revealed"><span class="concealed-tiles">${tilesHTML(hand.concealed)}</span>
      <ul class="melds">${melds.map((m) => meldHTML(m, ctx.seatName, { owner: hand.seat, claimedTile: ctx.claimedTile, markClaims: ctx.markClaims })).join("")}${bonus}</ul></div>`;
  }
  let declared = 0;
  const sets = a.sets.map((s) => setHTML(s, ctx, s.declared ? melds[declared++] : null, winTile)).join("");
  const rest = parseTiles(a.rest);
  const restHTML = rest.length
    ? `<li class="meld loose" aria-label="${won ? "Tiles" : "Tiles in no set"}: ${esc(rest.map(tileWords).join(", "))}">${rest
        .map((t) => tileHTML(t, { cls: won && t === winTile ? "winning-tile" : "" })).join("")}</li>`
    : "";
  const special = a.special ? `<p class="proof-special">A special hand: it needs no sets and pair.</p>` : "";
  return `${special}<ul class="melds proof-sets">${sets}${restHTML}${bonus}</ul>`;
}

const GLOSSARY = "/rules/scoring/";

/** The glossary entry of a rule code: "#P1", or "#hongkong-HK4" for the faan table. */
export function glossaryHref(code, scoring) {
  return `${GLOSSARY}#${scoring === "hongkong" ? "hongkong-" : ""}${encodeURIComponent(code)}`;
}

function ruleLink(code, opts) {
  if (!code) return "";
  const tab = opts.newTab === false ? "" : ' target="_blank" rel="noopener"';
  return `<a class="rule-link" href="${esc(glossaryHref(code, opts.scoring))}"${tab} title="${esc(code)} in the scoring glossary${opts.newTab === false ? "" : " (opens in a new tab)"}">${esc(code)}</a>`;
}

const num = (n) => (typeof n === "number" ? n.toLocaleString("en") : esc(n));
const plural = (n, word) => `${num(n)} ${word}${n === 1 ? "" : "s"}`;

/** A score's lines: rule code (a link to its glossary entry), name, points or doubles (faan
 * under the Hong Kong table) or limit; then the sum. opts: {scoring, newTab}. The rules' names
 * and the table's words in the page's language (names.js): each ruleset's own names. */
export function scoreHTML(score, opts = {}) {
  if (!score) return "";
  const faan = opts.scoring === "hongkong";
  const reason = score.reason ? `<p class="muted">${esc(score.reason)}</p>` : "";
  if (faan && !score.won && !(score.items || []).length) {
    return `${reason}<p class="muted no-score">${esc(w("only_winner", "Only the winner scores in this game."))}</p>`;
  }
  const limitCell = (it) => `${esc(w("limit", "limit"))} ${num(it.limit)}`;
  // A faan table has one value column: a line's faan, or the limit it stands for.
  const cells = (it) => faan
    ? `<td class="num">${it.doubles != null ? esc(it.doubles) : it.limit != null ? limitCell(it) : ""}</td>`
    : `<td class="num">${it.points != null ? esc(it.points) : it.limit != null ? limitCell(it) : ""}</td>
      <td class="num">${it.doubles != null ? `×2<sup>${esc(it.doubles)}</sup>` : ""}</td>`;
  const rows = (score.items || [])
    .map((it) => `<tr${it.limit != null ? ' class="limit"' : ""}><td class="rule">${ruleLink(it.rule, opts)}</td><td>${esc(lineName(it, opts.scoring))}</td>
      ${cells(it)}</tr>`)
    .join("");
  const span = faan ? 2 : 3;
  const base = score.points ?? 0;
  const dbl = score.doubles ?? 0;
  const capped = (score.items || []).some((it) => it.rule === "CAP");
  // Chinese: "12 分", "3 番" (no plural); English as ever.
  const pts = (n) => (w("point", null) ? `${num(n)} ${esc(w("point"))}` : plural(n, "point"));
  let sum;
  if (score.limit) {
    const code = typeof score.limit === "string" ? esc(score.limit) : "";
    sum = w("limit_hand", null)
      ? `${esc(w("limit_hand"))}${code ? `（${code}）` : ""} = <b>${pts(score.total)}</b>`
      : `Limit hand${code ? ` (${code})` : ""} = <b>${plural(score.total, "point")}</b>`;
  } else if (faan) {
    const top = w("limit", null) ? `（${esc(w("limit"))}）` : " (the limit)";
    sum = `${esc(dbl)} ${esc(w("faan", "faan"))} → <b>${pts(score.total)}</b>${capped ? top : ""}`;
  } else {
    sum = `${pts(base)}${dbl ? ` × 2<sup>${esc(dbl)}</sup>` : ""} = <b>${num(score.total)}</b>`;
  }
  const heads = faan
    ? `<th scope="col" class="num">${esc(w("faan", "Faan"))}</th>`
    : `<th scope="col" class="num">${esc(w("points", "Points"))}</th><th scope="col" class="num">${esc(w("doubles", "Doubles"))}</th>`;
  return `${reason}<table class="score"><thead><tr><th scope="col">${esc(w("rule", "Rule"))}</th><th scope="col">${esc(w("for", "For"))}</th>
      ${heads}</tr></thead>
    <tbody>${rows || `<tr><td></td><td colspan="${span}">${esc(w("nothing", "Nothing scores"))}</td></tr>`}</tbody>
    <tfoot><tr><td></td><td colspan="${span}">${sum}</td></tr></tfoot></table>`;
}

/** "South goes out", "You go out". */
export function goesOut(ctx, seat) {
  const you = seat === (ctx.viewer ?? ctx.view?.viewer);
  return `${esc(ctx.playerName(seat))} ${you ? "go" : "goes"} out`;
}

/** One hand of a finished deal: its sets and pair, the winning tile and how it came, its score. */
export function handProofHTML(ctx, hand, deal, opts = {}) {
  const won = hand.seat === deal.winner;
  const name = ctx.playerName(hand.seat);
  const wind = hand.wind || ctx.view?.seats?.[hand.seat]?.wind;
  return `<article class="sheet-hand${won ? " winner" : ""}" aria-label="${hand.seat === (ctx.viewer ?? ctx.view?.viewer) ? "Your" : `${esc(name)}'s`} hand">
    <h3>${esc(name)} <span class="wind-name">·&nbsp;${windName(wind)}</span>${won ? ` <span class="badge win">${esc(w("mahjong", "Mahjong"))}</span>` : ""}</h3>
    ${arrangementHTML(ctx, hand, deal)}
    ${won ? `<p class="how-won">${winningTileWords(ctx, deal.result)}</p>` : ""}
    ${scoreHTML(hand.score, { scoring: ctx.view?.scoring, ...opts })}
  </article>`;
}

/** Why a payment is what it is, in words, read off the deal as settled (games/engine/
 * payments.py): the winner's total, doubled for a self-drawn Hong Kong win, for the discarder
 * or for East; a cannon's whole bill; the difference between two losers' hands. "" when the
 * amount is none of these (a penalty netted in, say). */
export function paymentWhy(ctx, deal, p) {
  const winner = deal.winner;
  const hands = deal.hands || [];
  const totalOf = (s) => hands.find((h) => h.seat === s)?.score?.total;
  const t = totalOf(winner);
  if (winner == null || t == null) return "";
  const hk = (deal.scoring ?? ctx.view?.scoring) === "hongkong";
  const pts = plural(t, "point");
  const result = deal.result || {};
  const liable = result.liable != null && result.liable !== winner ? result.liable : null;
  if (p.payee === winner) {
    if (liable === p.payer) {
      return "every loser's share: the discard let off a cannon, so its thrower pays for all";
    }
    if (p.amount === t) return `the winning hand's ${pts}`;
    if (p.amount !== 2 * t) return "";
    if (hk && deal.how === "self_drawn") {
      return `the winning hand's ${pts}, doubled: a self-drawn win, so every loser pays double`;
    }
    if (hk && p.payer === result.discarder) {
      return deal.how === "robbed_kong"
        ? `the winning hand's ${pts}, doubled: the robbed kong's owner pays double`
        : `the winning hand's ${pts}, doubled: the discarder of the winning tile pays double`;
    }
    if (!hk && (p.payer === deal.dealer || p.payee === deal.dealer)) {
      return `the winning hand's ${pts}, doubled: East pays and receives double`;
    }
    return "";
  }
  if (hk || p.payer === winner) return "";
  const diff = Math.abs((totalOf(p.payee) ?? 0) - (totalOf(p.payer) ?? 0));
  const between = `the difference between their hands (${num(totalOf(p.payee))} and ${num(totalOf(p.payer))})`;
  if (p.amount === diff) return between;
  if (p.amount === 2 * diff && (p.payer === deal.dealer || p.payee === deal.dealer)) {
    return `${between}, doubled: East pays and receives double`;
  }
  return "";
}

/** Every payment between every pair of players (payer row, payee column) and each one's net. */
export function paymentsProofHTML(ctx, deal) {
  const st = deal.settlement;
  if (!st) return "<p>A draw: nobody pays, and the dealer keeps the deal.</p>";
  const owed = new Map((st.payments || []).map((p) => [`${p.payer}>${p.payee}`, p.amount]));
  const head = [0, 1, 2, 3].map((s) => `<th scope="col" class="num">to ${esc(ctx.playerName(s))}</th>`).join("");
  const rows = [0, 1, 2, 3].map((a) => `<tr><th scope="row">${esc(ctx.playerName(a))}</th>${[0, 1, 2, 3]
    .map((b) => `<td class="num">${a === b ? "" : esc(owed.get(`${a}>${b}`) || "–")}</td>`).join("")}
    <td class="num ${st.deltas[a] > 0 ? "up" : st.deltas[a] < 0 ? "down" : ""}">${st.deltas[a] > 0 ? "+" : ""}${esc(st.deltas[a])}</td></tr>`).join("");
  const whys = (st.payments || []).map((p) => [p, paymentWhy(ctx, deal, p)]).filter(([, why]) => why)
    .map(([p, why]) => `<li>${esc(ctx.playerName(p.payer))} to ${esc(ctx.playerName(p.payee))}, ${num(p.amount)}: ${esc(why)}</li>`).join("");
  return `<div class="grid-scroll"><table class="totals payment-grid"><caption>Who pays whom (each pair's payments netted, as settled)</caption>
    <thead><tr><th scope="col">Pays</th>${head}<th scope="col" class="num">Net</th></tr></thead><tbody>${rows}</tbody></table></div>
    ${whys ? `<ul class="payment-whys">${whys}</ul>` : ""}`;
}

/** The whole proof of one finished deal. */
export function proofHTML(ctx, deal) {
  const winner = deal.winner;
  const title = winner == null
    ? `Deal ${esc(deal.number)}: a draw (${esc(deal.result?.reason || "wash-out")})`
    : `Deal ${esc(deal.number)}: ${goesOut(ctx, winner)} ${HOW[deal.how] || ""}`;
  const hands = (deal.hands || []).map((h) => handProofHTML(ctx, h, deal)).join("");
  return `<section class="proof" aria-label="Scoring proof of deal ${esc(deal.number)}">
    <h2>${title}</h2>
    <div class="sheet-hands">${hands}</div>
    <h3>Payments</h3>
    ${paymentsProofHTML(ctx, deal)}
  </section>`;
}
