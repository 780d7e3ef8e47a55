// The scoring calculator: the form is the hand; every change rewrites the page's URL (a link to
// share) and asks the server's engine for the itemised score and the waits.
import { esc, parseTiles, tilesHTML, tileWords } from "./tiles.js";
import { scoreHTML } from "./render/sheet.js";
import { gettext, listWords, ngettext } from "./i18n.js";

const form = document.getElementById("calc");
const result = document.getElementById("result");
const totalBar = document.getElementById("total-bar"); // on a phone: the total in view while picking
const field = (name) => form.elements.namedItem(name);

function target() {
  return form.querySelector('input[name="to"]:checked').value;
}

function query() {
  const q = new URLSearchParams();
  for (const [k, v] of new FormData(form)) {
    if (k === "to" || !String(v).trim()) continue;
    q.set(k, String(v).trim().replace(/\s+/g, " "));
  }
  return q;
}

function previews() {
  for (const p of form.querySelectorAll(".preview")) {
    const text = field(p.dataset.for).value;
    if (p.dataset.for === "melds") {
      p.innerHTML = text.split(",").filter((m) => m.trim()).map((m) => {
        const [tiles, kind] = m.split("/");
        return `<span class="set ${esc((kind || "").trim().toLowerCase())}">${tilesHTML(readTiles(tiles).filter(isTile), { label: "" })}</span>`;
      }).join("");
    } else {
      p.innerHTML = tilesHTML(readTiles(text).filter(isTile), { label: "" });
    }
  }
}

const isTile = (t) => /^([bcd][1-9]|w[eswn]|d[rgw]|[fs][1-4])$/.test(t);

// Typing as the server reads it (tiles.read_tiles): any case, tokens spaced or run together.
const readTiles = (text) => parseTiles(String(text || "").trim().toLowerCase())
  .flatMap((word) => word.match(/.{1,2}/g) || []);

// A set has four of each suit, wind and dragon tile and one of each flower and season.
const copiesOf = (t) => (/^[fs]/.test(t) ? 1 : 4);

/** How many of tile `t` the hand, its declared sets and its bonus tiles hold. */
function held(t) {
  const sets = field("melds").value.split(",").flatMap((m) => readTiles(m.split("/")[0]));
  return [...readTiles(field("hand").value), ...sets, ...readTiles(field("bonus").value)]
    .filter((x) => x === t).length;
}

/** Why another copy of `t` cannot be picked, or "" if it can. */
function fifthCopy(t) {
  const most = copiesOf(t);
  if (held(t) < most) return "";
  return most === 1
    ? gettext("There is only one %(tile)s in a set of tiles, and this hand already holds it.", { tile: tileWords(t) })
    : gettext("There are only four %(tile)s in a set of tiles, and this hand already holds all four.", { tile: tileWords(t) });
}

/** Palette tiles the hand holds every copy of are marked, with the reason as their title. */
function markUsedUp() {
  for (const b of form.querySelectorAll(".palette [data-tile]")) {
    const why = fifthCopy(b.dataset.tile);
    b.setAttribute("aria-disabled", why ? "true" : "false");
    b.title = why || `${tileWords(b.dataset.tile)} (${b.dataset.tile})`;
  }
}

const faanWords = (s) => (s.limit ? gettext("a limit hand") : gettext("%(n)s faan", { n: s.doubles }));

function itemsHTML(data) {
  const s = data.score;
  const faan = data.scoring === "hongkong";
  const points = ngettext("<b>%(n)s</b> point", "<b>%(n)s</b> points", s.total, { n: esc(s.total) });
  // Play refuses a Hong Kong hand below the table's minimum: the verdict says so, and why.
  const short = data.minimum
    ? `${gettext("Not a winning hand: below the table's minimum of %(needed)s faan", { needed: esc(data.minimum.needed) })}
      <span class="why">${gettext("(it is worth %(faan)s without its flowers, whose faan do not count toward the minimum)", { faan: esc(data.minimum.faan) })}</span>`
    : "";
  const head = short
    ? `<p class="verdict">${short}</p>`
    : s.won
      ? `<p class="verdict">${faan ? gettext("Mahjong: %(faan)s → %(points)s", { faan: esc(faanWords(s)), points }) : gettext("Mahjong: %(points)s", { points })}</p>`
      : `<p class="verdict">${data.hand.win ? gettext("Not a winning hand: %(points)s", { points }) : gettext("A hand that did not go out: %(points)s", { points })}</p>`;
  const waits = data.waits == null ? ""
    : parseTiles(data.waits).length
      ? `<p class="waits">${gettext("Before its last tile the hand waits on %(tiles)s", { tiles: tilesHTML(data.waits, { cls: "mini" }) })}
          <span class="sr-only">${esc(listWords(parseTiles(data.waits).map(tileWords)))}</span></p>`
      : `<p class="waits">${gettext("Before its last tile the hand waits on nothing: it is not calling.")}</p>`;
  // The glossary opens in this tab: the hand is in the address, so Back brings it back.
  const shown = short ? { ...s, reason: null } : s; // the verdict already gives the reason
  return `${head}${scoreHTML(shown, { scoring: data.scoring, newTab: false })}${waits}`;
}

let asked = 0;
async function update(push = true) {
  previews();
  markUsedUp();
  const q = query();
  if (push) history.replaceState(null, "", q.toString() ? `?${q}` : location.pathname);
  if (!q.get("hand")) {
    totalBar.hidden = true;
    result.innerHTML = `<p class="muted">${gettext("Enter a hand to see its score.")}</p>`;
    return;
  }
  const mine = ++asked;
  const res = await fetch(`score.json?${q}`);
  const data = await res.json();
  if (mine !== asked) return; // a newer hand was asked for meanwhile
  result.innerHTML = data.error
    ? `<p class="calc-error" role="alert">${esc(data.error)}</p>`
    : itemsHTML(data);
  totalBar.hidden = false;
  const total = data.score?.total;
  totalBar.textContent = data.error ? gettext("The hand cannot be scored: see why")
    : data.minimum ? gettext("Below the table's minimum of %(needed)s faan · why", { needed: data.minimum.needed })
      : data.score.won ? ngettext("Mahjong: %(n)s point · the items", "Mahjong: %(n)s points · the items", total)
        : ngettext("Hand: %(n)s point · the items", "Hand: %(n)s points · the items", total);
}

form.addEventListener("input", () => {
  document.getElementById("pick-note").hidden = true; // a refused pick's reason, now stale
  update();
});
form.addEventListener("change", () => update());
form.addEventListener("submit", (ev) => {
  ev.preventDefault();
  update();
});

form.querySelector(".palette").addEventListener("click", (ev) => {
  const b = ev.target.closest("[data-tile]");
  if (!b) return;
  const note = document.getElementById("pick-note");
  const refused = fifthCopy(b.dataset.tile);
  note.textContent = refused;
  note.hidden = !refused;
  if (refused) return;
  const to = target();
  const input = field(to);
  input.value = `${input.value.trim()} ${b.dataset.tile}`.trim();
  if (to === "hand") field("win").value = b.dataset.tile; // the tile added last went out
  update();
});

document.getElementById("new-set").addEventListener("click", () => {
  const m = field("melds");
  if (m.value.trim() && !m.value.trim().endsWith(",")) m.value = `${m.value.trim()}, `;
  form.querySelector('input[name="to"][value="melds"]').checked = true;
  m.focus();
});

document.getElementById("clear").addEventListener("click", () => {
  for (const n of ["hand", "melds", "bonus", "win"]) field(n).value = "";
  update();
});

document.getElementById("share").addEventListener("click", (ev) => {
  navigator.clipboard?.writeText(location.href).then(() => { ev.target.textContent = gettext("Link copied"); }, () => {});
});

// Clicking a tile in a preview takes it out of that field.
form.addEventListener("click", (ev) => {
  const t = ev.target.closest(".preview .tile");
  if (!t) return;
  const p = t.closest(".preview");
  const tiles = [...p.querySelectorAll(".tile")];
  if (p.dataset.for === "melds") return;
  const input = field(p.dataset.for);
  const list = readTiles(input.value);
  list.splice(tiles.indexOf(t), 1);
  input.value = list.join(" ");
  update();
});

update(false);
