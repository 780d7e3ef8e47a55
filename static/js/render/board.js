// The middle of the table: the four walls, each seat's discards in front of it, and the centre
// (prevailing wind, deal, tiles left, the tile being claimed).
import { parseTiles, tileHTML, windName, esc } from "../tiles.js";
import { wallHTML } from "./wall.js";
import { throwHTML } from "./dice.js";

function ordinal(n) {
  const v = n % 100;
  return n + (["th", "st", "nd", "rd"][(v - 20) % 10] || ["th", "st", "nd", "rd"][v] || "th");
}

// While the rituals are shown, the felt's centre shows the two throws that broke the wall and
// where: the dice lie on the table, the broken stack and the dead wall light up around them.
function feltRitualHTML(ctx) {
  const b = ctx.view.rituals && ctx.view.rituals.break;
  if (!ctx.showRituals || !b || !b.dealer_throw) return "";
  const you = b.breaker === ctx.view.viewer;
  const whose = you ? "your" : `${esc(ctx.seatName(b.breaker))}'s`;
  return `<div class="felt-ritual" aria-hidden="true">
    <div class="felt-dice">${throwHTML(b.dealer_throw)}${throwHTML(b.breaker_throw)}</div>
    <div class="felt-caption">Broken at the <b>${ordinal(b.total)}</b> stack of ${whose} wall</div></div>`;
}

function discardsHTML(ctx, seat, r) {
  const view = ctx.view;
  const tiles = parseTiles(view.seats[seat].discards);
  const last = view.last_discard && view.last_discard.seat === seat;
  const claim = view.claim && view.claim.discarder === seat && view.claim.kind !== "rob";
  const items = tiles
    .map((t, i) => {
      const isLast = last && i === tiles.length - 1;
      const cls = isLast ? `last${claim ? " claimable" : ""}${ctx.fresh === "discard" ? " fresh" : ""}` : "";
      return tileHTML(t, { cls });
    })
    .join("");
  const name = ctx.seatName(seat);
  return `<section class="discards pos-${r}" aria-label="${name === "You" ? "Your" : `${esc(name)}'s`} discards: ${tiles.length}">${items}</section>`;
}

function centreHTML(ctx) {
  const v = ctx.view;
  const w = v.wall || {};
  const dealer = ctx.seatName(v.dealer);
  const claim = v.claim
    ? `<div class="claim-tile" aria-hidden="true">${tileHTML(v.claim.tile, { cls: "big" })}
         <span>${v.claim.kind === "rob" ? "Robbable kong tile" : "Discard on offer"}</span></div>`
    : "";
  return `<div class="centre">
    <div class="round" title="Prevailing wind">${tileHTML(v.prevailing_wind, { cls: "wind-tile" })}
      <span><b>${windName(v.prevailing_wind)} round</b><br>Deal ${v.deal_number}</span></div>
    <div class="counts"><span title="Tiles left in the live wall"><b data-live>${w.live ?? "?"}</b> live</span>
      <span title="Tiles left in the dead wall (kong box)"><b>${w.dead ?? "?"}</b> dead</span></div>
    <div class="wall-key" aria-hidden="true"><span><i class="sw live"></i>live</span><span><i class="sw dead"></i>dead wall</span><span><i class="sw next"></i>next draw</span></div>
    <div class="dealer-line">Dealer: ${esc(dealer)}${v.east_streak ? ` (×${v.east_streak + 1})` : ""}</div>
    ${claim}
    ${feltRitualHTML(ctx)}
  </div>`;
}

export function boardHTML(ctx) {
  const v = ctx.view;
  const seats = [0, 1, 2, 3].map((r) => (ctx.bottom + r) % 4);
  return `<div class="board${ctx.showRituals ? " rituals-on" : ""}" role="group" aria-label="The table: walls and discards">
    ${wallHTML(v, ctx.bottom, ctx.seatName)}
    <div class="inner">
      ${seats.map((s, r) => discardsHTML(ctx, s, r)).join("")}
      ${centreHTML(ctx)}
    </div>
  </div>`;
}
