// End of a deal: every hand revealed, each score itemised as the engine explained it, the
// payments between every pair of players and the running totals. End of game: the standings.
import { esc } from "../tiles.js";
import { handProofHTML, outcomeWords, paymentWhy } from "./proof.js";
import { endedSheetHTML, gameOverHTML } from "./gameover.js";
import { isYou } from "../words.js";
import { gettext } from "../i18n.js";

// The calculator draws a score the same way.
export { scoreHTML } from "./proof.js";

function paymentsHTML(ctx, d) {
  const st = d.settlement;
  if (!st) return `<p>${gettext("A draw: nobody pays, and the dealer keeps the deal.")}</p>`;
  const pays = (st.payments || [])
    .filter((p) => p.amount)
    .map((p) => {
      const why = paymentWhy(ctx, d, p);
      const values = { payee: esc(ctx.playerName(p.payee)), amount: esc(p.amount), name: esc(ctx.playerName(p.payer)) };
      const pays = isYou(ctx, p.payer) ? gettext("You pay %(payee)s <b>%(amount)s</b>", values)
        : gettext("%(name)s pays %(payee)s <b>%(amount)s</b>", values);
      return `<li>${pays}${why ? `<span class="pay-why">${gettext(": ")}${esc(why)}</span>` : ""}</li>`;
    })
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
  return `<h3>${gettext("Payments")}</h3><ul class="payments">${pays || `<li>${gettext("None.")}</li>`}</ul>
    <table class="totals"><thead><tr><th scope="col">${gettext("Player")}</th><th scope="col" class="num">${gettext("This deal")}</th>
    <th scope="col" class="num">${gettext("Running total")}</th></tr></thead><tbody>${rows}</tbody></table>`;
}

export function sheetHTML(ctx) {
  const v = ctx.view;
  const d = v.last_deal || (v.deals && v.deals[v.deals.length - 1]);
  if (!d && v.phase === "game_over" && v.ended) return endedSheetHTML(ctx); // ended mid-deal
  if (!d || !(v.phase === "deal_over" || v.phase === "game_over")) return "";
  const winner = d.winner;
  const title = winner == null
    ? gettext("Deal %(number)s: a draw (wash-out)", { number: esc(d.number ?? v.deal_number) })
    : gettext("Deal %(number)s: %(outcome)s", { number: esc(d.number ?? ""), outcome: outcomeWords(ctx, winner, d.how) });
  // A rule's glossary entry opens in a new tab: the game goes on in this one.
  const hands = (d.hands || []).map((h) => handProofHTML(ctx, h, d, { newTab: true })).join("");
  const forms = (v.rituals && v.rituals.forms) || {};
  const goulashNext = winner == null && forms.goulash_after_washout && v.phase === "deal_over";
  const standings = gameOverHTML(ctx);
  const ready = (v.legal_actions || []).findIndex((a) => a.type === "ready");
  const readyBtn = ready >= 0
    ? `<button type="button" class="act primary ready" data-ai="${ready}">${gettext("Next deal")}</button>`
    : v.phase === "deal_over" ? `<p class="muted">${gettext("Waiting for the others to be ready…")}</p>` : "";
  return `<div class="sheet" role="dialog" aria-modal="false" aria-labelledby="sheet-title">
    <h2 id="sheet-title" tabindex="-1">${v.phase === "game_over" ? `${gettext("Game over.")} ` : ""}${title}</h2>
    ${standings}
    ${goulashNext ? `<p class="goulash-next">${gettext("In this game a wash-out is followed by a <b>Goulash</b>. The same East deals again; there are no chows, the 2 of Bamboo is wild, and before play everyone passes 3 tiles face down, three times (first across the table).")}</p>` : ""}
    <div class="sheet-hands">${hands}</div>
    ${paymentsHTML(ctx, d)}
    <div class="sheet-actions">${readyBtn}</div>
  </div>`;
}
