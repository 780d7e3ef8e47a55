// Declared sets and bonus tiles (seed 003 §3.4.3: how each kind of kong is laid out).
import { parseTiles, tileHTML, tileWords, esc } from "../tiles.js";

const KONG_WORDS = {
  concealed: "Concealed kong",
  claimed: "Claimed kong",
  promoted: "Promoted kong",
};

/** Which tiles of a meld lie face down: a concealed kong its end tiles, a claimed kong its fourth. */
export function faceDown(meld, i) {
  if (meld.kind !== "kong") return false;
  if (meld.kong === "concealed" || meld.exposed === false) return i === 0 || i === 3;
  if (meld.kong === "claimed") return i === 3;
  return false;
}

export function meldWords(meld, seatName) {
  const tiles = parseTiles(meld.tiles);
  let what;
  if (meld.kind === "chow") what = `Chow ${tiles.map(tileWords).join(", ")}`;
  else if (meld.kind === "pung") what = `Pung of ${tileWords(tiles[0])}`;
  else what = `${KONG_WORDS[meld.kong] || "Kong"} of ${tileWords(tiles[0])}`;
  if (meld.from_seat != null && seatName) what += `, claimed from ${seatName(meld.from_seat)}`;
  return what;
}

export function meldHTML(meld, seatName) {
  const tiles = parseTiles(meld.tiles);
  const label = meldWords(meld, seatName);
  const inner = tiles
    .map((t, i) => (faceDown(meld, i) ? tileHTML(null, { title: false, label: "" }) : tileHTML(t, { title: false, label: "" })))
    .join("");
  const kind = meld.kind === "kong" ? `kong ${meld.kong || ""}` : meld.kind;
  return `<li class="meld ${kind}"><span class="meld-tiles" role="img" aria-label="${esc(label)}" title="${esc(label)}">${inner}</span></li>`;
}

export function meldsHTML(seat, seatName) {
  const melds = (seat.melds || []).map((m) => meldHTML(m, seatName)).join("");
  const bonus = parseTiles(seat.bonus);
  const bonusHTML = bonus.length
    ? `<li class="meld bonus"><span class="meld-tiles" role="img" aria-label="Bonus tiles: ${esc(bonus.map(tileWords).join(", "))}">${bonus
        .map((t) => tileHTML(t, { label: "" }))
        .join("")}</span></li>`
    : "";
  if (!melds && !bonusHTML) return "";
  return `<ul class="melds">${melds}${bonusHTML}</ul>`;
}
