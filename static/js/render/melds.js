// Declared sets and bonus tiles (seed 003 §3.4.3: how each kind of kong is laid out).
import { parseTiles, tileHTML, tileWords, tilesWords, esc } from "../tiles.js";
import { gettext } from "../i18n.js";


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
  const tile = tileWords(tiles[0]);
  if (meld.kind === "chow") what = gettext("Chow %(tiles)s", { tiles: tilesWords(tiles) });
  else if (meld.kind === "pung") what = gettext("Pung of %(tile)s", { tile });
  else if (meld.kong === "concealed") what = gettext("Concealed kong of %(tile)s", { tile });
  else if (meld.kong === "claimed") what = gettext("Claimed kong of %(tile)s", { tile });
  else if (meld.kong === "promoted") what = gettext("Promoted kong of %(tile)s", { tile });
  else what = gettext("Kong of %(tile)s", { tile });
  if (meld.from_seat != null && seatName) what += gettext(", claimed from %(name)s", { name: seatName(meld.from_seat) });
  return what;
}

/**
 * Which tile of an exposed meld lies sideways, pointing at the seat it was claimed from: the
 * left one from the player on your left, the middle from across, the right one from your right.
 * `tile` (for chows) is the tile that was claimed. Returns -1 when nothing is marked.
 */
export function sidewaysIndex(meld, owner, tile) {
  if (meld.from_seat == null || owner == null || meld.kong === "concealed") return -1;
  const tiles = parseTiles(meld.tiles);
  const rel = (meld.from_seat - owner + 4) % 4;
  if (meld.kind === "chow") {
    const i = tile ? tiles.indexOf(tile) : -1;
    return i; // a chow always comes from the left: its claimed tile is the one turned
  }
  const n = meld.kind === "kong" && meld.kong === "claimed" ? 3 : tiles.length;
  return rel === 3 ? 0 : rel === 2 ? Math.floor((n - 1) / 2) : rel === 1 ? n - 1 : -1;
}

export function meldHTML(meld, seatName, opts = {}) {
  let tiles = parseTiles(meld.tiles);
  const label = meldWords(meld, seatName);
  let side = opts.markClaims === false ? -1
    : sidewaysIndex(meld, opts.owner, opts.claimedTile ? opts.claimedTile(opts.owner, meld) : null);
  if (meld.kind === "chow" && side > 0) {
    // The claimed tile of a chow came from the left: it is laid first, turned toward that seat.
    tiles = [tiles[side], ...tiles.filter((_, i) => i !== side)];
    side = 0;
  }
  // Seen from across the table the owner's left is the viewer's right: the row is mirrored.
  if (opts.flip && side >= 0) {
    if (meld.kind === "chow") {
      tiles = [...tiles.slice(1), tiles[0]];
      side = tiles.length - 1;
    } else {
      side = (meld.kind === "kong" && meld.kong === "claimed" ? 3 : tiles.length) - 1 - side;
    }
  }
  const inner = tiles
    .map((t, i) => {
      const tile = faceDown(meld, i) ? tileHTML(null, { title: false, label: "" }) : tileHTML(t, { title: false, label: "" });
      return i === side ? `<span class="side" aria-hidden="true">${tile}</span>` : tile;
    })
    .join("");
  const kind = meld.kind === "kong" ? `kong ${meld.kong || ""}` : meld.kind;
  return `<li class="meld ${kind}"><span class="meld-tiles" role="img" aria-label="${esc(label)}" title="${esc(label)}">${inner}</span></li>`;
}

export function meldsHTML(seat, seatName, opts = {}) {
  const melds = (seat.melds || []).map((m) => meldHTML(m, seatName, opts)).join("");
  const bonus = parseTiles(seat.bonus);
  const bonusHTML = bonus.length
    ? `<li class="meld bonus"><span class="meld-tiles" role="img" aria-label="${esc(gettext("Bonus tiles: %(tiles)s", { tiles: tilesWords(bonus) }))}">${bonus
        .map((t) => tileHTML(t, { label: "" }))
        .join("")}</span></li>`
    : "";
  if (!melds && !bonusHTML) return "";
  return `<ul class="melds">${melds}${bonusHTML}</ul>`;
}
