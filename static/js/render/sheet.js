// End of a deal: every hand revealed, each score itemised as the engine explained it, the
// payments between every pair of players and the running totals. End of game: the standings.
import { esc, parseTiles, tilesHTML, tileWords, windName } from "../tiles.js";
import { meldHTML } from "./melds.js";

const HOW = {
  self_drawn: "self-drawn",
  discard: "on a discard",
  robbed_kong: "by robbing a kong",
  draw: "",
};

export function scoreHTML(score) {
  if (!score) return "";
  const rows = (score.items || [])
    .map((it) => `<tr><td class="rule">${esc(it.rule || "")}</td><td>${esc(it.name)}</td>
      <td class="num">${it.points != null ? esc(it.points) : it.limit != null ? `limit ${esc(it.limit)}` : ""}</td>
      <td class="num">${it.doubles != null ? `×2<sup>${esc(it.doubles)}</sup>` : ""}</td></tr>`)
    .join("");
  const base = score.points ?? 0;
  const dbl = score.doubles ?? 0;
  const sum = score.limit
    ? `Limit hand${typeof score.limit === "string" ? `: ${esc(score.limit)}` : ""} = <b>${esc(score.total)}</b>`
    : `${esc(base)} points${dbl ? ` × 2<sup>${esc(dbl)}</sup>` : ""} = <b>${esc(score.total)}</b>`;
  const reason = score.reason ? `<p class="muted">${esc(score.reason)}</p>` : "";
  return `${reason}<table class="score"><thead><tr><th scope="col">Rule</th><th scope="col">For</th>
      <th scope="col" class="num">Points</th><th scope="col" class="num">Doubles</th></tr></thead>
    <tbody>${rows || '<tr><td></td><td colspan="3">Nothing scores</td></tr>'}</tbody>
    <tfoot><tr><td></td><td colspan="3">${sum}</td></tr></tfoot></table>`;
}

function handHTML(ctx, h, winner) {
  const won = h.seat === winner;
  const melds = (h.melds || []).map((m) => meldHTML(m, ctx.seatName, { owner: h.seat, claimedTile: ctx.claimedTile, markClaims: ctx.markClaims })).join("");
  const bonus = parseTiles(h.bonus).length
    ? `<li class="meld bonus"><span class="meld-tiles" role="img" aria-label="Bonus tiles: ${esc(parseTiles(h.bonus).map(tileWords).join(", "))}">${tilesHTML(h.bonus, { label: "" })}</span></li>`
    : "";
  return `<article class="sheet-hand${won ? " winner" : ""}" aria-label="${h.seat === ctx.view.viewer ? "Your" : `${esc(ctx.playerName(h.seat))}'s`} hand">
    <h3>${esc(ctx.playerName(h.seat))} <span class="wind-name">·&nbsp;${windName(h.wind || ctx.view.seats[h.seat].wind)}</span>${won ? ' <span class="badge win">Mahjong</span>' : ""}</h3>
    <div class="revealed"><span class="concealed-tiles">${tilesHTML(h.concealed)}</span>
      <ul class="melds">${melds}${bonus}</ul></div>
    ${scoreHTML(h.score)}
  </article>`;
}

function paymentsHTML(ctx, d) {
  const st = d.settlement;
  if (!st) return "<p>A draw: nobody pays, and the dealer keeps the deal.</p>";
  const pays = (st.payments || [])
    .filter((p) => p.amount)
    .map((p) => `<li>${esc(ctx.playerName(p.payer))} ${p.payer === ctx.view.viewer ? "pay" : "pays"} ${esc(ctx.playerName(p.payee))}
      <b>${esc(p.amount)}</b></li>`)
    .join("");
  const deltas = st.deltas || d.deltas || [0, 0, 0, 0];
  const rows = [0, 1, 2, 3]
    .map((s) => {
      const delta = deltas[s];
      const cls = delta > 0 ? "up" : delta < 0 ? "down" : "";
      return `<tr><th scope="row">${esc(ctx.playerName(s))}</th>
        <td class="num ${cls}">${delta > 0 ? "+" : ""}${delta}</td>
        <td class="num">${ctx.view.seats[s].points.toLocaleString("en")}</td></tr>`;
    })
    .join("");
  return `<h3>Payments</h3><ul class="payments">${pays || "<li>None.</li>"}</ul>
    <table class="totals"><thead><tr><th scope="col">Player</th><th scope="col" class="num">This deal</th>
    <th scope="col" class="num">Running total</th></tr></thead><tbody>${rows}</tbody></table>`;
}

export function sheetHTML(ctx) {
  const v = ctx.view;
  const d = v.last_deal || (v.deals && v.deals[v.deals.length - 1]);
  if (!d || !(v.phase === "deal_over" || v.phase === "game_over")) return "";
  const winner = d.winner;
  const title = winner == null
    ? `Deal ${esc(d.number ?? v.deal_number)}: a draw (wash-out)`
    : `Deal ${esc(d.number ?? "")}: ${esc(ctx.playerName(winner))} goes out ${HOW[d.how] || ""}`;
  const hands = (d.hands || []).map((h) => handHTML(ctx, h, winner)).join("");
  const standings = v.standings
    ? `<section class="standings"><h3>Final standings</h3><ol>${v.standings
        .map((s) => `<li><span class="place">${s.place}</span> ${esc(ctx.playerName(s.seat))}
          <b>${s.points.toLocaleString("en")}</b></li>`)
        .join("")}</ol>
        <p class="sheet-links">${ctx.replayUrl
          ? `<a class="button" href="${esc(ctx.replayUrl)}">Watch the replay</a>`
          : ctx.recordUrl ? `<a class="button" href="${esc(ctx.recordUrl)}">The game's record (for the replay)</a>` : ""}
        <a href="/lobby/">Back to the lobby</a></p></section>`
    : "";
  const ready = (v.legal_actions || []).findIndex((a) => a.type === "ready");
  const readyBtn = ready >= 0
    ? `<button type="button" class="act primary ready" data-ai="${ready}">Next deal</button>`
    : v.phase === "deal_over" ? '<p class="muted">Waiting for the others to be ready…</p>' : "";
  return `<div class="sheet" role="dialog" aria-modal="false" aria-labelledby="sheet-title">
    <h2 id="sheet-title" tabindex="-1">${v.phase === "game_over" ? "Game over. " : ""}${title}</h2>
    ${standings}
    <div class="sheet-hands">${hands}</div>
    ${paymentsHTML(ctx, d)}
    <div class="sheet-actions">${readyBtn}</div>
  </div>`;
}
