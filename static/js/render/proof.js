// The scoring proof of a finished deal, exactly as the engine computed it (games/engine/settle.py
// and arrangement.py): each hand split into the sets and pair it was scored as, the winning tile
// marked with how it came, every line of points and doubles with its rule, the limit if reached,
// and every payment between every pair of players. Nothing is worked out here. Its sentences are
// in the page's language (the djangojs catalogue, static/js/i18n.js), each one whole with its
// values as placeholders; the score table's words and the rules' names come from names.js.
import { esc, parseTiles, tileHTML, tileWords, tilesHTML, windName } from "../tiles.js";
import { meldHTML } from "./melds.js";
import { lineName, sheetWord as w } from "./names.js";
import { gettext, ngettext, listWords } from "../i18n.js";

const tileList = (tiles) => listWords(tiles.map(tileWords));

const HOW = {
  self_drawn: "self-drawn",
  discard: "on a discard",
  robbed_kong: "by robbing a kong",
  draw: "",
};
export { HOW };

const isViewer = (ctx, seat) => seat === (ctx.viewer ?? ctx.view?.viewer);

/** The sheet's title's outcome: "South goes out self-drawn", "You go out on a discard". One
 *  message per person and way of going out (escaped names filled in). */
export function outcomeWords(ctx, seat, how) {
  const you = isViewer(ctx, seat);
  const v = { name: esc(ctx.playerName(seat)) };
  switch (how) {
    case "self_drawn":
      return you ? gettext("You go out self-drawn") : gettext("%(name)s goes out self-drawn", v);
    case "discard":
      return you ? gettext("You go out on a discard") : gettext("%(name)s goes out on a discard", v);
    case "robbed_kong":
      return you ? gettext("You go out by robbing a kong") : gettext("%(name)s goes out by robbing a kong", v);
    default:
      return `${goesOut(ctx, seat)} `;
  }
}

/** How the winning tile came: "self-drawn from the wall", "discarded by South", ... */
export function winningTileWords(ctx, result) {
  if (!result || result.winner == null) return "";
  const tile = esc(tileWords(result.tile));
  const name = result.discarder != null ? esc(ctx.playerName(result.discarder)) : "";
  const extras = [
    result.last_tile ? gettext("the last tile") : "",
    result.original_call ? gettext("after an Original Call") : "",
    result.blessing ? (result.how === "self_drawn" ? gettext("Heaven's Blessing") : gettext("Earth's Blessing")) : "",
    result.kong_on_kong ? gettext("kong upon kong") : "",
  ].filter(Boolean);
  const v = { tile, name, extras: extras.length ? gettext(" (%(list)s)", { list: listWords(extras) }) : "" };
  if (result.source === "discard") return gettext("Winning tile <b>%(tile)s</b>, discarded by %(name)s%(extras)s.", v);
  if (result.source === "robbed_kong") return gettext("Winning tile <b>%(tile)s</b>, robbed from %(name)s's kong%(extras)s.", v);
  if (result.source === "dead_wall") {
    return gettext("Winning tile <b>%(tile)s</b>, self-drawn: a supplement tile from the dead wall%(extras)s.", v);
  }
  return gettext("Winning tile <b>%(tile)s</b>, self-drawn from the wall%(extras)s.", v);
}

function setWhat(kind, tiles) {
  const tile = tileWords(tiles[0]);
  switch (kind) {
    case "chow": return gettext("Chow %(tiles)s", { tiles: tileList(tiles) });
    case "pung": return gettext("Pung of %(tile)s", { tile });
    case "kong": return gettext("Kong of %(tile)s", { tile });
    case "pair": return gettext("Pair of %(tile)s", { tile });
    default: return `${kind} of ${tile}`;
  }
}

function setLabel(set) {
  const tiles = parseTiles(set.tiles);
  const what = setWhat(set.kind, tiles);
  const state = set.declared ? (set.concealed ? gettext("declared concealed") : gettext("exposed"))
    : set.concealed ? gettext("concealed") : gettext("completed by a discard");
  return set.winning ? gettext("%(set)s, %(state)s, completed by the winning tile", { set: what, state })
    : gettext("%(set)s, %(state)s", { set: what, state });
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
    ? `<li class="meld bonus" aria-label="${esc(gettext("Bonus tiles: %(tiles)s", { tiles: tileList(parseTiles(hand.bonus)) }))}">${tilesHTML(hand.bonus)}</li>`
    : "";
  if (!a) {
    return `<div class="revealed"><span class="concealed-tiles">${tilesHTML(hand.concealed)}</span>
      <ul class="melds">${melds.map((m) => meldHTML(m, ctx.seatName, { owner: hand.seat, claimedTile: ctx.claimedTile, markClaims: ctx.markClaims })).join("")}${bonus}</ul></div>`;
  }
  let declared = 0;
  const sets = a.sets.map((s) => setHTML(s, ctx, s.declared ? melds[declared++] : null, winTile)).join("");
  const rest = parseTiles(a.rest);
  const restHTML = rest.length
    ? `<li class="meld loose" aria-label="${esc(won ? gettext("Tiles: %(tiles)s", { tiles: tileList(rest) }) : gettext("Tiles in no set: %(tiles)s", { tiles: tileList(rest) }))}">${rest
        .map((t) => tileHTML(t, { cls: won && t === winTile ? "winning-tile" : "" })).join("")}</li>`
    : "";
  const special = a.special ? `<p class="proof-special">${gettext("A special hand: it needs no sets and pair.")}</p>` : "";
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
  return `<a class="rule-link" href="${esc(glossaryHref(code, opts.scoring))}"${tab} title="${esc(opts.newTab === false ? gettext("%(code)s in the scoring glossary", { code }) : gettext("%(code)s in the scoring glossary (opens in a new tab)", { code }))}">${esc(code)}</a>`;
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
  return isViewer(ctx, seat) ? gettext("You go out") : gettext("%(name)s goes out", { name: esc(ctx.playerName(seat)) });
}

/** One hand of a finished deal: its sets and pair, the winning tile and how it came, its score. */
export function handProofHTML(ctx, hand, deal, opts = {}) {
  const won = hand.seat === deal.winner;
  const name = ctx.playerName(hand.seat);
  const wind = hand.wind || ctx.view?.seats?.[hand.seat]?.wind;
  return `<article class="sheet-hand${won ? " winner" : ""}" aria-label="${isViewer(ctx, hand.seat) ? gettext("Your hand") : gettext("%(name)s's hand", { name: esc(name) })}">
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
  const v = { n: num(t) };
  const result = deal.result || {};
  const liable = result.liable != null && result.liable !== winner ? result.liable : null;
  if (p.payee === winner) {
    if (liable === p.payer) {
      return gettext("every loser's share: the discard let off a cannon, so its thrower pays for all");
    }
    if (p.amount === t) return ngettext("the winning hand's %(n)s point", "the winning hand's %(n)s points", t, v);
    if (p.amount !== 2 * t) return "";
    if (hk && deal.how === "self_drawn") {
      return ngettext("the winning hand's %(n)s point, doubled: a self-drawn win, so every loser pays double",
        "the winning hand's %(n)s points, doubled: a self-drawn win, so every loser pays double", t, v);
    }
    if (hk && p.payer === result.discarder) {
      return deal.how === "robbed_kong"
        ? ngettext("the winning hand's %(n)s point, doubled: the robbed kong's owner pays double",
          "the winning hand's %(n)s points, doubled: the robbed kong's owner pays double", t, v)
        : ngettext("the winning hand's %(n)s point, doubled: the discarder of the winning tile pays double",
          "the winning hand's %(n)s points, doubled: the discarder of the winning tile pays double", t, v);
    }
    if (!hk && (p.payer === deal.dealer || p.payee === deal.dealer)) {
      return ngettext("the winning hand's %(n)s point, doubled: East pays and receives double",
        "the winning hand's %(n)s points, doubled: East pays and receives double", t, v);
    }
    return "";
  }
  if (hk || p.payer === winner) return "";
  const diff = Math.abs((totalOf(p.payee) ?? 0) - (totalOf(p.payer) ?? 0));
  const totals = { payee: num(totalOf(p.payee)), payer: num(totalOf(p.payer)) };
  if (p.amount === diff) return gettext("the difference between their hands (%(payee)s and %(payer)s)", totals);
  if (p.amount === 2 * diff && (p.payer === deal.dealer || p.payee === deal.dealer)) {
    return gettext("the difference between their hands (%(payee)s and %(payer)s), doubled: East pays and receives double", totals);
  }
  return "";
}

/** Every payment between every pair of players (payer row, payee column) and each one's net. */
export function paymentsProofHTML(ctx, deal) {
  const st = deal.settlement;
  if (!st) return `<p>${gettext("A draw: nobody pays, and the dealer keeps the deal.")}</p>`;
  const owed = new Map((st.payments || []).map((p) => [`${p.payer}>${p.payee}`, p.amount]));
  const head = [0, 1, 2, 3].map((s) => `<th scope="col" class="num">${gettext("to %(name)s", { name: esc(ctx.playerName(s)) })}</th>`).join("");
  const rows = [0, 1, 2, 3].map((a) => `<tr><th scope="row">${esc(ctx.playerName(a))}</th>${[0, 1, 2, 3]
    .map((b) => `<td class="num">${a === b ? "" : esc(owed.get(`${a}>${b}`) || "–")}</td>`).join("")}
    <td class="num ${st.deltas[a] > 0 ? "up" : st.deltas[a] < 0 ? "down" : ""}">${st.deltas[a] > 0 ? "+" : ""}${esc(st.deltas[a])}</td></tr>`).join("");
  const whys = (st.payments || []).map((p) => [p, paymentWhy(ctx, deal, p)]).filter(([, why]) => why)
    .map(([p, why]) => `<li>${gettext("%(payer)s to %(payee)s, %(amount)s: %(why)s", { payer: esc(ctx.playerName(p.payer)), payee: esc(ctx.playerName(p.payee)), amount: num(p.amount), why: esc(why) })}</li>`).join("");
  return `<div class="grid-scroll"><table class="totals payment-grid"><caption>${gettext("Who pays whom (each pair's payments netted, as settled)")}</caption>
    <thead><tr><th scope="col">${gettext("Pays")}</th>${head}<th scope="col" class="num">${gettext("Net")}</th></tr></thead><tbody>${rows}</tbody></table></div>
    ${whys ? `<ul class="payment-whys">${whys}</ul>` : ""}`;
}

/** Why a deal was washed out, as the engine says it (games/engine/deal), in the page's language. */
function washoutWords(reason) {
  switch (reason) {
    case "the wall is exhausted": return gettext("the wall is exhausted");
    case "the last tile of the wall was a bonus tile": return gettext("the last tile of the wall was a bonus tile");
    default: return reason;
  }
}

/** The whole proof of one finished deal. */
export function proofHTML(ctx, deal) {
  const winner = deal.winner;
  const number = esc(deal.number);
  const reason = deal.result?.reason;
  const title = winner == null
    ? (reason && reason !== "wash-out"
      ? gettext("Deal %(number)s: a draw (%(reason)s)", { number, reason: esc(washoutWords(reason)) })
      : gettext("Deal %(number)s: a draw (wash-out)", { number }))
    : gettext("Deal %(number)s: %(outcome)s", { number, outcome: outcomeWords(ctx, winner, deal.how) });
  const hands = (deal.hands || []).map((h) => handProofHTML(ctx, h, deal)).join("");
  return `<section class="proof" aria-label="${gettext("Scoring proof of deal %(number)s", { number })}">
    <h2>${title}</h2>
    <div class="sheet-hands">${hands}</div>
    <h3>${gettext("Payments")}</h3>
    ${paymentsProofHTML(ctx, deal)}
  </section>`;
}
